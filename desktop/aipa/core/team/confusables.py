"""Agent names that look alike: "Vеra" (a Cyrillic е) beside "Vera" would let a file
pass itself off as the auditor in every list and card. ``skeleton`` reduces a name to
what it looks like (after Unicode TR39's idea, with a small table instead of the full
confusables list): NFKC, casefold, invisible characters dropped, Cyrillic and Greek
look-alikes and 0/1 mapped to the Latin letter they imitate. Two names with one
skeleton and different spellings are confusable.
"""

from __future__ import annotations

import unicodedata

# Lower-case look-alikes (names are casefolded first) -> the Latin letter they pass for.
_LOOK_ALIKES = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "l", "ї": "l", "ј": "j", "к": "k",
    "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ь": "b", "г": "r", "п": "n", "л": "n", "ѵ": "v", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "μ": "u", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "ϲ": "c", "ϳ": "j",
    # Latin and digits that pass for one another
    "0": "o", "1": "l", "i": "l", "|": "l", "ı": "l", "ɩ": "l", "ⅼ": "l",
}  # fmt: skip
_TABLE = str.maketrans(_LOOK_ALIKES)


def skeleton(name: str) -> str:
    """What ``name`` looks like: equal skeletons, (almost) equal on screen."""
    text = unicodedata.normalize("NFKC", name).casefold()
    # format characters (zero-width joiners, bidi marks) are invisible; runs of spaces look like one
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    text = " ".join(text.split()).translate(_TABLE)
    return text.replace("rn", "m").replace("vv", "w")


def confusable(a: str, b: str) -> bool:
    """Two names that are spelled differently (case aside) but look the same."""
    return a.strip().casefold() != b.strip().casefold() and skeleton(a) == skeleton(b)


def shown(name: str) -> str:
    """The name with anything outside ASCII spelled out (``V\\u0435ra``), so that a
    warning shows how the two names differ."""
    return name.encode("ascii", "backslashreplace").decode("ascii")
