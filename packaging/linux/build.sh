#!/usr/bin/env bash
# `make package`: the one-folder bundle (PyInstaller, packaging/aipa.spec), then from it
# a portable dist/aipa-VERSION-linux-ARCH.tar.gz and a dist/aipa_VERSION_ARCH.deb.
# PYTHON: the interpreter that has PyInstaller and the app's dependencies (the venv's).
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-.venv/bin/python}
version=$("$PYTHON" -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])")

rm -rf dist/aipa build/pyinstaller
"$PYTHON" -m PyInstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller packaging/aipa.spec
dist/aipa/aipa --builtin-engine --help >/dev/null  # the engine's entry point is in the bundle

tarball="dist/aipa-$version-linux-$(uname -m).tar.gz"
tar -C dist -czf "$tarball" aipa
bash packaging/linux/deb.sh dist/aipa "$version" dist

echo "bundle: $(du -sh dist/aipa | cut -f1) in dist/aipa"
ls -l --block-size=M "$tarball" dist/aipa_"$version"_*.deb | awk '{print $5, $NF}'
