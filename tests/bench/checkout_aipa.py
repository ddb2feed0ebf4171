"""Run the ``aipa`` command of a given checkout, with that checkout's shipped prompts and
resources (the bench's before/after tables).

    python -m tests.bench.checkout_aipa CHECKOUT ARGS...

Why a launcher: in a shared virtual environment with an editable install of another
checkout, ``aipa.prompts`` resolves to that install's folder whatever PYTHONPATH says,
so ``aipa run`` of a worktree would read someone else's agent prompts. Here the
checkout's ``desktop/`` comes first on the path and its shipped folders are used.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def _dump_requests(path: Path) -> None:
    """Append every chat request's messages to ``path`` (JSON lines): what the server
    receives, to see where a directive's prompt tokens go (``BENCH_DUMP_REQUESTS``)."""
    from aipa.providers.openai_compat import OpenAICompatProvider

    stream = OpenAICompatProvider.stream

    def dumping(self, request):  # type: ignore[no-untyped-def]
        with path.open("a") as f:
            messages = [{"role": m.role, "content": m.content} for m in request.messages]
            f.write(json.dumps({"max_tokens": request.max_tokens, "messages": messages}) + "\n")
        return stream(self, request)

    OpenAICompatProvider.stream = dumping  # type: ignore[method-assign]


def main() -> int:
    checkout = Path(sys.argv[1]).resolve()
    sys.argv = ["aipa", *sys.argv[2:]]
    sys.path.insert(0, str(checkout / "desktop"))
    for name in [m for m in sys.modules if m == "aipa" or m.startswith("aipa.")]:
        del sys.modules[name]  # nothing of another checkout stays loaded
    from aipa.core.config import paths

    def shipped_dir(name: str) -> Path:
        return checkout / name

    paths.shipped_dir = shipped_dir  # type: ignore[assignment]
    from aipa.core.team import agents

    agents.shipped_dir = shipped_dir  # type: ignore[attr-defined]  # imported by name there
    dump = os.environ.get("BENCH_DUMP_REQUESTS")
    if dump:
        _dump_requests(Path(dump))
    from aipa.__main__ import main as aipa_main

    return aipa_main()


if __name__ == "__main__":
    sys.exit(main())
