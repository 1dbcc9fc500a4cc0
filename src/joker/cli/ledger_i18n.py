"""``joker ledger``'s text in English and Russian, read through the terminal
game's :class:`~joker.cli.i18n.Tr` (same fallback to English, same plurals).

:data:`CATALOG` is the game's catalogue (sheet and standings headers, deal
kinds, ``✗`` errors: the shared tables of :mod:`joker.cli.render` use them)
plus the entries below; the two never share a key (a test checks that, and
that both languages have the same keys and placeholders).  Entries named
``n_*`` are a noun's forms separated by ``|`` for :meth:`Tr.count`
(English one|many, Russian 1|2–4|5+).  The Russian words are the web
scorekeeper's (:mod:`joker.server.i18n`): партия, раздача, заказ, взятка,
штраф, точка, щелбан, кубок, игровой день, основной состав, гость,
ведущий записи; a block is «блок» as in RULES.md §1.

The English texts of the cup rules, of a penalty line and of what ``undo``
took back are the ledger library's (``CupRule.text``, ``PenaltyInfo.text``,
``Undone.text``) word for word, so the English output is unchanged.  Column
headers of the wide tables break into two lines on purpose (``"mean\nplace"``)
and never wrap otherwise (:mod:`joker.cli.ledger` lays them out).  The library's error messages come from its
own tables (:mod:`joker.ledger.messages`, said in the same words), after a
translated ``error:``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import i18n
from .i18n import LANGS, Tr

if TYPE_CHECKING:
    from joker.ledger.values import DayInfo, PenaltyInfo, Undone

ENV_LANG = "JOKER_LANG"
"""The environment variable giving ``--lang``'s default."""

EN: dict[str, str] = {
    # errors and options
    "error_line": "error: {message}",
    "bad_lang_value": "{value!r} is not a language; use one of: {langs}",
    "bad_date": "not a date: {value!r} (use YYYY-MM-DD)",
    "need_code": "give an infringement code ({codes}) or --other \"what happened\"",
    "cannot_read": "cannot read {file}: {error}",
    "not_scored_yet": "deal {number} is not scored yet",
    # nouns after a number
    "n_game": "game|games",
    "n_deal": "deal|deals",
    "n_penalty": "penalty|penalties",
    "n_redeal": "redeal|redeals",
    "n_difference": "difference|differences",
    # the deal being entered
    "cur_deal": "deal {number} of {deals}: {cards}, block {block}",
    "cur_attempt": ", attempt {attempt}",
    "cur_dealer": "dealer {dealer}; {first} bids first",
    "cur_chooser": " and chooses trump",
    "cur_trump": "trump {suit}",
    "cur_bids": "bids: {said}",
    "cur_forbidden": "the dealer {dealer} may not bid {bid}",
    "trump_none": "no-trump",
    "next_line": "next: {text}",
    "scored": "deal {number} scored: {scores}",
    "all_entered": "all deals entered: `joker ledger finish` for the standings",
    "corrected": "deal {number} corrected: {scores}",
    "totals_now": "totals now: {totals}",
    "undone": "undone: {what}",
    "undo_trump": "trump of deal {deal}",
    "undo_bids": "bids of deal {deal}",
    "undo_bid": "bid of deal {deal}",
    "undo_tricks": "tricks of deal {deal}",
    "undo_deal": "deal {deal}",
    "undo_redeal": "redeal of deal {deal}",
    "undo_edit": "correction of deal {deal}",
    "undo_penalty": "{kind} to {player} ({what})",
    "undo_penalty_redeal": " and the redeal of deal {deal}",
    "undo_finish": "finish",
    "undo_abandon": "abandon",
    # games
    "state_open": "open",
    "state_finished": "finished",
    "state_abandoned": "abandoned",
    "game_title": "game {id} · {date} #{number} · {rules} · {state}",
    "game_started": "game {id} started: {seats} — {rules}",
    "game_abandoned": "game {id} abandoned",
    "col_game": "game",
    "col_day": "day",
    "col_number": "#",
    "col_state": "state",
    "col_who": "players (total, place)",
    # below the sheet: redeals, fines and dots, slaps, cup points
    "redeal_line": "  redeal: deal {number}, attempt {attempt} voided — {reason}{said}",
    "redeal_said": " (bids said: {bids})",
    "redeal_no_reason": "redeal",
    "voided": "deal {number} (attempt {attempt}) voided: {reason}",
    "voided_again": "deal {number} (attempt {attempt}) voided: {reason}; it is dealt again",
    "dealt_again": "deal {deal} is dealt again",
    "redeal_hint": "(the regulation redeals after {code}: `joker ledger redeal --reason {code}` if it was)",
    "penalty_fine": "fine",
    "penalty_dot": "dot",
    "penalty_line": "{kind}{value}: {player}, {where}, {what}",
    "penalty_deal": "deal {deal}",
    "penalty_no_deal": "outside a deal",
    "dots_game": "  dots this game: {dots}",
    "dots_running": "  dots today towards a slap: {running}",
    "slaps_today": "   slaps today: {slaps}",
    "slap": "SLAP: {player} — THIRD DOT TODAY! A slap from {others}. (slap #{number} today; the count starts again)",
    "cup_points_line": "  cup points: {points}",
    "not_cup_game": "  not a cup game ({label}: {guests})",
    "guest_one": "guest",
    "guest_many": "guests",
    # players
    "player_added": "added {name} ({roster})",
    "player_renamed": "renamed to {name}",
    "player_roster": "{name}: {roster}",
    "roster_core": "core roster",
    "roster_guest": "guest",
    "col_id": "id",
    "col_name": "name",
    "col_roster": "roster",
    "cell_core": "core",
    "cell_guest": "guest",
    # game days and the cup (the rules: regulation.CupRule)
    "day_started": "game day {date} started",
    "day_ended": "game day {date} ended: {games}",
    "day_reopened": "game day {date} reopened",
    "day_in_progress": "day in progress",
    "cup_no_game": "no contested game: the cup stays where it is",
    "cup_taken": "{holder} takes the cup — {rule}{tie}",
    "cup_tie": " (tied: {names})",
    "cup_rule_fewest_points": "fewest cup points",
    "cup_rule_last_game_place": "tie on cup points; placed lower in the day's last game",
    "cup_rule_day_total": "tie on cup points and in the last game; lower total score over the day",
    "cup_rule_keeper": "tie after every rule; the keeper decided",
    # history and statistics
    "hist_cup": " — cup: {holder} ({rule})",
    "hist_no_cup": " — no cup game",
    "hist_in_progress": " — in progress",
    "hist_game_open": "  game {id} #{number} {state}: {players}",
    "hist_game": "  game {id} #{number}{tag}: {cells}",
    "hist_not_cup": " (not a cup game)",
    "hist_cup_pt": ", {points} cup pt",
    "stats_title": "Players",
    "stats_season": "Players — {season}",
    "st_player": "player",
    "st_games": "games",
    "st_wins": "wins",
    "st_mean_place": "mean\nplace",
    "st_cup_pts": "cup\npts",
    "st_cups": "cups",
    "st_days_held": "days\nheld",
    "st_premiums": "prem-\niums",
    "st_bids_made": "bids\nmade",
    "st_fines": "fines",
    "st_dots": "dots",
    "st_slaps": "slaps",
    "st_guest": " (guest)",
    "st_made": "{percent}% of {bids}",
    "h2h_title": "Head to head (placed ahead)",
    "h2h_players": "players",
    "h2h_games": "games",
    "h2h_first": "first\nahead",
    "h2h_second": "second\nahead",
    "h2h_level": "level",
    "verify_diffs": "{differences} in {where}",
    "verify_ok": "ok: {games} re-scored by the engine, no difference ({where})",
    # files
    "wrote": "wrote {path}",
    "cup_chart_title": "Cup points",
    "cup_chart_season": "Cup points {season}",
    "imported_csv": "imported {file} as game {id}: {deals}, {penalties}, {redeals}; {state}",
    "imported_totals": "totals: {totals}",
    "imported_json": "imported {file} as game {id}; totals: {totals}",
    # table mode
    "table_help": "commands at any prompt: sheet · undo (u) · fine (f) · dot · redeal (r) · edit (e) · "
                  "quit (q: everything is saved) · help (?)",
    "table_title": "table mode — game {id}: {seats}",
    "table_left": "\nleft the table — everything entered is saved; resume with `joker ledger play`",
    "rule_deal": "deal {number}",
    "rule_game_over": "game over",
    "ask_players": "new game — players in table order, seat 1 first (A,B,C,D)",
    "ask_new_player": "{name} is new: add to the core roster (no: a guest)?",
    "ask_finish": "all deals entered — Enter finishes the game (or a command)",
    "ask_end_day": "end the game day now (decides the cup)?",
    "ask_keeper": "the keeper decides — who takes the cup ({tied})",
    "ask_trump": "trump ({who}): S C D H, N for no-trump",
    "trump_by_chooser": "{name} chooses from his first three cards",
    "trump_turned_card": "the turned card",
    "ask_bid": "bid — {name}",
    "ask_bid_dealer": "bid — {name} (dealer)",
    "ask_bid_dealer_not": "bid — {name} (dealer; may not say {bid})",
    "bad_bid": "a bid is a number 0..{cards} (or a command: ? for help)",
    "ask_override": "the dealer {name} may not bid {bid}; record it as said (house override)?",
    "ask_tricks": "tricks taken, in seat order ({names})",
    "ask_fine_to": "fine to (name or seat 1..{seats})",
    "ask_dot_to": "dot to (name or seat 1..{seats})",
    "code_other": "something else (say what)",
    "ask_code": "infringement (number or code)",
    "ask_what": "what happened",
    "ask_redeal": "deal {number} is dealt again (redeal)?",
    "ask_redeal_reason": "why is the deal dealt again",
    "ask_edit": "edit which deal (number)",
    "ask_edit_trump": "trump (Enter keeps {value})",
    "ask_edit_bids": "bids in seat order (Enter keeps {value})",
    "ask_edit_tricks": "tricks in seat order (Enter keeps {value})",
}

RU: dict[str, str] = {
    "error_line": "ошибка: {message}",
    "bad_lang_value": "{value!r} — неизвестный язык; допустимы: {langs}",
    "bad_date": "не дата: {value!r} (нужно ГГГГ-ММ-ДД)",
    "need_code": "укажите код нарушения ({codes}) или --other \"что случилось\"",
    "cannot_read": "не удаётся прочитать {file}: {error}",
    "not_scored_yet": "раздача {number} ещё не записана",
    "n_game": "партия|партии|партий",
    "n_deal": "раздача|раздачи|раздач",
    "n_penalty": "нарушение|нарушения|нарушений",
    "n_redeal": "пересдача|пересдачи|пересдач",
    "n_difference": "расхождение|расхождения|расхождений",
    "cur_deal": "раздача {number} из {deals}: {cards}, блок {block}",
    "cur_attempt": ", попытка {attempt}",
    "cur_dealer": "сдаёт {dealer}; первым заказывает {first}",
    "cur_chooser": " и назначает козырь",
    "cur_trump": "козырь {suit}",
    "cur_bids": "заказы: {said}",
    "cur_forbidden": "сдающий {dealer} не может заказать {bid}",
    "trump_none": "бескозырка",
    "next_line": "дальше: {text}",
    "scored": "раздача {number} записана: {scores}",
    "all_entered": "все раздачи записаны: итоги — `joker ledger finish`",
    "corrected": "раздача {number} исправлена: {scores}",
    "totals_now": "очки теперь: {totals}",
    "undone": "отменено: {what}",
    "undo_trump": "козырь раздачи {deal}",
    "undo_bids": "заказы раздачи {deal}",
    "undo_bid": "заказ раздачи {deal}",
    "undo_tricks": "взятки раздачи {deal}",
    "undo_deal": "раздача {deal}",
    "undo_redeal": "пересдача раздачи {deal}",
    "undo_edit": "исправление раздачи {deal}",
    "undo_penalty": "{kind} игроку {player} ({what})",
    "undo_penalty_redeal": " и пересдача раздачи {deal}",
    "undo_finish": "окончание партии",
    "undo_abandon": "отказ от партии",
    "state_open": "идёт",
    "state_finished": "окончена",
    "state_abandoned": "брошена",
    "game_title": "партия {id} · {date} №{number} · {rules} · {state}",
    "game_started": "партия {id} начата: {seats} — {rules}",
    "game_abandoned": "партия {id} брошена",
    "col_game": "партия",
    "col_day": "день",
    "col_number": "№",
    "col_state": "состояние",
    "col_who": "игроки (очки, место)",
    "redeal_line": "  пересдача: раздача {number}, попытка {attempt} аннулирована — {reason}{said}",
    "redeal_said": " (сказанные заказы: {bids})",
    "redeal_no_reason": "пересдача",
    "voided": "раздача {number} (попытка {attempt}) аннулирована: {reason}",
    "voided_again": "раздача {number} (попытка {attempt}) аннулирована: {reason}; пересдача",
    "dealt_again": "раздача {deal} сдаётся заново",
    "redeal_hint": "(по регламенту после {code} пересдача: `joker ledger redeal --reason {code}`, если пересдавали)",
    "penalty_fine": "штраф",
    "penalty_dot": "точка",
    "penalty_line": "{kind}{value}: {player}, {where}, {what}",
    "penalty_deal": "раздача {deal}",
    "penalty_no_deal": "вне раздачи",
    "dots_game": "  точки в этой партии: {dots}",
    "dots_running": "  точки за день до щелбана: {running}",
    "slaps_today": "   щелбаны за день: {slaps}",
    "slap": "ЩЕЛБАН: {player} — ТРЕТЬЯ ТОЧКА ЗА ДЕНЬ! Щелбан от: {others}. "
            "(щелбан №{number} за день; счёт точек начинается заново)",
    "cup_points_line": "  очки кубка: {points}",
    "not_cup_game": "  не в зачёт кубка ({label}: {guests})",
    "guest_one": "гость",
    "guest_many": "гости",
    "player_added": "добавлен игрок {name} ({roster})",
    "player_renamed": "новое имя: {name}",
    "player_roster": "{name}: {roster}",
    "roster_core": "основной состав",
    "roster_guest": "гость",
    "col_id": "id",
    "col_name": "имя",
    "col_roster": "состав",
    "cell_core": "основной",
    "cell_guest": "гость",
    "day_started": "игровой день {date} начат",
    "day_ended": "игровой день {date} окончен: {games}",
    "day_reopened": "игровой день {date} снова открыт",
    "day_in_progress": "день ещё идёт",
    "cup_no_game": "ни одной партии в зачёт кубка: кубок остаётся у прежнего владельца",
    "cup_taken": "кубок забирает {holder} — {rule}{tie}",
    "cup_tie": " (поровну: {names})",
    "cup_rule_fewest_points": "меньше всех очков кубка",
    "cup_rule_last_game_place": "поровну очков кубка; ниже место в последней партии дня",
    "cup_rule_day_total": "поровну очков кубка и в последней партии; меньше очков за день",
    "cup_rule_keeper": "поровну по всем правилам; решил ведущий записи",
    "hist_cup": " — кубок: {holder} ({rule})",
    "hist_no_cup": " — ни одной партии в зачёт кубка",
    "hist_in_progress": " — день идёт",
    "hist_game_open": "  партия {id} №{number} {state}: {players}",
    "hist_game": "  партия {id} №{number}{tag}: {cells}",
    "hist_not_cup": " (не в зачёт кубка)",
    "hist_cup_pt": ", очки кубка: {points}",
    "stats_title": "Игроки",
    "stats_season": "Игроки — {season}",
    "st_player": "игрок",
    "st_games": "партий",
    "st_wins": "побед",
    "st_mean_place": "среднее\nместо",
    "st_cup_pts": "очки\nкубка",
    "st_cups": "кубков",
    "st_days_held": "дней с\nкубком",
    "st_premiums": "премий",
    "st_bids_made": "заказ\nсыгран",
    "st_fines": "штрафы",
    "st_dots": "точки",
    "st_slaps": "щелбаны",
    "st_guest": " (гость)",
    "st_made": "{percent}% из {bids}",
    "h2h_title": "Друг против друга (кто выше)",
    "h2h_players": "игроки",
    "h2h_games": "партий",
    "h2h_first": "выше\nпервый",
    "h2h_second": "выше\nвторой",
    "h2h_level": "поровну",
    "verify_diffs": "{differences} в {where}",
    "verify_ok": "всё сходится: пересчитано движком — {games}, расхождений нет ({where})",
    "wrote": "записан файл {path}",
    "cup_chart_title": "Очки кубка",
    "cup_chart_season": "Очки кубка {season}",
    "imported_csv": "{file} загружен как партия {id}: {deals}, {penalties}, {redeals}; {state}",
    "imported_totals": "очки: {totals}",
    "imported_json": "{file} загружен как партия {id}; очки: {totals}",
    "table_help": "команды в любой момент: sheet (запись) · undo (u, отменить) · fine (f, штраф) · dot (точка) · "
                  "redeal (r, пересдача) · edit (e, исправить) · quit (q: всё сохранено) · help (?)",
    "table_title": "режим стола — партия {id}: {seats}",
    "table_left": "\nвы вышли из-за стола — всё записанное сохранено; продолжить: `joker ledger play`",
    "rule_deal": "раздача {number}",
    "rule_game_over": "партия окончена",
    "ask_players": "новая партия — игроки по порядку за столом, начиная с места 1 (A,B,C,D)",
    "ask_new_player": "{name} — новый игрок: в основной состав (нет — гость)?",
    "ask_finish": "все раздачи записаны — Enter заканчивает партию (или введите команду)",
    "ask_end_day": "закончить игровой день сейчас (решается кубок)?",
    "ask_keeper": "решает ведущий записи — кому кубок ({tied})",
    "ask_trump": "козырь ({who}): S C D H, N — бескозырка",
    "trump_by_chooser": "{name} назначает по первым трём картам",
    "trump_turned_card": "открытая карта",
    "ask_bid": "заказ — {name}",
    "ask_bid_dealer": "заказ — {name} (сдающий)",
    "ask_bid_dealer_not": "заказ — {name} (сдающий; нельзя {bid})",
    "bad_bid": "заказ — число 0..{cards} (или команда: ? — помощь)",
    "ask_override": "сдающий {name} не может заказать {bid}; записать как сказано (house override)?",
    "ask_tricks": "взятки по порядку мест ({names})",
    "ask_fine_to": "штраф кому (имя или место 1..{seats})",
    "ask_dot_to": "точка кому (имя или место 1..{seats})",
    "code_other": "другое (опишите)",
    "ask_code": "нарушение (номер или код)",
    "ask_what": "что случилось",
    "ask_redeal": "раздача {number} сдаётся заново (пересдача)?",
    "ask_redeal_reason": "почему пересдача",
    "ask_edit": "какую раздачу исправить (номер)",
    "ask_edit_trump": "козырь (Enter — оставить {value})",
    "ask_edit_bids": "заказы по порядку мест (Enter — оставить {value})",
    "ask_edit_tricks": "взятки по порядку мест (Enter — оставить {value})",
}

LEDGER: dict[str, dict[str, str]] = {"en": EN, "ru": RU}
"""The ledger's own entries, by language."""

CATALOG: dict[str, dict[str, str]] = {lang: {**i18n.CATALOG[lang], **LEDGER[lang]} for lang in LANGS}
"""Everything ``joker ledger`` says: the game's shared entries and the ledger's."""


def ledger_tr(lang: str = "en") -> Tr:
    """The ledger's strings in ``lang`` (``ValueError`` naming the languages when unknown)."""
    return Tr(lang, CATALOG)


# -- the ledger library's lines in a language (the CLI and the web scorekeeper) --
def penalty_text(tr: Tr, p: "PenaltyInfo") -> str:
    """A fine or dot as one line; in English exactly the library's ``PenaltyInfo.text``.
    In Russian an infringement is named by the regulation's Russian wording (``text_ru``)."""
    from joker.ledger import regulation as reg

    inf = reg.INFRINGEMENTS.get(p.code)
    if p.code == reg.OTHER:
        what = p.note
    else:
        what = (inf.text_ru if inf is not None and tr.lang == "ru" else p.code) + (f" ({p.note})" if p.note else "")
    where = tr("penalty_deal", deal=p.deal) if p.deal else tr("penalty_no_deal")
    value = f" {p.value}" if p.kind == reg.FINE else ""
    return tr("penalty_line", kind=tr(f"penalty_{p.kind}"), value=value, player=p.player, where=where, what=what)


def cup_rule_text(tr: Tr, rule: str) -> str:
    """Which rule of the tie-break chain decided (``regulation.CupRule``); English as ``CupRule.text``."""
    return tr(f"cup_rule_{rule}")


def cup_text(tr: Tr, d: "DayInfo") -> str:
    """The day's cup decision; in English exactly the library's ``DayInfo.cup_text``."""
    if not d.ended:
        return tr("day_in_progress")
    if d.cup_rule is None:
        return tr("cup_no_game")
    tie = tr("cup_tie", names=", ".join(d.cup_tied)) if d.cup_tied else ""
    return tr("cup_taken", holder=d.cup_holder, rule=cup_rule_text(tr, d.cup_rule), tie=tie)


def undone_text(tr: Tr, u: "Undone") -> str:
    """What ``undo`` took back; in English exactly the library's ``Undone.text``.
    A fine or dot is named like a penalty line (the regulation's Russian wording)."""
    from joker.ledger import regulation as reg
    from joker.ledger.values import UNDO_DEAL_KINDS

    if u.kind == "penalty" and u.player is not None:
        inf = reg.INFRINGEMENTS.get(u.code or "")
        what = inf.text_ru if inf is not None and tr.lang == "ru" else u.code
        text = tr("undo_penalty", kind=tr(f"penalty_{u.penalty_kind}"), player=u.player, what=what)
        return text + (tr("undo_penalty_redeal", deal=u.deal) if u.deal is not None else "")
    if u.kind in UNDO_DEAL_KINDS and u.deal is not None or u.kind in ("finish", "abandon"):
        return tr(f"undo_{u.kind}", deal=u.deal)
    return u.text  # an entry whose deal or penalty is gone: its journal kind, as stored


def redeal_reason_text(tr: Tr, reason: str) -> str:
    """A redeal's stored reason (``revoke: Бардак``); in English as stored, in
    Russian the infringement that caused it named by the regulation's Russian
    wording (``побил карту … : Бардак``) and the placeholder ``redeal`` (no reason
    given) translated; the keeper's own words stay as written."""
    from joker.ledger import regulation as reg

    if tr.lang == "en":
        return reason
    if reason == "redeal":
        return tr("redeal_no_reason")
    code, detail = reg.reason_code(reason)
    if code is None:
        return reason
    text = reg.INFRINGEMENTS[code].text_ru
    return f"{text}: {detail}" if detail else text
