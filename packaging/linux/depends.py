"""Print the Debian ``Depends:`` value for a one-folder bundle, found, not guessed.

    python3 packaging/linux/depends.py dist/aipa

Every ELF file in the bundle (the executable, libpython, the extensions, Qt and its
plugins) names the shared libraries it needs (``objdump -p``: NEEDED). Those not in the
bundle come from the system: ``ldd`` says which file each resolves to on this machine,
``dpkg -S`` which package owns that file, ``dpkg-query`` its version. The minimum
version is the upstream part of the build machine's (a bundle runs on systems at least
as new as the one that built it). A needed library that resolves nowhere is an error:
the bundle would not start where it is missing.

PyInstaller bundles most libraries (so the portable archive runs on other
distributions too), but not the data they read from the system: DATA names those
packages (the bundled fontconfig reads /etc/fonts and needs a font; the bundled
xkbcommon reads the keyboard maps).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

DATA = ["fontconfig-config", "xkb-data"]


def elf_files(bundle: Path) -> list[Path]:
    found = []
    for path in sorted(bundle.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as f:
                if f.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def needed(path: Path) -> list[str]:
    out = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"^\s+NEEDED\s+(\S+)", out, re.M)


def resolved(path: Path, bundle: Path) -> dict[str, str]:
    """soname → file, as the loader would find them (the bundle's libraries first, as
    PyInstaller's bootloader arranges)."""
    env = dict(os.environ, LD_LIBRARY_PATH=str(bundle / "_internal"))
    out = subprocess.run(["ldd", str(path)], capture_output=True, text=True, env=env).stdout
    found = {Path(file).name: file for file in re.findall(r"^\s+(/\S+) \(", out, re.M)}  # the loader itself
    found.update(re.findall(r"^\s+(\S+) => (/\S+)", out, re.M))
    return found


@cache
def owner(file: str) -> str:
    """The package that installed ``file`` (trying the /usr-merged spellings too)."""
    real = os.path.realpath(file)
    for candidate in dict.fromkeys([file, real, real.removeprefix("/usr"), "/usr" + file]):
        proc = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if proc.returncode == 0:
            return proc.stdout.split(":")[0].split(",")[0].strip()
    raise LookupError(f"no package owns {file}")


@cache
def minimum(package: str) -> str:
    version = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True, check=True
    ).stdout
    return version.rsplit("-", 1)[0] if "-" in version else version


def depends(bundle: Path) -> str:
    files = elf_files(bundle)
    bundled = {p.name for p in bundle.rglob("*")}
    packages: dict[str, str] = {}
    missing = []
    for path in files:
        outside = [name for name in needed(path) if name not in bundled]
        if not outside:
            continue
        where = resolved(path, bundle)
        for name in outside:
            if name not in where:
                missing.append(f"{name} (needed by {path.relative_to(bundle)})")
                continue
            package = owner(where[name])
            packages.setdefault(package, minimum(package))
    for package in DATA:
        packages.setdefault(package, minimum(package))
    if missing:
        raise SystemExit("libraries not found on this machine:\n  " + "\n  ".join(sorted(set(missing))))
    return ", ".join(f"{name} (>= {version})" for name, version in sorted(packages.items()))


if __name__ == "__main__":
    print(depends(Path(sys.argv[1])))
