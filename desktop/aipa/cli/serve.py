"""``aipa serve``: the local OpenAI-compatible endpoint (being built)."""

from aipa import errors


async def cmd_serve(args) -> int:
    raise errors.UsageError("`aipa serve` is not built yet", "use `aipa mcp-serve`")
