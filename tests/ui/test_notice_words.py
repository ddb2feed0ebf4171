"""The core speaks in notices, the window words them (issue 29 item 5): every notice kind,
with its parts, in each shipped language is a sentence of that language that names the
parts (agents, titles, servers, numbers in the locale's digits); English and a kind the
window does not know show the core's own text, as the terminal prints it."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from aipa.core import events as ev
from aipa.core.kinds import Level, NoticeKind, Purpose
from aipa.core.material import mcp_failure
from aipa.core.material.mcp_client import ServerState
from aipa.core.run import clarify, told
from aipa.core.run.checks_stage import revising_notice
from aipa.providers.window_probe import guess_caution
from aipa.ui import i18n, notice_words
from aipa.ui.notice_words import INSTEAD, SERVER, WHAT, worded
from tests.ui.translation_check import catalogue, untranslated

LANGUAGES = ("de", "zh_CN", "he")
RUN = "R-1"
LEAD_TITLE = "Venues near Lisbon"
DATA = ("title", "where", "ids", "model", "server", "wrote", "why")


def _notice(kind: NoticeKind, text: str, **fields) -> ev.Notice:
    return ev.Notice(RUN, Level.WARNING, text, kind=kind, fields=fields)


def samples() -> list[ev.Notice]:
    """One notice of every kind (some kinds twice: with a title, without a model), made by
    the core's own functions where it has them, so that their English is the core's."""
    return [
        told.reasking_notice(RUN, "Miranda", Purpose.ROUTE),
        told.fell_back_notice(RUN, "Miranda", Purpose.ROUTE, about="route"),
        told.fell_back_notice(RUN, "Atlas", Purpose.LEAD, told.UNUSABLE, LEAD_TITLE, about="lead T-1-A"),
        told.fell_back_notice(RUN, "Atlas", Purpose.LEAD, told.EMPTY, LEAD_TITLE, about="lead T-1-A"),
        told.fell_back_notice(RUN, "Miranda", Purpose.SYNTHESIZE, told.EMPTY, instead=told.NOTHING),
        told.fell_back_notice(RUN, "Rafael", Purpose.PLAN_FEATURES, told.TOO_LONG),
        told.fell_back_notice(RUN, "Atlas", Purpose.LEAD, told.TOO_LONG, LEAD_TITLE),
        told.fell_back_notice(RUN, "Vera", told.VERDICT),
        told.fell_back_notice(RUN, "Vera", told.CHECKED),
        clarify.proceeding_notice(RUN),
        _notice(
            NoticeKind.BUDGET, "budget: this run has spent $0.42 of $0.40; continue?", spent="$0.42", allowed="$0.40"
        ),
        _notice(NoticeKind.NOT_REVISING_AGAIN, "not revising again: 2 rounds done (bullets)", rounds=2, ids="bullets"),
        _notice(NoticeKind.NOT_REVISING_AGAIN, "not revising again: 1 rounds done (FLAG)", rounds=1, ids="FLAG"),
        _notice(NoticeKind.NOT_REVISING_BUDGET, "not revising: the run's budget is spent"),
        revising_notice(RUN, ["bullets", "ending"], 1, 2, 5099),
        revising_notice(RUN, ["words"], 2, 3, 812),
        revising_notice(RUN, [], 1, 2, 1234),
        _guessed("qwen3-4b"),
        _guessed(""),
        _notice(NoticeKind.SERVER_SLOW, "Atlas: gpu-box answered very slowly …", agent="Atlas", provider="gpu-box"),
        _notice(NoticeKind.SERVER_SLOW, "Atlas: the built-in engine …", agent="Atlas", provider="builtin"),
        *_mcp_failures(),
        _notice(NoticeKind.MCP_READ_ONLY, "MCP server 'notes': \"allow_read_only\": true …", server="notes"),
    ]


def _mcp_failures() -> list[ev.Notice]:
    """An MCP server's failures to start, one of each case, as the hub tells them."""
    stdio, url = {"name": "notes", "command": "notes-server"}, {"name": "wiki", "url": "http://127.0.0.1:9/mcp"}
    cases = [
        (stdio, RuntimeError("bad line"), [ValueError("hello, I am not MCP")]),
        (stdio, TimeoutError(), None),
        (stdio, FileNotFoundError(2, "No such file or directory"), None),
        (url, ConnectionError("connection refused"), None),
        (stdio, RuntimeError("the process exited with status 3"), None),
    ]
    notices = []
    for entry, exc, faults in cases:
        state = ServerState(entry)
        state.error, state.hint = mcp_failure.failure(entry, exc, "start it and list its tools", faults, 5)
        state.reason, state.parts = mcp_failure.reason(entry, exc, faults, 5)
        notices.append(_notice(NoticeKind.MCP_FAILED, state.line(), **state.fields()))
    assert len({n.fields["reason"] for n in notices}) == len(cases)
    return notices


def _guessed(model: str) -> ev.Notice:
    """The provider's caution as the run tells it (core/run/exchange.py)."""
    caution = guess_caution(model, "http://127.0.0.1:4000")
    return _notice(NoticeKind(caution.kind), caution.text, **caution.fields)


def _parts_shown(notice: ev.Notice) -> list[str]:
    """What of the notice's parts its worded text must show, in the window's language."""
    shown = []
    for key, value in notice.fields.items():
        if key == "reason":
            continue  # a key: its case has its own sentence
        if key == "what":
            shown.append(QApplication.translate("Notices", WHAT.get(str(value), notice_words.REPLY)))
        elif key == "instead":
            shown.append(QApplication.translate("Notices", INSTEAD[str(value)]))
        elif key == "provider":
            shown.append(QApplication.translate("Notices", SERVER[value]) if value in SERVER else str(value))
        elif isinstance(value, int):
            shown.append(i18n.number(value))
        elif value:
            shown.append(str(value))
    return shown


@pytest.fixture
def language(qtbot, request):
    app = QApplication.instance()
    installed = i18n.install(app, request.param)
    assert installed.language == request.param
    try:
        yield request.param
    finally:
        i18n.uninstall(app, installed)
        catalogue.cache_clear()


def test_every_kind_has_a_sample_and_a_template():
    kinds = {n.kind for n in samples()}
    assert kinds == set(NoticeKind), set(NoticeKind) - kinds
    assert set(notice_words.TEMPLATES) == set(NoticeKind)


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
def test_every_kind_is_worded_in_the_language(language):
    for notice in samples():
        said = worded(notice)
        assert said != notice.text, f"{notice.kind} is left in English: {said!r}"
        for part in _parts_shown(notice):
            assert part in said, f"{language}: {notice.kind} leaves out {part!r}: {said!r}"
        for leftover in ("{", "}", "(s)"):
            assert leftover not in said, f"{language}: {notice.kind}: {said!r}"
        # the parts that are data (names, check ids, an address, an MCP server's own failure)
        data = tuple(str(v) for k, v in notice.fields.items() if k in DATA)
        assert not untranslated(said, language, data), f"{language}: English words in {said!r}"


@pytest.mark.parametrize("language", ["de"], indirect=True)
def test_a_count_takes_its_plural_form(language):
    one, two = (worded(revising_notice(RUN, ids, 1, 2, 10)) for ids in (["words"], ["words", "ending"]))
    assert "1 Prüfung fehlgeschlagen" in one and "2 Prüfungen fehlgeschlagen" in two
    assert "5.099" in worded(revising_notice(RUN, ["bullets"], 1, 2, 5099))  # German digits


def test_english_and_unknown_kinds_show_the_cores_text(qtbot):
    for notice in samples():
        assert worded(notice) == notice.text
    assert worded(ev.Notice(RUN, Level.INFO, "something new", kind="brand_new")) == "something new"
    assert worded(ev.Notice(RUN, Level.INFO, "no kind")) == "no kind"


@pytest.mark.parametrize("language", ["de"], indirect=True)
def test_an_unknown_kind_and_missing_parts_fall_back_to_the_text(language):
    assert worded(ev.Notice(RUN, Level.INFO, "something new", kind="brand_new")) == "something new"
    missing = ev.Notice(RUN, Level.WARNING, "budget: …", kind=NoticeKind.BUDGET, fields={"spent": "$1.00"})
    assert worded(missing) == "budget: …"
