"""Named provider profiles: a provider entry has a name, a kind (ollama, openai,
anthropic, openai-compatible, builtin; scripted for dry runs), a base URL and its own
keyring entry (service ``aipa-desktop``, username = the profile's name). Any number of
entries of one kind coexist ("team-vllm" and "lm-studio", both OpenAI-compatible), and
agents name the entry they use.

They live in ``settings.providers``: ``{NAME: {"kind": KIND, "base_url": URL, ...the
kind's options}}``. An entry without ``kind`` is the old shape (one entry per kind, named
after it): its kind is its name, so an old settings file keeps working unchanged, and
its keys (stored under the kind's name) stay its own. Every kind is also a profile of
its own name when no entry says otherwise, so ``--provider openai`` needs no entry.
``settings.provider`` (and ``--provider``, ``AIPA_PROVIDER``) names a profile or a kind.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass, field
from typing import Any

from aipa.core.config import key_need
from aipa.core.config.endpoints import plain_http_warning, same_server, url_problem, withheld_warning
from aipa.errors import AuthError, ConfigError
from aipa.providers import kinds as kind_records
from aipa.providers.base import Provider
from aipa.providers.factory import OPTION_TYPES, make_provider

log = logging.getLogger("aipa.profiles")

KINDS = tuple(kind_records.KINDS)  # ollama, builtin, openai, anthropic, openai-compatible, scripted
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
NAME_RULE = "1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit"


@dataclass(frozen=True)
class Profile:
    name: str
    kind: str
    base_url: str = ""  # "" = the kind's default server
    options: dict[str, Any] = field(default_factory=dict)  # the kind's options (no "kind")
    configured: bool = True  # an entry in settings.providers (False: a bare kind)

    @property
    def record(self) -> kind_records.Kind | None:
        """Its kind's record (``providers/kinds.py``)."""
        return kind_records.kind(self.kind)

    @property
    def label(self) -> str:
        return self.record.label if self.record else self.kind

    @property
    def needs_key(self) -> bool:
        return bool(self.record and self.record.needs_key)

    @property
    def takes_key(self) -> bool:
        """Whether a key can be stored for it (cloud kinds need one; a compatible server may ask)."""
        return bool(self.record and self.record.takes_key)

    @property
    def default_url(self) -> str:
        return self.record.default_url if self.record else ""

    @property
    def url(self) -> str:
        """The server it talks to (its own base URL, else its kind's: ``Kind.url``)."""
        return self.record.url(self.base_url) if self.record else self.base_url


def kind_of(name: str, entry: Any) -> str:
    """The kind of entry ``name`` (its ``kind``, else its name: the old shape)."""
    if isinstance(entry, dict) and isinstance(entry.get("kind"), str) and entry["kind"]:
        return entry["kind"]
    return name


# The architecture reference's names for an entry's fields, and ours.
REFERENCE_NAMES = {"type": "kind", "api_key_env": "key_env", "default_model": "model"}
# The fields an entry may hold: its kind, its server, and the kinds' options.
ENTRY_FIELDS = frozenset(OPTION_TYPES) | {"kind", "base_url", "model"}
# Where the fields that only some kinds use make sense.
FIELD_KINDS = {
    "extra_body": ("openai", "openai-compatible", "anthropic"),
    "key_env": tuple(k.name for k in kind_records.KINDS.values() if k.takes_key),
}


def _kind_name(value: Any) -> Any:
    """A kind as the reference may spell it ("openai_compatible", "Anthropic") in ours."""
    if not isinstance(value, str):
        return value
    name = value.strip().lower().replace("_", "-")
    return {"openai-compat": "openai-compatible", "compatible": "openai-compatible"}.get(name, name)


def migrate(providers: dict[str, Any]) -> dict[str, Any]:
    """Entries as profiles. The reference's shape (``type``, ``api_key_env``,
    ``default_model``, ``extra_body``) gets our names (``kind``, ``key_env``, ``model``;
    ``extra_body`` is ours too); a field given in both shapes is left as it is, and
    ``entry_problem`` names it. The old shape (entries named after their kind, without
    ``kind``) gets its ``kind`` spelled out. A malformed entry is kept as it is
    (building its provider names the problem)."""
    out: dict[str, Any] = {}
    for name, entry in providers.items():
        if isinstance(entry, dict):
            entry = {
                (REFERENCE_NAMES[k] if k in REFERENCE_NAMES and REFERENCE_NAMES[k] not in entry else k): (
                    _kind_name(v) if k == "type" else v
                )
                for k, v in entry.items()
            }
        if isinstance(entry, dict) and "kind" not in entry and name in KINDS:
            entry = {"kind": name, **entry}
        out[name] = entry
    return out


def unknown_fields(providers: dict[str, Any]) -> list[str]:
    """One warning per field no kind reads (it is ignored): a typo says so."""
    out = []
    for name, entry in providers.items():
        for key in entry if isinstance(entry, dict) else ():
            if key not in ENTRY_FIELDS and key not in REFERENCE_NAMES:
                out.append(
                    f"settings.json: providers.{name}: unknown field '{key}' ignored "
                    f"(known: {', '.join(sorted(ENTRY_FIELDS))})"
                )
    return out


def entry_problem(name: str, entry: Any) -> str:
    """Why entry ``name`` cannot be a profile ('' when it can)."""
    if not isinstance(entry, dict):
        return f"settings.json: providers.{name} must be an object, got {entry!r}"[:200]
    for theirs, ours in REFERENCE_NAMES.items():
        if theirs in entry:  # migrate left it: both names are given
            return (
                f"settings.json: providers.{name}: both '{theirs}' and '{ours}' are given "
                f"('{theirs}' is the reference's name for '{ours}'); keep one"
            )
    kind = entry.get("kind", name)
    if not isinstance(kind, str) or kind not in KINDS:
        what = f"its kind {kind!r}" if "kind" in entry else "it has no kind"
        return f"settings.json: providers.{name}: {what} is not one of {', '.join(KINDS)}"[:240]
    for key, kinds in FIELD_KINDS.items():
        if key in entry and kind not in kinds:
            only = ", ".join(kinds)
            return f"settings.json: providers.{name}.{key}: a {kind} profile has no use for it (only {only})"
    return ""


def resolve(providers: dict[str, Any], name: str) -> Profile:
    """The profile ``name`` names: an entry of ``providers``, else a bare kind. Raises
    ConfigError for an unknown name or a malformed entry."""
    if name in providers:
        entry = providers[name]
        problem = entry_problem(name, entry)
        if problem:
            raise ConfigError(problem, f'fix or remove "{name}" under "providers" in settings.json')
        options = {k: v for k, v in entry.items() if k != "kind"}
        url = options.get("base_url")
        if isinstance(url, str) and url.strip() and (problem := url_problem(url)):
            raise ConfigError(f"settings.json: providers.{name}.base_url: {problem}", "give the server's http(s) URL")
        return Profile(name, kind_of(name, entry), url if isinstance(url, str) else "", options)
    if name in KINDS:
        return Profile(name, name, "", {}, configured=False)
    known = sorted(set(providers) | {k.name for k in kind_records.KINDS.values() if k.choosable})
    raise ConfigError(
        f"unknown provider '{name}'",
        hint="choose a provider profile or kind: " + ", ".join(known) + " (see `aipa providers list`)",
    )


def listed(providers: dict[str, Any], default: str = "") -> list[Profile]:
    """The configured profiles (well-formed ones), and the default one if it is a bare kind."""
    out = []
    for name, entry in providers.items():
        if not entry_problem(name, entry):
            out.append(resolve(providers, name))
    if default and default not in providers:
        try:
            out.append(resolve(providers, default))
        except ConfigError:
            pass
    return out


def hand_context(profile: Profile) -> int:
    """The context size profile ``profile`` sets by hand (its ``context``), 0 for none."""
    from aipa.providers.context import hand_window

    return hand_window(profile.options)


def broken(providers: dict[str, Any]) -> list[tuple[str, str]]:
    """The entries that cannot be profiles, each with why (``aipa providers list`` shows them)."""
    return [(name, problem) for name, entry in providers.items() if (problem := entry_problem(name, entry))]


def kind_of_name(providers: dict[str, Any], name: str) -> str:
    """The kind of profile ``name`` (the name itself when it names none, or a malformed entry)."""
    try:
        return resolve(providers, name).kind
    except ConfigError:
        return name


def with_profile(providers: dict[str, Any], name: str, kind: str, base_url: str = "", **options: Any) -> dict[str, Any]:
    """``providers`` with profile ``name`` added or changed (its other options kept).
    Raises ConfigError for a bad name or kind, or a name that is another kind's."""
    if not NAME_PATTERN.match(name or ""):
        raise ConfigError(f"'{name}' cannot name a provider profile", f"use {NAME_RULE}")
    if kind not in KINDS:
        raise ConfigError(f"unknown provider kind '{kind}'", "choose one of: " + ", ".join(KINDS))
    if name in KINDS and name != kind:
        raise ConfigError(
            f"'{name}' is the name of a provider kind, it cannot be a {kind} profile",
            "give the profile another name, e.g. my-" + name,
        )
    if base_url.strip() and (problem := url_problem(base_url)):
        raise ConfigError(f"the base URL {problem}", "give the server's address, e.g. http://127.0.0.1:8000/v1")
    out = {k: dict(v) if isinstance(v, dict) else v for k, v in providers.items()}
    old = out.get(name)
    entry: dict[str, Any] = dict(old) if isinstance(old, dict) else {}
    entry = {**entry, "kind": kind, **{k: v for k, v in options.items() if v is not None}}
    if base_url.strip():
        entry["base_url"] = base_url.strip()
    else:
        entry.pop("base_url", None)
    out[name] = entry
    return out


def without_profile(providers: dict[str, Any], name: str) -> dict[str, Any]:
    if name not in providers:
        raise ConfigError(f"no provider profile '{name}'", "see `aipa providers list`")
    return {k: v for k, v in providers.items() if k != name}


def build(
    profile: Profile,
    *,
    base_url: str = "",
    default_model: str = "",
    defaults: dict[str, Any] | None = None,
    send_key: bool = False,
) -> Provider:
    """The provider of ``profile``: its kind, its server (``base_url`` when given, else its
    own), its own key (``secrets.key_for``: a key stored for this profile goes to this
    profile's server only: a ``base_url`` elsewhere gets it only with ``send_key``) and
    its options over ``defaults`` (num_ctx, …)."""
    from aipa.core.config import secrets

    options = {**(defaults or {}), **profile.options}
    url = base_url or profile.base_url
    api_key = None
    if profile.takes_key:
        use_env = options.get("use_openai_key") is True
        # the variable its entry names (key_env, the reference's api_key_env) holds its own key,
        # after one stored for it (and when the keyring cannot be read); like a stored key,
        # it goes to this profile's server only
        named = options.get("key_env")
        named_key = os.environ.get(named, "") if isinstance(named, str) and named else ""
        try:  # a profile marked keyless never asks the keyring (no prompt for a key it does not use)
            if not key_need.keyless(options):
                api_key = secrets.key_for(profile.name, url, kind=profile.kind, use_openai_key=use_env)
        except AuthError:  # a keyring that cannot be read (KeyringError)
            if not named_key:
                raise
        foreign = bool(base_url) and not same_server(base_url, profile.url)
        if named_key and not secrets.stored_or_session(profile.name, api_key or ""):
            api_key = named_key
        own = bool(api_key) and (api_key == named_key or secrets.stored_or_session(profile.name, api_key or ""))
        if api_key and foreign and not send_key and own:
            log.warning("the key stored for %s is not sent to %s (not its server)", profile.name, base_url)
            api_key = None
            if profile.needs_key:  # it cannot work without one: say why, before anything is sent
                raise AuthError(
                    f"the key stored for '{profile.name}' is not sent to {base_url}: "
                    f"it is not that profile's server ({profile.url})",
                    "add --send-key if that server should get it, or leave --base-url out",
                )
        target = profile.record.url(url) if profile.record else url
        no_ring = "" if api_key or key_need.keyless(options) or key_need.local(target) else secrets.no_keyring()
        if no_ring:  # nothing can be stored here: say once how to give this server its key
            raise key_need.missing(profile.name, profile.kind, target, options, no_ring)
        if api_key is None and profile.kind == "openai" and (why := secrets.withheld(profile.name, url)):
            raise AuthError(
                f"no OpenAI API key for {profile.name}: {why}",
                f"store this server's own key with `aipa keys set {profile.name}`, or use an openai-compatible "
                "profile for it (its use_openai_key setting sends OPENAI_API_KEY there on purpose)",
            )
    return make_provider(
        profile.kind,
        base_url=base_url,
        api_key=api_key,
        default_model=default_model,
        options=options,
        profile=profile.name,
    )


def override_warnings(providers: dict, names: list[str], override: str, url: str, send_key: bool) -> list[str]:
    """What to tell before a command talks to profiles ``names`` (of ``providers``, the
    settings' entries), ``override``/``url`` being ``--provider``/``--base-url``: a stored
    key withheld from a foreign ``--base-url``, plain http to another machine."""
    out: list[str] = []
    for name in names:
        try:
            profile = resolve(providers, name)
        except ConfigError:
            continue  # building the provider says what is wrong with it
        target = url if url and (name == override or not override) else profile.url
        foreign = target != profile.url and not same_server(target, profile.url)
        withheld = foreign and profile.takes_key and not send_key and not key_need.keyless(profile.options)
        if withheld and not _no_keyring():  # without a keyring no key is stored to withhold
            out.append(withheld_warning(name, target, profile.url))
        if warning := plain_http_warning(target, f"provider '{name}'"):
            out.append(warning)
    return out


def _no_keyring() -> str:
    from aipa.core.config import secrets

    return secrets.no_keyring()
