"""Rich-text containers that never load anything: no remote images, no local files.
Links open in the system browser only after a click, and only http(s)/mailto."""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QTextDocument
from PySide6.QtWidgets import QTextBrowser

log = logging.getLogger("aipa.ui")

TABLE_CSS = """
table {{ border-collapse: collapse; margin: 4px 0; }}
th {{ background: {head}; font-weight: 600; }}
th, td {{ border: 1px solid {border}; padding: 3px 8px; }}
a {{ color: {link}; }}
h1 {{ font-size: x-large; }} h2 {{ font-size: large; }} h3 {{ font-size: medium; }}
code {{ font-family: monospace; }}
pre {{ font-family: monospace; }}
blockquote {{ color: {dim}; }}
"""


def document_css(theme) -> str:
    return TABLE_CSS.format(head=theme.thinking_bg, border=theme.border, link=theme.accent, dim=theme.dim)


class SafeDocument(QTextDocument):
    """A QTextDocument whose resources (images, stylesheets) never load."""

    def loadResource(self, type_: int, name: QUrl | str) -> None:
        _refuse(name)


def _refuse(name: QUrl | str) -> None:
    log.debug("refused to load %s", name.toString() if isinstance(name, QUrl) else name)


def open_link(url: QUrl) -> bool:
    """Open a clicked link in the system browser if it is http(s)/mailto."""
    from aipa.core.text.render import is_safe_link

    text = url.toString()
    if not is_safe_link(text):
        log.info("refused to open link %s", text)
        return False
    return QDesktopServices.openUrl(url)


class SafeBrowser(QTextBrowser):
    """A read-only markdown viewer: nothing loads, links open only on click."""

    def __init__(self, parent=None, theme=None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.anchorClicked.connect(self._clicked)
        self._theme = theme
        self._text = ""
        if theme is not None:
            self.document().setDefaultStyleSheet(document_css(theme))

    def loadResource(self, type_: int, name: QUrl | str) -> None:
        _refuse(name)

    def set_markdown(self, text: str) -> None:
        """Show ``text`` rendered: the part of it the window shows (``shown_part``: a
        pathological reply would hold the dialog for minutes), with the link to all of it."""
        dark = bool(self._theme and self._theme.dark)
        from aipa.core.text.render import to_html  # markdown loads with the first use (ARCHITECTURE §6)
        from aipa.core.text.shown_part import shown_part
        from aipa.ui.full_text import note_html

        self._text = text
        part = shown_part(text)
        self.setHtml(to_html(part.text, dark=dark) + (note_html() if part.cut else ""))

    def _clicked(self, url: QUrl) -> None:
        from aipa.ui.full_text import FULL_TEXT_LINK, FullTextDialog

        if url.toString() != FULL_TEXT_LINK:
            open_link(url)
            return
        dialog = FullTextDialog(self.window().windowTitle(), self._text, self.window())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
