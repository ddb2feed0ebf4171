"""The shareable Markdown export: the directive, deliverable, verdict and memo first; the
leads' reports and tool calls after, in plain words; no raw JSON, no quoted-data
wrappers, no internal ids; the JSON export keeps everything."""

import json

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import AutoReviewer
from aipa.core.session.shareable import clean, nested, shareable_markdown

RUN, TASK = "R-20261201-001", "T-20261201-001-A"
TOOL = json.dumps(
    {
        "tool": "search_documents",
        "arguments": {"query": "offsite venues"},
        "result": '<data source="search_documents">\n{"found": 2, "names": ["lake.pdf", "city.pdf"]}\n</data>',
    }
)


def message(kind, content, *, role="assistant", agent="Miranda", task=None):
    return {
        "role": role,
        "agent": agent,
        "kind": kind,
        "run_id": RUN,
        "task_id": task,
        "content": content,
        "thinking": "",
        "created_at": "2026-12-01T10:00:00+00:00",
    }


DATA = {
    "session_id": "S-20261201-001",
    "title": "Plan a team offsite",
    "created_at": "2026-12-01T10:00:00+00:00",
    "messages": [
        message("directive", "Plan a team offsite", role="user"),
        message("routing", "Delegating to Atlas."),
        message("brief", "Task brief from the Chief of Staff: …", role="user", agent="Atlas", task=TASK),
        message("tool", TOOL, agent="Atlas", task=TASK),
        message("task_output", f"## Research the options\n\n{TASK} · Atlas found 2.", agent="Atlas", task=TASK),
        message("deliverable", "# Deliverable: Plan a team offsite\n\n## Summary\n\nGo to the lake."),
        message("audit", "**Audit memo**\n\n- Consistent.\n\nVERDICT: PASS WITH NOTES", agent="Vera"),
    ],
    "runs": [
        {
            "run_id": RUN,
            "directive": "Plan a team offsite",
            "status": "done",
            "verdict": "PASS WITH NOTES",
            "started_at": "2026-12-01T10:00:00+00:00",
            "tasks": [{"task_id": TASK, "assigned_to": "Atlas", "title": "Research the options", "status": "done"}],
            "reviews": [{"stage": "review", "action": "accept", "feedback": ""}],
        }
    ],
    "usage": {"input_tokens": 1200, "output_tokens": 300, "calls": 3},
}


def test_results_first_then_the_leads_and_their_tools_in_plain_words():
    md = shareable_markdown(DATA)
    order = [md.index(s) for s in ("## Directive", "### Deliverable", "### Audit: PASS WITH NOTES", "#### Atlas")]
    assert order == sorted(order)
    assert "Go to the lake." in md and "- Consistent." in md and "VERDICT:" not in md
    assert "**search_documents** (query: “offsite venues”)" in md
    assert "found: 2" in md and "lake.pdf" in md
    assert "<data" not in md and "</data>" not in md and '{"' not in md  # no wrappers, no raw JSON
    assert "T-2026" not in md and "R-2026" not in md and "S-2026" not in md  # no internal ids
    assert "Principal ›" not in md and "Task brief from" not in md
    assert md.count("Research the options") == 1  # the report's own heading is not repeated
    assert "*Review: accepted the deliverable.*" in md


def test_nested_headings_sit_below_their_section_and_code_is_untouched():
    text = "# Deliverable: Plan\n\n## Summary\n\n```\n# a comment\n```\n### Detail"
    assert nested(text, 3, "Plan") == "#### Summary\n\n```\n# a comment\n```\n##### Detail"
    assert clean(f"{TASK} · Atlas, see {RUN}") == "Atlas, see"


async def test_a_real_run_exports_shareable_markdown_and_complete_json(tmp_path):
    app = build(Override("scripted"), Paths(tmp_path / "home"))
    try:
        result = await app.core.team(AutoReviewer(), lambda e: None).run("Plan a team offsite")
        md = app.core.sessions.export(result.session_id, "md", tmp_path / "s.md").read_text()
        assert md.startswith("# Plan a team offsite") and "### Deliverable" in md
        assert result.run_id not in md and "T-2026" not in md and "WORKER " not in md
        data = json.loads(app.core.sessions.export(result.session_id, "json", tmp_path / "s.json").read_text())
        assert data["runs"][0]["run_id"] == result.run_id and data["runs"][0]["tasks"][0]["task_id"].startswith("T-")
        assert any(m["kind"] == "brief" for m in data["messages"])  # the machine format keeps everything
        page = app.core.sessions.export(result.session_id, "html", tmp_path / "s.html").read_text()
        assert "Content-Security-Policy" in page and "<h3>Deliverable</h3>" in page.replace(' id="deliverable"', "")
    finally:
        app.store.close()


def test_a_rerun_says_which_revision_it_is_and_shows_its_kept_report_and_deliverable():
    """A re-run of the audit (issue 23) keeps its parent's report and deliverable: they are
    the run's, not messages of its own; the export shows them and names the revision."""
    kept = "R-20261201-002"
    data = {
        **DATA,
        "messages": [{**message("audit", "Holds up.\n\nVERDICT: PASS", agent="Vera"), "run_id": kept}],
        "runs": [
            {
                **DATA["runs"][0],
                "run_id": kept,
                "revision": 2,
                "parent_id": RUN,
                "deliverable": "Go to the lake, revised.",
                "tasks": [
                    {
                        "task_id": "T-20261201-002-A",
                        "assigned_to": "Atlas",
                        "title": "Research the options",
                        "status": "complete",
                        "output": "Atlas found two venues.",
                    }
                ],
            }
        ],
    }
    text = shareable_markdown(data)
    assert "*Revision 2: a re-run of an earlier revision, which is kept.*" in text
    assert "Go to the lake, revised." in text and "Atlas found two venues." in text
    assert "Holds up." in text and RUN not in text and kept not in text
