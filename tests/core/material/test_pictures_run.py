"""A directive with a picture, through the real app on the scripted provider (which
"sees"): the picture goes with that run, its bytes are counted as sent, and the exports
carry it (HTML inline, Markdown beside it, JSON by name)."""

from __future__ import annotations

import json
from pathlib import Path

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import AutoReviewer
from tests.support import picture_files


async def test_a_picture_goes_with_its_directive_and_into_the_exports(tmp_path: Path) -> None:
    app = build(Override("scripted"), Paths(tmp_path / "home"))
    try:
        core = app.core
        pictures = core.material.pictures
        session = core.sessions.create("Whiteboard")
        photo = picture_files.png(tmp_path / "whiteboard.png")
        row = await pictures.attach(session, photo, alt="the whiteboard")
        result = await core.team(AutoReviewer(), lambda e: None).run("Describe the picture", session_id=session)
        assert [p.picture_id for p in pictures.of_run(result.run_id)] == [row.picture_id]
        assert not pictures.waiting(session)
        assert pictures.sent_bytes(result.run_id) > 0
        assert pictures.files_of_session(session) == [tmp_path / "home" / "pictures" / row.sha256[:2] /
                                                           f"{row.sha256}.png"]  # fmt: skip

        md_path = core.sessions.export(session, "md", tmp_path / "out" / "s.md")
        md = md_path.read_text()
        copied = list((tmp_path / "out" / "s-pictures").iterdir())
        assert [p.name for p in copied] == ["01-whiteboard.png"]
        assert "![the whiteboard](<s-pictures/01-whiteboard.png>)" in md
        assert copied[0].read_bytes() == pictures.data(row)

        page = core.sessions.export(session, "html", tmp_path / "out" / "s.html").read_text()
        assert "img-src data:" in page and '<img src="data:image/png;base64,' in page
        assert 'alt="the whiteboard"' in page and "AIPA-PICTURE" not in page

        data = json.loads(core.sessions.export(session, "json", tmp_path / "out" / "s.json").read_text())
        assert data["runs"][0]["pictures"][0]["name"] == "whiteboard.png"
    finally:
        app.store.close()
