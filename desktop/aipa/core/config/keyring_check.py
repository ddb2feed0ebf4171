"""Is there a keyring that really works? Found off the UI thread, with a timeout.

``keyring.get_keyring()`` only names a backend; a Secret Service can still be locked
and block on an unlock prompt forever. ``probe()`` stores, reads back and deletes a
throw-away entry in a daemon thread and gives up after ``timeout`` seconds (a hung
call is left behind in its daemon thread, which cannot keep the app from exiting,
unlike ``asyncio.to_thread``'s executor, which is joined at exit). When the probe
fails, the keyring is switched off for the session (``secrets.disable_keyring``) so
later key look-ups cannot hang; keys then come from the environment or live in memory
for the session. Never a plaintext file.
"""

from __future__ import annotations

import asyncio
import os
import secrets as _random
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from aipa.core.config import secrets

PROBE_TIMEOUT = 3.0
PROBE_USER = "aipa-probe"
NO_KEYRING_HINT = (
    "install and unlock a Secret Service (e.g. GNOME Keyring) or KWallet, then restart AIPA; "
    "until then API keys come from OPENAI_API_KEY / ANTHROPIC_API_KEY, or a key you type "
    "is kept in memory for this session only"
)

T = TypeVar("T")

_FRIENDLY = {
    "SecretService": "Secret Service (GNOME Keyring, KeePassXC…)",
    "kwallet": "KWallet",
    "macOS": "macOS Keychain",
    "Windows": "Windows Credential Manager",
    "libsecret": "Secret Service (libsecret)",
    "chainer": "keyring chain",
}


def friendly(backend: str) -> str:
    """A keyring backend (``module.Class``) by a name people know ("Secret Service (…)")."""
    module = backend.rsplit(".", 1)[0].rsplit(".", 1)[-1] if "." in backend else backend
    return _FRIENDLY.get(module, "the system keyring" if "." in backend else backend)


@dataclass(frozen=True)
class KeyringStatus:
    backend: str  # module.Class of the backend
    usable: bool
    detail: str = ""  # why it is not usable

    @property
    def label(self) -> str:
        """A human name for the backend."""
        return friendly(self.backend)

    def describe(self) -> str:
        if self.usable:  # by its name for people, never its class (that one is in the log)
            return f"Keys are stored in {self.label}."
        return f"No usable keyring: {self.detail}"


def probe_sync() -> KeyringStatus:
    """Store, read back and delete a throw-away entry. Blocking; may hang."""
    name, usable = secrets.keyring_backend()
    if not usable:
        return KeyringStatus(name, False, f"no keyring backend is available ({name})")
    try:
        import keyring

        token = _random.token_hex(8)
        keyring.set_password(secrets.SERVICE, PROBE_USER, token)
        try:
            back = keyring.get_password(secrets.SERVICE, PROBE_USER)
        finally:
            keyring.delete_password(secrets.SERVICE, PROBE_USER)
    except Exception as exc:  # noqa: BLE001 - any failure means this keyring cannot be used
        detail = " ".join(str(exc).split())[:160]
        return KeyringStatus(name, False, f"{friendly(name)} failed: {detail}".rstrip(": "))
    if back != token:
        return KeyringStatus(name, False, f"{friendly(name)} did not give back what was stored")
    return KeyringStatus(name, True)


def _known_backend() -> str:
    """The keyring backend's name if keyring already chose one, without choosing it here
    (choosing may talk to D-Bus, which is what hangs)."""
    try:
        from keyring import core

        ring = getattr(core, "_keyring_backend", None)
    except Exception:  # noqa: BLE001
        ring = None
    return f"{type(ring).__module__}.{type(ring).__name__}" if ring is not None else "keyring"


async def in_thread(fn: Callable[..., T], *args: Any, timeout: float) -> T:
    """Run blocking ``fn(*args)`` in a daemon thread; TimeoutError after ``timeout``.

    The thread holds the loop only weakly: a call that outlives its caller (a hung
    keyring) must not be the last owner of the loop, or the loop would be destroyed in
    that thread."""
    loop_ref = weakref.ref(asyncio.get_running_loop())
    future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
    future_ref = weakref.ref(future)

    def settle(ok: bool, value: Any) -> None:
        waiting = future_ref()
        if waiting is None or waiting.done():
            return
        if ok:
            waiting.set_result(value)
        else:
            waiting.set_exception(value)

    def work() -> None:
        try:
            result: tuple[bool, Any] = (True, fn(*args))
        except BaseException as exc:  # noqa: BLE001 - handed to the awaiting task
            result = (False, exc)
        loop = loop_ref()
        if loop is None or loop.is_closed():  # nobody waits any more
            return
        try:
            loop.call_soon_threadsafe(settle, *result)
        except RuntimeError:  # the loop closed meanwhile
            pass

    threading.Thread(target=work, name=f"aipa-{getattr(fn, '__name__', 'call')}", daemon=True).start()
    return await asyncio.wait_for(future, timeout)


async def probe(timeout: float | None = None, *, check: Callable[[], KeyringStatus] = probe_sync) -> KeyringStatus:
    """The keyring's status, within ``timeout`` seconds (default PROBE_TIMEOUT). An
    unusable keyring is switched off for the session."""
    timeout = timeout or PROBE_TIMEOUT
    if secrets.keyring_disabled():
        return KeyringStatus(_known_backend(), False, secrets.keyring_disabled())
    try:
        status = await in_thread(check, timeout=timeout)
    except TimeoutError:
        name = _known_backend()
        status = KeyringStatus(
            name,
            False,
            f"{friendly(name)} did not answer within {timeout:g} s (is it locked, waiting for an unlock prompt?)",
        )
    if not status.usable:
        secrets.disable_keyring(status.detail)
    return status


async def store_key(provider: str, key: str, status: KeyringStatus, timeout: float | None = None) -> str:
    """Store ``key`` in the keyring when ``status`` says it works, else keep it for the
    session. Returns where it went, in words."""
    if status.usable and not secrets.keyring_disabled():
        try:
            await in_thread(secrets.set_key, provider, key, timeout=timeout or PROBE_TIMEOUT)
            secrets.forget_for_session(provider)
            return f"stored in {status.label}"
        except Exception:  # noqa: BLE001 - fall back to the session, say so
            secrets.disable_keyring(f"storing a key in {status.label} failed")
    secrets.remember_for_session(provider, key)
    return "kept in memory for this session only (no usable keyring; it is not saved anywhere)"


async def delete_key(provider: str, timeout: float | None = None) -> None:
    secrets.forget_for_session(provider)
    if not secrets.keyring_disabled():
        await in_thread(secrets.delete_key, provider, timeout=timeout or PROBE_TIMEOUT)


async def has_key(provider: str, timeout: float | None = None, *, kind: str = "") -> str:
    """Where a key for profile ``provider`` (of ``kind``, default its name) comes from:
    "keyring", "session", "environment" or "" (the environment variable of its kind is
    there; whether it is sent is ``secrets.key_for``'s decision)."""
    if secrets.session_key(provider):
        return "session"
    if not secrets.keyring_disabled():
        try:
            if await in_thread(secrets.stored, provider, timeout=timeout or PROBE_TIMEOUT):
                return "keyring"
        except TimeoutError:
            secrets.disable_keyring("the keyring did not answer")
    env = secrets.ENV_KEYS.get(kind or provider)
    return "environment" if env and os.environ.get(env) else ""
