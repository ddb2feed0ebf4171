"""Retrieval quality on a small fixed corpus: each question must find its chunk in the
top 3, with keyword search alone (offline) and with embeddings from the real llama.cpp
server fused by weighted reciprocal rank: the fusion must never do worse than keyword
search alone, even with a weak embedding model. The hit rates are printed (``-s``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from aipa.core.material.retrieval import Library, cosine, unpack
from aipa.errors import ModelMissingError
from aipa.providers.ollama import OllamaProvider
from aipa.providers.openai_compat import OpenAICompatProvider
from aipa.store import Store
from tests.doubles.ollama import SMALL_MODEL, OllamaDouble
from tests.support.llama_server import LlamaServer, start_llama_server

CORPUS = {
    "handbook.md": {
        "Leave": "Employees get 25 days of paid holiday a year; unused days expire on 31 March.",
        "Expenses": "Travel expenses are reimbursed within 14 days when receipts are uploaded to the portal.",
        "Remote work": "Staff may work from home up to three days a week with their manager's agreement.",
        "Security": "Laptops must use full-disk encryption and lock after five minutes idle.",
    },
    "offsite.md": {
        "Venue": "Lakeside Lodge sleeps 14 guests and charges 1,200 euros per night including breakfast.",
        "Travel": "The direct train from the central station reaches the lodge in about 90 minutes.",
        "Agenda": "Day one is strategy, day two workshops, day three a hike and the closing dinner.",
        "Budget": "The total offsite budget is capped at 9,000 euros for all twelve participants.",
    },
    "contract.md": {
        "Payment": "Invoices are payable net 30 days; late payment accrues 1% interest per month.",
        "Termination": "Either party may end the agreement with 60 days written notice.",
        "Liability": "Liability is limited to the fees paid in the twelve months before the claim.",
        "Confidentiality": "Both parties keep the other's information secret for five years after the end.",
    },
}
QUESTIONS = [
    ("How many days of paid holiday do employees get?", "handbook.md", "§ Leave"),
    ("When are travel expenses reimbursed?", "handbook.md", "§ Expenses"),
    ("Can staff work from home?", "handbook.md", "§ Remote work"),
    ("What encryption must laptops use?", "handbook.md", "§ Security"),
    ("How many guests does the lodge sleep and what does a night cost?", "offsite.md", "§ Venue"),
    ("How long is the train ride to the lodge?", "offsite.md", "§ Travel"),
    ("What happens on day two of the offsite?", "offsite.md", "§ Agenda"),
    ("What is the budget cap for the offsite?", "offsite.md", "§ Budget"),
    ("When must invoices be paid and what if they are late?", "contract.md", "§ Payment"),
    ("How much notice is needed to end the agreement?", "contract.md", "§ Termination"),
    ("Is liability limited?", "contract.md", "§ Liability"),
    ("How long must information be kept secret?", "contract.md", "§ Confidentiality"),
]


def write_corpus(folder: Path) -> list[Path]:
    paths = []
    for name, sections in CORPUS.items():
        text = "\n\n".join(f"# {heading}\n{body}" for heading, body in sections.items())
        (folder / name).write_text(text, encoding="utf-8")
        paths.append(folder / name)
    return paths


async def hit_rate(lib: Library, session_id: str) -> float:
    hits = 0
    for question, name, place in QUESTIONS:
        top = await lib.search(session_id, question, k=3)
        hits += any(c.name == name and c.place == place for c in top)
    return hits / len(QUESTIONS)


async def test_keyword_search_alone_finds_the_right_chunk(tmp_path: Path) -> None:
    with Store(tmp_path / "aipa.db") as store:
        lib = Library(store)
        session = store.create_session("corpus")
        report = await lib.attach(session, write_corpus(tmp_path))
        assert not report.errors and sum(d.chunks for d in report.attached) == 12
        rate = await hit_rate(lib, session)
        print(f"\nretrieval hit rate (top 3), keyword only: {rate:.0%} of {len(QUESTIONS)}")
        assert rate >= 0.9


@pytest.fixture(scope="module")
def embedding_server(model_path: Path) -> Iterator[LlamaServer]:
    server = start_llama_server(model_path, n_ctx=4096, n_parallel=2, embedding=True)
    yield server
    server.stop()


@pytest.mark.llm
async def test_with_embeddings_from_the_real_llama_server(tmp_path: Path, embedding_server: LlamaServer) -> None:
    provider = OpenAICompatProvider(embedding_server.base_url, None, "", name="openai-compatible")
    try:
        with Store(tmp_path / "aipa.db") as store:
            lib = Library(store, embedder=provider.embed, embed_model="smollm2")
            session = store.create_session("corpus")
            await lib.attach(session, write_corpus(tmp_path))
            vectors = store.embeddings(session, "smollm2")
            assert len(vectors) == 12 and len(vectors[0][1]) >= 4 * 64  # float32 blobs of the model's width
            fused = await hit_rate(lib, session)
            keyword = await hit_rate(Library(store), session)
            vector_only = 0
            for question, name, place in QUESTIONS:
                [q] = await provider.embed([question])
                best = sorted(vectors, key=lambda row: -cosine(q, unpack(row[1])))[:3]
                vector_only += any((c := store.chunk(cid)).name == name and c.place == place for cid, _ in best)
            print(
                f"\nretrieval hit rate (top 3): keyword {keyword:.0%}, embeddings alone "
                f"{vector_only / len(QUESTIONS):.0%}, fused (weighted RRF) {fused:.0%} of {len(QUESTIONS)}"
            )
            assert fused >= keyword
    finally:
        await provider.aclose()


@pytest.mark.llm
async def test_ollama_embed_through_the_double(embedding_server: LlamaServer) -> None:
    async with OllamaDouble(upstream=embedding_server.base_url) as double:
        provider = OllamaProvider(double.url, SMALL_MODEL)
        try:
            vectors = await provider.embed(["the lodge sleeps 14", "invoices are due in 30 days"])
            assert len(vectors) == 2 and len(vectors[0]) == len(vectors[1]) >= 64
            assert cosine(vectors[0], vectors[0]) == pytest.approx(1.0)
            with pytest.raises(ModelMissingError):
                await provider.embed(["x"], "no-such-model")
        finally:
            await provider.aclose()
