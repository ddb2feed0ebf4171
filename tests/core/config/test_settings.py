"""Settings: defaults, validation naming the field, corrupt files set aside."""

import json

from aipa.core.config.settings import DEFAULT_ROLES, Settings, load_settings, save_settings


def test_missing_file_gives_defaults(tmp_path):
    settings, warnings = load_settings(tmp_path / "settings.json")
    assert settings == Settings() and warnings == []


def test_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    changed = Settings().with_changes(provider="openai", lead_timeout=42.0, roles={**DEFAULT_ROLES, "auditor": "Clio"})
    save_settings(path, changed)
    loaded, warnings = load_settings(path)
    assert loaded == changed and warnings == []


def test_bad_fields_are_named_and_defaulted(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {"lead_timeout": "soon", "num_ctx": 10, "auto_audit": 1, "colour": "red", "provider": "openai-compatible"}
        )
    )
    settings, warnings = load_settings(path)
    assert settings.provider == "openai-compatible"
    assert settings.lead_timeout == Settings().lead_timeout and settings.num_ctx == Settings().num_ctx
    text = "\n".join(warnings)
    for field in ("lead_timeout", "num_ctx", "auto_audit", "colour"):
        assert f"'{field}'" in text
    assert str(path) in text


def test_corrupt_file_is_kept_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    settings, warnings = load_settings(path)
    assert settings == Settings()
    assert "cannot be read" in warnings[0]
    assert not path.exists()
    assert [p.name for p in tmp_path.iterdir()][0].startswith("settings.json.corrupt-")


def test_partial_roles_keep_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"roles": {"auditor": "Clio"}}))
    settings, _ = load_settings(path)
    assert settings.roles == {**DEFAULT_ROLES, "auditor": "Clio"}


# --- the live source ----------------------------------------------------------------------


def _app(tmp_path):
    from aipa.app import Override, build
    from aipa.core.config.paths import Paths

    return build(Override("scripted"), Paths(tmp_path / "home"))


async def test_a_change_reaches_the_runner_at_its_next_call(tmp_path):
    from aipa.providers.base import Message

    app = _app(tmp_path)
    try:
        runner = app.pipeline().runner
        agent = app.agents.get("Atlas")
        provider = app.providers.get("scripted")
        session_id = app.store.create_session("settings")

        async def ask() -> int:
            await runner.call(agent, [Message("user", "Hello")], run_id="", session_id=session_id, purpose="chat")
            return provider.calls[-1].max_tokens

        assert await ask() == agent.max_tokens
        warnings = app.settings_source.update(max_output_tokens=77)
        assert warnings == [] and await ask() == 77
        assert json.loads(app.paths.settings.read_text())["max_output_tokens"] == 77
    finally:
        await app.aclose()


def test_subscribers_hear_each_change_once(tmp_path):
    from aipa.core.config.settings import SettingsSource

    source, _ = SettingsSource.load(tmp_path / "settings.json")
    heard = []
    unsubscribe = source.subscribe(lambda settings, changed: heard.append((settings.lead_timeout, changed)))
    source.update(lead_timeout=30, auto_audit=False)
    source.update(lead_timeout=30)  # no change: nobody is told
    assert heard == [(30.0, frozenset({"lead_timeout", "auto_audit"}))]
    unsubscribe()
    source.update(lead_timeout=40)
    assert len(heard) == 1 and source.current.lead_timeout == 40


def test_reload_picks_up_an_external_edit(tmp_path):
    from aipa.core.config.settings import SettingsSource

    path = tmp_path / "settings.json"
    source, _ = SettingsSource.load(path)
    heard = []
    source.subscribe(lambda settings, changed: heard.append(changed))
    path.write_text(json.dumps({"max_tool_iterations": 3, "history_exchanges": "many"}))
    warnings = source.reload()
    assert source.current.max_tool_iterations == 3
    assert heard == [frozenset({"max_tool_iterations"})]
    assert any("'history_exchanges'" in w for w in warnings)


def test_a_bad_value_is_a_warning_and_the_good_ones_apply(tmp_path):
    from aipa.core.config.settings import SettingsSource

    path = tmp_path / "settings.json"
    source, _ = SettingsSource.load(path)
    warnings = source.update(num_ctx=10, max_parallel_leads="four", colour="red", plan_review=True)
    assert len(warnings) == 3
    text = "\n".join(warnings)
    assert "'num_ctx'" in text and "'max_parallel_leads'" in text and "'colour'" in text
    assert source.current.num_ctx == Settings().num_ctx and source.current.plan_review
    saved = json.loads(path.read_text())
    assert saved["plan_review"] is True and saved["num_ctx"] == Settings().num_ctx


def test_environment_values_apply_but_are_not_saved(tmp_path):
    from aipa.core.config.settings import SettingsSource

    path = tmp_path / "settings.json"
    save_settings(path, Settings().with_changes(model="saved-model"))
    source, _ = SettingsSource.load(path, overlay={"model": "env-model"})
    assert source.current.model == "env-model"
    source.update(auto_audit=False)
    assert json.loads(path.read_text())["model"] == "saved-model"
    source.update(model="chosen")
    assert source.current.model == "chosen" and json.loads(path.read_text())["model"] == "chosen"


async def test_provider_settings_rebuild_the_providers(tmp_path):
    app = _app(tmp_path)
    try:
        first = app.providers.get("scripted")
        app.settings_source.update(lead_timeout=5)
        assert app.providers.get("scripted") is first  # not a provider setting
        app.settings_source.update(num_ctx=8192)
        assert app.providers.get("scripted") is not first
    finally:
        await app.aclose()


# --- AIPA_* environment variables ------------------------------------------------------


def test_every_setting_has_an_environment_variable():
    from dataclasses import fields

    from aipa.core.config.settings_env import env_names

    names = env_names()
    for f in fields(Settings):
        assert names["AIPA_" + f.name.upper()] == f.name
    for var in ("AIPA_LEAD_TIMEOUT", "AIPA_AUTO_AUDIT", "AIPA_DEBUG", "AIPA_LOG_LEVEL", "AIPA_LOG_FORMAT"):
        assert var in names
    assert names["AIPA_SESSION_LOG_RETENTION"] == "brief_retention"
    assert names["AIPA_MEMORY_BRIEF_ENABLED"] == "memory_brief_enabled"


def test_environment_values_are_typed_like_the_file():
    from aipa.core.config.settings_env import env_overlay

    values, warnings = env_overlay(
        {
            "AIPA_LEAD_TIMEOUT": "42",
            "AIPA_AUTO_AUDIT": "false",
            "AIPA_DEBUG": "YES",
            "AIPA_LOG_LEVEL": "debug",
            "AIPA_LOG_FORMAT": "JSON",
            "AIPA_SESSION_LOG_RETENTION": "7",
            "AIPA_MEMORY_BRIEF_ENABLED": "0",
            "AIPA_ROLES": '{"auditor": "Clio"}',
            "AIPA_MODEL": "",  # empty: unset
            "AIPA_HOME": "/somewhere",  # not a setting
        }
    )
    assert warnings == []
    assert values == {
        "lead_timeout": 42.0,
        "auto_audit": False,
        "debug": True,
        "log_level": "DEBUG",
        "log_format": "json",
        "brief_retention": 7,
        "memory_brief_enabled": False,
        "roles": {**DEFAULT_ROLES, "auditor": "Clio"},
    }
    assert isinstance(values["lead_timeout"], float)


def test_a_bad_environment_value_is_a_warning_naming_the_variable():
    from aipa.core.config.settings_env import env_overlay

    values, warnings = env_overlay(
        {
            "AIPA_LEAD_TIMEOUT": "abc",
            "AIPA_NUM_CTX": "10",
            "AIPA_AUTO_AUDIT": "maybe",
            "AIPA_LOG_FORMAT": "fancy",
            "AIPA_MAX_PARALLEL_LEADS": "2.5",
            "AIPA_PROVIDERS": "[1, 2]",
            "AIPA_CLARIFY_DEADLINE_POLICY": "panic",
        }
    )
    assert values == {}
    assert "AIPA_LEAD_TIMEOUT=abc ignored: must be a number" in warnings
    text = "\n".join(warnings)
    assert "AIPA_NUM_CTX=10 ignored: must be between 512" in text
    assert "AIPA_AUTO_AUDIT=maybe ignored: must be true or false" in text
    assert "AIPA_LOG_FORMAT=fancy ignored: must be one of plain, json, rich" in text
    assert "AIPA_MAX_PARALLEL_LEADS=2.5 ignored: must be a whole number" in text
    assert "AIPA_PROVIDERS=[1, 2] ignored: must be a JSON object" in text
    assert "AIPA_CLARIFY_DEADLINE_POLICY=panic ignored: must be one of proceed, wait" in text
    assert len(warnings) == 7


def test_the_new_settings_are_checked_in_the_file_too(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"log_format": "xml", "clarify_max_rounds": 0, "clarify_deadline_hours": 0.5}))
    settings, warnings = load_settings(path)
    assert settings.log_format == "plain" and settings.clarify_max_rounds == 2
    assert settings.clarify_deadline_hours == 0.5
    assert any("'log_format'" in w for w in warnings) and any("'clarify_max_rounds'" in w for w in warnings)


async def test_build_overlays_the_environment_and_never_saves_it(tmp_path, monkeypatch):
    from aipa.app import Override, build
    from aipa.core.config.paths import Paths

    home = tmp_path / "home"
    home.mkdir()
    save_settings(home / "settings.json", Settings().with_changes(lead_timeout=99.0))
    monkeypatch.setenv("AIPA_LEAD_TIMEOUT", "7")
    monkeypatch.setenv("AIPA_MAX_OUTPUT_TOKENS", "lots")
    app = build(Override("scripted"), Paths(home))
    try:
        assert app.settings.lead_timeout == 7.0
        assert "AIPA_MAX_OUTPUT_TOKENS=lots ignored: must be a whole number" in app.warnings
        app.settings_source.update(plan_review=True)
        saved = json.loads((home / "settings.json").read_text())
        assert saved["lead_timeout"] == 99.0 and saved["plan_review"] is True
        assert app.settings.lead_timeout == 7.0
    finally:
        await app.aclose()


async def test_logs_in_the_chosen_format_and_level(tmp_path, monkeypatch):
    import logging

    from aipa.app import Override, build
    from aipa.core.config.paths import Paths

    home = tmp_path / "home"
    monkeypatch.setenv("AIPA_LOG_FORMAT", "json")
    monkeypatch.setenv("AIPA_LOG_LEVEL", "warning")
    app = build(Override("scripted"), Paths(home))
    try:
        log = logging.getLogger("aipa.test")
        log.info("not written at WARNING")
        log.warning("written as JSON")
        for handler in logging.getLogger("aipa").handlers:
            handler.flush()
        lines = [json.loads(line) for line in app.paths.log_file.read_text().splitlines()]
        assert lines[-1] == {**lines[-1], "level": "WARNING", "logger": "aipa.test", "message": "written as JSON"}
        assert not any(line["message"] == "not written at WARNING" for line in lines)
        app.settings_source.update(log_format="plain", debug=True)
        log.debug("a debug line, plain")
        for handler in logging.getLogger("aipa").handlers:
            handler.flush()
        last = app.paths.log_file.read_text().splitlines()[-1]
        assert last.endswith("DEBUG aipa.test: a debug line, plain")
    finally:
        await app.aclose()
        monkeypatch.delenv("AIPA_LOG_FORMAT")
        monkeypatch.delenv("AIPA_LOG_LEVEL")
        from aipa.app import setup_logging

        setup_logging(app.paths)  # leave the logger as other tests expect it


def test_rich_logs_colour_a_terminal_and_stay_plain_in_the_file(tmp_path, monkeypatch):
    import io
    import logging

    from aipa.app import ConsoleFormatter, setup_logging
    from aipa.core.config.paths import Paths

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    paths = Paths(tmp_path / "home").ensure()
    root = logging.getLogger("aipa")
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    try:
        setup_logging(paths, Settings().with_changes(log_format="rich"))
        logging.getLogger("aipa.test").warning("watch out")
        for handler in root.handlers:
            handler.flush()
        assert "\033[33mWARNING" in terminal.getvalue() and "watch out" in terminal.getvalue()
        assert paths.log_file.read_text().splitlines()[-1].endswith("WARNING aipa.test: watch out")
        setup_logging(paths, Settings())  # back to plain: the console lines stop
        assert not any(isinstance(h.formatter, ConsoleFormatter) for h in root.handlers)
        monkeypatch.setattr("sys.stderr", io.StringIO())  # not a terminal: rich writes only the file
        setup_logging(paths, Settings().with_changes(log_format="rich"))
        assert not any(isinstance(h.formatter, ConsoleFormatter) for h in root.handlers)
    finally:
        setup_logging(paths)


def test_every_aipa_variable_the_code_reads_is_known_so_none_is_warned_as_unknown():
    """Issue 21 item 10: unknown AIPA_* variables are warned; the ones AIPA itself reads
    (settings, AIPA_HOME, switches) must never be among them."""
    import re
    from pathlib import Path

    from aipa.core.config.settings_env import OTHER_ENV_NAMES, env_names, unknown_env

    source = Path(__file__).resolve().parents[3] / "desktop" / "aipa"
    read = set()
    for path in source.rglob("*.py"):
        read |= set(re.findall(r"environ(?:\.get\(|\[)\s*[\"'](AIPA_[A-Z_]+)", path.read_text(encoding="utf-8")))
        read |= set(re.findall(r"[A-Z_]*ENV[A-Z_]* = \"(AIPA_[A-Z_]+)\"", path.read_text(encoding="utf-8")))
    assert read and read <= set(env_names()) | OTHER_ENV_NAMES, read - set(env_names()) - OTHER_ENV_NAMES
    assert unknown_env(dict.fromkeys(read, "1")) == []
    assert unknown_env({"AIPA_LEAD_TIMOUT": "5"}) == [
        "the environment variable AIPA_LEAD_TIMOUT is not one AIPA knows; ignored (did you mean AIPA_LEAD_TIMEOUT?)"
    ]
