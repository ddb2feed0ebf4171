"""``aipa agents``: the team, and with ``--roster`` the living roster file the recruiter keeps."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from aipa.core.team import roster

if TYPE_CHECKING:
    from aipa.core.facade import Core


def add_parser(sub) -> None:
    agents = sub.add_parser("agents", help="list the agents; --roster shows the team roster")
    agents.add_argument("--roster", action="store_true", help="the roster: roles, models, tools, dates, changes")
    agents.add_argument("--json", action="store_true", help="one JSON array (with --roster: an object)")


def cmd_agents(args: argparse.Namespace, core: Core) -> int:
    roles = {name.casefold(): role for role, name in core.config.settings.roles.items()}
    team = core.agents.all()
    if args.roster:
        current = core.agents.roster()
        if args.json:
            payload = {
                "file": str(core.agents.roster_file()),
                "agents": [e.to_json() for e in current.entries],
                "changes": list(current.changes),
            }
            print(json.dumps(payload, indent=2, ensure_ascii=False))
        else:
            print(roster.render(current), end="")
        return 0
    rows = [
        {
            "name": a.name,
            "title": a.title,
            "role": roles.get(a.key, "lead"),
            "provider": a.provider or "(default)",
            "model": a.model or "(provider default)",
            "tools": list(a.tools),
            "source": "shipped" if a.builtin else "user",
        }
        for a in team
    ]
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    for r in rows:
        print(f"{r['name']:<10} {r['role']:<12} {r['title']}  [{r['provider']} · {r['model']}]")
    return 0
