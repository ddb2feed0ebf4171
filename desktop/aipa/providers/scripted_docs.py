"""The scripted ``docs`` scenario: a team that works from the Principal's material.

The router delegates to two leads; each lead searches the attached documents with
``search_documents``, lists a granted folder and reads its first file, calls every MCP
tool it is offered once (tools named ``server__tool``), then writes facts each followed
by its citation ``[file, place]`` taken from the excerpts and tool results it saw. The synthesis keeps the citations;
the auditor counts the citations it could check against the excerpts it was given.
A tool call is returned as ``CALL_MARK name {json}`` (see ``ScriptedProvider.stream``).
"""

from __future__ import annotations

import json
import re

from aipa.providers.base import ChatRequest
from aipa.providers.scripted_plan import route_leads

CALL_MARK = "\x00call "
_HEADER = re.compile(r"^\[([^\[\]\n,]+), ([^\[\]\n]+)\]\s*$")


def _last_user(request: ChatRequest) -> str:
    return next((m.content for m in reversed(request.messages) if m.role == "user"), "")


def _excerpts(text: str) -> list[tuple[str, str, str]]:
    """(file, place, first line of text) for each ``[file, place]`` header line in ``text``."""
    out = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        match = _HEADER.match(line.strip())
        if match:
            heading = match.group(2).removeprefix("§ ").strip()
            body = next(
                (
                    b.strip().lstrip("> ").strip()
                    for b in lines[i + 1 : i + 6]
                    if b.strip().lstrip("> ").strip() not in ("", heading)
                ),
                "",
            )
            if body and not _HEADER.match(body):
                out.append((match.group(1), match.group(2), body[:160]))
    return out


def _call(name: str, args: dict) -> str:
    return f"{CALL_MARK}{name} {json.dumps(args)}"


def _args_for(schema: dict) -> dict:
    """Arguments for an MCP tool: every required string gets 'venue', numbers 1."""
    props = schema.get("properties", {})
    out = {}
    for key in schema.get("required", list(props)):
        kind = props.get(key, {}).get("type")
        out[key] = 1 if kind in ("integer", "number") else "venue"
    return out


def _lead(request: ChatRequest) -> str:
    offered = {t.name: t for t in request.tools}
    called = [m.name for m in request.messages if m.role == "tool"]
    if "search_documents" in offered and "search_documents" not in called:
        return _call("search_documents", {"query": request.tags.get("directive", _last_user(request))[:200]})
    if "list_folder" in offered and "list_folder" not in called:
        return _call("list_folder", {})
    listing = next((m.content for m in request.messages if m.role == "tool" and m.name == "list_folder"), "")
    first = re.search(r"^(\S+)  \(", listing, re.M)
    if first and "read_folder_file" in offered and "read_folder_file" not in called:
        return _call("read_folder_file", {"path": first.group(1)})
    for name, spec in offered.items():
        if "__" in name and name not in called:
            return _call(name, _args_for(spec.parameters))
    facts = []
    for m in request.messages:
        if m.role in ("user", "tool"):
            facts += _excerpts(m.content)
    tool_lines = [
        f"- `{m.name}` answered: {' '.join(m.content.split())[:160]}"
        for m in request.messages
        if m.role == "tool" and m.name and "__" in m.name
    ]
    title = request.tags.get("title", "Findings")
    seen, bullets = set(), []
    for file, place, text in facts:
        if (file, place) not in seen:
            seen.add((file, place))
            bullets.append(f"- {text} [{file}, {place}]")
    body = "\n".join(bullets) or "- The material has nothing on this brief."
    tools = ("\n\n### Tools\n\n" + "\n".join(tool_lines)) if tool_lines else ""
    return f"## {title}\n\n{body}{tools}\n"


def _route(request: ChatRequest) -> str:
    leads = route_leads(request.json_schema) or ["Atlas", "Clio"]
    topic = " ".join(request.tags.get("directive", "").split())[:120]
    briefs = {  # keyed by lead name, as the routing schema asks (one lead: the second one wins)
        leads[0]: {"title": "Facts from the material", "instructions": f"Find what the material says: {topic}"},
        leads[-1]: {"title": "Gaps and risks", "instructions": f"What the material leaves open: {topic}"},
    }
    return json.dumps({"mode": "delegate", "message": "Briefing two leads on the material.", "briefs": briefs})


def _synthesize(request: ChatRequest) -> str:
    text = _last_user(request)
    bullets = list(dict.fromkeys(re.findall(r"^- .+\[[^\[\]\n,]+, [^\[\]\n]+\]\s*$", text, re.M)))
    tools = list(dict.fromkeys(re.findall(r"^- `[^`]+` answered: .*$", text, re.M)))
    topic = " ".join(request.tags.get("directive", "").split())[:120]
    parts = [f"# {topic or 'Deliverable'}", "", "## What the material says", "", *bullets]
    if tools:
        parts += ["", "## From the tools", "", *tools]
    return "\n".join(parts) + "\n"


def _audit(request: ChatRequest) -> str:
    text = _last_user(request)
    deliverable = re.search(r"<deliverable>\n(.*?)\n</deliverable>", text, re.S)
    cited = set(re.findall(r"\[([^\[\]\n,]+), ([^\[\]\n]+)\]", deliverable.group(1) if deliverable else ""))
    given = re.search(r"<excerpts>\n(.*?)\n</excerpts>", text, re.S)
    found = {(f, p) for f, p, _ in _excerpts(given.group(1))} if given else set()
    checked = len(cited & found)
    missing = sorted(cited - found)
    memo = [f"**Audit memo**\n\nChecked {checked} of {len(cited)} citations against the cited excerpts."]
    if missing:
        memo.append("Not found in the material: " + ", ".join(f"[{f}, {p}]" for f, p in missing) + ".")
        verdict = "FLAG"
    else:
        memo.append("Each cited claim matches its excerpt.")
        verdict = "PASS" if cited else "PASS WITH NOTES"
    return "\n\n".join(memo) + f"\n\nVERDICT: {verdict}"


def docs_script(request: ChatRequest) -> str:
    purpose = request.purpose
    if purpose == "route":
        return _route(request)
    if purpose == "lead":
        return _lead(request)
    if purpose == "synthesize":
        return _synthesize(request)
    if purpose == "audit":
        return _audit(request)
    if purpose == "memory":
        match = re.search(r"<standing_brief>\n?(.*?)</standing_brief>", _last_user(request), re.S)
        return ((match.group(1) if match else "").rstrip() + "\n- Worked from attached material.\n").lstrip()
    return f"Noted: {_last_user(request)[:200]}"
