"""API keys: the OS keyring only, with environment variables as read-only fallback.

Keys are never written to files, settings, logs or the database. If no keyring
backend works, we say so and use the environment for that session: a key typed into
the app then lives in this process's memory only (``remember_for_session``), never in
a file. A keyring that hangs (a locked Secret Service waiting for an unlock prompt) is
switched off for the session with ``disable_keyring`` so later look-ups cannot block.
"""

from __future__ import annotations

import logging
import os

log = logging.getLogger("aipa.secrets")

SERVICE = "aipa-desktop"
# Read-only fallbacks. OpenAI-compatible servers commonly accept OPENAI_API_KEY too.
ENV_KEYS = {"openai": "OPENAI_API_KEY", "openai-compatible": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}

# Session state (this process only, never persisted): why the keyring is off ("" = in
# use) and keys typed while it is off.
_keyring_off = ""
_session_keys: dict[str, str] = {}


def disable_keyring(reason: str) -> None:
    """Stop calling the keyring for the rest of the session (it failed or hangs)."""
    global _keyring_off
    _keyring_off = reason or "the keyring does not work"
    log.warning("keyring switched off for this session: %s", _keyring_off)


def keyring_disabled() -> str:
    """Why the keyring is off this session, or "" when it is in use."""
    return _keyring_off


def remember_for_session(provider: str, key: str) -> None:
    """Keep ``key`` in memory for this session only (no usable keyring)."""
    _session_keys[provider] = key


def forget_for_session(provider: str) -> None:
    _session_keys.pop(provider, None)


def session_key(provider: str) -> bool:
    """Whether a session-only key is held for ``provider``."""
    return provider in _session_keys


def reset_session() -> None:
    """Forget session keys and use the keyring again (tests, a fresh start)."""
    global _keyring_off
    _keyring_off = ""
    _session_keys.clear()


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
    """Stored key for ``provider``, else a session-only key, else its environment
    variable, else None."""
    stored = None
    if not _keyring_off:
        try:
            import keyring

            stored = keyring.get_password(SERVICE, provider)
        except Exception as exc:  # noqa: BLE001
            log.warning("keyring unavailable (%s); using environment variables", type(exc).__name__)
    if stored:
        return stored
    if provider in _session_keys:
        return _session_keys[provider]
    env = ENV_KEYS.get(provider)
    return os.environ.get(env) if env else None


def stored(provider: str) -> bool:
    """Whether the keyring holds a key for ``provider`` (never returns the key)."""
    if _keyring_off:
        return False
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
