"""Every exception the app raises on purpose, with a hint for the user and an exit code.

Exit codes (ARCHITECTURE §7): 0 success, 2 bad usage/config, 3 provider unreachable or
model missing, 4 auth error, 5 run failed, 6 suspended (the run waits for the Principal:
answers to its questions or a review; continue with ``--resume``).
"""

from __future__ import annotations

import errno
from collections.abc import Iterator
from datetime import datetime

from aipa.core.text.words import QT_TRANSLATE_NOOP

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_UNREACHABLE = 3
EXIT_AUTH = 4
EXIT_RUN_FAILED = 5
EXIT_SUSPENDED = 6


DISK_FULL_HINT = QT_TRANSLATE_NOOP(
    "Core",
    "free some space on the disk of the data folder; everything saved before is kept, "
    "and `aipa run --resume RUN_ID` continues a run from its last saved stage",
)


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """``exc``, what it was raised from or during, and an exception group's members: a
    failed COMMIT on a full disk surfaces as peewee's "cannot rollback - no transaction
    is active", with SQLITE_FULL two links down."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        item = todo.pop()
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        todo += [item.__cause__, item.__context__, *getattr(item, "exceptions", ())]


def disk_full(exc: BaseException, folder=None) -> bool:
    """SQLITE_FULL or ENOSPC, however it is wrapped; or an I/O error (SQLite's answer
    when it cannot even map its -shm file) in ``folder`` when that disk has no room."""
    for item in _chain(exc):
        if isinstance(item, DiskFullError):
            return True
        text = str(item).lower()
        if getattr(item, "errno", None) == errno.ENOSPC or "disk is full" in text:
            return True
    if folder is not None and any("disk i/o error" in str(item).lower() for item in _chain(exc)):
        return free_bytes(folder) is not None and (free_bytes(folder) or 0) < 1_000_000
    return False


def free_bytes(folder) -> int | None:
    """Free space on the disk of ``folder`` (None when it cannot be asked)."""
    import shutil

    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return None


def size_text(n: int) -> str:
    """``0 bytes``, ``12 kB``, ``3.4 MB``, ``1.2 GB``."""
    if n < 1000:
        return f"{n} bytes"
    for unit, scale in (("kB", 1e3), ("MB", 1e6), ("GB", 1e9), ("TB", 1e12)):
        if n < scale * 1000 or unit == "TB":
            value = n / scale
            return f"{value:.0f} {unit}" if value >= 10 else f"{value:.1f} {unit}"
    return f"{n} bytes"


class AipaError(Exception):
    """Base class. ``hint`` tells the user what to do about it."""

    exit_code = EXIT_RUN_FAILED
    kind = "error"

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message


class ConfigError(AipaError):
    """Bad settings or agent files; names the file and field."""

    exit_code = EXIT_USAGE
    kind = "config"


class ImageError(AipaError):
    """A picture that cannot be attached (damaged, too big, not a picture); nothing of it is sent."""

    exit_code = EXIT_USAGE
    kind = "picture"


class CannotSeeError(ConfigError):
    """A picture goes to a model that cannot see: refused before any call."""

    kind = "cannot_see"


class UsageError(AipaError):
    exit_code = EXIT_USAGE
    kind = "usage"


class StoreError(AipaError):
    kind = "store"


class DiskFullError(StoreError):
    """SQLITE_FULL / ENOSPC, said as such: which file, how much room its disk has left."""

    kind = "disk_full"

    @classmethod
    def at(cls, what: str, path, hint: str = DISK_FULL_HINT) -> DiskFullError:
        """``disk full: cannot WHAT (PATH; N free on its disk)``."""
        from pathlib import Path

        free = free_bytes(Path(path).parent)
        room = f"; {size_text(free)} free on its disk" if free is not None else ""
        return cls(f"disk full: cannot {what} ({path}{room})", hint)


ANSWERED_VIA = {
    "window": "in the window",
    "terminal": "in the terminal",
    "deadline": "by the deadline policy",
    "scripted": "by a script",
}


def answered_where(via: str, at) -> str:
    """ "in the terminal at 14:05" (the date too when it was not today)."""
    place = ANSWERED_VIA.get(via, f"via {via}" if via and via != "unknown" else "elsewhere")
    if at is None:
        return place
    local = at.astimezone()
    today = datetime.now().astimezone().date()
    return f"{place} at {local.strftime('%H:%M' if local.date() == today else '%Y-%m-%d %H:%M')}"


class AlreadyAnswered(AipaError):
    """A question set was answered first by someone else (the window, the terminal, the
    deadline policy): this answer was not recorded. ``at`` and ``via`` say who won."""

    exit_code = EXIT_USAGE
    kind = "already_answered"

    def __init__(self, run_id: str, at, via: str) -> None:
        super().__init__(
            f"the questions of run {run_id} were already answered ({answered_where(via, at)})",
            f"your answer was not recorded; the run continues with those answers: aipa run --resume {run_id}",
        )
        self.run_id = run_id
        self.at = at
        self.via = via


class NewQuestionsWaiting(AlreadyAnswered):
    """An answer to an older question set (round) of a run that has asked newer
    questions since: nothing of it is recorded, the new questions wait."""

    kind = "new_questions"

    def __init__(self, run_id: str, answered_round: int, waiting_round: int, at, via: str) -> None:
        AipaError.__init__(
            self,
            f"new questions are waiting in run {run_id}: your answers to round {answered_round} came after "
            f"round {waiting_round} was asked ({answered_where(via, at)})",
            f"your answers were not recorded; answer the new questions: aipa run --resume {run_id}",
        )
        self.run_id = run_id
        self.at = at
        self.via = via
        self.answered_round = answered_round
        self.waiting_round = waiting_round


class RunBusyError(UsageError):
    """Another process is driving the run (exit 2)."""

    kind = "run_busy"


class ToolError(AipaError):
    """A tool refused or failed; the message goes back to the model."""

    kind = "tool"


# --- provider taxonomy (ARCHITECTURE §7) ----------------------------------------------


class ProviderError(AipaError):
    """Anything that went wrong talking to a model provider."""

    kind = "provider"
    retryable = False
    status: int | None  # the HTTP status, set only where a server answered (read it with getattr)


class NotInstalledError(ProviderError):
    exit_code = EXIT_UNREACHABLE
    kind = "not_installed"


class ServerDownError(ProviderError):
    exit_code = EXIT_UNREACHABLE
    kind = "server_down"
    retryable = True


class ModelMissingError(ProviderError):
    exit_code = EXIT_UNREACHABLE
    kind = "model_missing"


class AuthError(ProviderError):
    """Bad or missing key, or billing. Never retried; the user must fix credentials."""

    exit_code = EXIT_AUTH
    kind = "auth"


class RateLimitError(ProviderError):
    kind = "rate_limit"
    retryable = True

    def __init__(self, message: str, hint: str = "", retry_after: float | None = None) -> None:
        super().__init__(message, hint)
        self.retry_after = retry_after


class ProviderTimeoutError(ProviderError):
    kind = "timeout"
    retryable = True


class ContextTooLongError(ProviderError):
    kind = "context_too_long"


class BadResponseError(ProviderError):
    """The server answered, but not with something we understand (or a 5xx)."""

    kind = "bad_response"
    retryable = True
