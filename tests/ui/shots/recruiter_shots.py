"""The recruiter's card for docs/screenshots/ (tests/ui/shots/screenshots.py calls it): the
Principal asks the recruiter (Evelyn) to make the research lead more careful; the
scripted recruiter calls its real ``upsert_agent_definition`` tool, and the proposed
change to Atlas's file waits in the inline card, Accept / Edit… / Reject.

    python -m tests.ui.shots.recruiter_shots [FOLDER]
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from PySide6.QtGui import QCursor

from aipa.providers.scripted import ScriptedProvider
from aipa.providers.scripted_docs import CALL_MARK
from aipa.ui.dialogs.recruiter_card import RecruiterCard
from tests.ui.helpers import gate, open_window

ASK = "Atlas guesses too freely. Make it more careful, and say in its description that it checks venues."
CHANGE = {
    "name": "Atlas",
    "description": "Research lead: gathers facts, options and evidence, checks venues and prices, "
    "and says how reliable each finding is.",
    "temperature": 0.2,
}


def recruiter(request) -> str:
    """Evelyn's side: the tool call for the Principal's request, then a line on the outcome."""
    if request.messages and request.messages[-1].role == "tool":
        return "Done: Atlas's file is updated."
    return f"{CALL_MARK}upsert_agent_definition {json.dumps(CHANGE)}"


async def shoot_recruiter(folder: Path) -> list[Path]:
    from tests.ui.shots.screenshots import SIZE, settle

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        async with open_window(home, restore=False) as w:
            w.resize(*SIZE)
            w.core.app.providers._cache["scripted"] = ScriptedProvider(script=recruiter, tokens_per_second=400)
            w.controller.talk_to("Evelyn")
            w.controller.spawn(w.controller.submit(ASK))
            card = await gate(w, RecruiterCard)
            QCursor.setPos(w.screen().geometry().bottomRight())
            await settle()
            path = folder / "recruiter-card.png"
            w.grab().save(str(path))
            card.reject_button.click()
    return [path]


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(lambda folder, _home: shoot_recruiter(folder), 300)


if __name__ == "__main__":
    main()
