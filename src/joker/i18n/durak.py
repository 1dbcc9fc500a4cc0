"""Why the Durak engine refused an action (RULES.md §13.4–§13.5), in English
and Russian: data only, like :mod:`.refusals` for Joker.

The engine (:mod:`joker.games.durak.engine.refusals`) raises
``DurakRefusal(code, **params)``; ``params`` are text: ``seat`` (1-based, "3"),
``card`` / ``target`` in the engine's notation, counts as digits, ``legal``
the legal actions.  The English text is the error's message, written here only.
"""

from __future__ import annotations

from .core import Catalogue

_L = "; legal: {legal}"
_RU = "; можно: {legal}"

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "game_over": "the game is over",
        "not_held": "seat {seat} does not hold {card}" + _L,
        "defending": "seat {seat} defends: beat a card, transfer or take (RULES.md §13.4 rule 2)" + _L,
        "joker_attack": "a joker cannot lead or be thrown in (RULES.md §13.5)" + _L,
        "add_rank": "cannot add {card}: the lead's rank is {rank} (RULES.md §13.4 rule 1)" + _L,
        "throw_rank": "cannot throw in {card}: no card of its rank is on the table (RULES.md §13.4 rule 3)" + _L,
        "done_now": "seat {seat} cannot say done now" + _L,
        "pass_now": "seat {seat} cannot say pass now" + _L,
        "take_now": "seat {seat} cannot take now" + _L,
        "not_defending": "seat {seat} does not defend now" + _L,
        "no_target": "{target} is not an unbeaten attack card on the table" + _L,
        "too_low": "{card} does not beat {target}: beat with a higher card of its suit, a trump over a non-trump, "
                   "or a joker (RULES.md §13.4 rule 2)" + _L,
        "joker_shoulder": "cannot beat with {card}: {passed} {passed:card|cards} would pass to seat {seat}, who holds "
                          "{held} (RULES.md §13.5)" + _L,
        "joker_transfer": "a joker cannot transfer (RULES.md §13.5)" + _L,
        "passed_on_transfer": "cannot transfer: cards passed on by a joker must be beaten or taken (RULES.md §13.5)"
                              + _L,
        "passed_on_show": "cannot show: cards passed on by a joker must be beaten or taken (RULES.md §13.5)" + _L,
        "beaten_transfer": "cannot transfer: an attack card is already beaten (RULES.md §13.4 rule 2)" + _L,
        "beaten_show": "cannot show: an attack card is already beaten (RULES.md §13.4 rule 2)" + _L,
        "rank_transfer": "cannot transfer {card}: the attack's rank is {rank} (RULES.md §13.4 rule 2)" + _L,
        "rank_show": "cannot show {card}: the attack's rank is {rank} (RULES.md §13.4 rule 2)" + _L,
        "not_trump": "cannot show {card}: it is not a trump (RULES.md §13.4 rule 2)" + _L,
        "show_off": "showing a trump is off in these rules (show_trump=off)" + _L,
        "shown": "cannot show {card}: it was shown already (show_trump={option}, RULES.md §13.4 rule 2)" + _L,
        "limit_transfer": "cannot transfer: the bout holds at most {limit} attack cards (RULES.md §13.4 rule 4)" + _L,
        "limit_show": "cannot show: the bout holds at most {limit} attack cards (RULES.md §13.4 rule 4)" + _L,
        "capacity_transfer": "cannot transfer: seat {seat} holds {held} {held:card|cards} and the attack would be "
                             "{attack} (RULES.md §13.4 rule 2)" + _L,
        "capacity_show": "cannot show: seat {seat} holds {held} {held:card|cards} and the attack would be {attack} "
                         "(RULES.md §13.4 rule 2)" + _L,
        "bout_limit": "the bout already holds {limit} attack cards (RULES.md §13.4 rule 4)" + _L,
        "unbeaten_limit": "seat {seat} holds {held} {held:card|cards} and {unbeaten} {unbeaten:is|are} unbeaten: no more "
                          "attack cards (RULES.md §13.4 rule 4)" + _L,
        "illegal": "{action} is not legal now" + _L,
    },
    "ru": {
        "game_over": "игра окончена",
        "not_held": "у игрока {seat} нет карты {card}" + _RU,
        "defending": "игрок {seat} отбивается: побить карту, перевести или взять (RULES.md §13.4, правило 2)" + _RU,
        "joker_attack": "джокером нельзя заходить и подкидывать (RULES.md §13.5)" + _RU,
        "add_rank": "нельзя добавить {card}: заход в ранге {rank} (RULES.md §13.4, правило 1)" + _RU,
        "throw_rank": "нельзя подкинуть {card}: на столе нет карты этого ранга (RULES.md §13.4, правило 3)" + _RU,
        "done_now": "игрок {seat} сейчас не может сказать «хватит»" + _RU,
        "pass_now": "игрок {seat} сейчас не может сказать «пас»" + _RU,
        "take_now": "игрок {seat} сейчас не может взять" + _RU,
        "not_defending": "игрок {seat} сейчас не отбивается" + _RU,
        "no_target": "{target} — не побитая карта захода на столе" + _RU,
        "too_low": "{card} не бьёт {target}: бейте старшей картой той же масти, козырем некозырную или джокером "
                   "(RULES.md §13.4, правило 2)" + _RU,
        "joker_shoulder": "нельзя бить джокером {card}: {passed} {passed:карта|карты|карт} перейдут к игроку {seat}, "
                          "а у него {held} (RULES.md §13.5)" + _RU,
        "joker_transfer": "джокером нельзя переводить (RULES.md §13.5)" + _RU,
        "passed_on_transfer": "нельзя перевести: карты, переданные джокером, надо побить или взять (RULES.md §13.5)"
                              + _RU,
        "passed_on_show": "нельзя показать: карты, переданные джокером, надо побить или взять (RULES.md §13.5)"
                          + _RU,
        "beaten_transfer": "нельзя перевести: карта захода уже побита (RULES.md §13.4, правило 2)" + _RU,
        "beaten_show": "нельзя показать: карта захода уже побита (RULES.md §13.4, правило 2)" + _RU,
        "rank_transfer": "нельзя перевести {card}: заход в ранге {rank} (RULES.md §13.4, правило 2)" + _RU,
        "rank_show": "нельзя показать {card}: заход в ранге {rank} (RULES.md §13.4, правило 2)" + _RU,
        "not_trump": "нельзя показать {card}: это не козырь (RULES.md §13.4, правило 2)" + _RU,
        "show_off": "в этих правилах козырь не показывают (show_trump=off)" + _RU,
        "shown": "нельзя показать {card}: её уже показывали (show_trump={option}, RULES.md §13.4, правило 2)" + _RU,
        "limit_transfer": "нельзя перевести: в бою не больше {limit} карт захода (RULES.md §13.4, правило 4)" + _RU,
        "limit_show": "нельзя показать: в бою не больше {limit} карт захода (RULES.md §13.4, правило 4)" + _RU,
        "capacity_transfer": "нельзя перевести: у игрока {seat} {held} {held:карта|карты|карт}, а в заходе было бы "
                             "{attack} (RULES.md §13.4, правило 2)" + _RU,
        "capacity_show": "нельзя показать: у игрока {seat} {held} {held:карта|карты|карт}, а в заходе было бы "
                         "{attack} (RULES.md §13.4, правило 2)" + _RU,
        "bout_limit": "в бою уже {limit} карт захода (RULES.md §13.4, правило 4)" + _RU,
        "unbeaten_limit": "у игрока {seat} {held} {held:карта|карты|карт}, не побито {unbeaten}: больше подкидывать "
                          "нельзя (RULES.md §13.4, правило 4)" + _RU,
        "illegal": "{action} сейчас нельзя" + _RU,
    },
}

CATALOGUE = Catalogue("durak", TEXTS)
