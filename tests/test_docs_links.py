"""The README and the user guide hold together: the README stays a first-five-minutes page
(at most 150 lines, the two set-up commands first), and every relative link or image in
README.md and docs/**/*.md points to a file that exists (and, for a Markdown page with an
anchor, to a heading that exists)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FIRST_LINES = [
    "```sh",
    "make run     # set everything up (first time) and launch AIPA Desktop",
    "make test    # set everything up (first time) and run the whole test suite",
    "```",
]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"`[^`]*`")
EXTERNAL = ("http://", "https://", "mailto:")


def _prose(text: str, spans: bool = False) -> str:
    """The page without its fenced blocks and (unless ``spans``) its code spans: a link
    written there is an example."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line if spans else CODE_SPAN.sub("", line))
    return "\n".join(lines)


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings: lower case, punctuation (and the
    backticks of code) dropped, spaces to hyphens."""
    found = set()
    for line in _prose(page.read_text(encoding="utf-8"), spans=True).splitlines():
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            found.add(slug)
    return found


def _broken(page: Path) -> list[str]:
    broken = []
    for target in LINK.findall(_prose(page.read_text(encoding="utf-8"))):
        if target.startswith(EXTERNAL):
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        if not dest.exists():
            broken.append(f"{page.relative_to(ROOT)}: {target} (no such file)")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    return broken


def test_the_readme_starts_with_the_two_commands_and_stays_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert lines[:4] == FIRST_LINES
    assert len(lines) <= 150, f"README.md has {len(lines)} lines; move the detail into docs/guide/"


def test_the_readme_links_the_user_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/guide/README.md" in LINK.findall(readme)
    guide = {p.name for p in (ROOT / "docs" / "guide").glob("*.md")} - {"README.md"}
    index = set(LINK.findall((ROOT / "docs" / "guide" / "README.md").read_text(encoding="utf-8")))
    assert guide <= index, f"guide pages missing from docs/guide/README.md: {sorted(guide - index)}"


def test_every_relative_link_and_image_resolves() -> None:
    assert len(PAGES) > 10  # the README, the guide's pages and the other docs
    broken = [line for page in PAGES for line in _broken(page)]
    assert broken == []
