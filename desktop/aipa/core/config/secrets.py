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
import re
from urllib.parse import urlsplit

from aipa.providers.kinds import KINDS

log = logging.getLogger("aipa.secrets")

SERVICE = "aipa-desktop"
# Read-only fallbacks, from the kinds' records (``providers/kinds.py``). A variable's key
# goes to its home host only (OPENAI_API_KEY to https://api.openai.com); a kind whose
# server is of your choosing (openai-compatible) gets it only when its profile says
# "use_openai_key": true. See ``key_for``.
ENV_KEYS = {k.name: k.key_env for k in KINDS.values() if k.key_env}
HOME_HOSTS = {k.key_env: k.home_host for k in KINDS.values() if k.key_env and k.home_host}
# The variables a kind without a home host shares: their key is checked against the URL.
SHARED_KEYS = frozenset(k.key_env for k in KINDS.values() if k.key_env and not k.home_host) & set(HOME_HOSTS)

# Backends that keep keys in a plain (or trivially decodable) file: said so by name
# (ARCHITECTURE §7); refused like every backend that is not a known OS keyring.
PLAINTEXT_BACKENDS = ("keyrings.alt.", "keyring.backends.null.")
# The OS keyrings, allowed by name (module.Class): any other backend (a plain file, the
# null or fail backend, an unknown package's) is refused, unless named in the
# environment variable AIPA_KEYRING_BACKENDS (comma-separated, the user's own choice). A
# chain of backends is allowed when every backend in it is.
KNOWN_BACKENDS = frozenset(
    {
        "keyring.backends.SecretService.Keyring",
        "keyring.backends.libsecret.Keyring",
        "keyring.backends.kwallet.DBusKeyring",
        "keyring.backends.kwallet.DBusKeyringKWallet4",
        "keyring.backends.macOS.Keyring",
        "keyring.backends.Windows.WinVaultKeyring",
    }
)
CHAINER = "keyring.backends.chainer.ChainerBackend"
ALLOW_ENV = "AIPA_KEYRING_BACKENDS"

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
    _known.add(key)


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
    _stored_by.clear()
    _faults.clear()


def keyring_backend() -> tuple[str, bool]:
    """(backend name, usable?). A fail/null backend or an import error is unusable."""
    try:
        import keyring
        from keyring.backends import fail

        backend = keyring.get_keyring()
    except Exception as exc:  # noqa: BLE001 - any failure means no keyring
        return f"unavailable ({exc})", False
    name = backend_name(backend)
    usable = not isinstance(backend, fail.Keyring) and allowed(backend)
    return name, usable


def backend_name(backend) -> str:
    return f"{type(backend).__module__}.{type(backend).__name__}"


def allowed(backend) -> bool:
    """Whether ``backend`` is a known OS keyring (or one the user named in AIPA_KEYRING_BACKENDS)."""
    name = backend_name(backend)
    if name == CHAINER:
        chain = list(getattr(backend, "backends", None) or [])
        return bool(chain) and all(allowed(b) for b in chain)
    extra = {n.strip() for n in os.environ.get(ALLOW_ENV, "").split(",") if n.strip()}
    return name in KNOWN_BACKENDS or name in extra


def plaintext(backend) -> bool:
    """Whether ``backend`` (or the first backend of a chain) writes keys to a plain file
    (keyrings.alt: PlaintextKeyring, EncryptedKeyring with its default password, …)."""
    chain = getattr(backend, "backends", None)
    if chain:
        backend = chain[0]
    module = f"{type(backend).__module__}."
    # keyrings.alt by name; any other backend that keeps its keys in a file it names
    # (keyrings.alt's file backends and look-alikes have ``file_path``) by behaviour
    return module.startswith(PLAINTEXT_BACKENDS[0]) or isinstance(getattr(backend, "file_path", None), str)


def plaintext_in_use() -> bool:
    """Whether the keyring package would use a plaintext backend (refused)."""
    try:
        import keyring

        return plaintext(keyring.get_keyring())
    except Exception:  # noqa: BLE001
        return False


def no_keyring() -> str:
    """Why no keyring keeps keys here ("" when one may): keyring found no backend at all
    (its fail backend: no Secret Service, KWallet, …), or one AIPA refuses (a plain file,
    an unknown backend). Then there are no stored keys (core/config/key_need.py): nothing
    to ask, nothing failed. The null backend is a keyring chosen to keep nothing."""
    try:
        import keyring

        backend = keyring.get_keyring()
    except Exception as exc:  # noqa: BLE001 - the keyring package itself is broken
        return f"the keyring cannot be used ({' '.join(str(exc).split())[:120]})"
    name = backend_name(backend)
    if name.startswith("keyring.backends.fail."):
        return "no keyring is in use (none was found on this computer)"
    if plaintext(backend):
        return "no keyring is in use (the one found keeps keys in a plain file, which AIPA does not use)"
    if not allowed(backend) and not name.startswith("keyring.backends.null."):
        return f"no keyring is in use ({name} is not a known OS keyring; name it in {ALLOW_ENV} to use it)"
    return ""


def _refused() -> bool:
    """The keyring is off this session, or its backend is not a known OS keyring."""
    if _keyring_off:
        return True
    try:
        import keyring

        backend = keyring.get_keyring()
        if plaintext(backend):
            disable_keyring("the keyring found keeps keys in a plain file, which AIPA does not use")
            return True
        name = backend_name(backend)
        if name.startswith("keyring.backends.fail."):
            return True  # no keyring at all: no stored keys (no_keyring), not a fault
        if not allowed(backend) and not name.startswith("keyring.backends.null."):
            disable_keyring(
                f"the keyring backend {backend_name(backend)} is not a known OS keyring "
                f"(name it in {ALLOW_ENV} to use it)"
            )
            return True
    except Exception:  # noqa: BLE001 - get_password below says what is wrong
        return False
    return False


def get_key(provider: str, kind: str = "") -> str | None:
    """Stored key for profile ``provider`` (the keyring entry named after the profile),
    else a session-only key, else its kind's environment variable (``kind`` defaults to
    the name: a profile named after its kind), else None."""
    stored = None
    if not _refused():
        try:
            import keyring

            stored = keyring.get_password(SERVICE, provider)
            _faults.pop(provider, None)
        except Exception as exc:  # noqa: BLE001 - said by key_for when nothing else can be sent
            from aipa.core.config.keyring_faults import fault_of

            _faults[provider] = fault_of(exc)
            log.warning("keyring: %s; using environment variables", _faults[provider].message)
    if stored:
        _known.add(stored)
        _stored_by[provider] = stored
        return stored
    if provider in _session_keys:
        return _session_keys[provider]
    env = ENV_KEYS.get(kind or provider)
    return os.environ.get(env) if env else None


def key_for(provider: str, base_url: str = "", *, kind: str = "", use_openai_key: bool = False) -> str | None:
    """The key to send to profile ``provider`` (of ``kind``, default its name) at
    ``base_url``. A key stored (or typed) for this profile goes to its server only;
    OPENAI_API_KEY only to https://api.openai.com, or to an OpenAI-compatible server
    whose profile says ``use_openai_key``."""
    kind = kind or provider
    key = _key_for(provider, base_url, kind, use_openai_key)
    fault = _faults.get(provider)
    if key is None and fault is not None:  # a locked keyring: stop before anything is sent
        from aipa.core.config.keyring_faults import KeyringError

        raise KeyringError(f"{fault.message}: the key of {provider} cannot be read, so nothing was sent",
                           fault.hint, fault.kind)  # fmt: skip
    return key


def _key_for(provider: str, base_url: str, kind: str, use_openai_key: bool) -> str | None:
    env = ENV_KEYS.get(kind)
    key = get_key(provider, kind)
    if not key or env not in SHARED_KEYS or key != os.environ.get(env) or stored_or_session(provider, key):
        return key  # (ANTHROPIC_API_KEY has one kind of server only: the anthropic provider's)
    record = KINDS[kind]
    url = urlsplit(record.url(base_url))
    if url.scheme == "https" and url.hostname == HOME_HOSTS[env]:
        return key
    if use_openai_key and not record.home_host:  # a server of your choosing, allowed by its profile
        return key
    log.info("%s is not sent to %s (it belongs to %s)", env, url.hostname or base_url, HOME_HOSTS[env])
    return None


def withheld(provider: str, base_url: str = "", *, kind: str = "", use_openai_key: bool = False) -> str:
    """Why the environment's key is not sent to profile ``provider`` at ``base_url`` ('' when
    it is, or when there is none to withhold): for the message that says why a run has no key."""
    kind = kind or provider
    env = ENV_KEYS.get(kind)
    if env != "OPENAI_API_KEY" or not os.environ.get(env):
        return ""
    if key_for(provider, base_url, kind=kind, use_openai_key=use_openai_key):
        return ""
    host = urlsplit(base_url or (KINDS[kind].default_url if kind in KINDS else "")).hostname or base_url
    return f"{env} is set, but it is not sent to {host}: it goes to {HOME_HOSTS[env]} only"


def stored_or_session(provider: str, key: str) -> bool:
    """Whether ``key`` is profile ``provider``'s own (stored or typed for it), not an environment fallback."""
    return _session_keys.get(provider) == key or _stored_by.get(provider) == key


# --- redaction ---------------------------------------------------------------------

_known: set[str] = set()  # keys read from the keyring or typed this session (by value)
_faults: dict = {}  # profile -> the keyring_faults.Fault of its last failed look-up
_stored_by: dict[str, str] = {}  # profile -> its key read from the keyring
_SHAPES = re.compile(
    r"(?:sk-(?:ant-|proj-)?[A-Za-z0-9_\-]{16,}"  # OpenAI, Anthropic
    r"|gsk_[A-Za-z0-9]{20,}|xai-[A-Za-z0-9]{20,}|AIza[0-9A-Za-z_\-]{30,}|hf_[A-Za-z0-9]{20,}"
    r"|(?<=Bearer )[A-Za-z0-9._\-]{8,})"
)
_LABELLED = re.compile(r"((?:api[_-]?key|x-api-key|token|secret)[\"']?\s*[:=]\s*[\"']?)([^\s\"',}]{8,})", re.I)


def redact(text: str) -> str:
    """``text`` with API keys replaced by ``[redacted]``: every key this process knows
    (environment, keyring, session) by value, and anything shaped like a key."""
    if not text:
        return text
    values = {v for v in (os.environ.get(e) for e in set(ENV_KEYS.values())) if v}
    values |= set(_session_keys.values()) | _known
    for value in sorted((v for v in values if len(v) >= 8), key=len, reverse=True):
        text = text.replace(value, "[redacted]")
    text = _SHAPES.sub("[redacted]", text)
    return _LABELLED.sub(lambda m: m.group(1) + "[redacted]", text)


def stored(provider: str) -> bool:
    """Whether the keyring holds a key for ``provider`` (never returns the key)."""
    if _refused():
        return False
    try:
        import keyring

        value = keyring.get_password(SERVICE, provider)
    except Exception as exc:  # noqa: BLE001 - "not stored" as far as we can tell; the fault is kept
        from aipa.core.config.keyring_faults import fault_of

        _faults[provider] = fault_of(exc)
        return False
    if value:
        _known.add(value)  # redacted by value from now on
    return bool(value)


def keyring_fault(provider: str):
    """The keyring_faults.Fault of ``provider``'s last failed look-up (None: it worked)."""
    return _faults.get(provider)


def set_key(provider: str, key: str) -> None:
    """Store ``key`` as profile ``provider``'s (known from now on, so redacted by value).
    Raises ``KeyringError`` (one line and a hint) when the keyring cannot take it."""
    import keyring

    from aipa.core.config.keyring_faults import error_for

    _known.add(key)
    try:
        keyring.set_password(SERVICE, provider, key)
    except Exception as exc:  # noqa: BLE001 - locked, cancelled, no collection, no D-Bus
        raise error_for(exc, f"store the key of {provider}") from None
    _stored_by[provider] = key
    _faults.pop(provider, None)


def delete_key(provider: str) -> None:
    import keyring
    from keyring.errors import PasswordDeleteError

    from aipa.core.config.keyring_faults import error_for

    _stored_by.pop(provider, None)
    try:
        keyring.delete_password(SERVICE, provider)
    except PasswordDeleteError:
        pass
    except Exception as exc:  # noqa: BLE001
        raise error_for(exc, f"delete the key of {provider}") from None
