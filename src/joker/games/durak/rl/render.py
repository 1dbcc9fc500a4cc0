"""Plain-text picture of a Durak table for the RL environments' ``ansi``/``human`` modes.

A spectator's picture assembled from every seat's
:class:`~..engine.views.PlayerView` (what the seats see, all of them together):
the game, trump, turned and hidden trump, stock, discard pile's size, each seat's
role, hand and prikup backs, the table's attack/defence pairs and the fools so far.
"""

from __future__ import annotations

from joker.cards import format_card, format_cards, suit_symbol

from ..engine.state import DurakState
from ..engine.table import Phase
from ..engine.views import view_of


def render_text(state: DurakState) -> str:
    """A few lines describing ``state`` (seats are written 1-based, as at the table)."""
    n = state.players
    views = [view_of(state, s) for s in range(n)]
    v = views[0]
    title = f"{state.rules}: game {v.game + 1} of {state.rules.games}"
    fools = " ".join(str(f) for f in state.fools())
    if v.phase is Phase.OVER:
        results = " ".join("draw" if f is None else f"fool {f + 1}" for f in v.results)
        return f"{title}: over ({results}); fools per seat {fools}"
    hidden = "?" if v.hidden is None else format_card(v.hidden)
    lines = [f"{title}, {v.phase.value}, trump {suit_symbol(v.trump)}, turned {format_card(v.turned)} "
             f"hidden {hidden}, stock {v.stock}, discard {len(v.discard)}, fools per seat {fools}"]
    for s, sv in enumerate(views):
        role = "leader" if s == v.leader else "defender" if s == v.defender else "-"
        mark = ">" if v.current_player == s else " "
        backs = " [prikup %d]" % v.prikups[s] if v.prikups[s] else ""
        lines.append(f"{mark} seat {s + 1} {role:<8} {v.hand_sizes[s]:>2} cards: {format_cards(sv.hand) or '-'}{backs}")
    pairs = [format_card(a) + ("" if d is None else "/" + format_card(d)) for a, d in zip(v.attack, v.defence)]
    flags = (" (taking)" if v.taking else "") + (" (passed on)" if v.passed_on else "")
    lines.append("  table: " + (" ".join(pairs) or "-") + flags)
    return "\n".join(lines)
