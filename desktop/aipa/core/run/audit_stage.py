"""The audit stage of the directive pipeline: the auditor reads the deliverable and
writes a memo ending in a VERDICT line; the memo and verdict are checkpointed."""

from __future__ import annotations

import logging

from aipa.core.events import AuditReady, Notice
from aipa.core.kinds import Level, MessageKind, Purpose, Role, Stage, Verdict
from aipa.core.material.grounding import Grounding
from aipa.core.run import prompts
from aipa.core.run.playbook import Playbook
from aipa.core.text.parsing import parse_verdict

log = logging.getLogger("aipa.pipeline")


class AuditStage(Playbook):
    """The audit; part of ``Pipeline``."""

    grounding: Grounding  # set by Pipeline (the Principal's material)

    async def _audit_stage(self, run, deliverable: str, revision: int) -> tuple[str, str]:
        saved = self.store.get_checkpoint(run.run_id, Stage.AUDIT)
        if saved:
            return saved["verdict"], saved["memo"]
        if not self.settings.auto_audit:
            return Verdict.NONE, ""
        await self._stage(run, Stage.AUDIT)
        text = prompts.audit(run.directive, deliverable) + self.grounding.audit_note(run.session_id, deliverable)
        memo = await self._prose(
            run,
            self.auditor,
            text,
            Purpose.AUDIT,
            tags={"directive": run.directive},
            revision=revision,
        )
        if not memo.strip():
            self._fell_back(run, Purpose.AUDIT, "empty reply twice")
            memo = "The auditor returned no memo. Review the deliverable yourself before relying on it."
        verdict = parse_verdict(memo)
        if verdict == Verdict.NONE:
            log.warning("run %s: the audit memo has no VERDICT line", run.run_id)
            self.emit(Notice(run.run_id, Level.WARNING, "audit: the memo has no VERDICT line"))
        self.store.save_checkpoint(
            run.run_id,
            Stage.AUDIT,
            {"verdict": verdict, "memo": memo, "revision": revision, **self._fallback_mark(run, Stage.AUDIT)},
        )
        self.store.update_run(run.run_id, verdict=verdict)
        self.store.add_message(
            run.session_id, Role.ASSISTANT, memo, agent=self.auditor.name, run_id=run.run_id, kind=MessageKind.AUDIT
        )
        self.emit(AuditReady(run.run_id, memo, verdict))
        return verdict, memo
