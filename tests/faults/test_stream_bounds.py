"""Issue 21 item 2: every stream is bounded (providers/bounds.py). Against a hostile
server on loopback, a real ``aipa run`` ends within its bound with a clear message and
a resumable run, whether the reply stalls, never ends, drips 1 byte/s or is 50 MB, at
route, synthesis or audit. The bounds are made small through the environment:
``AIPA_STREAM_IDLE_TIMEOUT``, ``AIPA_STAGE_TIMEOUT``, ``AIPA_FIRST_TOKEN_TIMEOUT``."""

from __future__ import annotations

import re
import subprocess
import sys
import time

import pytest

from tests.doubles.hostile import HostileServer, answer, drip, endless, flood, stall
from tests.faults.helpers import DIRECTIVE
from tests.support.cli import ROOT, aipa, aipa_json, cli_env
from tests.support.processes import run_measured

IDLE, STAGE, FIRST = 1, 4, 2  # seconds
BOUNDS = {
    "AIPA_STREAM_IDLE_TIMEOUT": str(IDLE),
    "AIPA_STAGE_TIMEOUT": str(STAGE),
    "AIPA_FIRST_TOKEN_TIMEOUT": str(FIRST),
}
STARTUP = 30  # seconds a loaded machine may take to start and stop `aipa` around the bound
STAGES = {"route": 0, "synthesize": 1, "audit": 2}  # the request each stage makes (a direct answer)
WRITES = {"route": "routing reply", "synthesize": "answer", "audit": "memo"}  # what the error says it was


def _run(home, server, *extra: str) -> tuple[subprocess.CompletedProcess, float]:
    started = time.monotonic()
    proc = aipa(home, "run", "--provider", "openai-compatible", "--base-url", server.base_url, "--model", "m",
                "--yes", *extra, DIRECTIVE, timeout=120, **BOUNDS)  # fmt: skip
    return proc, time.monotonic() - started


def _resumed_on_a_sane_server(home) -> dict:
    """The failed run, resumed against a server that answers properly: it ends done."""
    _, runs = aipa_json(home, "runs", "--json")
    run = runs[0]
    assert run["status"] == "failed", run
    with HostileServer() as sane:
        proc, result = aipa_json(home, "run", "--resume", run["run_id"], "--provider", "openai-compatible",
                                 "--base-url", sane.base_url, "--model", "m", "--yes", "--json", **BOUNDS)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert result["status"] == "done", result
    return run


def _clean(proc: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in proc.stderr + proc.stdout


@pytest.mark.parametrize("stage", list(STAGES))
def test_a_stalled_stream_on_a_live_server_ends_at_the_stage_deadline_then_resumes(tmp_path, stage):
    home = tmp_path / "home"
    script = [answer()] * STAGES[stage] + [stall(after=3)]
    with HostileServer(*script) as server:
        proc, took = _run(home, server)
    _clean(proc)
    assert proc.returncode == 5, proc.stderr[-2000:]
    assert f"writing the {WRITES[stage]}: no complete reply within {STAGE} s" in proc.stderr
    assert "answered very slowly" in proc.stdout  # alive: called slow while it waited
    assert took < STAGE + STARTUP
    run = _resumed_on_a_sane_server(home)
    assert run["stage"] == stage
    print(f"stalled {stage}: exit 5 after {took:.1f} s (stage bound {STAGE} s), resumed to done")


def test_a_dead_server_mid_reply_ends_at_the_idle_timeout_then_resumes(tmp_path):
    home = tmp_path / "home"
    with HostileServer(stall(after=3), health=False) as server:
        proc, took = _run(home, server)
    _clean(proc)
    assert proc.returncode == 3, proc.stderr[-2000:]
    assert "stopped sending in the middle of its reply" in proc.stderr
    assert "does not answer its health check" in proc.stderr
    assert took < IDLE + STAGE + STARTUP
    _resumed_on_a_sane_server(home)


@pytest.mark.parametrize("stage", ["synthesize", "audit"])
def test_an_endless_reply_ends_at_its_length_cap_then_resumes(tmp_path, stage):
    home = tmp_path / "home"
    script = [answer()] * STAGES[stage] + [endless()]
    with HostileServer(*script) as server:
        proc, took = _run(home, server, "--json")
    _clean(proc)
    assert proc.returncode == 5, proc.stderr[-2000:]
    assert re.search(r"ran past [\d,]+ characters, far over its budget of [\d,]+ tokens", proc.stderr)
    assert len(proc.stderr) < 200_000  # what was streamed before the cap, and the message
    run = _resumed_on_a_sane_server(home)
    assert run["stage"] == stage
    print(f"endless {stage}: exit 5 after {took:.1f} s at the length cap, resumed to done")


def test_an_endless_loop_of_one_sentence_is_stopped_early_and_the_run_goes_on(tmp_path):
    """A reply that repeats one sentence (a small model's loop) ends as a cut reply after
    about a kilobyte: the run finishes, nothing waits for the length cap."""
    home = tmp_path / "home"
    with HostileServer(answer(), endless(line="All work and no play makes a dull model. "), answer()) as server:
        proc, took = _run(home, server, "--json")
    _clean(proc)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "repeats itself" in (home / "logs" / "aipa.log").read_text()
    assert took < STAGE + STARTUP


def test_an_endless_stream_of_empty_chunks_ends_at_the_stage_deadline(tmp_path):
    home = tmp_path / "home"
    with HostileServer(answer(), endless(line="")) as server:
        proc, took = _run(home, server)
    _clean(proc)
    assert proc.returncode == 5, proc.stderr[-2000:]
    assert f"writing the answer: no complete reply within {STAGE} s" in proc.stderr
    assert took < STAGE + STARTUP
    _resumed_on_a_sane_server(home)


def test_a_drip_is_called_slow_not_queued_and_ends_at_the_stage_deadline(tmp_path):
    home = tmp_path / "home"
    with HostileServer(drip()) as server:
        proc, took = _run(home, server)
    _clean(proc)
    assert proc.returncode == 5, proc.stderr[-2000:]
    assert "answered very slowly" in proc.stdout and "queued" not in proc.stdout
    assert f"writing the routing reply: no complete reply within {STAGE} s" in proc.stderr
    assert took < STAGE + STARTUP
    _resumed_on_a_sane_server(home)


@pytest.mark.parametrize("one_chunk", [False, True], ids=["many-chunks", "one-line"])
def test_a_50_mb_reply_keeps_memory_and_output_bounded(tmp_path, one_chunk):
    home = tmp_path / "home"
    out, err = tmp_path / "stdout", tmp_path / "stderr"
    with HostileServer(answer(), flood(50_000_000, one_chunk=one_chunk)) as server:
        args = ["run", "--provider", "openai-compatible", "--base-url", server.base_url, "--model", "m", "--yes",
                "--json", DIRECTIVE]  # fmt: skip
        with out.open("w") as stdout, err.open("w") as stderr:
            code, peak_mib = run_measured([sys.executable, "-m", "aipa", *args], tmp_path / "peak", cwd=ROOT,
                                          env=cli_env(home), stdout=stdout, stderr=stderr)  # fmt: skip
    said = err.read_text()
    assert code == 5, said[-2000:]
    assert "Traceback" not in said
    assert re.search(r"MB on the wire" if one_chunk else r"ran past [\d,]+ characters", said)
    assert peak_mib < 250, peak_mib  # was 567–795 MiB
    assert err.stat().st_size + out.stat().st_size < 1_000_000  # was 90–136 MB on stderr
    print(f"50 MB reply ({'one line' if one_chunk else 'many chunks'}): peak {peak_mib:.0f} MiB, "
          f"{err.stat().st_size:,} bytes on stderr")  # fmt: skip
