"""Why an MCP server failed, in parts and in words: ``reason`` names the case ("not_mcp",
"timeout", "cannot_run", "unreachable", "failed") and its parts (what the server wrote,
the seconds allowed, the command or address, the system's own message), so that a notice
can carry them (``NoticeKind.MCP_FAILED``) for a window that words them; ``failure``
says it in English, as the terminal and the log print it."""

from __future__ import annotations

TIMEOUT_HINT = "check that it is an MCP server and not hung"


def _not_mcp(fault: Exception) -> str:
    """What a server wrote instead of JSON-RPC, shortened."""
    errors = getattr(fault, "errors", None)
    try:
        said = str(errors()[0].get("input", "")) if callable(errors) else ""
    except (IndexError, TypeError, AttributeError):
        said = ""
    said = " ".join((said or str(fault)).split())
    return said if len(said) <= 80 else said[:79] + "…"


def reason(
    entry: dict, exc: BaseException, faults: list[Exception] | None = None, bound: float | None = None
) -> tuple[str, dict[str, str]]:
    """The case of a server's failure and its parts."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    where = str(entry.get("url") or entry.get("command"))
    if faults:
        return "not_mcp", {"wrote": _not_mcp(faults[0])}
    if isinstance(exc, TimeoutError):
        return "timeout", {"seconds": f"{bound:g}" if bound else ""}
    if isinstance(exc, FileNotFoundError | PermissionError):
        return "cannot_run", {"where": where, "why": str(exc.strerror or exc)}
    text = " ".join(str(exc).split())[:160] or type(exc).__name__
    if "url" in entry:
        return "unreachable", {"where": where, "why": text}
    return "failed", {"why": text}


def failure(
    entry: dict, exc: BaseException, what: str, faults: list[Exception] | None = None, bound: float | None = None
) -> tuple[str, str]:
    """(message, hint) for a server that failed ``what`` (start, call)."""
    case, parts = reason(entry, exc, faults, bound)
    if case == "not_mcp":
        return (
            f"does not speak MCP: it wrote '{parts['wrote']}' where a JSON-RPC message belongs",
            "check that the command starts an MCP server on stdio, not a shell, a web server or a program's help",
        )
    if case == "timeout":
        within = f"{parts['seconds']} s" if parts["seconds"] else "the time limit"
        return f"no answer within {within} while trying to {what}", TIMEOUT_HINT
    if case == "cannot_run":
        return f"cannot run '{parts['where']}' ({parts['why']})", "check the command in the MCP server settings"
    if case == "unreachable":
        return (
            f"could not {what} at {parts['where']} ({parts['why']})",
            "check that the server runs and the URL ends in its MCP path",
        )
    return f"could not {what}: {parts['why']}", "check the command and that it speaks MCP over stdio"
