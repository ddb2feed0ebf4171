"""A granted folder: list, search and read inside it only; nothing leaves it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from aipa.core.material.folder import FolderError, GrantedFolder
from aipa.errors import ToolError
from tests.support.doc_files import make_docx


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "granted"
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text("def main():\n    return 'hello world'\n")
    (root / "notes.md").write_text("# Notes\nThe deadline is Friday.\n")
    (root / "logo.png").write_bytes(b"\x89PNG\x00\x00binary")
    (root / "big.txt").write_text("x" * 5000)
    make_docx(root / "contract.docx", {"Payment": "Net 30 days."})
    (tmp_path / "secret.txt").write_text("outside the folder")
    os.symlink(tmp_path / "secret.txt", root / "escape.txt")
    os.symlink(tmp_path, root / "up")
    return root


def test_list_search_read_inside(tree: Path) -> None:
    folder = GrantedFolder(tree)
    listing = folder.listing()
    assert "src/" in listing and "notes.md" in listing and "escape.txt" not in listing and "up/" not in listing
    assert "src/app.py:2:" in folder.search("hello world")
    assert "secret" not in folder.search("outside")
    assert "[notes.md, § Notes]" in folder.read("notes.md") and "Friday" in folder.read("./notes.md")
    assert "Net 30 days" in folder.read("contract.docx")
    assert "escape.txt" not in folder.walk().files and "src/app.py" in folder.walk().files


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("../secret.txt", "'..' is not allowed"),
        ("/etc/passwd", "absolute path"),
        ("escape.txt", "symbolic link"),
        ("up/secret.txt", "symbolic link"),
        ("missing.txt", "does not exist"),
        ("logo.png", "binary"),
    ],
)
def test_refusals(tree: Path, path: str, words: str) -> None:
    with pytest.raises(ToolError) as info:
        GrantedFolder(tree).read(path)
    assert words in info.value.message


def test_size_cap_and_not_a_folder(tree: Path) -> None:
    with pytest.raises(ToolError, match="over the"):
        GrantedFolder(tree, max_bytes=1000).read("big.txt")
    with pytest.raises(FolderError, match="not a folder"):
        GrantedFolder(tree / "notes.md")
    with pytest.raises(FolderError, match="no such folder"):
        GrantedFolder(tree / "nothing")


def test_a_folder_of_100000_files_is_capped_with_a_message(tmp_path: Path) -> None:
    root = tmp_path / "many"
    for d in range(100):
        sub = root / f"d{d:03d}"
        sub.mkdir(parents=True)
        for f in range(1000):
            os.close(os.open(sub / f"f{f:04d}.txt", os.O_CREAT | os.O_WRONLY))
    folder = GrantedFolder(root)
    walk = folder.walk()
    assert walk.truncated and len(walk.files) == 20_000
    assert "more than 20,000 files" in folder.notice() and "hint:" in folder.notice()
