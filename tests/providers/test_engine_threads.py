"""The built-in engine's thread count: physical cores, one left free on small machines,
the setting first; and the count reaches llama.cpp (the engine's command line)."""

from __future__ import annotations

import os
from pathlib import Path

from aipa.providers.builtin import BuiltinProvider
from aipa.providers.engine_threads import choose, physical_cores


def test_small_machines_leave_one_core_and_large_ones_use_all() -> None:
    assert [choose(cores=n).count for n in (1, 2, 3, 4, 6, 16)] == [1, 1, 2, 3, 6, 16]
    assert choose(cores=2).describe() == "1 thread (2 physical cores, one left for the window)"
    assert choose(cores=8).describe() == "8 threads (8 physical cores)"


def test_the_setting_overrides_the_choice() -> None:
    assert choose(5, cores=2) == choose(5)
    assert choose(5).describe() == "5 threads (set in settings: providers.builtin.threads)"
    assert choose(0, cores=2).count == 1  # 0 means unset


def test_physical_cores_counts_each_core_once_among_the_usable_cpus() -> None:
    usable = len(os.sched_getaffinity(0))
    siblings = {
        Path(f"/sys/devices/system/cpu/cpu{cpu}/topology/thread_siblings_list").read_text().strip()
        for cpu in os.sched_getaffinity(0)
    }
    assert physical_cores() == len(siblings) and 1 <= physical_cores() <= usable


def test_the_engine_is_always_started_with_an_explicit_thread_count(tmp_path) -> None:
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    chosen = BuiltinProvider(tmp_path)
    assert chosen.threads == choose().count
    for provider, expected in ((chosen, choose().count), (BuiltinProvider(tmp_path, options={"threads": 3}), 3)):
        process = provider._spawn(model)  # the real engine process; it fails to load b"GGUF" and exits
        try:
            assert process.args[process.args.index("--threads") + 1] == str(expected)
        finally:
            process.kill()
            process.wait()
            for pipe in (process.stdin, process.stdout):
                pipe.close()
