"""Joker's plug-in for the web server: how a Joker table, its events, its
score sheet and its replay look in the browser.

The server finds it through :func:`joker.registry.plugin` (``"web"``) and
reads it structurally (the protocol is the server's ``WebPlugin``); this
module imports no application.  Every message's game content is built here
as JSON-ready dicts, only from what the server hands over: a seat's
:func:`~.engine.views.view_of`, the spectators' :func:`~.engine.views.public_view`,
the public facts of a finished trick or deal, the finished deals' results —
so another seat's hidden cards cannot reach a client: nothing here reads
``state.hands`` except the replay of a finished game, whose record (hands
included) is public once the game is over.

Cards and actions are written in the engine's notation (``AH``, ``X1``,
``X1:high:H``, ``b2``, ``trump:N``); seats are 0-based; deal numbers 1-based.
Penalties travel as the JSON of :func:`penalty_json`.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping, Sequence

from joker.cards import cards_in, format_card, format_suit, sort_hand
from joker.game import Step
from joker.pace import Pace
from joker.records import steps

from .actions import Action, Bid, ChooseTrump, FollowJoker, LeadJoker, Play, Trick
from .engine.state import GameState, Phase, draw_first_dealer
from .engine.views import PlayerView
from .game import GAME
from joker.i18n import catalogue
from joker.i18n.labels import total_label
from .record import GameRecord, Penalty, totals_with_penalties
from .rules import PRESETS, RULES_VERSION, Rules
from .scoring import DealResult, game_totals
from .sheet import SheetRow, build_sheet, standings_rows

STALLING = "stalling"
"""The infringement code of the stalling dot (RULES.md §11)."""


# -- pieces ---------------------------------------------------------------------------------------
def action_card(a: Action) -> str | None:
    """The card an action plays (``None`` for a bid or a trump choice)."""
    if isinstance(a, (Play, LeadJoker, FollowJoker)):
        return format_card(a.card)
    return None


def action_kind(a: Action) -> str:
    """``trump``, ``bid`` or ``play``."""
    if isinstance(a, ChooseTrump):
        return "trump"
    if isinstance(a, Bid):
        return "bid"
    return "play"


def _plays(plays: Sequence[tuple[int, Action]]) -> list[dict[str, Any]]:
    return [{"seat": s, "action": str(a), "card": action_card(a)} for s, a in plays]


def trick_json(t: Trick) -> dict[str, Any]:
    """A finished trick: leader, plays in order, winner."""
    return {"leader": t.leader, "plays": _plays(t.plays), "winner": t.winner}


def view_json(view: PlayerView) -> dict[str, Any]:
    """A :class:`PlayerView` (a seat's, or the public one with ``seat`` ``None``)
    as JSON: ``hand`` is the seat's visible own cards in display order (jokers,
    trump, then ♠♣♦♥ high to low); ``legal`` the actions it may take now (empty
    unless it is to move); ``trump`` a suit letter, ``N`` for no-trump, or
    ``None`` while the trump is being chosen; ``trick`` the current trick;
    ``last_trick`` this deal's last finished trick."""
    rules = view.rules
    pending = view.phase is Phase.TRUMP
    return {
        "seat": view.seat,
        "deal": view.deal_index + 1,
        "deals": len(rules.deals),
        "cards": view.deal.cards,
        "kind": view.deal.kind.value,
        "block": view.deal.block + 1,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "current": view.current_player,
        "hand": [format_card(c) for c in sort_hand(view.hand, view.trump)],
        "known": [[format_card(c) for c in k] for k in view.known],
        "hand_sizes": list(view.hand_sizes),
        "turned": [format_card(c) for c in view.turned],
        "trump": None if pending else format_suit(view.trump),
        "rotating": rules.rotating_trumps,
        "bids": list(view.bids),
        "taken": list(view.taken),
        "leader": view.leader,
        "trick": _plays(view.trick),
        "last_trick": trick_json(view.tricks[-1]) if view.tricks else None,
        "tricks_done": len(view.tricks),
        "legal": [str(a) for a in view.legal_actions],
        "forbidden_bid": view.forbidden_bid,
    }


def penalty_json(p: Penalty) -> dict[str, Any]:
    """A penalty as stored with the table and sent to clients (deal 1-based)."""
    return {"seat": p.seat, "kind": p.kind, "code": p.code, "value": p.value,
            "deal": None if p.deal is None else p.deal + 1, "note": p.note}


def penalty_from_json(d: Mapping[str, Any]) -> Penalty:
    """The :class:`Penalty` of :func:`penalty_json`'s dict.  Raises ``KeyError``/``ValueError`` for a bad one."""
    deal = d.get("deal")
    return Penalty(int(d["seat"]), str(d["kind"]), str(d["code"]), int(d.get("value", 0)),
                   None if deal is None else int(deal) - 1, str(d.get("note", "")))


def fines_of(n: int, penalties: Sequence[Mapping[str, Any]]) -> list[int]:
    """Per seat, the sum of the penalties' values (fines negative, dots 0)."""
    fines = [0] * n
    for p in penalties:
        fines[int(p["seat"])] += int(p.get("value", 0))
    return fines


def sheet_json(rows: Sequence[SheetRow]) -> list[dict[str, Any]]:
    """The rows of :func:`.sheet.build_sheet` as JSON (the layout of the scorekeeper's sheet)."""
    out = []
    for r in rows:
        d: dict[str, Any] = {"kind": r.kind, "label": r.label, "scores": list(r.scores)}
        if r.kind == "deal":
            d.update(cards=r.cards, dealer=r.dealer, trump=r.trump,
                     bids=None if r.bids is None else list(r.bids),
                     tricks=None if r.tricks is None else list(r.tricks))
        if r.premium is not None:
            d["premium"] = list(r.premium)
        if r.cut is not None:
            d["cut"] = list(r.cut)
        out.append(d)
    return out


def standings_json(totals: Sequence[int]) -> list[dict[str, int]]:
    """``[{place, seat, total}]`` best first; equal totals share the better place (RULES.md §12)."""
    return [{"place": p, "seat": s, "total": t} for p, s, t in standings_rows(totals)]


def result_json(r: DealResult) -> dict[str, Any]:
    """A finished deal: number, cards, trump, bids, tricks, scores."""
    return {"deal": r.index + 1, "cards": r.spec.cards, "kind": r.spec.kind.value, "trump": format_suit(r.trump),
            "dealer": r.dealer, "bids": None if r.bids is None else list(r.bids), "tricks": list(r.tricks),
            "scores": list(r.scores)}


# -- the replay viewer -------------------------------------------------------------------------
def _hands(state: GameState) -> list[list[str]]:
    return [[format_card(c) for c in sort_hand(cards_in(h), state.trump)] for h in state.hands]


def _frame(seat: int | None, action: str | None, trick: list[dict[str, Any]], winner: int | None,
           hands: list[list[str]], bids: list[Any], taken: list[int], trump: str | None,
           phase: str) -> dict[str, Any]:
    return {"seat": seat, "action": action, "trick": trick, "winner": winner, "hands": hands, "bids": bids,
            "taken": taken, "trump": trump, "phase": phase}


def _start_frame(state: GameState) -> dict[str, Any]:
    return _frame(None, None, [], None, _hands(state), list(state.bids), list(state.taken),
                  None if state.phase is Phase.TRUMP else format_suit(state.trump), state.phase.value)


def _step_frame(step: Step[GameState, Any], deal: int) -> dict[str, Any]:
    """The frame after one action of deal ``deal`` (0-based): a finished trick
    stays shown with its winner; the deal's last card shows its result."""
    prev, state, act, seat = step.before, step.after, step.action, step.seat
    play = {"seat": seat, "action": str(act), "card": action_card(act)}
    trick = _plays(prev.trick) + ([play] if play["card"] else [])
    winner = None
    n = prev.rules.players
    if state.deal_index != deal:  # the deal ended with this card: its result, its last trick kept by the engine
        r = state.results[-1]
        return _frame(seat, str(act), trick, r.played[-1].winner if r.played else None, [[] for _ in range(n)],
                      list(r.bids) if r.bids is not None else [None] * n, list(r.tricks),
                      format_suit(r.trump), "over")
    if play["card"] and not state.trick and state.tricks:
        winner = state.tricks[-1].winner
    elif play["card"] is None:
        trick = _plays(state.trick)
    return _frame(seat, str(act), trick, winner, _hands(state), list(state.bids), list(state.taken),
                  None if state.phase is Phase.TRUMP else format_suit(state.trump), state.phase.value)


def replay_data(record: GameRecord) -> dict[str, Any]:
    """Per deal: dealer, cards, turned cards, and frames — the deal's start,
    then one frame after each action with every hand, the trick on the table
    (a finished trick stays shown with its winner), bids, tricks taken, trump;
    then the sheet, totals and standings.  The frames come from the one replay
    iterator (:func:`joker.records.steps`), so the viewer shows exactly what
    the rules made of the record.  Raises :class:`joker.errors.RecordError`
    when the record does not replay."""
    final = GAME.start_of(record)
    deals: list[dict[str, Any]] = []
    for step in steps(GAME, record):
        i = step.before.deal_index
        if not deals or deals[-1]["deal"] != i + 1:
            start = step.before
            deals.append({"deal": i + 1, "cards": start.spec.cards, "kind": start.spec.kind.value,
                          "dealer": start.dealer, "turned": [format_card(c) for c in start.turned],
                          "result": None, "frames": [_start_frame(start)]})
        deals[-1]["frames"].append(_step_frame(step, i))
        final = step.after
    for d in deals:
        k = d["deal"] - 1
        d["result"] = result_json(final.results[k]) if k < len(final.results) else None
    totals = list(totals_with_penalties(final, record.penalties))
    return {"rules": record.rules, "players": list(record.players), "deals": deals,
            "sheet": sheet_json(build_sheet(final.rules, final.results, fines_of(
                final.rules.players, [penalty_json(p) for p in record.penalties]))),
            "totals": totals,
            "standings": standings_json(totals) if final.is_terminal() else None}


# -- the plug-in ----------------------------------------------------------------------------------
class JokerWeb:
    """Joker's web plug-in (the server's ``WebPlugin`` protocol): the pages
    ``table.html`` / ``replay.html`` with ``table.js`` / ``replay.js``, the
    score sheet, the stalling dot (RULES.md §11) and the double-dummy analysis."""

    table_template = "table.html"
    replay_template = "replay.html"
    fill_bot = "heuristic"
    rules_version = RULES_VERSION
    analysis = True
    notation = "AH, b2, X1:high:H, trump:S"

    def page_data(self, lang: str) -> dict[str, Any]:
        """The refusal texts of ``lang``, for the pages' scripts."""
        return {"refusals": catalogue("refusals").table(lang, "you")}

    def lobby_data(self) -> dict[str, Any]:
        """The presets offered when creating a table."""
        return {"presets": [{"name": n, "players": r.players, "schedule": r.schedule} for n, r in PRESETS.items()]}

    def start_seat(self, rules: Rules, seed: str) -> int:
        """The first dealer (0-based, RULES.md §3)."""
        return draw_first_dealer(rules, seed)

    def table_info(self, rules: Rules) -> dict[str, Any]:
        return {"preset": rules.preset, "deals": len(rules.deals)}

    def progress(self, rules: Rules, state: GameState | None) -> dict[str, Any]:
        return {"deal": state.deal_index + 1 if state is not None else None, "deals": len(rules.deals)}

    def view_json(self, view: PlayerView) -> dict[str, Any]:
        return view_json(view)

    def action_data(self, before: GameState, after: GameState, seat: int, action: Action) -> dict[str, Any]:
        """``deal``, ``card``, ``what``; ``trick_done`` (leader, plays, winner) when the
        action finished a trick, ``deal_done`` (:func:`result_json`) when it finished a deal."""
        data: dict[str, Any] = {"deal": before.deal_index + 1, "card": action_card(action),
                                "what": action_kind(action)}
        if before.phase is Phase.PLAY and len(before.trick) == before.rules.players - 1:
            done = after.results[-1].played[-1] if self.sheet_changed(before, after) else after.tricks[-1]
            data["trick_done"] = trick_json(done)
        if self.sheet_changed(before, after):
            data["deal_done"] = result_json(after.results[-1])
        return data

    def sheet_changed(self, before: GameState, after: GameState) -> bool:
        """A deal ended."""
        return len(after.results) > len(before.results)

    def pace(self, before: GameState, after: GameState) -> Pace:
        """``ENDED`` when a trick ended (so people see it), else ``NORMAL`` (:mod:`joker.pace`)."""
        if before.phase is Phase.PLAY and len(before.trick) == before.rules.players - 1:
            return Pace.ENDED
        return Pace.NORMAL

    def totals(self, state: GameState, penalties: Sequence[Mapping[str, Any]]) -> list[int]:
        """Game totals per seat with fines (RULES.md §10, §11), by the engine's scoring."""
        return list(game_totals(state.rules, state.results, fines_of(state.rules.players, penalties)))

    def sheet(self, state: GameState, penalties: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """The live score sheet of a game so far."""
        return sheet_json(build_sheet(state.rules, state.results, fines_of(state.rules.players, penalties)))

    def standings(self, totals: Sequence[int]) -> list[dict[str, int]]:
        return standings_json(totals)

    def total_texts(self, lang: str) -> dict[str, str]:
        """Points: "312 points", «312 очков» (the ``web`` catalogue's ``total_points``)."""
        return {"n": catalogue("web").text("total_points", lang)}

    def total_label(self, total: int, lang: str) -> str:
        return total_label(self.total_texts(lang), total, lang)

    def stalling_dot(self, rules: Rules) -> bool:
        """The stalling dot is a Bus-Angeles rule (RULES.md §11)."""
        return rules.preset == "bus-angeles"

    def penalty(self, state: GameState, seat: int, note: str) -> dict[str, Any]:
        """A stalling dot for ``seat`` in the current deal, as JSON."""
        return penalty_json(Penalty(seat, "dot", STALLING, 0, state.deal_index, note))

    def with_penalties(self, record: GameRecord, penalties: Sequence[Mapping[str, Any]]) -> GameRecord:
        return dataclasses.replace(record, penalties=tuple(penalty_from_json(p) for p in penalties))

    def record_text(self, record: GameRecord) -> str:
        return record.to_json()

    def replay_json(self, record: GameRecord) -> dict[str, Any]:
        return replay_data(record)

    def warm_analysis(self) -> None:
        """Analyse a tiny game: compiles the solver's numba kernels or loads them from
        the disk cache (:func:`.warm.warm_solver`)."""
        from .warm import warm_solver  # the solver (numba) is loaded only where it runs

        warm_solver()

    def analyse(self, record: GameRecord, report: Callable[[int, int], None]) -> dict[str, Any]:
        """The double-dummy analysis of every played deal (:func:`.analysis.analyse`), as JSON."""
        from .analysis import analyse

        report(0, sum(1 for e in record.deals if e.actions))
        result: dict[str, Any] = analyse(record, progress=report).to_json()
        return result


PLUGIN = JokerWeb()
