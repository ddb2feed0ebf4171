"""Run the ``aipa`` command of a given checkout, with that checkout's shipped prompts and
resources (the bench's before/after tables).

    python -m tests.bench.checkout_aipa CHECKOUT ARGS...

Why a launcher: in a shared virtual environment with an editable install of another
checkout, ``aipa.prompts`` resolves to that install's folder whatever PYTHONPATH says,
so ``aipa run`` of a worktree would read someone else's agent prompts. Here the
checkout's ``desktop/`` comes first on the path and its shipped folders are used.
"""

from __future__ import annotations

import sys
from pathlib import Path


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
    from aipa.__main__ import main as aipa_main

    return aipa_main()


if __name__ == "__main__":
    sys.exit(main())
