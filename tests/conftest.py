"""Shared fixtures. The real model server is session-scoped: one per test run."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import model as _model

# The tests' own keyring backends are no OS keyrings: allowed by name, as a user would
# name one (core/config/secrets.py); subprocesses get it from tests.support.env_keyring.
os.environ.setdefault(
    "AIPA_KEYRING_BACKENDS", "tests.support.memory_keyring.MemoryKeyring,tests.support.env_keyring.EnvKeyring"
)
from tests.support.llama_server import LlamaServer, start_llama_server


@pytest.fixture(scope="session")
def model_path() -> Path:
    """The small real GGUF model (downloaded and cached on first use)."""
    try:
        return _model.model_path()
    except Exception as err:  # no skipping: the real model is part of the test suite
        pytest.fail(f"cannot get the test model {_model.MODEL_FILE}: {err}", pytrace=False)


@pytest.fixture(scope="session")
def second_model_path() -> Path:
    """The test model of the other family (Qwen2.5 when the suite runs on SmolLM2, and the
    other way round): a different chat template and tokenizer."""
    other = next(key for key in _model.FAMILIES if key != _model.family().key)
    try:
        return _model.model_path(other)
    except Exception as err:  # no skipping, as for model_path
        pytest.fail(f"cannot get the test model {_model.FAMILIES[other].file}: {err}", pytrace=False)


@pytest.fixture(scope="session")
def llama_server(model_path: Path) -> Iterator[LlamaServer]:
    """A real llama.cpp server on 127.0.0.1 with the small model; ``.base_url`` ends in /v1."""
    try:
        # 4 slots of 4096 tokens: room for the pipeline's synthesis prompts.
        server = start_llama_server(model_path, n_ctx=16384, n_parallel=4)
    except Exception as err:
        pytest.fail(f"cannot start the llama.cpp test server: {err}", pytrace=False)
    yield server
    server.stop()


def pytest_collection_modifyitems(config, items) -> None:
    """Every test that needs the real model (the ``model_path`` or ``llama_server``
    fixture, directly or through another fixture) is marked ``llm`` here, so
    ``-m "not llm"`` really leaves all of them out and none can be forgotten."""
    for item in items:
        if {"model_path", "second_model_path", "llama_server"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.llm)
    # Retaking the real-model screenshots runs the wizard's test run and a whole
    # pipeline on a CPU model (10+ minutes): only with ``-m shots`` (make real-shots).
    if "shots" not in (config.getoption("-m") or ""):
        skip = pytest.mark.skip(reason="real-model screenshots: run with -m shots (make real-shots)")
        for item in items:
            if item.get_closest_marker("shots") is not None:  # the marker, not the folder's name
                item.add_marker(skip)
