"""The setup wizard: where the models run (Ollama, the built-in engine, a cloud or an
OpenAI-compatible server), which model the team uses, and a test directive. Shown on
the first run and from Settings → Setup wizard… at any time. Finish saves the
settings (never a key: keys live in the OS keyring)."""

from __future__ import annotations

import asyncio
import html

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWizard,
    QWizardPage,
)
from qasync import asyncSlot

from aipa.core.config import catalogue
from aipa.core.config.model_names import shown
from aipa.core.config.settings import Settings
from aipa.core.setup.trial import TrialReport
from aipa.ui import theme as theming
from aipa.ui.dialogs.words import decimal, kind_text, left_to_right, role_name
from aipa.ui.i18n import core_text, number
from aipa.ui.platform import fit_platform
from aipa.ui.settings_apply import apply_settings
from aipa.ui.widgets import BAD, DIM, OK, WARN, colored, label, progress_bar
from aipa.ui.wizard.builtin import BuiltinPage
from aipa.ui.wizard.cloud import CloudPage
from aipa.ui.wizard.controller import TEST_DIRECTIVE, WizardController
from aipa.ui.wizard.local import (
    P_BUILTIN,
    P_CLOUD,
    P_MODEL,
    P_OLLAMA,
    P_PROVIDER,
    P_TEST,
    OllamaPage,
)
from aipa.ui.words import verdict as verdict_word

__all__ = ["P_BUILTIN", "P_CLOUD", "P_MODEL", "P_OLLAMA", "P_PROVIDER", "P_TEST", "SetupWizard"]

# The kinds the wizard sets up, from their records (the default provider is recommended).
CHOICES = tuple((k.name, k.title, k.description) for k in catalogue.setup_kinds())
RECOMMENDED = Settings().provider


def recommended(title: str) -> str:
    """A kind's title marked as the one recommended ("Ollama — recommended")."""
    return QCoreApplication.translate("ProviderPage", "{kind} — recommended").format(kind=title)


PAGES = {"ollama": P_OLLAMA, "builtin": P_BUILTIN, "cloud": P_CLOUD}  # a record's ``setup`` -> its page
NOT_CHAT = ("embed", "whisper", "tts", "dall-e", "moderation", "image", "audio", "transcribe", "realtime", "search")


class SetupWizard(QWizard):
    applied = Signal(object)  # the Settings saved on Finish

    def __init__(self, parent, core, controller=None, *, work: WizardController | None = None) -> None:
        """``core`` (the facade) is what ``apply_settings`` saves the choice through; the work
        is its setup service (``work``: a controller built by the caller)."""
        super().__init__(parent)
        self.core = core
        self.controller = controller  # the window's controller: applies the settings live
        self.work = work or WizardController(core.setup(), parent=self)
        self.setObjectName("setupWizard")
        self.setWindowTitle(self.tr("Set up AIPA"))
        self.setWindowIcon(theming.app_icon())
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.resize(820, 640)
        # An explicit size range: QWizard then stops re-setting it at each page (which
        # headless platforms answer with a warning each time).
        self.setMinimumSize(640, 520)
        self.setMaximumSize(16777215, 16777215)
        self._tasks: set[asyncio.Task] = set()
        self.provider_page = ProviderPage(self.work)
        self.ollama_page = OllamaPage(self.work, self.spawn, self.switch_provider)
        self.builtin_page = BuiltinPage(self.work, self.spawn)
        self.cloud_page = CloudPage(self.work, self.spawn)
        self.model_page = ModelPage(self.work)
        self.test_page = TestPage(self.work)
        for pid, page in (
            (P_PROVIDER, self.provider_page),
            (P_OLLAMA, self.ollama_page),
            (P_BUILTIN, self.builtin_page),
            (P_CLOUD, self.cloud_page),
            (P_MODEL, self.model_page),
            (P_TEST, self.test_page),
        ):
            self.setPage(pid, page)
        self.setStartId(P_PROVIDER)
        self.finished.connect(self._on_finished)
        fit_platform(self)

    def spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def switch_provider(self, name: str) -> None:
        """Go (back) to the provider page, choose kind ``name``, and move on to its page
        (stay on the provider page for a kind the wizard does not set up)."""
        if name not in self.provider_page.buttons:
            return
        self.provider_page.choose(name)
        while self.currentId() not in (P_PROVIDER, -1):
            self.back()
        self.next()

    def accept(self) -> None:
        settings = self.work.candidate()
        apply_settings(self.core, self.controller, settings)
        self.applied.emit(settings)
        super().accept()

    def initializePage(self, page_id: int) -> None:
        # Ask whether Ollama is there as the wizard opens: the first page must not preselect
        # "Ollama — recommended" on a computer that has no Ollama.
        if page_id == P_PROVIDER and self.work.ollama is None and "ollama" in self.provider_page.buttons:
            self.spawn(self.work.check_ollama(self.work.default_host()))
        super().initializePage(page_id)

    def _on_finished(self, _code: int) -> None:
        self.spawn(self.work.shutdown())


class ProviderPage(QWizardPage):
    def __init__(self, work: WizardController) -> None:
        super().__init__()
        self.work = work
        self.setTitle(self.tr("Welcome to AIPA"))
        self.setSubTitle(
            self.tr(
                "Your agents need a model. Choose where it runs; you can change it any time (Settings → Setup wizard…)."
            )
        )
        layout = QVBoxLayout(self)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        for name, title, text in CHOICES:
            button = QRadioButton(recommended(kind_text(title)) if name == RECOMMENDED else kind_text(title))
            button.setObjectName(f"provider_{name}")
            self.group.addButton(button)
            self.buttons[name] = button
            layout.addWidget(button)
            note = QLabel(kind_text(text))
            note.setWordWrap(True)
            note.setStyleSheet(f"color: {DIM}; margin-left: 24px;")
            layout.addWidget(note)
        layout.addStretch(1)
        layout.addWidget(
            label(
                "dataFolder",
                colored(
                    self.tr("Your data folder: {folder}").format(folder=left_to_right(str(work.setup.paths.root))),
                    DIM,
                    bold=False,
                ),
            )
        )
        self.choose(work.choice.provider if work.choice.provider in self.buttons else next(iter(self.buttons)))
        self.touched = False  # the Principal chose a kind: a late Ollama report never overrides it
        self.group.buttonClicked.connect(self._on_clicked)
        work.ollamaChecked.connect(self._on_ollama)

    def _on_clicked(self, _button) -> None:
        self.touched = True

    def _on_ollama(self, report) -> None:
        """No Ollama on this computer: the built-in engine (nothing to install) is the one
        recommended and preselected, unless the Principal has chosen already."""
        if report.state != "not_installed" or not {"ollama", "builtin"} <= set(self.buttons):
            return
        titles = {k.name: kind_text(k.title) for k in catalogue.setup_kinds()}

        self.buttons["ollama"].setText(self.tr("{kind} (not installed on this computer)").format(kind=titles["ollama"]))
        self.buttons["builtin"].setText(recommended(titles["builtin"]))
        wizard = self.wizard()
        here = wizard is not None and wizard.currentPage() is self  # never behind the Principal's back
        if here and not self.touched and self.chosen() == "ollama":
            self.choose("builtin")

    def choose(self, name: str) -> None:
        self.buttons[name].setChecked(True)

    def chosen(self) -> str:
        return next(name for name, button in self.buttons.items() if button.isChecked())

    def nextId(self) -> int:
        record = catalogue.provider(self.chosen())
        return PAGES[record.setup] if record is not None else P_CLOUD

    def validatePage(self) -> bool:
        c = self.work.choice
        if c.provider != self.chosen():
            c.provider, c.model, c.base_url, c.models = self.chosen(), "", "", []
        return True


class ModelPage(QWizardPage):
    def __init__(self, work: WizardController) -> None:
        super().__init__()
        self.work = work
        self.setTitle(self.tr("The team's model"))
        self.setSubTitle(
            self.tr(
                "Miranda (orchestrator), the leads and Vera (auditor) all use this model, unless an agent "
                "has its own (Settings → Agents)."
            )
        )
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.model = QComboBox()
        self.model.setObjectName("defaultModel")
        self.model.setEditable(True)
        self.model.setMinimumWidth(360)
        form.addRow(self.tr("Default model"), self.model)
        layout.addLayout(form)
        self.who = label("modelUse")
        layout.addWidget(self.who)
        layout.addStretch(1)
        self.model.currentTextChanged.connect(self._changed)

    def initializePage(self) -> None:
        c = self.work.choice
        models = [m for m in c.models if not any(word in m.lower() for word in NOT_CHAT)] or list(c.models)
        self.model.clear()
        self.model.addItems(models)
        self.model.setCurrentText(c.model or _preferred(c.provider, models))
        self._changed()

    def _changed(self, *_args) -> None:
        c = self.work.choice
        default = self.model.currentText().strip() or self.tr("the provider's default")
        rows = []
        roles = {v: k for k, v in self.work.setup.settings.roles.items()}
        for agent in self.work.setup.agents():
            role = role_name(roles.get(agent.name, "lead"))
            name = f"<b>{html.escape(agent.name)}</b>"
            if agent.provider or agent.model:
                own = agent.model or self.tr("default")
                use = f"{agent.provider or c.provider} · {own}"
                line = self.tr("{agent} ({role}) keeps its own: {model}")
                rows.append("<li>" + line.format(agent=name, role=role, model=html.escape(use)) + "</li>")
            else:
                use = f"{c.provider} · {default}"
                line = self.tr("{agent} ({role}): {model}")
                rows.append("<li>" + line.format(agent=name, role=role, model=html.escape(use)) + "</li>")
        self.who.setText("<ul style='margin-left:-20px'>" + "".join(rows) + "</ul>")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return bool(self.model.currentText().strip())

    def validatePage(self) -> bool:
        self.work.choice.model = self.model.currentText().strip()
        return True


class TestPage(QWizardPage):
    def __init__(self, work: WizardController) -> None:
        super().__init__()
        self.work = work
        self.setTitle(self.tr("Try it"))
        self.setSubTitle(
            self.tr(
                "Optional: send a short test directive through the whole team (route, leads, synthesis, "
                "audit) with your choice. Finish saves the settings."
            )
        )
        self.setFinalPage(True)
        layout = QVBoxLayout(self)
        self.summary = label("choiceSummary")
        layout.addWidget(self.summary)
        row = QHBoxLayout()
        self.run_button = QPushButton(self.tr("Run the test directive"))
        self.run_button.setObjectName("runTest")
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setObjectName("stopTest")
        self.stop_button.setEnabled(False)
        row.addWidget(self.run_button)
        row.addWidget(self.stop_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.status = label("testStatus")
        layout.addWidget(self.status)
        self.reading = progress_bar("testReading")  # how far the model has read its prompt
        self.reading.hide()
        layout.addWidget(self.reading)
        self.result = QPlainTextEdit()
        self.result.setObjectName("testResult")
        self.result.setReadOnly(True)
        self.result.setPlaceholderText(f"“{TEST_DIRECTIVE}”")
        layout.addWidget(self.result, 1)
        self.hint = label("testHint")
        layout.addWidget(self.hint)
        self.ok: bool | None = None
        self.run_button.clicked.connect(self.on_run)
        self.stop_button.clicked.connect(lambda: self.work.cancel("test"))
        work.testProgress.connect(self._on_progress)
        work.testFinished.connect(self._on_finished)

    @asyncSlot()
    async def on_run(self) -> None:
        await self.work.run_test()

    def initializePage(self) -> None:
        c = self.work.choice
        provider = f"<b>{html.escape(c.provider)}</b>"
        chosen = shown(c.model) or self.tr("default")
        model = f"<b>{html.escape(chosen)}</b>"
        text = (
            self.tr("Provider {provider} at {url} · model {model}").format(
                provider=provider, url=html.escape(c.base_url), model=model
            )
            if c.base_url
            else self.tr("Provider {provider} · model {model}").format(provider=provider, model=model)
        )
        self.summary.setText(text)

    def _on_progress(self, text: str, done: int | None, total: int | None) -> None:
        """The team's live state (the lead cards' words), and the prompt read so far."""
        self.run_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.status.setText(html.escape(core_text(text)))
        if total:
            self.reading.setValue(round(1000 * min(done or 0, total) / total))
        self.reading.setVisible(bool(total))

    def _on_finished(self, state: str, text: str, hint: str, report: TrialReport | None) -> None:
        """What the test run saw (who answered, how long, how many words, how fast), or
        that it was stopped, or why it failed."""
        self.ok = state == "ok"
        self.run_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.reading.hide()
        if state == "cancelled":
            self.status.setText(colored(self.tr("Stopped."), DIM))
            self.result.setPlainText("")
        elif self.ok and report is not None:  # a verdict that asks for a look is not green
            good = report.verdict in ("", "PASS", "PASS WITH NOTES")
            self.status.setText(colored(self._saw(report), OK if good else WARN))
            self.result.setPlainText(text + self._verdict(report))
        else:
            self.status.setText(colored(self.tr("The test run did not get an answer."), BAD))
            self.result.setPlainText(text)
        self.hint.setText(
            colored(self.tr("Hint: {hint}").format(hint=core_text(hint)), BAD, bold=False) if hint else ""
        )

    def _saw(self, report: TrialReport) -> str:
        took = report.seconds
        if took < 60:
            seconds = self.tr("{seconds} s").format(seconds=decimal(took, 1))
        else:
            seconds = self.tr("{minutes} min {seconds} s").format(minutes=int(took // 60), seconds=int(took % 60))
        said = self.tr("{who} answered in {seconds}: {words} words").format(
            who=report.who, seconds=seconds, words=number(report.words)
        )
        if report.rate:
            said += self.tr(", {rate} tokens/s").format(rate=decimal(report.rate, 1))
        return said + "."

    def _verdict(self, report: TrialReport) -> str:
        if not report.verdict:
            return ""
        return "\n\n" + self.tr("{auditor}'s verdict: {verdict}").format(
            auditor=report.auditor, verdict=verdict_word(report.verdict)
        )


def _preferred(provider: str, models: list[str]) -> str:
    record = catalogue.provider(provider)
    for prefix in record.preferred_models if record else ():
        match = next((m for m in sorted(models, reverse=True) if m.startswith(prefix)), "")  # newest
        if match:
            return match
    return models[0] if models else ""
