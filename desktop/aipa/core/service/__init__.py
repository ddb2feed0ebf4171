"""The team as a service on this computer: directives run for a caller outside the
window (an MCP host over stdio, a local OpenAI-compatible client), their progress as
lines, and the endpoint's token. Qt-free; the CLI's ``mcp-serve`` and ``serve`` start them.
"""
