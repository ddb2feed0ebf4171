"""A run's revisions as the Principal looks at them (issue 23): which revision of a family
the window shows, kept as a checkpoint of the family's first run so that it survives a
restart (and goes with the session when it is deleted). With no choice made, or when a
newer revision came since, the latest is shown."""

from __future__ import annotations

SHOWN = "shown_revision"  # the checkpoint on the family's first run: {"run_id": …, "of": how many there were}


def family(store, run_id: str) -> list:
    """The revisions of ``run_id``'s family, oldest first ([] for no such run)."""
    return store.revisions(run_id) if store.get_run(run_id) else []


def families(store, session_id: str) -> dict[str, tuple[str, ...]]:
    """Every run of the session -> its family's run ids, oldest first (one query: what
    the window asks when it opens a session, however many runs it has)."""
    runs = store.list_runs(limit=100_000, session_id=session_id)
    by_id = {r.run_id: r for r in runs}

    def root(run) -> str:
        seen = {run.run_id}
        while run.parent_id in by_id and run.parent_id not in seen:
            run = by_id[run.parent_id]
            seen.add(run.run_id)
        return run.run_id

    groups: dict[str, list] = {}
    for run in runs:
        groups.setdefault(root(run), []).append(run)
    out: dict[str, tuple[str, ...]] = {}
    for members in groups.values():
        members.sort(key=lambda r: (r.revision or 1, r.started_at))
        ids = tuple(r.run_id for r in members)
        out.update(dict.fromkeys(ids, ids))
    return out


def shown(store, run_id: str) -> str:
    """The run id of the revision shown for ``run_id``'s family ('' for no such run)."""
    runs = family(store, run_id)
    if not runs:
        return ""
    chosen = store.get_checkpoint(runs[0].run_id, SHOWN) or {}
    ids = [r.run_id for r in runs]
    # a revision made after the choice is shown: the Principal asked for it
    if chosen.get("run_id") in ids and chosen.get("of") == len(ids):
        return chosen["run_id"]
    return ids[-1]


def show(store, run_id: str) -> None:
    """Show the revision ``run_id`` for its family from now on."""
    runs = family(store, run_id)
    if runs:
        store.save_checkpoint(runs[0].run_id, SHOWN, {"run_id": run_id, "of": len(runs)})


def hidden(store, session_id: str) -> set[str]:
    """The session's runs that are revisions not shown (what the export leaves out)."""
    out: set[str] = set()
    seen: set[str] = set()
    for run in store.list_runs(limit=10_000, session_id=session_id):
        if run.run_id in seen:
            continue
        runs = family(store, run.run_id)
        seen.update(r.run_id for r in runs)
        if len(runs) > 1:
            keep = shown(store, run.run_id)
            out.update(r.run_id for r in runs if r.run_id != keep)
    return out
