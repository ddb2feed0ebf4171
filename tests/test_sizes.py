"""No module of the package over 400 lines, no function over 80 (methods and nested
functions included): a module that grows past that is split along its ideas
(ARCHITECTURE §2), not into ``_part2``."""

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "desktop" / "aipa"
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 80


def _modules() -> list[tuple[str, str]]:
    return [(p.relative_to(PKG).as_posix(), p.read_text(encoding="utf-8")) for p in sorted(PKG.rglob("*.py"))]


def long_modules(modules: list[tuple[str, str]], limit: int = MAX_MODULE_LINES) -> list[str]:
    return [f"{rel}: {n} lines" for rel, text in modules if (n := len(text.splitlines())) > limit]


def long_functions(modules: list[tuple[str, str]], limit: int = MAX_FUNCTION_LINES) -> list[str]:
    """Each function longer than ``limit`` lines, from its ``def`` (decorators not counted)
    to its last line, as 'path:line name N lines'."""
    found = []
    for rel, text in modules:
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > limit:
                    found.append(f"{rel}:{node.lineno} {node.name} {lines} lines")
    return found


def test_no_module_over_400_lines():
    assert not long_modules(_modules()), long_modules(_modules())


def test_no_function_over_80_lines():
    assert not long_functions(_modules()), long_functions(_modules())


def test_the_size_checks_catch_what_they_should():
    nested = (
        "class A:\n    def m(self):\n        def inner():\n" + "            x = 1\n" * 80 + "        return inner\n"
    )
    found = long_functions([("a.py", nested)])
    assert found == ["a.py:2 m 83 lines", "a.py:3 inner 81 lines"]
    assert long_functions([("b.py", "async def f():\n" + "    pass\n" * 79)]) == []
    assert long_modules([("c.py", "x = 1\n" * 401), ("d.py", "x = 1\n" * 400)]) == ["c.py: 401 lines"]
