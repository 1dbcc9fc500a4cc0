"""``joker rules``: presets listed, one rule set shown with its changed fields, errors as messages."""

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
