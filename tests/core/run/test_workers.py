"""Worker agents: the convention in the lead prompts, parsed out of a lead's output,
kept with the task, sent in the task event and listed by `aipa run --json`."""

import pytest

from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import AutoReviewer
from aipa.core.run.workers import PREFIXES, Worker, parse_workers
from aipa.core.team.agent_registry import AgentRegistry
from aipa.core.team.agents import shipped_prompts_dir
from aipa.providers.scripted import ScriptedProvider, demo_script

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


def test_the_convention_is_parsed_in_its_usual_dresses():
    text = (
        "WORKER RSCH-001: survey venues within two hours\n"
        "- **WORKER RSCH-002**: check prices — and availability\n"
        "> WORKER RSCH-003 – read the reviews  \n"
        "WORKER RSCH-001: a second RSCH-001 is ignored\n"
        "## Findings\nA WORKER in prose is no worker.\n"
        "```\nWORKER RSCH-009: quoted in a fence\n```\n"
    )
    assert parse_workers(text) == (
        Worker("RSCH-001", "survey venues within two hours"),
        Worker("RSCH-002", "check prices — and availability"),
        Worker("RSCH-003", "read the reviews"),
    )


@pytest.mark.parametrize(
    "text",
    ["", "## Report\n\nNo workers here.", "WORKER: no id", "WORKER rsch-001: lower case id", "WORKER RSCH-001:   "],
)
def test_a_reply_that_ignores_the_convention_has_no_workers(text):
    assert parse_workers(text) == ()


def test_every_shipped_lead_prompt_teaches_its_prefix():
    registry = AgentRegistry(shipped_prompts_dir(), shipped_prompts_dir() / "none")
    for name, prefix in PREFIXES.items():
        prompt = registry.get(name).prompt
        assert f"`WORKER {prefix}-001: " in prompt, name
        # The prompt's own example line is the convention.
        example = prompt.split("`WORKER", 1)[1].split("`", 1)[0]
        assert parse_workers("WORKER" + example.replace("<", "").replace(">", ""))[0].worker_id == f"{prefix}-001"


@pytest.fixture
def app(tmp_path):
    application = build(Override("scripted"), Paths(tmp_path / "home"))
    yield application
    application.store.close()


async def test_workers_are_kept_with_the_task_and_sent_in_its_event(app):
    seen = []
    result = await app.pipeline(AutoReviewer(), seen.append).run(DIRECTIVE)
    by_agent = {t["assigned_to"]: t for t in result.tasks}
    assert [w["id"] for w in by_agent["Atlas"]["workers"]] == ["RSCH-001", "RSCH-002"]
    assert by_agent["Cole"]["workers"] == [] and by_agent["Clio"]["workers"] == []
    stored = {t.assigned_to: t for t in app.store.tasks(result.run_id)}
    assert [w["id"] for w in stored["Atlas"].workers] == ["RSCH-001", "RSCH-002"]
    done = {e.agent: e for e in seen if isinstance(e, ev.TaskChanged) and e.status == "complete"}
    assert done["Atlas"].workers == tuple(by_agent["Atlas"]["workers"]) and done["Cole"].workers == ()


async def test_a_resumed_run_shows_the_finished_leads_workers_again(app):
    def fail_cole(request):
        if request.purpose == "lead" and request.tags.get("agent") == "Cole":
            return ""
        return demo_script(request)

    app.providers._cache["scripted"] = ScriptedProvider(script=fail_cole)
    first = await app.pipeline(AutoReviewer()).run(DIRECTIVE)
    assert {t["assigned_to"]: t["status"] for t in first.tasks}["Cole"] == "error"
    app.store.update_run(first.run_id, status="interrupted")
    app.store.delete_checkpoint(first.run_id, "dispatch")
    for stage in ("synthesize", "audit", "review"):
        app.store.delete_checkpoint(first.run_id, stage)
    app.providers._cache["scripted"] = ScriptedProvider()
    seen = []
    await app.pipeline(AutoReviewer(), seen.append).resume(first.run_id)
    replayed = [e for e in seen if isinstance(e, ev.TaskChanged) and e.agent == "Atlas"]
    assert replayed[0].status == "complete" and [w["id"] for w in replayed[0].workers] == ["RSCH-001", "RSCH-002"]


def test_worker_progress_follows_the_leads_sections():
    from aipa.core.run.workers import worker_progress

    head = "WORKER RSCH-001: survey venues\nWORKER RSCH-002: check prices\n\n## Venues\n\nIntro.\n\n"

    def states(text, lead="streaming"):
        return [(w.worker_id, w.state) for w in worker_progress(text, lead)]

    assert states(head) == [("RSCH-001", "queued"), ("RSCH-002", "queued")]
    first = head + "### RSCH-001 · Survey\n\n#### Lodge\n\nSleeps twelve.\n"
    assert states(first) == [("RSCH-001", "working"), ("RSCH-002", "queued")]  # a sub-heading stays inside
    second = first + "### RSCH-002 · Prices\n\n- lodge: 4k\n"
    assert states(second) == [("RSCH-001", "done"), ("RSCH-002", "working")]
    assert states(second + "### Recommendation\n") == [("RSCH-001", "done"), ("RSCH-002", "done")]
    assert states(second, "interrupted") == [("RSCH-001", "done"), ("RSCH-002", "interrupted")]
    assert states(head, "done") == [("RSCH-001", "done"), ("RSCH-002", "done")]  # no sections: done with the lead
    assert worker_progress("## No workers\n\n### RSCH-001 · a heading alone", "streaming") == ()
    assert worker_progress(second, "working")[0].task == "survey venues"


def test_the_worker_lines_leave_the_shown_text():
    from aipa.core.run.workers import without_worker_lines

    text = "WORKER RSCH-001: survey\nWORKER RSCH-002: prices\n\n## Venues\n\n```\nWORKER RSCH-009: quoted\n```\n"
    assert without_worker_lines(text) == "## Venues\n\n```\nWORKER RSCH-009: quoted\n```\n"
    assert without_worker_lines("## Plain\n") == "## Plain\n"
