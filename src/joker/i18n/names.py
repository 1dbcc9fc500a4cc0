"""The names people give to rule sets and bots, in English and Russian: data only.

A preset's key is ``preset_<name>`` (RULES.md §4 and §13: ``preset_bus-angeles``
is the Bus-Angeles regulation, «Регламент Бус-Анджелес»); a bot's is
``bot_<name>``, its level's name (:data:`joker.bots.LEVELS`: Easy, Medium,
Hard), an alias named as its level (``heuristic`` is the easy bot).  The
terminal and the web pages say them alike (:func:`joker.i18n.rules_label`,
:func:`joker.i18n.bot_label`; the pages' ``presetName``, ``rulesLabel`` and
``botName`` read this table as ``window.JOKER.names``).
"""

from __future__ import annotations

from .core import Catalogue

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
}

CATALOGUE = Catalogue("names", {"en": EN, "ru": RU})
"""Names by language, then by key."""
