"""Keys only where a key is needed (issue 30). Without a keyring (no backend at all, or one
AIPA refuses: a plain file) there are no stored keys, and that is no reason to stop: a
server that needs no key (on this computer, or a profile marked ``"keyless": true``) runs
with none. A server that does need one is told, once and before anything is sent, how to
give it: its environment variable, or a keyring to install. A locked keyring is another
matter (``secrets.key_for`` asks or refuses, as before).
"""

from __future__ import annotations

import sys
from urllib.parse import urlsplit

from aipa.core.config.endpoints import is_loopback
from aipa.errors import AuthError

# The OS keyrings people can install, by platform (keyring's backends for them).
INSTALL_KEYRING = {
    "linux": "a Secret Service (GNOME Keyring, KeePassXC) or KWallet, running in your desktop session",
    "darwin": "the macOS Keychain (it is there unless keyring was told not to use it)",
    "win32": "the Windows Credential Manager (it is there unless keyring was told not to use it)",
}


def install_words(platform: str = "") -> str:
    """Which keyring to install on ``platform`` (default this one), in words."""
    platform = platform or sys.platform
    return INSTALL_KEYRING.get("linux" if platform.startswith("linux") else platform, INSTALL_KEYRING["linux"])


def keyless(options: dict) -> bool:
    """Whether a profile's options say its server needs no key."""
    return options.get("keyless") is True


def local(url: str) -> bool:
    """Whether ``url`` is a server on this computer (loopback): no key is needed there."""
    host = urlsplit(url).hostname or ""
    return bool(host) and is_loopback(host)


def key_env_of(name: str, kind: str, options: dict) -> str:
    """The environment variable a key for profile ``name`` can come from."""
    named = options.get("key_env")
    if isinstance(named, str) and named:
        return named
    from aipa.core.config import secrets

    env = secrets.ENV_KEYS.get(kind, "")
    if env == "OPENAI_API_KEY" and kind == "openai-compatible":
        return ""  # OPENAI_API_KEY goes only to OpenAI: a variable of this profile's own is the way
    return env


def how_to_give(name: str, kind: str, options: dict) -> str:
    """The hint: how to give profile ``name`` its key without a keyring (or with one)."""
    env = key_env_of(name, kind, options)
    if env:
        first = f"set {env} to the key"
    else:
        first = (
            f'name a variable of your own in its profile ("key_env": "MY_KEY" under "providers" → "{name}" '
            "in settings.json) and set it to the key"
        )
    return (
        f"{first}; or install {install_words()} and store it with `aipa keys set {name}`"
        f' (a server that needs no key: "keyless": true in its profile)'
    )


def missing(name: str, kind: str, url: str, options: dict, why_none: str) -> AuthError:
    """The one error for a profile that needs a key while no keyring keeps any."""
    return AuthError(
        f"no API key for '{name}' ({url}): {why_none}, so no key is stored here", how_to_give(name, kind, options)
    )


def refused_hint(hint: str) -> str:
    """A server's "refused the API key" hint, with how to give one when no keyring keeps any
    (the server asked for a key that cannot have been stored here)."""
    from aipa.core.config import secrets

    why = secrets.no_keyring()
    if not why:
        return hint
    return (
        f"{why}, so no key was sent: set the variable named in the profile's key_env (or OPENAI_API_KEY / "
        f"ANTHROPIC_API_KEY for their own servers), or install {install_words()} and store it with `aipa keys set NAME`"
    )
