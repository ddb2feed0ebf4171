"""`aipa models` and `aipa keys` as a user runs them. Ollama cannot be installed
here: pulls go to the protocol-faithful Ollama double (tests/doubles/ollama.py),
which streams real /api/pull NDJSON progress per layer."""

import pytest

from aipa.core.setup.pull_progress import PullTracker, describe
from tests.doubles.ollama import OllamaDouble
from tests.support.cli import aipa


def _bytes(text: str) -> float:
    value, unit = text.split()
    return float(value) * {"B": 1, "KB": 1024, "MB": 1024**2, "GB": 1024**3}[unit]


def test_pull_prints_progress_and_exits_0(tmp_path):
    with OllamaDouble(library=("smollm2:135m",), pull_step=500_000, pull_delay=0.01) as server:
        proc = aipa(
            tmp_path / "home",
            "models",
            "pull",
            "smollm2:135m",
            "--provider",
            "ollama",
            OLLAMA_HOST=server.url,
            timeout=300,
        )
        listed = aipa(tmp_path / "home", "models", "list", "--provider", "ollama", OLLAMA_HOST=server.url)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    progress = [ln for ln in lines if "%" in ln]
    percents = [float(ln.split("%")[0].split("·")[-1]) for ln in progress]
    done_mb = [_bytes(ln.split("·")[2].split("/")[0]) for ln in progress]
    # Bytes only rise; the percentage may dip when a new layer announces its size.
    assert len(progress) >= 3 and done_mb == sorted(done_mb) and percents[-1] == 100.0
    assert any("MB" in ln for ln in lines) and lines[-1] == "smollm2:135m is ready"
    assert "smollm2:135m" in listed.stdout


def test_pull_without_a_server_exits_3_with_a_hint(tmp_path):
    proc = aipa(
        tmp_path / "home", "models", "pull", "smollm2:135m", "--provider", "ollama", OLLAMA_HOST="http://127.0.0.1:9"
    )
    assert proc.returncode == 3
    assert "hint:" in proc.stderr and "ollama serve" in proc.stderr


def test_pull_of_an_unknown_model_says_so(tmp_path):
    with OllamaDouble(library=("smollm2:135m",)) as server:
        proc = aipa(
            tmp_path / "home", "models", "pull", "no-such-model", "--provider", "ollama", OLLAMA_HOST=server.url
        )
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert "no-such-model" in proc.stderr


def test_keys_refuse_without_a_keyring_and_never_take_argv(tmp_path):
    proc = aipa(tmp_path / "home", "keys", "set", "openai", PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    assert proc.returncode == 2 and "keyring" in proc.stderr
    assert aipa(tmp_path / "home", "keys", "set", "openai", "sk-in-argv").returncode == 2


def test_tracker_sums_layers_and_detects_stalls():
    now = [0.0]
    tracker = PullTracker(clock=lambda: now[0], stall_after=10)
    tracker.feed({"status": "pulling manifest"})
    for i in range(1, 5):
        now[0] = float(i)
        state = tracker.feed({"status": "pulling a", "digest": "a", "total": 1000, "completed": 100 * i})
        tracker.feed({"status": "pulling b", "digest": "b", "total": 3000, "completed": 0})
    assert state.total == 4000 and tracker.completed == 400
    assert tracker.state.speed == pytest.approx(100, rel=0.01)
    assert "10.0%" in describe(tracker.state)
    assert not tracker.stalled()
    now[0] = 20.0
    assert tracker.stalled()
    tracker.feed({"status": "success"})
    assert tracker.state.done and not tracker.stalled()
