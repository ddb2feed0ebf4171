"""Attaching documents: real files of each type converted, stored once per content,
chunks that keep their place, keyword search, and a one-line message for bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from aipa.core.material.documents import DocumentError, check_file, convert
from aipa.core.material.retrieval import VECTOR_WEIGHT, Library, chunk_sections, cosine, fuse, pack, unpack
from aipa.store import Store
from tests.support.doc_files import make_docx, make_encrypted_pdf, make_pdf, make_pptx, make_xlsx


@pytest.fixture
def store(tmp_path: Path):
    with Store(tmp_path / "aipa.db") as s:
        yield s


def test_pdf_pages_keep_their_number(tmp_path: Path) -> None:
    pdf = make_pdf(tmp_path / "brief.pdf", ["Intro page about goals", "The budget is 40,000 euros (forty thousand)"])
    sections = convert(pdf)
    assert [s.place for s in sections] == ["p. 1", "p. 2"]
    assert "40,000 euros" in sections[1].text


def test_docx_pptx_xlsx_csv_html_markdown_code(tmp_path: Path) -> None:
    docx = make_docx(tmp_path / "c.docx", {"Scope": "We build a barn.", "Payment": "Net 30 days after invoice."})
    assert [(s.place, "Net 30" in s.text) for s in convert(docx)][-1] == ("§ Payment", True)
    pptx = make_pptx(tmp_path / "d.pptx", [("Kickoff", "Monday at nine"), ("Risks", "Rain in April")])
    assert [s.place for s in convert(pptx)] == ["slide 1", "slide 2"]
    assert "Rain in April" in convert(pptx)[1].text
    xlsx = make_xlsx(tmp_path / "b.xlsx", {"Costs": [["item", "eur"], ["venue", 1200]], "Notes": [["ok"]]})
    places = {s.place: s.text for s in convert(xlsx)}
    assert "venue | 1200" in places["sheet Costs"]
    (tmp_path / "t.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    assert convert(tmp_path / "t.csv")[0].text == "a | b\n1 | 2"
    (tmp_path / "p.html").write_text(
        "<html><script>alert(1)</script><h1>Title</h1><p>Hello <b>there</b></p><h2>More</h2><p>x</p></html>"
    )
    html = convert(tmp_path / "p.html")
    assert [s.place for s in html] == ["§ Title", "§ More"] and "alert" not in html[0].text
    (tmp_path / "n.md").write_text("pre\n# One\nalpha\n```\n# not a heading\n```\n## Two\nbeta\n")
    assert [s.place for s in convert(tmp_path / "n.md")] == ["start", "§ One", "§ Two"]
    (tmp_path / "x.py").write_text("\n".join(f"line{i} = {i}" for i in range(100)))
    assert [s.place for s in convert(tmp_path / "x.py")] == ["lines 1-80", "lines 81-100"]


def test_bad_input_each_gets_one_line_and_a_hint(tmp_path: Path) -> None:
    good = make_pdf(tmp_path / "ok.pdf", ["secret plans"])
    locked = make_encrypted_pdf(tmp_path / "locked.pdf", good)
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\n this is not really a pdf \x00\x01")
    odd = tmp_path / "movie.mkv"
    odd.write_bytes(b"\x1a\x45")
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as fh:  # sparse: 500 MB on paper, nothing read
        fh.truncate(500 * 1024 * 1024)
    cases = {
        locked: "encrypted with a password",
        broken: "not a readable PDF",
        odd: "unsupported type '.mkv'",
        huge: "500 MB is over the 50 MB limit",
    }
    for path, words in cases.items():
        with pytest.raises(DocumentError) as info:
            convert(path)
        assert words in info.value.message and "\n" not in info.value.message
        assert info.value.hint
    with pytest.raises(DocumentError):
        check_file(huge)


def test_chunks_split_long_sections_and_keep_place() -> None:
    from aipa.core.material.documents import Section

    text = "\n\n".join(f"Paragraph {i} " + "word " * 60 for i in range(10))
    chunks = chunk_sections([Section("p. 7", text)], size=700)
    assert len(chunks) > 3 and all(p == "p. 7" and len(t) <= 700 for p, t in chunks)
    assert "Paragraph 9" in chunks[-1][1]


async def test_same_file_twice_is_stored_once_and_search_finds_it(tmp_path: Path, store) -> None:
    pdf = make_pdf(tmp_path / "a.pdf", ["Welcome", "The venue holds 120 guests in the main hall"])
    copy = tmp_path / "copy-of-a.pdf"
    copy.write_bytes(pdf.read_bytes())
    lib = Library(store)
    seen = []
    s1 = store.create_session("one")
    report = await lib.attach(s1, [pdf, copy], progress=lambda name, d, t: seen.append((name, d, t)))
    assert not report.errors and store.document_count() == 1
    assert ("a.pdf", 2, 2) in seen
    s2 = store.create_session("two")
    await lib.attach(s2, [copy])
    assert store.document_count() == 1
    hits = await lib.search(s1, "how many guests does the venue hold?", k=3)
    assert hits and hits[0].place == "p. 2" and hits[0].name in ("a.pdf", "copy-of-a.pdf")
    assert await lib.search(store.create_session("three"), "venue") == []  # other sessions see nothing
    text = lib.read(s2, "copy-of-a.pdf", "p. 2")
    assert text.startswith("[copy-of-a.pdf, p. 2]") and "120 guests" in text


async def test_a_bad_file_is_reported_and_the_rest_attached(tmp_path: Path, store) -> None:
    ok = tmp_path / "notes.md"
    ok.write_text("# Notes\nBring boots.\n")
    report = await Library(store).attach(store.create_session("s"), [tmp_path / "missing.pdf", ok])
    assert [d.name for d in report.attached] == ["notes.md"]
    assert len(report.errors) == 1 and "no such file" in report.errors[0].line()


def test_vector_helpers() -> None:
    assert unpack(pack([1.0, 0.5])) == [1.0, 0.5]
    assert cosine([1, 0], [1, 0]) == pytest.approx(1.0) and cosine([1, 0], [0, 1]) == 0
    assert fuse([1, 2], [2, 9]) == [2, 1, 9]


def test_weighted_fusion_lets_keyword_lead_and_vectors_fill_in() -> None:
    keyword, vectors = [1, 2, 3], [3, 2, 9, 1]
    assert fuse(keyword, vectors) == [3, 2, 1, 9]  # equal weights: the vectors overturn keyword's first hit
    assert fuse(keyword, vectors, weights=(1.0, VECTOR_WEIGHT)) == [1, 2, 3, 9]  # a near tie is all they reorder
    assert fuse([1, 2], [2, 1], weights=(1.0, VECTOR_WEIGHT)) == [1, 2]
    assert fuse([5, 1, 2], [2, 1, 5], weights=(1.0, VECTOR_WEIGHT))[0] == 5
    assert fuse([], [7, 8], weights=(1.0, VECTOR_WEIGHT)) == [7, 8]  # no keyword hit: the vectors answer


async def test_a_weak_embedder_does_not_override_a_clear_keyword_hit(tmp_path: Path, store) -> None:
    """An embedder that ranks every question closest to the sauna chunk (a weak model's
    near-uniform vectors) leaves the keyword winner first."""

    async def sauna_first(texts: list[str]) -> list[list[float]]:
        return [[1.0, 0.0] if "sauna" in t or "cap?" in t else [0.0, 1.0] for t in texts]

    (tmp_path / "n.md").write_text("# Venue\nThe lodge has a sauna.\n\n# Budget\nThe budget is 9,000 euros.\n")
    session = store.create_session("s")
    weighted = Library(store, embedder=sauna_first, embed_model="m")
    await weighted.attach(session, [tmp_path / "n.md"])
    query = "What is the budget cap?"  # keyword: § Budget; the vectors: § Venue is as close
    assert [c.place for c in await weighted.search(session, query, k=1)] == ["§ Budget"]
    assert [c.place for c in await Library(store).search(session, query, k=1)] == ["§ Budget"]


async def test_a_failing_embedder_leaves_keyword_search_working(tmp_path: Path, store) -> None:
    async def down(texts: list[str]) -> list[list[float]]:
        raise ConnectionError("connection refused")

    (tmp_path / "n.md").write_text("# Venue\nThe lodge has a sauna.\n")
    lib = Library(store, embedder=down, embed_model="m")
    session = store.create_session("s")
    report = await lib.attach(session, [tmp_path / "n.md"])
    assert [d.name for d in report.attached] == ["n.md"]
    assert "embeddings not made (connection refused); keyword search only" in report.errors[0].line()
    assert (await lib.search(session, "sauna"))[0].place == "§ Venue"
