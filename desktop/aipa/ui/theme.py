"""Light/dark look: follows the system colour scheme (QStyleHints.colorScheme) unless
settings say otherwise. One palette of named colours feeds the stylesheet, the chat
delegate and the rendered HTML."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication

from aipa.core.paths import shipped_dir

VERDICT_COLORS = {
    "PASS": "#2e9d5b",
    "PASS WITH NOTES": "#d9a400",
    "FLAG": "#d9a400",
    "REJECT": "#d64545",
}

STATE_COLORS = {
    "idle": "#8a94a6",
    "queued": "#8a94a6",
    "waiting": "#b08cd9",
    "thinking": "#b08cd9",
    "streaming": "#4a8fd9",
    "done": "#2e9d5b",
    "error": "#d64545",
}


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

    def verdict_color(self, verdict: str, fallback: str) -> str:
        return VERDICT_COLORS.get((verdict or "").upper(), fallback)


LIGHT = Theme(
    False,
    window="#f4f5f8",
    base="#ffffff",
    card="#ffffff",
    text="#1d2230",
    dim="#6b7386",
    border="#d9dde6",
    accent="#4a6ee0",
    thinking_bg="#f1f2f6",
    principal_bg="#e8edfb",
    deliverable_border="#4a6ee0",
)
DARK = Theme(
    True,
    window="#1b1e25",
    base="#22262f",
    card="#272b35",
    text="#e3e6ee",
    dim="#9098aa",
    border="#3a3f4c",
    accent="#7c9cff",
    thinking_bg="#2c303b",
    principal_bg="#2b3350",
    deliverable_border="#7c9cff",
)


def system_is_dark() -> bool:
    app = QGuiApplication.instance()
    if app is None:
        return False
    scheme = QGuiApplication.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


def current(preference: str = "system") -> Theme:
    if preference == "dark":
        return DARK
    if preference == "light":
        return LIGHT
    return DARK if system_is_dark() else LIGHT


def resource_path(name: str) -> Path:
    return shipped_dir("resources") / name


def app_icon() -> QIcon:
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
    pal.setColor(role.HighlightedText, QColor("#ffffff"))
    pal.setColor(role.ToolTipBase, QColor(theme.card))
    pal.setColor(role.ToolTipText, QColor(theme.text))
    pal.setColor(role.PlaceholderText, QColor(theme.dim))
    pal.setColor(role.Link, QColor(theme.accent))
    pal.setColor(QPalette.ColorGroup.Disabled, role.Text, QColor(theme.dim))
    pal.setColor(QPalette.ColorGroup.Disabled, role.ButtonText, QColor(theme.dim))
    return pal


def stylesheet(theme: Theme) -> str:
    path = resource_path("style.qss")
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    for key, value in sorted(theme.__dict__.items(), key=lambda kv: -len(kv[0])):
        if isinstance(value, str):
            text = text.replace("@" + key, value)
    return text


def apply(app: QApplication, preference: str = "system") -> Theme:
    """Style the whole application; returns the theme in use."""
    theme = current(preference)
    app.setStyle("Fusion")
    app.setPalette(palette_for(theme))
    app.setStyleSheet(stylesheet(theme))
    return theme
