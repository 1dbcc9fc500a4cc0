"""The one text package (joker.i18n): every catalogue speaks both languages
with the same keys and placeholders, the Russian plural rule, the lookup's
fallback, and the package's place in the layers (it imports no application
and no game)."""

from __future__ import annotations

import sys
from typing import Iterator

import pytest

from joker.errors import IllegalActionError
from joker.i18n import LANGS, NAMES, Tr, catalogue, message, placeholders, plural
from joker.i18n.core import Texts


def _tables(name: str) -> Iterator[tuple[str, Texts]]:
    """Each table of catalogue ``name`` to compare across languages: its texts,
    each variant, its parts."""
    cat = catalogue(name)
    yield "texts", cat.texts
    for v, table in cat.variants.items():
        yield f"variant {v}", table
    if cat.parts:
        yield "parts", cat.parts


@pytest.mark.parametrize("name", NAMES)
def test_every_catalogue_has_the_same_keys_and_placeholders_in_both_languages(name: str) -> None:
    for what, table in _tables(name):
        assert set(table) == set(LANGS), (name, what)
        en = table["en"]
        for lang in LANGS:
            assert set(table[lang]) == set(en), (name, what, lang, set(table[lang]) ^ set(en))
            for key, text in table[lang].items():
                assert placeholders(text) == placeholders(en[key]), (name, what, lang, key)
                assert text, (name, what, lang, key)  # never an empty text
    # a variant says a text of the catalogue otherwise: its keys are the catalogue's
    cat = catalogue(name)
    for v, table in cat.variants.items():
        assert set(table["en"]) <= set(cat.texts["en"]), (name, v)


def test_the_russian_plural_rule() -> None:
    forms = ("взятка", "взятки", "взяток")
    said = {n: f"{n} {plural(n, forms, 'ru')}" for n in (1, 2, 5, 21, 11, 12, 14, 22, 25, 101, 111, 0)}
    assert said == {1: "1 взятка", 2: "2 взятки", 5: "5 взяток", 21: "21 взятка", 11: "11 взяток",
                    12: "12 взяток", 14: "14 взяток", 22: "22 взятки", 25: "25 взяток", 101: "101 взятка",
                    111: "111 взяток", 0: "0 взяток"}
    assert [plural(n, ("trick", "tricks")) for n in (0, 1, 2, 21)] == ["tricks", "trick", "tricks", "tricks"]
    ru = Tr("ru", "scorekeeper")
    assert [ru.plural(n, forms) for n in (1, 2, 5, 21, 11)] == ["1 взятка", "2 взятки", "5 взяток", "21 взятка",
                                                                 "11 взяток"]


# the web's counted texts, worked out by hand: English one/other, Russian 1 and 21 / 2–4 / 5–20 and 11
COUNTED = {
    "en": {"cards_n": ["1 card", "2 cards", "5 cards", "11 cards", "21 cards"],
           "open_seats": ["1 open seat", "2 open seats", "5 open seats", "11 open seats", "21 open seats"]},
    "ru": {"cards_n": ["1 карта", "2 карты", "5 карт", "11 карт", "21 карта"],
           "open_seats": ["1 свободное место", "2 свободных места", "5 свободных мест", "11 свободных мест",
                          "21 свободное место"]},
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_webs_counts_take_the_numbers_noun_form(lang: str) -> None:
    t = Tr(lang, "web")
    for key, said in COUNTED[lang].items():
        assert [t(key, n=n) for n in (1, 2, 5, 11, 21)] == said
    short = {"en": ["could not be made: 1 trick needed, only 0 could be made sure of",
                    "could not be made: 5 tricks needed, only 0 could be made sure of"],
             "ru": ["нельзя было сыграть: нужно взять 1 взятку, наверняка — только 0",
                    "нельзя было сыграть: нужно взять 5 взяток, наверняка — только 0"]}
    assert [t("dd_bid_short", bid=b, most=0) for b in (1, 5)] == short[lang]


def test_lookup_falls_back_to_english_and_fails_loudly_on_an_unknown_key() -> None:
    ru = Tr("ru", "web")
    assert ru("deal_of", deal=2, deals=24) == "Раздача 2 из 24"
    with pytest.raises(KeyError, match="no text 'no_such_key' in the web catalogue"):
        ru("no_such_key")
    with pytest.raises(ValueError, match="unknown language 'de'; languages: en, ru"):
        Tr("de", "play")
    with pytest.raises(KeyError, match="no catalogue 'bogus'"):
        catalogue("bogus")
    e = IllegalActionError("play", action="AS", legal="KS")
    assert str(e) == message(e, "en") == message(e, "de") == "illegal play AS; legal: KS"
    assert message(e, "ru") == "AS; можно: KS"
    plain = IllegalActionError("the game is over")  # another game's plain message
    assert plain.reason is None and message(plain, "ru") == "the game is over"
    with pytest.raises(KeyError):
        IllegalActionError("no_such_reason", action="AS")


def test_the_package_imports_no_application_and_no_game() -> None:
    """joker.i18n is shared infrastructure: its modules import only each other,
    the standard library and (for the web's HTML) markupsafe — no application
    (cli, server, ledger, env, bench), no game, nothing else of joker."""
    import ast
    from pathlib import Path

    import joker.i18n

    for path in Path(joker.i18n.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert name.startswith("joker.i18n") or top != "joker" and (
                    top in sys.stdlib_module_names or top == "markupsafe"), (path.name, name)


def test_no_catalogue_says_a_key_twice() -> None:
    """A key written twice in one table is silently the later text: a label of the web
    catalogue once showed "{n} players" so.  Every catalogue file is read as source."""
    import ast
    from pathlib import Path

    import joker.i18n as pkg

    found = []
    for path in sorted(Path(pkg.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                found += [(path.name, k) for k in sorted(set(keys)) if keys.count(k) > 1]
    assert found == []


CODED = {"RulesError": "rules", "InvalidNotationError": "notation", "IllegalActionError": "refusals",
         "RecordError": "records"}
"""The coded errors raised across the package by a literal code, and their catalogues."""


def test_every_code_raised_is_in_its_catalogue_and_every_text_is_raised() -> None:
    """A coded error given a code its catalogue lacks is silently a plain
    (English-only) message: every ``RulesError("code", …)``,
    ``InvalidNotationError("code", …)``, ``IllegalActionError("code", …)``
    and ``RecordError("code", …)`` in the source names a code of its
    catalogue, and no ``RecordError`` is raised with a message built in
    English (an f-string); and every text of the rules, notation and records
    catalogues is a code the source says (no dead text)."""
    import ast
    import re
    from pathlib import Path

    import joker

    root = Path(joker.__file__).parent
    said: set[str] = set()
    missing = []
    built = []
    for path in sorted(root.rglob("*.py")):
        if path.parent.name == "i18n":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                said.add(node.value)
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CODED
                    and node.args):
                continue
            if isinstance(node.args[0], ast.JoinedStr) and node.func.id == "RecordError":
                built.append((path.name, node.lineno))
            if not isinstance(node.args[0], ast.Constant):
                continue
            code = node.args[0].value
            if isinstance(code, str) and re.fullmatch(r"[a-z_]+", code) and not catalogue(CODED[node.func.id]).has(code):
                missing.append((path.name, node.lineno, code))
    assert missing == []
    assert built == []
    for name in ("rules", "notation", "records"):
        assert set(catalogue(name).texts["en"]) <= said, (name, set(catalogue(name).texts["en"]) - said)


# A masculine past-tense verb: a vowel then -л (взял, сходил, вышел via шёл), -лся (отбился), or мог/смог.
_MASCULINE_PAST = r"(?<![а-яё])(?:[а-яё]*[аеёиоуыяю]л(?:ся)?|[а-яё]*шёл(?:ся)?|(?:с|по|не)?мог)(?![а-яё])"
_NOT_VERBS = {"правил", "стол", "журнал", "каталог", "символ", "чисел", "итог", "ал", "пол"}
"""Words the pattern catches that are nouns (правил: of the rules; чисел: of numbers)."""
_NOT_ABOUT_PLAYERS = {
    ("web", "table_token_signature"): "выдал",  # the server issued the link
    ("web", "table_unavailable"): "ответил",  # the server did not answer
    ("web", "keeper_cross_site"): "пришёл",  # the request came from …
    ("web", "dd_failed"): "удался",  # the analysis failed
    ("web", "table_no_bot_move"): "смог",  # «ни один бот»: the word бот is masculine
}
"""(catalogue, key) → the one masculine past verb it may say, about a thing that is not a player."""


def _russian_texts() -> Iterator[tuple[str, str, str]]:
    """(catalogue, key, text) for every Russian text, variant and part."""
    for name in NAMES:
        for _, table in _tables(name):
            for key, text in table["ru"].items():
                yield name, key, text


def test_russian_texts_never_say_a_players_deed_in_the_masculine_past() -> None:
    """The rule of joker.i18n.core: a player may be a woman, so «взял», «вышел»,
    «мог» about a player are refused everywhere (rephrased: «взято», «выходит из
    игры», «можно»)."""
    import re

    found = []
    for name, key, text in _russian_texts():
        for m in re.finditer(_MASCULINE_PAST, text.lower()):
            word = m.group(0)
            if word not in _NOT_VERBS and _NOT_ABOUT_PLAYERS.get((name, key)) != word:
                found.append((name, key, word))
    assert found == []


def test_the_masculine_past_scan_catches_what_it_is_for() -> None:
    """The pattern itself, on the trial's words (a scan that matched nothing would pass vacuously)."""
    import re

    said = "Борис взял взятку; Вера сходила; Алиса заказал 2, отбился, вышел, ушёл, не мог; берёт, ход: 8♠, заказ: 2"
    assert re.findall(_MASCULINE_PAST, said.lower()) == ["взял", "заказал", "отбился", "вышел", "ушёл", "мог"]
    assert len(list(_russian_texts())) > 1000
