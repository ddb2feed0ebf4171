"""User settings: a JSON file in the data dir. Never holds secrets.

A broken file never stops the app: it is set aside, defaults are used, and a warning
names the file and the field. ``SettingsSource`` is the one live holder the app reads
them from at call time, and the one that tells others about a change.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from aipa.core.config.settings_checks import check

log = logging.getLogger("aipa.settings")

DEFAULT_ROLES = {"orchestrator": "Miranda", "auditor": "Vera", "recruiter": "Evelyn"}


@dataclass(frozen=True)
class Settings:
    provider: str = "ollama"
    model: str = ""
    base_url: str = ""
    roles: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_ROLES))
    auto_audit: bool = True
    plan_review: bool = False
    lead_timeout: float = 600.0
    # Seconds a model call may wait for its first token before the server's health
    # check decides: busy (keep waiting, "queued") or mute (provider error, resumable).
    first_token_timeout: float = 120.0
    # Every stream is bounded (providers/bounds.py): once a reply has started, a gap this
    # long between two chunks asks the server's health check (dead: the call fails,
    # resumable; alive: "slow", still waiting); one call of a stage other than a lead's
    # (route, synthesis, audit, ...) ends within ``stage_timeout`` seconds.
    stream_idle_timeout: float = 60.0
    stage_timeout: float = 1800.0
    max_parallel_leads: int = 4
    max_tool_iterations: int = 6
    brief_retention: int = 20
    history_exchanges: int = 6
    num_ctx: int = 16384
    # Attached pictures are scaled down to this longest side (pixels) before they are sent.
    picture_longest_side: int = 1568
    # Cap on every call's output tokens (0 = each agent's own max_tokens). Useful with
    # small or slow local models.
    max_output_tokens: int = 0
    # Money one run may spend on cloud models (the price table's currency; 0 = no limit):
    # before a call that would pass it, the run pauses at a gate (core/run/cost.py).
    run_budget: float = 0.0
    # Output budgets per stage (tokens, passed as max_tokens): a reply that reaches its
    # budget is cut there and marked as cut. Small models otherwise ramble to the end of
    # the context. The direct answer has the synthesis budget (it is the deliverable).
    route_max_tokens: int = 512
    lead_max_tokens: int = 1024
    synthesis_max_tokens: int = 1536
    audit_max_tokens: int = 512
    # Checked work (issue 31): how many times a deliverable that failed a measured check
    # (or got FLAG) goes back to the orchestrator as the run's next revision (0: never).
    revise_rounds: int = 2
    theme: str = "system"
    # The window's language, read at start (ui/i18n.py): "system" (the system locale),
    # "en" (English), or a shipped translation: "de", "zh_CN", "he" (right to left).
    # A language with no translation shows English.
    language: str = "system"
    # Logging: level (DEBUG, INFO, WARNING, ERROR), format ("plain": the log file's
    # classic lines; "json": one JSON object per line; "rich": plain in the file plus
    # coloured lines on stderr when it is a terminal). ``debug`` logs at DEBUG whatever
    # ``log_level`` says.
    debug: bool = False
    log_level: str = "INFO"
    log_format: str = "plain"
    # Rewrite the standing brief when a session closes (False: just close it).
    memory_brief_enabled: bool = True
    # The clarify gate: how long a question set waits, what happens when it lapses
    # ("proceed" on stated assumptions, or "wait" suspended), how many rounds at most.
    clarify_deadline_hours: float = 24.0
    clarify_deadline_policy: str = "proceed"
    clarify_max_rounds: int = 2
    # The window's text size in points (0 = the system's font size), applied live.
    font_size: int = 0
    # Which key sends in the input box: "enter" (Shift+Enter adds a line) or "ctrl+enter".
    send_key: str = "enter"
    # Named provider profiles (core/config/profiles.py): {NAME: {"kind": KIND, "base_url": URL, ...options}},
    # e.g. {"team-vllm": {"kind": "openai-compatible", "base_url": "..."}}. ``provider`` names one
    # (or a bare kind). An entry without "kind" (the old shape) is named after its kind.
    providers: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Model Context Protocol servers (core/material/mcp_client.py): {"name", "command" + "args" | "url", ...}.
    mcp_servers: list[dict[str, Any]] = field(default_factory=list)
    # The local OpenAI-compatible endpoint (`aipa serve`, core/service/endpoint.py): its
    # address (another than loopback needs ``serve_allow_remote`` too, and warns), how
    # many runs at once (429 beyond), and the clients (the request's ``user``) whose
    # review gates are accepted; every other client's run waits for the Principal.
    # ``serve_enabled``: the window serves it while open (Settings → Local API; off by default).
    serve_enabled: bool = False
    serve_host: str = "127.0.0.1"
    serve_port: int = 8765
    serve_allow_remote: bool = False
    serve_max_runs: int = 2
    serve_accept_review: list[str] = field(default_factory=list)
    # Backups (core/data/backups.py): one a day at the first start that finds data (auto);
    # kept: the last ``backup_daily`` days' and ``backup_weekly`` weeks' automatic ones, the
    # ones made before a migration, restore, import or emptying of the Trash for
    # ``backup_operation_days`` days; a manual one until you delete it.
    backup_auto: bool = True
    backup_daily: int = 7
    backup_weekly: int = 4
    backup_operation_days: int = 30

    def with_changes(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def output_budget(self, purpose: str) -> int:
        """The output budget of a call with this purpose (``Purpose`` values), 0 for
        none (chat, memory, planning: the agent's own max_tokens)."""
        field_name = _BUDGETS.get(str(purpose))
        return int(getattr(self, field_name)) if field_name else 0


# Purpose -> the setting holding its output budget.
_BUDGETS = {
    "route": "route_max_tokens",
    "lead": "lead_max_tokens",
    "synthesize": "synthesis_max_tokens",
    "direct": "synthesis_max_tokens",
    "audit": "audit_max_tokens",
}


def load_settings(path: Path) -> tuple[Settings, list[str]]:
    """Read settings; return them with warnings. Never raises for bad content."""
    defaults = Settings()
    if not path.exists():
        return defaults, []
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:  # not readable is not broken: nothing is renamed, nothing saved over it
        why = "permissions" if isinstance(exc, PermissionError) else (exc.strerror or str(exc))
        return defaults, [f"cannot read {path} ({why}); using default settings, the file is left as it is"]
    try:
        raw = json.loads(text)
        if not isinstance(raw, dict):
            raise ValueError("the top level must be a JSON object")
    except ValueError as exc:
        aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(path, aside)
            moved = f"; the broken file was kept as {aside.name}"
        except OSError:
            moved = ""
        return defaults, [f"{path}: cannot be read ({exc}); using default settings{moved}"]

    values, problems = _validated(raw)
    provider_warnings: list[str] = []
    if "providers" in values:  # the old shape (one entry per kind), and the reference's, as profiles
        from aipa.core.config.profiles import migrate, unknown_fields

        values["providers"] = migrate(values["providers"])
        unknown = unknown_fields(values["providers"])
        provider_warnings = [f"{path}: {w.removeprefix('settings.json: ')}" for w in unknown]
    warnings = [
        f"{path}: field '{key}' {problem}; using the default" if problem else f"{path}: unknown field '{key}' ignored"
        for key, problem in problems
    ] + provider_warnings
    return replace(defaults, **values), warnings


def _validated(changes: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The good values among ``changes`` (floats as floats, roles completed with the
    defaults) and, for each bad one, (field, problem); an unknown field's problem is ''."""
    defaults = Settings()
    known = {f.name for f in fields(Settings)}
    good: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    for key, value in changes.items():
        if key not in known:
            problems.append((key, ""))
            continue
        problem = check(key, value, getattr(defaults, key))
        if problem:
            problems.append((key, problem))
            continue
        good[key] = float(value) if isinstance(getattr(defaults, key), float) else value
    if "roles" in good:
        good["roles"] = {**DEFAULT_ROLES, **good["roles"]}
    return good, problems


def save_settings(path: Path, settings: Settings) -> None:
    """Write settings atomically. A file this process cannot read is never replaced: its
    settings were not loaded, so saving would lose them (PermissionError)."""
    from aipa.core.config.files import write_atomically

    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        with open(path, "rb"):  # raises PermissionError for a file we could not read
            pass
    write_atomically(path, json.dumps(asdict(settings), indent=2, sort_keys=True))


# Settings a provider object is built from: changing one of them rebuilds the providers.
PROVIDER_FIELDS = frozenset({"provider", "model", "base_url", "num_ctx", "providers", "stream_idle_timeout"})

Listener = Callable[[Settings, frozenset[str]], None]  # (the new settings, the names of changed fields)


def changed_fields(old: Settings, new: Settings) -> frozenset[str]:
    return frozenset(f.name for f in fields(Settings) if getattr(old, f.name) != getattr(new, f.name))


class SettingsSource:
    """The one live holder of the settings. Everything reads ``current`` at call time
    (the runner's limits, provider resolution, the playbooks), so a change reaches a
    running app without rebuilding anything.

    API (what the window and the CLI call):

    - ``current`` -> ``Settings``: the settings in force now (immutable).
    - ``update(**changes) -> list[str]``: validate each change, apply the good ones,
      save settings.json atomically, notify subscribers once. Returns warnings (a bad
      value or an unknown field is skipped with a warning naming it; a failed save is
      a warning too: the change still applies until the app closes). Never raises for
      bad values.
    - ``reload() -> list[str]``: read settings.json again (an external edit, ``/reload``);
      notifies when something changed; returns the file's warnings.
    - ``use(settings)``: put a whole ``Settings`` in force without saving (a trial run, a
      caller that saved the file itself); notifies when something changed.
    - ``subscribe(callback) -> unsubscribe``: ``callback(settings, changed_field_names)``
      is called once per change, after it applied. A failing callback is logged.

    ``overlay`` holds values from the environment (``AIPA_LEAD_TIMEOUT``, ``AIPA_MODEL``,
    any ``AIPA_<FIELD>``: see ``env_overlay``): they are in force but never written to the
    file, until an ``update`` sets that field.
    A source without a ``path`` (``SettingsSource.fixed``) keeps changes in memory.
    """

    def __init__(
        self, path: Path | None, saved: Settings | None = None, *, overlay: Mapping[str, Any] | None = None
    ) -> None:
        self.path = path
        self._saved = saved if saved is not None else Settings()
        self._overlay = dict(overlay or {})
        self._current = self._saved.with_changes(**self._overlay)
        self._listeners: list[Listener] = []
        self.save_error = ""  # why the last ``update`` could not save the file ('' when it did)

    @classmethod
    def load(cls, path: Path, *, overlay: Mapping[str, Any] | None = None) -> tuple[SettingsSource, list[str]]:
        """A source over ``path`` (read now) and the file's warnings."""
        saved, warnings = load_settings(path)
        return cls(path, saved, overlay=overlay), warnings

    @classmethod
    def fixed(cls, settings: Settings) -> SettingsSource:
        """A source of these settings that saves nothing (trials, tests)."""
        return cls(None, settings)

    @property
    def current(self) -> Settings:
        return self._current

    def subscribe(self, callback: Listener) -> Callable[[], None]:
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    def update(self, **changes: Any) -> list[str]:
        good, problems = _validated(changes)
        warnings = [
            f"setting '{key}' {problem}; kept {getattr(self._current, key)!r}"
            if problem
            else f"unknown setting '{key}' ignored"
            for key, problem in problems
        ]
        for key in good:
            self._overlay.pop(key, None)  # an explicit choice wins over the environment
        self._saved = self._saved.with_changes(**good)
        self.save_error = ""
        if self.path is not None and good:
            try:
                save_settings(self.path, self._saved)
            except OSError as exc:
                reason = "permissions" if isinstance(exc, PermissionError) else (exc.strerror or exc)
                self.save_error = f"could not save {self.path} ({reason})"
                warnings.append(f"{self.save_error}; the change applies until you quit")
        for text in warnings:
            log.warning(text)
        self._apply(self._saved.with_changes(**self._overlay))
        return warnings

    def reload(self) -> list[str]:
        if self.path is None:
            return []
        saved, warnings = load_settings(self.path)
        self._saved = saved
        self._apply(saved.with_changes(**self._overlay))
        return warnings

    def use(self, settings: Settings) -> None:
        # A field that still holds the environment's value stays an overlay over the file's.
        self._overlay = {k: v for k, v in self._overlay.items() if getattr(settings, k) == v}
        self._saved = settings.with_changes(**{k: getattr(self._saved, k) for k in self._overlay})
        self._apply(settings)

    def _apply(self, new: Settings) -> None:
        changed = changed_fields(self._current, new)
        self._current = new
        if not changed:
            return
        for callback in list(self._listeners):
            try:
                callback(new, changed)
            except Exception:
                log.exception("a settings subscriber failed")


def as_source(settings: Settings | SettingsSource) -> SettingsSource:
    """``settings`` as a source (a plain ``Settings`` becomes a fixed one)."""
    return settings if isinstance(settings, SettingsSource) else SettingsSource.fixed(settings)
