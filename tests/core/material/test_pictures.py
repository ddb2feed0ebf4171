"""Pictures kept in the data folder: once per content, waiting for the next directive,
then that run's; the session's files listed for backups; gone when the Trash is emptied.
And who sees them: routing a note, the leads whose brief needs them, synthesis, audit."""

from __future__ import annotations

from pathlib import Path

from aipa.core.kinds import Purpose
from aipa.core.material import images, seeing
from aipa.core.material.picture_shelf import PictureShelf
from aipa.core.session.trash import Trash
from aipa.providers.base import ImagePart, Message
from aipa.store import Store
from tests.support import picture_files


def _shelf(tmp_path: Path, store: Store) -> PictureShelf:
    return PictureShelf(store, tmp_path / "pictures")


async def test_kept_once_per_content_claimed_by_the_next_run_and_swept_with_the_trash(tmp_path: Path) -> None:
    with Store(tmp_path / "aipa.db") as store:
        shelf = _shelf(tmp_path, store)
        first, second = store.create_session("one"), store.create_session("two")
        photo = picture_files.png(tmp_path / "chart.png")
        a = await shelf.attach(first, photo)
        b = await shelf.attach(second, photo, alt="the sales chart")
        assert a.sha256 == b.sha256 and b.spoken == "the sales chart"
        assert len(list((tmp_path / "pictures").glob("*/*"))) == 1  # stored once
        assert shelf.files_of_session(first) == [shelf.file_of(a)]
        assert [r.picture_id for r in shelf.waiting(first)] == [a.picture_id]
        assert shelf.claim(first, "R-1") == 1 and not shelf.waiting(first)
        assert [r.name for r in shelf.of_run("R-1")] == ["chart.png"]
        trash = Trash(store, after=shelf.sweep)
        trash.put(first)
        trash.empty()
        assert shelf.file_of(a).exists()  # the other session still has it
        trash.put(second)
        trash.empty()
        assert not shelf.file_of(a).exists()


async def test_a_waiting_picture_can_be_taken_back(tmp_path: Path) -> None:
    with Store(tmp_path / "aipa.db") as store:
        shelf = _shelf(tmp_path, store)
        session = store.create_session("s")
        row = shelf.keep(session, images.prepare(picture_files.png(tmp_path / "a.png")))
        shelf.remove(row.picture_id)
        assert not shelf.waiting(session)


def test_who_sees_the_pictures(tmp_path: Path) -> None:
    with Store(tmp_path / "aipa.db") as store:
        session = store.create_session("s")
        store.add_picture(session, "ab" * 32, "receipt.jpg", "image/jpeg", 800, 600, 1000)
        rows = store.pictures(session)
    assert not seeing.sees(Purpose.ROUTE, None, [], rows)
    assert "receipt.jpg (800×600)" in seeing.route_note(rows)
    for purpose in (Purpose.SYNTHESIZE, Purpose.AUDIT, Purpose.DIRECT):
        assert seeing.sees(purpose, None, [], rows)
    costs = "Tally the costs on the receipt"
    venues = "Find three venues near the office"
    assert seeing.sees(Purpose.LEAD, costs, [venues], rows)
    assert not seeing.sees(Purpose.LEAD, venues, [costs], rows)
    assert seeing.sees(Purpose.LEAD, venues, ["Book a caterer"], rows)  # no brief speaks of it: every lead
    assert not seeing.sees(Purpose.LEAD, costs, [], [])


def test_pictures_go_on_the_last_user_message() -> None:
    part = ImagePart("image/png", b"\x89PNG", "a.png")
    messages = [Message("system", "s"), Message("user", "old"), Message("assistant", "a"), Message("user", "new")]
    out = seeing.with_pictures(messages, (part,))
    assert [m.images for m in out] == [(), (), (), (part,)]
    assert seeing.with_pictures(messages, ()) is messages


async def test_a_profile_says_whether_its_model_sees_before_any_server() -> None:
    import pytest

    from aipa.core.config.provider_book import Override, ProviderBook
    from aipa.core.config.settings import Settings
    from aipa.core.team.agents import AgentDef
    from aipa.errors import CannotSeeError

    def book(vision: bool) -> ProviderBook:
        entry = {"kind": "ollama", "base_url": "http://127.0.0.1:9", "model": "m", "vision": vision}
        return ProviderBook(Settings(provider="lab", providers={"lab": entry}), Override())

    assert await seeing.can_see(book(True), "lab", "m") is True
    blind = book(False)
    assert await seeing.can_see(blind, "lab", "m") is False
    with pytest.raises(CannotSeeError) as caught:  # nothing listens on port 9: "none installed"
        await seeing.check(blind, [AgentDef(name="Vera", prompt="Audit.")])
    assert "Vera runs on m, which cannot see pictures; models here that can: none installed" in caught.value.message
    await blind.aclose()
