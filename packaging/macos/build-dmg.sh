#!/usr/bin/env bash
# macOS: AIPA.app (the spec's BUNDLE step around the same one-folder bundle) in a
# drag-to-Applications disk image, dist/aipa-VERSION-macos-ARCH.dmg. Run on a Mac (the
# release workflow's macOS runner) with a venv that has `.[package]` and Pillow (it
# turns the PNG icon into .icns). The app is ad-hoc signed by PyInstaller, not
# notarized: the first start needs right-click → Open. Uninstall: drag AIPA.app to the
# bin; the data in ~/Library/Application Support/AIPA stays.
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-.venv/bin/python}
version=$("$PYTHON" -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])")

rm -rf dist/aipa dist/AIPA.app build/pyinstaller
"$PYTHON" -m PyInstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller packaging/aipa.spec
dist/AIPA.app/Contents/MacOS/aipa --builtin-engine --help >/dev/null  # the engine is in the app

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
cp -R dist/AIPA.app "$staging/"
ln -s /Applications "$staging/Applications"
dmg="dist/aipa-$version-macos-$(uname -m).dmg"
hdiutil create -volname "AIPA $version" -srcfolder "$staging" -fs HFS+ -format UDZO -ov "$dmg"
ls -lh "$dmg"
