"""The names of the tools an agent file may list without an MCP server: the recruiter's
agent-management tools and the material tools (attached documents, a granted folder,
which are offered by themselves once there is material). ``server.tool`` names an MCP
server's tool. Kept apart from the tools themselves so that checking an agent file's
``tools`` loads no tool code."""

from __future__ import annotations

AGENT_TOOL_NAMES: tuple[str, ...] = (
    "list_agents",
    "read_agent_config",
    "upsert_agent_definition",
    "read_agent_prompt",
    "write_agent_prompt",
    "list_providers",
    "list_tools",
    "read_roster",
)
MATERIAL_TOOL_NAMES: tuple[str, ...] = (
    "search_documents",
    "read_document",
    "list_folder",
    "search_folder",
    "read_folder_file",
)
KNOWN_TOOL_NAMES: tuple[str, ...] = AGENT_TOOL_NAMES + MATERIAL_TOOL_NAMES


def mcp_names(settings) -> list[str]:
    """The MCP servers the settings configure (by name)."""
    return [s["name"] for s in settings.mcp_servers if isinstance(s, dict) and isinstance(s.get("name"), str)]
