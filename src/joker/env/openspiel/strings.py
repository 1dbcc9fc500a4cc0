"""The strings of ``python_joker``: the observation string (a seat's view now,
in words), the information-state string (the whole public history plus the
cards the seat sees now — perfect recall) and the debugging text of a state.
The seat's strings are built from its
:class:`~joker.games.joker.engine.views.PlayerView` and public events only."""

from __future__ import annotations

from typing import Sequence

from joker.cards import Card, format_cards, suit_symbol
from joker.games.joker.engine.state import GameState, Phase
from joker.games.joker.engine.views import PlayerView
from joker.games.joker.rules import Rules
from joker.games.joker.scoring import game_totals


def own_cards_text(view: PlayerView | None, dealing: bool) -> str:
    """``hand: …`` with the seat's visible cards, then ``sees: …`` the cards it
    sees on other seats (forehead deals); ``hand: -`` while its deal is dealt."""
    if view is None or dealing:
        return "hand: -"
    text = "hand: " + (format_cards(view.hand) or "-")
    seen = [f"{s + 1}:{format_cards(c)}" for s, c in enumerate(view.known) if c]
    return text + (" sees: " + " ".join(seen) if seen else "")


def information_state_text(player: int, events: Sequence[str], view: PlayerView | None, dealing: bool) -> str:
    """Seat ``player``'s information-state string: ``P<seat>``, every public
    event (deal headers and decisions in notation), then its own cards."""
    return f"P{player + 1} " + " ".join(events) + " | " + own_cards_text(view, dealing)


def observation_text(player: int, view: PlayerView | None, dealing: bool, deal_number: int | None) -> str:
    """Seat ``player``'s observation string: its view now in words (deal, dealer,
    phase, trump, turned cards, own cards, bids, tricks taken, the trick, the
    game totals).  ``deal_number``: the schedule index of a one-deal episode."""
    head = f"P{player + 1}"
    if view is None:
        return head + " dealing"
    number = view.deal_index if deal_number is None else deal_number
    phase = "dealing" if dealing else view.phase.value
    trump = "?" if dealing or view.phase is Phase.TRUMP else suit_symbol(view.trump)
    turned = "-" if dealing else (format_cards(view.turned) or "-")
    bids = " ".join("-" if b is None else str(b) for b in view.bids)
    taken = " ".join(str(t) for t in view.taken)
    trick = " ".join(f"{s + 1}:{a}" for s, a in view.trick) if not dealing else ""
    totals = " ".join(str(x) for x in game_totals(view.rules, view.results))
    return (
        f"{head} deal {number + 1} ({view.deal}) dealer {view.dealer + 1} {phase} trump {trump} "
        f"turned {turned} {own_cards_text(view, dealing)} | bids {bids} | taken {taken} | "
        f"trick {trick or '-'} | totals {totals}"
    )


def state_text(rules: Rules, episode: str, stage: str, pending: tuple[Card, ...], gs: GameState | None) -> str:
    """Everything about a state, hidden cards included (for debugging, ``str(state)``)."""
    lines = [f"{rules} episode={episode} stage={stage}"]
    if pending:
        lines.append("dealing: " + format_cards(pending))
    if gs is not None:
        lines.append(
            f"deal {gs.deal_index + 1} dealer {gs.dealer + 1} phase {gs.phase.value} "
            f"trump {suit_symbol(gs.trump)} turned {format_cards(gs.turned) or '-'}"
        )
        for s in range(gs.rules.players):
            bid = "-" if gs.bids[s] is None else gs.bids[s]
            lines.append(f"seat {s + 1}: {format_cards(gs.hands[s]) or '-'} bid {bid} taken {gs.taken[s]}")
        lines.append("trick: " + " ".join(f"{s + 1}:{a}" for s, a in gs.trick))
        lines.append("scores: " + " ".join(str(x) for x in game_totals(gs.rules, gs.results)))
    return "\n".join(lines)
