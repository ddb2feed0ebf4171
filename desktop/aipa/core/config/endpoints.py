"""Where a provider's requests go, and what may go with them.

- A profile's URL (``base_url`` in settings, ``--base-url``) is an ``http://`` or
  ``https://`` URL with a host, nothing else (``url_problem``).
- A stored key belongs to its profile's server: a ``--base-url`` that points elsewhere
  (``same_server`` is false) does not get it unless the command line says so
  (``--send-key``); the warning says why (``withheld_warning``).
- Plain ``http://`` to a host that is not this machine is warned: prompts, replies and
  any key cross the network readable (``plain_http_warning``).
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

_DEFAULT_PORTS = {"http": 80, "https": 443}


def url_problem(url: str) -> str:
    """Why ``url`` cannot be a provider's server ('' when it can): only http:// and https://
    with a host (a ``javascript:``, ``file:`` or ``data:`` URL is no server). The one check
    for settings, profiles and ``--base-url``."""
    text = url.strip()
    shown = repr(text[:80])
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        return f"{shown} is not a valid URL"
    if parts.scheme.lower() not in _DEFAULT_PORTS:
        return f"{shown} is not a server address: only http:// and https:// URLs are accepted"
    if not parts.hostname:
        return f"{shown} names no host (e.g. http://127.0.0.1:8000/v1)"
    if any(ch.isspace() or ord(ch) < 32 for ch in text):
        return f"{shown} has spaces or control characters in it"
    return ""


def is_loopback(host: str) -> bool:
    """This machine: localhost, 127.0.0.0/8, ::1."""
    host = (host or "").strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def on_this_network(url: str) -> bool | None:
    """Whether the server at ``url`` is on this computer or its local network, by its
    address alone: loopback, a private or link-local range, ``localhost``, a ``.local``
    (mDNS) or ``.lan``/``.home.arpa`` name. None when ``url`` names no host (the kind's
    own record decides then). The model picker's "local" / "cloud" (not the kind: an
    Anthropic-style gateway on 127.0.0.1 is local, an Ollama on a rented server is not)."""
    try:
        host = (urlsplit(url.strip()).hostname or "").strip("[]").lower().rstrip(".")
    except ValueError:
        return None
    if not host:
        return None
    if is_loopback(host) or host == "0.0.0.0" or host.endswith(_LOCAL_SUFFIXES):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return "." not in host  # a bare name ("gpu-box") resolves on the local network
    return address.is_private or address.is_link_local or address.is_loopback


_LOCAL_SUFFIXES = (".local", ".lan", ".home.arpa", ".internal")


def _key(url: str) -> tuple[str, str, int | None, str]:
    parts = urlsplit(url.strip())
    try:
        port = parts.port
    except ValueError:
        port = None
    scheme = parts.scheme.lower()
    return scheme, (parts.hostname or "").lower(), port or _DEFAULT_PORTS.get(scheme), parts.path.rstrip("/")


def same_server(a: str, b: str) -> bool:
    """Whether two URLs name the same server and path (scheme, host, port, path)."""
    return _key(a) == _key(b)


def plain_http_warning(url: str, what: str) -> str:
    """A warning for ``what`` (a profile) talking plain http to another machine, or ''."""
    parts = urlsplit(url.strip())
    if parts.scheme != "http" or not parts.hostname or is_loopback(parts.hostname):
        return ""
    return (
        f"{what} talks plain http to {parts.hostname}: prompts, replies and any key cross the network "
        "unencrypted (use https:// for a server on another machine)"
    )


def withheld_warning(profile: str, url: str, home: str) -> str:
    where = f" ({home})" if home else ""
    return (
        f"--base-url {url} is not the server of profile '{profile}'{where}: the key stored for "
        f"'{profile}' is not sent there (add --send-key to send it)"
    )
