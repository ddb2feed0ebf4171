"""What a screen reader gets: the real window (``aipa --dry-run`` on a fresh data folder)
on Xvfb with Qt's accessibility bridge on, inside its own D-Bus session with the AT-SPI
registry (Debian's at-spi2-core), driven to its review card through AT-SPI itself, and
its accessibility tree dumped by tests/ui/window/atspi_probe.py under the system python3
(python3-pyatspi is a Debian package). The review card's Accept, Edit and Reject must be
in the tree with names and roles, every focusable control shown must have a name and a
role, and no name may carry Markdown markup or an internal id. Then, with a real window
manager (openbox) and a real click (xdotool), the probe opens a talk with the recruiter
(Evelyn) and asks for a change: her card must be a named dialog with named, described
Accept / Edit… / Reject buttons (docs/accessibility/atspi-recruiter-card.txt).

Skips (saying why) where the bridge cannot start: no dbus-run-session, Xvfb, AT-SPI
registry or pyatspi (scripts/system-deps.sh installs them), or the window never registering
on the bus. The dump is left at ``AIPA_A11Y_DUMP`` (a folder) when set, for the record."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PROBE = Path(__file__).with_name("atspi_probe.py")
SYSTEM_PYTHON = "/usr/bin/python3"
BRIDGE_DOWN = 3  # the probe's exit code when no application registered on the bus
IDS = re.compile(r"\b[SRT]-20\d{6}-\d{3}")
MARKUP = re.compile(r"\*\*|`|(^|\n)\s*#{1,6}\s|^\s*\|.*\|\s*$", re.MULTILINE)


def _missing() -> str:
    """Why the bridge cannot start here ("" when everything is present)."""
    for tool in ("dbus-run-session", "xvfb-run", "Xvfb"):
        if shutil.which(tool) is None:
            return f"{tool} is missing (scripts/system-deps.sh installs it)"
    if not any(Path(p).exists() for p in ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core")):
        return "the AT-SPI bus launcher is missing: apt-get install at-spi2-core"
    found = (
        subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True)
        if Path(SYSTEM_PYTHON).exists()
        else None
    )
    if found is None or found.returncode != 0:
        return "pyatspi is missing from the system python3: apt-get install python3-pyatspi"
    return ""


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> list[dict]:
    why = _missing()
    if why:
        pytest.skip(f"accessibility bridge cannot start: {why}")
    out = Path(os.environ.get("AIPA_A11Y_DUMP") or tmp_path_factory.mktemp("atspi"))
    out.mkdir(parents=True, exist_ok=True)
    home = tmp_path_factory.mktemp("a11y-home")
    env = dict(os.environ, AIPA_HOME=str(home))
    env.pop("QT_QPA_PLATFORM", None)  # the probe starts the window on the X server (xcb)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "desktop"), env.get("PYTHONPATH", "")]))
    command = [sys.executable, "-m", "aipa", "--dry-run"]
    result = subprocess.run(
        ["dbus-run-session", "--", "xvfb-run", "-a", "-s", "-screen 0 1400x1000x24"]
        + [SYSTEM_PYTHON, str(PROBE), str(out), "--", *command],
        env=env,
        capture_output=True,
        text=True,
        timeout=400,
    )
    if result.returncode == BRIDGE_DOWN:
        pytest.skip(f"accessibility bridge did not start: {result.stderr.strip().splitlines()[-1:]}")
    assert result.returncode == 0, (
        f"probe failed ({result.returncode}):\n{result.stdout}\n{result.stderr[-3000:]}\n"
        + (out / "app.log").read_text(errors="replace")[-3000:]
    )
    global RECRUITER
    recruiter = out / "atspi-recruiter.json"
    RECRUITER = json.loads(recruiter.read_text()) if recruiter.exists() else None
    return json.loads((out / "atspi-tree.json").read_text())


RECRUITER: list[dict] | None = None  # the tree with the recruiter's card (the same probe run)


def _shown(tree: list[dict]) -> list[dict]:
    return [n for n in tree if n["showing"]]


def test_the_review_cards_buttons_are_named_buttons(tree):
    buttons = {n["name"]: n for n in _shown(tree) if n["role"] == "push button"}
    for name in ("Accept", "Edit…", "Later", "Reject"):
        assert name in buttons, f"{name} is not in the accessibility tree: {sorted(buttons)}"
        assert buttons[name]["focusable"] and buttons[name]["description"]
    card = [n for n in _shown(tree) if n["role"] == "dialog" and n["name"] == "Review the deliverable"]
    assert card and "VERDICT" not in card[0]["name"] and "PASS" in card[0]["description"]


def test_every_focusable_control_has_a_name_and_a_role(tree):
    nameless = [n for n in _shown(tree) if n["focusable"] and (not n["name"].strip() or n["role"] == "unknown")]
    assert not nameless, "focusable controls without a name or role:\n" + "\n".join(map(str, nameless))


def test_no_markup_or_internal_ids_in_names(tree):
    bad = [
        (n["role"], n["name"][:120], n["description"][:120])
        for n in tree
        if MARKUP.search(n["name"]) or IDS.search(n["name"]) or IDS.search(n["description"])
    ]
    assert not bad, "names with Markdown markup or internal ids:\n" + "\n".join(map(str, bad))


def test_the_transcript_rows_say_who_did_what(tree):
    rows = [n["name"] for n in tree if n["role"] == "list item"]
    assert any(r.startswith("Atlas, Research the options, done: ") for r in rows), rows
    assert any(r.startswith("Your directive: ") for r in rows), rows


def test_the_recruiters_card_is_a_named_dialog_with_named_buttons(tree):
    if RECRUITER is None:
        missing = [tool for tool in ("openbox", "xdotool") if not shutil.which(tool)]
        pytest.skip(f"no window manager to click in: {missing} (scripts/system-deps.sh installs them)")
    shown = _shown(RECRUITER)
    card = [n for n in shown if n["role"] == "dialog" and n["name"] == "Change the team?"]
    assert card and "Atlas" in card[0]["description"], [n["name"] for n in shown if n["role"] == "dialog"]
    buttons = {n["name"]: n for n in shown if n["role"] == "push button"}
    for name in ("Accept", "Edit…", "Reject"):
        assert name in buttons and buttons[name]["focusable"] and buttons[name]["description"], sorted(buttons)
    assert any(n["role"] == "text" and n["name"].startswith("The proposed agent file") for n in shown)
