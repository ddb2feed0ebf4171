"""A transcript row in plain words, for screen readers (the row's accessible text): who,
what and its state first ("Atlas, Research the options, done: …"), then the start of
the text with the Markdown markup taken out and without the store's ids (a session,
run or task id means nothing read aloud)."""

from __future__ import annotations

import re
from typing import Protocol

from PySide6.QtCore import QCoreApplication

from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui import words

LIMIT = 500  # characters read for a row; the whole text is one Enter away (the report)
IDS = re.compile(r"\b[SRT]-\d{8}-\d{3}(?:-[A-Z]{1,3})?\b")
KIND_WORDS = {
    "directive": QT_TRANSLATE_NOOP("Spoken", "Your directive"),
    "answer": QT_TRANSLATE_NOOP("Spoken", "Your answers"),
    "chat_user": QT_TRANSLATE_NOOP("Spoken", "You"),
    "deliverable": QT_TRANSLATE_NOOP("Spoken", "deliverable"),
    "audit": QT_TRANSLATE_NOOP("Spoken", "audit"),
    "decision": QT_TRANSLATE_NOOP("Spoken", "Your decision"),
}
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MARKS = re.compile(r"(\*\*|__|\*|`+|~~)")
_LINE_START = re.compile(r"^\s*(?:#{1,6}\s+|>\s?|[-*+]\s+\[[ xX]\]\s+|[-*+]\s+|\d+[.)]\s+)")
# a memo's line that only gives the verdict ("VERDICT: PASS", "**Verdict:** FLAG"), as core/text/parsing.py
# reads it: the audit card's header shows the verdict, so its body (and what is read aloud) leaves it out
VERDICT_LINE = re.compile(
    r"^[ \t>*_#-]{0,6}verdict\W{0,6}\s*(?:pass\s+with\s+notes|pass|flag|reject)\W*$\n?", re.I | re.M
)
# matched on the stripped line: with the blanks around it in the pattern (``^\s*…\s*$``) a
# line indented hundreds of spaces deep took the regex cubic time (seconds a line)
_RULE = re.compile(r"[-|: ]{3,}|[*_]{3,}")


class Row(Protocol):
    """What is read of a row (a ``ChatItem``; model.py imports this module, not back)."""

    kind: str
    agent: str
    title: str
    status: str
    verdict: str
    content: str
    revisions: str  # "2/3" on a card of a run's 2nd of 3 revisions, else ""
    pictures: tuple  # a directive's thumbnails (pictures.Thumb)


def plain_words(markdown: str, limit: int | None = None) -> str:
    """``markdown`` as sentences: no headings' hashes, emphasis, backticks, table bars,
    list markers or link targets; lines joined with full stops where they had none.
    With ``limit``, about the first ``limit`` characters of that (at least): a row's
    accessible text is set at each update of a streaming reply, which may be megabytes."""
    parts: list[str] = []
    size = 0
    for raw in markdown.splitlines():
        if limit is not None:
            if size > limit:
                break
            raw = raw[: 4 * limit]  # (a line of a megabyte: its start is all that is read)
        if _RULE.fullmatch(raw.strip()):
            continue
        line = _LINE_START.sub("", raw)
        line = _LINK.sub(r"\1", line)
        line = _MARKS.sub("", line)
        if "|" in line:  # a table row: its cells, comma separated
            line = ", ".join(cell.strip() for cell in line.strip().strip("|").split("|") if cell.strip())
        line = IDS.sub("", line).strip(" ·:")
        line = " ".join(line.replace("#", "").split())
        if line:
            parts.append(line if line[-1] in ".!?:;…" else line + ".")
            size += len(line) + 2
    return " ".join(parts)


def resume_hint() -> str:
    """What a Resume button's row adds for a screen reader."""
    return QCoreApplication.translate("Transcript", "Resume button: press Enter to resume the run.")


def button_hint(item: Row) -> str:
    """What a line's button adds for a screen reader: Resume, or the Later card's Answer now."""
    if item.kind == "questions":
        from aipa.ui.transcript.later_card import answer_hint

        return answer_hint()
    return resume_hint()


def spoken(item: Row) -> str:
    """The row as a screen reader says it."""
    translate = QCoreApplication.translate
    who = [item.agent, IDS.sub("", item.title).strip(" ·")]
    if item.kind in KIND_WORDS and not item.agent:
        who = [translate("Spoken", KIND_WORDS[item.kind])]
    elif item.kind in ("deliverable", "audit"):
        who.append(translate("Spoken", KIND_WORDS[item.kind]))
    if item.verdict:
        who.append(translate("Spoken", "verdict {verdict}").format(verdict=words.verdict(item.verdict)))
    if item.status:
        who.append(words.state(item.status))
    if item.revisions:
        shown_number, _, total = item.revisions.partition("/")
        who.append(translate("Spoken", "revision {number} of {total}").format(number=shown_number, total=total))
    head = ", ".join(w for w in who if w)
    # what can be read of it: its start (lines of markup only, rules and blanks, say nothing)
    content = item.content[: 64 * LIMIT]
    body = plain_words(VERDICT_LINE.sub("", content) if item.verdict else content, LIMIT)
    text = f"{head}: {body}" if head and body else head or body
    if item.pictures:  # a directive's pictures, by their alt text
        from aipa.ui.transcript.pictures import spoken as pictures_spoken

        text = f"{text} {pictures_spoken(item.pictures)}"
    if getattr(item, "resume", False) and (hint := button_hint(item)) not in text:  # its button, said
        text = text[: LIMIT - len(hint) - 2].rstrip() + " " + hint
    return text if len(text) <= LIMIT else text[: LIMIT - 1].rstrip() + "…"
