"""The terminal game's text in English and Russian: a small dict catalogue.

Every string the user sees in ``joker play`` comes from :data:`CATALOG`
through a :class:`Tr` (``tr("bid_prompt", lo=0, hi=3)``).  Keys missing from
a language fall back to English; the test suite checks that both languages
have the same keys and the same ``{placeholders}``.  Why the engine refused
an action is said by :mod:`joker.games.joker.refusals` (:meth:`Tr.refusal`).

Russian nouns after a number take one of three forms; :meth:`Tr.plural`
picks it (1 карта, 2 карты, 5 карт).  ``joker ledger`` reads its own
catalogue (:mod:`joker.cli.ledger_i18n`) through the same :class:`Tr`.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from joker.games.joker.refusals import refusal

LANGS = ("en", "ru")

EN: dict[str, str] = {
    # the game as a whole
    "welcome": "Joker — {rules}. Seat {seat}: {name}; bots: {bots}.",
    "welcome_help": "Type a card (AH, 10h, ♥A), a bid as a number; ? legal moves, hint, s sheet, help, q save and quit.",
    "resumed": "Resumed {path}: deal {deal} of {deals}, {actions} actions already played.",
    "resume_ignored": "--resume continues the record's own game: {options} ignored.",
    "deal_header": "Deal {deal} of {deals} · {cards} · block {block}",
    "deal_start": "── Deal {deal} of {deals}: {cards}, dealer {dealer}{trump} ──",
    "deal_over": "Deal {deal} over:",
    "deal_over_item": "{name} {bid}/{taken} {score:+d}",
    "game_over": "Game over.",
    "saved": "Game saved: {path}",
    "resume_with": "Resume with: {joker} play --resume {path}",
    "record_at": "Game record: {path}",
    "save_failed": "Could not save the game to {path}: {error}",
    "already_over": "This game is already over.",
    # kinds of deal
    "kind_dark": "dark",
    "kind_gold": "gold",
    "kind_misere": "misère",
    "kind_notrump": "no-trump",
    "kind_forehead": "forehead",
    # trump
    "trump": "Trump {suit}",
    "trump_turned": "turned {card}",
    "no_trump": "No trump",
    "no_stock": "no stock",
    "chosen_by": "chosen by {name}",
    "trump_pending": "Trump: {name} chooses from his first three cards",
    "trump_pending_you": "Trump: you choose from your first three cards",
    "chosen_by_you": "chosen by you",
    "trump_rotating": "Trump rotates: the suit after the led suit (♠→♣→♦→♥→♠)",
    "dealer": "Dealer: {name}",
    # the table
    "col_player": "player",
    "col_bid": "bid",
    "col_taken": "tricks",
    "col_cards": "cards",
    "col_total": "total",
    "you_mark": "(you)",
    "not_bid": "≠{bid}",
    "trick_now": "Trick {trick} of {tricks}:",
    "trick_empty": "{name} to lead",
    "trick_empty_you": "your lead",
    "trick_done": "Trick {trick}: {plays} → {name}",
    "your_hand": "Your hand:",
    "first_three": "Your first three cards:",
    "dark_hand": "Dark deal: you bid without seeing your cards.",
    "forehead_hand": "Forehead deal: you see every card but your own.",
    "you_see": "You see:",
    "empty_hand": "(none)",
    # prompts
    "prompt_trump": "Choose trump (S C D H or ♠ ♣ ♦ ♥, N for no trump; here s is spades, 'sheet' the sheet) › ",
    "prompt_bid": "Your bid ({lo}–{hi}) › ",
    "prompt_bid_dealer": "Your bid ({lo}–{hi}, not {forbidden}: you are the dealer) › ",
    "prompt_card": "Your card › ",
    "prompt_lead_joker": "{joker} lead — {calls} (empty: back) › ",
    "prompt_follow_joker": "{joker} — {calls} (empty: back) › ",
    # actions, as lines
    "act_bid": "{name} bids {bid}",
    "act_bid_dealer": "{name} bids {bid} (dealer, could not say {forbidden})",
    "act_trump": "{name} chooses trump: {suit}",
    "act_play": "{name}: {card}",
    "forced": "(only legal move)",
    "you_bid": "You bid {bid}",
    "you_trump": "You choose trump: {suit}",
    "you_play": "You play {card}",
    # joker calls
    "call_high": "high",
    "call_takes": "takes",
    "call_give": "give",
    "call_top": "top",
    "call_follow_high": "high",
    "call_follow_low": "low",
    "joker_high": "joker: high {suit}",
    "joker_takes": "joker: takes {suit}",
    "joker_give": "joker: give",
    "joker_top": "joker: top",
    "joker_follow_high": "joker high",
    "joker_follow_low": "joker low",
    "no_trump_choice": "no trump",
    # commands and errors
    "legal": "Legal: {items}",
    "hint": "Hint ({bot}): {move}",
    "hint_unavailable": "No hint: the heuristic bot is not available in this version.",
    "no_deals_yet": "No deal finished yet.",
    "sheet_title": "Score sheet — {rules}",
    "error": "✗ {message}",
    "illegal": "✗ {message}",
    "refused_bid": "{bid}",  # the bid in a refusal: the English text already says "illegal bid {action}"
    "not_understood": "✗ not understood: {text!r} — {expected}; ? lists legal moves, help lists commands",
    "expect_trump": "name a suit (S C D H, ♠ ♣ ♦ ♥) or N for no trump",
    "expect_bid": "bid a number {lo}–{hi}",
    "expect_card": "type a card (AH, 10h, ♥A) or a joker (X1)",
    "expect_call": "type one of: {calls}",
    "no_joker": "you hold no joker",
    "not_a_joker": "only a joker takes a call: {text!r}",
    "needs_suit": "{call} needs a suit: e.g. {example}",
    "help": (
        "Commands: a card (AH, 10h, ♥A, X1; X1 high H or X1:high:H in one go), a bid (2), "
        "a trump (H or N) · ? legal moves · hint what the heuristic bot would do · "
        "s score sheet · q save and quit (Ctrl-C and Ctrl-D save too)"
    ),
    # sheet and standings headers
    "sheet_cards": "cards",
    "sheet_trump": "trump",
    "sheet_block": "block {block}",
    "sheet_fines": "fines",
    "sheet_total": "total",
    "standings": "Standings",
    "col_place": "place",
    # options
    "bad_lang": "--lang must be one of: {langs}",
    "bad_bots": "--bots: {error}",
    "bots_count": "--bots: give one name, or {count} names (one per bot seat); got {given}",
    "save_exists": "{path} exists; continue it with --resume {path}, or choose another --save",
    "bad_rules": "bad rules: {error}",
    "players_fixed": "{rules} is played by {counts} players, not {players}",
    "players_presets": "; presets for {players} players: {presets} (--preset NAME)",
    "players_no_preset": "; no preset is played by {players} players",
    "bad_record": "cannot resume {path}: {error}",
}

RU: dict[str, str] = {
    "welcome": "Джокер — {rules}. Место {seat}: {name}; боты: {bots}.",
    "welcome_help": "Введите карту (AH, 10h, ♥A), заказ числом; ? — допустимые ходы, hint — подсказка, s — запись, help — помощь, q — сохранить и выйти.",
    "resumed": "Продолжаем {path}: раздача {deal} из {deals}, сыграно ходов: {actions}.",
    "resume_ignored": "--resume продолжает игру из записи: {options} не учитываются.",
    "deal_header": "Раздача {deal} из {deals} · {cards} · блок {block}",
    "deal_start": "── Раздача {deal} из {deals}: {cards}, сдаёт {dealer}{trump} ──",
    "deal_over": "Раздача {deal} сыграна:",
    "deal_over_item": "{name} {bid}/{taken} {score:+d}",
    "game_over": "Игра окончена.",
    "saved": "Игра сохранена: {path}",
    "resume_with": "Продолжить: {joker} play --resume {path}",
    "record_at": "Запись игры: {path}",
    "save_failed": "Не удалось сохранить игру в {path}: {error}",
    "already_over": "Эта игра уже окончена.",
    "kind_dark": "тёмная",
    "kind_gold": "золотая",
    "kind_misere": "мизер",
    "kind_notrump": "бескозырка",
    "kind_forehead": "лобовая",
    "trump": "Козырь {suit}",
    "trump_turned": "открыта {card}",
    "no_trump": "Бескозырка",
    "no_stock": "колода роздана",
    "chosen_by": "назначил {name}",
    "trump_pending": "Козырь: {name} назначает по первым трём картам",
    "trump_pending_you": "Козырь: вы назначаете по первым трём картам",
    "chosen_by_you": "назначили вы",
    "trump_rotating": "Козырь меняется: масть после заходной (♠→♣→♦→♥→♠)",
    "dealer": "Сдаёт: {name}",
    "col_player": "игрок",
    "col_bid": "заказ",
    "col_taken": "взятки",
    "col_cards": "карт",
    "col_total": "очки",
    "you_mark": "(вы)",
    "not_bid": "≠{bid}",
    "trick_now": "Взятка {trick} из {tricks}:",
    "trick_empty": "заходит {name}",
    "trick_empty_you": "ваш заход",
    "trick_done": "Взятка {trick}: {plays} → {name}",
    "your_hand": "Ваши карты:",
    "first_three": "Ваши первые три карты:",
    "dark_hand": "Тёмная: заказ делается не глядя в карты.",
    "forehead_hand": "Лобовая: вы видите все карты, кроме своей.",
    "you_see": "Вы видите:",
    "empty_hand": "(нет)",
    "prompt_trump": "Назначьте козырь (S C D H или ♠ ♣ ♦ ♥, п т б ч; N — бескозырка; запись: 'sheet') › ",
    "prompt_bid": "Ваш заказ ({lo}–{hi}) › ",
    "prompt_bid_dealer": "Ваш заказ ({lo}–{hi}, кроме {forbidden}: вы сдаёте) › ",
    "prompt_card": "Ваш ход › ",
    "prompt_lead_joker": "{joker} в заход — {calls} (пусто: назад) › ",
    "prompt_follow_joker": "{joker} — {calls} (пусто: назад) › ",
    "act_bid": "{name}: заказ {bid}",
    "act_bid_dealer": "{name}: заказ {bid} (сдающий, нельзя было {forbidden})",
    "act_trump": "{name} назначает козырь: {suit}",
    "act_play": "{name}: {card}",
    "forced": "(единственный ход)",
    "you_bid": "Ваш заказ: {bid}",
    "you_trump": "Вы назначили козырь: {suit}",
    "you_play": "Ваш ход: {card}",
    "call_high": "старшие",
    "call_takes": "берёт",
    "call_give": "отдаю",
    "call_top": "все",
    "call_follow_high": "беру",
    "call_follow_low": "скидываю",
    "joker_high": "джокер: по старшим {suit}",
    "joker_takes": "джокер: {suit} берёт",
    "joker_give": "джокер: отдаю",
    "joker_top": "джокер: сдайте старшие",
    "joker_follow_high": "джокер: беру",
    "joker_follow_low": "джокер: скидываю",
    "no_trump_choice": "бескозырка",
    "legal": "Можно: {items}",
    "hint": "Подсказка ({bot}): {move}",
    "hint_unavailable": "Подсказки нет: эвристический бот в этой версии недоступен.",
    "no_deals_yet": "Ещё ни одна раздача не сыграна.",
    "sheet_title": "Запись — {rules}",
    "error": "✗ {message}",
    "illegal": "✗ нельзя: {message}",
    "refused_bid": "заказ {bid}",
    "not_understood": "✗ непонятно: {text!r} — {expected}; ? — допустимые ходы, help — команды",
    "expect_trump": "назовите масть (S C D H, ♠ ♣ ♦ ♥) или N — бескозырка",
    "expect_bid": "закажите число {lo}–{hi}",
    "expect_card": "введите карту (AH, 10h, ♥A) или джокера (X1)",
    "expect_call": "введите одно из: {calls}",
    "no_joker": "у вас нет джокера",
    "not_a_joker": "объявление бывает только у джокера: {text!r}",
    "needs_suit": "«{call}» требует масть: например, {example}",
    "help": (
        "Команды: карта (AH, 10h, ♥A, X1; сразу с объявлением: X1 старшие H или X1:high:H), заказ (2), "
        "козырь (H или N) · ? допустимые ходы · hint — как сыграл бы эвристический бот · "
        "s — запись · q — сохранить и выйти (Ctrl-C и Ctrl-D тоже сохраняют)"
    ),
    "sheet_cards": "карт",
    "sheet_trump": "козырь",
    "sheet_block": "блок {block}",
    "sheet_fines": "штрафы",
    "sheet_total": "итого",
    "standings": "Итоги",
    "col_place": "место",
    "bad_lang": "--lang: одно из {langs}",
    "bad_bots": "--bots: {error}",
    "bots_count": "--bots: одно имя или {count} имён (по одному на бота); дано {given}",
    "save_exists": "{path} уже есть; продолжите игру через --resume {path} или укажите другой --save",
    "bad_rules": "ошибка в правилах: {error}",
    "players_fixed": "{rules}: число игроков — {counts}, а не {players}",
    "players_presets": "; для {players} игроков есть правила: {presets} (--preset ИМЯ)",
    "players_no_preset": "; правил для {players} игроков нет",
    "bad_record": "нельзя продолжить {path}: {error}",
}

CATALOG: dict[str, dict[str, str]] = {"en": EN, "ru": RU}
"""Strings by language, then by key."""

BOT_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Alice", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Igor", "Kira"),
    "ru": ("Алиса", "Борис", "Вера", "Глеб", "Даша", "Егор", "Зоя", "Игорь", "Кира"),
}
"""Names given to the bots, in seat order."""

HUMAN_NAME: dict[str, str] = {"en": "You", "ru": "Вы"}
"""The human's default name."""

_CARD_FORMS: dict[str, tuple[str, ...]] = {"en": ("card", "cards"), "ru": ("карта", "карты", "карт")}


class Tr:
    """Strings of one language: ``tr(key, **fields)`` formats the entry."""

    def __init__(self, lang: str = "en", catalog: Mapping[str, Mapping[str, str]] = CATALOG) -> None:
        # ``catalog``: another command's strings by language (joker.cli.ledger_i18n), same machinery
        if lang not in catalog:
            raise ValueError(f"unknown language {lang!r}; languages: {', '.join(catalog)}")
        self.lang = lang
        self._strings = catalog[lang]
        self._english = catalog["en"]

    def __call__(self, key: str, **fields: object) -> str:
        text = self._strings.get(key)
        if text is None:
            text = self._english[key]
        return text.format(**fields) if fields else text

    def refusal(self, error: Exception, you: bool = False, render: Callable[[str, str], str] | None = None) -> str:
        """Why the engine refused an action, in this language; ``render`` rewrites
        its params (cards, actions) for the screen (see :func:`joker.games.joker.refusals.refusal`)."""
        return refusal(error, self.lang, you, render)

    def plural(self, n: int, forms: Sequence[str]) -> str:
        """``n`` with the right noun form: English (one, many), Russian (1, 2–4, 5+)."""
        if self.lang == "ru" and len(forms) == 3:
            if n % 10 == 1 and n % 100 != 11:
                form = forms[0]
            elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
                form = forms[1]
            else:
                form = forms[2]
        else:
            form = forms[0] if n == 1 else forms[-1]
        return f"{n} {form}"

    def count(self, n: int, key: str) -> str:
        """``n`` with the noun of catalogue entry ``key``, its forms separated by ``|``
        (``"game|games"``, ``"партия|партии|партий"``): ``2 games``, ``2 партии``."""
        return self.plural(n, self(key).split("|"))

    def cards(self, n: int) -> str:
        """``3 cards`` / ``3 карты``."""
        return self.plural(n, _CARD_FORMS[self.lang])
