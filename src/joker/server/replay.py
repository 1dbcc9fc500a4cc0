"""The replay viewer's data: a finished game stepped deal by deal and card
by card, with every hand shown.

Only finished games are replayed this way (the server refuses an unfinished
one): once a game is over its record is public, hands included.  The frames
come from the engine replaying the record (:func:`joker.games.joker.record.replay` first
checks it whole), so the viewer shows exactly what the rules made of it.
"""

from __future__ import annotations

from typing import Any

from joker.games.joker.actions import parse_action
from joker.cards import cards_in, format_card, format_suit, parse_card, sort_hand
from joker.games.joker.engine.play import trick_winner
from joker.games.joker.engine.state import DealCards, GameState, Phase, new_game
from joker.games.joker.record import GameRecord, replay, totals_with_penalties
from joker.games.joker.rules import parse_rules
from .views import action_card, game_sheet, result_json, standings_json


def _hands(state: GameState) -> list[list[str]]:
    return [[format_card(c) for c in sort_hand(cards_in(h), state.trump)] for h in state.hands]


def _frame(state: GameState, seat: int | None, action: str | None, trick: list[dict[str, Any]],
           winner: int | None, hands: list[list[str]], bids: list, taken: list, trump: Any, phase: str) -> dict:
    return {"seat": seat, "action": action, "trick": trick, "winner": winner, "hands": hands, "bids": bids,
            "taken": taken, "trump": trump, "phase": phase}


def replay_data(record: GameRecord) -> dict[str, Any]:
    """Per deal: dealer, cards, turned cards, and frames — the deal's start,
    then one frame after each action with every hand, the trick on the table
    (a finished trick stays shown with its winner), bids, tricks taken, trump.
    Raises :class:`joker.errors.RecordError` when the record does not replay."""
    final = replay(record)  # checks every action and stored result
    rules = parse_rules(record.rules)
    explicit = []
    for e in record.deals:
        turned = [parse_card(c) for c in e.turned]
        explicit.append(DealCards(tuple(tuple(parse_card(c) for c in h) for h in e.hands or ()),
                                  turned[0] if turned else None, tuple(turned[1:])))
    state = new_game(rules, seed=record.seed or 0, deals=explicit, first_dealer=record.first_dealer)
    deals = []
    for i, e in enumerate(record.deals):
        start = state
        frames = [_frame(state, None, None, [], None, _hands(state), list(state.bids), list(state.taken),
                         None if state.phase is Phase.TRUMP else format_suit(state.trump), state.phase.value)]
        for text in e.actions:
            prev = state
            state = state.apply(text)
            act = parse_action(text)
            seat = prev.current_player
            play = {"seat": seat, "action": str(act), "card": action_card(act)}
            trick = [{"seat": s, "action": str(a), "card": action_card(a)} for s, a in prev.trick] + (
                [play] if play["card"] else [])
            winner = None
            if state.deal_index != i:  # the deal ended with this card
                r = state.results[-1]
                hands = [[] for _ in range(rules.players)]
                bids = list(r.bids) if r.bids is not None else [None] * rules.players
                taken = list(r.tricks)
                trump = format_suit(r.trump)
                winner = trick_winner(prev.trick + ((seat, act),), prev.trump, prev.rotating,
                                      rules.high_call_trump_wins)
                phase = "over"
            else:
                hands = _hands(state)
                bids, taken = list(state.bids), list(state.taken)
                trump = None if state.phase is Phase.TRUMP else format_suit(state.trump)
                phase = state.phase.value
                if play["card"] and not state.trick and state.tricks:
                    winner = state.tricks[-1].winner
                elif play["card"] is None:
                    trick = [{"seat": s, "action": str(a), "card": action_card(a)} for s, a in state.trick]
            frames.append(_frame(state, seat, str(act), trick, winner, hands, bids, taken, trump, phase))
        deals.append({"deal": i + 1, "cards": start.spec.cards, "kind": start.spec.kind.value,
                      "dealer": start.dealer, "turned": [format_card(c) for c in start.turned],
                      "result": result_json(state.results[i]) if i < len(state.results) else None,
                      "frames": frames})
    totals = list(totals_with_penalties(final, record.penalties))
    return {"rules": record.rules, "players": list(record.players), "deals": deals,
            "sheet": game_sheet(final, record.penalties), "totals": totals,
            "standings": standings_json(totals) if final.is_terminal() else None}
