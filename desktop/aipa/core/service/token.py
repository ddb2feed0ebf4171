"""The endpoint's bearer token: made at first use and kept in the OS keyring (service
``aipa-desktop``, user ``aipa-serve-token``), never in the settings or the database.
Without a usable keyring, ``AIPA_SERVE_TOKEN`` gives one; with neither, ``aipa serve``
makes one for this start only and says so."""

from __future__ import annotations

import hmac
import logging
import os
import secrets as random

from aipa import errors
from aipa.core.config import secrets

log = logging.getLogger("aipa.serve")

USER = "aipa-serve-token"
ENV = "AIPA_SERVE_TOKEN"
NO_KEYRING_HINT = (
    f"no usable keyring: set {ENV} to a token of your choosing (at least 24 characters), "
    "or install a keyring (Secret Service, macOS Keychain, Windows Credential Locker)"
)


def new_token() -> str:
    return "aipa-" + random.token_urlsafe(32)


def _keyring():
    """The keyring module when it can keep a secret here (None: refused or broken)."""
    if secrets.keyring_disabled() or not secrets.keyring_backend()[1]:  # off, fail/null, plaintext
        return None
    import keyring

    return keyring


def stored() -> str | None:
    """The token from the environment or the keyring, None when there is none yet."""
    if os.environ.get(ENV):
        return os.environ[ENV]
    keyring = _keyring()
    if keyring is None:
        return None
    try:
        return keyring.get_password(secrets.SERVICE, USER) or None
    except Exception as exc:  # noqa: BLE001
        log.warning("keyring unavailable: %r", exc)
        return None


def ensure() -> tuple[str, str]:
    """(token, where it is kept): the stored one, or a new one put in the keyring; with
    no keyring and no ``AIPA_SERVE_TOKEN``, a new one for this start only
    (where = "this start only")."""
    token = stored()
    if token:
        if len(token) < 24:
            raise errors.UsageError(f"{ENV} is too short to guard the endpoint", NO_KEYRING_HINT)
        return token, "environment" if os.environ.get(ENV) else "keyring"
    token = new_token()
    keyring = _keyring()
    if keyring is not None:
        try:
            keyring.set_password(secrets.SERVICE, USER, token)
            return token, "keyring"
        except Exception as exc:  # noqa: BLE001 - a locked or read-only keyring
            log.warning("could not keep the token in the keyring: %r", exc)
    return token, "this start only"


def regenerate() -> str:
    """A new token in the keyring in place of the old one (which stops working). Refused
    when ``AIPA_SERVE_TOKEN`` gives the token or no keyring can keep one."""
    if os.environ.get(ENV):
        raise errors.UsageError(f"the token comes from {ENV}", f"change {ENV} to change the token")
    keyring = _keyring()
    if keyring is None:
        raise errors.UsageError("no token can be kept without a keyring", NO_KEYRING_HINT)
    token = new_token()
    try:
        keyring.set_password(secrets.SERVICE, USER, token)
    except Exception as exc:  # noqa: BLE001 - a locked or read-only keyring
        raise errors.UsageError(f"the keyring refused the new token: {exc!r}", NO_KEYRING_HINT) from None
    return token


def matches(given: str, token: str) -> bool:
    """Constant-time comparison: the time a refusal takes tells nothing about the token."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))
