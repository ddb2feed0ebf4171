"""An in-memory keyring backend for tests (``keyring.set_keyring(MemoryKeyring())``).
Never chosen by keyring on its own: its priority refuses."""

from __future__ import annotations

import threading

from keyring.backend import KeyringBackend
from keyring.compat import properties
from keyring.errors import PasswordDeleteError


class MemoryKeyring(KeyringBackend):
    @properties.classproperty
    def priority(cls) -> float:  # noqa: N805
        raise RuntimeError("tests only: set it with keyring.set_keyring()")

    def __init__(self, *, delay: float = 0.0) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}
        self.delay = delay  # > 0: every call blocks this long (a locked keyring's prompt) ...
        self.unblock = threading.Event()  # ... or until this is set
        self.calls = 0
        self.in_flight = 0  # calls blocked right now

    def _wait(self) -> None:
        self.calls += 1
        if self.delay:
            self.in_flight += 1
            try:
                self.unblock.wait(self.delay)
            finally:
                self.in_flight -= 1

    def get_password(self, service: str, username: str) -> str | None:
        self._wait()
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self._wait()
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self._wait()
        if (service, username) not in self.passwords:
            raise PasswordDeleteError("no such password")
        del self.passwords[(service, username)]
