"""Why a text could not be read — a rules string, a card, a suit — in
English and Russian: data only, like :mod:`.refusals`.

An :class:`~joker.errors.InvalidNotationError` is raised as
``InvalidNotationError(code, **params)``: by :mod:`joker.rulestring` (the
``rules_…`` codes; ``durak_rules_syntax`` where Durak's example differs) and
:mod:`joker.cards`.  ``params`` are text: ``text`` the input as given,
``example`` a valid string, ``near`` the unread rest, ``key`` an option's
name.  The English text is the error's message, written here only.  An
action's notation is still worded in English by its game (a plain message:
the pages and the terminal make actions, not people).
"""

from __future__ import annotations

from .core import Catalogue

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "rules_syntax": "not a rules string: {text!r} (expected e.g. {example!r})",
        "durak_rules_syntax": "not a Durak rules string: {text!r} (expected e.g. {example!r})",
        "rules_option": "bad rules option near {near!r} in {text!r}",
        "rules_option_twice": "rules option {key} given twice in {text!r}",
        "card": "not a card: {text!r} (rank 2-9 T J Q K A then suit S C D H, e.g. AH, 10S; jokers X1 X2)",
        "suit": "not a suit: {text!r} (use S C D H or ♠ ♣ ♦ ♥)",
    },
    "ru": {
        "rules_syntax": "это не строка правил: {text!r} (пример: {example!r})",
        "durak_rules_syntax": "это не строка правил Дурака: {text!r} (пример: {example!r})",
        "rules_option": "не разобрать параметр правил около {near!r} в {text!r}",
        "rules_option_twice": "параметр правил {key} указан дважды в {text!r}",
        "card": "это не карта: {text!r} (ранг 2-9 T J Q K A, затем масть S C D H, например AH, 10S; джокеры X1 X2)",
        "suit": "это не масть: {text!r} (S C D H или ♠ ♣ ♦ ♥)",
    },
}
"""Per language, per code: the text with ``{placeholders}`` from the error's params."""

CATALOGUE = Catalogue("notation", TEXTS)
"""The notation errors (:class:`~joker.errors.InvalidNotationError`)."""
