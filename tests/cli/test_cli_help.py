"""Every command-line option and argument explains itself in --help."""

from __future__ import annotations

import argparse

from aipa import gui
from aipa.cli import main as cli
from aipa.cli.parser import parser


def _undocumented(parser: argparse.ArgumentParser, path: str) -> list[str]:
    missing = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                missing += _undocumented(sub, f"{path} {name}")
        elif not action.help and action.dest != "help":
            missing.append(f"{path}: {'/'.join(action.option_strings) or action.dest}")
    return missing


def test_every_option_and_argument_has_help() -> None:
    assert _undocumented(parser(), "aipa") == []
    assert _undocumented(gui.parser(), "aipa (window)") == []


def test_the_window_options_are_one_flag_away(capsys) -> None:
    assert cli.main(["--help-window"]) == 0
    out = capsys.readouterr().out
    assert "--smoke DIRECTIVE" in out and "--screenshot PATH" in out
