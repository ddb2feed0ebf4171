""" "local" or "cloud" by the server's address, not the kind (issue 35): the model
picker's mark comes from ``installed.is_local``, which asks ``endpoints.on_this_network``."""

from __future__ import annotations

import pytest

from aipa.core.config.endpoints import on_this_network
from aipa.core.config.installed import is_local


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8080/v1",
        "http://localhost:11434",
        "http://[::1]:8000/v1",
        "http://0.0.0.0:4000",
        "http://10.1.2.3:8000/v1",
        "http://172.20.0.5:4000",
        "http://192.168.1.20:11434",
        "http://169.254.10.1:8000",
        "http://[fd12:3456::1]:8000/v1",
        "http://gpu-box.local:8000/v1",
        "http://nas.lan:11434",
        "http://gpu-box:8000/v1",
    ],
)
def test_loopback_private_ranges_and_local_names_are_this_network(url):
    assert on_this_network(url) is True


@pytest.mark.parametrize(
    "url",
    ["https://api.anthropic.com", "https://api.openai.com/v1", "http://8.8.8.8:11434", "https://ollama.example.org"],
)
def test_public_addresses_and_names_are_not(url):
    assert on_this_network(url) is False


def test_no_host_leaves_it_to_the_kind():
    assert on_this_network("") is None
    assert is_local("builtin", "") is True  # the built-in engine runs here by its nature
    assert is_local("anthropic", "") is False


def test_the_address_decides_not_the_kind():
    assert is_local("anthropic", "http://127.0.0.1:4000") is True  # a gateway on this computer
    assert is_local("openai", "http://192.168.1.7:8000/v1") is True
    assert is_local("ollama", "https://ollama.example.org") is False  # an Ollama on a rented server
    assert is_local("openai-compatible", "https://api.together.xyz/v1") is False
