"""The core's doors (ARCHITECTURE §3): ``core/facade.py`` is a thin ``Core`` over one door
per room, each in its room and under 250 lines; ``Core`` keeps only what is no room's
(the team, closing, the paths, the start-up warnings, the doctor) and the doors; and
every ``core.<name>`` and ``core.<door>.<name>`` the window and the command line write
is one the doors have (mypy checks the typed ones too; this reads every file, the tests'
included)."""

import ast
import inspect
from pathlib import Path

import pytest

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.facade import Core
from aipa.core.planning.state import PlanService

PKG = Path(__file__).resolve().parents[1] / "desktop" / "aipa"
DOOR_LIMIT = 250  # lines: a door that grows past this is two rooms' work
DOORS = {"runs", "sessions", "agents", "material", "config", "providers", "service", "checks", "data"}
CORE_OWN = {"paths", "warnings", "team", "aclose", "doctor", "plans", "setup"}


def _door_modules() -> list[Path]:
    rooms = PKG / "core"
    return sorted({*rooms.rglob("door.py"), *rooms.rglob("*_door.py")})


@pytest.fixture
def core(tmp_path):
    app = build(Override("scripted"), Paths(tmp_path / "home"))
    yield app.core
    app.store.close()


def test_the_facade_and_every_door_stay_small():
    modules = [PKG / "core" / "facade.py", *_door_modules()]
    assert len(modules) >= 1 + len(DOORS), [m.name for m in modules]
    sizes = {m.relative_to(PKG).as_posix(): len(m.read_text(encoding="utf-8").splitlines()) for m in modules}
    assert all(n < DOOR_LIMIT for n in sizes.values()), sizes


def test_each_door_lives_in_its_room(core):
    for name in DOORS:
        door = getattr(core, name)
        module = inspect.getmodule(type(door))
        assert module is not None and module.__name__.startswith("aipa.core."), (name, module)
        assert Path(inspect.getfile(type(door))) in _door_modules(), (name, module)
        assert module.__name__.split(".")[2] != "facade", name


def test_core_is_the_doors_and_little_else(core):
    own = {n for n, _ in inspect.getmembers(Core) if not n.startswith("_")}
    assert own == CORE_OWN, f"a new capability goes to its room's door, not Core: {own - CORE_OWN}"
    attributes = {n for n in vars(core) if not n.startswith("_")}
    assert attributes == DOORS | {"app"}, attributes
    assert isinstance(core.plans, PlanService) and core.plans is core.plans  # one for every plan window


def _door_classes(core) -> dict[str, type]:
    return {name: type(getattr(core, name)) for name in DOORS} | {"plans": PlanService}


def _is_core(node: ast.AST) -> bool:
    """``core``, ``self.core``, ``w.core``, ``self._core``: the receivers that are a Core here."""
    if isinstance(node, ast.Name):
        return node.id in ("core", "_core")
    return isinstance(node, ast.Attribute) and node.attr in ("core", "_core")


def _unknown_names(path: Path, doors: dict[str, type]) -> list[str]:
    known = CORE_OWN | DOORS | {"app"}
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        called = node.func if isinstance(node, ast.Call) else None
        if isinstance(called, ast.Attribute) and _is_core(called.value) and called.attr in DOORS | {"plans"}:
            found.append(f"line {node.lineno}: core.{called.attr}()")  # a door is no method (it was, before)
        if not isinstance(node, ast.Attribute):
            continue
        if _is_core(node.value) and node.attr not in known:
            found.append(f"line {node.lineno}: core.{node.attr}")
        inner = node.value
        of_door = isinstance(inner, ast.Attribute) and _is_core(inner.value) and inner.attr in doors
        if of_door and not hasattr(doors[inner.attr], node.attr):
            found.append(f"line {node.lineno}: core.{inner.attr}.{node.attr}")
    return sorted(found)


def test_the_window_the_command_line_and_the_tests_call_only_what_the_doors_have(core):
    """ui/ and cli/ above all, and the rest of the package and the tests with them."""
    doors = _door_classes(core)
    files = [*sorted(PKG.rglob("*.py")), *sorted(Path(__file__).parent.rglob("*.py"))]
    bad = {p.as_posix(): names for p in files if (names := _unknown_names(p, doors))}
    assert not bad, f"names the core has no more (docs/ARCHITECTURE.md §3 lists the doors): {bad}"


def test_the_call_site_check_catches_what_it_should(core, tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "core.sessions(q)\nself.core.run_cost(r)\nw.core.runs.run(r)\ncore.runs.get(r)\n"
        "self._core.config.settings\ncore.plans.plan(r)\ncore.setup().catalogue_rows()\nstore.sessions(q)\n"
    )
    assert _unknown_names(sample, _door_classes(core)) == [
        "line 1: core.sessions()",
        "line 2: core.run_cost",
        "line 3: core.runs.run",
    ]
