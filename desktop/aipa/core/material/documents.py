"""Turning a file into text that keeps its place: PDF pages, slides, sheets, headings.

``convert(path)`` returns the document's sections, each with its place ("p. 3",
"slide 2", "§ Budget", "sheet Costs", "lines 1-80"). It never reads a file over the
size cap, and every problem is a ``DocumentError`` with a one-line message and a hint.
Small, specific libraries do the work (pypdf, python-docx, python-pptx, openpyxl);
HTML goes through the standard library's parser. They are imported on first use.
"""

from __future__ import annotations

import csv
import io
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from aipa.core.material.library_logs import forward
from aipa.errors import AipaError

log = logging.getLogger("aipa.documents")

MAX_FILE_BYTES = 50 * 1024 * 1024  # a document bigger than this is refused before reading
MAX_CHARS = 5_000_000  # text kept from one document

_TEXT_WORDS = (
    "txt text log rst org tex json yaml yml toml ini cfg conf xml sql sh bash zsh ps1 bat py pyi js "
    "jsx ts tsx mjs java kt scala go rs c h cc cpp hpp cs rb php swift m r lua pl dart vue svelte "
    "css scss less gradle cmake mk dockerfile env ipynb "
)
TEXT_SUFFIXES = frozenset("." + w for w in _TEXT_WORDS.split())
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".mdx"})
HTML_SUFFIXES = frozenset({".html", ".htm", ".xhtml"})
KINDS = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".pptx": "pptx",
    ".xlsx": "xlsx",
    ".xlsm": "xlsx",
    ".csv": "csv",
    ".tsv": "csv",
    **{s: "markdown" for s in MARKDOWN_SUFFIXES},
    **{s: "html" for s in HTML_SUFFIXES},
    **{s: "text" for s in TEXT_SUFFIXES},
}
SUPPORTED = "PDF, DOCX, PPTX, XLSX, CSV, HTML, Markdown, text and source code"
Progress = Callable[[int, int], None]  # (done, total) units: pages, slides, sheets


class DocumentError(AipaError):
    """A file that cannot be attached; the run goes on without it."""


@dataclass(frozen=True)
class Section:
    place: str  # where in the file: "p. 3", "slide 2", "§ Heading", "sheet Costs", "lines 1-80"
    text: str


def kind_of(path: Path) -> str | None:
    name = path.name.lower()
    if name in ("makefile", "dockerfile", "readme", "license"):
        return "text"
    return KINDS.get(path.suffix.lower())


def check_file(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> tuple[str, int]:
    """(kind, size) of a file that may be converted; DocumentError otherwise. Reads nothing."""
    if not path.exists():
        raise DocumentError(f"{path}: no such file", "check the path")
    if not path.is_file():
        raise DocumentError(f"{path}: not a file", "attach files one by one, or grant the folder with --folder")
    kind = kind_of(path)
    if kind is None:
        raise DocumentError(
            f"{path.name}: unsupported type '{path.suffix or 'no extension'}'",
            f"attach {SUPPORTED}; convert other formats to PDF or text first",
        )
    size = path.stat().st_size
    if size > max_bytes:
        raise DocumentError(
            f"{path.name}: {size / 1_048_576:,.0f} MB is over the {max_bytes / 1_048_576:,.0f} MB limit for a document",
            "split it or attach the part you need (e.g. export the relevant pages)",
        )
    return kind, size


def convert(path: str | Path, *, max_bytes: int = MAX_FILE_BYTES, progress: Progress | None = None) -> list[Section]:
    """The text of a file, section by section. Blocking: run it in a worker thread."""
    forward("pypdf", log)  # its warnings about damaged files: into our log, not on the terminal
    path = Path(path)
    kind, _size = check_file(path, max_bytes=max_bytes)
    report = progress or (lambda done, total: None)
    try:
        sections = _CONVERTERS[kind](path, report)
    except DocumentError:
        raise
    except OSError as exc:
        raise DocumentError(
            f"{path.name}: cannot be read ({exc.strerror or exc})", "check the file's permissions"
        ) from None
    except Exception as exc:  # noqa: BLE001 - a library's parse error on a broken file
        raise DocumentError(
            f"{path.name}: not a readable {kind.upper()} file ({type(exc).__name__}: {str(exc)[:120]})",
            "the file looks damaged; open and re-save it, or export it to PDF or text",
        ) from None
    sections = [s for s in sections if s.text.strip()]
    if not sections:
        hint = "it may be a scanned image: run OCR first" if kind == "pdf" else "check that it has text"
        raise DocumentError(f"{path.name}: no text found", hint)
    return _capped(sections)


def _capped(sections: list[Section]) -> list[Section]:
    out, total = [], 0
    for s in sections:
        if total + len(s.text) > MAX_CHARS:
            out.append(Section(s.place, s.text[: MAX_CHARS - total]))
            break
        out.append(s)
        total += len(s.text)
    return out


# --- converters ------------------------------------------------------------------------


def _pdf(path: Path, report: Progress) -> list[Section]:
    from pypdf import PdfReader
    from pypdf.errors import FileNotDecryptedError, PdfReadError

    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted:
            try:
                ok = bool(reader.decrypt(""))  # an owner password only: readable without asking
            except Exception:  # noqa: BLE001 - unsupported encryption
                ok = False
            if not ok:
                raise DocumentError(
                    f"{path.name}: the PDF is encrypted with a password",
                    "open it with the password and save an unprotected copy, then attach that",
                )
        pages = reader.pages
        total = len(pages)
        out = []
        for i, page in enumerate(pages, 1):
            out.append(Section(f"p. {i}", page.extract_text() or ""))
            report(i, total)
        return out
    except FileNotDecryptedError:
        raise DocumentError(
            f"{path.name}: the PDF is encrypted with a password",
            "open it with the password and save an unprotected copy, then attach that",
        ) from None
    except PdfReadError as exc:
        raise DocumentError(
            f"{path.name}: not a readable PDF ({str(exc)[:120]})",
            "the file looks damaged; open and re-save it (print to PDF), then attach it again",
        ) from None


def _docx(path: Path, report: Progress) -> list[Section]:
    import docx

    document = docx.Document(str(path))
    lines: list[tuple[int, str]] = []  # (heading level or 0, text)
    for para in document.paragraphs:
        style = (para.style.name or "") if para.style is not None else ""
        level = int(style.split()[-1]) if re.fullmatch(r"Heading \d", style) else (1 if style == "Title" else 0)
        lines.append((level, para.text))
    for table in document.tables:
        for row in table.rows:
            lines.append((0, " | ".join(cell.text.strip() for cell in row.cells)))
    report(1, 1)
    return _by_heading(lines)


def _pptx(path: Path, report: Progress) -> list[Section]:
    from pptx import Presentation

    deck = Presentation(str(path))
    slides = list(deck.slides)
    out = []
    for i, slide in enumerate(slides, 1):
        texts = []
        for shape in slide.shapes:
            if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
                texts.append(shape.text_frame.text)
            if getattr(shape, "has_table", False) and shape.has_table:
                for row in shape.table.rows:
                    texts.append(" | ".join(c.text for c in row.cells))
        if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
            texts.append("Notes: " + slide.notes_slide.notes_text_frame.text)
        out.append(Section(f"slide {i}", "\n".join(t for t in texts if t.strip())))
        report(i, len(slides))
    return out


def _xlsx(path: Path, report: Progress) -> list[Section]:
    import openpyxl

    book = openpyxl.load_workbook(str(path), read_only=True, data_only=True)
    try:
        sheets = list(book.worksheets)
        out = []
        for i, sheet in enumerate(sheets, 1):
            rows = []
            for row in sheet.iter_rows(values_only=True):
                cells = ["" if v is None else str(v) for v in row]
                if any(cells):
                    rows.append(" | ".join(cells).rstrip(" |"))
            out.append(Section(f"sheet {sheet.title}", "\n".join(rows)))
            report(i, len(sheets))
        return out
    finally:
        book.close()


def _csv(path: Path, report: Progress) -> list[Section]:
    text = _read_text(path)
    dialect = "excel-tab" if path.suffix.lower() == ".tsv" else "excel"
    rows = [" | ".join(r) for r in csv.reader(io.StringIO(text), dialect=dialect) if any(r)]
    report(1, 1)
    return [
        Section(f"rows {a + 1}-{min(a + 50, len(rows))}", "\n".join(rows[a : a + 50])) for a in range(0, len(rows), 50)
    ]


def _markdown(path: Path, report: Progress) -> list[Section]:
    lines: list[tuple[int, str]] = []
    fenced = False
    for line in _read_text(path).splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        match = None if fenced else re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        lines.append((len(match.group(1)), match.group(2)) if match else (0, line))
    report(1, 1)
    return _by_heading(lines)


class _HtmlText(HTMLParser):
    SKIP = frozenset({"script", "style", "noscript", "template", "svg"})
    BLOCK = frozenset({"p", "div", "li", "tr", "br", "section", "article", "table", "ul", "ol", "pre", "blockquote"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[tuple[int, str]] = []
        self._buf: list[str] = []
        self._level = 0
        self._skip = 0

    def _flush(self) -> None:
        text = " ".join("".join(self._buf).split())
        if text:
            self.lines.append((self._level, text))
        self._buf, self._level = [], 0

    def handle_starttag(self, tag, attrs) -> None:
        if tag in self.SKIP:
            self._skip += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self._flush()
            self._level = int(tag[1])
        elif tag in self.BLOCK:
            self._flush()

    def handle_endtag(self, tag) -> None:
        if tag in self.SKIP:
            self._skip = max(0, self._skip - 1)
        elif re.fullmatch(r"h[1-6]", tag) or tag in self.BLOCK:
            self._flush()

    def handle_data(self, data) -> None:
        if not self._skip:
            self._buf.append(data)


def _html(path: Path, report: Progress) -> list[Section]:
    parser = _HtmlText()
    parser.feed(_read_text(path))
    parser.close()
    parser._flush()
    report(1, 1)
    return _by_heading(parser.lines)


def _text(path: Path, report: Progress) -> list[Section]:
    raw = path.read_bytes()
    if b"\x00" in raw[:8192]:
        raise DocumentError(f"{path.name}: looks like a binary file", f"attach {SUPPORTED}")
    lines = _decode(raw).splitlines()
    report(1, 1)
    step = 80
    return [
        Section(f"lines {a + 1}-{min(a + step, len(lines))}", "\n".join(lines[a : a + step]))
        for a in range(0, len(lines), step)
    ]


def _by_heading(lines: list[tuple[int, str]]) -> list[Section]:
    """Sections that start at each heading; text before the first one is "start"."""
    out: list[Section] = []
    place = "start"
    body: list[str] = []
    for level, text in lines:
        if level and text.strip():
            if any(b.strip() for b in body):
                out.append(Section(place, "\n".join(body).strip()))
            place, body = f"§ {text.strip()[:80]}", [text.strip()]
        else:
            body.append(text)
    if any(b.strip() for b in body):
        out.append(Section(place, "\n".join(body).strip()))
    return out


def _decode(raw: bytes) -> str:
    for encoding in ("utf-8-sig", "utf-16") if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ("utf-8-sig",):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")


def _read_text(path: Path) -> str:
    return _decode(path.read_bytes())


_CONVERTERS: dict[str, Callable[[Path, Progress], list[Section]]] = {
    "pdf": _pdf,
    "docx": _docx,
    "pptx": _pptx,
    "xlsx": _xlsx,
    "csv": _csv,
    "markdown": _markdown,
    "html": _html,
    "text": _text,
}
