"""The live state of a model call (core/run/live.py): queued behind whom, reading the
prompt (reported or estimated), thinking, writing, with a clock that moves."""

from __future__ import annotations

from aipa.core.kinds import Activity
from aipa.core.run.live import Desk, Watch, describe


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_lone_call_on_a_silent_server_reads_its_prompt_at_once_with_an_estimate():
    clock, desk = Clock(), Desk(rate={"p": 100.0})
    watch = Watch("Rafael", "p", desk, prompt_estimate=1000, clock=clock)
    assert watch.state == Activity.READING
    clock.now += 4
    snap = watch.snapshot("r1", "T1")
    assert (snap.state, snap.prompt_tokens, snap.prompt_done, snap.estimated) == (Activity.READING, 1000, 400, True)
    assert snap.percent == 40 and snap.seconds == 4.0
    assert "400 of 1,000 tokens (about 40%)" in snap.text


def test_a_second_call_waits_behind_the_first_until_it_closes():
    clock, desk = Clock(), Desk()
    first = Watch("Rafael", "p", desk, 500, clock=clock)
    second = Watch("Sofia", "p", desk, 500, clock=clock)
    snap = second.snapshot("r1", "T2")
    assert snap.state == Activity.QUEUED and snap.behind == "Rafael"
    assert snap.text.startswith("queued behind Rafael")
    first.close()
    assert second.snapshot("r1", "T2").state == Activity.READING  # the blocker is gone: its turn


def test_server_progress_replaces_the_estimate_and_teaches_the_rate():
    clock, desk = Clock(), Desk()
    desk.reported("p")  # this server reports progress: no progress yet means queued
    first = Watch("Rafael", "p", desk, 900, clock=clock)
    assert first.state == Activity.QUEUED
    first.prompt_progress(total=1531, cached=31, processed=31, ms=0)
    assert first.state == Activity.READING
    first.prompt_progress(total=1531, cached=31, processed=1031, ms=2000)  # 500 tokens/s
    snap = first.snapshot("r1")
    assert (snap.prompt_tokens, snap.prompt_done) == (1531, 1031) and desk.rate["p"] == 500.0
    second = Watch("Sofia", "p", desk, 900, clock=clock)
    assert second.snapshot("r1").behind == "Rafael"  # queued until the server says it reads


def test_tokens_make_it_think_then_write_with_a_rate():
    clock, desk = Clock(), Desk()
    watch = Watch("Vera", "p", desk, 200, clock=clock)
    clock.now += 2
    watch.token(thinking=True)
    assert watch.state == Activity.THINKING
    assert desk.rate["p"] == 100.0  # 200 prompt tokens read in 2 s
    for _ in range(19):
        clock.now += 0.1
        watch.token(thinking=False)
    snap = watch.snapshot("r1")
    assert snap.state == Activity.STREAMING and snap.tokens == 20 and snap.rate > 0
    assert snap.text.startswith("writing · 20 tokens · ") and "tokens/s" in snap.text


def test_a_busy_server_keeps_the_call_queued():
    clock, desk = Clock(), Desk()
    watch = Watch("Rafael", "p", desk, 100, clock=clock)
    watch.waiting()
    clock.now += 5
    snap = watch.snapshot("r1")
    assert snap.state == Activity.QUEUED and snap.text == "waiting for the server · 5 s"


def test_the_words_change_every_second_while_nothing_else_does():
    clock, desk = Clock(), Desk()
    watch = Watch("Rafael", "p", desk, 0, clock=clock)
    texts = set()
    for _ in range(5):
        texts.add(watch.snapshot("r1").text)
        clock.now += 1
    assert len(texts) == 5


def test_describe_reading_without_a_known_size():
    assert describe(Activity.READING, 3.2) == "reading the prompt · 3 s"
    assert describe(Activity.READING, 3, prompt_tokens=800, estimated=True) == (
        "reading the prompt · about 800 tokens · 3 s"
    )


def test_reading_says_how_long_it_should_take_from_the_rate_measured_on_this_engine():
    """ "reading the prompt · about 2,300 tokens · 0 s of about 46 s" from the size and the
    engine's last rate; a batch report refines it; once passed, the clock alone."""
    clock, desk = Clock(), Desk(rate={"p": 50.0})
    watch = Watch("Rafael", "p", desk, prompt_estimate=2300, clock=clock)
    snap = watch.snapshot("r1", "T1")
    assert snap.expected == 46 and snap.text.endswith("0 s of about 46 s")
    clock.now += 10
    watch.prompt_progress(total=2300, cached=0, processed=1000, ms=10_000)  # a batch: 100 tokens/s here
    snap = watch.snapshot("r1", "T1")
    assert snap.expected == 23 and "1,000 of 2,300 tokens (43%)" in snap.text
    assert snap.text.endswith("10 s of about 23 s")
    clock.now += 20  # slower than the rate said: no estimate that lies
    assert watch.snapshot("r1", "T1").text.endswith("· 30 s")


def test_no_measured_rate_no_estimate():
    clock, desk = Clock(), Desk()
    watch = Watch("Rafael", "p", desk, prompt_estimate=2300, clock=clock)
    snap = watch.snapshot("r1")
    assert snap.expected == 0 and snap.text == "reading the prompt · about 2,300 tokens · 0 s"
