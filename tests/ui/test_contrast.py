"""Every text colour pair each theme draws meets WCAG AA (4.5:1), the chat cards' own
included (states, verdicts, notices, decisions, agent names, selection, action chips),
and "Follow the system" follows it again after Dark."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from aipa.core.team.agents import DEFAULTS, parse_agent_file, shipped_prompts_dir
from aipa.ui import theme as theming
from aipa.ui.chat.slash import AIPA_COLOR
from aipa.ui.theme import DARK, LIGHT, contrast


def agent_colors() -> tuple[str, ...]:
    """The shipped agents' colours, the default one and the app's own."""
    shipped = [parse_agent_file(p.read_text(encoding="utf-8"), p).color for p in shipped_prompts_dir().glob("*.md")]
    assert len(shipped) >= 7
    # and colours a user may pick that sit badly on either theme
    return (*shipped, DEFAULTS["color"], AIPA_COLOR, "#ffff00", "#000080", "#808080", "#ffffff", "#000000")


def test_the_contrast_formula():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_every_text_pair_meets_wcag_aa(theme, capsys):
    pairs = theme.text_pairs(agent_colors())
    assert len(pairs) > 60
    ratios = sorted((contrast(fg, bg), where) for fg, bg, where in pairs)
    lowest, where = ratios[0]
    with capsys.disabled():
        print(f"\n{'dark' if theme.dark else 'light'} theme: lowest contrast {lowest:.2f}:1 ({where})")
    assert lowest >= 4.5, [r for r in ratios if r[0] < 4.5]
    for verdict in ("PASS", "PASS WITH NOTES", "FLAG", "REJECT"):
        assert contrast(theme.verdict_color(verdict, theme.dim), theme.card) >= 4.5
    for state in theming.STATE_LEVEL:
        assert contrast(theme.state_color(state), theme.base) >= 4.5


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_agent_ink_keeps_a_legible_colour_as_it_is(theme):
    legible = "#1d2230" if not theme.dark else "#e3e6ee"
    assert theme.agent_ink(legible) == legible
    bad = "#4a6ee0" if theme.dark else "#c9a227"  # 3.1:1 on the dark card, 2.4:1 on white
    ink = theme.agent_ink(bad)
    assert ink != bad and contrast(ink, theme.card) >= 4.5


def test_the_cards_draw_only_theme_colours():
    """card_header.py and card_paint.py name no colour of their own: every ink comes
    from the theme (so the pairs above are the ones they draw)."""
    import re
    from pathlib import Path

    import aipa.ui.transcript.card_header as header
    import aipa.ui.transcript.card_paint as paint

    for module in (header, paint):
        source = Path(module.__file__).read_text(encoding="utf-8")
        assert not re.findall(r"#[0-9a-fA-F]{6}\b", source), module.__name__
        assert "Qt.GlobalColor" not in source and "STATE_COLORS" not in source


def test_follow_the_system_follows_it_after_dark(qtbot):
    app = QApplication.instance()
    try:
        assert theming.apply(app, "dark").dark
        system = theming.current("system")
        assert system.dark == theming.system_is_dark()
        assert not theming.system_is_dark()  # the offscreen platform's own palette is light
    finally:
        theming.apply(app, "light")


def _blended(color, background: str) -> str:
    """``color`` as drawn over ``background`` (a stylesheet's ``color`` makes Qt draw the
    placeholder as that colour at half opacity unless ``placeholder-text-color`` is set)."""
    from PySide6.QtGui import QColor

    bg, a = QColor(background), color.alphaF()
    mix = [round(c * a + b * (1 - a)) for c, b in zip(color.getRgb()[:3], bg.getRgb()[:3], strict=True)]
    return QColor(*mix).name()


@pytest.mark.parametrize("scheme", ["light", "dark"])
async def test_every_placeholder_in_the_window_meets_wcag_aa(qtbot, home, scheme):
    """The placeholders as the real window draws them, the compose box's (the only place the
    send keys are written) and the session search's included: 4.5:1 on their own background."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QTextEdit

    from tests.ui.helpers import open_window

    theme = theming.apply(QApplication.instance(), scheme)  # as gui.py does before the window
    assert theme.dark == (scheme == "dark")
    from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
    from tests.ui.helpers import gate

    seen = []

    def measure(w) -> None:
        for cls in (QLineEdit, QPlainTextEdit, QTextEdit):
            for widget in w.findChildren(cls):
                if not widget.placeholderText():
                    continue
                widget.ensurePolished()
                pal = widget.palette()
                ink = pal.color(QPalette.ColorRole.PlaceholderText)
                back = pal.color(QPalette.ColorRole.Base).name()
                seen.append((contrast(_blended(ink, back), back), widget.objectName() or widget.placeholderText()))

    async with open_window(home, theme=scheme) as w:
        measure(w)
        # the gate cards' fields too: the clarify card's answers, the review card's feedback and Reject's reason
        w.controller.spawn(w.controller.submit("Offsite"))
        clarify = await gate(w, ClarifyDialog)
        measure(w)
        clarify.send_button.click()
        review = await gate(w, ReviewDialog)
        measure(w)
        review.done(2)
        names = {where for _, where in seen}
        assert {"compose", "sessionSearch", "feedback", "rejectReason"} <= names, names
        assert any(name.startswith("answer_") for name in names), names
        assert all(ratio >= 4.5 for ratio, _ in seen), (scheme, sorted(seen))
    theming.apply(QApplication.instance(), "light")
