# The two commands (see README): `make run` launches the app, `make test` runs the
# tests. Both set everything up on a fresh machine first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run dry-run test test-fast bench bench-real lint format setup clean package package-test screenshots real-shots translations

$(STAMP): pyproject.toml scripts/system-deps.sh
	bash scripts/system-deps.sh
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/aipa

dry-run: setup
	$(BIN)/aipa --dry-run

test: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q --durations=25

test-fast: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -m "not llm"

# mypy three times: this OS, then Windows and macOS (their stubs: fcntl, AF_UNIX, msvcrt… are
# checked where they exist), each with its own cache so the next run is incremental
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/mypy --platform win32 --cache-dir .mypy_cache/win32
	$(BIN)/mypy --platform darwin --cache-dir .mypy_cache/darwin

format: setup
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# bench: every benchmark but the real-model ones (start-up, pipeline, window, long session,
# display overhead), under 10 minutes; bench-real: local models, engine speed, checked work
# (tests marked llm as well: tens of minutes on a CPU)
bench: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q tests/bench -m "bench and not llm" -s

bench-real: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q tests/bench -m "bench and llm" -s

# resources/translations/: each area's .ts brought up to date with its sources, and the .qm
# compiled (both committed; tests/ui/test_translation_files.py fails when either is stale)
translations: setup
	$(BIN)/python scripts/translations.py

# docs/screenshots/: every state of the window, from the real window on a real X server
screenshots: setup
	xvfb-run -a -s "-screen 0 1600x1200x24" env QT_QPA_PLATFORM=xcb $(BIN)/python -m tests.ui.shots.screenshots docs/screenshots

# docs/screenshots/real-*.png: the window on the real small model (10+ minutes on a CPU)
real-shots: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m tests.ui.shots.real_model_shots docs/screenshots
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m tests.ui.shots.real_checklist_shots docs/screenshots 2

# Installers (README "Install"): the PyInstaller bundle, a .deb and a portable tar.gz in
# dist/; package-test installs the .deb in a fresh minimal Debian (debootstrap, as root).
PKG_STAMP := $(VENV)/.package

$(PKG_STAMP): $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,package]'
	touch $(PKG_STAMP)

package: $(PKG_STAMP)
	PYTHON=$(BIN)/python bash packaging/linux/build.sh

package-test: package
	PYTHON=$(BIN)/python bash packaging/linux/test-deb.sh

clean:
	rm -rf $(VENV) build dist desktop/*.egg-info
