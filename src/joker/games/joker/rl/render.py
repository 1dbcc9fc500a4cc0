"""Plain-text rendering of a Joker table for the RL environments' ``ansi``/``human`` modes.

A spectator's picture, assembled from every seat's
:class:`~joker.games.joker.engine.views.PlayerView` (so it shows exactly what the seats
see, all of them together): the deal, trump, turned card, bids, tricks taken,
the current trick, each seat's visible cards and the game totals.
"""

from __future__ import annotations

from joker.cards import format_card, sort_hand, suit_symbol

from ..engine.state import GameState, Phase
from ..engine.views import view_of
from ..scoring import game_totals


def render_text(state: GameState, deal_number: int | None = None, title: str | None = None) -> str:
    """A few lines describing ``state`` (seats are written 1-based, as at the table).

    ``deal_number`` overrides the deal's place in the schedule and ``title`` the
    rules shown (a one-deal episode plays a one-deal copy of the rules)."""
    n = state.rules.players
    views = [view_of(state, s) for s in range(n)]
    v0 = views[0]
    number = v0.deal_index if deal_number is None else deal_number
    title = str(state.rules) if title is None else title
    lines = []
    if state.phase is Phase.OVER:
        lines.append(f"{title}: game over after {len(state.results)} deal(s)")
    else:
        trump = "being chosen" if v0.phase is Phase.TRUMP else suit_symbol(v0.trump)
        turned = " ".join(format_card(c) for c in v0.turned) or "-"
        lines.append(
            f"{title}: deal {number + 1} ({v0.deal.cards} card(s), {v0.deal.kind.value}), "
            f"dealer seat {v0.dealer + 1}, trump {trump}, turned {turned}"
        )
    totals = game_totals(state.rules, state.results)
    for s, v in enumerate(views):
        bid = "-" if v0.bids[s] is None else str(v0.bids[s])
        mark = ">" if state.current_player == s else " "
        hand = " ".join(format_card(c) for c in sort_hand(v.hand, v0.trump)) or "-"
        lines.append(
            f"{mark} seat {s + 1}: bid {bid:>2} taken {v0.taken[s]:>2} total {totals[s]:>6}  hand {hand}"
        )
    if v0.trick:
        lines.append("  trick: " + "  ".join(f"{s + 1}:{a}" for s, a in v0.trick))
    elif v0.tricks and state.phase is not Phase.OVER:
        last = v0.tricks[-1]
        lines.append(
            "  last trick: " + "  ".join(f"{s + 1}:{a}" for s, a in last.plays) + f"  won by seat {last.winner + 1}"
        )
    return "\n".join(lines)
