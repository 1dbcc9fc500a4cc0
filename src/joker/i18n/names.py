"""The names people give to rule sets, their options, bots and the bots' seats,
in English and Russian: data only.

A deck's key is ``deck_<deck>`` (what it holds: ``deck_georgian38`` is "6–A
and two jokers"; said in errors by :class:`joker.i18n.core.Named`).
A preset's key is ``preset_<name>`` (RULES.md §4 and §13: ``preset_bus-angeles``
is the Bus-Angeles regulation, «Регламент Бус-Анджелес»); a bot's is
``bot_<name>``, its level's name (:data:`joker.bots.LEVELS`: Easy, Medium,
Hard), an alias named as its level (``heuristic`` is the easy bot).  A rules
option's is ``rule_<field>`` (a field of the game's rules: ``rule_khishti`` is
"khishti", «хишти»), an option's value ``value_<value>`` (a value without one
is shown as written), ``rule_none_<field>`` a field's ``none``.  A bot seat's
name is stored as one of :data:`BOT_NAMES` (a stable key, the English
spelling) and said as ``person_<name>`` (``person_Vera``: Vera, Вера) when
shown (docs/architecture.md, "Names").  The terminal and the web pages say them
alike (:func:`joker.rulestring.rules_label`; :mod:`joker.i18n.labels`:
``bot_label``, ``seat_names``; the pages' ``presetName``, ``botName``,
``seatNames`` and the lobby's option labels read this table as
``window.JOKER.names``).
"""

from __future__ import annotations

from .core import Catalogue

BOT_NAMES = ("Alice", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Igor", "Kira", "Lev")
"""The names bots get, in seat order: the keys stored with a table and in its record."""

_PEOPLE_RU = ("Алиса", "Борис", "Вера", "Глеб", "Даша", "Егор", "Зоя", "Игорь", "Кира", "Лев")

EN: dict[str, str] = {
    "bot_easy": "Easy",
    "bot_medium": "Medium",
    "bot_hard": "Hard",
    "bot_random": "Random",
    "bot_ismcts": "ISMCTS (OpenSpiel)",
    "bot_heuristic": "Easy",
    "bot_search": "Medium",
    "bot_search-hard": "Hard",
    "preset_bus-angeles": "Bus-Angeles regulation",
    "preset_camp": "Camp rules",
    "preset_raspisnoy": "Raspisnoy poker",
    "preset_raspisnoy-54": "Raspisnoy poker, 54 cards",
    "preset_georgian": "Georgian poker",
    "preset_georgian-6": "Georgian poker for six",
    "preset_rotating-trumps": "Rotating trumps",
    "preset_oh-hell": "Oh Hell (OpenSpiel)",
    "preset_durak": "Transfer Durak",
    "preset_durak-36": "Transfer Durak, 36 cards",
    # rules options (joker.games.joker.rules.Rules, joker.games.durak.rules.DurakRules; RULES.md §13)
    "rule_deck": "deck",
    "deck_georgian36": "Georgian: 7–A, 6♥, 6♦ and two jokers",
    "deck_georgian38": "6–A and two jokers",
    "deck_full54": "52 cards and two jokers",
    "deck_classic36": "6–A, a named 6♠ or 7♠ as the joker",
    "deck_standard52": "52 cards, no joker",
    "deck_durak38": "6–A and two jokers",
    "deck_durak36": "6–A, 6♠ and 6♣ as the jokers",
    "rule_classic_joker": "joker card",
    "rule_players": "players",
    "rule_first_dealer": "first dealer",
    "rule_none_first_dealer": "drawn",
    "rule_schedule": "deals",
    "rule_long_deal": "cards in a long deal",
    "rule_none_long_deal": "as many as the deck allows",
    "rule_specials": "special deals",
    "rule_special_round": "special deals played",
    "rule_special_multiplier": "special deals count ×",
    "rule_turned_joker": "a turned joker",
    "rule_empty_stock_trump": "trump when no card is left to turn",
    "rule_trump_choice": "trump chosen",
    "rule_trump_choice_at": "trump chosen in deals of",
    "rule_dealer_restriction": "the dealer's bid",
    "rule_must_trump": "must trump",
    "rule_joker_leads": "a led joker may call",
    "rule_high_call_trump_wins": "a trump beats a joker's high call",
    "rule_high_call_first_trick_only": "high call on the first trick only",
    "rule_rotating_trumps": "rotating trumps",
    "rule_scoring": "scoring",
    "rule_khishti": "khishti",
    "rule_none_khishti": "none",
    "rule_premium": "block premium",
    "rule_fine": "fine",
    "rule_show_trump": "transfer by showing a trump",
    "rule_throw_in": "who may throw in",
    "rule_first_bout_limit": "attack cards in each game's first bout",
    "rule_next_game_lead": "who attacks first in later games",
    "rule_games": "games in the series",
    "rule_stall_limit": "bouts without a card taken before a draw",
    "value_true": "yes",
    "value_false": "no",
    "value_none": "none",
    "value_four-blocks": "four blocks",
    "value_ladder": "ladder",
    "value_nines": "nines",
    "value_single": "one deal",
    "value_once_per_card": "each trump once per game",
    "value_once_per_bout": "each trump once per bout",
    "value_off": "off",
    "value_all": "everyone",
    "value_neighbours": "the defender's neighbours",
    "value_lowest_trump": "the lowest trump",
    "value_onto_fool": "onto the last fool",
    **{f"person_{n}": n for n in BOT_NAMES},
}

RU: dict[str, str] = {
    "bot_easy": "Лёгкий",
    "bot_medium": "Средний",
    "bot_hard": "Сильный",
    "bot_random": "Случайный",
    "bot_ismcts": "ISMCTS (OpenSpiel)",
    "bot_heuristic": "Лёгкий",
    "bot_search": "Средний",
    "bot_search-hard": "Сильный",
    "preset_bus-angeles": "Регламент Бус-Анджелес",
    "preset_camp": "Походный джокер",
    "preset_raspisnoy": "Расписной покер",
    "preset_raspisnoy-54": "Расписной покер, 54 карты",
    "preset_georgian": "Грузинский покер",
    "preset_georgian-6": "Грузинский покер на шестерых",
    "preset_rotating-trumps": "Переходящий козырь",
    "preset_oh-hell": "Oh Hell (как в OpenSpiel)",
    "preset_durak": "Переводной дурак",
    "preset_durak-36": "Переводной дурак, 36 карт",
    "rule_deck": "колода",
    "deck_georgian36": "грузинская: 7–туз, 6♥, 6♦ и два джокера",
    "deck_georgian38": "6–туз и два джокера",
    "deck_full54": "52 карты и два джокера",
    "deck_classic36": "6–туз, джокер — названная 6♠ или 7♠",
    "deck_standard52": "52 карты без джокеров",
    "deck_durak38": "6–туз и два джокера",
    "deck_durak36": "6–туз, джокеры — 6♠ и 6♣",
    "rule_classic_joker": "карта-джокер",
    "rule_players": "игроков",
    "rule_first_dealer": "первый сдающий",
    "rule_none_first_dealer": "по жребию",
    "rule_schedule": "раздачи",
    "rule_long_deal": "карт в длинной раздаче",
    "rule_none_long_deal": "сколько позволяет колода",
    "rule_specials": "особые раздачи",
    "rule_special_round": "особые раздачи играются",
    "rule_special_multiplier": "особые раздачи считаются ×",
    "rule_turned_joker": "открытый джокер",
    "rule_empty_stock_trump": "козырь, когда открывать нечего",
    "rule_trump_choice": "козырь выбирается",
    "rule_trump_choice_at": "козырь выбирается в раздачах по",
    "rule_dealer_restriction": "заказ сдающего",
    "rule_must_trump": "обязательно козырять",
    "rule_joker_leads": "заход джокером",
    "rule_high_call_trump_wins": "козырь бьёт джокер «по старшей»",
    "rule_high_call_first_trick_only": "«по старшей» только в первой взятке",
    "rule_rotating_trumps": "переходящий козырь",
    "rule_scoring": "подсчёт",
    "rule_khishti": "хишти",
    "rule_none_khishti": "нет",
    "rule_premium": "премия за блок",
    "rule_fine": "штраф",
    "rule_show_trump": "перевод показом козыря",
    "rule_throw_in": "кто подкидывает",
    "rule_first_bout_limit": "карт в первом бою каждой игры",
    "rule_next_game_lead": "кто заходит в следующих играх",
    "rule_games": "игр в серии",
    "rule_stall_limit": "боёв без взятых карт до ничьей",
    "value_true": "да",
    "value_false": "нет",
    "value_none": "нет",
    "value_four-blocks": "четыре блока",
    "value_ladder": "лесенка",
    "value_nines": "девятки",
    "value_single": "одна раздача",
    "value_once_per_card": "каждый козырь раз за игру",
    "value_once_per_bout": "каждый козырь раз за бой",
    "value_off": "нельзя",
    "value_all": "все",
    "value_neighbours": "соседи отбивающегося",
    "value_lowest_trump": "младший козырь",
    "value_onto_fool": "под последнего дурака",
    **{f"person_{n}": ru for n, ru in zip(BOT_NAMES, _PEOPLE_RU)},
}

CATALOGUE = Catalogue("names", {"en": EN, "ru": RU})
"""Names by language, then by key."""
