"""Every HTML export is inert (one sanitising renderer, a strict CSP)."""

import re

from aipa.store import Store
from tests.support.cli import aipa, aipa_json

HOSTILE = (
    "# Report\n\n![beacon](http://tracker.example/pixel.png) and <img src=http://tracker.example/b.gif>\n\n"
    "[click](javascript:alert(1)) [data](data:text/html,<script>alert(1)</script>) "
    "[ok](https://example.org) [mail](mailto:a@example.org)\n\n"
    "Inline `a<b` and:\n\n```\nif a<b and c>d: x&y\n```\n<script>alert(2)</script>\n"
)


def _assert_inert(page: str) -> None:
    low = page.lower()
    assert 'http-equiv="content-security-policy"' in low and "default-src 'none'" in low
    tags = re.findall(r"<[^>]+>", low)  # markup, not escaped text (&lt;img …&gt; is inert text)
    assert not [t for t in tags if re.search(r"\bsrc\s*=|javascript:|data:|<img|<script|<iframe", t)], tags
    assert 'href="https://example.org"' in page and 'href="mailto:a@example.org"' in page
    assert "a&lt;b" in page and "&amp;lt;" not in page  # code escaped once


def test_export_html_of_a_hostile_deliverable_is_inert(tmp_path):
    home = tmp_path / "home"
    with Store(home / "aipa.db") as store:
        session = store.create_session("hostile")
        run_id = store.create_run(session, "Write a report")
        store.update_run(run_id, status="done", deliverable=HOSTILE)
    out = tmp_path / "report.html"
    proc = aipa(home, "export", run_id, "--format", "html", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    page = out.read_text(encoding="utf-8")
    _assert_inert(page)
    assert "javascript:" not in page  # not even as text: a dropped link keeps only its label


def test_plan_html_export_of_hostile_text_is_inert(tmp_path):
    home = tmp_path / "home"
    proc, result = aipa_json(home, "plan", "--dry-run", "--yes", "--json", HOSTILE)
    assert proc.returncode == 0, proc.stderr
    page = aipa(home, "export", result["run_id"], "--format", "html")
    assert page.returncode == 0, page.stderr
    _assert_inert(page.stdout)
