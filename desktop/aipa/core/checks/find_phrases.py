"""The finder's families that quote text: words to avoid, the ending, the start, words to
include (in that order, so "do not use the word 'x'" is never read as "use the word").

The text is taken only where the directive marks it: in quotes ("", “”, „“, '', «», 「」,
״״) or after a colon ("finish with the exact sentence: Thanks, everyone."); after a colon
up to the end of its sentence, punctuation included. "End with next steps" names no text:
nothing is measured (the router may propose it as a judged check)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from aipa.core.checks import phrasings as ph
from aipa.core.checks.model import Check, CheckKind, CheckSource, Relation

_F = re.I | re.S


@dataclass(frozen=True)
class Span:
    start: int
    end: int

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end


_QUOTE = re.compile(
    r"\"([^\"\n]{1,200})\"|“([^”\n]{1,200})”|„([^“”\n]{1,200})[“”]|(?<![^\W_])'([^'\n]{1,200})'(?![^\W_])|"
    r"«([^»\n]{1,200})»|「([^」\n]{1,200})」|『([^』\n]{1,200})』|״([^״\n]{1,200})״"
)
# Words that may stand between "end with" and the text ("the exact sentence").
_FILLER = re.compile(
    r"(?:\s*(?:the|this|that|a|an|exact|exactly|following|same|sentence|phrase|words?|line|question|text|"
    r"sign-?off|greeting|statement|dem|den|die|der|das|genauen?|folgenden?|Satz|Worten?|Zeile|Frage|Gruß|"
    r"[בה]?משפט|[בה]?מילים|[בה]?מילה|המדויק|הבא|את|ב[-־]?|这句话|句话|一句话|句|话|以下))*\s*",
    _F,
)
_SENTENCE_END = re.compile(r"[^\n]*?[.!?。！？](?=\s|$)|[^\n]+")

_ENDS = re.compile(
    r"\b(?:end|finish|close|conclude|wrap\s+up|sign\s+off)(?:s|ing)?\b(?:\s+(?:it|this|that|the\s+\w+|your\s+\w+))?"
    r"\s+with\b|\b(?:last|final|closing)\s+(?:line|sentence|words?|phrase)\s+(?:must|should|has\s+to|needs\s+to)"
    r"\s+(?:be|read)\b|\b(?:beende|beenden|beendet|schließe|schließen|schließt|ende|enden|endet)\b[^.!?\n:\"“„]{0,40}?"
    r"\bmit\b|\bletzte[rn]?\s+(?:Satz|Zeile)\s+(?:muss|soll)\b(?:\s+lauten)?|"
    r"(?:结尾|最后一句(?:话)?|结束语|最后一行)(?:必须|要|应该|应|请)?(?:是|为|用|写)|"
    r"(?:סיים|סיימי|סיימו|לסיים|תסיים|תסיימי|תסיימו)(?![^\W\d_])",
    _F,
)
_STARTS = re.compile(
    r"\b(?:start|begin|open)(?:s|ning)?\b(?:\s+(?:it|this|that|the\s+\w+|your\s+\w+))?\s+with\b|"
    r"\bfirst\s+(?:line|sentence|words?)\s+(?:must|should|has\s+to|needs\s+to)\s+be\b|"
    r"\b(?:beginne|beginnen|beginnt|fange|fangen|starte|starten)\b[^.!?\n:\"“„]{0,40}?\bmit\b|"
    r"(?:开头|第一句(?:话)?)(?:必须|要|应该|应|请)?(?:是|为|用|写)|"
    r"(?:התחל|התחילי|התחילו|להתחיל|תתחיל|תתחילי|פתח|פתחי|פתחו)(?![^\W\d_])",
    _F,
)
_ENDS_AROUND = re.compile(r"以\s*(?P<q>[“「\"『])(?P<t>[^”」\"』\n]{1,200})[”」\"』]\s*(?:结尾|结束|收尾|作结)")
_STARTS_AROUND = re.compile(r"以\s*(?P<q>[“「\"『])(?P<t>[^”」\"』\n]{1,200})[”」\"』]\s*(?:开头|开始)")

_WORD_NOUN = (
    r"(?:words?|phrases?|keywords?|terms?|expressions?|Wort|Wörter|Begriffe?|Ausdruck|Phrase|Stichwort|"
    r"Schlüsselwörter|关键词|关键字|词语|词|短语|这个词|ב?המילה|ב?המילים|ב?הביטוי|במילה|במילים)"
)
_EXCLUDES = re.compile(
    r"\b(?:do\s+not|don't|never|avoid|without|must\s+not|should\s+not|shouldn't|mustn't)\s+"
    r"(?:(?:use|using|mention|mentioning|include|including|say|saying|write|writing|contain|containing)\s+)?"
    r"(?:(?:the|any\s+of\s+the|any)\s+)?" + _WORD_NOUN + r"|"
    r"\b(?:do\s+not|don't|never|avoid)\s+(?:use|using|mention|say|include|write)\b(?=\s*[\"“„«'])|"
    r"\b(?:ohne|niemals|keine?n?)\b[^.!?\n]{0,20}?\b(?:das\s+|die\s+|den\s+)?" + _WORD_NOUN + r"|"
    r"\b(?:verwende|benutze|erwähne|nutze)\s+(?:nicht|nie|niemals)\b(?:\s+(?:das|die|den))?(?:\s+" + _WORD_NOUN + ")?|"
    r"(?:不要|不能|不得|避免|禁止|请勿|不可)(?:使用|提到|出现|包含|用|说)" + _WORD_NOUN + r"?(?=\s*[“「\"『])|"
    r"(?:אל\s+(?:תשתמש|תשתמשי|תשתמשו|תזכיר|תזכירי|תזכירו|תכלול)|בלי|ללא)(?![^\W\d_])\s*(?:את\s+)?" + _WORD_NOUN,
    _F,
)
_INCLUDES = re.compile(
    r"\b(?:include|use|mention|contain|feature|incorporate|work\s+in)s?\b(?:\s+(?:the|these|all|both))?\s+"
    r"(?:exact\s+)?" + _WORD_NOUN + r"|\b(?:mention|include|use|contain)s?\b(?=\s*[\"“„«])|"
    r"\b(?:the\s+)?(?:word|phrase|keyword|term)\b(?=\s*[\"“„«'][^\"“”„«»'\n]{1,60}[\"”“»']\s+(?:should|must|has\s+to)\b)|"
    r"\b(?:verwende|verwenden|benutze|benutzen|enthalte|enthalten|erwähne|erwähnen|nutze|nutzen)\b[^.!?\n]{0,15}?"
    r"\b(?:das\s+|die\s+|den\s+)?" + _WORD_NOUN + r"|"
    r"(?:包含|包括|提到|使用|用到|出现)" + _WORD_NOUN + r"?(?=\s*[“「\"『])|"
    r"(?:כלול|כללי|כללו|השתמש|השתמשי|השתמשו|הזכר|הזכירי|הזכירו)(?![^\W\d_])\s*(?:את\s+)?" + _WORD_NOUN + "?",
    _F,
)
_NEGATED = re.compile(r"(?:\b(?:not|don't|never|nicht|nie|kein\w*)\b|不|אל)[^.!?\n]{0,12}$", re.I)
_JOIN = re.compile(r"\s*(?:,|and|or|und|oder|和|、|或|ו)\s*", re.I)
_BARE_WORD = re.compile(r"\s*([^\W\d_][\w'-]*)")
_TIMES = re.compile(
    r"\s*(?:(?:should|must|has\s+to|needs\s+to)\s+(?:appear|be\s+used|occur)\s+)?"
    r"(?:(?P<least>at\s+least|no\s+(?:fewer|less)\s+than|mindestens|至少|לפחות)\s*"
    r"|(?P<most>at\s+most|no\s+more\s+than|höchstens|最多|לכל\s+היותר)\s*)?"
    + ph.NUMBER
    + r"\s*(?:times?|-?mal|次|פעמים)",
    _F,
)


def _quoted(text: str, pos: int) -> tuple[str, Span] | None:
    m = _QUOTE.match(text, pos)
    if not m:
        return None
    inner = next(g for g in m.groups() if g is not None)
    return inner.strip(), Span(m.start(), m.end())


def _skip_filler(text: str, pos: int) -> int:
    m = _FILLER.match(text, pos)
    return m.end() if m else pos


def _target(text: str, pos: int) -> tuple[str, Span] | None:
    """The text a phrase family names, right after its intro: quoted, or after a colon."""
    pos = _skip_filler(text, pos)
    got = _quoted(text, pos)
    if got:
        return got
    if pos < len(text) and text[pos] in ":：":
        after = pos + 1
        while after < len(text) and text[after] in " \t":
            after += 1
        got = _quoted(text, after)
        if got:
            return got
        m = _SENTENCE_END.match(text, after)
        if m and m.group().strip():
            return m.group().strip(), Span(after, m.end())
    return None


def _targets(text: str, pos: int, *, bare: bool) -> list[tuple[str, Span]]:
    """One or more quoted texts joined by commas/and ("'team', 'move' and 'Friday'"), or
    (``bare``) a single unquoted word ("the word deposit")."""
    pos = _skip_filler(text, pos)
    if pos < len(text) and text[pos] in ":：":
        pos += 1
        while pos < len(text) and text[pos] in " \t":
            pos += 1
    out: list[tuple[str, Span]] = []
    while got := _quoted(text, pos):
        out.append(got)
        join = _JOIN.match(text, got[1].end)
        if not join:
            break
        pos = join.end()
    if not out and bare:
        m = _BARE_WORD.match(text, pos)
        if m:
            out.append((m.group(1), Span(m.start(1), m.end(1))))
    return out


def phrase_checks(directive: str) -> tuple[list[tuple[Span, Check]], str]:
    """The quoting families' checks with where each was said, and the directive with
    every quoted text masked (blanked, positions kept) for the other families."""
    found: list[tuple[Span, Check]] = []
    taken: list[Span] = []

    targets: list[Span] = []

    def add(span: Span, kind: CheckKind, params: dict, target: Span) -> None:
        taken.append(span)
        targets.append(target)
        said = directive[span.start : span.end].strip()
        found.append((span, Check("", said, kind, CheckSource.DIRECTIVE, params)))

    for m in _EXCLUDES.finditer(directive):
        for phrase, where in _targets(directive, m.end(), bare=True):
            add(Span(m.start(), where.end), CheckKind.EXCLUDES, {"phrase": phrase}, where)
    for kind, intro, around in (
        (CheckKind.ENDS_WITH, _ENDS, _ENDS_AROUND),
        (CheckKind.STARTS_WITH, _STARTS, _STARTS_AROUND),
    ):
        for m in around.finditer(directive):
            add(Span(m.start(), m.end()), kind, {"phrase": m.group("t").strip()}, Span(m.start("t"), m.end("t")))
        for m in intro.finditer(directive):
            got = _target(directive, m.end())
            span = Span(m.start(), got[1].end) if got else None
            if got and span and not any(span.overlaps(t) for t in taken):
                add(span, kind, {"phrase": got[0]}, got[1])
    for m in _INCLUDES.finditer(directive):
        if _NEGATED.search(directive[max(0, m.start() - 20) : m.start()]):
            continue
        before = list(taken)  # one intro may name several phrases
        for phrase, where in _targets(directive, m.end(), bare=True):
            span = Span(m.start(), where.end)
            if any(span.overlaps(t) for t in before):
                continue
            times = _TIMES.match(directive, where.end)
            params: dict = {"phrase": phrase, "relation": str(Relation.AT_LEAST), "number": 1}
            if times and (value := ph.number_value(times.group("num"))) is not None:
                rel = Relation.AT_MOST if times.group("most") else Relation.AT_LEAST
                params.update(relation=str(rel if times.group("least") or times.group("most") else Relation.EXACTLY))
                params["number"] = value
                span = Span(span.start, times.end())
            add(span, CheckKind.INCLUDES, params, where)
    return found, _mask(directive, targets)


def _mask(text: str, targets: list[Span]) -> str:
    """Quoted texts and the named texts blanked (quotes kept, positions kept)."""
    masked = _QUOTE.sub(lambda m: m.group()[0] + " " * (len(m.group()) - 2) + m.group()[-1], text)
    for t in targets:
        masked = masked[: t.start] + " " * (t.end - t.start) + masked[t.end :]
    return masked
