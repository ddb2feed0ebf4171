"""Markdown safety, streaming cost, throttling, thinking collapse and folding."""

from __future__ import annotations

import re
import time

from PySide6.QtCore import QPoint, QUrl
from PySide6.QtGui import QTextDocument

from aipa.ui.chat_model import ChatItem, ChatModel
from aipa.ui.chat_view import ChatView
from aipa.ui.markdown_render import split_stable, to_html
from aipa.ui.safe_text import SafeBrowser, SafeDocument
from aipa.ui.theme import LIGHT
from tests.ui.helpers import DIRECTIVE, idle, items, open_window, until

HOSTILE = """# Title <script>alert(1)</script>

<img src="http://evil.example/x.png"> <iframe src="https://evil.example"></iframe>

![tracker](https://evil.example/pixel.gif) [site](https://example.org) [js](javascript:alert(1))
[local](file:///etc/passwd)

| a | b |
|---|---|
| 1 | 2 |

```python
def f():
    return 1
```
"""


def test_markdown_is_sanitized():
    out = to_html(HOSTILE)
    assert "<script" not in out and "<img" not in out and "<iframe" not in out
    assert "&lt;script&gt;" in out
    assert 'href="https://example.org"' in out
    assert "javascript:" not in out and "file:///" not in out
    assert "<table>" in out and "<th>a</th>" in out
    assert 'style="color' in out  # pygments highlighting, inline styles
    assert 'href="https://evil.example/pixel.gif"' in out  # images become links
    assert not re.search(r"<[^>]*\bsrc=", out)  # no element loads anything


def test_documents_never_load_resources(qtbot):
    requested = []

    class Spy(SafeDocument):
        def loadResource(self, type_, name):  # noqa: N802
            requested.append(name.toString())
            return super().loadResource(type_, name)

    doc = Spy()
    doc.setHtml('<p><img src="http://evil.example/a.png"><img src="file:///etc/hostname"></p>')
    doc.setTextWidth(300)
    doc.size()
    assert requested  # Qt asked, and SafeDocument refused (returned nothing)
    assert SafeDocument().loadResource(int(QTextDocument.ResourceType.ImageResource),
                                       QUrl("http://evil.example/a.png")) is None
    browser = SafeBrowser(theme=LIGHT)
    qtbot.addWidget(browser)
    assert not browser.openLinks() and not browser.openExternalLinks()
    assert browser.loadResource(2, QUrl("https://evil.example/a.png")) is None


def test_split_stable_keeps_open_blocks_in_the_tail():
    assert split_stable("para one\n\npara two") == len("para one\n\n")
    text = "intro\n\n```\ncode\n\nmore code\n"
    assert split_stable(text) == len("intro\n\n")  # an open fence is never cut
    closed = text + "```\n"
    assert split_stable(closed) == len(closed)


def render(view) -> None:
    view.doItemsLayout()
    view.viewport().repaint()


def _view(qtbot, n_items: int = 0, size: int = 2000):
    model = ChatModel()
    view = ChatView(model, LIGHT)
    view.resize(900, 700)
    qtbot.addWidget(view)
    filler = ("A paragraph of earlier discussion with **bold** text and a [link](https://example.org).\n\n"
              "| col | val |\n|---|---|\n| a | 1 |\n\n")
    for i in range(n_items):
        model.append(ChatItem("deliverable", key=f"old{i}", agent="Miranda",
                              content=(filler * (size // len(filler) + 1))[:size]))
    view.show()
    return model, view


def test_streaming_renders_only_the_tail_then_once_in_full(qtbot):
    model, view = _view(qtbot)
    item = model.append(ChatItem("task", key="t", agent="Atlas", color="#4a8fd9", label="T-1-A", streaming=True))
    delegate = view.chat_delegate
    text = "## Findings\n\nFirst paragraph.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nStill typing"
    for i in range(5, len(text), 7):
        model.update("t", content=text[:i])
        render(view)
    assert delegate.tail_renders > 5 and delegate.full_renders == 0
    cache = delegate._cache[item.uid]
    assert cache.incremental and cache.stable > 0  # finished blocks were appended, not re-rendered
    model.update("t", content=text, streaming=False, status="done")
    render(view)
    assert delegate.full_renders == 1
    assert "Findings" in delegate._cache[item.uid].body.toPlainText()


def test_thinking_streams_open_then_collapses_and_expands_on_click(qtbot):
    model, view = _view(qtbot)
    item = model.append(ChatItem("routing", key="r", agent="Miranda", streaming=True,
                                 thinking="line one\nline two"))
    assert item.show_thinking_open()
    model.update("r", content="Delegating.", streaming=False)
    assert not item.show_thinking_open()
    assert item.thinking_summary() == "▸ Thinking [17 chars · 2 lines]"
    render(view)
    rect = view.visualRect(model.index(0))
    toggle = view.chat_delegate._cache[item.uid].rects["thinking_toggle"]
    view.toggle_thinking(0)
    assert item.show_thinking_open()
    what, _ = view.chat_delegate.hit(item, toggle.center())
    assert what == "thinking" and rect.isValid()


def test_links_open_only_on_click(qtbot, monkeypatch):
    opened = []
    monkeypatch.setattr("aipa.ui.safe_text.QDesktopServices.openUrl", lambda url: opened.append(url.toString()))
    model, view = _view(qtbot)
    item = model.append(ChatItem("deliverable", key="d", agent="Miranda",
                                 content="[site](https://example.org) and [bad](javascript:alert(1))"))
    render(view)
    assert opened == []  # rendering opened nothing
    cache = view.chat_delegate._cache[item.uid]
    body = cache.rects["body"]
    layout = cache.body.documentLayout()
    point = next(QPoint(body.left() + x, body.top() + 6) for x in range(0, body.width(), 2)
                 if layout.anchorAt(QPoint(x, 6).toPointF()))
    what, url = view.chat_delegate.hit(item, point)
    assert (what, url) == ("link", "https://example.org")
    from aipa.ui.safe_text import open_link

    assert open_link(QUrl("javascript:alert(1)")) is False
    open_link(QUrl(url))
    assert opened == ["https://example.org"]


def test_render_cost_does_not_grow_with_the_history(qtbot):
    """Per-update cost with a 200 KB transcript stays close to a 2 KB one (loose bound)."""
    costs = {}
    for label, n in (("small", 1), ("large", 100)):
        model, view = _view(qtbot, n_items=n, size=2000)
        render(view)
        model.append(ChatItem("task", key="live", agent="Atlas", streaming=True))
        text = "Streaming words of a lead report. " * 40
        start = time.perf_counter()
        for i in range(1, 120):
            model.update("live", content=text[: i * 10])
            render(view)
        costs[label] = (time.perf_counter() - start) / 120
    assert costs["large"] < costs["small"] * 3 + 0.002, costs


async def test_stream_updates_are_throttled(qtbot, home):
    async with open_window(home, tps=600) as w:
        w.reviewer.auto = True
        deltas = []
        w.controller.eventReceived.connect(lambda e: deltas.append(e) if type(e).__name__ == "AgentDelta" else None)
        start = time.monotonic()
        await w.controller.submit(DIRECTIVE)
        seconds = time.monotonic() - start
        assert len(deltas) > 300
        assert w.controller.view_updates <= seconds * 20 + 5, (w.controller.view_updates, seconds)
        assert all(not i.streaming for i in items(w))


async def test_session_list_search_and_switch(qtbot, home):
    async with open_window(home) as w:
        w.reviewer.auto = True
        await w.controller.submit("Plan a kayak trip for the founders")
        first = w.controller.session_id
        await w.controller.command("/new")
        await w.controller.submit("Draft a hiring plan for two engineers")
        second = w.controller.session_id
        assert w.sessions.ids()[:2] == [second, first]
        qtbot.keyClicks(w.sessions.query, "kayak")
        await until(lambda: w.sessions.ids() == [first], what="the search result")
        w.sessions.list.itemClicked.emit(w.sessions.list.item(0))
        await until(lambda: w.controller.session_id == first, what="the switch")
        assert items(w, "directive")[0].content == "Plan a kayak trip for the founders"
        assert [t.status for t in items(w, "task")] == ["done"] * 3
        assert items(w, "audit")[0].verdict == "PASS WITH NOTES"
        assert items(w, "decision")[0].content.startswith("✓ Accepted")
        render(w.chat_view)
        await idle(w)
