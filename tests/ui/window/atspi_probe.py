"""Drives the real window through the accessibility bus (AT-SPI, what Orca reads) and
dumps its tree: run by tests/ui/window/test_accessibility.py with the *system* python3 (pyatspi is
a Debian package, not in the venv), inside ``dbus-run-session`` and an X server.

    python3 atspi_probe.py OUT_DIR -- COMMAND...

starts COMMAND (the window: ``aipa --dry-run``) with the Qt accessibility bridge on, finds
its application on the bus, types a directive into the "Message" field and presses
"Send" through AT-SPI's own interfaces (EditableText, Action: as a screen reader user
would), waits until the review card's Accept button is in the tree, and writes the
whole tree to OUT_DIR/atspi-tree.json (one node each) and OUT_DIR/atspi-tree.txt
(indented, for people). Then, where openbox and xdotool are installed, it starts openbox on
the X server (before the window), accepts the review, clicks Evelyn in the agent list
with a real pointer click where AT-SPI says she is (no window manager, no focus: the
click never reached the list), asks her for a change and dumps the tree with her card as
OUT_DIR/atspi-recruiter.{json,txt}. Exit codes: 0 done, 3 the bridge could not start (no
application registered on the bus: the test skips), 1 anything else."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

DIRECTIVE = "Plan a three-day offsite for a 12-person team"
WINDOW_MANAGER = "openbox"
# the scripted model calls a tool a message names (providers/scripted.py): Evelyn's real
# upsert_agent_definition, whose proposal waits in her card for the Principal
ASK_EVELYN = '/tool upsert_agent_definition {"name": "Atlas", "temperature": 0.2}'
APP_LIMIT_S = 90.0  # the window registering on the bus (a cold start on a loaded machine)
GATE_LIMIT_S = 120.0  # the scripted run reaching its review card


def wait_for(what: str, probe, limit: float):
    """``probe()``'s first truthy value, polled until ``limit`` seconds have passed."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        value = probe()
        if value:
            return value
        time.sleep(0.25)
    raise TimeoutError(f"no {what} after {limit:.0f} s")


def walk(node, depth=0, path=()):
    """Every accessible below ``node`` (itself first), with its depth and index path."""
    yield node, depth, path
    try:
        count = node.childCount
    except Exception:
        return
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        if child is not None:
            yield from walk(child, depth + 1, (*path, i))


def describe(pyatspi, node, depth: int, path) -> dict:
    states = node.getState()
    state_names = sorted(
        pyatspi.stateToString(s) if hasattr(pyatspi, "stateToString") else str(s) for s in states.getStates()
    )
    return {
        "depth": depth,
        "path": list(path),
        "role": node.getRoleName(),
        "name": node.name or "",
        "description": node.description or "",
        "states": [str(s).removeprefix("STATE_").lower() for s in state_names],
        "focusable": states.contains(pyatspi.STATE_FOCUSABLE),
        "showing": states.contains(pyatspi.STATE_SHOWING),
        "focused": states.contains(pyatspi.STATE_FOCUSED),
    }


def find(node, role: str, name_start: str):
    for child, _depth, _path in walk(node):
        try:
            if child.getRoleName() == role and (child.name or "").startswith(name_start):
                return child
        except Exception:
            continue
    return None


def start_window_manager(log):
    """A small real window manager on the X server (Debian's openbox; xdotool clicks):
    it gives the window focus, so a click on an agent reaches it. None where either is
    missing (the recruiter card is not probed then)."""
    import shutil

    missing = [tool for tool in (WINDOW_MANAGER, "xdotool") if not shutil.which(tool)]
    if missing:
        print(f"{', '.join(missing)} missing: the recruiter card is not probed", file=sys.stderr)
        return None
    return subprocess.Popen([WINDOW_MANAGER], stdout=log, stderr=subprocess.STDOUT)


def dump(pyatspi, app, out: Path, stem: str) -> list[dict]:
    """The tree as OUT/STEM.json (one node each) and OUT/STEM.txt (indented, for people)."""
    nodes = [describe(pyatspi, node, depth, path) for node, depth, path in walk(app)]
    (out / f"{stem}.json").write_text(json.dumps(nodes, indent=1, ensure_ascii=False))
    lines = [
        "  " * n["depth"]
        + f"[{n['role']}] {n['name']!r}"
        + (f" — {n['description']!r}" if n["description"] else "")
        + (" (focusable)" if n["focusable"] else "")
        + (" (focused)" if n["focused"] else "")
        for n in nodes
    ]
    (out / f"{stem}.txt").write_text("\n".join(lines) + "\n")
    return nodes


def recruiter_card(pyatspi, app, out: Path) -> list[dict]:
    """Accept the review, click Evelyn in the agent list (a real pointer click where
    AT-SPI says she is), ask her for a change through the Message field; her card
    (Accept / Edit… / Reject) is dumped as OUT/atspi-recruiter.{json,txt}."""
    find(app, "push button", "Accept").queryAction().doAction(0)
    wait_for("the review card gone", lambda: not find(app, "push button", "Accept"), GATE_LIMIT_S)
    evelyn = wait_for("Evelyn in the agent list", lambda: find(app, "list item", "Evelyn"), APP_LIMIT_S)
    box = evelyn.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x, y = box.x + box.width // 2, box.y + box.height // 2
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True, timeout=30)
    wait_for("a talk with Evelyn", lambda: _named(app, "Evelyn alone"), APP_LIMIT_S)
    find(app, "text", "Message").queryEditableText().setTextContents(ASK_EVELYN)
    send = wait_for("enabled Send button", lambda: find(app, "push button", "Send"), APP_LIMIT_S)
    wait_for("Send enabled", lambda: send.getState().contains(pyatspi.STATE_ENABLED), APP_LIMIT_S)
    send.queryAction().doAction(0)
    wait_for("the recruiter card", lambda: _named(app, "Change the team?"), GATE_LIMIT_S)
    return dump(pyatspi, app, out, "atspi-recruiter")


def _named(app, text: str):
    for node, _depth, _path in walk(app):
        try:
            if text in (node.name or ""):
                return node
        except Exception:
            continue
    return None


def main(argv: list[str]) -> int:
    out = Path(argv[1])
    command = argv[argv.index("--") + 1 :]
    import pyatspi

    env = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1", QT_QPA_PLATFORM="xcb")
    log = open(out / "app.log", "w")  # noqa: SIM115 (open while the app runs)
    wm = start_window_manager(log)
    app_process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        desktop = pyatspi.Registry.getDesktop(0)

        def our_app():
            for i in range(desktop.childCount):
                child = desktop.getChildAtIndex(i)
                if child is not None and child.get_process_id() == app_process.pid:
                    return child
            return None

        try:
            app = wait_for("application on the AT-SPI bus", our_app, APP_LIMIT_S)
        except TimeoutError as error:
            print(f"bridge did not start: {error} (app exit code {app_process.poll()})", file=sys.stderr)
            return 3
        message = wait_for("Message field", lambda: find(app, "text", "Message"), APP_LIMIT_S)
        message.queryEditableText().setTextContents(DIRECTIVE)
        send = wait_for("enabled Send button", lambda: find(app, "push button", "Send"), APP_LIMIT_S)
        wait_for("Send enabled", lambda: send.getState().contains(pyatspi.STATE_ENABLED), APP_LIMIT_S)
        action = send.queryAction()
        action.doAction(0)  # "Press"
        wait_for("review card's Accept button", lambda: find(app, "push button", "Accept"), GATE_LIMIT_S)
        nodes = dump(pyatspi, app, out, "atspi-tree")
        print(f"{len(nodes)} accessibles dumped")
        if wm is not None:  # a talk with Evelyn needs a click, and a click a window manager
            print(f"{len(recruiter_card(pyatspi, app, out))} accessibles dumped with the recruiter card")
        return 0
    finally:
        for process in (app_process, wm):
            if process is None:
                continue
            process.terminate()
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
        log.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
