"""The window's way in to the Principal's material: ``Core.material.attach`` (with progress),
``Core.material.documents`` and ``Core.material.grant_folder``, then a team run that works from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.material.folder import FolderError
from aipa.core.run.reviewer import AutoReviewer
from tests.support.doc_files import make_pdf


@pytest.fixture
def app(tmp_path):
    application = build(Override("scripted", "docs"), Paths(tmp_path / "home"))
    yield application
    application.store.close()


async def test_attach_grant_and_a_grounded_team_run(app, tmp_path: Path) -> None:
    core = app.core
    session = core.sessions.create("material")
    pages = [f"Page {i}: nothing here." for i in range(1, 12)] + ["Page 12: the deposit is 500 euros."]
    pdf = make_pdf(tmp_path / "terms.pdf", pages)
    progress: list[tuple[str, int, int]] = []
    report = await core.material.attach(session, [pdf], lambda name, done, total: progress.append((name, done, total)))
    assert [d.name for d in report.attached] == ["terms.pdf"] and progress[-1] == ("terms.pdf", 12, 12)
    assert [d.chunks for d in core.material.documents(session)] == [12]
    assert core.material.excerpt(session, "terms.pdf", "p. 12") == "Page 12: the deposit is 500 euros."
    assert core.material.excerpt(session, "terms.pdf", "p. 99") == ""
    (tmp_path / "shared").mkdir()
    assert core.material.grant_folder(session, tmp_path / "shared") == ""
    with pytest.raises(FolderError):
        core.material.grant_folder(session, pdf)
    events = []
    team = core.team(AutoReviewer(), events.append)
    result = await team.run("How big is the deposit?", session_id=session)
    assert "[terms.pdf, p. 12]" in result.deliverable
    assert all({"file": "terms.pdf", "place": "p. 12"} in t["sources"] for t in result.tasks)
    used = [e for e in events if type(e).__name__ == "ToolUsed"]
    assert {e.tool for e in used} >= {"search_documents", "list_folder"}


async def test_prepare_converts_in_a_worker_thread_and_attach_reuses_it(app, tmp_path: Path) -> None:
    """What the window does when a file is dropped: convert now, off the event loop (its
    progress comes from another thread), attached to no session; at send, ``attach``
    finds it converted (content-addressed) and only links it."""
    import threading

    core = app.core
    pdf = make_pdf(tmp_path / "deck.pdf", [f"Slide {i}" for i in range(1, 9)])
    threads: set[int] = set()
    doc = await core.material.prepare(pdf, lambda name, done, total: threads.add(threading.get_ident()))
    assert (doc.name, doc.kind, doc.chunks) == ("deck.pdf", "pdf", 8)
    assert threads and threading.get_ident() not in threads
    session = core.sessions.create("later")
    assert core.material.documents(session) == []
    again: list[int] = []
    report = await core.material.attach(session, [pdf], lambda name, done, total: again.append(done))
    assert [d.sha256 for d in report.attached] == [doc.sha256] and again == []  # not converted twice
    assert app.store.document_count() == 1
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "a.md").write_text("# A\n")
    files, notice = await core.material.check_folder(shared)
    assert files == 1 and notice == ""
    with pytest.raises(FolderError):
        await core.material.check_folder(pdf)
    assert await core.material.grant(session, shared) == ""


async def test_a_granted_folders_citations_are_audited_and_open_like_documents(app, tmp_path: Path) -> None:
    """A lead that read a file through the granted folder cites it ``[README.md, § Project]``;
    the auditor is given that part of the file (not "Not found in the material", FLAG) and the
    window's citation click (``Core.material.excerpt``) opens it."""
    core = app.core
    session = core.sessions.create("folder only")
    shared = tmp_path / "shared"
    (shared / "docs").mkdir(parents=True)
    (shared / "README.md").write_text("# Project\nAIPA ships a desktop window and a command line.\n")
    (shared / "docs" / "plan.md").write_text("# Plan\nRelease in March.\n")
    assert await core.material.grant(session, shared) == ""
    events: list = []
    result = await core.team(AutoReviewer(), events.append).run("What does the project ship?", session_id=session)
    assert "[README.md, § Project]" in result.deliverable
    audit = next(e for e in events if type(e).__name__ == "AuditReady")
    assert "Not found in the material" not in audit.memo and str(audit.verdict) == "PASS", audit.memo
    assert "desktop window and a command line" in core.material.excerpt(session, "README.md", "§ Project")
    assert core.material.excerpt(session, "plan.md", "§ Plan").endswith("Release in March.")  # by its bare name
    assert core.material.excerpt(session, "docs/plan.md", "§ Plan").endswith("Release in March.")
    assert core.material.excerpt(session, "README.md", "§ Nowhere") == ""
    assert core.material.excerpt(session, "../README.md", "§ Project") == ""  # never outside the folder
