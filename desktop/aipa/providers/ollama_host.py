"""Ollama's address: its defaults (the port and variable its own docs give) and the forms
``OLLAMA_HOST`` takes, as one base URL. A leaf: the kind record (``providers/kinds.py``)
and the provider module both read it, so neither imports the other at load."""

from __future__ import annotations

from urllib.parse import urlsplit

DEFAULT_HOST = "http://127.0.0.1:11434"
HOST_ENV = "OLLAMA_HOST"


def normal_host(host: str | None) -> str:
    """``OLLAMA_HOST`` forms (``host``, ``host:port``, ``:port``, URLs) as a base URL, with
    Ollama's defaults (port 11434 unless a scheme is given). A wildcard bind address
    (``0.0.0.0``, ``[::]``) means this machine."""
    host = (host or "").strip() or DEFAULT_HOST
    had_scheme = "://" in host
    if not had_scheme and host.count(":") > 1 and "[" not in host:
        host = f"[{host}]"  # a bare IPv6 address
    parts = urlsplit(host if had_scheme else "http://" + host)
    name = parts.hostname or "127.0.0.1"
    if name in ("0.0.0.0", "::"):
        name = "127.0.0.1"
    if ":" in name:
        name = f"[{name}]"
    port = parts.port or ({"https": 443}.get(parts.scheme, 80) if had_scheme else 11434)
    return f"{parts.scheme}://{name}:{port}{parts.path.rstrip('/')}"
