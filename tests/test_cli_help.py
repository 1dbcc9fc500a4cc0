"""``joker --help`` and the commands' help: flags shown as flags, docstrings
wrapped by the terminal rather than where the source breaks its lines."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from joker.cli.main import app

WIDE = {"COLUMNS": "400"}  # wide enough that only a line break in the text itself would split a sentence


def _help(*args: str) -> str:
    out = CliRunner().invoke(app, [*args, "--help"], env=WIDE)
    assert out.exit_code == 0, out.output
    return out.output


@pytest.mark.parametrize("args, flag", [
    (("replay",), "--json"),
    (("analyse",), "--json"),
    (("ledger", "game", "list"), "--open"),  # the same for the scorekeeper's commands
    ((), "--help"),
])
def test_flags_are_shown_taking_no_value(args, flag):
    text = _help(*args)
    row = next(line for line in text.splitlines() if f" {flag} " in line)
    assert "<bool>" not in row, row
    assert "<bool>" not in text


def test_options_with_a_value_still_show_its_type():
    text = _help("analyse")
    assert re.search(r"--out\s+-o\s+<path>", text), text


def test_a_flag_given_a_value_is_refused():
    out = CliRunner().invoke(app, ["replay", "x.json", "--json", "true"])
    assert out.exit_code == 2 and "unexpected extra argument" in out.output


def test_command_summaries_are_not_broken_mid_sentence():
    text = _help()
    # one line each: the source's line breaks ("mean score per" / "game") are gone
    assert "print each seat's mean score per game (± 95% confidence interval), share of bids made" in text
    assert "the lobby, replays, and the scorekeeper, on one database (SQLite by default)." in text


def test_a_commands_later_paragraphs_wrap_naturally():
    text = _help("replay")
    assert "Exits 1 naming the first bad action (its deal and trick) when the record does not replay under its own " \
           "rules." in text
    text = _help("play")
    assert "The game is saved after every deal and on quitting; --resume FILE continues it exactly." in text
