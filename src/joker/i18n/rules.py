"""Why a rules value is impossible, in English and Russian: data only, like
:mod:`.refusals`.

A :class:`~joker.errors.RulesError` is raised as ``RulesError(code,
**params)``: by :mod:`joker.registry` (an unknown game), :mod:`joker.rulestring` (an unknown field, a bad value) and
by each game's rules module (an impossible combination: Joker RULES.md
§2–§10, Durak §13; the Durak codes begin ``durak_`` where Joker has the same
one).  ``params`` are the values the text names — a field's value as given,
counts as numbers, lists already joined (``"bus-angeles, camp"``), or
another error (``classic_joker``'s card, said in the same language); a deck is
a :class:`~joker.i18n.core.Named` (its identifier in English, its name in Russian).  The
English text is the error's message, written here only; the field names and
values stay as the rules string writes them in both languages, so a reader
can type them back.
"""

from __future__ import annotations

from .core import Catalogue

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        # the game itself (joker.registry)
        "unknown_game": "unknown game {name!r}; games: {games}",
        "no_plugin": "game {name!r} has no {kind} plug-in",
        # every game (joker.rulestring, the presets)
        "unknown_preset": "unknown preset {name!r}; presets: {presets}",
        "durak_unknown_preset": "unknown Durak preset {name!r}; presets: {presets}",
        "unknown_field": "unknown rules field(s): {names}; fields: {fields}",
        "unknown_field_near": "unknown rules field(s): {names}; did you mean {near}?",
        "bad_value": "bad value for rules field {name}: {value!r}",
        "bad_value_of": "bad value for rules field {name}: {value!r} (one of {allowed})",
        # Joker (RULES.md §2–§10)
        "players": "players={players}: Joker is played by 2 to 10 players",
        "first_dealer": "first_dealer={first_dealer}: must be a seat 1..{players} or none",
        "classic_joker": "classic_joker: {error}",
        "classic_joker_deck": "classic_joker={card}: must be a card of the 36-card deck",
        "special_multiplier": "special_multiplier must be at least 1",
        "long_deal": "long_deal must be at least 1",
        "joker_leads_twice": "joker_leads lists a call twice",
        "rotating_top": "rotating_trumps: a led joker must name a suit, so joker_leads may not hold 'top'",
        "joker_leads_empty": "the deck has jokers, so joker_leads must allow at least one call",
        "no_deal": "schedule {schedule!r} has no deal",
        "deal_size": "deal {deal} of the schedule deals {cards} cards to {players} players, "
                     "but the {deck} deck has {n} cards",
        "forehead": "deal {deal}: a forehead deal has 1 card each (RULES.md §9)",
        "four_blocks": "schedule four-blocks is for 4 or 6 players, not {players}",
        "schedule_deal": "schedule {schedule!r}: bad deal {token!r} (use e.g. '1,2,3|9,9' or '9:dark'; "
                         "or one of {named})",
        "schedule_kind": "schedule {schedule!r}: unknown deal kind {kind!r} ({kinds})",
        # Durak (RULES.md §13)
        "durak_players": "players={players}: Durak is played by 2 to 4 players (RULES.md §13.2)",
        "first_bout_limit": "first_bout_limit={limit}: must be 6 or 5 (RULES.md §13.4)",
        "games": "games={games}: a series holds 1 to 1000 games",
        "stall_limit": "stall_limit={limit}: must be 1 to 1000 bouts",
        "onto_fool": "next_game_lead=onto_fool needs a series: set games to 2 or more",
    },
    "ru": {
        "unknown_game": "нет игры {name!r}; игры: {games}",
        "no_plugin": "у игры {name!r} нет модуля {kind}",
        "unknown_preset": "нет набора правил {name!r}; наборы: {presets}",
        "durak_unknown_preset": "нет набора правил Дурака {name!r}; наборы: {presets}",
        "unknown_field": "нет такого поля правил: {names}; поля: {fields}",
        "unknown_field_near": "нет такого поля правил: {names}; может быть, {near}?",
        "bad_value": "неверное значение поля правил {name}: {value!r}",
        "bad_value_of": "неверное значение поля правил {name}: {value!r} (можно: {allowed})",
        "players": "players={players}: в Джокер играют от 2 до 10 игроков",
        "first_dealer": "first_dealer={first_dealer}: нужно место от 1 до {players} или none",
        "classic_joker": "classic_joker: {error}",
        "classic_joker_deck": "classic_joker={card}: нужна карта 36-карточной колоды",
        "special_multiplier": "special_multiplier должен быть не меньше 1",
        "long_deal": "long_deal должен быть не меньше 1",
        "joker_leads_twice": "в joker_leads одно объявление названо дважды",
        "rotating_top": "rotating_trumps: джокер с хода должен назвать масть, поэтому в joker_leads не может быть 'top'",
        "joker_leads_empty": "в колоде есть джокеры, поэтому joker_leads должен разрешать хотя бы одно объявление",
        "no_deal": "в расписании {schedule!r} нет ни одной раздачи",
        "deal_size": "раздача {deal} расписания: {players} игрокам по {cards} {cards:карте|карты|карт}, "
                     "а в колоде всего {n} {n:карта|карты|карт} ({deck})",
        "forehead": "раздача {deal}: в лобовой раздаче у каждого 1 карта (RULES.md §9)",
        "four_blocks": "расписание four-blocks — для 4 или 6 игроков, а не для {players}",
        "schedule_deal": "расписание {schedule!r}: неверная раздача {token!r} (пишите, например, '1,2,3|9,9' "
                         "или '9:dark'; или одно из: {named})",
        "schedule_kind": "расписание {schedule!r}: нет вида раздачи {kind!r} ({kinds})",
        "durak_players": "players={players}: в Дурака играют от 2 до 4 игроков (RULES.md §13.2)",
        "first_bout_limit": "first_bout_limit={limit}: только 6 или 5 (RULES.md §13.4)",
        "games": "games={games}: в серии от 1 до 1000 партий",
        "stall_limit": "stall_limit={limit}: от 1 до 1000 боёв",
        "onto_fool": "next_game_lead=onto_fool — только для серии: укажите games не меньше 2",
    },
}
"""Per language, per code: the text with ``{placeholders}`` from the error's params."""

CATALOGUE = Catalogue("rules", TEXTS)
"""The rules errors (:class:`~joker.errors.RulesError`)."""
