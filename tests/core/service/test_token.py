"""The endpoint's token (made at first use, kept in the keyring, the same at the next
start; no keyring: an environment token, or one for this start only) and the bind
rule (loopback, or a warning when a setting allows more)."""

from __future__ import annotations

import keyring
import pytest
from keyring.backends.null import Keyring as NullKeyring

from aipa import errors
from aipa.core.service import token
from aipa.core.service.endpoint import check_bind, is_loopback, prompt_of
from tests.support.memory_keyring import MemoryKeyring


@pytest.fixture
def memory(monkeypatch):
    monkeypatch.delenv(token.ENV, raising=False)
    before = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    yield ring
    keyring.set_keyring(before)


def test_the_token_is_made_at_first_use_and_kept_in_the_keyring(memory):
    assert token.stored() is None
    first, where = token.ensure()
    assert where == "keyring" and first.startswith("aipa-") and len(first) > 40
    assert memory.passwords[("aipa-desktop", "aipa-serve-token")] == first
    assert token.ensure() == (first, "keyring")  # the next start: the same token
    assert token.matches(first, first) and not token.matches(first[:-1] + "x", first)


def test_without_a_keyring_the_environment_or_this_start_only(monkeypatch):
    before = keyring.get_keyring()
    keyring.set_keyring(NullKeyring())  # refused: keeps nothing
    try:
        monkeypatch.delenv(token.ENV, raising=False)
        made, where = token.ensure()
        assert where == "this start only" and made != token.ensure()[0]
        monkeypatch.setenv(token.ENV, "short")
        with pytest.raises(errors.UsageError):
            token.ensure()
        monkeypatch.setenv(token.ENV, "x" * 32)
        assert token.ensure() == ("x" * 32, "environment")
    finally:
        keyring.set_keyring(before)


def test_loopback_only_unless_a_setting_allows_more():
    assert all(is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "127.0.0.2"))
    assert check_bind("127.0.0.1", False) == ""
    for host in ("0.0.0.0", "192.168.1.5", "example.org"):
        with pytest.raises(errors.UsageError):
            check_bind(host, False)
    assert "other computers" in check_bind("0.0.0.0", True)


def test_the_prompt_is_the_last_user_message_with_the_turns_before():
    assert prompt_of([{"role": "user", "content": "Hi"}]) == "Hi"
    parts = [{"role": "user", "content": [{"type": "text", "text": "Plan"}, {"type": "text", "text": "it"}]}]
    assert prompt_of(parts) == "Plan\nit"
    turns = [{"role": "user", "content": "A"}, {"role": "assistant", "content": "B"}, {"role": "user", "content": "C"}]
    joined = prompt_of(turns)
    assert joined.startswith("Earlier in this conversation:\nuser: A\nassistant: B") and joined.endswith("Now: C")
