"""The window's words for the core's notices (``core.events.Notice``): the core sends a
notice's ``kind`` and its parts (``fields``: agent names, counts, keys) beside its
English ``text``; here each kind is worded in the window's language (context "Notices":
a template translated, then formatted with the parts; counts through the plural forms).

A window in English, or one whose language has no notices translated, shows the core's
``text`` as it is (the terminal's words exactly); so does a notice of a kind this module
does not know."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from aipa.core import events as ev
from aipa.core.kinds import NoticeKind, Purpose
from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui.i18n import Context, number, plural

Notices = Context("Notices")
Fields = Mapping[str, str | int]

REPLY = QT_TRANSLATE_NOOP("Notices", "reply")  # what a call writes, when its purpose does not say
# What a call of each purpose writes (core/run/told.py's WHAT), as the notices name it.
WHAT: dict[str, str] = {
    Purpose.ROUTE: QT_TRANSLATE_NOOP("Notices", "routing reply"),
    Purpose.LEAD: QT_TRANSLATE_NOOP("Notices", "report"),
    Purpose.DIRECT: QT_TRANSLATE_NOOP("Notices", "answer"),
    Purpose.SYNTHESIZE: QT_TRANSLATE_NOOP("Notices", "deliverable"),
    Purpose.AUDIT: QT_TRANSLATE_NOOP("Notices", "memo"),
    Purpose.PLAN_INTAKE: QT_TRANSLATE_NOOP("Notices", "reading of the request"),
    Purpose.PLAN_ANALYSIS: QT_TRANSLATE_NOOP("Notices", "analysis"),
    Purpose.PLAN_FEATURES: QT_TRANSLATE_NOOP("Notices", "feature list"),
    Purpose.PLAN_STORIES: QT_TRANSLATE_NOOP("Notices", "user stories"),
    Purpose.PLAN_TASKS: QT_TRANSLATE_NOOP("Notices", "task list"),
    Purpose.PLAN_SPRINTS: QT_TRANSLATE_NOOP("Notices", "sprint plan"),
    "verdict": QT_TRANSLATE_NOOP("Notices", "verdict"),
    "checked_audit": QT_TRANSLATE_NOOP("Notices", "verdict on the checks"),
}
# What the run did instead (told.py's INSTEAD, by the same keys).
INSTEAD: dict[str, str] = {
    Purpose.ROUTE: QT_TRANSLATE_NOOP("Notices", "every lead got the directive"),
    Purpose.LEAD: QT_TRANSLATE_NOOP("Notices", "that task failed; the other leads carry on"),
    Purpose.SYNTHESIZE: QT_TRANSLATE_NOOP(
        "Notices", "the deliverable puts the leads' reports together as they wrote them"
    ),
    Purpose.AUDIT: QT_TRANSLATE_NOOP("Notices", "the run is marked FLAG: review the deliverable yourself"),
    Purpose.PLAN_INTAKE: QT_TRANSLATE_NOOP("Notices", "the request was read by rule instead"),
    "verdict": QT_TRANSLATE_NOOP("Notices", "the run is marked FLAG: review the deliverable yourself"),
    "checked_audit": QT_TRANSLATE_NOOP("Notices", "the audit is written as a memo instead"),
    "plan": QT_TRANSLATE_NOOP("Notices", "a plain default was used in its place"),
    "nothing": QT_TRANSLATE_NOOP("Notices", "the deliverable lists the briefs: no lead wrote a report"),
}
# The servers a provider without an address is (providers/bounds.py's SERVER_WORDS).
SERVER: dict[str, str] = {
    "builtin": QT_TRANSLATE_NOOP("Notices", "the built-in engine"),
    "scripted": QT_TRANSLATE_NOOP("Notices", "the scripted provider"),
}
DEFAULT_MODEL = QT_TRANSLATE_NOOP("Notices", "the default model")


def word(text: str) -> str:
    return Notices.tr(text)


def _parts(fields: Fields) -> dict[str, str]:
    """The fields as a template takes them: what the call writes and what was done
    instead in words, every other part as it is (counts in the locale's digits)."""
    parts = {k: number(v) if isinstance(v, int) else str(v) for k, v in fields.items()}
    parts["what"] = word(WHAT.get(str(fields.get("what", "")), REPLY))
    parts["instead"] = word(INSTEAD.get(str(fields.get("instead", "")), INSTEAD["plan"]))
    if "provider" in fields:  # the server a call waited on: a provider's name, or its words
        provider = str(fields["provider"])
        parts["server"] = word(SERVER[provider]) if provider in SERVER else provider
    return parts


def _reasking(f: Fields) -> str:
    return Notices.tr("{agent}'s {what} could not be read; asking {agent} once more.")


def _unusable(f: Fields) -> str:
    if f.get("title"):
        return Notices.tr("{agent}'s {what} for “{title}” was unusable, so {instead}.")
    return Notices.tr("{agent}'s {what} was unusable, so {instead}.")


def _empty(f: Fields) -> str:
    if f.get("title"):
        return Notices.tr("{agent} wrote no {what} for “{title}”, twice, so {instead}.")
    return Notices.tr("{agent} wrote no {what}, twice, so {instead}.")


def _too_long(f: Fields) -> str:
    if f.get("title"):
        return Notices.tr(
            "What {agent} had to read for the {what} for “{title}” does not fit the model's context, so {instead}."
        )
    return Notices.tr("What {agent} had to read for the {what} does not fit the model's context, so {instead}.")


def _no_verdict(f: Fields) -> str:
    return Notices.tr(
        "{agent}'s memo named no verdict, even when asked, so the run is marked FLAG: review it yourself."
    )


def _proceeded(f: Fields) -> str:
    return Notices.tr("No answer came: the deadline passed; proceeding on stated assumptions")


def _budget(f: Fields) -> str:
    return Notices.tr("budget: this run has spent {spent} of {allowed}; continue?")


def _not_again(f: Fields) -> str:
    n = int(f.get("rounds", 0))
    return plural(Notices.tr("not revising again: {rounds} round(s) done ({ids})", "", n), n)


def _not_budget(f: Fields) -> str:
    return Notices.tr("not revising: the run's budget is spent")


def _revising_checks(f: Fields) -> str:
    n = int(f.get("count", 0))
    template = Notices.tr(
        "revising: {count} check(s) failed: {ids} (round {round} of {rounds}; this revision used {tokens} tokens)",
        "",
        n,
    )
    return plural(template, n)


def _revising_flagged(f: Fields) -> str:
    return Notices.tr(
        "revising: the audit flagged the deliverable (round {round} of {rounds}; this revision used {tokens} tokens)"
    )


def _context_guessed(f: Fields) -> str:
    if not f.get("model"):
        return Notices.tr(
            "context size of the default model at {where} is unknown; assuming {tokens} tokens — "
            "set “context” in the profile"
        )
    return Notices.tr(
        "context size of {model} at {where} is unknown; assuming {tokens} tokens — set “context” in the profile"
    )


def _server_slow(f: Fields) -> str:
    return Notices.tr("{agent}: {server} answered very slowly for a while (little or no new output); AIPA kept waiting")


def _mcp_failed(f: Fields) -> str:
    """By why it failed (core/material/mcp_failure.py); '' for a case not worded here."""
    reason = f.get("reason")
    if reason == "not_mcp":
        return Notices.tr(
            "MCP server “{server}”: does not speak MCP: it wrote “{wrote}” where a JSON-RPC message belongs "
            "(hint: check that the command starts an MCP server on stdio, not a shell, a web server or a "
            "program's help)"
        )
    if reason == "timeout" and f.get("seconds"):
        return Notices.tr(
            "MCP server “{server}”: no answer within {seconds} s while trying to start it and list its tools "
            "(hint: check that it is an MCP server and not hung)"
        )
    if reason == "cannot_run":
        return Notices.tr(
            "MCP server “{server}”: cannot run “{where}” ({why}) (hint: check the command in the MCP server settings)"
        )
    if reason == "unreachable":
        return Notices.tr(
            "MCP server “{server}”: could not start it and list its tools at {where} ({why}) "
            "(hint: check that the server runs and the URL ends in its MCP path)"
        )
    if reason == "failed":
        return Notices.tr(
            "MCP server “{server}”: could not start it and list its tools: {why} "
            "(hint: check the command and that it speaks MCP over stdio)"
        )
    return ""


def _mcp_read_only(f: Fields) -> str:
    return Notices.tr(
        "MCP server “{server}”: “allow_read_only”: true is not honoured (a server can mark a write tool "
        "read-only); list the tools by name, e.g. “allow_read_only”: [“lookup”]"
    )


# Each kind's template in the window's language, chosen by its fields.
TEMPLATES: dict[str, Callable[[Fields], str]] = {
    NoticeKind.REASKING: _reasking,
    NoticeKind.UNUSABLE: _unusable,
    NoticeKind.EMPTY: _empty,
    NoticeKind.TOO_LONG: _too_long,
    NoticeKind.NO_VERDICT: _no_verdict,
    NoticeKind.CLARIFY_PROCEEDED: _proceeded,
    NoticeKind.BUDGET: _budget,
    NoticeKind.NOT_REVISING_AGAIN: _not_again,
    NoticeKind.NOT_REVISING_BUDGET: _not_budget,
    NoticeKind.REVISING_CHECKS: _revising_checks,
    NoticeKind.REVISING_FLAGGED: _revising_flagged,
    NoticeKind.CONTEXT_GUESSED: _context_guessed,
    NoticeKind.SERVER_SLOW: _server_slow,
    NoticeKind.MCP_FAILED: _mcp_failed,
    NoticeKind.MCP_READ_ONLY: _mcp_read_only,
}


def translated() -> bool:
    """Whether the window's language has the notices translated (English has no catalogue)."""
    return word(REPLY) != REPLY


def worded(notice: ev.Notice) -> str:
    """``notice`` in the window's language: its kind's template with its fields, else
    (English, no catalogue, an unknown kind, parts that do not fit) the core's text."""
    template = TEMPLATES.get(str(notice.kind))
    if template is None or not translated():
        return notice.text
    parts = _parts(notice.fields)
    try:
        chosen = template(notice.fields)
        return chosen.format(**parts) if chosen else notice.text
    except (KeyError, IndexError, ValueError):  # a translation naming a part this notice lacks
        return notice.text
