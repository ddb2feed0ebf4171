"""What a run or a session cost, as the window says it (issue 23): money where a cloud
model's price is known ("$0.42"), else the tokens and the model time a local model took.
From ``Core.runs.cost`` / ``Core.sessions.cost`` (``core/run/cost.summary``). Numbers and
money follow the window's locale (ui/i18n.py)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

from aipa.ui.i18n import Context, counted, number

translate = QCoreApplication.translate
CostText = Context("CostText")


def money(amount: float) -> str:
    """Cents once there are any; below a cent, enough digits to say it is not nothing."""
    digits = 2 if amount >= 0.01 or amount == 0 else 4
    locale = QLocale()
    if locale.language() == QLocale.Language.C:
        return f"${amount:.{digits}f}"
    return locale.toCurrencyString(amount, "$", digits)


def duration(seconds: float) -> str:
    if seconds >= 3600:
        return translate("CostText", "{h} h {min} min").format(h=int(seconds // 3600), min=int(seconds % 3600 // 60))
    if seconds >= 60:
        return translate("CostText", "{min} min {s} s").format(min=int(seconds // 60), s=int(seconds % 60))
    return translate("CostText", "{s} s").format(s=number(seconds, 1))


def detail(summary: dict) -> str:
    """The whole story: calls, tokens, model time, money."""
    calls = summary.get("calls", 0)
    bits = [
        counted(CostText.tr("{count} call(s)", "", calls), calls),
        translate("CostText", "{input} in / {output} out tokens").format(
            input=number(summary.get("input_tokens", 0)), output=number(summary.get("output_tokens", 0))
        ),
        translate("CostText", "{time} of model time").format(time=duration(summary.get("seconds", 0.0))),
    ]
    if summary.get("money"):
        bits.append(money(summary["money"]))
    return " · ".join(bits)


def session_line(summary: dict) -> str:
    """The status bar's: "$0.42 this session" (cloud), "3 min 12 s of model time" (local), "" (nothing yet)."""
    if summary.get("money"):
        return translate("CostText", "{money} this session").format(money=money(summary["money"]))
    if summary.get("calls"):
        return translate("CostText", "{time} of model time").format(time=duration(summary.get("seconds", 0.0)))
    return ""


def run_line(summary: dict) -> str:
    """A finished run's, in the status bar's message."""
    if not summary.get("calls"):
        return ""
    tokens = summary.get("input_tokens", 0) + summary.get("output_tokens", 0)
    bits = [money(summary["money"])] if summary.get("money") else []
    bits += [
        counted(CostText.tr("{count} token(s)", "", tokens), tokens),
        translate("CostText", "{time} of model time").format(time=duration(summary.get("seconds", 0.0))),
    ]
    return translate("CostText", "this run cost {cost}").format(cost=" · ".join(bits))
