"""Citation click-through: a ``[file, p. N]`` citation in a card is a link
(``core.render`` makes it one in the window); clicking it opens the excerpt it points at
(``Core.material.excerpt``) in a window of its own, as selectable plain text."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout

from aipa.core.text.render import citation_of
from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui.platform import fit_platform

NOWHERE = QT_TRANSLATE_NOOP(
    "ExcerptDialog",
    "This citation points at no excerpt of the documents attached to this session or of its granted folder: "
    "the file or the place does not exist there (the auditor flags such citations).",
)


class ExcerptDialog(QDialog):
    def __init__(self, name: str, place: str, text: str, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("excerptDialog")
        title = f"{name}, {place}"
        self.setWindowTitle(self.tr("Excerpt · {title}").format(title=title))
        self.setAccessibleName(self.tr("Cited excerpt {title}").format(title=title))
        self.resize(680, 480)
        layout = QVBoxLayout(self)
        self.head = head = QLabel(f"<b>[{title}]</b>" + ("" if text else f"<br>{self.tr(NOWHERE)}"))
        head.setObjectName("excerptTitle")
        head.setWordWrap(True)
        layout.addWidget(head)
        self.text = QPlainTextEdit(text)
        self.text.setObjectName("excerptText")
        self.text.setAccessibleName(self.tr("The excerpt's text"))

        self.text.setReadOnly(True)  # read-only, still selectable and copyable
        font = QFont(self.text.font())
        font.setPointSizeF(font.pointSizeF() * 1.05)
        self.text.setFont(font)
        self.text.setVisible(bool(text))
        layout.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        fit_platform(self)


def open_citation(core, session_id: str | None, href: str, parent=None) -> ExcerptDialog | None:
    """Show the excerpt a citation link points at; None when ``href`` is not a citation."""
    cited = citation_of(href)
    if cited is None:
        return None
    name, place = cited
    text = core.material.excerpt(session_id, name, place) if session_id else ""
    dialog = ExcerptDialog(name, place, text, parent)
    dialog.show()
    return dialog
