"""What went wrong with the OS keyring, in words: a locked keyring (its unlock prompt
cancelled or impossible to show), no collection to keep keys in, no D-Bus session, or
another failure. One line and a hint each (``Fault``), never the library's traceback;
``KeyringError`` carries them to the command line (exit 4) and the window.

On Linux the Secret Service can also be asked without prompting (``secret_service_state``):
``aipa doctor`` says "locked" instead of ✓, and never pops an unlock prompt.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from aipa.errors import AuthError

LOCKED, NO_COLLECTION, NO_DBUS, NO_SERVICE, FAILED = (
    "locked",
    "no collection",
    "no D-Bus",
    "no Secret Service",
    "failed",
)
ENV_FALLBACK = "or give the key in OPENAI_API_KEY / ANTHROPIC_API_KEY"

_HINTS = {
    LOCKED: "unlock it (log in to your desktop session, or unlock the login keyring in Passwords and Keys), "
    "then run the command again",
    NO_COLLECTION: "create a default keyring once (Passwords and Keys: + → Password keyring; or start "
    "gnome-keyring-daemon with --unlock), then run the command again",
    NO_DBUS: f"run AIPA inside your desktop session (or under dbus-run-session), {ENV_FALLBACK}",
    NO_SERVICE: f"install and start a Secret Service (GNOME Keyring, KeePassXC) or KWallet, {ENV_FALLBACK}",
    FAILED: f"check the keyring (Passwords and Keys, KWallet), {ENV_FALLBACK}",
}


@dataclass(frozen=True)
class Fault:
    kind: str  # LOCKED, NO_COLLECTION, NO_DBUS, NO_SERVICE, FAILED
    message: str
    hint: str


class KeyringError(AuthError):
    """The keyring could not be used for a key (exit 4): stopped before anything was sent."""

    kind = "keyring"

    def __init__(self, message: str, hint: str = "", fault: str = FAILED) -> None:
        super().__init__(message, hint)
        self.fault = fault


def _chain(exc: BaseException) -> Iterator[BaseException]:
    item: BaseException | None = exc
    while item is not None:
        yield item
        item = item.__cause__ or item.__context__


def fault_of(exc: BaseException) -> Fault:
    """The fault behind an exception from ``keyring`` (or secretstorage, jeepney)."""
    names = [type(e).__name__ for e in _chain(exc)]
    text = " ".join(str(e) for e in _chain(exc)).lower()
    if "KeyringLocked" in names or "LockedException" in names:
        kind, message = LOCKED, "the keyring is locked (its unlock prompt was cancelled or could not be shown)"
    elif "create the collection" in text or ("ItemNotFoundException" in names and "collection" in text):
        kind = NO_COLLECTION
        message = (
            "the keyring has no collection to keep keys in "
            "(creating one was cancelled or its prompt could not be shown)"
        )
    elif "PromptDismissedException" in names or "prompt dismissed" in text:
        kind, message = LOCKED, "the keyring's prompt was cancelled"
    elif "dbus_session_bus_address" in text or "failed to connect" in text or "connectionrefused" in text:
        kind, message = NO_DBUS, "the keyring cannot be reached: there is no D-Bus session"
    elif "SecretServiceNotAvailableException" in names or "org.freedesktop.secrets" in text:
        kind, message = NO_SERVICE, "no Secret Service answers on the D-Bus session"
    else:
        detail = " ".join(str(exc).split())[:160]
        kind, message = FAILED, "the keyring failed" + (f" ({detail})" if detail else "")
    return Fault(kind, message, _HINTS[kind])


def no_backend_fault(backend: str) -> Fault | None:
    """Why no keyring backend was chosen (keyring's fail backend), when that has a name:
    on Linux, most often no D-Bus session or no Secret Service on it."""
    if not sys.platform.startswith("linux") or "fail" not in backend.lower():
        return None
    if os.environ.get("PYTHON_KEYRING_BACKEND"):  # chosen on purpose: not a D-Bus matter
        return None
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        return Fault(NO_DBUS, "the keyring cannot be reached: there is no D-Bus session "
                     "(DBUS_SESSION_BUS_ADDRESS is not set)", _HINTS[NO_DBUS])  # fmt: skip
    state = secret_service_state()
    return state if isinstance(state, Fault) else None


def secret_service_state() -> Fault | str:
    """The Secret Service's default collection, asked without any prompt: "unlocked", or
    the fault (locked, no collection, no D-Bus, no Secret Service). Blocking (D-Bus)."""
    try:
        import secretstorage
        from secretstorage.exceptions import ItemNotFoundException
    except ImportError:
        return ""
    try:
        connection = secretstorage.dbus_init()
    except Exception as exc:  # noqa: BLE001 - no D-Bus, no Secret Service
        return fault_of(exc)
    try:
        try:
            collection = secretstorage.Collection(connection)  # the default alias; never created here
        except ItemNotFoundException:
            return Fault(NO_COLLECTION, "the keyring has no default collection to keep keys in", _HINTS[NO_COLLECTION])
        if collection.is_locked():
            return Fault(LOCKED, "the keyring is locked", _HINTS[LOCKED])
        return "unlocked"
    except Exception as exc:  # noqa: BLE001
        return fault_of(exc)
    finally:
        connection.close()


def error_for(exc: BaseException, doing: str) -> KeyringError:
    """A ``KeyringError`` for a failed keyring call: ``FAULT: cannot DOING``."""
    fault = fault_of(exc)
    return KeyringError(f"{fault.message}: cannot {doing}", fault.hint, fault.kind)
