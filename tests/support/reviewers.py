"""Scripted reviewers for tests: gates answered from a list, and a record of what
was asked."""

from aipa.core.run.reviewer import Decision


class ScriptedReviewer:
    def __init__(self, decisions=(), answers=None, confirm=True):
        self.decisions = list(decisions)
        self.answers = answers  # dict, None (suspend), or callable(questions) -> dict
        self.confirm = confirm
        self.items = []
        self.asked = []
        self.previews = []

    async def clarify(self, run_id, questions):
        self.asked.append(list(questions))
        if callable(self.answers):
            return self.answers(questions)
        return self.answers

    async def review(self, item):
        self.items.append(item)
        return self.decisions.pop(0) if self.decisions else Decision.accept()

    async def confirm_tool(self, title, preview):
        self.previews.append((title, preview))
        return self.confirm
