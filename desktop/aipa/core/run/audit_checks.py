"""The checked audit call (issue 31): one structured call where the run has checks, with
the verdict, the memo and the rubric (the judged checks answered yes or no with a
reason). The measured checks' results are given to the auditor as facts: it need not
count, and the rule on the verdict is kept in code (``core/checks/rule.py``) whatever it
answers. A reply that ignored the schema but ends in a VERDICT line is taken as a memo;
an object cut short at the output limit (a small model's memo that repeats itself until
the cap) is read field by field, so the memo's words are shown, never the raw JSON."""

from __future__ import annotations

import json
import re

from aipa.core.checks.model import Check, CheckKind
from aipa.core.checks.rule import line
from aipa.core.kinds import GIVEN_VERDICTS, Verdict
from aipa.core.run.prompts import CUT_NOTE
from aipa.core.text.parsing import ParseError, extract_json, parse_verdict

REASON_CHARS = 200
CHARS_PER_WORD = 7  # the memo's bound in characters for a word budget (constrained decoding)

Answer = tuple[Verdict, str, dict[str, tuple[bool, str]]]


def schema(judged_ids: list[str], memo_words: int) -> dict:
    """verdict, memo, rubric: the rubric's ids are the judged checks' (an enum), every
    string bounded (a small model held to a grammar otherwise never closes a string)."""
    item = {
        "type": "object",
        "properties": {
            "id": {"type": "string", "enum": judged_ids} if judged_ids else {"type": "string"},
            "met": {"type": "boolean"},
            "reason": {"type": "string", "maxLength": REASON_CHARS},
        },
        "required": ["id", "met", "reason"],
    }
    return {
        "type": "object",
        "properties": {
            "verdict": {"type": "string", "enum": [str(v) for v in GIVEN_VERDICTS]},
            "rubric": {"type": "array", "items": item, "maxItems": max(1, len(judged_ids))},
            "memo": {"type": "string", "maxLength": max(200, memo_words * CHARS_PER_WORD)},
        },
        "required": ["verdict", "rubric", "memo"] if judged_ids else ["verdict", "memo"],
    }


def prompt(directive: str, deliverable: str, checks: list[Check], *, words: int, cut: bool = False) -> str:
    """The checked audit request; ``cut``: the deliverable was cut at its output limit."""
    measured = [c for c in checks if c.measured]
    judged = [c for c in checks if c.kind == CheckKind.JUDGED]
    parts = [f"<directive>\n{directive}\n</directive>", "", f"<deliverable>\n{deliverable}\n</deliverable>", ""]
    if cut:
        parts += [f"The deliverable was {CUT_NOTE[1:-1]}.", ""]
    if measured:
        parts += ["These requirements were measured by a program (facts, do not recount):"]
        parts += [f"- {line(c)}" for c in measured]
        parts.append("")
    if judged:
        parts += ["Answer each of these for the rubric (met: true or false, with a one-line reason):"]
        parts += [f'- "{c.id}": {c.text}' for c in judged]
        parts.append("")
    parts.append(
        f"Audit the deliverable against the directive. Write the memo in at most {words} words: what holds up, "
        "what is wrong or missing. A failed measured requirement means the verdict is FLAG or REJECT. "
        'Reply with ONE JSON object: {"verdict": "PASS" | "PASS WITH NOTES" | "FLAG" | "REJECT", '
        + ('"rubric": [{"id": "...", "met": true, "reason": "..."}], ' if judged else "")
        + '"memo": "..."}.'
    )
    return "\n".join(parts)


_FIELD_VERDICT = re.compile(r'"verdict"\s*:\s*"([^"]*)"')
_FIELD_MEMO = re.compile(r'"memo"\s*:\s*"((?:[^"\\]|\\.)*)', re.S)
_FIELD_RUBRIC = re.compile(
    r'\{\s*"id"\s*:\s*"([^"]*)"\s*,\s*"met"\s*:\s*(true|false)\s*,\s*"reason"\s*:\s*"((?:[^"\\]|\\.)*)"', re.S
)


def _string(raw: str) -> str:
    """A JSON string's body (perhaps cut mid-escape) as text."""
    for end in range(len(raw), max(-1, len(raw) - 7), -1):  # drop a cut escape at the end
        try:
            return str(json.loads(f'"{raw[:end]}"'))
        except ValueError:
            continue
    return raw


def salvage(text: str, judged_ids: list[str]) -> Answer | None:
    """The fields of a JSON object cut short (no closing brace): None when it is not one."""
    said = _FIELD_VERDICT.search(text)
    memo = _FIELD_MEMO.search(text)
    if said is None or memo is None or said.group(1).strip().upper() not in {str(v) for v in GIVEN_VERDICTS}:
        return None
    words = _string(memo.group(1)).strip()
    if not words:
        return None
    rubric = {
        ident: (met == "true", _string(reason).strip()[:REASON_CHARS])
        for ident, met, reason in _FIELD_RUBRIC.findall(text)
        if ident in judged_ids
    }
    return Verdict(said.group(1).strip().upper()), f"{words} … {CUT_NOTE}", rubric


def parse(text: str, judged_ids: list[str]) -> Answer:
    """The reply as (verdict, memo, rubric); raises ParseError when unusable."""
    try:
        data = extract_json(text)
    except ParseError:
        if (cut := salvage(text, judged_ids)) is not None:
            return cut
        if _FIELD_VERDICT.search(text):  # an object cut before its memo: asked again, never shown raw
            raise
        verdict = parse_verdict(text)
        if verdict == Verdict.NONE and (judged_ids or not text.strip()):
            raise
        # prose with a VERDICT line is a memo; without one (and no rubric asked) still the
        # memo: the short verdict-only call follows, as after a memo audit (issue 32)
        return verdict, text.strip(), {}
    if not isinstance(data, dict):
        raise ParseError('the reply must be a JSON object with "verdict" and "memo"')
    said = str(data.get("verdict", "")).strip().upper()
    if said not in {str(v) for v in GIVEN_VERDICTS}:
        raise ParseError('"verdict" must be one of PASS, PASS WITH NOTES, FLAG, REJECT')
    memo = data.get("memo")
    if not isinstance(memo, str) or not memo.strip():
        raise ParseError('"memo" must be a non-empty string')
    rubric: dict[str, tuple[bool, str]] = {}
    for item in data.get("rubric") or []:
        if isinstance(item, dict) and item.get("id") in judged_ids and isinstance(item.get("met"), bool):
            rubric[str(item["id"])] = (bool(item["met"]), str(item.get("reason", "")).strip()[:REASON_CHARS])
    return Verdict(said), memo.strip(), rubric
