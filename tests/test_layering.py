"""Imports point one way (DESIGN §2): core, providers and store never load Qt;
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


# --- the window talks to the core facade only (DESIGN §2) -------------------------------

UI_FORBIDDEN_IMPORTS = ("aipa.app", "aipa.store", "aipa.providers")


def _ui_violations(path: Path) -> list[str]:
    """Uses of the store or the composition root's App (any ``.store`` or ``.app``
    attribute) and imports of app.py, the store or a provider module in one UI file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in ("store", "app"):
            found.append(f"line {node.lineno}: .{node.attr}")
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            if name.startswith(UI_FORBIDDEN_IMPORTS) and name.split(".")[1] in ("app", "store", "providers"):
                found.append(f"line {node.lineno}: import {name}")
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


# --- the command line uses the same door (DESIGN §2) ---------------------------------------

CLI_FORBIDDEN_ATTRIBUTES = ("store", "providers", "pipeline", "app", "core")
# cli/main.py's ``open_core``: the one place the command line builds the app and takes its core.
COMPOSITION = ["import aipa.app", "import aipa.app.Override", "import aipa.app.build", ".core"]


def _cli_violations(path: Path) -> list[str]:
    """Uses of the App's parts (``.store``, ``.providers``, ``.pipeline``, ``.app``,
    ``.core``) and imports of app.py, the store or a provider module in one CLI file. The
    settings' own ``providers`` (the profiles, ``settings.providers``) are no provider."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in CLI_FORBIDDEN_ATTRIBUTES:
            of_settings = isinstance(node.value, ast.Attribute) and node.value.attr in ("settings", "current")
            if not (node.attr == "providers" and of_settings):
                found.append(f"line {node.lineno}: .{node.attr}")
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            if name.startswith(UI_FORBIDDEN_IMPORTS) and name.split(".")[1] in ("app", "store", "providers"):
                found.append(f"line {node.lineno}: import {name}")
    return found


def test_the_command_line_uses_the_core_facade_only():
    bad = {}
    for path in sorted((PKG / "cli").rglob("*.py")):
        rel = path.relative_to(PKG).as_posix()
        problems = _cli_violations(path)
        if rel == "cli/main.py":
            assert sorted(p.split(": ")[1] for p in problems) == sorted(COMPOSITION), problems
            assert len({p.split(": ")[0] for p in problems}) == 2, f"one composition call in cli/main.py: {problems}"
            continue
        if problems:
            bad[rel] = problems
    assert not bad, f"the command line must go through the core facade (aipa.core.facade): {bad}"


def test_the_cli_check_catches_what_it_should(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from aipa.app import App\nimport aipa.store.records\nfrom aipa.providers.gguf_files import import_model\n"
        "app.store.get_run('R')\napp.providers.get('x')\napp.pipeline(r)\ncore.app.agents\nbuild().core\n"
        "core.settings.providers\nsource.current.providers\nfrom aipa.cli.providers import cmd_providers\n"
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
