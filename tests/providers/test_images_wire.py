"""The same picture on each wire format, through the real provider classes, to doubles
that check what the real servers check (plain base64 for Ollama, ``data:`` URIs for
OpenAI-compatible servers, base64 blocks with their media type for Anthropic) and record
each request. Doubles stand in because no tiny vision model (a model with its
projector) is on the package registries this project may use, and Ollama and Claude
cannot run here at all."""

from __future__ import annotations

import base64

from aipa.providers import images_wire
from aipa.providers.anthropic import AnthropicProvider
from aipa.providers.base import ChatRequest, ImagePart, Message
from aipa.providers.ollama import OllamaProvider
from aipa.providers.openai_compat import OpenAICompatProvider
from tests.doubles.anthropic import API_KEY, AnthropicDouble
from tests.doubles.ollama import SMALL_MODEL, OllamaDouble
from tests.doubles.openai import MODEL, OpenAIDouble, stream_reply
from tests.support import picture_files

PNG = picture_files.png_bytes((32, 24))
PICTURE = ImagePart("image/png", PNG, "chart.png")
ASK = ChatRequest(
    model="",
    messages=(Message("system", "Be brief."), Message("user", "Describe the picture", images=(PICTURE,))),
)


async def _drain(provider, request=ASK) -> list:
    try:
        return [e async for e in provider.stream(request)]
    finally:
        await provider.aclose()


async def test_ollama_gets_plain_base64_in_images() -> None:
    async with OllamaDouble(models=(SMALL_MODEL,), vision_models=(SMALL_MODEL,)) as double:
        await _drain(OllamaProvider(double.url, SMALL_MODEL))
        user = double.chat_requests[-1].body["messages"][-1]
    assert user["content"] == "Describe the picture"
    (sent,) = user["images"]
    assert not sent.startswith("data:")
    assert base64.b64decode(sent, validate=True) == PNG


async def test_openai_compatible_gets_image_url_parts_with_a_data_uri() -> None:
    async with OpenAIDouble(stream_reply("A", " chart")) as double:
        await _drain(OpenAICompatProvider(double.base_url, None, MODEL))
        user = double.chat_requests[-1].body["messages"][-1]
    text, image = user["content"]
    assert text == {"type": "text", "text": "Describe the picture"}
    assert image["type"] == "image_url"
    head, _, data = image["image_url"]["url"].partition(",")
    assert head == "data:image/png;base64"
    assert base64.b64decode(data, validate=True) == PNG


async def test_anthropic_gets_an_image_block_with_its_media_type_before_the_text() -> None:
    async with AnthropicDouble() as double:
        await _drain(AnthropicProvider(API_KEY, "claude-sonnet-4-6", base_url=double.url))
        user = double.message_requests[-1].body["messages"][-1]
    image, text = user["content"]
    assert image["type"] == "image" and image["source"]["type"] == "base64"
    assert image["source"]["media_type"] == "image/png"
    assert base64.b64decode(image["source"]["data"], validate=True) == PNG
    assert text == {"type": "text", "text": "Describe the picture"}


async def test_a_message_without_pictures_is_sent_as_before() -> None:
    plain = ChatRequest(model="", messages=(Message("user", "hello"),))
    async with OpenAIDouble(stream_reply("hi")) as double:
        await _drain(OpenAICompatProvider(double.base_url, None, MODEL), plain)
        assert double.chat_requests[-1].body["messages"][-1]["content"] == "hello"
    async with OllamaDouble(models=(SMALL_MODEL,)) as double:
        await _drain(OllamaProvider(double.url, SMALL_MODEL), plain)
        assert "images" not in double.chat_requests[-1].body["messages"][-1]


def test_sent_bytes_is_the_base64_size() -> None:
    messages = ASK.messages
    assert images_wire.sent_bytes(messages) == len(base64.b64encode(PNG))
    assert images_wire.count(messages) == 1


def test_each_kind_names_its_wire_form() -> None:
    from aipa.providers.kinds import KINDS

    forms = {name: kind.images for name, kind in KINDS.items()}
    assert forms == {
        "ollama": images_wire.OLLAMA,
        "builtin": images_wire.OPENAI,
        "openai": images_wire.OPENAI,
        "anthropic": images_wire.ANTHROPIC,
        "openai-compatible": images_wire.OPENAI,
        "scripted": "",
    }
