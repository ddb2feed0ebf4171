"""The benchmark report: every benchmark adds its figures here, and the
session writes ONE JSON report at the end (``bench-report.json`` at the repository
root, gitignored, and stdout). Each figure has its value, its target, what the ratio is
compared to, and whether it holds. Ratios are measured side by side in one run: the
machine is shared and noisy, so absolute times are printed only as context.

A figure that could not be measured this run (no bundle, no model) is recorded with
``value: null``, ``holds: null`` and the reason."""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPORT_PATH = ROOT / "bench-report.json"

FIGURES: list[dict] = []


def _holds(value: float, target: str) -> bool:
    op, _, limit = target.partition(" ")
    number = float(limit.rstrip("×%ms"))
    return {"<=": value <= number, ">=": value >= number, "==": value == number}[op]


def record(
    name: str, value: float | None, target: str, compared_to: str, *, unit: str = "", note: str = "", **extra
) -> dict:
    """Add one figure. ``target`` is '<= 2.5', '>= 0.97' or '== 0' (the value's unit)."""
    entry = {
        "figure": name,
        "value": None if value is None else round(value, 4),
        "unit": unit,
        "target": target,
        "compared_to": compared_to,
        "holds": None if value is None else _holds(value, target),
        "note": note,
        **extra,
    }
    FIGURES[:] = [f for f in FIGURES if f["figure"] != name] + [entry]
    print(f"\n[bench] {name}: {entry['value']} {unit} (target {target}; vs {compared_to}) holds={entry['holds']}")
    return entry


def skipped(name: str, target: str, compared_to: str, reason: str) -> dict:
    return record(name, None, target, compared_to, note=f"not measured: {reason}")


def median(values: list[float]) -> float:
    return statistics.median(values)


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def machine() -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "qpa": os.environ.get("QT_QPA_PLATFORM", ""),
    }


def write(started: float) -> dict:
    report = {
        "generated": datetime.now(UTC).isoformat(timespec="seconds"),
        "duration_s": round(time.monotonic() - started, 1),
        "machine": machine(),
        "load_average_at_end": load(),
        "figures": FIGURES,
        "all_hold": all(f["holds"] for f in FIGURES if f["holds"] is not None),
    }
    text = json.dumps(report, indent=2, ensure_ascii=False)
    REPORT_PATH.write_text(text + "\n", encoding="utf-8")
    print("\n" + text)
    print(f"[bench] report written to {REPORT_PATH}")
    return report
