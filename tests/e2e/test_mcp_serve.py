"""`aipa mcp-serve --dry-run` driven by the SDK's own stdio client: the tools are
listed, a directive runs on the scripted provider with progress notifications, the
review gate leaves it "waiting for the Principal", a second process (`aipa run
--resume RUN_ID --yes`) decides it, and `get_result` then returns the deliverable.
The transcript is written to $AIPA_MCP_TRANSCRIPT when set (the issue's evidence)."""

from __future__ import annotations

import json
import os
import sys

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.support.cli import ROOT, aipa_json, cli_env

DIRECTIVE = "Plan a two-day team offsite for twelve people in the mountains, with a budget"


def _data(result) -> dict:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        data = result.structured_content
        return data.get("result", data) if set(data) == {"result"} else data
    return json.loads(result.content[0].text)


async def _session_run(home, transcript: list[str]) -> str:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "aipa", "mcp-serve", "--dry-run"], env=cli_env(home), cwd=str(ROOT)
    )
    progress: list[str] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append(message or "")

    with anyio.fail_after(300):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            names = sorted(t.name for t in tools.tools)
            transcript.append(f"tools: {names}")
            assert names == ["answer_questions", "get_result", "list_runs", "run_directive", "run_status"]

            result = await session.call_tool("run_directive", {"directive": DIRECTIVE}, progress_callback=on_progress)
            data = _data(result)
            transcript += [f"progress: {p}" for p in progress]
            transcript.append("run_directive → " + json.dumps(data, ensure_ascii=False)[:600])
            assert data["status"] == "suspended" and data["waiting"] == "waiting for the Principal"
            assert data["run_id"] in data["message"] and "aipa run --resume" in data["message"]
            assert data["deliverable"] and data["verdict"]  # the review gate shows what it waits on
            assert any(p.startswith("stage: dispatch") for p in progress), progress
            assert any(p.startswith("audit verdict") for p in progress), progress
            assert progress[-1].startswith("waiting for the Principal"), progress

            listed = _data(await session.call_tool("list_runs", {}))
            assert listed[0]["run_id"] == data["run_id"]
            status = _data(await session.call_tool("run_status", {"run_id": data["run_id"]}))
            assert status["status"] == "suspended" and status["stage"] == "review"

            # A short directive gets clarifying questions: answered through the tool, the
            # run goes on to the review gate, where it waits again.
            asked = _data(await session.call_tool("run_directive", {"directive": "Plan it"}))
            assert asked["status"] == "suspended" and "answer_questions" in asked["message"]
            open_ids = [q["qid"] for q in asked["questions"] if q["answer"] is None]
            assert open_ids
            answers = {qid: "A one-page plan" for qid in open_ids}
            after = _data(await session.call_tool("answer_questions", {"run_id": asked["run_id"], "answers": answers}))
            transcript.append("answer_questions → " + json.dumps(after, ensure_ascii=False)[:300])
            assert after["status"] == "suspended" and after["stage"] == "review", after
            assert {q["answer"] for q in after["questions"]} == {"A one-page plan"}
            again = _data(await session.call_tool("answer_questions", {"run_id": asked["run_id"], "answers": answers}))
            assert "error" in again  # answered already: first answer wins, said as data
            return data["run_id"]


async def _session_result(home, run_id: str, transcript: list[str]) -> dict:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "aipa", "mcp-serve", "--dry-run"], env=cli_env(home), cwd=str(ROOT)
    )
    with anyio.fail_after(300):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            data = _data(await session.call_tool("get_result", {"run_id": run_id}))
            transcript.append("get_result → " + json.dumps(data, ensure_ascii=False)[:600])
            return data


def test_an_mcp_host_runs_a_directive_and_the_principal_decides_elsewhere(tmp_path):
    home = tmp_path / "home"
    transcript: list[str] = []
    run_id = anyio.run(_session_run, home, transcript)

    # The Principal decides in a second process: the terminal's resume.
    proc, done = aipa_json(home, "run", "--resume", run_id, "--dry-run", "--json", "--yes")
    assert proc.returncode == 0, proc.stderr
    assert done["status"] == "done"
    transcript.append(f"aipa run --resume {run_id} --yes → {done['status']}")

    data = anyio.run(_session_result, home, run_id, transcript)
    assert data["status"] == "done" and data["decision"] == "accept"
    assert data["deliverable"] == done["deliverable"] and data["verdict"] == done["verdict"]
    assert data["memo"] == done["audit_memo"]
    if os.environ.get("AIPA_MCP_TRANSCRIPT"):
        with open(os.environ["AIPA_MCP_TRANSCRIPT"], "w", encoding="utf-8") as f:
            f.write("\n".join(transcript) + "\n")
