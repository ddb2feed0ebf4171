"""Imports point one way (ARCHITECTURE §3): core, providers and store never load Qt;
providers and store never import each other, core or the UI."""

import ast
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "desktop" / "aipa"


def _imports(folder: str) -> set[str]:
    found = set()
    for path in (PKG / folder).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found |= {(path.name, a.name) for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = "." * node.level + (node.module or "")
                found.add((path.name, base))
    return found


def test_importing_the_core_never_loads_qt():
    code = (
        "import sys, aipa.core.run.pipeline, aipa.core.run.chat, aipa.core.doctor, aipa.providers.factory, "
        "aipa.providers.scripted, aipa.providers.openai_compat, aipa.store, aipa.app, aipa.cli.main;"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'qasync'))];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_providers_and_store_stay_independent():
    for folder, forbidden in (("providers", ("store", "core", "ui")), ("store", ("providers", "core", "ui"))):
        for filename, module in _imports(folder):
            parts = module.lstrip(".").split(".")
            assert not any(p in forbidden for p in parts[:2]), f"{folder}/{filename} imports {module}"


def test_core_never_imports_ui_or_app():
    for filename, module in _imports("core"):
        assert "ui" not in module.lstrip(".").split(".")[:2], f"core/{filename} imports {module}"
        assert not module.endswith(("app", "cli")), f"core/{filename} imports {module}"


# --- the window talks to the core facade only (ARCHITECTURE §3) -------------------------------

UI_FORBIDDEN_IMPORTS = ("aipa.app", "aipa.store", "aipa.providers")


def _forbidden_imports(node: ast.AST) -> list[str]:
    """An import of app.py, the store or a provider module, as 'line N: import NAME'."""
    names = []
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    return [
        f"line {getattr(node, 'lineno', 0)}: import {name}"
        for name in names
        if name.startswith(UI_FORBIDDEN_IMPORTS) and name.split(".")[1] in ("app", "store", "providers")
    ]


def _ui_violations(path: Path) -> list[str]:
    """Uses of the store or the composition root's App (any ``.store`` or ``.app``
    attribute) and imports of app.py, the store or a provider module in one UI file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in ("store", "app"):
            found.append(f"line {node.lineno}: .{node.attr}")
        found += _forbidden_imports(node)
    return found


def test_the_window_uses_the_core_facade_only():
    bad = {}
    for path in sorted((PKG / "ui").rglob("*.py")):
        rel = path.relative_to(PKG).as_posix()
        if problems := _ui_violations(path):
            bad[rel] = problems
    assert not bad, f"the UI must go through the core facade (aipa.core.facade): {bad}"


def test_the_ui_check_catches_what_it_should(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import aipa.store\nfrom aipa.app import build\nfrom aipa import providers\n"
        "from aipa.providers.factory import PROVIDERS\nx = window.app.store.get_run('R')\n"
        "from aipa.core.facade import Core\nfrom aipa.apple import pie\n"
    )
    assert [p.split(": ")[1] for p in _ui_violations(sample)] == [
        "import aipa.store",
        "import aipa.app",
        "import aipa.app.build",
        "import aipa.providers",
        "import aipa.providers.factory",
        "import aipa.providers.factory.PROVIDERS",
        ".store",
        ".app",
    ]


# --- no circles, nothing pointing back up ----------------------------------------------


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph(root: Path = PKG) -> dict[str, set[str]]:
    """Each module of the package under ``root`` and the package's modules it imports,
    wherever the import stands: at the top, under ``if TYPE_CHECKING:`` (a circle of
    types is still a circle) or inside a function (a lazy import is still a dependency)."""
    paths = {_module_name(root, p): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                # ``from package import module`` names the module; ``from module import x`` the module
                targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in paths else module for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in paths:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
        graph[name] = found
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles():
    cycles = [sorted(c) for c in _cycles(_import_graph())]
    assert not cycles, f"modules that import each other (type-only and lazy imports count): {cycles}"


def test_the_cycle_check_counts_type_only_and_lazy_imports(tmp_path):
    pkg = tmp_path / "aipa"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from aipa.sub.b import B\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from .. import a\n")
    (pkg / "c.py").write_text("from aipa.sub import b\n")
    graph = _import_graph(pkg)
    assert graph["aipa.a"] == {"aipa.sub.b"}
    assert graph["aipa.sub.b"] == {"aipa.a"}  # ``from .. import a`` names the module
    assert graph["aipa.c"] == {"aipa.sub.b"}
    assert _cycles(graph) == [{"aipa.a", "aipa.sub.b"}]


def _room(module: str) -> str:
    """The folder of ui/ a module lives in ("" for the shared modules at its top)."""
    parts = module.split(".")
    return parts[2] if len(parts) > 3 else ""


def test_ui_rooms_point_down():
    """The shared modules at the top of ui/ (theme, widgets, …) import no room; the
    transcript's painting imports only those; nothing imports the window, which puts
    the rooms together; and no two rooms import each other, even through others."""
    graph = {m: {t for t in ts if t.startswith("aipa.ui.")} for m, ts in _import_graph().items()}
    ui = {m: ts for m, ts in graph.items() if m.startswith("aipa.ui.")}
    bad = []
    for module, targets in sorted(ui.items()):
        room = _room(module)
        for target in sorted(targets):
            other = _room(target)
            if other == room or not other:
                continue
            if not room or room == "transcript" or other == "window":
                bad.append(f"{module} imports {target}")
    assert not bad, bad
    rooms: dict[str, set[str]] = {}
    for module, targets in ui.items():
        rooms.setdefault(_room(module), set()).update(_room(t) for t in targets if _room(t) != _room(module))
    assert not _cycles(rooms), f"rooms of ui/ that import each other: {_cycles(rooms)}"


# --- the command line uses the same door (ARCHITECTURE §3) ---------------------------------------

CLI_FORBIDDEN_ATTRIBUTES = ("store", "providers", "pipeline", "app", "core")
# cli/door.py's ``open_core``: the one place the command line builds the app and takes its core.
COMPOSITION = ["import aipa.app", "import aipa.app.Override", "import aipa.app.build", ".core"]


def _cli_violations(path: Path) -> list[str]:
    """Uses of the App's parts (``.store``, ``.providers``, ``.pipeline``, ``.app``,
    ``.core``) and imports of app.py, the store or a provider module in one CLI file. The
    settings' own ``providers`` (the profiles, ``settings.providers``) are no provider, nor
    is the core's providers' door (``core.providers``, core/config/providers_door.py)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in CLI_FORBIDDEN_ATTRIBUTES:
            of_settings = isinstance(node.value, ast.Attribute) and node.value.attr in ("settings", "current")
            the_door = isinstance(node.value, ast.Name) and node.value.id == "core"
            if not (node.attr == "providers" and (of_settings or the_door)):
                found.append(f"line {node.lineno}: .{node.attr}")
        found += _forbidden_imports(node)
    return found


def test_the_command_line_uses_the_core_facade_only():
    bad = {}
    for path in sorted((PKG / "cli").rglob("*.py")):
        rel = path.relative_to(PKG).as_posix()
        problems = _cli_violations(path)
        if rel == "cli/door.py":
            assert sorted(p.split(": ")[1] for p in problems) == sorted(COMPOSITION), problems
            assert len({p.split(": ")[0] for p in problems}) == 2, f"one composition call in cli/door.py: {problems}"
            continue
        if problems:
            bad[rel] = problems
    assert not bad, f"the command line must go through the core facade (aipa.core.facade): {bad}"


def test_the_cli_check_catches_what_it_should(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from aipa.app import App\nimport aipa.store.records\nfrom aipa.providers.gguf_files import import_model\n"
        "app.store.get_run('R')\napp.providers.get('x')\napp.pipeline(r)\ncore.app.agents\nbuild().core\n"
        "core.config.settings.providers\nsource.current.providers\ncore.providers.get('x')\n"
        "from aipa.cli.providers import cmd_providers\n"
    )
    assert sorted(p.split(": ")[1] for p in _cli_violations(sample)) == sorted(
        [
            "import aipa.app",
            "import aipa.app.App",
            "import aipa.store.records",
            "import aipa.providers.gguf_files",
            "import aipa.providers.gguf_files.import_model",
            ".store",
            ".providers",
            ".pipeline",
            ".app",
            ".core",
        ]
    )
