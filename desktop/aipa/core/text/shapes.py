"""Model-facing shapes, each described once as a pydantic model.

A shape gives three things from one definition:
- ``reply_schema(Model)``: the JSON schema for constrained decoding (Ollama ``format``,
  OpenAI ``response_format``, llama.cpp ``json_schema``, Anthropic's forced tool), with
  every ``$ref`` inlined (grammar converters take no ``$defs``) and no titles, defaults
  or examples. Every property is required unless the model lists it in ``reply_optional``.
- ``example_json(Model)``: the example shown to the model in the prompt, built from the
  same schema (a field's ``examples`` value, else the first choice, else ``"..."``).
- validation that forgives what small models get nearly right: the field types below
  strip strings, read ``"3 points"`` as 3, take a lone string where a list is expected,
  and fall back to the field's default for a value of the wrong kind.
Unknown keys are ignored and missing ones take their defaults, so records saved by an
older or newer version still load (``load``).
"""

from __future__ import annotations

import copy
import json
import math
import re
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from pydantic_core import PydanticUseDefault

M = TypeVar("M", bound=BaseModel)


def _require_all(schema: dict[str, Any], cls: type) -> None:
    schema.pop("description", None)  # the class docstring is for readers, not the decoder
    optional = getattr(cls, "reply_optional", ())
    schema["required"] = [name for name in schema.get("properties", {}) if name not in optional]


class Shape(BaseModel):
    """Base of the model-facing records: immutable, unknown keys ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore", json_schema_extra=_require_all)
    #: Properties a reply may leave out (all others are required in ``reply_schema``).
    reply_optional: ClassVar[tuple[str, ...]] = ()


# --- lenient field types ---------------------------------------------------------------


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value.strip()
    raise PydanticUseDefault()


def texts(value: Any) -> tuple[str, ...]:
    """The non-empty stripped strings of a list (a lone string counts as a list of one)."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)):
        return ()
    return tuple(v.strip() for v in value if isinstance(v, str) and v.strip())


def _texts(value: Any) -> tuple[str, ...]:
    if not isinstance(value, (str, list, tuple)):
        raise PydanticUseDefault()
    return texts(value)


def _whole(value: Any) -> int:
    if isinstance(value, float) and math.isfinite(value):
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and (match := re.search(r"\d+", value)):
        return int(match.group())
    raise PydanticUseDefault()


#: A string, stripped; anything else means the field's default.
Text = Annotated[str, BeforeValidator(_text)]
#: A list of non-empty stripped strings; a lone string counts as a list of one.
Texts = Annotated[tuple[str, ...], BeforeValidator(_texts)]
#: A whole number, also from 3.0 or "3 points"; anything else means the default.
Whole = Annotated[int, BeforeValidator(_whole)]


def one_of(options: tuple[str, ...], *, or_default: bool) -> BeforeValidator:
    """Case-insensitive match of a choice; a miss takes the field's default when
    ``or_default``, else it is left for the ``Literal`` to reject."""
    canonical = {o.lower(): o for o in options}

    def check(value: Any) -> Any:
        if isinstance(value, str) and value.strip().lower() in canonical:
            return canonical[value.strip().lower()]
        if or_default:
            raise PydanticUseDefault()
        return value

    return BeforeValidator(check)


def hint(example: Any = None, **schema: Any) -> Any:
    """A field's example value and decoder-only constraints (``minItems``, ``maximum``...):
    they go into the schema; the parsers check what matters in their own words."""
    return Field(examples=[example] if example is not None else None, json_schema_extra=schema or None)


# --- schema and example ------------------------------------------------------------------

_NOISE = {"title", "default", "examples"}


def inline(node: Any, defs: dict[str, Any]) -> Any:
    """``node`` with every ``$ref`` into ``defs`` replaced by what it points to."""
    if isinstance(node, list):
        return [inline(v, defs) for v in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target = defs[node["$ref"].rsplit("/", 1)[-1]]
        return inline({**target, **{k: v for k, v in node.items() if k != "$ref"}}, defs)
    return {k: inline(v, defs) for k, v in node.items()}


def full_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema with every ``$ref`` inlined (examples kept)."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})
    return inline(schema, defs)


def _strip(node: Any) -> Any:
    if isinstance(node, list):
        return [_strip(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key in _NOISE:
            continue
        if key == "properties":  # property names are data, not keywords: keep "title" there
            out[key] = {name: _strip(sub) for name, sub in value.items()}
        else:
            out[key] = _strip(value)
    return out


def reply_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The schema for constrained decoding: inlined, without titles, defaults or examples."""
    return _strip(full_schema(model))


def _example(node: dict[str, Any]) -> Any:
    if node.get("examples"):
        return copy.deepcopy(node["examples"][0])
    if "enum" in node:
        return node["enum"][0]
    if "anyOf" in node:
        return _example(next((o for o in node["anyOf"] if o.get("type") != "null"), node["anyOf"][0]))
    kind = node.get("type")
    if kind == "object":
        return {name: _example(sub) for name, sub in node.get("properties", {}).items()}
    if kind == "array":
        return [_example(node.get("items", {}))]
    if kind in ("integer", "number"):
        return node.get("minimum", 1)
    if kind == "boolean":
        return False
    return "..."


def example_json(model: type[BaseModel]) -> str:
    """One JSON example of the model's reply, for the prompt."""
    return json.dumps(_example(full_schema(model)), ensure_ascii=False)


# --- loading and checking -------------------------------------------------------------------


def load(model: type[M], data: Any) -> M:
    """A record from stored data that never fails: unknown keys are ignored, and missing
    or unreadable fields take their defaults (a plan saved by another version opens)."""
    if isinstance(data, model):
        return data
    if not isinstance(data, dict):
        return model()
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        bad = {e["loc"][0] for e in exc.errors() if e["loc"]}
        return model.model_validate({k: v for k, v in data.items() if k not in bad})


def where(loc: tuple[Any, ...]) -> str:
    """``("stories", 0, "points")`` -> ``stories[0].points``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def describe(exc: ValidationError, limit: int = 3) -> str:
    """What is wrong, in one line a model can act on."""
    parts = []
    for error in exc.errors()[:limit]:
        message = error["msg"].removeprefix("Value error, ")
        at = where(tuple(error["loc"]))
        parts.append(f"{at}: {message}" if at else message)
    return "; ".join(parts)


def check(model: type[M], data: Any, on_error: Callable[[str], Exception]) -> M:
    """``model`` validated from ``data``; ``on_error(message)`` is raised when it does not fit."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise on_error(describe(exc)) from None
