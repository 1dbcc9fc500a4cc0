"""What a page or the terminal calls a table's rules, its bots and its seats, in
English and Russian (joker.rulestring.rules_label, joker.i18n.labels), and that
the pages draw their icons rather than emoji (issue 23: a fresh user's Chromium
without an emoji font showed 📱 and 💬 as empty boxes, Russian pages showed
"(schedule=1)" and "Vera")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from joker.i18n import catalogue, seat_names
from joker.i18n.labels import option_label
from joker.i18n.names import BOT_NAMES
from joker.rulestring import rules_label

SERVER = Path(__file__).resolve().parents[1] / "src" / "joker" / "server"


@pytest.mark.parametrize("rules,lang,label", [
    ("bus-angeles", "ru", "Регламент Бус-Анджелес"),
    ("bus-angeles(schedule=1)", "ru", "Регламент Бус-Анджелес (раздачи: 1)"),
    ("bus-angeles(schedule='1,2,9')", "en", "Bus-Angeles regulation (deals: 1,2,9)"),
    ("georgian(khishti=-500,must_trump=false)", "ru", "Грузинский покер (хишти: −500; обязательно козырять: нет)"),
    ("georgian(first_dealer=none)", "en", "Georgian poker (first dealer: drawn)"),
    ("camp(schedule=four-blocks)", "ru", "Походный джокер (раздачи: четыре блока)"),
    ("durak(players=3,show_trump=off)", "ru", "Переводной дурак (игроков: 3; перевод показом козыря: нельзя)"),
    ("durak-36(throw_in=neighbours)", "en", "Transfer Durak, 36 cards (who may throw in: the defender's neighbours)"),
    ("my-house(x=1)", "en", "my-house (x: 1)"),  # an unknown preset and option: as written
    ("not rules (at all", "ru", "not rules (at all"),  # not rules notation: as it is
])
def test_a_tables_rules_are_said_in_the_readers_language(rules: str, lang: str, label: str) -> None:
    assert rules_label(rules, lang) == label


def test_every_rules_option_of_both_games_has_a_label_in_both_languages() -> None:
    """Each field a rules string may set reads as words, not as its field name."""
    import dataclasses

    from joker.games.durak.rules import DurakRules
    from joker.games.joker.rules import Rules

    names = catalogue("names")
    for cls in (Rules, DurakRules):
        for f in dataclasses.fields(cls):
            if f.name != "preset":
                assert names.has(f"rule_{f.name}"), f.name
                assert "_" not in option_label(f.name, "1", "en"), f.name
                assert not re.search("[A-Za-z]", option_label(f.name, "1", "ru")), f.name


def test_bot_seats_are_named_in_the_readers_language_people_as_they_typed() -> None:
    assert seat_names(["Ann", "Alice", "Boris", "Vera"], [False, True, True, True], "ru") == ["Ann", "Алиса", "Борис", "Вера"]
    assert seat_names(["Ann", "Alice", "Boris", "Vera"], [False, True, True, True], "en") == ["Ann", "Alice", "Boris", "Vera"]
    # a person called Vera stays Vera; a bot's name the page would show twice stays as stored
    assert seat_names(["Vera", "Alice"], [False, True], "ru") == ["Vera", "Алиса"]
    assert seat_names(["Вера", "Vera"], [False, True], "ru") == ["Вера", "Vera"]
    assert seat_names(["Bot 1", "Lev"], [True, True], "ru") == ["Bot 1", "Лев"]
    ru = catalogue("names").texts["ru"]
    assert all(re.fullmatch(r"[А-ЯЁ][а-яё]+", ru[f"person_{n}"]) for n in BOT_NAMES)


# Emoji: the blocks from U+1F000 and the characters before it that browsers draw as emoji by
# default (Unicode's Emoji_Presentation=Yes below U+1F000).  Symbols such as ★ ♠ ✓ ✕ ♪ ● are
# text glyphs every desktop font has (DejaVu Sans) and stay.
_EMOJI_BMP = ("\u231a\u231b\u23e9-\u23ec\u23f0\u23f3\u25fd\u25fe\u2614\u2615\u2648-\u2653\u267f\u2693\u26a1"
              "\u26aa\u26ab\u26bd\u26be\u26c4\u26c5\u26ce\u26d4\u26ea\u26f2\u26f3\u26f5\u26fa\u26fd\u2705"
              "\u270a\u270b\u2728\u274c\u274e\u2753-\u2755\u2757\u2795-\u2797\u27b0\u27bf\u2b1b\u2b1c\u2b50\u2b55")
EMOJI = re.compile(f"[{_EMOJI_BMP}\U0001f000-\U0001faff]")


def test_no_page_uses_an_emoji_as_a_control_or_label() -> None:
    found = []
    for path in sorted((SERVER / "templates").glob("*.html")) + sorted((SERVER / "static").glob("*.*")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.name}:{n}: {ch!r}" for ch in EMOJI.findall(line)]
    for name in ("web", "durak_web", "names"):
        for lang, texts in catalogue(name).texts.items():
            found += [f"{name}/{lang}/{key}: {ch!r}" for key, text in texts.items() for ch in EMOJI.findall(text)]
    assert found == []


def test_the_icons_are_drawn_in_the_texts_colour() -> None:
    """Each icon the pages use is a symbol of icons.svg drawn with currentColor (it follows the
    button's colour: white on a green button, grey when disabled)."""
    sprite = (SERVER / "static" / "icons.svg").read_text(encoding="utf-8")
    used = set(re.findall(r'icon\("(\w+)"', "\n".join(p.read_text(encoding="utf-8") for p in
                                                      list((SERVER / "templates").glob("*.html")) + list((SERVER / "static").glob("*.js")))))
    used |= set(re.findall(r'(\w+): "\1"', (SERVER / "static" / "table_social.js").read_text(encoding="utf-8")))
    assert {"phone", "chat", "trophy", "thumbs_up", "wow"} <= used
    for name in used:
        symbol = re.search(rf'<symbol id="{name}"[^>]*>', sprite)
        assert symbol and "currentColor" in symbol.group(0), name


@pytest.mark.parametrize("game, total, lang, said", [
    ("joker", 312, "en", "312 points"), ("joker", 1, "en", "1 point"), ("joker", -50, "en", "-50 points"),
    ("joker", 312, "ru", "312 очков"), ("joker", 1, "ru", "1 очко"), ("joker", 22, "ru", "22 очка"),
    ("joker", 11, "ru", "11 очков"),
    ("durak", 0, "en", "never the fool"), ("durak", 1, "en", "the fool once"), ("durak", 2, "en", "the fool 2 times"),
    ("durak", 0, "ru", "ни разу не в дураках"), ("durak", 1, "ru", "в дураках один раз"),
    ("durak", 2, "ru", "в дураках 2 раза"), ("durak", 5, "ru", "в дураках 5 раз"), ("durak", 21, "ru", "в дураках 21 раз"),
])
def test_a_total_is_said_with_its_games_unit(game: str, total: int, lang: str, said: str) -> None:
    from joker.server.plugin import kit

    assert kit(game).web.total_label(total, lang) == said


def test_the_toy_game_says_its_totals_too() -> None:
    from toygame import ToyWeb

    assert [ToyWeb().total_label(n, "en") for n in (0, 1, 3)] == ["no tricks", "1 trick", "3 tricks"]
    assert [ToyWeb().total_label(n, "ru") for n in (0, 1, 3, 5)] == ["ни одной взятки", "1 взятка", "3 взятки",
                                                                   "5 взяток"]
