"""The core's vocabulary: members equal their strings, so the database keeps the same
text and readers comparing with plain strings keep working."""

import sqlite3

from aipa.core.kinds import PLAN_ARTIFACT_STAGES, MessageKind, Purpose, Role, RunStatus, Stage, stage_of
from aipa.store import Store


def test_every_purpose_belongs_to_its_stage():
    assert Purpose.LEAD.stage == Stage.DISPATCH
    assert Purpose.DIRECT.stage == Purpose.SYNTHESIZE.stage == Stage.SYNTHESIZE
    assert Purpose.CHAT.stage is None and Purpose.MEMORY.stage is None
    assert [Purpose.of_plan_stage(s).stage for s in PLAN_ARTIFACT_STAGES] == list(PLAN_ARTIFACT_STAGES)
    assert Purpose.PLAN_INTAKE.stage == Stage.INTAKE
    assert stage_of("route") == Stage.ROUTE and stage_of("something else") is None


def test_the_database_keeps_plain_text(tmp_path):
    path = tmp_path / "aipa.db"
    with Store(path) as store:
        session_id = store.create_session("kinds")
        run_id = store.create_run(session_id, "d")
        store.add_message(session_id, Role.USER, "hello", run_id=run_id, kind=MessageKind.DIRECTIVE)
        store.update_run(run_id, status=RunStatus.REJECTED, stage=Stage.REVIEW)
        [message] = store.messages(session_id)
        assert (message.kind, message.role) == ("directive", "user")
        assert MessageKind(message.kind) is MessageKind.DIRECTIVE
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT kind, role FROM messages").fetchone() == ("directive", "user")
        assert conn.execute("SELECT status, stage FROM runs").fetchone() == ("rejected", "review")
    finally:
        conn.close()
