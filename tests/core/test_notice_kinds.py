"""Every notice the core emits says what it is (issue 29 item 5): a ``NoticeKind`` and the
parts its sentence is made of, beside the English text the terminal prints, so that the
window can word it in its own language (ui/notice_words.py)."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path

import pytest

from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config.paths import Paths
from aipa.core.kinds import NoticeKind
from aipa.core.run.reviewer import AutoReviewer
from aipa.providers import window_probe

ROOT = Path(__file__).resolve().parents[2] / "desktop" / "aipa"
DIRECTIVE = "Plan a three-day offsite for a 12-person team"


def _calls(folder: str, name: str) -> list[tuple[str, ast.Call]]:
    """Every call of ``name`` (``Notice(...)``, ``ev.Notice(...)``) in the modules under ``folder``."""
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if called == name:
                    found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node))
    return found


def test_every_notice_the_core_makes_names_its_kind():
    calls = _calls("core", "Notice")
    assert len(calls) >= 10, "the scan finds the core's notices"
    for where, call in calls:
        kind = next((k.value for k in call.keywords if k.arg == "kind"), None)
        assert kind is not None, f"{where}: a Notice without its kind"
        if isinstance(kind, ast.Attribute) and getattr(kind.value, "id", "") == "NoticeKind":  # a member that exists
            assert kind.attr in NoticeKind.__members__, f"{where}: NoticeKind.{kind.attr}"


def test_every_caution_a_provider_makes_names_its_kind():
    calls = _calls("providers", "Caution")
    assert calls, "the scan finds the providers' cautions"
    for where, call in calls:
        assert len(call.args) >= 2 or any(k.arg == "kind" for k in call.keywords), f"{where}: a Caution without kind"
    assert window_probe.CONTEXT_GUESSED == NoticeKind.CONTEXT_GUESSED  # the exchange passes it on as it is


@pytest.fixture(scope="module")
def garbage_notices(tmp_path_factory) -> list[ev.Notice]:
    """The notices of a run whose every reply is unusable (the scripted "garbage" model):
    re-asks and fallbacks at every stage."""
    app = build(Override("scripted", "garbage"), Paths(tmp_path_factory.mktemp("home")))
    seen: list = []
    try:
        asyncio.run(app.pipeline(AutoReviewer(), seen.append).run(DIRECTIVE))
    finally:
        app.store.close()
    return [e for e in seen if isinstance(e, ev.Notice)]


def test_a_run_through_its_fallbacks_emits_only_kinds_with_their_parts(garbage_notices):
    kinds = [n.kind for n in garbage_notices]
    assert NoticeKind.REASKING in kinds and NoticeKind.NO_VERDICT in kinds, kinds
    assert {NoticeKind.UNUSABLE, NoticeKind.EMPTY} & set(kinds), kinds
    for notice in garbage_notices:
        assert isinstance(notice.kind, NoticeKind), notice
        assert notice.text and notice.fields.get("agent"), notice
        if notice.kind in (NoticeKind.UNUSABLE, NoticeKind.EMPTY, NoticeKind.TOO_LONG):
            assert notice.fields["what"] and notice.fields["instead"], notice
    route = next(n for n in garbage_notices if n.about == "route")
    assert route.fields == {"agent": "Miranda", "what": "route", "title": "", "instead": "route"}
    assert route.text == "Miranda's routing reply was unusable, so every lead got the directive."
