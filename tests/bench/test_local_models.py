"""``make bench``'s local-model report (issue 20), on the real models of both families:

- the pipeline table (tests/bench/local_models.py): per stage the share ok / re-asked /
  fell back, verdicts parsed, median prompt and completion tokens per directive, wall
  time; and the issue's targets as figures (verdict parsed in every run that reaches the
  audit, routing not fallen back in >= 90 %, median prompt tokens <= 2,500);
- the built-in engine's tokens/s against a plain llama.cpp server (engine_speed.py),
  idle and with two CPU-bound processes beside it (target >= 0.95x).

``AIPA_BENCH_DIRECTIVES`` (default 10) sets how many directives each family runs, and
``AIPA_BENCH_MAX_OUTPUT`` (default 0: the stage budgets) a cap on every reply.
"""

from __future__ import annotations

import os

import pytest

from tests.bench import engine_speed, local_models, report
from tests.support import model as test_model

pytestmark = [pytest.mark.bench, pytest.mark.llm]


@pytest.mark.parametrize("family", list(test_model.FAMILIES))
def test_local_model_report(family) -> None:
    n = int(os.environ.get("AIPA_BENCH_DIRECTIVES") or len(local_models.DIRECTIVES))
    cap = int(os.environ.get("AIPA_BENCH_MAX_OUTPUT") or 0)
    settings = {"max_output_tokens": cap} if cap else {}
    table = local_models.run_family(family, local_models.ROOT, n, settings)["table"]
    note = f"{n} directives; {table}"
    audited, parsed = (int(x) for x in table["verdicts_parsed"].split("/"))
    route = table["stages"].get("route", {})
    report.record(
        f"local model {family}: verdicts parsed in runs that reached the audit",
        100 * parsed / audited if audited else None,
        ">= 100",
        "every run of the report that reached the audit",
        unit="%",
        note=note,
    )
    report.record(
        f"local model {family}: routing ok or re-asked (not fallen back)",
        100 - route.get("fell back", 0) if route else None,
        ">= 90",
        "every routing call of the report",
        unit="%",
    )
    report.record(
        f"local model {family}: median prompt tokens per directive",
        table["median_prompt_tokens"],
        "<= 2500",
        "the sum over a directive's calls",
        unit="tokens",
    )


async def test_builtin_engine_tokens_per_second() -> None:
    figures = await engine_speed.measure("smollm2")
    for label in ("idle", "two CPU-bound processes beside"):
        f = figures[label]
        report.record(
            f"built-in engine tokens/s vs a plain llama.cpp server ({label})",
            f["ratio"],
            ">= 0.95",
            f"a plain xllamacpp server, same model, context and threads ({figures['threads']})",
            unit="×",
            note=f"built-in {f['builtin_tps']} tokens/s, plain {f['plain_tps']} tokens/s; {figures['why']}",
        )
