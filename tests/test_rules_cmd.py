"""``joker rules``: presets listed, one rule set shown with its changed fields, errors as messages."""

import re

from typer.testing import CliRunner

from joker.cli.main import app


def test_lists_every_preset():
    out = CliRunner().invoke(app, ["rules"], env={"COLUMNS": "160"})
    assert out.exit_code == 0
    for name in ("bus-angeles", "camp", "raspisnoy", "georgian-6", "rotating-trumps", "oh-hell"):
        assert name in out.output


def test_shows_fields_and_schedule():
    out = CliRunner().invoke(app, ["rules", "georgian(khishti=-500)"], env={"COLUMNS": "200"})
    assert out.exit_code == 0
    assert "khishti" in out.output and "-500" in out.output
    # RULES.md §4: georgian for 4 players is 1..8 · 9×4 · 8..1 · 9×4 = 24 deals
    assert "1,2,3,4,5,6,7,8 | 9,9,9,9 | 8,7,6,5,4,3,2,1 | 9,9,9,9  (24 deals)" in out.output


def test_impossible_rules_are_a_message_not_a_traceback():
    out = CliRunner().invoke(app, ["rules", "camp(players=11)"])
    assert out.exit_code == 2
    assert "2 to 10 players" in out.output
    assert "Traceback" not in out.output


def test_meanings_are_plain_text_not_rest_markup():
    out = CliRunner().invoke(app, ["rules", "bus-angeles"], env={"COLUMNS": "400"})
    assert out.exit_code == 0
    assert "``" not in out.output and ":class:" not in out.output
    assert "The card that is the joker in classic36 (6S or 7S)." in out.output
    assert "1-based seat of the first dealer; None: drawn" in out.output
    # a literal of punctuation keeps quotes, so it still reads as a character
    assert "deal sizes separated by ',', blocks by '|', a kind as 2:dark." in out.output


def test_durak_presets_are_listed_and_shown():
    """The fresh-user trial: ``joker rules durak`` said "unknown preset 'durak'" (and the list had Joker's
    presets only), though ``joker play --preset durak`` plays it.  Now Durak's presets are listed after
    Joker's, and a Durak preset or rules string is shown field by field, a changed field marked."""
    out = CliRunner().invoke(app, ["rules"], env={"COLUMNS": "160"})
    assert out.exit_code == 0
    assert "Transfer Durak presets" in out.output and "durak-36" in out.output and "durak38" in out.output
    out = CliRunner().invoke(app, ["rules", "durak-36(players=3,show_trump=off)"], env={"COLUMNS": "400"})
    assert out.exit_code == 0, out.output
    assert "Transfer by showing a trump (RULES.md §13.4 rule 2)." in out.output
    assert re.search(r"players\s+│\s+3\s+│\s+Number of players, 2\.\.4\.", out.output), out.output
    assert "deals:" not in out.output  # Durak has no schedule of deals
    out = CliRunner().invoke(app, ["rules", "durak", "--lang", "ru"], env={"COLUMNS": "400"})
    assert out.exit_code == 0 and "перевод показом козыря" in out.output and "Переводной дурак" in out.output
    out = CliRunner().invoke(app, ["rules", "durak(players=7)"])
    assert out.exit_code == 2 and "2 to 4 players" in out.output and "Traceback" not in out.output
