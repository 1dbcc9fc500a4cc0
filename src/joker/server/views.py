"""The game content of every message the server sends, as JSON-ready dicts.

A seat's picture of the game is built only from :func:`joker.games.joker.engine.view_of`
(``view_json(view_of(state, seat))``); a spectator's from
:func:`spectator_view`, which is a seat's view with every private field
emptied (no hand, no known cards, no legal actions).  So another seat's
hidden cards cannot reach a client: nothing here reads ``state.hands``.

Cards and actions are written in the engine's notation (``AH``, ``X1``,
``X1:high:H``, ``b2``, ``trump:N``); seats are 0-based; deal numbers 1-based.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from joker.games.joker.actions import Action, Bid, ChooseTrump, FollowJoker, LeadJoker, Play
from joker.cards import format_card, format_suit, sort_hand
from joker.games.joker.engine.state import GameState, Phase, Trick
from joker.games.joker.engine.views import PlayerView, view_of
from joker.games.joker.record import Penalty
from joker.games.joker.scoring import DealResult, game_totals
from joker.games.joker.sheet import SheetRow, build_sheet, standings_rows


def spectator_view(state: GameState) -> PlayerView:
    """What a spectator may see: the public part of a seat's view — no hand,
    no cards seen on foreheads, no legal actions, no forbidden bid."""
    n = state.rules.players
    v = view_of(state, 0)
    return dataclasses.replace(v, hand=(), known=((),) * n, legal_actions=(), forbidden_bid=None)


def action_card(a: Action) -> str | None:
    """The card an action plays (``None`` for a bid or a trump choice)."""
    if isinstance(a, (Play, LeadJoker, FollowJoker)):
        return format_card(a.card)
    return None


def _plays(plays: Sequence[tuple[int, Action]]) -> list[dict[str, Any]]:
    return [{"seat": s, "action": str(a), "card": action_card(a)} for s, a in plays]


def trick_json(t: Trick) -> dict[str, Any]:
    """A finished trick: leader, plays in order, winner."""
    return {"leader": t.leader, "plays": _plays(t.plays), "winner": t.winner}


def view_json(view: PlayerView, spectator: bool = False) -> dict[str, Any]:
    """A :class:`PlayerView` as JSON: ``hand`` is the seat's visible own cards
    in display order (jokers, trump, then ♠♣♦♥ high to low); ``legal`` the
    actions it may take now (empty unless it is to move); ``trump`` a suit
    letter, ``N`` for no-trump, or ``None`` while the trump is being chosen;
    ``trick`` the current trick; ``last_trick`` this deal's last finished trick."""
    rules = view.rules
    pending = view.phase is Phase.TRUMP
    return {
        "seat": None if spectator else view.seat,
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


def audience_view(state: GameState, audience: int | None) -> dict[str, Any]:
    """The view JSON for a seat (``audience`` 0-based) or a spectator (``None``)."""
    if audience is None:
        return view_json(spectator_view(state), spectator=True)
    return view_json(view_of(state, audience))


def fines_of(n: int, penalties: Sequence[Penalty]) -> list[int]:
    """Per seat, the sum of the penalties' values (fines negative, dots 0)."""
    fines = [0] * n
    for p in penalties:
        fines[p.seat] += p.value
    return fines


def totals_of(state: GameState, penalties: Sequence[Penalty]) -> list[int]:
    """Game totals per seat with fines (RULES.md §10, §11), by the engine's scoring."""
    return list(game_totals(state.rules, state.results, fines_of(state.rules.players, penalties)))


def sheet_json(rows: Sequence[SheetRow]) -> list[dict[str, Any]]:
    """The rows of :func:`joker.games.joker.sheet.build_sheet` as JSON (the layout of the scorekeeper's sheet)."""
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


def game_sheet(state: GameState, penalties: Sequence[Penalty]) -> list[dict[str, Any]]:
    """The live score sheet of a game so far."""
    n = state.rules.players
    return sheet_json(build_sheet(state.rules, state.results, fines_of(n, penalties)))


def standings_json(totals: Sequence[int]) -> list[dict[str, int]]:
    """``[{place, seat, total}]`` best first; equal totals share the better place (RULES.md §12)."""
    return [{"place": p, "seat": s, "total": t} for p, s, t in standings_rows(totals)]


def result_json(r: DealResult) -> dict[str, Any]:
    """A finished deal: number, cards, trump, bids, tricks, scores."""
    return {"deal": r.index + 1, "cards": r.spec.cards, "kind": r.spec.kind.value, "trump": format_suit(r.trump),
            "dealer": r.dealer, "bids": None if r.bids is None else list(r.bids), "tricks": list(r.tricks),
            "scores": list(r.scores)}


def penalty_json(p: Penalty) -> dict[str, Any]:
    return {"seat": p.seat, "kind": p.kind, "code": p.code, "value": p.value,
            "deal": None if p.deal is None else p.deal + 1, "note": p.note}


def action_kind(a: Action) -> str:
    """``trump``, ``bid`` or ``play``."""
    if isinstance(a, ChooseTrump):
        return "trump"
    if isinstance(a, Bid):
        return "bid"
    return "play"
