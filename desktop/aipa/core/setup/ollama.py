"""Ollama for the setup wizard: is it there (not installed, not running, too old, or
ready with its models), and pulling a model with progress summed over its layers, a
stall watchdog, and a confirmation from the server once it is done."""

from __future__ import annotations

import asyncio
import logging
import time
from contextlib import aclosing
from dataclasses import dataclass

from aipa import errors
from aipa.core.setup.job import Job, Outcome, Progress
from aipa.core.setup.pull_progress import PullTracker, describe, human_bytes
from aipa.core.setup.recommend import MIN_OLLAMA_VERSION, OLLAMA_DOWNLOAD, ollama_too_old
from aipa.providers.ollama import OllamaProvider

log = logging.getLogger("aipa.setup")

CHECK_TIMEOUT = 8.0


@dataclass(frozen=True)
class OllamaReport:
    state: str  # ok | not_installed | not_running | too_old | error
    url: str
    version: str = ""
    message: str = ""
    hint: str = ""
    models: tuple[str, ...] = ()


async def check(provider: OllamaProvider) -> OllamaReport:
    """Not installed, installed but not running, too old, or ready with its models."""
    url = provider.base_url
    try:
        version = await asyncio.wait_for(provider.version(), CHECK_TIMEOUT)
        models = tuple(await asyncio.wait_for(provider.list_models(), CHECK_TIMEOUT))
    except errors.NotInstalledError as exc:
        report = OllamaReport(
            "not_installed",
            url,
            message="Ollama is not installed on this computer.",
            hint=f"Download it from <a href='{OLLAMA_DOWNLOAD}'>{OLLAMA_DOWNLOAD}</a>, start it "
            "(open the Ollama app, or run <code>ollama serve</code>), then press "
            "<i>Check again</i>. Or use the built-in engine: nothing to install.",
        )
        log.info("wizard: %s", exc.message)
    except (TimeoutError, errors.ServerDownError) as exc:
        remote = "127.0.0.1" not in url and "localhost" not in url and "[::1]" not in url
        message = (
            f"Nothing answers at {url}."
            if remote
            else f"Ollama is installed but not running (nothing answers at {url})."
        )
        hint = (
            (
                "Start it: open the Ollama app, or run <code>ollama serve</code> in a terminal, then press "
                "<i>Check again</i>."
            )
            if not remote
            else ("Check the address (OLLAMA_HOST) and that <code>ollama serve</code> runs there.")
        )
        report = OllamaReport("not_running", url, message=message, hint=hint)
        log.info("wizard: %s", getattr(exc, "message", exc))
    except errors.AipaError as exc:
        report = OllamaReport("error", url, message=exc.message, hint=exc.hint)
    else:
        if ollama_too_old(version):
            report = OllamaReport(
                "too_old",
                url,
                version,
                models=models,
                message=f"Ollama {version} is too old: AIPA needs {MIN_OLLAMA_VERSION} or newer (structured outputs).",
                hint=f"Upgrade it from <a href='{OLLAMA_DOWNLOAD}'>{OLLAMA_DOWNLOAD}</a> (your models stay), "
                "restart it, then press <i>Check again</i>.",
            )
        else:
            report = OllamaReport("ok", url, version, message=f"Ollama {version} is running at {url}.", models=models)
    return report


async def pull(job: Job, provider: OllamaProvider, name: str, stall_after: float) -> None:
    tracker = PullTracker(stall_after=stall_after)
    last_message = [time.monotonic()]

    async def read() -> None:  # one task reads the whole stream: its HTTP state never changes task
        stream = provider.pull(name)  # an async generator: aclose() ends it
        async with aclosing(stream) as parts:
            async for part in parts:
                last_message[0] = time.monotonic()
                progress = tracker.feed(part)
                job.report(Progress(describe(progress), progress.completed, progress.total))

    reader = asyncio.ensure_future(read())
    tick = min(0.25, stall_after / 4)
    state, message = "error", f"the pull of {name} failed"
    try:
        while not reader.done():  # the watchdog: no data for stall_after seconds is a stall
            await asyncio.wait({reader}, timeout=tick)
            quiet = time.monotonic() - last_message[0] > stall_after
            if not reader.done() and (quiet or tracker.stalled()):
                raise _Stalled()
        reader.result()
        if not tracker.state.done:
            raise errors.BadResponseError(
                f"the pull of {name} ended without success", "press Pull again: it resumes where it stopped"
            )
        await asyncio.wait_for(provider.show(name), CHECK_TIMEOUT)
        state, message = "ready", f"{name} is ready"
    except _Stalled:
        state = "stalled"
        message = (
            f"The download of {name} stalled: no data for {stall_after:g} s. Check the network, "
            "then press Pull again: it resumes where it stopped."
        )
    except asyncio.CancelledError:
        state = "cancelled"
        message = (
            f"Pull of {name} cancelled at {human_bytes(tracker.completed)}. Press Pull again to resume "
            "where it stopped."
        )
        raise
    except (TimeoutError, errors.AipaError) as exc:
        message = getattr(exc, "message", "") or "the server did not answer in time"
        if hint := getattr(exc, "hint", ""):
            message += f" — {hint}"
    finally:
        if not reader.done():
            reader.cancel()  # closes the HTTP stream: the server keeps what it has
            await asyncio.wait({reader})
        job.outcome = Outcome(state, message)


class _Stalled(Exception):
    pass
