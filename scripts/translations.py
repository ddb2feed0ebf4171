"""The window's translations: ``make translations`` (lupdate, then lrelease) and the
check that none is stale (tests/ui/test_translation_files.py).

Each area has its own .ts per language, ``resources/translations/<area>_<lang>.ts``,
so that the areas are translated apart; the compiled .qm lies beside it and is
committed (``make run`` from source and the bundle load it; ui/i18n.py):

- ``window``: the main window (ui/window, ui/chat, ui/transcript, the modules at ui/'s
  top level) and gui.py;
- ``dialogs``: ui/dialogs, ui/wizard, ui/plan;
- ``core``: the core's texts the window shows, marked with ``QT_TRANSLATE_NOOP``
  (aipa/core/text/words.py) and translated where the window shows them.

    python scripts/translations.py            # update every .ts from the sources, compile every .qm
    python scripts/translations.py --check    # exit 1 when a .ts or a .qm is stale
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "resources" / "translations"
UI = ROOT / "desktop" / "aipa" / "ui"
LANGUAGES = ("de", "zh_CN", "he")


def sources(area: str) -> list[Path]:
    """The Python files whose strings belong to ``area``, sorted."""
    if area == "window":
        found = [*UI.glob("*.py"), ROOT / "desktop" / "aipa" / "gui.py"]
        for sub in ("window", "chat", "transcript"):
            found += (UI / sub).rglob("*.py")
    elif area == "dialogs":
        found = [p for sub in ("dialogs", "wizard", "plan") for p in (UI / sub).rglob("*.py")]
    elif area == "core":
        found = [*(ROOT / "desktop" / "aipa" / "core").rglob("*.py"), ROOT / "desktop" / "aipa" / "errors.py"]
        found = [p for p in found if "QT_TRANSLATE_NOOP" in p.read_text(encoding="utf-8")]
    else:
        raise ValueError(f"unknown area {area!r}")
    return sorted(found)


AREAS = ("window", "dialogs", "core")


def _tool(name: str) -> str:
    """pyside6-lupdate / pyside6-lrelease: beside this Python, else on PATH."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found (it comes with PySide6)")
    return found


def lupdate(area: str, ts: Path, language: str) -> None:
    """Bring ``ts`` up to date with the area's sources (created when missing). No source
    locations (a moved line would change every .ts, and so no paths) and no obsolete entries."""
    files = [str(p) for p in sources(area)]
    with tempfile.NamedTemporaryFile("w", suffix=".lst", delete=False, encoding="utf-8") as listing:
        listing.write("\n".join(files))
    try:
        subprocess.run(
            [_tool("pyside6-lupdate"), "-silent", "-locations", "none", "-no-obsolete", "-source-language", "en",
             "-target-language", language, f"@{listing.name}", "-ts", str(ts)],
            check=True,
        )  # fmt: skip
    finally:
        os.unlink(listing.name)


def lrelease(ts: Path, qm: Path) -> None:
    subprocess.run([_tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)


def messages(ts: Path) -> set[tuple[str, str, str, bool]]:
    """The messages of a .ts: (context, source, comment, plural)."""
    found = set()
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            found.add(
                (name, message.findtext("source", ""), message.findtext("comment", ""), message.get("numerus") == "yes")
            )
    return found


def unfinished(ts: Path) -> list[str]:
    """The sources in ``ts`` that have no finished translation."""
    left = []
    for message in ET.parse(ts).getroot().iter("message"):
        translation = message.find("translation")
        forms = [] if translation is None else [translation.text or "", *(f.text or "" for f in translation)]
        if translation is None or translation.get("type") == "unfinished" or not any(f.strip() for f in forms):
            left.append(message.findtext("source", ""))
    return left


def marked(path: Path) -> list[tuple[str, str, bool, int]]:
    """The texts a source file marks for translation, as lupdate should find them:
    (context, source, plural, line) for ``self.tr("…")`` (context: the enclosing class),
    ``NAME.tr("…")`` (context NAME: ui/i18n.Context), ``translate("Ctx", "…")`` and
    ``QT_TRANSLATE_NOOP("Ctx", "…")``, each with literal strings."""
    found: list[tuple[str, str, bool, int]] = []

    def visit(node: ast.AST, cls: str) -> None:
        for child in ast.iter_child_nodes(node):
            visit(child, child.name if isinstance(child, ast.ClassDef) else cls)
        if not isinstance(node, ast.Call):
            return
        func, args = node.func, node.args
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        texts = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in args]
        if name == "tr" and isinstance(func, ast.Attribute) and texts and texts[0] is not None:
            owner = func.value
            context = cls if isinstance(owner, ast.Name) and owner.id == "self" else getattr(owner, "id", "")
            found.append((context, texts[0], len(args) >= 3, node.lineno))
        elif name in ("translate", "QT_TRANSLATE_NOOP") and len(texts) >= 2 and None not in texts[:2]:
            found.append((str(texts[0]), str(texts[1]), len(args) >= 4, node.lineno))

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def unseen(area: str, ts: Path) -> list[str]:
    """The texts the area's sources mark that lupdate did not put in ``ts`` (its Python
    parser drops a call it cannot read), and the plurals it did not see as plurals
    (``QCoreApplication.translate`` with a variable count: use ``Context.tr``)."""
    have = {(c, s): plural for c, s, _comment, plural in messages(ts)}
    problems = []
    for path in sources(area):
        for context, text, plural, line in marked(path):
            where = f"{path.relative_to(ROOT)}:{line}"
            if (context, text) not in have:
                problems.append(f"{where}: {context} {text!r} is not in {ts.name}")
            elif plural and not have[(context, text)]:
                problems.append(f"{where}: {context} {text!r} is not a plural in {ts.name}")
    return problems


def stale(folder: Path = FOLDER) -> list[str]:
    """What is out of date: a .ts whose messages differ from its sources', a .qm that is
    not what its .ts compiles to, or a missing file."""
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for area in AREAS:
            for language in LANGUAGES:
                ts, qm = folder / f"{area}_{language}.ts", folder / f"{area}_{language}.qm"
                if not ts.is_file() or not qm.is_file():
                    problems.append(f"{ts.name} or {qm.name} is missing")
                    continue
                fresh = Path(tmp) / ts.name
                shutil.copy(ts, fresh)
                lupdate(area, fresh, language)
                if messages(fresh) != messages(ts):
                    added = len(messages(fresh) - messages(ts))
                    gone = len(messages(ts) - messages(fresh))
                    problems.append(f"{ts.name} is stale ({added} new, {gone} gone): run `make translations`")
                compiled = Path(tmp) / qm.name
                lrelease(ts, compiled)
                if compiled.read_bytes() != qm.read_bytes():
                    problems.append(f"{qm.name} is not what {ts.name} compiles to: run `make translations`")
    return problems


def update(folder: Path = FOLDER) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for area in AREAS:
        for language in LANGUAGES:
            ts = folder / f"{area}_{language}.ts"
            lupdate(area, ts, language)
            lrelease(ts, folder / f"{area}_{language}.qm")
            left = unfinished(ts)
            print(f"{ts.relative_to(ROOT)}: {len(messages(ts))} messages, {len(left)} untranslated")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say what is stale (exit 1 if anything)")
    args = parser.parse_args()
    if args.check:
        problems = stale()
        print("\n".join(problems) or "translations: up to date")
        return 1 if problems else 0
    update()
    return 0


if __name__ == "__main__":
    sys.exit(main())
