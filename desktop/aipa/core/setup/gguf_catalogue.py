"""The built-in engine's catalogue of recommended GGUF models: data in
``resources/gguf_models.json`` (``AIPA_GGUF_CATALOGUE`` names another file of the
same shape, e.g. a mirror inside a company network), validated on load. Each entry
pins the file's address, size and SHA-256; ``fit`` says whether it suits this
machine's memory, ``state`` whether it is downloaded, partly downloaded or not yet.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from aipa.core.config.paths import shipped_dir
from aipa.core.setup.recommend import Fit, memory_fit
from aipa.errors import ConfigError

CATALOGUE_FILE = "gguf_models.json"
ENV_VAR = "AIPA_GGUF_CATALOGUE"


class GgufModel(BaseModel):
    """One recommended model file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")  # what `aipa models pull` takes
    title: str = Field(min_length=1)
    description: str = Field(min_length=1)
    file: str = Field(pattern=r"^[^/\\]+\.gguf$")  # its name in the models folder
    url: str
    size: int = Field(gt=0)  # bytes on disk
    memory_gb: float = Field(gt=0)  # machine memory it runs well in
    licence: str = Field(min_length=1)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")

    @field_validator("url")
    @classmethod
    def _http(cls, url: str) -> str:
        if urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).netloc:
            raise ValueError("must be an http(s) address")
        return url

    @model_validator(mode="after")
    def _file_is_the_addressed_one(self) -> GgufModel:
        if unquote(Path(urlsplit(self.url).path).name) != self.file:
            raise ValueError(f"the address does not end in {self.file}")
        return self

    @property
    def size_label(self) -> str:
        gb = self.size / 1e9
        return f"{gb:.1f} GB" if gb >= 1 else f"{self.size / 1e6:.0f} MB"

    @property
    def memory_label(self) -> str:
        return f"{self.memory_gb:g} GB"


class GgufCatalogue(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str = ""
    models: tuple[GgufModel, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> GgufCatalogue:
        for key in ("name", "file"):
            values = [getattr(m, key) for m in self.models]
            doubles = sorted({v for v in values if values.count(v) > 1})
            if doubles:
                raise ValueError(f"{key} used twice: {', '.join(doubles)}")
        return self


def catalogue_path() -> Path:
    override = os.environ.get(ENV_VAR, "").strip()
    return Path(override).expanduser() if override else shipped_dir("resources") / CATALOGUE_FILE


def load(path: Path | None = None) -> tuple[GgufModel, ...]:
    """The catalogue's models, smallest first. A missing or malformed file is a
    ConfigError naming the file and the first problem."""
    path = path or catalogue_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read the model catalogue {path}: {exc.strerror or exc}", _hint(path)) from None
    except ValueError as exc:
        raise ConfigError(f"the model catalogue {path} is not valid JSON: {exc}", _hint(path)) from None
    try:
        catalogue = GgufCatalogue.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the file"
        raise ConfigError(f"the model catalogue {path} is invalid at {where}: {first['msg']}", _hint(path)) from None
    return tuple(sorted(catalogue.models, key=lambda m: m.size))


def _hint(path: Path) -> str:
    if os.environ.get(ENV_VAR, "").strip():
        return f"fix the file or unset {ENV_VAR} to use the shipped catalogue"
    return "reinstall AIPA: the shipped catalogue is damaged"


def find(models: tuple[GgufModel, ...], name: str) -> GgufModel:
    """The entry called ``name`` (or whose file is ``name``); a UsageError-like
    ConfigError listing the names otherwise."""
    wanted = name.strip().lower()
    for model in models:
        if wanted in (model.name, model.file.lower()):
            return model
    names = ", ".join(m.name for m in models)
    raise ConfigError(f"no model called {name!r} in the catalogue", f"choose one of: {names}")


def fit(model: GgufModel, memory_bytes: int) -> Fit:
    """Whether ``model`` suits a machine with ``memory_bytes`` (0: unknown)."""
    return memory_fit(model.memory_gb, memory_bytes)


@dataclass(frozen=True)
class Row:
    """A catalogue entry as the window lists it."""

    model: GgufModel
    fit: Fit
    downloaded: bool
    partial: int  # bytes of an interrupted download, 0 when none
    file: str = ""  # its name in the models folder when there (another name when imported so)

    @property
    def state(self) -> str:
        if self.downloaded:
            return "downloaded"
        if self.partial:
            return f"paused at {self.partial * 100 // self.model.size}%"
        return "not downloaded"


UNKNOWN_MEMORY_GB = 4.0  # memory unknown: the best model that runs in this much (most computers)


def recommended(rows: list[Row]) -> str:
    """The model to offer first: the largest (the catalogue's best) not yet downloaded that
    fits this machine with room to spare, else the largest that fits tightly, else the
    smallest; with the memory unknown, the largest that runs in ``UNKNOWN_MEMORY_GB``.
    '' when every model is downloaded already."""
    left = [r for r in rows if not r.downloaded]
    for wanted in ("fits", "tight"):
        fitting = [r for r in left if r.fit.level == wanted]
        if fitting:
            return max(fitting, key=lambda r: r.model.size).model.name
    unknown = [r for r in left if r.fit.level == "unknown" and r.model.memory_gb <= UNKNOWN_MEMORY_GB]
    if unknown:
        return max(unknown, key=lambda r: r.model.size).model.name
    return min(left, key=lambda r: r.model.size).model.name if left else ""


def part_path(models_dir: Path, model: GgufModel) -> Path:
    return models_dir / f"{model.file}.part"


_HASHES: dict[tuple[str, int, int], str] = {}  # (path, size, mtime) -> SHA-256: each file hashed once


def _sha256(path: Path, size: int, mtime_ns: int) -> str:
    key = (str(path), size, mtime_ns)
    if key not in _HASHES:
        digest = hashlib.sha256()
        with path.open("rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
        _HASHES[key] = digest.hexdigest()
    return _HASHES[key]


def local_file(models_dir: Path, model: GgufModel) -> str:
    """The name of the file in ``models_dir`` that is ``model``: its own name at its full
    size (hashed when it was downloaded), else another ``.gguf`` file of the same size and
    SHA-256 (the same file imported under the name it was saved as). '' when none is."""
    own = models_dir / model.file
    if own.is_file() and own.stat().st_size == model.size:
        return model.file
    try:
        candidates = sorted(p for p in models_dir.glob("*.gguf") if p.name != model.file)
    except OSError:
        return ""
    for path in candidates:
        try:
            stat = path.stat()
            if stat.st_size == model.size and _sha256(path, stat.st_size, stat.st_mtime_ns) == model.sha256:
                return path.name
        except OSError:
            continue
    return ""


def is_downloaded(models_dir: Path, model: GgufModel) -> bool:
    """The model is in the folder (by its own name, or by its size and SHA-256)."""
    return bool(local_file(models_dir, model))


def rows(models: tuple[GgufModel, ...], models_dir: Path, memory_bytes: int) -> list[Row]:
    """Each model's row (run in a worker thread: a file imported under another name of a
    model's exact size is hashed, once)."""
    out = []
    for model in models:
        part = part_path(models_dir, model)
        partial = part.stat().st_size if part.is_file() else 0
        here = local_file(models_dir, model)
        out.append(Row(model, fit(model, memory_bytes), bool(here), partial, here))
    return out
