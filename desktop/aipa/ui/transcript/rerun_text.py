"""A re-run's summary line at the top of its revision (issue 35): what it ran again and
what it kept, from the core's ``RerunStarted`` ("↻ Revision 2: re-ran Atlas and Clio ·
kept Cole's report · new feedback: “…”"). Live and replayed alike: the presenter makes
it from the event."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from aipa.core import events as ev

FEEDBACK_CHARS = 90  # of each feedback, on the line (the whole is in the re-run's record)
translate = QCoreApplication.translate


def names(people: tuple[str, ...] | list[str]) -> str:
    """ "Atlas", "Atlas and Clio", "Atlas, Clio and Cole"."""
    people = list(people)
    if len(people) < 2:
        return "".join(people)
    return translate("RerunText", "{names} and {last}").format(names=", ".join(people[:-1]), last=people[-1])


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= FEEDBACK_CHARS else text[: FEEDBACK_CHARS - 1].rstrip() + "…"


def _what(e: ev.RerunStarted) -> str:
    """What it ran again, in words."""
    if e.what == "synthesize":
        return translate("RerunText", "re-ran the synthesis and the audit")
    if e.what == "audit":
        return translate("RerunText", "re-ran the audit")
    if e.what == "directive":
        return translate("RerunText", "a new directive: everything from routing runs again")
    if e.what == "briefs":
        return translate("RerunText", "re-ran {leads} with edited briefs").format(leads=names(e.rerun))
    return translate("RerunText", "re-ran {leads}").format(leads=names(e.rerun))


def rerun_line(e: ev.RerunStarted) -> str:
    parts = [_what(e)]
    if e.kept and e.what in ("synthesize", "audit"):
        parts.append(translate("RerunText", "kept every lead's report"))
    elif len(e.kept) == 1:
        parts.append(translate("RerunText", "kept {lead}'s report").format(lead=e.kept[0]))
    elif e.kept:
        parts.append(translate("RerunText", "kept the reports of {leads}").format(leads=names(e.kept)))
    if e.feedback:
        said = " / ".join(f"“{_clip(text)}”" for text in e.feedback)
        parts.append(translate("RerunText", "new feedback: {feedback}").format(feedback=said))
    head = translate("RerunText", "↻ Revision {number}").format(number=e.revision)
    return f"{head}: " + " · ".join(parts)
