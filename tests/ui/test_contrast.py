"""Every text colour pair each theme draws meets WCAG AA (4.5:1), and "Follow the
system" follows it again after Dark (issue 12, item 9)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from aipa.ui import theme as theming
from aipa.ui.theme import DARK, LIGHT, contrast


def test_the_contrast_formula():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_every_text_pair_meets_wcag_aa(theme, capsys):
    ratios = sorted((contrast(fg, bg), where) for fg, bg, where in theme.text_pairs())
    lowest, where = ratios[0]
    with capsys.disabled():
        print(f"\n{'dark' if theme.dark else 'light'} theme: lowest contrast {lowest:.2f}:1 ({where})")
    assert lowest >= 4.5, [r for r in ratios if r[0] < 4.5]
    for verdict in ("PASS", "PASS WITH NOTES", "FLAG", "REJECT"):
        assert contrast(theme.verdict_color(verdict, theme.dim), theme.card) >= 4.5
    for state in theming.STATE_LEVEL:
        assert contrast(theme.state_color(state), theme.base) >= 4.5


def test_follow_the_system_follows_it_after_dark(qtbot):
    app = QApplication.instance()
    try:
        assert theming.apply(app, "dark").dark
        system = theming.current("system")
        assert system.dark == theming.system_is_dark()
        assert not theming.system_is_dark()  # the offscreen platform's own palette is light
    finally:
        theming.apply(app, "light")
