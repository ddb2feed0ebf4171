"""The composition root: the settings, store, agents and provider book are built here
from the data folder (``build``) into the core's parts (``aipa.core.parts``), handed to
the UI or the CLI with the core facade on them. Logging is set up here too. Nothing
imports this module but the entry points.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import sys
from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING

from aipa import errors
from aipa.core.config import endpoints, profiles
from aipa.core.config.paths import Paths
from aipa.core.config.provider_book import Override, ProviderBook
from aipa.core.config.settings import Settings, SettingsSource
from aipa.core.config.settings_env import env_overlay
from aipa.core.parts import Parts
from aipa.core.team.agent_registry import AgentRegistry
from aipa.core.team.agents import shipped_prompts_dir
from aipa.log_file import LogFile
from aipa.store import Store

if TYPE_CHECKING:
    from aipa.core.facade import Core

__all__ = ["App", "Override", "Providers", "build", "setup_logging"]

# The facade, the playbooks and the runner are imported when first asked for: a
# command that only reads the store (`aipa runs`) does not load them.

log = logging.getLogger("aipa")

Providers = ProviderBook  # the name the entry points knew it by


class App(Parts):
    """What the entry points get: the core's parts (``aipa.core.parts``) and the core
    facade built on them (``core``)."""

    @cached_property
    def core(self) -> Core:
        """The core facade, the one object the window talks to."""
        from aipa.core.facade import Core

        return Core(self)


PLAIN_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message (and the traceback)."""

    def format(self, record: logging.LogRecord) -> str:
        data = {
            "time": datetime.fromtimestamp(record.created).astimezone().isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


_COLOURS = {"DEBUG": "2", "INFO": "36", "WARNING": "33", "ERROR": "31", "CRITICAL": "1;31"}


class ConsoleFormatter(logging.Formatter):
    """Short coloured lines for a terminal: ``12:03:04 WARNING aipa.pipeline  message``."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created).strftime("%H:%M:%S")
        level = f"\033[{_COLOURS.get(record.levelname, '0')}m{record.levelname:<7}\033[0m"
        text = f"\033[2m{when}\033[0m {level} \033[2m{record.name}\033[0m  {record.getMessage()}"
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


def _console_handler(root: logging.Logger) -> logging.Handler | None:
    return next((h for h in root.handlers if getattr(h, "aipa_console", False)), None)


def setup_logging(paths: Paths, settings: Settings | None = None) -> None:
    """The ``aipa`` logger as the settings ask (``log_level``, ``log_format``, ``debug``):
    a rotating file in the logs folder, plain or JSON; with ``rich``, also coloured lines
    on stderr when stderr is a terminal. Calling it again applies changed settings."""
    settings = settings or Settings()
    root = logging.getLogger("aipa")
    handler = next((h for h in root.handlers if isinstance(h, logging.handlers.RotatingFileHandler)), None)
    if handler is not None and handler.baseFilename != os.path.abspath(paths.log_file):
        root.removeHandler(handler)
        handler.close()
        handler = None
    if handler is None:
        try:
            handler = LogFile(paths.log_file, maxBytes=2_000_000, backupCount=3, encoding="utf-8")
        except OSError:  # a read-only data folder: no log file, everything else works
            handler = None
        else:
            root.addHandler(handler)
    if handler is not None:
        handler.setFormatter(JsonFormatter() if settings.log_format == "json" else logging.Formatter(PLAIN_FORMAT))
    console = _console_handler(root)
    wanted = settings.log_format == "rich" and sys.stderr is not None and sys.stderr.isatty()
    if wanted and console is None:
        console = logging.StreamHandler(sys.stderr)
        console.aipa_console = True  # type: ignore[attr-defined]
        console.setFormatter(ConsoleFormatter())
        root.addHandler(console)
    elif not wanted and console is not None:
        root.removeHandler(console)
    root.setLevel(logging.DEBUG if settings.debug else getattr(logging, settings.log_level, logging.INFO))


LOG_FIELDS = frozenset({"debug", "log_level", "log_format"})


def _open_store(paths: Paths) -> Store:
    """The store; a live file that cannot be read names the newest verified backup and
    the command that restores it (nothing is overwritten without the Principal's word)."""
    try:
        return Store(paths.db, now=lambda: datetime.now().astimezone())  # ids use the local date
    except errors.StoreError as exc:
        if isinstance(exc, errors.DiskFullError):
            raise
        from aipa.core.data.restore import damaged_hint
        from aipa.store.backup import check_file

        hint = damaged_hint(paths) if paths.db.is_file() and check_file(paths.db) else ""
        if not hint:
            raise
        raise errors.StoreError(exc.message, hint) from None


def build(override: Override | None = None, paths: Paths | None = None) -> App:
    """Everything the app needs, from the data dir. Bad config gives warnings, not a crash."""
    paths = (paths or Paths.default()).ensure()
    env, env_warnings = env_overlay(os.environ)
    source, warnings = SettingsSource.load(paths.settings, overlay=env)
    warnings += env_warnings
    settings = source.current
    setup_logging(paths, settings)
    source.subscribe(lambda new, changed: setup_logging(paths, new) if changed & LOG_FIELDS else None)
    store = _open_store(paths)
    override = override or Override()
    if override.base_url and (problem := endpoints.url_problem(override.base_url)):
        store.close()
        raise errors.UsageError(
            f"--base-url: {problem}", "give the server's http(s) URL, e.g. http://127.0.0.1:8080/v1"
        )
    store.origin = {"provider": override.provider, "model": override.model, "base_url": override.base_url}
    if store.warning:
        warnings.append(store.warning)
    agents = AgentRegistry(shipped_prompts_dir(), paths.agents)
    warnings += agents.all_warnings(settings)
    book = ProviderBook(source, override, paths)
    warnings += profiles.override_warnings(
        settings.providers, book.names_in_use(agents.all()), override.provider, override.base_url, override.send_key
    )
    for text in warnings:
        log.warning(text)
    return App(paths, source, store, agents, book, warnings)
