"""MCP servers through the real ``mcp`` SDK: a server (tests/support/mcp_server.py) over
stdio and over streamable HTTP on 127.0.0.1; permissions (once, session, deny; read-only
allowed always when the entry says so); timeouts, size caps and servers that fail."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from aipa.core.config.settings import Settings, load_settings
from aipa.core.material.mcp_client import DECLINED, McpHub, check_servers, paths_inside, server_problem
from aipa.core.team.agents import AgentDef
from tests.doubles.base import free_port

ROOT = Path(__file__).resolve().parents[3]
STDIO = {
    "name": "notes",
    "command": sys.executable,
    "args": ["-m", "tests.support.mcp_server", "stdio"],
    "cwd": str(ROOT),
}


class Asker:
    """Answers permission questions from a list, recording them."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, str]] = []

    async def __call__(self, title: str, preview: str) -> str:
        self.asked.append((title, preview))
        return self.answers.pop(0)


def agent(*tools: str) -> AgentDef:
    return AgentDef(name="Atlas", title="Research", tools=tuple(tools))


def by_name(hub: McpHub, *tools: str) -> dict:
    return {t.name: t for t in hub.tools_for(agent(*tools))}


async def test_stdio_tools_permissions_and_quoted_results(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    ask = Asker("session", "deny", "once")
    hub = McpHub([{**STDIO, "env": {"NOTES_FILE": str(notes)}}], ask)
    assert await hub.start() == []
    assert await hub.start() == []
    tools = by_name(hub, "notes.lookup", "notes.save_note")
    assert set(tools) == {"notes__lookup", "notes__save_note"}
    assert not tools["notes__lookup"].writes and tools["notes__save_note"].writes
    assert set(by_name(hub, "notes.*")) == {
        "notes__lookup", "notes__save_note", "notes__stall", "notes__flood", "notes__write_file", "notes__tidy"
    }  # fmt: skip
    assert by_name(hub) == {}  # an agent that lists none gets none
    first = await tools["notes__lookup"].func(term="venue")
    assert first.startswith('<data source="notes.lookup">') and "Lakeside Lodge" in first
    await tools["notes__lookup"].func(term="venue")  # allowed for the session: not asked again
    assert len(ask.asked) == 1 and '"term": "venue"' in ask.asked[0][1]
    assert await tools["notes__save_note"].func(text="book it") == DECLINED
    assert not notes.exists()
    assert "saved: book it" in await tools["notes__save_note"].func(text="book it")
    assert notes.read_text() == "book it\n"
    assert [t for t, _ in ask.asked][1:] == ["Allow the MCP tool notes.save_note (a tool that may change things)?"] * 2


async def test_read_only_allowed_always_timeout_and_size_cap() -> None:
    ask = Asker()
    hub = McpHub([{**STDIO, "allow_read_only": ["flood", "stall"], "timeout": 15}], ask, max_chars=500)
    await hub.start()
    tools = by_name(hub, "notes.*")
    assert "truncated: the result had 5,000 characters" in await tools["notes__flood"].func(size=5000)
    late = await tools["notes__stall"].func(seconds=300)
    assert late.startswith("Error: MCP server 'notes': no answer within the time limit") and "\n" not in late
    assert ask.asked == []


async def test_a_read_only_annotation_alone_never_skips_the_question(tmp_path: Path) -> None:
    """A server can mark a write tool read-only (``tidy``): only a tool the entry lists by
    name runs without asking; the old ``allow_read_only: true`` asks, with a warning."""
    target = tmp_path / "target.txt"
    for listed, asked in ((True, 1), (["lookup"], 1), (["tidy"], 0)):
        ask = Asker("deny")
        hub = McpHub([{**STDIO, "allow_read_only": listed, "timeout": 10}], ask)
        warnings = await hub.start()
        assert any("allow_read_only" in w and "not honoured" in w for w in warnings) == (listed is True)
        result = await by_name(hub, "notes.tidy")["notes__tidy"].func(path=str(target))
        assert len(ask.asked) == asked, listed
        if asked:
            assert ask.asked[0][0] == "Allow the MCP tool notes.tidy (the server says it only reads)?"
            assert result == DECLINED and not target.exists()
    assert target.read_text() == "tidied"  # listed by name: the Principal's own choice


async def test_tools_named_at_the_start_run_without_asking_but_never_in_the_data_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text("{}")
    (tmp_path / "link").symlink_to(home)
    ask = Asker("once")
    hub = McpHub([{**STDIO, "timeout": 10}], ask, allowed={"notes.write_file"}, protected=[home])
    await hub.start()
    write = by_name(hub, "notes.write_file")["notes__write_file"].func
    outside = tmp_path / "out.txt"
    assert "wrote" in await write(path=str(outside), text="ok") and outside.read_text() == "ok"
    for path in (home / "settings.json", tmp_path / "link" / "settings.json", f"file://{home}/aipa.db", str(home)):
        result = await write(path=str(path), text="{}")
        assert result.startswith("Error: refused: notes.write_file may not touch AIPA's own data folder"), path
    assert (home / "settings.json").read_text() == "{}" and not (home / "aipa.db").exists()
    assert ask.asked == []  # named at the start: no question (and the refusals asked nothing either)
    assert paths_inside({"a": ["x", {"b": "~/nothing"}]}, (home,)) == []


@pytest.fixture
def http_server() -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.support.mcp_server", "http", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while True:  # wait for the condition: the port accepts connections
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline, "the MCP HTTP server did not start"
            time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/mcp"
    proc.terminate()
    proc.wait(10)


async def test_streamable_http(http_server: str) -> None:
    hub = McpHub([{"name": "web", "url": http_server}], Asker("once"))
    assert await hub.start() == []
    tools = by_name(hub, "web.lookup")
    assert "Lakeside Lodge" in await tools["web__lookup"].func(term="venue")


async def test_servers_that_fail_are_one_line_each(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.py"
    garbage.write_text("import sys\nprint('hello, I am not MCP')\nsys.stdout.flush()\nsys.stdin.read()\n")
    free = free_port()
    servers = [
        {"name": "missing", "command": "/nonexistent/mcp-server"},
        {"name": "wrong", "command": sys.executable, "args": [str(garbage)]},
        {"name": "crash", "command": sys.executable, "args": ["-c", "import sys; sys.exit(3)"]},
        {"name": "down", "url": f"http://127.0.0.1:{free}/mcp"},
        STDIO,
    ]
    hub = McpHub(servers, Asker())
    # 10 s: the server that writes garbage and never answers holds the start to its limit
    lines = await hub.start(timeout=10)
    assert len(lines) == 4 and all("\n" not in line and "(hint: " in line for line in lines)
    assert "cannot run '/nonexistent/mcp-server'" in lines[0]
    assert lines[1].startswith("MCP server 'wrong': does not speak MCP: it wrote 'hello, I am not MCP' ")
    assert lines[3].startswith("MCP server 'down': could not start it")
    assert set(by_name(hub, "notes.lookup", "wrong.*")) == {"notes__lookup"}  # the good one still works
    checks = await check_servers([servers[0], STDIO])
    assert [(c[0], c[1]) for c in checks] == [("missing", False), ("notes", True)]
    assert "lookup" in checks[1][2]


def test_settings_validate_servers(tmp_path: Path) -> None:
    assert server_problem({"name": "a b", "command": "x"}).startswith("name 'a b'")
    assert "exactly one of" in server_problem({"name": "a", "command": "x", "url": "http://h"})
    assert "http://" in server_problem({"name": "a", "url": "ftp://h"})
    assert server_problem(STDIO) is None
    path = tmp_path / "settings.json"
    path.write_text('{"mcp_servers": [{"name": "x"}]}')
    settings, warnings = load_settings(path)
    assert settings.mcp_servers == [] and "mcp_servers" in warnings[0] and "exactly one of" in warnings[0]
    path.write_text('{"mcp_servers": [{"name": "x", "url": "http://127.0.0.1:9/mcp"}]}')
    settings, warnings = load_settings(path)
    assert warnings == [] and settings.mcp_servers[0]["name"] == "x"
    assert Settings().mcp_servers == []


def test_servers_from_the_environment() -> None:
    from aipa.core.config.settings_env import env_overlay

    ok = '[{"name": "web", "url": "http://127.0.0.1:9/mcp"}]'
    assert env_overlay({"AIPA_MCP_SERVERS": ok}) == (
        {"mcp_servers": [{"name": "web", "url": "http://127.0.0.1:9/mcp"}]},
        [],
    )
    values, warnings = env_overlay({"AIPA_MCP_SERVERS": '[{"name": "web"}]'})
    assert values == {} and "exactly one of 'command'" in warnings[0]
    assert "must be a JSON array" in env_overlay({"AIPA_MCP_SERVERS": "{}"})[1][0]
