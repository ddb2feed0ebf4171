"""One list of checks for a run: the finder's (measured, from the directive), the
router's proposals (judged, in the directive's words) and the Principal's own (``aipa run
--check``, the routing card), without duplicates, numbered.

Rules: the finder is the authority on what is measured. A router proposal that the
finder reads as a measured family already on the list is a duplicate and dropped; one
that reads as a new measured family stays judged (the router may be wrong about the
directive, and a judged check only asks the auditor). A Principal's text the finder
reads as measured becomes those measured checks (source PRINCIPAL); otherwise it is a
judged check. Judged texts that say the same (same words, any case and punctuation)
are one check."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from aipa.core.checks.find import find_checks
from aipa.core.checks.model import Check, CheckKind, CheckSource, number

MAX_PROPOSED = 6  # the routing schema's bound on the router's list
MAX_TEXT = 120  # characters of one proposed check


def _said(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", text.casefold()))


def _same(a: Check, b: Check) -> bool:
    if a.kind != b.kind:
        return False
    if a.kind == CheckKind.JUDGED:
        return _said(a.text) == _said(b.text)
    return a.params == b.params


def judged(text: str, source: CheckSource) -> Check:
    return Check("", text.strip()[:MAX_TEXT], CheckKind.JUDGED, source)


def merge(
    found: Iterable[Check],
    proposed: Iterable[str] = (),
    principal: Iterable[str] = (),
    removed: Iterable[str] = (),
) -> list[Check]:
    """The run's checks. ``found``: the finder's on the directive; ``proposed``: the
    router's strings; ``principal``: the Principal's texts; ``removed``: ids the
    Principal took off the list."""
    out: list[Check] = list(found)
    measured_kinds = {c.kind for c in out}
    for text in [t for t in proposed if isinstance(t, str) and t.strip()][:MAX_PROPOSED]:
        reads_as = find_checks(text)
        if reads_as and all(c.kind in measured_kinds for c in reads_as):
            continue
        _add(out, judged(text, CheckSource.MODEL))
    for text in (t for t in principal if t.strip()):
        reads_as = find_checks(text)
        if reads_as:
            for check in reads_as:
                _add(out, replace(check, id="", source=CheckSource.PRINCIPAL), replace_same=True)
        else:
            _add(out, judged(text, CheckSource.PRINCIPAL))
    gone = set(removed)
    return number(c for c in out if c.id not in gone or not c.id)


def _add(checks: list[Check], new: Check, *, replace_same: bool = False) -> None:
    for i, old in enumerate(checks):
        if _same(old, new):
            if replace_same:
                checks[i] = replace(new, id=old.id)
            return
    checks.append(new)
