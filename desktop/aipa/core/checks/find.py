"""The deterministic finder: directive text -> the measured checks it asks for.

``find_checks(directive) -> list[Check]`` is the stable entry point (``aipa eval`` and
the pipeline use it). It knows several phrasings of each family in English, German,
Chinese and Hebrew (``phrasings``, ``find_phrases``). What it cannot compute it leaves
alone: those requirements become judged checks from the router (``merge``).

Order matters: the families that quote text (ending, start, words to include or avoid)
are found first and their quoted text is masked, so "end with: 'Use 3 bullets'" never
reads as a bullet count; then counts; then the format flags. A count said per part
("each bullet under 10 words", "每段不超过3句") is not a total and is left to judgement.
A length said without a bound ("a 60-word note") is a limit; other bare counts are exact.
"""

from __future__ import annotations

import re

from aipa.core.checks import phrasings as ph
from aipa.core.checks.find_phrases import Span, phrase_checks
from aipa.core.checks.model import COUNTED, Check, CheckKind, CheckSource, Relation, number

_FLAGS = re.I | re.S


def _groups(pairs: list[tuple[str, Relation]], prefix: str) -> str:
    return "|".join(f"(?P<{prefix}{i}>{pattern})" for i, (pattern, _rel) in enumerate(pairs))


def _relation(m: re.Match[str], pairs: list[tuple[str, Relation]], prefix: str) -> Relation | None:
    for i, (_pattern, rel) in enumerate(pairs):
        if m.group(f"{prefix}{i}"):
            return rel
    return None


def _counted_pattern(kind: CheckKind) -> re.Pattern[str]:
    return re.compile(
        rf"(?:(?<![a-zäöüß\u05d0-\u05ea])(?:{_groups(ph.BEFORE, 'b')})\s*)?"
        rf"{ph.NUMBER}\s*(?:[-‐]\s*)?"
        rf"(?:(?:{_groups(ph.AFTER_NUMBER, 'n')})\s+)?"
        rf"(?:{ph.BETWEEN}\s+)?"
        rf"(?:{ph.UNITS[kind]})(?![a-zäöüß])"
        rf"(?:\s*(?:{_groups(ph.AFTER_UNIT, 'a')}))?",
        _FLAGS,
    )


_COUNTED = {kind: _counted_pattern(kind) for kind in ph.UNITS}
# A length said without a bound ("a 60-word note", "in 50 words") is a limit, not an exact
# count: nobody writes exactly 60 words. Other counts said bare are exact ("3 bullet points").
_UNSAID = {CheckKind.WORDS: Relation.AT_MOST, CheckKind.CHARACTERS: Relation.AT_MOST}
# "a 60-word limit", "word limit of 60", "Wortlimit: 60"
_WORD_LIMIT = re.compile(
    rf"{ph.NUMBER}[\s-]*words?\s+(?:limit|max(?:imum)?|cap)\b|"
    rf"word\s+(?:limit|cap|maximum)\s*(?:of|is|:)?\s*{ph.NUMBER.replace('?P<num>', '?P<num2>')}|"
    rf"wort(?:limit|grenze)\s*(?:von|:)?\s*{ph.NUMBER.replace('?P<num>', '?P<num3>')}",
    _FLAGS,
)
_PER_PART_BEFORE = re.compile(
    r"(?:\b(?:each|every|per|jede[rnms]?|pro|je)\s+(?!of\b)\w+\W*\w*\W*$)|(?:每[^\s，。,]{0,4}$)|(?:כל\s+\S+\s*$)", re.I
)
_PER_PART_AFTER = re.compile(r"^\s*(?:per|each|for\s+each|in\s+each|pro|je|in\s+jedem|in\s+jeder|לכל)\b", re.I)

# A family asked for without a number: "as a bulleted list" (at least one).
_LIST_WITHOUT_NUMBER: list[tuple[CheckKind, re.Pattern[str]]] = [
    (
        CheckKind.BULLETS,
        re.compile(
            r"\b(?:in|as|use|using|with)\s+(?:a\s+)?(?:bullet(?:ed)?[\s-]*(?:points?|list|form)|bullets)\b|"
            r"\b(?:als|in)\s+(?:einer\s+)?(?:Aufzählung|Stichpunkten|Stichpunkte)\b|"
            r"用(?:项目符号|要点)(?:列表|列出)|בנקודות|ברשימת\s+תבליטים",
            _FLAGS,
        ),
    ),
    (
        CheckKind.NUMBERED,
        re.compile(
            r"\b(?:in|as|use|using|with)\s+(?:a\s+)?numbered\s+(?:list|steps)\b|"
            r"\b(?:als|in)\s+(?:einer\s+)?nummerierten\s+Liste\b|编号列表|ברשימה\s+ממוספרת",
            _FLAGS,
        ),
    ),
    (
        CheckKind.PLACEHOLDERS,
        re.compile(r"\bplaceholders?\b|\bPlatzhalter|占位符|מצייני\s+מקום", _FLAGS),
    ),
]

_FORMAT_FLAGS: list[tuple[CheckKind, re.Pattern[str]]] = [
    (
        CheckKind.LOWERCASE,
        re.compile(
            r"\b(?:all|only|entirely|entire(?:ly)?|completely|in)\s+(?:\w+\s+){0,3}?lower[\s-]?case(?:\s+letters)?\b|"
            r"\bno\s+capital(?:s|\s+letters)\b|\bwithout\s+(?:any\s+)?capital(?:s|\s+letters)\b|"
            r"\b(?:nur|ausschließlich|komplett|alles|durchgehend)\s+(?:in\s+)?kleinbuchstaben\b|"
            r"\bkeine\s+großbuchstaben\b|\bkomplett\s+kleingeschrieben\b",
            _FLAGS,
        ),
    ),
    (
        CheckKind.UPPERCASE,
        re.compile(
            r"\b(?:all|only|entirely|entire(?:ly)?|completely|in)\s+(?:\w+\s+){0,3}?"
            r"(?:upper[\s-]?case(?:\s+letters)?|capital\s+letters|caps|capitals)\b|\ball\s+caps\b|"
            r"\b(?:nur|ausschließlich|komplett|alles|durchgehend)\s+(?:in\s+)?großbuchstaben\b|全部大写|全大写",
            _FLAGS,
        ),
    ),
    (
        CheckKind.NO_COMMAS,
        re.compile(
            r"\b(?:no|without(?:\s+(?:any|using(?:\s+any)?))?|(?:do\s+not|don't|never)\s+(?:use|include|put)"
            r"(?:\s+any)?|avoid(?:\s+using)?(?:\s+any)?|refrain\s+from\s+using(?:\s+any)?)\s+commas?\b|"
            r"\b(?:keine?n?|ohne)\s+(?:ein\s+)?(?:kommas?|kommata)\b|"
            r"(?:不要|不能|不得|避免|禁止|不)(?:使用|用|出现|带)?(?:任何)?逗号|没有逗号|"
            r"(?:בלי|ללא)\s+פסיקים?|אל\s+תשתמש\w*\s+בפסיקים?",
            _FLAGS,
        ),
    ),
    (
        CheckKind.TITLE,
        re.compile(r"<<[^<>\n]{0,80}>>|double\s+angular\s+brackets|doppelten?\s+spitzen\s+Klammern|双尖括号", _FLAGS),
    ),
    (
        CheckKind.QUOTED,
        re.compile(
            r"\b(?:wrap|enclose|put|surround)\w*\s+(?:\w+\s+){0,4}?in\s+(?:double\s+)?(?:quotation\s+marks|quotes)\b|"
            r"\bin\s+(?:doppelte\s+)?Anführungszeichen\b|用(?:双)?引号(?:括起来|包裹|包起来)|"
            r"(?:במירכאות|במרכאות)(?:\s+כפולות)?",
            _FLAGS,
        ),
    ),
    (
        CheckKind.JSON,
        re.compile(
            r"\b(?:in|as|valid|output|return|reply\s+(?:in|with)|als|im)\s+(?:a\s+)?(?:valid\s+)?JSON\b|"
            r"\bJSON(?:-|\s+)(?:format|object|only|Format|Objekt)\b|JSON\s*格式|以\s*JSON|בפורמט\s+JSON",
            _FLAGS,
        ),
    ),
    (
        CheckKind.TABLE,
        re.compile(
            r"\b(?:a|as\s+a|in\s+a|with\s+a|one|include\s+a|add\s+a)\s+(?:markdown\s+|comparison\s+|summary\s+"
            r"|simple\s+|short\s+)?table\b(?!\s+of\s+contents)|\btabular\s+form\b|\bin\s+table\s+form\b|"
            r"\b(?:eine|als|in\s+einer|mit\s+einer)\s+(?:Markdown-)?Tabelle\b|\btabellarisch\b|表格|בטבלה|טבלה",
            _FLAGS,
        ),
    ),
    (
        CheckKind.POSTSCRIPT,
        re.compile(r"\bpostscript\b|\bP\.\s?P?\.?\s?S\.|\bPostskriptum\b|\bPS:|附言|נ\.ב\.|נ״ב|נ\"ב", _FLAGS),
    ),
]
_JSON_KEYS = re.compile(r"\b(?:keys?|fields?|properties|Schlüssel\w*|Feld\w*)\b|键|字段|מפתחות|שדות", re.I)
_KEY_NAME = re.compile(r"[\"“'`]([A-Za-z_][\w-]{0,40})[\"”'`]")


def find_checks(directive: str) -> list[Check]:
    """The measured checks the directive asks for, numbered ("words", "bullets",
    "ending"…), in the order the directive says them, without duplicates."""
    found: list[tuple[int, Check]] = []
    phrases, masked = phrase_checks(directive)
    found += [(span.start, check) for span, check in phrases]
    found += _counts(masked)
    found += _flags(masked, directive, {c.kind for _s, c in found})
    found.sort(key=lambda pair: pair[0])
    unique: list[Check] = []
    for _start, check in found:
        if not any(c.kind == check.kind and c.params == check.params for c in unique):
            unique.append(check)
    return number(unique)


def _counts(text: str) -> list[tuple[int, Check]]:
    out: list[tuple[int, Check]] = []
    taken: list[Span] = []
    for kind, pattern in _COUNTED.items():
        for m in pattern.finditer(text):
            span = Span(m.start(), m.end())
            if any(span.overlaps(t) for t in taken) or _per_part(text, m):
                continue
            value = ph.number_value(m.group("num"))
            if value is None:
                continue
            rel = (
                _relation(m, ph.BEFORE, "b")
                or _relation(m, ph.AFTER_NUMBER, "n")
                or _relation(m, ph.AFTER_UNIT, "a")
                or _UNSAID.get(kind, Relation.EXACTLY)
            )
            taken.append(span)
            out.append((m.start(), _counted(kind, rel, value, m.group().strip())))
    for m in _WORD_LIMIT.finditer(text):
        said = m.group("num") or m.group("num2") or m.group("num3")
        value = ph.number_value(said or "")
        if value is not None and not any(Span(m.start(), m.end()).overlaps(t) for t in taken):
            out.append((m.start(), _counted(CheckKind.WORDS, Relation.AT_MOST, value, m.group().strip())))
    have = {c.kind for _s, c in out}
    for kind, pattern in _LIST_WITHOUT_NUMBER:
        said = pattern.search(text)
        if said and kind not in have:
            out.append((said.start(), _counted(kind, Relation.AT_LEAST, 1, said.group().strip())))
    return out


def _per_part(text: str, m: re.Match[str]) -> bool:
    before = text[max(0, m.start() - 30) : m.start()]
    return bool(_PER_PART_BEFORE.search(before) or _PER_PART_AFTER.match(text[m.end() : m.end() + 20]))


def _counted(kind: CheckKind, rel: Relation, value: int, said: str) -> Check:
    assert kind in COUNTED
    return Check("", said, kind, CheckSource.DIRECTIVE, {"relation": str(rel), "number": value})


def _flags(text: str, original: str, have: set[CheckKind]) -> list[tuple[int, Check]]:
    out: list[tuple[int, Check]] = []
    for kind, pattern in _FORMAT_FLAGS:
        m = pattern.search(text)
        if not m or kind in have:
            continue
        if kind == CheckKind.UPPERCASE and any(c.kind == CheckKind.LOWERCASE for _s, c in out):
            continue  # "no capital letters" is the lowercase check, not this one
        params: dict = {}
        if kind == CheckKind.JSON:
            keys = _json_keys(original[m.start() :])
            params = {"keys": keys} if keys else {}
        if kind == CheckKind.POSTSCRIPT:
            params = {"marker": "P.P.S." if re.search(r"P\.\s?P\.\s?S", text) else "P.S."}
        out.append((m.start(), Check("", m.group().strip(), kind, CheckSource.DIRECTIVE, params)))
    return out


def _json_keys(text: str) -> list[str]:
    m = _JSON_KEYS.search(text[:300])
    if not m:
        return []
    return list(dict.fromkeys(k.group(1) for k in _KEY_NAME.finditer(text[m.end() : m.end() + 200])))
