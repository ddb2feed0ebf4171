"""The built-in engine's catalogue of recommended GGUF models (resources/gguf_models.json):
validated on load, every entry pinned (a commit in its address, its size, its SHA-256),
a damaged file is one clear line, and each row says whether it fits this machine."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from aipa.core.setup import gguf_catalogue
from aipa.core.setup.gguf_catalogue import GgufModel, find, fit, load, rows
from aipa.core.setup.recommend import GIB
from aipa.errors import ConfigError

SHIPPED = Path(__file__).resolve().parents[3] / "resources" / "gguf_models.json"
GOOD = {
    "name": "tiny",
    "title": "Tiny · Q4",
    "description": "a test model",
    "file": "tiny.gguf",
    "url": "http://127.0.0.1:1/models/tiny.gguf",
    "size": 1000,
    "memory_gb": 2,
    "licence": "Apache-2.0",
    "sha256": "a" * 64,
}


def test_the_shipped_catalogue_is_valid_pinned_and_smallest_first():
    assert gguf_catalogue.catalogue_path().parts[-2:] == ("resources", "gguf_models.json")
    models = load(SHIPPED)
    assert len(models) >= 6
    assert [m.size for m in models] == sorted(m.size for m in models)
    for m in models:
        # pinned to a commit of its repository, so the file cannot change under the hash
        assert re.search(r"/resolve/[0-9a-f]{40}/", m.url), m.name
        assert m.url.startswith("https://") and m.url.endswith("/" + m.file)
        assert m.licence and m.description and m.memory_gb * GIB > m.size
    names = {m.name for m in models}
    assert {"smollm2-135m", "qwen2.5-0.5b", "llama3.2-1b", "qwen2.5-1.5b"} <= names


def test_the_smallest_entry_is_the_test_model_whose_hash_we_know(model_path):
    """The SmolLM2 file the real-model tests use is byte for byte the catalogue's first entry."""
    first = load(SHIPPED)[0]
    assert first.file == model_path.name and first.size == model_path.stat().st_size
    digest = hashlib.sha256()
    with open(model_path, "rb") as f:
        while block := f.read(1 << 20):
            digest.update(block)
    assert digest.hexdigest() == first.sha256


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"sha256": "0" * 63}, "models.0.sha256"),
        ({"url": "ftp://example.org/tiny.gguf"}, "models.0.url"),
        ({"url": "https://example.org/other.gguf"}, "models.0"),
        ({"size": 0}, "models.0.size"),
        ({"licence": ""}, "models.0.licence"),
        ({"surprise": 1}, "models.0.surprise"),
    ],
)
def test_a_bad_entry_is_one_line_naming_the_file_and_field(tmp_path, change, where):
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps({"models": [{**GOOD, **change}]}))
    with pytest.raises(ConfigError) as info:
        load(path)
    assert str(path) in info.value.message and f"at {where}" in info.value.message
    assert "\n" not in info.value.message and info.value.hint


def test_missing_or_broken_json_and_duplicates_are_refused(tmp_path):
    with pytest.raises(ConfigError, match="cannot read"):
        load(tmp_path / "none.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(ConfigError, match="not valid JSON"):
        load(broken)
    twice = tmp_path / "twice.json"
    other = {**GOOD, "file": "other.gguf", "url": GOOD["url"][:-9] + "other.gguf"}
    twice.write_text(json.dumps({"models": [GOOD, other]}))
    with pytest.raises(ConfigError, match="name used twice: tiny"):
        load(twice)


def test_an_environment_variable_points_at_another_catalogue(tmp_path, monkeypatch):
    path = tmp_path / "mirror.json"
    path.write_text(json.dumps({"models": [GOOD]}))
    monkeypatch.setenv(gguf_catalogue.ENV_VAR, str(path))
    assert [m.name for m in load()] == ["tiny"]
    path.write_text("[]")
    with pytest.raises(ConfigError) as info:
        load()
    assert gguf_catalogue.ENV_VAR in info.value.hint


def test_find_takes_the_name_or_the_file_and_lists_the_names_otherwise():
    models = (GgufModel(**GOOD),)
    assert find(models, "tiny") is models[0] and find(models, "TINY.gguf") is models[0]
    with pytest.raises(ConfigError) as info:
        find(models, "huge")
    assert "tiny" in info.value.hint


def test_fit_compares_the_model_with_this_machines_memory():
    model = GgufModel(**{**GOOD, "memory_gb": 4})
    assert fit(model, 16 * GIB).level == "fits"
    assert fit(model, 4 * GIB).level == "tight"
    assert fit(model, int(3.9 * GIB)).level == "tight"  # a nominal 4 GB machine reports a little less
    assert fit(model, 2 * GIB).level == "too_big" and "2 GB" in fit(model, 2 * GIB).text
    assert fit(model, 0).level == "unknown"


def test_rows_say_downloaded_partly_or_not(tmp_path):
    a = GgufModel(**GOOD)
    b = GgufModel(**{**GOOD, "name": "b", "file": "b.gguf", "url": "http://127.0.0.1:1/b.gguf"})
    c = GgufModel(**{**GOOD, "name": "c", "file": "c.gguf", "url": "http://127.0.0.1:1/c.gguf"})
    (tmp_path / "tiny.gguf").write_bytes(bytes(1000))
    (tmp_path / "b.gguf.part").write_bytes(bytes(250))
    (tmp_path / "c.gguf").write_bytes(bytes(10))  # the wrong size: not the catalogue's file
    states = {r.model.name: r.state for r in rows((a, b, c), tmp_path, 8 * GIB)}
    assert states == {"tiny": "downloaded", "b": "paused at 25%", "c": "not downloaded"}


def test_a_model_saved_under_another_name_is_found_by_its_size_and_sha256(tmp_path):
    data = b"GGUF" + bytes(996)
    model = GgufModel(**{**GOOD, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    (tmp_path / "Tiny-Q4_K_M.gguf").write_bytes(data)  # the publisher's name, imported as is
    (tmp_path / "other.gguf").write_bytes(b"GGUF" + bytes(996 - 1) + b"x")  # same size, other bytes
    (row,) = rows((model,), tmp_path, 8 * GIB)
    assert row.downloaded and row.file == "Tiny-Q4_K_M.gguf" and row.state == "downloaded"
    (tmp_path / "Tiny-Q4_K_M.gguf").unlink()
    (row,) = rows((model,), tmp_path, 8 * GIB)
    assert not row.downloaded and row.file == ""


def test_the_model_offered_first_is_the_best_that_fits():
    def row(name, size, memory_gb, have_gb, downloaded=False):
        url = f"http://127.0.0.1:1/models/{name}.gguf"
        model = GgufModel(
            **{**GOOD, "name": name, "file": f"{name}.gguf", "url": url, "size": size, "memory_gb": memory_gb}
        )
        return gguf_catalogue.Row(model, fit(model, int(have_gb * GIB)), downloaded, 0)

    def best(have_gb, downloaded=()):
        table = [(n, s, m) for n, s, m in (("s", 1, 1), ("m", 2, 4), ("l", 3, 6), ("xl", 4, 16))]
        return gguf_catalogue.recommended([row(n, s, m, have_gb, n in downloaded) for n, s, m in table])

    assert best(8) == "m"  # 4 GB models fit 8 GB with room; the 6 GB one only tightly
    assert best(8, downloaded=("m",)) == "s"
    assert best(6.5) == "m"
    assert best(2) == "s"  # only the smallest fits with room
    assert best(1) == "s"  # tight, but the only one that runs
    assert best(0.5) == "s"  # nothing fits: the smallest
    assert best(0) == "m"  # memory unknown: the best that runs in 4 GB
    assert best(64, downloaded=("s", "m", "l", "xl")) == ""
