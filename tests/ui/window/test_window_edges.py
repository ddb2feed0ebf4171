"""Rough edges of the window's chrome a new user meets in the first hour (issue 22 item 8),
each checked on the real window (offscreen, the scripted provider): the header during a
restart, the slash popup, the model picker, the session list's times, attachment chips
and the Inbox's notice."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from datetime import datetime, timedelta

from PySide6.QtCore import QLocale, Qt, QTime
from PySide6.QtGui import QFont, QFontMetrics

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.config.settings import Settings
from aipa.core.session import last_session
from aipa.core.setup.gguf_catalogue import GgufModel
from aipa.core.setup.recommend import GIB
from aipa.ui.chat import commands
from aipa.ui.chat.attachments import READY
from aipa.ui.chat.slash_popup import DESCRIPTION_ROLE, POPUP_WIDTH, CommandDelegate
from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.widgets import top_items
from aipa.ui.window.main_window import MainWindow
from aipa.ui.window.model_picker import MODEL_ROLE, PROFILE_ROLE
from aipa.ui.window.session_list import full_time, relative_time
from aipa.ui.wizard.catalogue import NAME_ROLE
from aipa.ui.wizard.window import P_BUILTIN
from tests.ui.helpers import DIRECTIVE, close_window, gate, items, make_app, open_window, until, write_settings
from tests.ui.wizard_support import close_wizard, make_wizard, memory_keyring  # noqa: F401


def _stored_session(home) -> tuple[str, str]:
    """A finished run's session, remembered as the one the window closed on: (id, title)."""
    proc = subprocess.run(
        [sys.executable, "-m", "aipa", "run", "--dry-run", "--yes", "--json", DIRECTIVE],
        env={**os.environ, "AIPA_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    app = make_app(home)
    try:
        (session,) = app.core.sessions.list()
        app.core.sessions.remember(session.id)
        return session.id, session.title
    finally:
        app.store.close()


async def test_the_restored_sessions_title_stays_in_the_header_while_the_core_attaches(qtbot, home):
    session_id, title = _stored_session(home)
    assert title and last_session.peek(Paths(home).db) == (session_id, title)
    shell = MainWindow(settings=Settings())
    shell.expect_session(title)
    shell.show()
    shell.attach(make_app(home).core)  # (the core's load under a busy machine: seconds)
    try:
        # not "New session" between the core attaching and the restore
        assert title in shell.session_label.text() and shell.windowTitle() == title
        await shell.start(restore=True)
        assert shell.controller.session_id == session_id
        assert title in shell.session_label.text() and shell.windowTitle() == title
    finally:
        await close_window(shell)


async def test_an_expected_session_that_is_gone_becomes_a_new_session(qtbot, home):
    shell = MainWindow(settings=Settings())
    shell.expect_session("A session deleted meanwhile")
    shell.show()
    shell.attach(make_app(home).core)
    try:
        await shell.start(restore=True)
        await until(lambda: shell.windowTitle() == "New session", what="the header to say New session")
        assert "New session" in shell.session_label.text()
    finally:
        await close_window(shell)


async def test_the_slash_popup_says_what_each_command_does(qtbot, home):
    async with open_window(home, restore=False) as w:
        completer = w.compose.completer
        completer.setCompletionPrefix("/re")
        rows = [completer.completionModel().index(i, 0) for i in range(completer.completionCount())]
        assert {r.data() for r in rows} == {"/reset-brief", "/reload", "/resume"}  # what is inserted
        lines = {CommandDelegate.line(r) for r in rows}
        assert "/reload   reload agents and settings from disk" in lines
        for row in rows:
            help_text = commands.BY_NAME[row.data()[1:]].help
            assert row.data(DESCRIPTION_ROLE) == help_text and help_text in row.data(Qt.ItemDataRole.ToolTipRole)
            assert row.data(Qt.ItemDataRole.AccessibleDescriptionRole) == help_text  # a screen reader hears it
        assert isinstance(completer.popup().itemDelegate(), CommandDelegate)
        # every name answers with its command's description, aliases too
        completer.setCompletionPrefix("/q")
        assert completer.completionModel().index(0, 0).data(DESCRIPTION_ROLE) == commands.BY_NAME["quit"].help
        # the popup's picture: the description is painted beside the name
        popup = completer.popup()
        completer.setCompletionPrefix("/reload")
        popup.resize(POPUP_WIDTH, 40)
        image = popup.grab().toImage()
        name_end = popup.fontMetrics().horizontalAdvance("/reload") + 8 + CommandDelegate.GAP
        inked = {image.pixel(x, y) for x in range(name_end + 4, POPUP_WIDTH - 40) for y in range(4, 24)}
        assert len(inked) > 3, "no description painted right of the name"


async def test_the_model_picker_marks_the_model_in_use_and_groups_every_profile(qtbot, home):
    write_settings(
        home,
        provider="scripted",
        model="",
        providers={
            "scripted": {"kind": "scripted"},
            "second": {"kind": "scripted", "model": "docs"},
            "far": {"kind": "ollama", "base_url": "http://127.0.0.1:9"},
        },
    )
    w = MainWindow(build(Override(), Paths(home)).core)
    w.show()
    await w.start(restore=False)
    try:
        picker = w.model_picker
        await picker.open()
        popup = picker.popup
        await until(lambda: any(popup.list.item(i).text() == "far" for i in range(popup.list.count())), 30, "far")
        rows = [popup.list.item(i) for i in range(popup.list.count())]
        texts = [r.text() for r in rows]
        # the one in use: no model set, so the provider's own default ("demo") is marked
        marked = [r for r in rows if r.text().startswith("✓ ")]
        assert [r.data(MODEL_ROLE) for r in marked] == ["demo"] and popup.list.currentItem() is marked[0]
        assert marked[0].data(Qt.ItemDataRole.AccessibleDescriptionRole) == "in use"
        assert picker.text().startswith("scripted · demo")  # the button names it too
        # grouped: the profile in use first, then each other one under its name
        headings = [r.text() for r in rows if r.font().bold() and not r.flags() & Qt.ItemFlag.ItemIsSelectable]
        assert headings[0] == "scripted (in use)" and {"second", "far"} <= set(headings)
        second = texts.index("second")
        assert {r.data(PROFILE_ROLE) for r in rows[second + 1 : second + 4]} == {"second"}
        far = texts.index("far")
        reason = rows[far + 1]  # an unreachable profile says why, in its group
        assert reason.data(MODEL_ROLE) is None and not reason.flags() & Qt.ItemFlag.ItemIsSelectable
        assert reason.text().strip()
        # choosing another profile's model makes that profile the default, with that model
        docs = next(r for r in rows[second + 1 :] if r.data(MODEL_ROLE) == "docs")
        popup.list.scrollToItem(docs)
        rect = popup.list.visualItemRect(docs)
        qtbot.mouseClick(popup.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        assert (w.core.config.settings.provider, w.core.config.settings.model) == ("second", "docs")
        assert w.model_picker.text().startswith("second · docs")
    finally:
        await close_window(w)


def _model(name: str, data: bytes, memory_gb: float, description: str):
    return GgufModel(
        name=name,
        title=f"{name} · test",
        description=description,
        file=f"{name}.gguf",
        url=f"http://127.0.0.1:9/models/{name}.gguf",
        size=len(data),
        memory_gb=memory_gb,
        licence="Apache-2.0",
        sha256=hashlib.sha256(data).hexdigest(),
    )


async def test_a_model_imported_from_its_file_is_downloaded_in_the_catalogue(qtbot, home, tmp_path, memory_keyring):
    data = b"GGUF" + os.urandom(512 * 1024)
    tiny = _model("tiny", data, 1, "Tiny; for trying the app.")
    saved = tmp_path / "SmolThing-Q8_0.gguf"  # the same file, saved under the publisher's name
    saved.write_bytes(data)
    wizard = make_wizard(qtbot, home, which=lambda _name: None, catalogue=(tiny,), memory=8 * GIB)
    try:
        wizard.provider_page.choose("builtin")
        wizard.next()
        assert wizard.currentId() == P_BUILTIN
        view = wizard.builtin_page.catalogue
        await until(lambda: view.status("tiny") == "not downloaded", what="the catalogue")
        wizard.builtin_page.on_import_file(str(saved))  # (the file dialog's slot)
        await until(lambda: view.status("tiny").startswith("downloaded"), what="the catalogue's status after import")
        assert view.status("tiny") == "downloaded (SmolThing-Q8_0.gguf)", view.status("tiny")
        assert not view.download_button.isEnabled()  # nothing to download again
    finally:
        await close_wizard(wizard)


async def test_the_catalogue_preselects_the_best_model_that_fits_and_says_what_each_is_for(qtbot, home, memory_keyring):
    small = _model("small", b"GGUF" + bytes(1000), 1, "Tiny and instant; rough answers.")
    mid = _model("mid", b"GGUF" + bytes(5000), 4, "Follows instructions well; a good default on laptops.")
    big = _model("big", b"GGUF" + bytes(9000), 16, "The strongest here; needs a big machine.")
    wizard = make_wizard(qtbot, home, which=lambda _name: None, catalogue=(small, mid, big), memory=8 * GIB)
    try:
        wizard.provider_page.choose("builtin")
        wizard.next()
        view = wizard.builtin_page.catalogue
        await until(lambda: view.tree.topLevelItemCount() == 3, what="the catalogue")
        assert view.selected() == "mid"  # not the smallest: the largest that fits 8 GB with room
        assert "Preselected: <b>mid · test</b>, the best that fits this computer" in view.intro.text()
        good_for = {top_items(view.tree)[i].data(0, NAME_ROLE): top_items(view.tree)[i].text(6) for i in range(3)}
        assert good_for == {"small": small.description, "mid": mid.description, "big": big.description}
        assert view.tree.headerItem().text(6) == "Good for"
    finally:
        await close_wizard(wizard)


def test_relative_times_follow_the_locale():
    now = datetime(2026, 11, 30, 15, 0).astimezone()
    us, de = QLocale(QLocale.Language.English, QLocale.Country.UnitedStates), QLocale(QLocale.Language.German)
    ago = [timedelta(seconds=10), timedelta(minutes=5), timedelta(days=1), timedelta(days=3), timedelta(days=40)]
    assert [relative_time(now - d, now, de) for d in ago] == [
        "just now",
        "5 min ago",
        "yesterday, " + de.toString(QTime((now - ago[2]).hour, 0), QLocale.FormatType.ShortFormat),
        de.dayName((now - ago[3]).isoweekday(), QLocale.FormatType.ShortFormat)
        + " "
        + de.toString(QTime((now - ago[3]).hour, 0), QLocale.FormatType.ShortFormat),
        de.toString((now - ago[4]).date(), QLocale.FormatType.ShortFormat),
    ]
    assert relative_time(now - timedelta(days=1), now, de).endswith("15:00")  # a 24-hour clock
    assert relative_time(now - timedelta(days=1), now, us).endswith("PM")  # a 12-hour one
    assert full_time(now, de).startswith("Montag, 30. November 2026")


async def test_the_session_lists_time_is_labelled_last_activity(qtbot, home):
    async with open_window(home, restore=False) as w:
        w.core.sessions.create("Kayak trip")
        w.sessions.refresh()
        item = next(
            w.sessions.list.item(i) for i in range(w.sessions.list.count()) if "Kayak" in w.sessions.list.item(i).text()
        )
        title, when = item.text().split("\n")
        assert title == "Kayak trip" and when in ("last activity just now", "last activity 1 min ago")
        assert "Last activity: " in item.toolTip()
        assert item.data(Qt.ItemDataRole.AccessibleTextRole) == f"Kayak trip, {when}"  # what a screen reader says


async def test_attachment_chips_wrap_at_1440_px_and_a_too_long_name_elides_cleanly(qtbot, home, tmp_path):
    names = [
        "quarterly-budget-review-final.md",
        "venue-shortlist-with-prices.md",
        "offsite-agenda-draft.md",
        "team-dietary-needs.md",
        "a-very-long-file-name-" + "that-goes-on-" * 8 + "and-on.md",
    ]
    for name in names:
        (tmp_path / name).write_text("# Notes\nLakeside Lodge sleeps 14.\n", encoding="utf-8")
    async with open_window(home, restore=False) as w:
        w.resize(1440, 900)
        w.controller.material.add([str(tmp_path / n) for n in names])
        await until(lambda: all(i.state == READY for i in w.controller.material.items), 60, "the conversions")
        bar = w.attachment_bar
        await until(lambda: len(bar.chips) == 5 and all(c.isVisible() for c in bar.chips), what="the chips")
        await until(lambda: bar.line.height() >= bar.line_row.heightForWidth(bar.line.width()), what="room")
        row = bar.line.contentsRect()
        for chip in bar.chips:
            label = chip.label
            shown = label.text()
            assert chip.geometry().right() <= row.right() + 1 and chip.geometry().bottom() <= row.bottom() + 1
            assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()  # nothing cut
            assert chip.text in label.toolTip()  # the whole line in the tooltip
            if shown != chip.text:  # shortened: with "…", keeping the start and the end
                assert "…" in shown and shown.endswith("1 excerpt") and chip.item.name[:8] in shown
        whole = [c for c in bar.chips if c.label.text() == c.text]
        assert len(whole) == 4  # the four ordinary names whole, on as many lines as they need
        tops = {c.geometry().top() for c in bar.chips}
        assert len(tops) > 1  # wrapped onto more than one line instead of squeezed


async def test_the_run_is_waiting_notice_draws_in_the_bundled_font(qtbot, home):
    """DejaVu Sans (the font the window falls back to on Linux, and the screenshots') has
    every character of the notice: no box where its first glyph should be."""
    async with open_window(home, restore=False) as w:
        w.controller.spawn(w.controller.submit(DIRECTIVE))
        card = await gate(w, ReviewDialog)
        qtbot.mouseClick(card.later_button, Qt.MouseButton.LeftButton)
        notice = await until(
            lambda: next((n for n in items(w, "notice") if "The run is waiting" in n.content), None),
            what="the waiting notice",
        )
        dejavu = QFontMetrics(QFont("DejaVu Sans"))
        missing = [c for c in notice.content if not dejavu.inFontUcs4(ord(c))]
        assert not missing, f"DejaVu Sans has no glyph for {missing!r} in {notice.content!r}"
