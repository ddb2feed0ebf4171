"""What a run or a session cost, as the window says it (issue 23): money where a cloud
model's price is known ("$0.42"), else the tokens and the model time a local model took.
From ``Core.run_cost`` / ``Core.session_cost`` (``core/run/cost.summary``)."""

from __future__ import annotations


def money(amount: float) -> str:
    """Cents once there are any; below a cent, enough digits to say it is not nothing."""
    return f"${amount:.2f}" if amount >= 0.01 or amount == 0 else f"${amount:.4f}"


def duration(seconds: float) -> str:
    if seconds >= 3600:
        return f"{int(seconds // 3600)} h {int(seconds % 3600 // 60)} min"
    if seconds >= 60:
        return f"{int(seconds // 60)} min {int(seconds % 60)} s"
    return f"{seconds:.1f} s"


def detail(summary: dict) -> str:
    """The whole story: calls, tokens, model time, money."""
    calls = summary.get("calls", 0)
    bits = [
        f"{calls} call" + ("" if calls == 1 else "s"),
        f"{summary.get('input_tokens', 0):,} in / {summary.get('output_tokens', 0):,} out tokens",
        f"{duration(summary.get('seconds', 0.0))} of model time",
    ]
    if summary.get("money"):
        bits.append(money(summary["money"]))
    return " · ".join(bits)


def session_line(summary: dict) -> str:
    """The status bar's: "$0.42 this session" (cloud), "3 min 12 s of model time" (local), "" (nothing yet)."""
    if summary.get("money"):
        return f"{money(summary['money'])} this session"
    if summary.get("calls"):
        return f"{duration(summary.get('seconds', 0.0))} of model time"
    return ""


def run_line(summary: dict) -> str:
    """A finished run's, in the status bar's message."""
    if not summary.get("calls"):
        return ""
    tokens = summary.get("input_tokens", 0) + summary.get("output_tokens", 0)
    bits = [money(summary["money"])] if summary.get("money") else []
    bits += [f"{tokens:,} tokens", f"{duration(summary.get('seconds', 0.0))} of model time"]
    return "this run cost " + " · ".join(bits)
