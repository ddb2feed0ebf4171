"""Settings: defaults, validation naming the field, corrupt files set aside."""

import json

from aipa.core.settings import DEFAULT_ROLES, Settings, load_settings, save_settings


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
