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
