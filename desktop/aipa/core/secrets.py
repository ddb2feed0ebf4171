"""API keys: the OS keyring only, with environment variables as read-only fallback.

Keys are never written to files, settings, logs or the database. If no keyring
backend works, we say so and use the environment for that session.
"""

from __future__ import annotations

import logging
import os

log = logging.getLogger("aipa.secrets")

SERVICE = "aipa-desktop"
# Read-only fallbacks. OpenAI-compatible servers commonly accept OPENAI_API_KEY too.
ENV_KEYS = {"openai": "OPENAI_API_KEY", "openai-compatible": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}


def keyring_backend() -> tuple[str, bool]:
    """(backend name, usable?). A fail/null backend or an import error is unusable."""
    try:
        import keyring
        from keyring.backends import fail

        backend = keyring.get_keyring()
    except Exception as exc:  # noqa: BLE001 - any failure means no keyring
        return f"unavailable ({exc})", False
    name = f"{type(backend).__module__}.{type(backend).__name__}"
    usable = not isinstance(backend, fail.Keyring) and "null" not in name.lower()
    return name, usable


def get_key(provider: str) -> str | None:
    """Stored key for ``provider``, else its environment variable, else None."""
    try:
        import keyring

        stored = keyring.get_password(SERVICE, provider)
    except Exception as exc:  # noqa: BLE001
        log.warning("keyring unavailable (%s); using environment variables", type(exc).__name__)
        stored = None
    if stored:
        return stored
    env = ENV_KEYS.get(provider)
    return os.environ.get(env) if env else None


def stored(provider: str) -> bool:
    """Whether the keyring holds a key for ``provider`` (never returns the key)."""
    try:
        import keyring

        return bool(keyring.get_password(SERVICE, provider))
    except Exception:  # noqa: BLE001
        return False


def set_key(provider: str, key: str) -> None:
    import keyring

    keyring.set_password(SERVICE, provider, key)


def delete_key(provider: str) -> None:
    import keyring
    from keyring.errors import PasswordDeleteError

    try:
        keyring.delete_password(SERVICE, provider)
    except PasswordDeleteError:
        pass
