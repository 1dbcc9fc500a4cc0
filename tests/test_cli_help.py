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


def test_the_help_says_durak_and_its_presets():
    """The fresh-user trial: ``joker --help`` named Joker alone and ``--preset``
    listed Joker's rule sets only, though ``joker play`` plays transfer Durak too."""
    from joker.games.durak.rules import PRESETS as DURAK
    from joker.games.joker.rules import PRESETS as JOKER

    assert "transfer Durak («Переводной дурак»)" in _help()
    text = _help("play")
    assert "or transfer Durak (--preset durak)" in text
    assert f"Joker: {', '.join(JOKER)}. Durak: {', '.join(DURAK)} (a Durak preset plays Durak)." in text
    assert list(DURAK) == ["durak", "durak-36"]


@pytest.mark.parametrize("args", [["--preset", "durak"], ["--preset", "durak-36"], ["--rules", "durak(players=2)"]])
def test_a_durak_preset_alone_plays_durak(tmp_path, args):
    """``joker play --preset durak`` with no ``--game``: the Durak game starts (it
    said "unknown preset 'durak'"); ``q`` saves a Durak record and quits."""
    import json

    save = tmp_path / "g.json"
    out = CliRunner().invoke(app, ["play", *args, "--seed", "1", "--save", str(save)], input="q\n",
                             env={**WIDE, "JOKER_HOME": str(tmp_path)})
    assert out.exit_code == 0, out.output
    assert "Durak — Transfer Durak" in out.output and "Game saved" in out.output
    assert json.loads(save.read_text())["game"] == "durak"


def _unexplained(command, path: tuple[str, ...]) -> list[str]:
    """Every option and argument under ``command`` (a click command or group) that its help leaves
    unexplained, as ``"ledger deal --house-override"``; groups are walked through their lazy loading."""
    if hasattr(command, "list_commands"):
        ctx = command.context_class(command)
        return [line for name in command.list_commands(ctx)
                for line in _unexplained(command.get_command(ctx, name), (*path, name))]
    return [" ".join((*path, p.opts[0] if p.param_type_name == "option" else p.name.upper()))
            for p in command.params
            if p.param_type_name in ("option", "argument") and not getattr(p, "hidden", False)
            and p.name != "help" and not (getattr(p, "help", None) or "").strip()]


def test_every_option_and_argument_says_what_it_is():
    """The fresh-user trial: ``joker ledger deal --help`` listed ``--house-override`` with nothing
    beside it (and so did 19 more options and arguments of ``joker ledger``)."""
    import typer

    assert _unexplained(typer.main.get_command(app), ()) == []
