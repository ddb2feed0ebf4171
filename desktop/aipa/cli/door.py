"""The command line's one door to the app: ``open_core`` builds it through the
composition root and hands out its core facade, as the window gets it; ``warn`` says
what went wrong reading the settings, agents and database. Every command module
imports these from here (a leaf: it imports no other command module)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aipa.core.facade import Core


def open_core(args: argparse.Namespace | None = None) -> Core:
    """The command line's one door to the app: the composition root builds it (with the
    provider choices of ``args``: --provider, --model, --base-url, --dry-run) and every
    command works through its core facade, as the window does (``Core.aclose`` at the
    end). The only place cli/ reaches app.py (tests/test_layering.py)."""
    from aipa.app import Override, build

    choice = Override()
    if args is not None and getattr(args, "dry_run", False):
        choice = Override("scripted", args.model, "")
    elif args is not None and hasattr(args, "provider"):
        choice = Override(args.provider, args.model, args.base_url, send_key=getattr(args, "send_key", False))
    core = build(choice).core
    core.data.start_daily()  # today's automatic backup, beside the command (Core.aclose lets it finish)
    return core


def warn(core: Core) -> None:
    """What went wrong reading the settings, agents and database, one line each on stderr."""
    for text in core.warnings:
        print(f"warning: {text}", file=sys.stderr)
