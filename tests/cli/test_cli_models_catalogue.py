"""``aipa models catalogue`` and ``aipa models pull NAME`` for the built-in engine: the
real command in a subprocess, downloading from a local HTTP server through a catalogue
named by AIPA_GGUF_CATALOGUE (progress lines, a resume after a cut, a checksum mismatch,
an unknown name)."""

from __future__ import annotations

import asyncio
import json
import os
import sys

from tests.doubles.files import FileServer
from tests.support.cli import ROOT, cli_env

DATA = b"GGUF" + os.urandom(2 * 1024 * 1024)


async def aipa(home, *args: str, **env: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "aipa",
        *args,
        cwd=ROOT,
        env=cli_env(home, **env),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    return proc.returncode, out.decode(), err.decode()


def write_catalogue(path, server: FileServer, sha256: str) -> str:
    entry = {
        "name": "tiny",
        "title": "Tiny test model",
        "description": "served from 127.0.0.1",
        "file": "tiny.gguf",
        "url": server.file_url("/m/tiny.gguf"),
        "size": len(DATA),
        "memory_gb": 1,
        "licence": "Apache-2.0",
        "sha256": sha256,
    }
    path.write_text(json.dumps({"models": [entry]}))
    return str(path)


async def test_catalogue_lists_and_pull_downloads_with_progress_and_resumes(tmp_path):
    home = tmp_path / "home"
    async with FileServer({"/m/tiny.gguf": DATA}) as server:
        catalogue = write_catalogue(tmp_path / "catalogue.json", server, FileServer.sha256(DATA))
        env = {"AIPA_GGUF_CATALOGUE": catalogue}
        rc, out, err = await aipa(home, "models", "catalogue", **env)
        assert rc == 0, err
        assert "tiny" in out and "2 MB" in out and "Apache-2.0" in out and "not downloaded" in out
        server.cut_after = 700_000
        rc, out, err = await aipa(home, "models", "pull", "tiny", "--provider", "builtin", **env)
        assert rc != 0 and "resumes" in err and err.count("\n") <= 3
        rc, out, err = await aipa(home, "models", "pull", "tiny", "--provider", "builtin", **env)
        assert rc == 0, err
        assert "Resuming at" in out and "/s" in out and "tiny.gguf is ready" in out
        assert server.requests == [("/m/tiny.gguf", 0), ("/m/tiny.gguf", 700_000)]
        assert (home / "models" / "tiny.gguf").read_bytes() == DATA
        rc, out, _ = await aipa(home, "models", "catalogue", "--json", **env)
        listed = json.loads(out)["models"]
        assert rc == 0 and listed[0]["name"] == "tiny" and listed[0]["downloaded"] is True


async def test_pull_refuses_a_bad_checksum_and_an_unknown_name(tmp_path):
    home = tmp_path / "home"
    async with FileServer({"/m/tiny.gguf": DATA}) as server:
        env = {"AIPA_GGUF_CATALOGUE": write_catalogue(tmp_path / "catalogue.json", server, "0" * 64)}
        rc, out, err = await aipa(home, "models", "pull", "tiny", "--provider", "builtin", **env)
        assert rc != 0 and "failed its checksum" in err and "deleted" in err
        assert list((home / "models").iterdir()) == []
        rc, out, err = await aipa(home, "models", "pull", "huge", "--provider", "builtin", **env)
        assert rc == 2 and "no model called 'huge'" in err and "tiny" in err
