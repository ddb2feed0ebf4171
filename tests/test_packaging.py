"""Packaging (ARCHITECTURE §2): the shipped agents (prompts/) and resources
(resources/) sit at the top of the repository and are installed as the data-only
packages aipa.prompts and aipa.resources. A wheel built from the repository carries
them, and an installed wheel and the source checkout both find them
(core/paths.shipped_dir)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from configparser import ConfigParser
from pathlib import Path

import pytest

from aipa.core.config.paths import shipped_dir

ROOT = Path(__file__).resolve().parents[1]
PROMPTS = sorted(p.name for p in (ROOT / "prompts").glob("*.md"))
RESOURCES = ["aipa.desktop", "aipa.svg", "gguf_models.json", "io.github.aipa.Desktop.metainfo.xml", "style.qss"]
ICONS = sorted(p.name for p in (ROOT / "resources" / "icons").glob("*.png"))


def test_the_repository_ships_agents_and_icons():
    assert len(PROMPTS) >= 7
    assert {f"aipa-{n}.png" for n in (16, 32, 48, 64, 128, 256)} <= set(ICONS)
    for name in RESOURCES:
        assert (ROOT / "resources" / name).is_file(), name


def test_every_package_folder_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    on_disk = {
        ".".join(folder.relative_to(ROOT / "desktop").parts)
        for folder in (ROOT / "desktop" / "aipa").rglob("*")
        if folder.is_dir() and any(folder.glob("*.py"))
    } | {"aipa"}
    assert on_disk - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert {"aipa.prompts", "aipa.resources", "aipa.resources.icons"} <= listed


def test_the_source_checkout_finds_the_shipped_data():
    prompts, resources = shipped_dir("prompts"), shipped_dir("resources")
    assert sorted(p.name for p in prompts.glob("*.md")) == PROMPTS
    for name in RESOURCES:
        assert (resources / name).is_file(), name
    assert sorted(p.name for p in (resources / "icons").glob("*.png")) == ICONS


def test_the_desktop_entry_and_the_appstream_metadata_agree():
    entry = ConfigParser(interpolation=None)
    entry.read(ROOT / "resources" / "aipa.desktop")
    assert entry["Desktop Entry"]["Exec"].split()[0] == "aipa"
    assert entry["Desktop Entry"]["Icon"] == "aipa"
    component = ET.parse(ROOT / "resources" / "io.github.aipa.Desktop.metainfo.xml").getroot()
    assert component.tag == "component" and component.get("type") == "desktop-application"
    assert component.findtext("id") == "io.github.aipa.Desktop"
    assert component.findtext("launchable") == "aipa.desktop"
    assert component.findtext("provides/binary") == "aipa"
    for tag in ("name", "summary", "metadata_license", "project_license"):
        assert (component.findtext(tag) or "").strip(), tag
    assert component.find("description/p") is not None
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert component.find("releases/release").get("version") == version


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from a copy of the repository's packaging inputs (the build leaves
    nothing behind in the checkout). The isolated build fetches setuptools."""
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for name in ("desktop", "prompts", "resources"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    (built,) = out.glob("aipa_desktop-*.whl")
    return built


def test_the_wheel_carries_the_agents_and_resources(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in PROMPTS:
        assert f"aipa/prompts/{name}" in names
    for name in RESOURCES:
        assert f"aipa/resources/{name}" in names
    for name in ICONS:
        assert f"aipa/resources/icons/{name}" in names
    for qm in (ROOT / "resources" / "translations").glob("*.qm"):  # the translations (ui/i18n.py)
        assert f"aipa/resources/translations/{qm.name}" in names
    for doc in (ROOT / "resources" / "eval").rglob("*.*"):  # `aipa eval`'s suite and its documents
        assert f"aipa/resources/{doc.relative_to(ROOT / 'resources').as_posix()}" in names, doc
    assert "aipa/resources/eval/suite.toml" in names
    assert "aipa/__main__.py" in names and "aipa/ui/window/main_window.py" in names


def test_an_installed_wheel_finds_its_shipped_data(wheel, tmp_path):
    """Unpacked as pip installs it, without the site folder (so neither the checkout nor
    an editable install can answer in its place)."""
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from aipa.core.config.paths import shipped_dir;"
        "print(shipped_dir('prompts')); print(shipped_dir('resources'))"
    )
    proc = subprocess.run(
        [sys.executable, "-S", "-c", code, str(target)], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    prompts, resources = (Path(line) for line in proc.stdout.split())
    assert prompts == target / "aipa" / "prompts"
    assert resources == target / "aipa" / "resources"
    assert sorted(p.name for p in prompts.glob("*.md")) == PROMPTS
