"""The dialogs, the setup wizard and the plan window in each shipped language (German,
Simplified Chinese, Hebrew, right to left): every one is opened with the language's
translators installed (ui/i18n.py, as at start) and fails on English left untranslated
or text that does not fit its widget (tests/ui/translation_check.py). The dialogs'
catalogue (resources/translations/dialogs_<lang>.ts) is complete.

What the dialogs show that is not their own words is left out of the check: data (agent
names, titles and prompts, model names, paths, run ids, a run's directive) and the core's
messages (the other areas' catalogues)."""

from __future__ import annotations

import asyncio
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from aipa.core.run.reviewer import Question, ReviewItem
from aipa.core.setup.recommend import GIB
from aipa.ui import i18n
from aipa.ui.dialogs.agent_editor import AgentEditor
from aipa.ui.dialogs.brief_editor import BriefEditor
from aipa.ui.dialogs.briefs_rerun import BriefsRerunDialog
from aipa.ui.dialogs.common import ClarifyDialog, MessageDialog, ReviewDialog, confirm
from aipa.ui.dialogs.compare import CompareDialog
from aipa.ui.dialogs.raw_view import RawDialog, reply_entries
from aipa.ui.dialogs.recruiter_card import RecruiterCard
from aipa.ui.dialogs.rename_session import RenameDialog
from aipa.ui.dialogs.rerun import RerunDialog
from aipa.ui.dialogs.roster_view import RosterDialog
from aipa.ui.dialogs.settings import SettingsDialog
from aipa.ui.dialogs.timeline import TimelineDialog
from aipa.ui.dialogs.tool_call import ToolCallCard
from aipa.ui.dialogs.trash import TrashDialog
from aipa.ui.plan.runs_dialog import PlanRunsDialog
from aipa.ui.plan.window import PlanWindow
from aipa.ui.wizard.catalogue import CatalogueDialog
from aipa.ui.wizard.controller import TEST_DIRECTIVE
from aipa.ui.wizard.window import P_BUILTIN, P_CLOUD, P_MODEL, P_OLLAMA, P_TEST
from tests.ui.helpers import DIRECTIVE, open_window, until
from tests.ui.translation_check import ENGLISH_WORDS, plain, untranslated
from tests.ui.translation_check import _fits as fits
from tests.ui.translation_check import shown as texts
from tests.ui.wizard_support import close_wizard, make_wizard, memory_keyring  # noqa: F401

LANGUAGES = ("de", "zh_CN", "he")
# Names that stay as they are in every language (brands, servers, formats).
BRANDS = frozenset(
    [
        "AIPA",
        "Ollama",
        "OpenAI",
        "Anthropic",
        "Claude",
        "GPT",
        "vLLM",
        "Groq",
        "Together",
        "Mistral",
        "OpenRouter",
        "GGUF",
        "MCP",
        "JSON",
        "HTML",
        "Markdown",
        "llama.cpp",
        "stdio",
        "HTTP",
    ]
) | {"LM Studio"}
# The labels that show a message of the core (the Ollama check, a key check, the keyring,
# a download): its words are the core area's (QT_TRANSLATE_NOOP("Core", …), core_<lang>.ts),
# shown through i18n.core_text, and English until the core marks them.
CORE_MESSAGES = frozenset(
    [
        "ollamaStatus",
        "ollamaHint",
        "pullMessage",
        "pullLabel",
        "keyResult",
        "keyringStatus",
        "engineStatus",
        "testStatus",
        "testHint",
        "transferMessage",
        "transferLabel",
        "mcpStatus",
        "profileMessage",
        "apiState",
        "settingsError",
    ]
)


@contextmanager
def language(name: str):
    """The window's translators for ``name`` installed, as ``aipa`` does at start."""
    app = QApplication.instance()
    installed = i18n.install(app, name)
    try:
        assert installed.language == name and installed.translators
        yield
    finally:
        i18n.uninstall(app, installed)


def data_words(core) -> set[str]:
    """What a dialog shows that is data, not its words: the agents' names, titles,
    descriptions and prompts."""
    found = set()
    for agent in core.agents.all():
        found |= {agent.name, agent.title, agent.description, agent.model}
        found |= set(agent.prompt.splitlines())
    return {w for w in found if w}


def plan_words(plan) -> set[str]:
    """A plan's own words (the planners wrote them): the analysis, features, stories,
    tasks and sprints' goals."""
    a = plan.analysis
    found = {a.summary, *a.goals, *a.risks, *a.assumptions}
    for f in plan.features:
        found |= {f.id, f.name, f.description, f.priority}
    for s in plan.stories:
        found |= {s.id, s.text, s.i_want, s.priority, *s.acceptance_criteria}
    for k in plan.tasks:
        found |= {k.id, k.title, k.label, k.test_plan}
    found |= {s.goal for s in plan.sprints}
    return {w for w in found if w}


def is_data(words: str, data: set[str]) -> bool:
    """Whether ``words`` are data shown as they are (or English only where data is)."""
    if words in data:
        return True
    rest = words
    for d in sorted(data, key=len, reverse=True):
        rest = rest.replace(d, " ")
    return not ENGLISH_WORDS.search(rest) and rest.strip() != words


def check(widget: QWidget, lang: str, data: set[str] = frozenset()) -> list[str]:
    """``translation_check.problems`` of ``widget`` in ``lang``, less the texts that are
    data shown as it is."""
    found = []
    data = set(data) | BRANDS
    for item in texts(widget):
        if untranslated(item.text, lang, tuple(data)):
            core = item.widget is not None and item.widget.objectName() in CORE_MESSAGES
            if not core and not is_data(plain(item.text), data):
                found.append(f"untranslated {item}")
        elif not fits(item):
            found.append(f"does not fit {item} (widget {item.widget.width()}×{item.widget.height()})")
    return found


def assert_fine(widget: QWidget, lang: str, data=frozenset(), where: str = "") -> None:
    found = check(widget, lang, data)
    assert not found, f"{where or type(widget).__name__} in {lang}:\n" + "\n".join(found)


def shown(dialog: QDialog, _qtbot=None) -> QDialog:
    """``dialog`` shown (its parent, the window, deletes it; never a nested event loop:
    the qasync loop runs the test)."""
    dialog.show()
    return dialog


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dialogs_catalogue_is_complete(lang):
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("translations_script", root / "scripts" / "translations.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.unfinished(script.FOLDER / f"dialogs_{lang}.ts") == []


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_settings_dialog_and_every_tab(qtbot, home, memory_keyring, lang):
    with language(lang):
        async with open_window(home) as w:
            dialog = shown(SettingsDialog(w, w.core, w.controller, open_wizard=lambda: None), qtbot)
            await until(lambda: "…" not in dialog.keyring_label.text(), what="the keyring's state")
            data = data_words(w.core)
            assert dialog.isRightToLeft() == (lang == "he")  # Hebrew mirrors the layout
            for index in range(dialog.tabs.count()):
                dialog.tabs.setCurrentIndex(index)
                if index == dialog.tabs.indexOf(dialog.mcp):
                    dialog.mcp.add()  # the editor filled, its fields shown
                await asyncio.sleep(0)
                assert_fine(dialog, lang, data, f"Settings, tab {dialog.tabs.tabText(index)!r}")
            # the language choice names each language in its own words
            names = [dialog.language.itemText(i) for i in range(dialog.language.count())]
            assert names[1:] == ["English", "Deutsch", "简体中文", "עברית"]
            assert names[0] == QCoreApplication.translate("SettingsDialog", "System default") != "System default"
            dialog.reject()


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_gates_editors_and_viewers(qtbot, home, memory_keyring, lang):
    with language(lang):
        async with open_window(home) as w:
            w.reviewer.auto = True
            await w.controller.submit(DIRECTIVE)
            w.reviewer.auto = False
            run_id = w.controller.run_id
            core, theme = w.core, w.theme
            data = data_words(core) | {DIRECTIVE, run_id, "Atlas runs again with your feedback."}
            data |= {t.title for t in core.runs.tasks(run_id)}  # the planner's words, in the briefs re-run
            item = ReviewItem(run_id, "review", "Offsite plan", "# Plan\n\nDay one.", "PASS", "Looks right.")
            dialogs = [
                ReviewDialog(w, item, theme),
                ReviewDialog(w, ReviewItem(run_id, "plan_review", "Briefs", "- Atlas: venues"), theme),
                ClarifyDialog(w, [Question("q1", "How many nights?")]),
                RecruiterCard(w, "Write notes.md", "+++ notes.md\n+a line", theme, inline=False),
                BriefsRerunDialog(core.runs.tasks(run_id), w),
                ToolCallCard(w, "MCP tool notes.read (read-only)?", '{"path": "a.md"}', theme, inline=False),
                AgentEditor(w, core, lambda roles: None),
                BriefEditor(w, core.sessions.brief(), theme),
                RenameDialog(w, "Offsite"),
                RerunDialog("Atlas", "Atlas runs again with your feedback.", w),
                RosterDialog(w, core),
                TrashDialog(w, core),
                TimelineDialog(core, run_id, theme, w),
                RawDialog("/debug", reply_entries(core.runs.raw_replies(run_id), core.agents.look), theme, w),
                MessageDialog(w, "AIPA", "notes.md"),
            ]
            for dialog in dialogs:
                shown(dialog, qtbot)
                assert_fine(dialog, lang, data | {item.title, "Briefs", "How many nights?", "Write notes.md"})
                dialog.done(0)
            box = confirm(w, "?", "?", QCoreApplication.translate("AgentEditor", "Delete"), lambda: None)
            assert box.no_button.text() == QCoreApplication.translate("MessageDialog", "Cancel") != "Cancel"
            box.reject()
            editor = shown(AgentEditor(w, core, lambda roles: None), qtbot)
            editor.new_agent()  # the new agent's own note
            assert_fine(editor, lang, data, "the agent editor, a new agent")
            editor.reject()
            catalogue = shown(CatalogueDialog(w, core, memory=16 * GIB), qtbot)
            await until(lambda: catalogue.view.tree.topLevelItemCount(), what="the catalogue")
            titles = {
                catalogue.view.tree.topLevelItem(i).text(0) for i in range(catalogue.view.tree.topLevelItemCount())
            }
            assert_fine(catalogue, lang, data | titles, "the model catalogue")
            catalogue.reject()


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_compare_view_of_two_revisions(qtbot, home, lang):
    with language(lang):
        async with open_window(home) as w:
            w.reviewer.auto = True
            await w.controller.submit(DIRECTIVE)
            first = w.controller.run_id
            await w.controller.rerun(first, stage="synthesize", feedback=("Name the venue.",))
            await until(lambda: w.controller.run_id != first and len(w.core.runs.revisions(first)) == 2)
            family = [r.run_id for r in w.core.runs.revisions(first)]
            data = data_words(w.core) | {DIRECTIVE, *family}
            dialog = shown(CompareDialog(w.core, family, family[0], family[1], w.theme, w), qtbot)
            assert len(texts(dialog)) > 3  # its labels, buttons and choices are read
            assert_fine(dialog, lang, data, "the compare view")
            dialog.done(0)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_page_of_the_setup_wizard(qtbot, home, memory_keyring, lang):
    with language(lang):
        wizard = make_wizard(qtbot, home, which=lambda _name: None, memory=16 * GIB)
        try:
            data = data_words(wizard.core) | {"Ollama", "OpenAI", "Anthropic"}
            ollama = wizard.provider_page.buttons["ollama"]
            await until(lambda: wizard.work.ollama is not None, what="the Ollama check")
            assert ollama.text() != "Ollama (not installed on this computer)"  # in the language
            assert_fine(wizard, lang, data, "the wizard's first page")
            for kind, page in (("ollama", P_OLLAMA), ("builtin", P_BUILTIN), ("openai", P_CLOUD),
                               ("openai-compatible", P_CLOUD)):  # fmt: skip
                wizard.switch_provider(kind)
                assert wizard.currentId() == page
                await asyncio.sleep(0.05)
                assert_fine(wizard, lang, data, f"the wizard's {kind} page")
            wizard.work.choice.provider, wizard.work.choice.model = "ollama", "qwen3:8b"
            data.add(f"“{TEST_DIRECTIVE}”")  # the test directive goes to the model as it is
            for page in (P_MODEL, P_TEST):  # started there: they show the choice made
                wizard.setStartId(page)
                wizard.restart()
                assert wizard.currentId() == page
                assert_fine(wizard, lang, data | {"qwen3:8b"}, f"the wizard's page {page}")
        finally:
            await close_wizard(wizard)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_plan_window_with_a_plan_and_its_runs(qtbot, home, lang):
    with language(lang):
        async with open_window(home) as w:
            pw = PlanWindow(w.core.plans, w.theme, auto_gates=True)
            pw.show()
            assert_fine(pw, lang, where="a new plan window")
            pw.description.setPlainText("A habit-tracking mobile app, 4 developers, 2-week sprints")
            pw.start_button.click()
            await until(lambda: pw.controller.run_id and not pw.controller.busy, 60, "the plan")
            assert pw.view.board.columns, "the sprints are shown"
            run = pw.controller.run()
            data = {run.directive, run.run_id, pw.windowTitle()}
            data |= plan_words(pw.view.plan)
            assert_fine(pw, lang, data, "the plan window with a plan")
            runs = shown(PlanRunsDialog(w, w.core.plans.runs(), w.theme), qtbot)
            assert_fine(runs, lang, data, "the plan runs")
            runs.reject()
            await pw.aclose()


def test_numbers_follow_the_locale():
    from aipa.ui.dialogs.words import decimal, number, size

    app = QApplication.instance() or QApplication([])
    installed = i18n.install(app, "de")
    try:
        assert QLocale().language() == QLocale.Language.German
        assert number(12345) == "12.345" and decimal(3.5) == "3,5" and size(4.7e9) == "4,7 GB"
        assert app.layoutDirection() == Qt.LayoutDirection.LeftToRight
    finally:
        i18n.uninstall(app, installed)
    assert number(12345) == "12,345" and size(135e6) == "135 MB"
