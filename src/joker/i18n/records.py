"""Why a game record could not be read or replayed, in English and Russian:
data only, like :mod:`.refusals`.

A :class:`~joker.errors.RecordError` is raised as ``RecordError(code,
**params)``: by :mod:`joker.records` (the file, its JSON, its game), Joker's
record (:mod:`joker.games.joker.record`: a deal, a penalty, an action the
engine refuses) and Durak's (the ``durak_…`` codes).  ``params``: ``deal``,
``trick``, ``game``, ``k`` (an action's number) 1-based; ``cards`` a deal's
size; ``text`` an action as written; ``error`` the error behind it (said in
the same language: an engine's refusal, a bad card or rules string).
``joker replay --lang ru`` and the resumed terminal games say them in
Russian; the English text is the error's message, written here only.  The
record's own words (``first_dealer``, ``hands``, ``'fine'``) stay as the file
writes them.
"""

from __future__ import annotations

from .core import Catalogue

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        # every game (joker.records)
        "unreadable": "cannot read {path}: {error}",
        "not_json": "not JSON: {msg}: line {line} column {col} (char {pos})",
        "not_record": "not a joker record (missing \"format\": \"{format}\")",
        "game_name": "\"game\" must be a game's name, not {name!r}",
        "error": "{error}",
        # Joker (joker.games.joker.record)
        "version": "record format version {version!r} is not supported (only {supported})",
        "players_named": "{n} players named, the rules have {players}",
        "first_dealer": "first_dealer must be a seat 1..{players}, not {value!r}",
        "malformed": "malformed record: {kind}: {error}",
        "deal_not_object": "deal {deal}: not an object",
        "deal_numbered": "deal {deal}: numbered {number!r}",
        "deal_hands": "deal {deal}: {hands} hands for {n} players",
        "deal_kind": "deal {deal}: needs either hands and actions, or trump, bids and tricks",
        "deal_error": "deal {deal}: {error}",
        "penalty_seat": "penalty seat {seat} is not 1..{n}",
        "penalty_kind": "penalty kind {kind!r} is not 'fine' or 'dot'",
        "penalty": "malformed penalty {penalty!r}: {error}",
        "rules_version": "record needs rules version {version}; this engine has {engine}",
        "too_many_deals": "the record has {deals} deals; the schedule has {schedule}",
        "mixed_deals": "a record mixes played deals and real-card deals; this version needs one kind",
        "deal_unfinished": "deal {deal} ({cards} {cards:card|cards}): the previous deal did not finish",
        "action_trump": "deal {deal} ({cards} {cards:card|cards}), trump, action {k} {text!r}: {error}",
        "action_bid": "deal {deal} ({cards} {cards:card|cards}), bid, action {k} {text!r}: {error}",
        "action_play": "deal {deal} ({cards} {cards:card|cards}), trick {trick}, action {k} {text!r}: {error}",
        "action_over": "deal {deal} ({cards} {cards:card|cards}), over, action {k} {text!r}: {error}",
        "actions_after_end": "deal {deal} ({cards} {cards:card|cards}): {n} actions after the deal ended",
        "scores_differ": "deal {deal} ({cards} {cards:card|cards}): stored scores {want} differ from the rules' {got}",
        # Durak (joker.games.durak.record)
        "durak_game": "not a Durak record: \"game\" is {game!r}",
        "durak_version": "unsupported Durak record version {version!r} (this reads {supported})",
        "durak_rules_version": "record written by a newer engine (rules_version {version} > {engine})",
        "durak_malformed": "malformed Durak record: {kind}: {error}",
        "durak_names": "{names} player names for {n} seats",
        "durak_players": "{players} players for rules {rules} ({seats} seats)",
        "durak_bad": "bad record: {error}",
        "durak_over": "game {game}, action {k} {text!r}: game {game} is already over",
        "durak_action": "game {game}, action {k} {text!r}: {error}",
    },
    "ru": {
        "unreadable": "не прочитать {path}: {error}",
        "not_json": "это не JSON: {msg}: строка {line}, столбец {col} (символ {pos})",
        "not_record": "это не запись игры (нет \"format\": \"{format}\")",
        "game_name": "\"game\" — это название игры, а не {name!r}",
        "error": "{error}",
        "version": "версия формата записи {version!r} не поддерживается (только {supported})",
        "players_named": "названо игроков: {n}, а по правилам их {players}",
        "first_dealer": "first_dealer — место от 1 до {players}, а не {value!r}",
        "malformed": "запись повреждена: {kind}: {error}",
        "deal_not_object": "раздача {deal}: это не объект",
        "deal_numbered": "раздача {deal}: указан номер {number!r}",
        "deal_hands": "раздача {deal}: рук {hands}, а игроков {n}",
        "deal_kind": "раздача {deal}: нужны либо hands и actions, либо trump, bids и tricks",
        "deal_error": "раздача {deal}: {error}",
        "penalty_seat": "место штрафа {seat} — не от 1 до {n}",
        "penalty_kind": "вид штрафа {kind!r} — не 'fine' и не 'dot'",
        "penalty": "штраф {penalty!r} повреждён: {error}",
        "rules_version": "записи нужна версия правил {version}, а у движка {engine}",
        "too_many_deals": "в записи раздач: {deals}, а в расписании: {schedule}",
        "mixed_deals": "в записи смешаны сыгранные раздачи и раздачи живыми картами; эта версия читает только один вид",
        "deal_unfinished": "раздача {deal} ({cards} {cards:карта|карты|карт}): предыдущая раздача не закончена",
        "action_trump": "раздача {deal} ({cards} {cards:карта|карты|карт}), выбор козыря, ход {k} {text!r}: {error}",
        "action_bid": "раздача {deal} ({cards} {cards:карта|карты|карт}), заказ, ход {k} {text!r}: {error}",
        "action_play": "раздача {deal} ({cards} {cards:карта|карты|карт}), взятка {trick}, ход {k} {text!r}: {error}",
        "action_over": "раздача {deal} ({cards} {cards:карта|карты|карт}), игра окончена, ход {k} {text!r}: {error}",
        "actions_after_end": "раздача {deal} ({cards} {cards:карта|карты|карт}): ходов после конца раздачи: {n}",
        "scores_differ": "раздача {deal} ({cards} {cards:карта|карты|карт}): записанные очки {want} не совпадают "
                         "с очками по правилам {got}",
        "durak_game": "это не запись Дурака: \"game\" — {game!r}",
        "durak_version": "версия записи Дурака {version!r} не поддерживается (читается {supported})",
        "durak_rules_version": "запись сделана более новым движком (rules_version {version} > {engine})",
        "durak_malformed": "запись Дурака повреждена: {kind}: {error}",
        "durak_names": "имён игроков {names} на {n} мест",
        "durak_players": "игроков {players} для правил «{rules}» (мест: {seats})",
        "durak_bad": "ошибка в записи: {error}",
        "durak_over": "партия {game}, ход {k} {text!r}: партия {game} уже окончена",
        "durak_action": "партия {game}, ход {k} {text!r}: {error}",
    },
}
"""Per language, per code: the text with ``{placeholders}`` from the error's params."""

CATALOGUE = Catalogue("records", TEXTS)
"""The record errors (:class:`~joker.errors.RecordError`)."""
