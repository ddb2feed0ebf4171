"""Tools the model can call: plain Python functions described by their signature.

A tool's arguments are a pydantic model built from its signature (type hints and
defaults) and its Google-style docstring (the prose before the first section is the
description, the ``Args:`` section describes each parameter). The model gives the JSON
schema offered to the model and validates, leniently, what the model sends back.

``ToolRegistry.call`` never raises for the model's mistakes (unknown tool, bad
arguments, a ToolError from the tool): it returns an ``Error: ...`` string the model
can read, so the tool loop goes on.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
import logging
import operator
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from aipa.core.text.shapes import full_schema, inline
from aipa.errors import AipaError, ConfigError
from aipa.providers.base import ToolSpec

log = logging.getLogger(__name__)


def quoted(source: str, text: str) -> str:
    """A tool result as quoted data: fenced in a ``<data>`` element the prompts say never to obey."""
    return f'<data source="{source}">\n{text.replace("</data>", "</ data>")}\n</data>'


_SECTIONS = re.compile(
    r"^(Args|Arguments|Parameters|Returns|Return|Yields|Raises|Examples?|Notes?|Attributes)"
    r"\s*:\s*$"
)
_ARG_LINE = re.compile(r"^(\*{0,2}\w+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$")


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    func: Callable[..., Any]
    writes: bool = False
    arguments: type[BaseModel] | None = None  # validates and coerces the model's arguments

    @property
    def spec(self) -> ToolSpec:
        return ToolSpec(self.name, self.description, self.parameters)


# --- schema from signature + docstring --------------------------------------------------


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """(description, {param: description}) from a Google-style docstring."""
    lines = inspect.cleandoc(doc or "").splitlines()
    prose: list[str] = []
    params: dict[str, str] = {}
    section: str | None = None
    current: str | None = None
    params_indent = 0
    for line in lines:
        header = _SECTIONS.match(line.strip()) if not line.startswith(" ") else None
        if header:
            section, current = header.group(1).lower(), None
            continue
        if section is None:
            prose.append(line.strip())
        elif section in ("args", "arguments", "parameters") and line.strip():
            indent = len(line) - len(line.lstrip())
            match = _ARG_LINE.match(line.strip())
            if match and (current is None or indent <= params_indent):
                current = match.group(1).lstrip("*")
                params_indent = indent
                params[current] = match.group(3).strip()
            elif current is not None:
                params[current] = f"{params[current]} {line.strip()}".strip()
    return re.sub(r"\s+", " ", " ".join(prose)).strip(), params


_BOOL_IS_NOT_A_NUMBER = "a boolean is not a number"


def _not_bool(value: Any) -> Any:
    if isinstance(value, bool):  # pydantic would read true as 1; a model sending true meant something else
        raise ValueError(_BOOL_IS_NOT_A_NUMBER)
    return value


def _numbers_not_bools(annotation: Any) -> Any:
    """``annotation`` with every int and float refusing booleans (also inside lists and unions)."""
    if annotation in (int, float):
        return Annotated[annotation, BeforeValidator(_not_bool)]
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if not args or origin in (typing.Literal, Annotated):
        return annotation
    inner = tuple(a if a is Ellipsis else _numbers_not_bools(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        return functools.reduce(operator.or_, inner)
    return origin[inner]


def _optional(annotation: Any) -> bool:
    args = typing.get_args(annotation)
    return typing.get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in args


def arguments_model(func: Callable[..., Any]) -> type[BaseModel]:
    """A pydantic model of ``func``'s parameters: type hints, defaults, and the docstring's
    ``Args:`` descriptions. A parameter without a hint takes anything. A function taking
    ``**kwargs`` (a tool described by its own JSON schema, e.g. an MCP server's) accepts
    the names its schema lists: they were checked against it before validation."""
    _, docs = parse_docstring(inspect.getdoc(func))
    try:
        hints = typing.get_type_hints(func)
    except Exception:  # noqa: BLE001 - unresolvable forward refs: those parameters take anything
        hints = {}
    fields: dict[str, Any] = {}
    params = inspect.signature(func).parameters.values()
    extra: Literal["allow", "forbid"] = "allow" if any(p.kind is p.VAR_KEYWORD for p in params) else "forbid"
    for param in params:
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        annotation = hints.get(param.name, Any)
        required = param.default is param.empty and not _optional(annotation)
        default = ... if required else None if param.default is param.empty else param.default
        fields[param.name] = (_numbers_not_bools(annotation), Field(default, description=docs.get(param.name)))
    config = ConfigDict(extra=extra, coerce_numbers_to_str=True, arbitrary_types_allowed=True)
    return create_model(f"{func.__name__}_arguments", __config__=config, **fields)


def _plain(schema: Any) -> Any:
    """A parameter schema as models read it best: no titles, ``X | None`` as ``X`` (null
    means "use the default"), no empty ``items``, no ``additionalProperties: true``."""
    if isinstance(schema, list):
        return [_plain(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _plain(v) for k, v in schema.items() if k not in ("title", "properties")}
    if "properties" in schema:  # property names are data: a parameter may be called "title"
        out["properties"] = {name: _plain(sub) for name, sub in schema["properties"].items()}
    options = out.get("anyOf")
    if options and {"type": "null"} in options:
        rest = [o for o in options if o != {"type": "null"}]
        del out["anyOf"]
        out = {**(rest[0] if len(rest) == 1 else {"anyOf": rest}), **out}
    if out.get("items") == {}:
        del out["items"]
    if out.get("additionalProperties") is True:
        del out["additionalProperties"]
    if "default" in out and out["default"] is None:
        del out["default"]
    return out


def type_schema(annotation: Any) -> dict[str, Any]:
    """JSON schema for a type hint (``{}`` = anything)."""
    schema = TypeAdapter(annotation).json_schema()
    return _plain(inline(schema, schema.pop("$defs", {})))


def function_schema(func: Callable[..., Any]) -> tuple[str, dict[str, Any]]:
    """(description, parameters JSON schema) for a function."""
    description, _ = parse_docstring(inspect.getdoc(func))
    schema = _plain(full_schema(arguments_model(func)))
    return description, {
        "type": "object",
        "properties": schema.get("properties", {}),
        "required": schema.get("required", []),
        "additionalProperties": False,
    }


# --- argument checking ------------------------------------------------------------------


class ArgumentError(ValueError):
    """The model's arguments do not fit the tool's schema."""


_EXPECTED = {
    "string": "a string",
    "int": "an integer",
    "float": "a number",
    "bool": "true or false",
    "list": "a list",
    "tuple": "a list",
    "set": "a list",
    "dict": "an object",
}


def _at(props: dict[str, Any], loc: tuple[Any, ...]) -> tuple[str, dict[str, Any]]:
    """Where an error is, as the model wrote it (``stops[1]``, ``extras.key``), and the
    schema there. A union's member tags in ``loc`` are not part of the place."""
    node: dict[str, Any] = props.get(str(loc[0]), {})
    where = str(loc[0])
    for part in loc[1:]:
        if "anyOf" in node:
            break
        if isinstance(part, int):
            node, where = node.get("items", {}), f"{where}[{part}]"
        else:
            node = node.get("properties", {}).get(part) or node.get("additionalProperties") or {}
            where = f"{where}.{part}"
    return where, node


def _problem(exc: ValidationError, props: dict[str, Any]) -> str:
    """The first thing wrong, as one sentence: ``argument 'days' must be an integer, got ...``."""
    errors = exc.errors()
    first = errors[0]
    where, node = _at(props, tuple(first["loc"]))
    got = _kind(first["input"])
    if "anyOf" in node:
        return f"argument '{where}' has the wrong type ({got})"
    kind = first["type"]
    if kind == "literal_error" and "enum" in node:
        options = ", ".join(json.dumps(o) for o in node["enum"])
        return f"argument '{where}' must be one of {options}, got {json.dumps(first['input'], default=str)}"
    if first["msg"] == f"Value error, {_BOOL_IS_NOT_A_NUMBER}":
        kind = "int_type" if node.get("type") == "integer" else "float_type"
    for prefix, expected in _EXPECTED.items():
        if kind.startswith(prefix):
            return f"argument '{where}' must be {expected}, got {got}"
    return f"argument '{where}': {first['msg']} (got {got})"


def _kind(value: Any) -> str:
    names = {
        str: "a string",
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        list: "a list",
        dict: "an object",
        type(None): "null",
    }
    shown = json.dumps(value, default=str)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return f"{names.get(type(value), type(value).__name__)} {shown}"


def check_arguments(tool: Tool, arguments: dict[str, Any]) -> dict[str, Any]:
    """Validated (and leniently coerced: ``"3"`` for 3, ``4.0`` for 4, ``"true"`` for true)
    arguments; ArgumentError says what is wrong."""
    props: dict[str, Any] = tool.parameters.get("properties", {})
    unknown = [k for k in arguments if k not in props]
    if unknown:
        expected = ", ".join(props) or "no arguments"
        raise ArgumentError(f"unexpected argument '{unknown[0]}' (expected: {expected})")
    missing = [k for k in tool.parameters.get("required", []) if arguments.get(k) is None]
    if missing:
        raise ArgumentError(f"missing required argument '{missing[0]}'")
    given = {k: v for k, v in arguments.items() if v is not None}  # null for an optional argument: its default
    model = tool.arguments or arguments_model(tool.func)
    try:
        checked = model.model_validate(given)
    except ValidationError as exc:
        raise ArgumentError(_problem(exc, props)) from None
    return {k: getattr(checked, k) for k in given}


def _encode(result: Any) -> str:
    if isinstance(result, str):
        return result
    if dataclasses.is_dataclass(result) and not isinstance(result, type):
        result = dataclasses.asdict(result)
    return json.dumps(result, ensure_ascii=False, default=str)


# --- the registry ------------------------------------------------------------------------


class ToolRegistry:
    """Named tools; ``register`` works as a call or a decorator."""

    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    def register(
        self,
        func: Callable[..., Any] | None = None,
        *,
        writes: bool = False,
        name: str | None = None,
    ) -> Any:
        """``reg.register(f)``, ``@reg.register`` or ``@reg.register(writes=True)``.

        Returns the function unchanged. Raises ValueError on a duplicate name.
        """

        def add(f: Callable[..., Any]) -> Callable[..., Any]:
            tool_name = name or f.__name__
            if tool_name in self._tools:
                raise ValueError(f"tool '{tool_name}' is already registered")
            if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", tool_name):
                raise ValueError(f"tool name {tool_name!r} must match [A-Za-z0-9_-]{{1,64}}")
            description, parameters = function_schema(f)
            self._tools[tool_name] = Tool(tool_name, description, parameters, f, writes, arguments_model(f))
            return f

        return add(func) if func is not None else add

    def add(self, tool: Tool) -> None:
        """Register a ready-made tool (its schema given, e.g. an MCP server's); ValueError on a duplicate."""
        if tool.name in self._tools:
            raise ValueError(f"tool '{tool.name}' is already registered")
        self._tools[tool.name] = tool

    def get(self, name: str) -> Tool:
        try:
            return self._tools[name]
        except KeyError:
            known = ", ".join(self._tools) or "none"
            raise ConfigError(f"unknown tool '{name}'", hint=f"known tools: {known}") from None

    def names(self) -> list[str]:
        return list(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[Tool]:
        return iter(list(self._tools.values()))

    def __len__(self) -> int:
        return len(self._tools)

    def spec(self, name: str) -> ToolSpec:
        return self.get(name).spec

    def specs(self, names: Iterable[str]) -> tuple[ToolSpec, ...]:
        """Specs for the known names; unknown ones are skipped with a logged warning
        (a hand-edited agent file must not break a run; see ``unknown``)."""
        names = list(names)
        for name in self.unknown(names):
            log.warning("agent lists unknown tool %r; not offering it", name)
        return tuple(self._tools[n].spec for n in names if n in self._tools)

    def unknown(self, names: Iterable[str]) -> list[str]:
        """The names that are not registered tools (for config warnings)."""
        return [n for n in names if n not in self._tools]

    async def call(self, name: str, arguments: dict[str, Any] | str | None) -> str:
        """Run a tool. Mistakes and refusals come back as ``Error: ...`` text."""
        tool = self._tools.get(name)
        if tool is None:
            known = ", ".join(self._tools) or "none"
            return f"Error: unknown tool '{name}'. Available tools: {known}."
        if arguments is None or arguments == "":
            arguments = {}
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments)
            except ValueError:
                return f"Error: the arguments for '{name}' are not valid JSON."
        if not isinstance(arguments, dict):
            return f"Error: the arguments for '{name}' must be a JSON object."
        try:
            clean = check_arguments(tool, arguments)
        except ArgumentError as exc:
            return f"Error: tool '{name}': {exc}. Parameters: {_signature(tool)}."
        try:
            result = tool.func(**clean)
            if inspect.isawaitable(result):
                result = await result
        except AipaError as exc:
            return f"Error: {exc.message}"
        except Exception as exc:  # a bug in a tool must not kill the run
            log.exception("tool %s failed", name)
            return f"Error: tool '{name}' failed: {type(exc).__name__}: {exc}"
        return _encode(result)


def _signature(tool: Tool) -> str:
    props = tool.parameters.get("properties", {})
    required = set(tool.parameters.get("required", []))
    parts = [f"{k}: {v.get('type', 'any')}{'' if k in required else ' (optional)'}" for k, v in props.items()]
    return ", ".join(parts) or "none"
