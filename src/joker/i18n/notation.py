"""Why a text could not be read — a rules string, a card, a suit — in
English and Russian: data only, like :mod:`.refusals`.

An :class:`~joker.errors.InvalidNotationError` is raised as
``InvalidNotationError(code, **params)``: by :mod:`joker.rulestring` (the
``rules_…`` codes; ``durak_rules_syntax`` where Durak's example differs) and
:mod:`joker.cards`.  ``params`` are text: ``text`` the input as given,
``example`` a valid string, ``near`` the unread rest, ``key`` an option's
name, ``call`` a joker's call (``high``).  The ``action_…`` codes are an
action's notation (:func:`joker.games.joker.actions.parse_action`; Durak's
``durak_action…``): the table's socket sends the code and params and the
page says it from this catalogue (its ``notation`` table), the terminal games
with ``--lang``.  The English text is the error's message, written here only.
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
        "action_empty": "empty action",
        "action_bid_too_large": "bid too large: {text!r}",
        "action_call_not_joker": "only a joker takes a call or mode: {text!r}",
        "action_joker_call": "a joker needs a call or a mode: {text!r} (lead: X1:high:H, X1:takes:H, X1:give, X1:top; "
                             "follow: X1:high, X1:low)",
        "action_call_needs_suit": "{call} needs suit: {text!r}",
        "action_call_no_suit": "{call} takes no suit: {text!r}",
        "durak_action_prefix": "bad Durak action {text!r}: write transfer:8D or show:9H",
        "durak_action": "bad Durak action {text!r}: write a card (8C), a beat (KC/8C), transfer:8D, show:9H, "
                        "take, done or pass",
    },
    "ru": {
        "rules_syntax": "это не строка правил: {text!r} (пример: {example!r})",
        "durak_rules_syntax": "это не строка правил Дурака: {text!r} (пример: {example!r})",
        "rules_option": "не разобрать параметр правил около {near!r} в {text!r}",
        "rules_option_twice": "параметр правил {key} указан дважды в {text!r}",
        "card": "это не карта: {text!r} (ранг 2-9 T J Q K A, затем масть S C D H, например AH, 10S; джокеры X1 X2)",
        "suit": "это не масть: {text!r} (S C D H или ♠ ♣ ♦ ♥)",
        "action_empty": "пустой ход",
        "action_bid_too_large": "слишком большой заказ: {text!r}",
        "action_call_not_joker": "объявление или режим бывает только у джокера: {text!r}",
        "action_joker_call": "джокеру нужно объявление или режим: {text!r} (с хода: X1:high:H, X1:takes:H, X1:give, "
                             "X1:top; не с хода: X1:high, X1:low)",
        "action_call_needs_suit": "{call}: нужна масть: {text!r}",
        "action_call_no_suit": "{call}: масть не указывают: {text!r}",
        "durak_action_prefix": "не ход Дурака: {text!r} (пишите transfer:8D или show:9H)",
        "durak_action": "не ход Дурака: {text!r} (пишите карту (8C), побить (KC/8C), transfer:8D, show:9H, "
                        "take, done или pass)",
    },
}
"""Per language, per code: the text with ``{placeholders}`` from the error's params."""

CATALOGUE = Catalogue("notation", TEXTS)
"""The notation errors (:class:`~joker.errors.InvalidNotationError`)."""
