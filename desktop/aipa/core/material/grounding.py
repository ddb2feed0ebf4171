"""Grounded work: what the router sees of the Principal's material, the excerpts and
read-only tools each lead gets, the sources it used, and the excerpts the auditor
checks the deliverable's citations against.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from aipa.core.events import Notice
from aipa.core.material.documents import DocumentError
from aipa.core.material.folder import GrantedFolder
from aipa.core.material.retrieval import Excerpt, Library, cite, format_excerpts
from aipa.core.run import prompts
from aipa.core.run.tools import ToolRegistry, quoted
from aipa.core.team.agents import AgentDef
from aipa.errors import ToolError

if TYPE_CHECKING:
    from aipa.core.config.provider_book import ProviderBook
    from aipa.core.material.mcp_client import McpHub
    from aipa.core.material.picture_shelf import PictureShelf

CITATION = re.compile(r"\[([^\[\]\n,]{1,200}?),\s*([^\[\]\n]{1,120}?)\]")
DOC_TOOLS = ("search_documents", "read_document")
FOLDER_TOOLS = ("list_folder", "search_folder", "read_folder_file")
MAX_AUDIT_CHARS = 16_000
MAX_FOLDER_EXCERPT = 4_000  # one part of a folder's file, as the auditor sees it (a chunk is ~1,200)


def citations(text: str) -> list[tuple[str, str]]:
    """The ``[file, place]`` citations in ``text``, in order, without repeats."""
    return list(dict.fromkeys((f.strip(), p.strip()) for f, p in CITATION.findall(text)))


@dataclass
class Sources:
    """What one lead was given and what it read: (file, place) pairs in order."""

    used: list[tuple[str, str]] = field(default_factory=list)

    def add(self, pairs) -> None:
        for pair in pairs:
            if pair not in self.used:
                self.used.append(pair)

    def to_json(self) -> list[dict]:
        return [{"file": f, "place": p} for f, p in self.used]


class Grounding:
    """The material of sessions: attached documents (``library``), a granted folder per
    session (``folder_of``) and MCP tools (``mcp``). All optional."""

    def __init__(
        self,
        library: Library | None = None,
        folder_of: Callable[[str], GrantedFolder | None] | None = None,
        mcp: McpHub | None = None,
        budget: Callable[[], int] = lambda: 16384,
    ) -> None:
        self.budget = budget  # excerpt characters per lead, read at each lead
        self.library = library
        self.folder_of = folder_of or (lambda session_id: None)
        self.mcp = mcp
        self.pictures: PictureShelf | None = None  # the attached pictures (Parts sets it)
        self.book: ProviderBook | None = None  # to ask whether a model can see (Parts sets it)

    async def pictures_for(self, run, seers: list[AgentDef]) -> None:
        """Give the session's waiting pictures to ``run``; CannotSeeError when one of the
        agents who get them runs on a model that cannot see (before any call)."""
        if self.pictures is None:
            return
        self.pictures.claim(run.session_id, run.run_id)
        if self.pictures.of_run(run.run_id) and self.book is not None:
            from aipa.core.material import seeing

            await seeing.check(self.book, list({a.name: a for a in seers}.values()))

    def picture_note(self, run_id: str) -> str:
        """What the router is told about the run's pictures ('' when there are none)."""
        if self.pictures is None:
            return ""
        from aipa.core.material import seeing

        return seeing.route_note(self.pictures.of_run(run_id))

    async def prepare(self) -> list[Notice]:
        """Start the MCP servers (once) and list their tools; a warning per server that failed
        (a notice without its run: ``for_lead`` sets it)."""
        return await self.mcp.warnings() if self.mcp is not None else []

    async def for_lead(self, run, task, agent: AgentDef, base: ToolRegistry | None, sources: Sources, emit):
        """A lead's prompt, agent and tools: the brief, plus the excerpts that fit it (and the
        directive) within about a quarter of the context window (``num_ctx`` characters, ~4
        a token), the material's tools added; the MCP servers' warnings are emitted once, by
        the first lead."""
        text = prompts.lead(run.directive, task.title, task.brief)
        for warned in await self.prepare():
            emit(replace(warned, run_id=run.run_id))
        # the brief first, then the directive it serves: a small model's brief may name
        # nothing the material says (a title like "Axelon"), the directive still does
        query = f"{task.title} {task.brief} {run.directive}"
        excerpts, given = await self.excerpts(run.session_id, query, self.budget())
        sources.add(given)
        grounded, tools = self.toolbox(run.session_id, agent, base, sources)
        if excerpts or grounded.tools != agent.tools:
            text += "\n" + prompts.lead_sources(excerpts, [n for n in grounded.tools if n not in agent.tools])
        return text, grounded, tools

    def route_note(self, session_id: str) -> str:
        """What the router is told about the attached material ('' when there is none)."""
        outline = self.outline(session_id)
        return prompts.attached(outline) if outline else ""

    def synthesis_note(self, session_id: str) -> str:
        return prompts.keep_citations() if self.outline(session_id) else ""

    def audit_note(self, session_id: str, deliverable: str) -> str:
        """The excerpts the deliverable cites, for the auditor ('' when the session has no material)."""
        if not self.outline(session_id):
            return ""
        return prompts.audit_sources(self.cited_excerpts(session_id, deliverable)[0])

    def outline(self, session_id: str) -> str:
        """Names, sizes and a short outline of the attached documents, and the granted folder."""
        lines = []
        if self.library is not None:
            for d in self.library.documents(session_id):
                lines.append(f"- {d.name} ({d.kind}, {d.size:,} bytes, {d.chunks} excerpts): {d.outline}")
        folder = self.folder_of(session_id)
        if folder is not None:
            walk = folder.walk()
            more = "+" if walk.truncated else ""
            lines.append(f"- a granted folder with {len(walk.files):,}{more} files (list, search and read it)")
        return "\n".join(lines)

    async def excerpts(self, session_id: str, query: str, budget_chars: int) -> tuple[str, list[tuple[str, str]]]:
        """The excerpts that fit ``query`` within ``budget_chars``, formatted, and their citations."""
        if self.library is None or not self.library.documents(session_id):
            return "", []
        chunks = await self.library.excerpts(session_id, query, budget_chars)
        return format_excerpts(chunks), [(c.name, c.place) for c in chunks]

    def toolbox(
        self, session_id: str, agent: AgentDef, base: ToolRegistry | None, sources: Sources
    ) -> tuple[AgentDef, ToolRegistry | None]:
        """The agent with the material's read-only tools (and the MCP tools it may use) added."""
        extra = ToolRegistry()
        if self.library is not None and self.library.documents(session_id):
            self._document_tools(extra, session_id, sources)
        folder = self.folder_of(session_id)
        if folder is not None:
            self._folder_tools(extra, folder, sources)
        if self.mcp is not None:
            for tool in self.mcp.tools_for(agent):
                extra.add(tool)
        if not len(extra):
            return agent, base
        merged = ToolRegistry()
        for tool in [*(base or ()), *extra]:
            if tool.name not in merged:
                merged.add(tool)
        names = tuple(n for n in agent.tools if n in merged) + tuple(t.name for t in extra if t.name not in agent.tools)
        return replace(agent, tools=names), merged

    def _document_tools(self, reg: ToolRegistry, session_id: str, sources: Sources) -> None:
        library = self.library
        assert library is not None

        async def search_documents(query: str, limit: int = 5) -> str:
            """Search the documents the Principal attached; returns the best excerpts with their citations.

            Args:
                query: the words or question to look for
                limit: how many excerpts (1 to 10)
            """
            chunks = await library.search(session_id, query, k=max(1, min(10, limit)))
            sources.add((c.name, c.place) for c in chunks)
            if not chunks:
                return quoted("documents", f"no excerpt matches: {query}")
            return quoted("documents", "\n\n".join(f"{cite(c)}\n{c.text}" for c in chunks))

        def read_document(name: str, place: str = "") -> str:
            """Read an attached document from a place on (its start when no place is given).

            Args:
                name: the document's file name, e.g. brief.pdf
                place: where to start, as cited, e.g. p. 3 or slide 2 or § Budget
            """
            try:
                text = library.read(session_id, name, place)
            except DocumentError as exc:
                raise ToolError(f"{exc.message} ({exc.hint})") from None
            sources.add(citations(text))
            return quoted(name, text)

        reg.register(search_documents)
        reg.register(read_document)

    def _folder_tools(self, reg: ToolRegistry, folder: GrantedFolder, sources: Sources) -> None:
        def list_folder(path: str = "") -> str:
            """List files and folders inside the folder the Principal granted (read-only).

            Args:
                path: a folder relative to the granted folder; empty for its top
            """
            return quoted("folder", folder.listing(path))

        def search_folder(query: str) -> str:
            """Find lines containing all these words in the granted folder's text files.

            Args:
                query: the words to look for
            """
            return quoted("folder", folder.search(query))

        def read_folder_file(path: str) -> str:
            """Read a text, code or document file inside the granted folder.

            Args:
                path: the file, relative to the granted folder
            """
            text = folder.read(path)
            sources.add(citations(text))
            return quoted(path, text)

        reg.register(list_folder)
        reg.register(search_folder)
        reg.register(read_folder_file)

    def at(self, session_id: str, name: str, place: str, folder: GrantedFolder | None = None) -> list[Excerpt]:
        """What a citation ``[name, place]`` points at: an attached document's excerpts, else the
        granted folder's file parts (as ``read_folder_file`` cited them); empty when nowhere."""
        if self.library is not None:
            chunks = self.library.at(session_id, name, place)
            if chunks:
                return [Excerpt(c.name, c.place, c.text) for c in chunks]
        folder = folder or self.folder_of(session_id)
        if folder is None:
            return []
        return [Excerpt(name, s.place, s.text[:MAX_FOLDER_EXCERPT]) for s in folder.at(name, place)]

    def cited_excerpts(self, session_id: str, text: str) -> tuple[str, int, int]:
        """(the excerpts ``text`` cites, citations found, citations that match the material:
        an attached document or a file in the granted folder)."""
        folder = self.folder_of(session_id)  # one walk and one conversion per file for all citations
        if self.library is None and folder is None:
            return "", 0, 0
        found = citations(text)
        blocks, matched, used = [], 0, 0
        for name, place in found:
            excerpts = self.at(session_id, name, place, folder)
            if not excerpts:
                continue
            matched += 1
            block = format_excerpts(excerpts)
            if used + len(block) > MAX_AUDIT_CHARS:
                continue
            blocks.append(block)
            used += len(block)
        return "\n\n".join(blocks), len(found), matched
