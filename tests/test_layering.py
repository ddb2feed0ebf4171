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
        "import sys, aipa.core.pipeline, aipa.core.chat, aipa.core.doctor, aipa.providers.factory, "
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
