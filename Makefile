# The two commands (see README): `make run` launches the app, `make test` runs the tests.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run dry-run test setup bench clean

$(BIN)/aipa: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(BIN)/aipa

setup: $(BIN)/aipa

run: setup
	$(BIN)/aipa

dry-run: setup
	$(BIN)/aipa --dry-run

test: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

bench: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:randomly tests/bench -m bench -s

clean:
	rm -rf $(VENV) build dist *.egg-info desktop/*.egg-info
