"""Measuring a check on the deliverable: ``measure(check, text) -> Check`` with ``passed``
and ``detail`` ("4 bullet points; 3 asked"), by the rules of ``counting``. A judged check
comes back unchanged (the auditor answers it), and so does a cited-numbers one (it needs
the Principal's material: the pipeline measures it). Stable entry point: ``aipa eval`` uses it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable

from aipa.core.checks import counting
from aipa.core.checks.model import Check, CheckKind, Relation

Result = tuple[bool, str]

_UNIT = {
    CheckKind.WORDS: ("word", "words"),
    CheckKind.SENTENCES: ("sentence", "sentences"),
    CheckKind.PARAGRAPHS: ("paragraph", "paragraphs"),
    CheckKind.CHARACTERS: ("character", "characters"),
    CheckKind.BULLETS: ("bullet point", "bullet points"),
    CheckKind.NUMBERED: ("numbered item", "numbered items"),
    CheckKind.SECTIONS: ("section", "sections"),
    CheckKind.HEADINGS: ("heading", "headings"),
    CheckKind.PLACEHOLDERS: ("placeholder", "placeholders"),
}
_PLACEHOLDER = re.compile(r"\[([^\[\]\n]{1,40})\](?!\()")
_TITLE = re.compile(r"<<([^<>\n]+)>>")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
_OPEN_QUOTES = {'"': '"', "“": "”", "„": "“", "«": "»", "「": "」", "'": "'"}
_SHOWN = 60  # characters of the deliverable a detail quotes


def _n(count: int, kind: CheckKind) -> str:
    one, many = _UNIT[kind]
    return f"{count} {one if count == 1 else many}"


def _asked(check: Check) -> str:
    rel = Relation(check.params.get("relation", Relation.EXACTLY))
    said = rel.words()
    return f"{said} {check.params.get('number')} asked".strip()


def _count(check: Check, text: str) -> tuple[int, str]:
    """(the count, a note on what was not counted)."""
    kind = check.kind
    if kind == CheckKind.WORDS:
        return len(counting.words(text)), ""
    if kind == CheckKind.SENTENCES:
        return len(counting.sentences(text)), ""
    if kind == CheckKind.PARAGRAPHS:
        return len(counting.paragraphs(text)), ""
    if kind == CheckKind.CHARACTERS:
        return counting.characters(text), ""
    if kind in (CheckKind.BULLETS, CheckKind.NUMBERED):
        top, deeper = (counting.bullets if kind == CheckKind.BULLETS else counting.numbered)(text)
        note = f" ({deeper} sub-point{'s' if deeper != 1 else ''} not counted)" if deeper else ""
        return top, note
    if kind == CheckKind.SECTIONS:
        return counting.sections(text), ""
    if kind == CheckKind.HEADINGS:
        return counting.headings(text), ""
    return len(_PLACEHOLDER.findall(text)), ""


def _counted(check: Check, text: str) -> Result:
    count, note = _count(check, text)
    rel = Relation(check.params.get("relation", Relation.EXACTLY))
    number = int(check.params.get("number", 0))
    return rel.holds(count, number), f"{_n(count, check.kind)}{note}; {_asked(check)}"


def _tail(text: str) -> str:
    prose = "\n".join(ln.text for ln in counting.lines(text) if not ln.fence)
    shown = re.sub(r"\s+", " ", prose.strip())
    return shown if len(shown) <= _SHOWN else "…" + shown[-_SHOWN:]


def _head(text: str) -> str:
    shown = re.sub(r"\s+", " ", text.strip())
    return shown if len(shown) <= _SHOWN else shown[:_SHOWN] + "…"


def _ends(check: Check, text: str) -> Result:
    phrase = str(check.params.get("phrase", ""))
    ok = bool(phrase) and counting.plain(text).endswith(counting.plain(phrase))
    return ok, (f"ends with “{phrase}”" if ok else f"ends with “{_tail(text)}”; “{phrase}” asked")


def _starts(check: Check, text: str) -> Result:
    phrase = str(check.params.get("phrase", ""))
    ok = bool(phrase) and counting.plain(text).startswith(counting.plain(phrase))
    return ok, (f"starts with “{phrase}”" if ok else f"starts with “{_head(text)}”; “{phrase}” asked")


def _occurrences(phrase: str, text: str) -> int:
    if not phrase.strip():
        return 0
    said = re.escape(counting.plain(phrase))
    left = r"(?<![^\W_])" if re.match(r"\w", phrase.strip()) else ""
    right = r"(?![^\W_])" if re.search(r"\w$", phrase.strip()) else ""
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", phrase):  # no spaces between words in Chinese
        left = right = ""
    return len(re.findall(left + said.replace(r"\ ", r"\s+") + right, counting.plain(text)))


def _includes(check: Check, text: str) -> Result:
    phrase = str(check.params.get("phrase", ""))
    count = _occurrences(phrase, text)
    rel = Relation(check.params.get("relation", Relation.AT_LEAST))
    number = int(check.params.get("number", 1))
    times = "time" if count == 1 else "times"
    return rel.holds(count, number), f"“{phrase}” appears {count} {times}; {_asked(check)}"


def _excludes(check: Check, text: str) -> Result:
    phrase = str(check.params.get("phrase", ""))
    count = _occurrences(phrase, text)
    if not count:
        return True, f"“{phrase}” does not appear"
    return False, f"“{phrase}” appears {count} time{'s' if count != 1 else ''}; none asked"


def _case(lower: bool) -> Callable[[Check, str], Result]:
    def measure_case(check: Check, text: str) -> Result:
        wrong = [c for c in text if c.isalpha() and (c.isupper() if lower else c.islower())]
        what = "capital" if lower else "small"
        if not wrong:
            return True, f"no {what} letters"
        return False, f"{len(wrong)} {what} letter{'s' if len(wrong) != 1 else ''} (first: “{wrong[0]}”)"

    return measure_case


def _no_commas(check: Check, text: str) -> Result:
    count = sum(text.count(c) for c in ",，")
    return count == 0, "no commas" if not count else f"{count} comma{'s' if count != 1 else ''}; none asked"


def _title(check: Check, text: str) -> Result:
    m = _TITLE.search(text)
    return (True, f"title <<{m.group(1).strip()}>>") if m else (False, "no title in <<…>>")


def _quoted(check: Check, text: str) -> Result:
    body = text.strip()
    close = _OPEN_QUOTES.get(body[:1])
    ok = len(body) > 1 and close is not None and body.endswith(close)
    return ok, "wrapped in quotation marks" if ok else "not wrapped in quotation marks"


def _json(check: Check, text: str) -> Result:
    body = text.strip()
    fenced = re.fullmatch(r"```(?:json)?\s*\n(.*?)\n?```", body, re.S | re.I)
    try:
        data = json.loads(fenced.group(1) if fenced else body)
    except ValueError as exc:
        return False, f"not valid JSON ({str(exc).split(':')[0]})"
    keys = [str(k) for k in check.params.get("keys", [])]
    missing = [k for k in keys if not (isinstance(data, dict) and k in data)]
    if missing:
        return False, "valid JSON; missing keys: " + ", ".join(missing)
    return True, "valid JSON" + (f"; keys {', '.join(keys)} present" if keys else "")


def _table(check: Check, text: str) -> Result:
    prose = [ln.text for ln in counting.lines(text) if not ln.code]
    for i, line in enumerate(prose[1:], start=1):
        if _TABLE_RULE.match(line) and "|" in prose[i - 1] and ("|" in line or "|" in prose[i - 1]):
            rows = 0
            for row in prose[i + 1 :]:
                if "|" not in row:
                    break
                rows += 1
            return True, f"a table with {rows} row{'s' if rows != 1 else ''}"
    return False, "no Markdown table"


def _postscript(check: Check, text: str) -> Result:
    marker = str(check.params.get("marker", "P.S."))
    loose = re.escape(marker).replace(r"\.", r"\.?\s?")
    pattern = re.compile(rf"^[\s*_>]*{loose}", re.I | re.M)
    ok = bool(pattern.search(text))
    return ok, f"a postscript ({marker})" if ok else f"no line starting with {marker}"


_MEASURES: dict[CheckKind, Callable[[Check, str], Result]] = {
    CheckKind.ENDS_WITH: _ends,
    CheckKind.STARTS_WITH: _starts,
    CheckKind.INCLUDES: _includes,
    CheckKind.EXCLUDES: _excludes,
    CheckKind.LOWERCASE: _case(lower=True),
    CheckKind.UPPERCASE: _case(lower=False),
    CheckKind.NO_COMMAS: _no_commas,
    CheckKind.TITLE: _title,
    CheckKind.QUOTED: _quoted,
    CheckKind.JSON: _json,
    CheckKind.TABLE: _table,
    CheckKind.POSTSCRIPT: _postscript,
}


def measure(check: Check, text: str) -> Check:
    """The check with ``passed`` and ``detail`` for ``text``; a judged one unchanged."""
    if check.kind in (CheckKind.JUDGED, CheckKind.CITED_NUMBERS):  # the auditor's; the material's
        return check
    if check.kind in _UNIT:
        passed, detail = _counted(check, text)
    else:
        passed, detail = _MEASURES[check.kind](check, text)
    return check.with_result(passed, detail)


def measure_all(checks: Iterable[Check], text: str) -> list[Check]:
    return [measure(c, text) for c in checks]
