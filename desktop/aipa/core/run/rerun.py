"""Re-runs (issue 23): steer a finished or stopped directive run after the fact.

A re-run is a new run that names the run it re-runs (``parent_id``) and takes the next
revision number of that family; the earlier revisions stay as they were. It starts with
copies of what is kept (the routing, the plan review, the finished leads' tasks, the
deliverable), so a kept report is byte-identical to its original, and only what was
asked for stays open: the named leads (then the synthesis and the audit), the synthesis
(then the audit), the audit alone, the leads whose brief the Principal edited (a branch
from dispatch: then the synthesis and the audit), or, with a new directive, everything
from routing (a branch). The pipeline then drives the new run like any other: resume, crash safety and
one owner per run hold unchanged, since the re-run is only checkpoints and tasks.

What was asked is the ``rerun`` checkpoint of the new run; the leads' feedback in it
reaches their prompts (``lead_note``), the synthesis's goes through the ``revise``
checkpoint the review gate uses.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from aipa import errors
from aipa.core.kinds import MessageKind, Role, RouteMode, RunKind, RunStatus, Stage
from aipa.core.run import prompts
from aipa.core.text.parsing import task_letter

RERUN = "rerun"  # the checkpoint: what this re-run was asked to do
REVISE = "revise"  # the synthesis's feedback (the same checkpoint as the review gate's: pipeline.REVISE)
STAGES = (Stage.SYNTHESIZE, Stage.AUDIT)
AGAIN = "Write it again, as well as you can."  # a direct answer re-run without feedback needs a new call


@dataclass(frozen=True)
class RerunRequest:
    """What to run again: ``leads`` (agent names or task ids; ``feedback`` none, one for
    all or one each), or ``stage`` (synthesize, with at most one feedback, or audit), or
    edited ``briefs`` ((lead name or task id, the new brief) pairs: a branch from
    dispatch, only the leads whose brief changed run again), or a new ``directive`` (a
    branch from routing)."""

    leads: tuple[str, ...] = ()
    feedback: tuple[str, ...] = ()
    stage: str = ""
    directive: str = ""
    briefs: tuple[tuple[str, str], ...] = ()

    def what(self) -> str:
        if self.directive:
            return "directive"
        if self.briefs:
            return "briefs"
        return "leads" if self.leads else str(self.stage)


def _usage(message: str, hint: str = "see `aipa run --help`") -> errors.UsageError:
    return errors.UsageError(message, hint)


def check(request: RerunRequest) -> None:
    """Refuse a request that names nothing, or mixes what cannot go together."""
    asked = [bool(request.leads), bool(request.stage), bool(request.directive.strip()), bool(request.briefs)]
    if sum(asked) == 0:
        raise _usage(
            "say what to re-run", "--lead NAME, --stage synthesize|audit, --brief LEAD=TEXT or --directive TEXT"
        )
    if sum(asked) > 1:
        raise _usage(
            "re-run leads, a stage, edited briefs or a new directive, one of them",
            "the later stages follow by themselves",
        )
    if request.briefs and request.feedback:
        raise _usage("--feedback goes with --lead or --stage synthesize", "an edited brief says what to do differently")
    if any(not text.strip() for _name, text in request.briefs):
        raise _usage("an edited brief is empty", "--brief LEAD=TEXT, the whole new brief")
    if request.stage and request.stage not in STAGES:
        raise _usage(f"no stage {request.stage!r} to re-run", "--stage synthesize or --stage audit")
    n = len(request.feedback)
    if request.leads and n not in (0, 1, len(request.leads)):
        raise _usage("give one --feedback for all the leads, or one for each --lead, in order")
    if request.stage == Stage.SYNTHESIZE and n > 1:
        raise _usage("the synthesis takes one --feedback")
    if (request.stage == Stage.AUDIT or request.directive) and n:
        raise _usage("--feedback goes with --lead or --stage synthesize", "the audit reads the deliverable as it is")


def prepare(store, parent_id: str, request: RerunRequest) -> str:
    """Create the re-run of ``parent_id`` with the copies of what it keeps; returns the new
    run's id. All of it is written in one transaction: a crash leaves no half re-run."""
    check(request)
    parent = store.get_run(parent_id)
    if parent is None:
        raise _usage(f"no run {parent_id}", "list runs with `aipa runs`")
    if parent.kind != RunKind.DIRECTIVE:
        raise _usage(f"run {parent_id} is a {parent.kind} run", "only directive runs can be re-run")
    if parent.status == RunStatus.RUNNING:
        raise _usage(f"run {parent_id} is still running", "wait for it to finish or stop it, then re-run it")
    cps = store.checkpoints(parent_id)
    tasks = store.tasks(parent_id)
    chosen = _chosen_tasks(request, tasks, parent_id)
    briefs = _edited_briefs(request, tasks, parent_id)
    _check_parent(request, cps, parent_id)
    directive = request.directive.strip() or parent.directive
    with store.batch(f"re-run run {parent_id}"):
        revision = max(r.revision for r in store.revisions(parent_id)) + 1
        run_id = store.create_run(
            parent.session_id,
            directive,
            kind=RunKind.DIRECTIVE,
            pid=os.getpid(),
            parent_id=parent_id,
            revision=revision,
            origin=_origin(store, parent),
        )
        run = store.get_run(run_id)
        asked = {"parent": parent_id, "what": request.what(), "stage": request.stage, "feedback": {}, "previous": {}}
        if request.directive:
            store.add_message(parent.session_id, Role.USER, directive, run_id=run_id, kind=MessageKind.DIRECTIVE)
        else:
            asked.update(_copy(store, run, request, cps, tasks, chosen, parent.deliverable or "", briefs))
        store.save_checkpoint(run_id, RERUN, asked)
    return run_id


def _origin(store, parent) -> dict[str, str]:
    """The provider, model and base URL the re-run records (what its resume uses): the
    ones it is driven on, this command line's completed with the parent's as a resume's
    are (``history.resume_route``)."""
    from aipa.core.run.history import resume_route

    given = getattr(store, "origin", None) or {}
    line = (given.get("provider", ""), given.get("model", ""), given.get("base_url", ""))
    provider, model, base_url = resume_route(parent, line) or line
    return {"provider": provider, "model": model, "base_url": base_url}


def _chosen_tasks(request: RerunRequest, tasks, parent_id: str) -> dict[str, str]:
    """The parent's tasks the request names: task id -> its feedback ('' for none)."""
    if not request.leads:
        return {}
    if not tasks:
        raise _usage(f"run {parent_id} has no leads' tasks to re-run", "re-run a stage or a new directive instead")
    chosen: dict[str, str] = {}
    for i, name in enumerate(request.leads):
        found = [t for t in tasks if name.casefold() in (t.assigned_to.casefold(), t.task_id.casefold())]
        if not found:
            names = ", ".join(sorted({t.assigned_to for t in tasks}))
            raise _usage(f"run {parent_id} has no lead {name!r}", f"its leads: {names}")
        feedback = request.feedback[i] if len(request.feedback) > 1 else "".join(request.feedback[:1])
        for t in found:
            chosen[t.task_id] = feedback.strip()
    return chosen


def _edited_briefs(request: RerunRequest, tasks, parent_id: str) -> dict[str, str]:
    """The parent's tasks whose brief the request changes: task id -> the new brief. A
    brief given as it was changes nothing; a request that changes none is refused."""
    if not request.briefs:
        return {}
    if not tasks:
        raise _usage(f"run {parent_id} has no briefs to edit", "re-run it with a new directive instead")
    edited: dict[str, str] = {}
    for name, text in request.briefs:
        found = [t for t in tasks if name.strip().casefold() in (t.assigned_to.casefold(), t.task_id.casefold())]
        if not found:
            names = ", ".join(sorted({t.assigned_to for t in tasks}))
            raise _usage(f"run {parent_id} has no lead {name!r}", f"its leads: {names}")
        for t in found:
            if text.strip() != t.brief.strip():
                edited[t.task_id] = text.strip()
    if not edited:
        raise _usage("no brief changed", "edit at least one lead's brief")
    return edited


def _check_parent(request: RerunRequest, cps: dict[str, dict], parent_id: str) -> None:
    """The parent got as far as the re-run starts from."""
    if request.leads or request.directive:
        return
    route = cps.get(Stage.ROUTE, {})
    routed = route.get("mode") == RouteMode.DIRECT or Stage.DISPATCH in cps
    if request.stage == Stage.SYNTHESIZE and not routed:
        raise _usage(
            f"run {parent_id} has no leads' reports to synthesize yet", f"resume it: aipa run --resume {parent_id}"
        )
    if request.stage == Stage.AUDIT and Stage.SYNTHESIZE not in cps:
        raise _usage(f"run {parent_id} has no deliverable to audit yet", f"resume it: aipa run --resume {parent_id}")


def _copy(
    store,
    run,
    request: RerunRequest,
    cps: dict[str, dict],
    tasks,
    chosen: dict[str, str],
    deliverable: str,
    briefs: dict[str, str],
):
    """Copy the kept checkpoints and tasks into ``run``; returns the leads' feedback and
    previous reports for the ``rerun`` checkpoint, by the new task ids."""
    keep = [Stage.ROUTE, Stage.CLARIFY, Stage.PLAN_REVIEW, "briefs"]
    if request.stage:
        keep.append(Stage.DISPATCH)
    if request.stage == Stage.AUDIT:
        keep.append(Stage.SYNTHESIZE)
    for stage in keep:
        if stage in cps:
            store.save_checkpoint(
                run.run_id, stage, _edited_route(cps[stage], tasks, briefs) if stage == Stage.ROUTE else cps[stage]
            )
    feedback: dict[str, str] = {}
    previous: dict[str, str] = {}
    prefix = f"T-{run.day}-{run.seq:03d}"
    for i, task in enumerate(tasks):
        new_id = f"{prefix}-{task_letter(i)}"
        again = task.task_id in chosen or task.task_id in briefs
        store.copy_task(task, run.run_id, new_id, keep=not again, brief=briefs.get(task.task_id))
        if task.task_id in briefs:  # what the lead is asked now, in the transcript as at a dispatch
            store.add_message(
                run.session_id,
                Role.USER,
                prompts.lead(run.directive, task.title, briefs[task.task_id]),
                agent=task.assigned_to,
                run_id=run.run_id,
                task_id=new_id,
                kind=MessageKind.BRIEF,
            )
        sources = cps.get(f"sources:{task.task_id}")
        if sources and not again:
            store.save_checkpoint(run.run_id, f"sources:{new_id}", sources)
        if chosen.get(task.task_id):
            feedback[new_id] = chosen[task.task_id]
            previous[new_id] = task.output
    if request.stage == Stage.SYNTHESIZE:
        text = "".join(request.feedback[:1]).strip()
        if not text and cps.get(Stage.ROUTE, {}).get("mode") == RouteMode.DIRECT:
            text = AGAIN  # a direct answer carried by the routing reply would be used again unasked
        store.save_checkpoint(run.run_id, REVISE, {"feedback": text, "previous": deliverable, "revision": 0})
    if request.stage == Stage.AUDIT:
        store.update_run(run.run_id, deliverable=deliverable)
    return {"feedback": feedback, "previous": previous}


def _edited_route(route: dict, tasks, briefs: dict[str, str]) -> dict:
    """The routing checkpoint with the edited briefs in it (the tasks are its briefs, in
    order), so that what the route says it asked is what the leads were asked."""
    if not briefs or not isinstance(route.get("briefs"), list):
        return route
    edited = [dict(b) if isinstance(b, dict) else b for b in route["briefs"]]
    for i, task in enumerate(tasks):
        if task.task_id in briefs and i < len(edited) and isinstance(edited[i], dict):
            edited[i]["instructions"] = briefs[task.task_id]
    return {**route, "briefs": edited}


def lead_note(store, run_id: str, task_id: str) -> str:
    """What a re-run lead is told besides its brief: the Principal's feedback on its
    previous report ('' when there is none, or the run is no re-run)."""
    asked = store.get_checkpoint(run_id, RERUN) or {}
    feedback = asked.get("feedback", {}).get(task_id, "")
    if not feedback:
        return ""
    previous = asked.get("previous", {}).get(task_id, "")
    return (
        "\n\nThe Principal read your previous report and asked for changes:\n"
        f"<feedback>\n{feedback}\n</feedback>\n<previous_report>\n{previous}\n</previous_report>\n"
        "Write the complete revised report."
    )


def summary(store, run_id: str):
    """What re-run ``run_id`` runs again and what it keeps, as the event that says it at
    the top of its revision (``events.RerunStarted``); None for a run that is no re-run
    the Principal asked for (a first revision, or an automatic one: its ``Revising`` says it)."""
    from aipa.core.events import RerunStarted

    run = store.get_run(run_id)
    asked = store.get_checkpoint(run_id, RERUN) if run is not None else None
    if run is None or not asked or store.get_checkpoint(run_id, "checks_round"):
        return None
    what = str(asked.get("what", ""))
    tasks = store.tasks(run_id)
    parent = str(asked.get("parent", run.parent_id or ""))
    # a kept report is its parent's copied as it was (its times too); one run again is not
    was = {i: t for i, t in enumerate(store.tasks(parent))} if parent else {}
    kept_at = [i in was and t.started_at is not None and t.started_at == was[i].started_at for i, t in enumerate(tasks)]
    kept = [t.assigned_to for t, k in zip(tasks, kept_at, strict=True) if k]
    again = [t.assigned_to for t, k in zip(tasks, kept_at, strict=True) if not k]
    if what in STAGES:  # a stage again: every lead's report is kept
        kept, again = [t.assigned_to for t in tasks], []
    feedback = [text for text in asked.get("feedback", {}).values() if text]
    if what == Stage.SYNTHESIZE:
        text = str((store.get_checkpoint(run_id, REVISE) or {}).get("feedback", ""))
        feedback = [text] if text and text != AGAIN else []
    if what == "directive":
        kept, again = [], []
    return RerunStarted(
        run_id, parent, run.revision, what,
        tuple(dict.fromkeys(again)), tuple(dict.fromkeys(kept)), tuple(dict.fromkeys(feedback)),
    )  # fmt: skip
