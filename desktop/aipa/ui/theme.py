"""Light/dark look: follows the system colour scheme (QStyleHints.colorScheme) unless
settings say otherwise. One palette of named colours feeds the stylesheet, the chat
delegate and the rendered HTML."""

from __future__ import annotations

import colorsys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication

from aipa.core.config.paths import shipped_dir
from aipa.core.kinds import Verdict

VERDICT_LEVEL: dict[str, str] = {
    Verdict.PASS: "ok",
    Verdict.PASS_WITH_NOTES: "warn",
    Verdict.FLAG: "warn",
    Verdict.REJECT: "bad",
}

# Which of a theme's inks each state is drawn in (``Theme.state_color``: every theme's
# own, which meet WCAG AA on that theme's backgrounds).
STATE_LEVEL = {
    "idle": "dim",
    "queued": "dim",
    "reading": "think",
    "asking": "warn",
    "pending": "dim",
    "waiting": "think",
    "working": "think",
    "thinking": "think",
    "streaming": "busy",
    "in_progress": "busy",
    "done": "ok",
    "complete": "ok",
    "error": "bad",
    "interrupted": "warn",
    "stopped": "warn",
}
# A notice's or decision's level → the ink it is drawn in (``Theme.level_color``).
LINE_LEVEL = {"warning": "warn", "error": "bad", "ok": "ok"}
AA = 4.5  # WCAG AA contrast for text


@dataclass(frozen=True)
class Theme:
    dark: bool
    window: str
    base: str
    card: str
    text: str
    dim: str
    border: str
    accent: str
    thinking_bg: str
    principal_bg: str
    deliverable_border: str
    on_accent: str  # text on an accent-coloured button
    ok: str
    warn: str
    bad: str
    busy: str
    think: str
    selection_bg: str  # selected text in a message (drawn in ``text``)
    action_bg: str  # a message action's chip (drawn in ``accent``)

    def verdict_color(self, verdict: str, fallback: str) -> str:
        level = VERDICT_LEVEL.get((verdict or "").upper().strip())
        return getattr(self, level) if level else fallback

    def state_color(self, state: str) -> str:
        return getattr(self, STATE_LEVEL.get(state, "dim"))

    def level_color(self, level: str) -> str:
        """A notice's or decision's text colour: warning, error, ok, or dim for info."""
        return getattr(self, LINE_LEVEL.get(level, "dim"))

    def agent_ink(self, color: str) -> str:
        """An agent's own colour as a text colour on this theme's cards: the same hue,
        darker (light theme) or lighter (dark theme) until it meets WCAG AA."""
        return _ink(color, self.card, self.dark)

    def text_pairs(self, agent_colors: tuple[str, ...] = ()) -> list[tuple[str, str, str]]:
        """Every (foreground, background, where) pair of text this theme draws, for the
        contrast check (tests/ui/test_contrast.py); ``agent_colors``: the agents' own
        colours, drawn as names on the cards (through ``agent_ink``)."""
        surfaces = {
            "window": self.window,
            "base": self.base,
            "card": self.card,
            "thinking panel": self.thinking_bg,
            "selected row": self.principal_bg,
        }
        inks = {"text": self.text, "dim text": self.dim, "link/accent": self.accent}
        inks.update(ok=self.ok, warning=self.warn, error=self.bad, streaming=self.busy, thinking=self.think)
        pairs = [(fg, bg, f"{ink} on {surface}") for ink, fg in inks.items() for surface, bg in surfaces.items()]
        pairs.append((self.on_accent, self.accent, "button text on accent"))
        # the chat cards (ui/transcript/card_header.py, card_paint.py)
        pairs.append((self.deliverable_border, self.card, "deliverable title on card"))
        pairs.append((self.text, self.selection_bg, "selected text"))
        pairs.append((self.accent, self.action_bg, "message action chip"))
        for state in STATE_LEVEL:
            pairs.append((self.state_color(state), self.card, f"state {state} on card"))
        for verdict in VERDICT_LEVEL:
            pairs.append((self.verdict_color(verdict, self.dim), self.card, f"verdict {verdict} on card"))
        for level in ("info", *LINE_LEVEL):
            pairs.append((self.level_color(level), self.window, f"{level} line on the chat"))
        for color in agent_colors:
            pairs.append((self.agent_ink(color), self.card, f"agent colour {color} on card"))
        return pairs


LIGHT = Theme(
    False,
    window="#f4f5f8",
    base="#ffffff",
    card="#ffffff",
    text="#1d2230",
    dim="#5d6578",
    border="#d9dde6",
    accent="#3b5bcc",
    thinking_bg="#f1f2f6",
    principal_bg="#e8edfb",
    deliverable_border="#3b5bcc",
    on_accent="#ffffff",
    ok="#1e7a45",
    warn="#8a5a00",
    bad="#c0392b",
    busy="#2f6db3",
    think="#7a4fb0",
    selection_bg="#bac5ed",
    action_bg="#e1e6f7",
)
DARK = Theme(
    True,
    window="#1b1e25",
    base="#22262f",
    card="#272b35",
    text="#e3e6ee",
    dim="#a3abbd",
    border="#3a3f4c",
    accent="#8fabff",
    thinking_bg="#2c303b",
    principal_bg="#2b3350",
    deliverable_border="#8fabff",
    on_accent="#12151c",
    ok="#5cc98a",
    warn="#e8b54a",
    bad="#ff7b7b",
    busy="#7fb2ff",
    think="#c7a6f0",
    selection_bg="#4b577b",
    action_bg="#363e53",
)


@lru_cache(maxsize=256)
def _ink(color: str, background: str, lighten: bool) -> str:
    try:
        r, g, b = (int(color.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return "#ffffff" if lighten else "#000000"
    h, lum, s = colorsys.rgb_to_hls(r, g, b)
    step = 0.02 if lighten else -0.02
    ink = color
    while contrast(ink, background) < AA and (lum < 1.0 if lighten else lum > 0.0):
        lum = min(1.0, max(0.0, lum + step))
        ink = "#" + "".join(f"{round(c * 255):02x}" for c in colorsys.hls_to_rgb(h, lum, s))
    return ink


def luminance(color: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    value = color.lstrip("#")

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(value[i : i + 2], 16) / 255) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21; AA asks 4.5 for text)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


_system_font: QFont | None = None  # the application font before any font-size setting changed it


def system_font() -> QFont:
    global _system_font
    if _system_font is None:
        _system_font = QFont(QApplication.font())
    return QFont(_system_font)


def system_is_dark() -> bool:
    app = QGuiApplication.instance()
    if app is None:
        return False
    scheme = QGuiApplication.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    # No answer from the platform: its own palette (not the one this app set) decides.
    style = QApplication.style() if isinstance(app, QApplication) else None
    palette = style.standardPalette() if style is not None else QPalette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def current(preference: str = "system") -> Theme:
    if preference == "dark":
        return DARK
    if preference == "light":
        return LIGHT
    return DARK if system_is_dark() else LIGHT


def resource_path(name: str) -> Path:
    return shipped_dir("resources") / name


@lru_cache(maxsize=1)
def app_icon() -> QIcon:
    """The application's icon (made once: the application and the windows share it)."""
    icon = QIcon()
    svg = resource_path("aipa.svg")
    if svg.exists():
        icon.addFile(str(svg))
    for size in (16, 32, 48, 64, 128, 256):
        png = resource_path(f"icons/aipa-{size}.png")
        if png.exists():
            icon.addFile(str(png))
    return icon


def palette_for(theme: Theme) -> QPalette:
    pal = QPalette()
    role = QPalette.ColorRole
    pal.setColor(role.Window, QColor(theme.window))
    pal.setColor(role.WindowText, QColor(theme.text))
    pal.setColor(role.Base, QColor(theme.base))
    pal.setColor(role.AlternateBase, QColor(theme.card))
    pal.setColor(role.Text, QColor(theme.text))
    pal.setColor(role.Button, QColor(theme.card))
    pal.setColor(role.ButtonText, QColor(theme.text))
    pal.setColor(role.Highlight, QColor(theme.accent))
    pal.setColor(role.HighlightedText, QColor(theme.on_accent))
    pal.setColor(role.ToolTipBase, QColor(theme.card))
    pal.setColor(role.ToolTipText, QColor(theme.text))
    pal.setColor(role.PlaceholderText, QColor(theme.dim))
    pal.setColor(role.Link, QColor(theme.accent))
    pal.setColor(QPalette.ColorGroup.Disabled, role.Text, QColor(theme.dim))
    pal.setColor(QPalette.ColorGroup.Disabled, role.ButtonText, QColor(theme.dim))
    return pal


FONT_SCALES = {"small_pt": 0.86, "title_pt": 1.15, "heading_pt": 1.45}


def stylesheet(theme: Theme, points: float = 10.0) -> str:
    """The stylesheet with the theme's colours, and its sizes derived from the body
    font's ``points`` (@small_pt, @title_pt, @heading_pt)."""
    path = resource_path("style.qss")
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    values = {k: v for k, v in theme.__dict__.items() if isinstance(v, str)}
    values.update({k: f"{points * scale:.1f}pt" for k, scale in FONT_SCALES.items()})
    for key, value in sorted(values.items(), key=lambda kv: -len(kv[0])):
        text = text.replace("@" + key, value)
    return text


def body_font(font_size: int = 0) -> QFont:
    """The system font, at ``font_size`` points when set (0: the system's size)."""
    font = system_font()
    if font_size > 0:
        font.setPointSizeF(float(font_size))
    return font


def apply(app: QApplication, preference: str = "system", font_size: int = 0) -> Theme:
    """Style the whole application (colours and the text size); returns the theme in use."""
    theme = current(preference)
    font = body_font(font_size)
    app.setStyle("Fusion")
    app.setFont(font)
    # The font reaches the open widgets by posted events; the style sheet set next would
    # re-polish them with their old font first (the transcript kept its size until a
    # restart): deliver them now.
    QApplication.sendPostedEvents()
    app.setPalette(palette_for(theme))
    app.setStyleSheet(stylesheet(theme, font.pointSizeF() if font.pointSizeF() > 0 else 10.0))
    return theme
