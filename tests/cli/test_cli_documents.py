"""``aipa run --attach … --folder …`` end to end on the scripted ``docs`` team: the
deliverable cites both attached files, ``--json`` lists each lead's sources, the
auditor says what it checked, and bad input is one warning line with a hint while
the run goes on."""

from __future__ import annotations

from pathlib import Path

from tests.support.cli import aipa_json
from tests.support.doc_files import make_encrypted_pdf, make_pdf


def material(tmp_path: Path) -> tuple[Path, Path]:
    pdf = make_pdf(tmp_path / "a.pdf", ["Offsite brief. The team has 12 people.", "The venue budget is 4,000 euros."])
    md = tmp_path / "b.md"
    md.write_text(
        "# Venues\nLakeside Lodge sleeps 14 and costs 1,200 euros a night.\n\n# Travel\nThe train takes 90 min.\n"
    )
    return pdf, md


def test_attached_pdf_and_markdown_are_cited_per_lead(tmp_path: Path) -> None:
    pdf, md = material(tmp_path)
    args = ("run", "--dry-run", "--model", "docs", "--yes", "--json", "--attach", str(pdf), str(md))
    proc, out = aipa_json(tmp_path / "home", *args, "Plan the offsite from the brief and the venue notes")
    assert proc.returncode == 0, proc.stderr
    assert [a["name"] for a in out["attachments"]] == ["a.pdf", "b.md"] and out["attach_errors"] == []
    assert "[a.pdf, p. 2]" in out["deliverable"] and "[b.md, § Venues]" in out["deliverable"]
    assert "4,000 euros" in out["deliverable"]
    for task in out["tasks"]:
        files = {s["file"] for s in task["sources"]}
        assert files == {"a.pdf", "b.md"}, task
    assert "Checked 4 of 4 citations" in out["audit_memo"] and out["verdict"] == "PASS"


def test_bad_files_and_folder_are_warnings_and_the_run_goes_on(tmp_path: Path) -> None:
    pdf, md = material(tmp_path)
    locked = make_encrypted_pdf(tmp_path / "locked.pdf", pdf)
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\ngarbage only")
    odd = tmp_path / "clip.mkv"
    odd.write_bytes(b"\x1a\x45\xdf\xa3")
    huge = tmp_path / "huge.log"
    with huge.open("wb") as fh:
        fh.truncate(500 * 1024 * 1024)
    files = [str(p) for p in (locked, broken, odd, huge, md)]
    args = ("run", "--dry-run", "--model", "docs", "--yes", "--json", "--folder", str(tmp_path / "nope"))
    proc, out = aipa_json(tmp_path / "home", *args, "--attach", *files, "Summarise the venue notes")
    assert proc.returncode == 0, proc.stderr
    assert [a["name"] for a in out["attachments"]] == ["b.md"]
    errors = {Path(e["path"]).name: e["error"] for e in out["attach_errors"]}
    assert "encrypted with a password" in errors["locked.pdf"]
    assert "not a readable PDF" in errors["broken.pdf"]
    assert "unsupported type '.mkv'" in errors["clip.mkv"]
    assert "500 MB is over the 50 MB limit" in errors["huge.log"]
    assert "no such folder" in errors["nope"]
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 5 and all("Traceback" not in line for line in proc.stderr.splitlines())
    assert "EOF marker not found" not in proc.stderr  # pypdf's own warning goes to the log file only
    assert proc.stderr.count("    hint: ") >= 5
    assert "[b.md, § Venues]" in out["deliverable"]


def test_a_granted_folder_is_read_by_the_leads_and_cited(tmp_path: Path) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "agenda.md").write_text("# Day one\nKick-off at nine in the barn.\n")
    (folder / "photo.jpg").write_bytes(b"\xff\xd8\x00binary")
    args = ("run", "--dry-run", "--model", "docs", "--yes", "--json", "--folder", str(folder))
    proc, out = aipa_json(tmp_path / "home", *args, "What is on the agenda?")
    assert proc.returncode == 0, proc.stderr
    assert out["folder"] == str(folder) and out["attach_errors"] == []
    assert '[Atlas] ⚙ list_folder({}) → <data source="folder"> agenda.md' in proc.stderr
    assert "Kick-off at nine in the barn. [agenda.md, § Day one]" in out["deliverable"]
    assert {"file": "agenda.md", "place": "§ Day one"} in out["tasks"][0]["sources"]
    assert not (folder / ".aipa").exists() and sorted(p.name for p in folder.iterdir()) == ["agenda.md", "photo.jpg"]
