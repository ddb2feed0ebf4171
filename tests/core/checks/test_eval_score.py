"""The figures of `aipa eval` from outcomes made by hand: accuracy at both levels, verdict
honesty, the auditor's agreement, a failed run, the table and the JSON."""

from __future__ import annotations

from aipa.core.checks.eval_score import Outcome, Report
from aipa.core.checks.find import find_checks
from aipa.core.checks.measure import measure_all
from aipa.core.checks.rule import auditor_verdict, capped, memo_with_checks

DIRECTIVE = "Use exactly 3 bullet points and finish with the exact sentence: Thanks, everyone."
GOOD = "- a\n- b\n- c\n\nThanks, everyone."
BAD = "- a\n- b\n\nBye."


def _outcome(arm: str, text: str, verdict: str = "", auditor: str = "", error: str = "") -> Outcome:
    return Outcome("d", arm, text, tuple(measure_all(find_checks(DIRECTIVE), text)), verdict, auditor, error=error)


def test_figures_per_arm():
    report = Report("suite.toml", "ollama", "m", ("single", "team"))
    report.outcomes += [
        _outcome("single", GOOD),
        _outcome("single", BAD),
        _outcome("team", GOOD, "PASS", "PASS"),
        _outcome("team", BAD, "FLAG", "PASS WITH NOTES"),
        _outcome("team", BAD, "FLAG", "FLAG"),
    ]
    single, team = report.figures()
    assert (single.checks, single.checks_met, single.prompts_met) == (4, 2, 1)
    assert single.instruction_accuracy == 0.5 and single.prompt_accuracy == 0.5
    assert single.to_dict()["pass_over_failed"] is None
    assert (team.checks, team.checks_met, team.prompts_met, team.audited) == (6, 2, 1, 3)
    assert team.pass_over_failed == 0 and team.auditor_pass_over_failed == 1
    assert team.auditor_agrees == 2 and team.to_dict()["auditor_agreement"] == round(2 / 3, 4)
    table = report.table().splitlines()
    assert len(table) == 4 and "| 2/4 (50.0%) | 1/2 (50.0%) | – | – |" in table[2]
    assert "| 0 (1) | 2/3 (66.7%) |" in table[3]


def test_a_pass_over_a_failed_check_is_counted():
    report = Report("s", "p", "m", ("team",))
    report.outcomes.append(_outcome("team", BAD, "PASS", "PASS"))
    (team,) = report.figures()
    assert team.pass_over_failed == 1  # the rule would never let it through; the figure would show it


def test_a_failed_run_counts_every_check_unmet_and_is_not_audited():
    report = Report("s", "p", "m", ("checked",))
    failed = Outcome("d", "checked", "", tuple(c.with_result(False, "the run failed") for c in find_checks(DIRECTIVE)),
                     error="the server went away")  # fmt: skip
    report.outcomes.append(failed)
    (checked,) = report.figures()
    assert (checked.checks, checked.checks_met, checked.prompts_met, checked.errors, checked.audited) == (2, 0, 0, 1, 0)
    out = report.to_dict()
    assert out["arms"]["checked"]["auditor_agreement"] is None and out["outcomes"][0]["error"]
    assert out["outcomes"][0]["all_met"] is False


def test_the_auditors_own_verdict_is_read_from_the_memo_the_rule_lowered():
    checks = measure_all(find_checks(DIRECTIVE), BAD)
    verdict = capped("PASS WITH NOTES", checks)
    memo = memo_with_checks("Fine.\nVERDICT: PASS WITH NOTES", checks, verdict, "PASS WITH NOTES")
    assert verdict == "FLAG" and auditor_verdict(verdict, memo) == "PASS WITH NOTES"
    assert auditor_verdict("PASS", "All good.\n\nVERDICT: PASS") == "PASS"
