"""The tasks of a run are created in one transaction."""

import subprocess
import sys
import textwrap

from tests.faults.helpers import DIRECTIVE, query
from tests.support.cli import ROOT, aipa, aipa_json, cli_env

# The real CLI in a real process that dies (os._exit, like SIGKILL: no cleanup) right
# after the first brief is written and before the second.
CRASH_BETWEEN_BRIEFS = textwrap.dedent(
    """
    import os, sys
    from aipa.store.store import Store
    original = Store.add_message
    seen = []
    def add_message(self, *args, **kwargs):
        if kwargs.get("kind") == "brief":
            seen.append(1)
            if len(seen) == 2:
                os._exit(137)
        return original(self, *args, **kwargs)
    Store.add_message = add_message
    from aipa.cli.main import main
    sys.exit(main(sys.argv[1:]))
    """
)


def test_crash_between_two_task_inserts_loses_no_brief(tmp_path):
    home = tmp_path / "home"
    crashed = subprocess.run(
        [sys.executable, "-c", CRASH_BETWEEN_BRIEFS, "run", "--dry-run", "--yes", DIRECTIVE],
        cwd=ROOT,
        env=cli_env(home),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert crashed.returncode == 137, crashed.stderr
    db = home / "aipa.db"
    assert query(db, "select count(*) from tasks") == [(0,)], "a half-written dispatch must roll back"
    _, runs = aipa_json(home, "runs", "--json")
    assert runs[0]["status"] == "interrupted"
    resumed = aipa(home, "run", "--resume", runs[0]["run_id"], "--yes", "--dry-run")
    assert resumed.returncode == 0, resumed.stderr
    assert query(db, "select count(*), sum(status = 'complete') from tasks") == [(3, 3)]
    assert query(db, "select count(*) from messages where kind = 'brief'") == [(3,)]
