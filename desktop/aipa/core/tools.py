"""Tools the model can call: plain Python functions described by their signature.

The JSON schema of a tool comes from its type hints (``str``, ``int``, ``float``,
``bool``, ``list[str]``, ``dict``, ``Literal[...]``, ``X | None``, defaults) and its
Google-style docstring: the prose before the first section is the description, the
``Args:`` section describes each parameter.

``ToolRegistry.call`` never raises for the model's mistakes (unknown tool, bad
arguments, a ToolError from the tool): it returns an ``Error: ...`` string the model
can read, so the tool loop goes on.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import logging
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from aipa.errors import AipaError, ConfigError
from aipa.providers.base import ToolSpec

log = logging.getLogger(__name__)

_SECTIONS = re.compile(
    r"^(Args|Arguments|Parameters|Returns|Return|Yields|Raises|Examples?|Notes?|Attributes)"
    r"\s*:\s*$"
)
_ARG_LINE = re.compile(r"^(\*{0,2}\w+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$")
_SCALARS: dict[type, str] = {str: "string", int: "integer", float: "number", bool: "boolean"}


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    func: Callable[..., Any]
    writes: bool = False

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


def type_schema(annotation: Any) -> dict[str, Any]:
    """JSON schema for a type hint (``{}`` = anything)."""
    if annotation is inspect.Parameter.empty or annotation is Any:
        return {}
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            return type_schema(rest[0])
        return {"anyOf": [type_schema(a) for a in rest]}
    if origin is typing.Literal:
        schema = type_schema(type(args[0])) if args else {}
        return {**schema, "enum": list(args)}
    if annotation in _SCALARS:
        return {"type": _SCALARS[annotation]}
    if annotation in (list, tuple, set, frozenset) or origin in (list, tuple, set, frozenset):
        schema: dict[str, Any] = {"type": "array"}
        if args and args[0] is not Ellipsis:
            items = type_schema(args[0])
            if items:
                schema["items"] = items
        return schema
    if annotation is dict or origin is dict:
        schema = {"type": "object"}
        if len(args) == 2 and type_schema(args[1]):
            schema["additionalProperties"] = type_schema(args[1])
        return schema
    return {}


def _is_optional(annotation: Any) -> bool:
    return typing.get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in typing.get_args(
        annotation
    )


def function_schema(func: Callable[..., Any]) -> tuple[str, dict[str, Any]]:
    """(description, parameters JSON schema) for a function."""
    description, arg_docs = parse_docstring(inspect.getdoc(func))
    try:
        hints = typing.get_type_hints(func)
    except Exception:  # noqa: BLE001 - unresolvable forward refs: fall back to raw annotations
        hints = dict(getattr(func, "__annotations__", {}))
    properties: dict[str, Any] = {}
    required: list[str] = []
    for param in inspect.signature(func).parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        annotation = hints.get(param.name, param.annotation)
        prop = type_schema(annotation)
        if arg_docs.get(param.name):
            prop["description"] = arg_docs[param.name]
        if param.default is param.empty and not _is_optional(annotation):
            required.append(param.name)
        elif param.default is not param.empty and param.default is not None:
            try:
                json.dumps(param.default)
                prop["default"] = param.default
            except (TypeError, ValueError):
                pass
        properties[param.name] = prop
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    return description, schema


# --- argument checking ------------------------------------------------------------------


class ArgumentError(ValueError):
    """The model's arguments do not fit the tool's schema."""


_TRUE = {"true", "yes", "1"}
_FALSE = {"false", "no", "0"}


def _coerce(value: Any, schema: dict[str, Any], where: str) -> Any:
    """Check ``value`` against a small JSON schema, with lenient coercions that small
    models need (``"3"`` for 3, ``4.0`` for 4, ``"true"`` for true)."""
    if "anyOf" in schema:
        for option in schema["anyOf"]:
            try:
                return _coerce(value, option, where)
            except ArgumentError:
                continue
        raise ArgumentError(f"argument '{where}' has the wrong type ({_kind(value)})")
    kind = schema.get("type")
    out = value
    if kind == "string":
        if not isinstance(value, str):
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                out = str(value)
            else:
                raise ArgumentError(f"argument '{where}' must be a string, got {_kind(value)}")
    elif kind == "integer":
        if (isinstance(value, float) and value.is_integer()) or (
            isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value)
        ):
            out = int(value)
        elif not isinstance(value, int) or isinstance(value, bool):
            raise ArgumentError(f"argument '{where}' must be an integer, got {_kind(value)}")
    elif kind == "number":
        if isinstance(value, str):
            try:
                out = float(value)
            except ValueError:
                msg = f"argument '{where}' must be a number, got {_kind(value)}"
                raise ArgumentError(msg) from None
        elif not isinstance(value, (int, float)) or isinstance(value, bool):
            raise ArgumentError(f"argument '{where}' must be a number, got {_kind(value)}")
    elif kind == "boolean":
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            out = value.strip().lower() in _TRUE
        elif not isinstance(value, bool):
            raise ArgumentError(f"argument '{where}' must be true or false, got {_kind(value)}")
    elif kind == "array":
        if not isinstance(value, (list, tuple)):
            raise ArgumentError(f"argument '{where}' must be a list, got {_kind(value)}")
        items = schema.get("items", {})
        out = [_coerce(v, items, f"{where}[{i}]") for i, v in enumerate(value)]
    elif kind == "object" and not isinstance(value, dict):
        raise ArgumentError(f"argument '{where}' must be an object, got {_kind(value)}")
    if "enum" in schema and out not in schema["enum"]:
        options = ", ".join(json.dumps(o) for o in schema["enum"])
        got = json.dumps(out, default=str)
        raise ArgumentError(f"argument '{where}' must be one of {options}, got {got}")
    return out


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
    """Validated (and lightly coerced) arguments; ArgumentError says what is wrong."""
    props: dict[str, Any] = tool.parameters.get("properties", {})
    unknown = [k for k in arguments if k not in props]
    if unknown:
        expected = ", ".join(props) or "no arguments"
        raise ArgumentError(f"unexpected argument '{unknown[0]}' (expected: {expected})")
    missing = [k for k in tool.parameters.get("required", []) if arguments.get(k) is None]
    if missing:
        raise ArgumentError(f"missing required argument '{missing[0]}'")
    clean: dict[str, Any] = {}
    for key, value in arguments.items():
        if value is None:  # null for an optional argument: use its default
            continue
        clean[key] = _coerce(value, props[key], key)
    return clean


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
            self._tools[tool_name] = Tool(tool_name, description, parameters, f, writes)
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
