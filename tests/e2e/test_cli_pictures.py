"""`aipa run --attach photo.png`: the picture reaches a vision model in Ollama's
``images`` (plain base64), a model that cannot see is refused before any call naming
the one that can, and bad pictures stop the command with one clear line.

The Ollama double stands in for Ollama (which cannot be installed here) and for a vision
model: no tiny vision model (a model with its projector) is on the package registries.
It reports ``vision`` in ``/api/show`` capabilities as Ollama does, and refuses images
sent to a model without it, or not in plain base64, as Ollama does."""

from __future__ import annotations

import base64
import json
import time

import pytest

from tests.doubles.ollama import OllamaDouble
from tests.support import picture_files
from tests.support.cli import aipa, aipa_json

SEEING, BLIND = "llava:7b", "smollm2:135m"
ASK = "Describe the picture"


def one_lead(body: dict) -> str:
    """Route to the first lead with a brief about the picture; a short text with a verdict otherwise."""
    schema = body.get("format")
    if isinstance(schema, dict) and "briefs" in schema.get("properties", {}):
        lead = list(schema["properties"]["briefs"]["properties"])[0]
        brief = {"agent": lead, "title": "Describe", "instructions": "Describe what the picture shows."}
        return json.dumps({"mode": "delegate", "message": "Delegating.", "briefs": [brief]})
    return "A blue square on a white ground.\n\nVERDICT: PASS"


@pytest.fixture
def double():
    server = OllamaDouble(models=(SEEING, BLIND), vision_models=(SEEING,), script=one_lead)
    with server:
        yield server


def test_a_vision_model_gets_the_picture_in_images(tmp_path, double) -> None:
    photo = picture_files.png(tmp_path / "photo.png", (2400, 1200))
    args = ("run", "--provider", "ollama", "--model", SEEING, "--attach", str(photo), "--json", "--yes", ASK)
    proc, result = aipa_json(tmp_path / "home", *args, OLLAMA_HOST=double.url)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert result["pictures"][0]["name"] == "photo.png"
    assert (result["pictures"][0]["width"], result["pictures"][0]["height"]) == (1568, 784)
    carrying = [r.body for r in double.chat_requests if any(m.get("images") for m in r.body["messages"])]
    assert carrying, "no chat request carried the picture"
    for body in carrying:
        (sent,) = next(m for m in body["messages"] if m.get("images"))["images"]
        assert base64.b64decode(sent, validate=True).startswith(b"\x89PNG")
    route = double.chat_requests[0].body
    assert not any(m.get("images") for m in route["messages"])  # routing gets a note, not the picture
    assert "photo.png" in route["messages"][-1]["content"]
    assert result["usage"]["picture_bytes"] >= len(sent)
    stored = list((tmp_path / "home" / "pictures").glob("*/*.png"))
    assert len(stored) == 1  # content-addressed in the data folder


def test_a_model_that_cannot_see_is_refused_before_any_call(tmp_path, double) -> None:
    photo = picture_files.png(tmp_path / "photo.png")
    args = ("run", "--provider", "ollama", "--model", BLIND, "--attach", str(photo), "--json", "--yes", ASK)
    proc = aipa(tmp_path / "home", *args, OLLAMA_HOST=double.url)
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert "cannot see" in proc.stderr and SEEING in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not double.chat_requests


def test_a_refused_picture_makes_no_call_even_with_an_earlier_sessions_update_pending(tmp_path, double) -> None:
    """The first run leaves its standing-brief update for the next start; the refused
    second command must not make that call either (it starts only after the checks)."""
    photo = picture_files.png(tmp_path / "photo.png")
    seeing = ("run", "--provider", "ollama", "--model", SEEING, "--attach", str(photo), "--json", "--yes", ASK)
    assert aipa(tmp_path / "home", *seeing, OLLAMA_HOST=double.url).returncode == 0
    before = len(double.chat_requests)
    blind = ("run", "--provider", "ollama", "--model", BLIND, "--attach", str(photo), "--json", "--yes", ASK)
    proc = aipa(tmp_path / "home", *blind, OLLAMA_HOST=double.url)
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert len(double.chat_requests) == before


@pytest.mark.parametrize("bad", ["corrupt", "bomb", "mislabelled", "svg", "sparse"])
def test_a_bad_picture_is_one_clear_line_within_seconds(tmp_path, double, bad) -> None:
    make = {
        "corrupt": lambda: picture_files.corrupt_png(tmp_path / "photo.png"),
        "bomb": lambda: picture_files.bomb_png(tmp_path / "photo.png"),
        "mislabelled": lambda: picture_files.mislabelled(tmp_path / "photo.png"),
        "svg": lambda: picture_files.svg(tmp_path / "photo.svg"),
        "sparse": lambda: picture_files.sparse(tmp_path / "photo.png"),
    }
    photo = make[bad]()
    started = time.monotonic()
    args = ("run", "--provider", "ollama", "--model", SEEING, "--attach", str(photo), "--json", "--yes", ASK)
    proc = aipa(tmp_path / "home", *args, OLLAMA_HOST=double.url)
    took = time.monotonic() - started
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr and photo.name in proc.stderr
    assert not double.chat_requests
    assert took < 60  # the command's start-up included; the picture itself is refused in well under a second


def test_chat_attach_sends_the_picture_with_the_message(tmp_path, double) -> None:
    photo = picture_files.photo_jpeg(tmp_path / "whiteboard.jpg")
    args = ("chat", "--agent", "Atlas", "--provider", "ollama", "--model", SEEING, "--attach", str(photo))
    proc = aipa(tmp_path / "home", *args, "-m", "What is on the whiteboard?", OLLAMA_HOST=double.url)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (request,) = double.chat_requests
    (sent,) = request.body["messages"][-1]["images"]
    assert base64.b64decode(sent, validate=True).startswith(b"\xff\xd8")  # a JPEG, without its EXIF
    assert b"Exif" not in base64.b64decode(sent)
