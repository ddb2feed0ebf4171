"""Open the setup wizard on a fresh data dir, with a test keyring."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import keyring
import pytest

from aipa.app import Override, build
from aipa.core.config import secrets
from aipa.core.config.paths import Paths
from aipa.core.setup.recommend import GIB
from aipa.ui.wizard.controller import WizardController
from aipa.ui.wizard.window import SetupWizard
from tests.support.memory_keyring import MemoryKeyring
from tests.ui.helpers import write_settings


@pytest.fixture
def memory_keyring():
    """An in-memory keyring for one test; the previous backend and the session come back."""
    before = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    secrets.reset_session()
    yield ring
    keyring.set_keyring(before)
    secrets.reset_session()


def make_wizard(
    qtbot,
    home: Path,
    *,
    which=shutil.which,
    stall_after: float = 30.0,
    memory: int = 8 * GIB,
    controller=None,
    catalogue=None,
    **settings,
) -> SetupWizard:
    if settings:
        write_settings(home, **settings)
    app = build(Override(), Paths(home))
    options = {"catalogue": catalogue} if catalogue is not None else {}
    work = WizardController(app.core.setup(which=which, stall_after=stall_after, memory=memory, **options))
    wizard = SetupWizard(None, app.core, controller, work=work)
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


async def close_wizard(wizard: SetupWizard) -> None:
    if wizard.isVisible():
        wizard.reject()
    await wizard.work.shutdown()
    await wizard.core.app.aclose()
    await asyncio.sleep(0)


def rows(page) -> dict[str, str]:
    """Model -> status, as the Ollama page lists them."""
    tree = page.models
    return {tree.topLevelItem(i).text(0): tree.topLevelItem(i).text(2) for i in range(tree.topLevelItemCount())}


def files_containing(root: Path, needle: str) -> list[Path]:
    data = needle.encode()
    return [p for p in root.rglob("*") if p.is_file() and data in p.read_bytes()]
