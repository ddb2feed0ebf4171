"""A JSON reply cut off at its output budget, closed so that what it holds can be used.

A small model held to a JSON schema writes valid JSON until ``max_tokens`` stops it mid
string or mid list. What came before the cut is often the whole answer (the mode and the
first briefs of a routing decision): ``close_truncated`` drops the unfinished last item
and closes the open strings, lists and objects. The playbook uses it only for a reply
that was cut (finish reason ``length``) and still checks the result like any reply.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from aipa.core.text.parsing import ParseError

MAX_TRIES = 400  # cut points tried, from the end back


def close_truncated(text: str) -> Any | None:
    """The longest prefix of the JSON object in ``text`` that parses once closed, parsed;
    None when there is none (no object, or nothing complete in it)."""
    start = text.find("{")
    if start < 0:
        return None
    body = text[start:]
    tries = 0
    for end in range(len(body), 0, -1):
        if end < len(body) and body[end - 1] not in '"}]0123456789el,[{':  # where a value could end
            continue
        tries += 1
        if tries > MAX_TRIES:
            break
        closed = _closed(body[:end])
        if closed is None:
            continue
        try:
            value = json.loads(closed)
        except ValueError:
            continue
        if isinstance(value, dict) and value:
            return value
    return None


def parse_closed(text: str, parse: Callable[[str], Any]) -> Any | None:
    """``parse`` of ``text`` closed; None when it cannot be closed or is unusable closed."""
    closed = close_truncated(text)
    if closed is None:
        return None
    try:
        return parse(json.dumps(closed))
    except ParseError:
        return None


def _closed(prefix: str) -> str | None:
    """``prefix`` with its open string, lists and objects closed; None when it ends where
    no value can end (after a key, a colon)."""
    stack: list[str] = []
    in_string = escaped = False
    for c in prefix:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "{[":
            stack.append("}" if c == "{" else "]")
        elif c in "}]" and (not stack or stack.pop() != c):
            return None
    text = prefix
    if in_string:
        if escaped:
            text = text[:-1]
        text += '"'
    text = text.rstrip().rstrip(",")
    if text.endswith(":"):
        return None
    return text + "".join(reversed(stack))
