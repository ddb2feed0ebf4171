"""A keyring backend for ``aipa`` subprocesses in tests: its entries come from the JSON
object in ``TEST_KEYRING_KEYS`` (``{"username": "key"}``, service ``aipa-desktop``);
what the process stores lives in its memory only. Chosen with
``PYTHON_KEYRING_BACKEND=tests.support.env_keyring.EnvKeyring`` (see ``keyring_env``),
never on its own (it is no installed backend, and without TEST_KEYRING_KEYS its
priority refuses)."""

from __future__ import annotations

import json
import os

from keyring.backend import KeyringBackend
from keyring.compat import properties
from keyring.errors import PasswordDeleteError

SERVICE = "aipa-desktop"


def keyring_env(**keys: str) -> dict[str, str]:
    """The environment that gives an ``aipa`` subprocess these keys (username -> key)."""
    return {
        "PYTHON_KEYRING_BACKEND": f"{__name__}.EnvKeyring",
        "TEST_KEYRING_KEYS": json.dumps(keys),
        "AIPA_KEYRING_BACKENDS": f"{__name__}.EnvKeyring",  # not an OS keyring: allowed by name
    }


class EnvKeyring(KeyringBackend):
    @properties.classproperty
    def priority(cls) -> float:  # noqa: N805
        if "TEST_KEYRING_KEYS" not in os.environ:
            raise RuntimeError("tests only: chosen with PYTHON_KEYRING_BACKEND and TEST_KEYRING_KEYS")
        return 1.0

    def __init__(self) -> None:
        super().__init__()
        self.passwords = {(SERVICE, k): v for k, v in json.loads(os.environ.get("TEST_KEYRING_KEYS", "{}")).items()}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.passwords.pop((service, username), None) is None:
            raise PasswordDeleteError("no such password")
