"""The words the finder knows, per language (English, German, Chinese, Hebrew: the shipped
UI languages): numbers, how a count is bounded ("under", "höchstens", "不超过", "לכל
היותר"), and the units of each counted family. Patterns are regular-expression
fragments, longest first where one is the start of another."""

from __future__ import annotations

import re

from aipa.core.checks.model import CheckKind, Relation

NUMBER_WORDS: dict[str, int] = {
    # English
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "hundred": 100, "a single": 1, "single": 1, "a couple of": 2,
    # German
    "ein": 1, "eine": 1, "einen": 1, "einem": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
    "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "zwölf": 12, "zwanzig": 20,
    "dreißig": 30, "fünfzig": 50, "hundert": 100,
    # Chinese
    "一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    "十": 10, "二十": 20, "三十": 30, "五十": 50, "一百": 100, "百": 100,
    # Hebrew (masculine and feminine forms)
    "אחד": 1, "אחת": 1, "שני": 2, "שתי": 2, "שניים": 2, "שתיים": 2, "שלושה": 3, "שלוש": 3,
    "ארבעה": 4, "ארבע": 4, "חמישה": 5, "חמש": 5, "שישה": 6, "שש": 6, "שבעה": 7, "שבע": 7,
    "שמונה": 8, "תשעה": 9, "תשע": 9, "עשרה": 10, "עשר": 10, "עשרים": 20, "חמישים": 50, "מאה": 100,
}  # fmt: skip


def _alternation(words) -> str:
    return "|".join(sorted((w.replace(" ", r"\s+") for w in words), key=len, reverse=True))


_LATIN = _alternation(w for w in NUMBER_WORDS if w[0].isascii() or w[0] in "äöüß" or "ü" in w or "ö" in w)
_HAN = _alternation(w for w in NUMBER_WORDS if "\u4e00" <= w[0] <= "\u9fff")
_HEBREW = _alternation(w for w in NUMBER_WORDS if "\u0590" <= w[0] <= "\u05ff")
# A number: digits (1,000 and 1.000 allowed), or a number word: Latin ones between word
# boundaries, Chinese ones against the next word ("三个") but not ordinals ("第三"),
# Hebrew ones after a one-letter prefix ("בשלוש").
NUMBER = (
    rf"(?P<num>(?<!第)(?<!\d[.,])(?<!\d)(?:\d{{1,3}}(?:[,.]\d{{3}})+|\d+)(?![\d.,]\d)"
    rf"|(?<![^\W\d_])(?:{_LATIN})(?![^\W\d_])"
    rf"|(?<!第)(?:{_HAN})"
    rf"|(?<![^\W\d_])[בולמה]?(?:{_HEBREW})(?![^\W\d_]))"
)


def number_value(text: str) -> int | None:
    """The number a NUMBER match stands for."""
    said = re.sub(r"\s+", " ", text.strip()).casefold()
    digits = re.sub(r"[,.]", "", said)
    if digits.isdigit():
        return int(digits)
    if said in NUMBER_WORDS:
        return NUMBER_WORDS[said]
    if said[1:] in NUMBER_WORDS:  # a Hebrew prefix letter
        return NUMBER_WORDS[said[1:]]
    return None


# A relation written before the number. (pattern, relation), tried in this order.
BEFORE: list[tuple[str, Relation]] = [
    # at most
    (r"no\s+more\s+than|not\s+more\s+than|not\s+(?:to\s+)?exceed(?:ing)?|a\s+maximum\s+of|maximum\s+of|"
     r"at\s+most|max(?:imum)?\.?|up\s+to|within|limited\s+to|(?:a\s+)?limit\s+of|no\s+longer\s+than|"
     r"höchstens|maximal|max\.|nicht\s+mehr\s+als|bis\s+zu|"
     r"不超过|不多于|最多|至多|不要超过|不得超过|"
     r"לכל\s+היותר|לא\s+יותר\s+מ[-־]?|עד|מקסימום", Relation.AT_MOST),
    # fewer than
    (r"fewer\s+than|less\s+than|under|below|shorter\s+than|"
     r"unter|weniger\s+als|kürzer\s+als|"
     r"少于|低于|"
     r"פחות\s+מ[-־]?", Relation.LESS_THAN),
    # at least
    (r"no\s+(?:fewer|less)\s+than|not\s+(?:fewer|less)\s+than|at\s+least|a\s+minimum\s+of|minimum\s+of|"
     r"mindestens|wenigstens|nicht\s+weniger\s+als|"
     r"至少|不少于|最少|"
     r"לפחות|מינימום", Relation.AT_LEAST),
    # more than
    (r"more\s+than|over|longer\s+than|"
     r"mehr\s+als|über|"
     r"超过|多于|"
     r"יותר\s+מ[-־]?", Relation.MORE_THAN),
    # exactly
    (r"exactly|precisely|just|only|"
     r"genau|exakt|nur|"
     r"正好|恰好|只用|仅用|"
     r"בדיוק|רק", Relation.EXACTLY),
]  # fmt: skip

# A relation written after the unit ("60 words max", "60字以内", "3 or more bullets" is
# written after the number: see AFTER_NUMBER).
AFTER_UNIT: list[tuple[str, Relation]] = [
    (
        r"max(?:imum)?\b|limit\b|cap\b|or\s+(?:fewer|less)|at\s+most|tops|höchstens|maximal|oder\s+weniger|以内|以下|之内|"
        r"לכל\s+היותר|או\s+פחות",
        Relation.AT_MOST,
    ),
    (r"or\s+more|at\s+least|minimum|oder\s+mehr|mindestens|以上|או\s+יותר", Relation.AT_LEAST),
]
AFTER_NUMBER: list[tuple[str, Relation]] = [
    (r"or\s+(?:fewer|less)|oder\s+weniger|או\s+פחות", Relation.AT_MOST),
    (r"or\s+more|oder\s+mehr|או\s+יותר", Relation.AT_LEAST),
]

# The unit of each counted family. Chinese counts take a measure word (个, 条, 段, 句).
UNITS: dict[CheckKind, str] = {
    CheckKind.WORDS: r"words?|wörtern?|worte|个?字(?!符)|个?词|מילים|מילה",
    CheckKind.SENTENCES: r"sentences?|sätzen?|satz|个?句(?:话|子)?|משפטים|משפט",
    CheckKind.PARAGRAPHS: r"paragraphs?|absätzen?|absatz|个?段(?:落)?|פסקאות|פסקה",
    CheckKind.CHARACTERS: r"characters?|chars?|zeichen|个?字符|תווים|תו",
    CheckKind.BULLETS: (
        r"bullet[\s-]*points?|bullets?|bulleted\s+(?:items?|points?|lines?)|bullet\s+list\s+items?|"
        r"aufzählungspunkten?|stichpunkten?|stichpunkte|aufzählungszeichen|"
        r"[个条]?要点|[个条]?项目符号|נקודות|תבליטים|נקודה"
    ),
    CheckKind.NUMBERED: (
        r"numbered\s+(?:items?|points?|steps?|list\s+items?|lines?)|"
        r"nummerierten?\s+punkten?|nummerierte\s+punkte|"
        r"[个条]?编号(?:项|的要点|步骤)?|פריטים\s+ממוספרים|נקודות\s+ממוספרות"
    ),
    CheckKind.SECTIONS: r"sections?|abschnitten?|abschnitte|个?部分|个?章节|סעיפים|חלקים",
    CheckKind.HEADINGS: r"headings?|headers?|überschriften|überschrift|个?小?标题|כותרות|כותרת",
    CheckKind.PLACEHOLDERS: r"placeholders?|platzhaltern?|platzhalter|个?占位符|מצייני\s+מקום",
}

# Words that may stand between the number and the unit ("three short paragraphs").
BETWEEN = (
    r"(?:short|brief|concise|clear|key|main|simple|separate|distinct|full|complete|markdown|"
    r"kurze[n]?|knappe[n]?|klare[n]?|wichtige[n]?|"
    r"קצרות|קצרים|קצרה)"
)
