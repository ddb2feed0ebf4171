"""The Must-show pictures on the real model (tests/ui/shots/real_model_shots.py), as a test:
each is taken while the run is in progress, in the state it shows. Not part of
``make test`` (10+ minutes on a CPU model): ``make real-shots`` runs it."""

from __future__ import annotations

import pytest

from tests.ui.shots.real_model_shots import shoot

pytestmark = [pytest.mark.llm, pytest.mark.shots]


async def test_real_model_screenshots(qtbot, tmp_path, model_path):
    home = tmp_path / "home"
    home.mkdir()
    saved = await shoot(tmp_path, home)
    names = {p.name for p in saved}
    assert {"real-lead-reading.png", "real-four-leads.png", "real-audit-verdict.png", "wizard-test-run.png"} <= names
    assert all(p.stat().st_size > 10_000 for p in saved)


async def test_real_model_checklist_screenshots(qtbot, tmp_path, model_path):
    """The routing card's and the review card's checklists on the real model (issue 31)."""
    from tests.ui.shots.real_checklist_shots import shoot as shoot_checklist

    home = tmp_path / "checklist-home"
    home.mkdir()
    saved = await shoot_checklist(tmp_path, home, threads=2)
    assert {p.name for p in saved} == {"real-routing-checklist.png", "real-review-checklist.png"}
    assert all(p.stat().st_size > 10_000 for p in saved)
