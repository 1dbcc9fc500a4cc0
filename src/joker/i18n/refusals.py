"""Why the Joker engine refused an action, in English and Russian: data only.

The engine raises ``IllegalActionError(reason, **params)``
(:meth:`joker.games.joker.engine.state.GameState.apply`): ``reason`` names a
text of :data:`TEXTS`, ``params`` (the action, the legal actions, the
suit…, as text in the engine's notation: ``b5``, ``AS``, ``X1:high``) fill
its ``{placeholders}``, and the English text is the error's message — written
here only.  :func:`joker.i18n.message` says it in Russian, or to the player
who acted (``you=True``: the :data:`YOU` variant, "you do not hold …"); a
caller that shows cards otherwise passes ``render`` to rewrite the params in
its own notation (the terminal game: ``5``, ``A♠``, ``X1 high``).  The web
page gets :data:`TEXTS` with :data:`YOU` over it as JSON and fills the same
placeholders from the reason and params the server forwards.

**Why here, in the shared package, and not under ``games/joker``.**  This is
data (no code of the game), and those who say a refusal are applications
that must not import a game (the web server ships this table to its pages;
the ledger says a wrapped refusal): with the table in ``joker.i18n`` they
reach it through the one translator, by the catalogue name the error itself
carries, and the engine reaches it the same way to word its English — one
place, and no import from ``joker.i18n`` into a game or from an application
into the engine.  ``joker.i18n`` still imports no game: a second game adds
its own data module and name (:data:`joker.i18n.core.NAMES`) beside this one.
"""

from __future__ import annotations

from .core import Catalogue

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "game_over": "illegal action {action}: the game is over",
        "trump_first": "illegal action {action}: seat {seat} must choose trump first; legal: {legal}",
        "trump_not_seen": "illegal trump {action}: seat {seat} may name only a suit of his first three cards"
                          "; legal: {legal}",
        "bid_now": "illegal action {action}: seat {seat} must bid now; legal: {legal}",
        "bid_range": "illegal bid {action}: a bid is 0..{cards} in a {cards}-card deal; legal: {legal}",
        "dealer_bid": "illegal bid {action}: the dealer may not make the bids sum to {cards}; legal: {legal}",
        "play_now": "illegal action {action}: seat {seat} must play a card now; legal: {legal}",
        "not_held": "illegal play {action}: seat {seat} does not hold {card}; legal: {legal}",
        "joker_follow": "illegal play {action}: a joker not led is played high or low ({card}:high, {card}:low)"
                        "; legal: {legal}",
        "joker_lead": "illegal play {action}: a led joker needs a call; legal: {legal}",
        "joker_call": "illegal play {action}: that call is not allowed here; legal: {legal}",
        "play": "illegal play {action}; legal: {legal}",
        "after_top": "illegal play {action}: after 'top' play your highest trump, else your highest card"
                     "; legal: {legal}",
        "after_high": "illegal play {action}: after high({suit}) play your highest {suit}; legal: {legal}",
        "must_follow": "illegal play {action}: must follow {suit}: you hold {cards}; legal: {legal}",
        "must_trump": "illegal play {action}: void in {suit}, must play a trump {trump}: you hold {cards}"
                      "; legal: {legal}",
        # a whole deal entered by its summary (GameState.apply_summary: the scorekeeper, a record's real-card deal)
        "summary_over": "the game is over: no more deals",
        "summary_started": "deal {deal} has already started: finish it with actions",
        "summary_trump": "deal {deal} ({cards} {cards:card|cards}): trump must be a suit 0..3 or None",
        "summary_no_bids": "deal {deal} ({cards} {cards:card|cards}): a {kind} deal has no bids",
        "summary_bids_count": "deal {deal} ({cards} {cards:card|cards}): {n} bids needed, one per seat",
        "summary_bid_range": "deal {deal} ({cards} {cards:card|cards}): seat {seat} bid {bid}; a bid is 0..{cards}",
        "summary_dealer_bid": "deal {deal} ({cards} {cards:card|cards}): the bids sum to {cards}; the dealer "
                              "(seat {seat}) may not bid {bid}",
        "summary_tricks_count": "deal {deal} ({cards} {cards:card|cards}): {n} trick counts 0..{cards} needed, "
                                "one per seat",
        "summary_tricks_sum": "deal {deal} ({cards} {cards:card|cards}): tricks taken sum to {sum}, the deal has "
                              "{cards} {cards:trick|tricks}",
    },
    "ru": {
        "game_over": "{action}: игра окончена",
        "trump_first": "{action}: сначала игрок {seat} называет козырь; можно: {legal}",
        "trump_not_seen": "{action}: игрок {seat} может назвать только масть одной из трёх первых карт; можно: {legal}",
        "bid_now": "{action}: сейчас игрок {seat} заказывает; можно: {legal}",
        "bid_range": "{action}: заказ — от 0 до {cards} (карт на руках: {cards}); можно: {legal}",
        "dealer_bid": "{action}: у сдающего сумма заказов не может быть равна {cards}; можно: {legal}",
        "play_now": "{action}: сейчас игрок {seat} ходит картой; можно: {legal}",
        "not_held": "{action}: у игрока {seat} нет карты {card}; можно: {legal}",
        "joker_follow": "{action}: джокер не с хода кладут старшим или младшим ({card}:high, {card}:low)"
                        "; можно: {legal}",
        "joker_lead": "{action}: джокер с хода требует объявления; можно: {legal}",
        "joker_call": "{action}: такое объявление здесь не разрешено; можно: {legal}",
        "play": "{action}; можно: {legal}",
        "after_top": "{action}: после «по старшей» кладите старший козырь, а без козырей — старшую карту"
                     "; можно: {legal}",
        "after_high": "{action}: после «высшая {suit}» кладите свою старшую {suit}; можно: {legal}",
        "must_follow": "{action}: нужно ходить в масть {suit}, у вас {cards}; можно: {legal}",
        "must_trump": "{action}: нет {suit} — нужно бить козырем {trump}, у вас {cards}; можно: {legal}",
        "summary_over": "игра окончена: раздач больше нет",
        "summary_started": "раздача {deal} уже начата: доиграйте её ходами",
        "summary_trump": "раздача {deal} ({cards} {cards:карта|карты|карт}): козырь — масть 0..3 или None",
        "summary_no_bids": "раздача {deal} ({cards} {cards:карта|карты|карт}): в раздаче «{kind}» заказов нет",
        "summary_bids_count": "раздача {deal} ({cards} {cards:карта|карты|карт}): нужно {n} "
                              "{n:заказ|заказа|заказов}, по одному на место",
        "summary_bid_range": "раздача {deal} ({cards} {cards:карта|карты|карт}): заказ места {seat} — {bid}; "
                             "заказ — от 0 до {cards}",
        "summary_dealer_bid": "раздача {deal} ({cards} {cards:карта|карты|карт}): сумма заказов — {cards}; "
                              "сдающему (место {seat}) нельзя заказать {bid}",
        "summary_tricks_count": "раздача {deal} ({cards} {cards:карта|карты|карт}): нужно {n} "
                                "{n:число|числа|чисел} взяток от 0 до {cards}, по одному на место",
        "summary_tricks_sum": "раздача {deal} ({cards} {cards:карта|карты|карт}): взяток в сумме {sum}, "
                              "а в раздаче {cards} {cards:взятка|взятки|взяток}",
    },
}
"""Per language, per reason code: the text with ``{placeholders}`` from the error's params."""

YOU: dict[str, dict[str, str]] = {
    "en": {
        "trump_first": "illegal action {action}: you must choose trump first; legal: {legal}",
        "trump_not_seen": "illegal trump {action}: you may name only a suit of your first three cards; legal: {legal}",
        "bid_now": "illegal action {action}: you must bid now; legal: {legal}",
        "play_now": "illegal action {action}: you must play a card now; legal: {legal}",
        "not_held": "illegal play {action}: you do not hold {card}; legal: {legal}",
    },
    "ru": {
        "trump_first": "{action}: сначала назовите козырь; можно: {legal}",
        "trump_not_seen": "{action}: назвать можно только масть одной из ваших трёх первых карт; можно: {legal}",
        "bid_now": "{action}: сейчас ваш заказ; можно: {legal}",
        "play_now": "{action}: сейчас ваш ход картой; можно: {legal}",
        "not_held": "{action}: у вас нет карты {card}; можно: {legal}",
    },
}
"""The texts that name the seat, said to the player who tried the action ("you")."""

CATALOGUE = Catalogue("refusals", TEXTS, {"you": YOU})
"""The engine's refusals: texts by language and reason; the ``you`` variant."""
