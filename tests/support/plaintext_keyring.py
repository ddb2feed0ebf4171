"""A keyring backend that keeps keys in a plain JSON file, like keyrings.alt's
PlaintextKeyring (``file_path`` names the file). AIPA must refuse it."""

from __future__ import annotations

import json
from pathlib import Path

from keyring.backend import KeyringBackend


class PlainFileKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.file_path = str(path)

    def _all(self) -> dict:
        path = Path(self.file_path)
        return json.loads(path.read_text()) if path.exists() else {}

    def get_password(self, service: str, username: str) -> str | None:
        return self._all().get(f"{service}/{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        data = self._all()
        data[f"{service}/{username}"] = password
        Path(self.file_path).write_text(json.dumps(data))

    def delete_password(self, service: str, username: str) -> None:
        data = self._all()
        data.pop(f"{service}/{username}", None)
        Path(self.file_path).write_text(json.dumps(data))
