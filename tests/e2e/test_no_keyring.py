"""Issue 30: a computer without a keyring (keyring's fail backend: no Secret Service, a
headless box, WSL) has no stored keys, and that stops nothing that needs none. The real
``aipa`` in a subprocess; a real llama.cpp server (keyless) and an OpenAI double that
demands a key (it stands for a server with authentication, which llama.cpp also has)."""

from __future__ import annotations

import pytest

from tests.doubles.openai import OpenAIDouble, error_reply, stream_reply
from tests.support.cli import aipa, write_settings
from tests.support.llama_server import start_llama_server

NO_KEYRING = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
DIRECT = '{"mode": "direct", "answer": "Three days by the lake."}'


def _errors(proc) -> list[str]:
    return [line for line in proc.stderr.splitlines() if line.startswith("error:")]


@pytest.mark.llm
def test_a_directive_runs_on_a_keyless_local_llama_server_without_a_keyring(tmp_path, model_path):
    home = tmp_path / "home"
    write_settings(home, max_output_tokens=96)  # keep CPU time bounded; the model rambles
    with start_llama_server(model_path, n_ctx=2048, n_parallel=1, threads=1) as server:
        proc = aipa(home, "run", "--provider", "openai-compatible", "--base-url", server.base_url, "--yes",
                    "Name one colour", timeout=600, **NO_KEYRING)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "keyring" not in proc.stderr.lower()  # no key needed, nothing said about keys
    assert "done." in proc.stdout


def test_a_loopback_server_gets_no_key_and_a_foreign_key_warning_is_not_given(tmp_path):
    replies = [stream_reply(DIRECT) for _ in range(8)]
    with OpenAIDouble(*replies) as server:
        proc = aipa(tmp_path / "home", "run", "--provider", "openai-compatible", "--base-url", server.base_url,
                    "--model", "double-model", "--yes", "Plan an offsite", **NO_KEYRING)  # fmt: skip
        sent = {r.headers.get("authorization") for r in server.chat_requests}
    assert proc.returncode == 0, proc.stderr
    assert "is not sent there" not in proc.stderr  # no key is stored, so none is withheld
    assert sent <= {None, "Bearer not-needed"}


def test_a_server_that_demands_a_key_says_how_to_give_it_once(tmp_path):
    with OpenAIDouble(error_reply(401, "missing API key", type="authentication_error")) as server:
        proc = aipa(tmp_path / "home", "run", "--provider", "openai-compatible", "--base-url", server.base_url,
                    "--model", "double-model", "--yes", "Plan an offsite", **NO_KEYRING)  # fmt: skip
    assert proc.returncode == 4, proc.stderr
    assert len(_errors(proc)) == 1 and "401" in _errors(proc)[0]
    hints = [line for line in proc.stderr.splitlines() if line.startswith("hint:")]
    assert len(hints) == 1 and "no keyring is in use" in hints[0] and "key_env" in hints[0]
    assert "aipa keys set" in hints[0] and "Traceback" not in proc.stderr


def test_a_cloud_profile_without_a_key_says_so_before_anything_is_sent(tmp_path):
    proc = aipa(tmp_path / "home", "run", "--provider", "openai", "--model", "gpt-4o-mini", "--yes", "Hello",
                **NO_KEYRING)  # fmt: skip
    assert proc.returncode == 4, proc.stderr
    (line,) = _errors(proc)
    assert "no API key for 'openai'" in line and "no keyring is in use" in line
    assert "set OPENAI_API_KEY" in proc.stderr and "Traceback" not in proc.stderr


def test_a_remote_server_needs_a_key_unless_its_profile_is_keyless(tmp_path):
    home = tmp_path / "home"
    lab = {"kind": "openai-compatible", "base_url": "http://192.0.2.10:8000/v1"}  # TEST-NET: never reached
    write_settings(home, providers={"lab": lab})
    proc = aipa(home, "run", "--provider", "lab", "--model", "m", "--yes", "Hello", **NO_KEYRING)
    assert proc.returncode == 4 and "no API key for 'lab'" in proc.stderr
    assert '"keyless": true' in proc.stderr and '"key_env"' in proc.stderr
    write_settings(home, providers={"lab": {**lab, "keyless": True}})
    doctor = aipa(home, "doctor", "--provider", "lab", timeout=120, **NO_KEYRING)
    assert "no API key" not in doctor.stdout + doctor.stderr  # it is tried, keyless (the server is not there)


def test_the_doctor_says_no_keyring_is_in_use(tmp_path):
    proc = aipa(tmp_path / "home", "doctor", "--provider", "scripted", **NO_KEYRING)
    assert "! keyring: keyring unavailable: no usable backend (keyring.backends.fail.Keyring); none is in use" in (
        proc.stdout
    )
    assert "profiles marked keyless need none" in proc.stdout
