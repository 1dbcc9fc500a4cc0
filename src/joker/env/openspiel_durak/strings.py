"""The strings of ``python_durak``: a seat's observation string (its view now,
in words), its information-state string (every public decision in order plus
the cards the seat itself received — perfect recall) and the debugging text of
a state.  Seat strings are built from :func:`~joker.games.durak.engine.views.view_of`
and the public decisions only."""

from __future__ import annotations

from typing import Sequence

from joker.cards import format_card, format_cards, suit_symbol
from joker.games.durak.engine.state import DurakState
from joker.games.durak.engine.views import PlayerView


def observation_text(player: int, view: PlayerView | None) -> str:
    """Seat ``player``'s observation string: ``P<seat> dealing`` before the deal, else
    the game, phase, roles, trump, turned/hidden trump, stock, own hand, known cards,
    hand sizes, prikup backs, the table, the discard pile and the fools so far."""
    head = f"P{player + 1}"
    if view is None:
        return head + " dealing"

    def seat(s: int | None) -> str:
        return "-" if s is None else str(s + 1)

    hidden = "?" if view.hidden is None else format_card(view.hidden)
    table = " ".join(format_card(a) + ("" if d is None else "/" + format_card(d))
                     for a, d in zip(view.attack, view.defence)) or "-"
    known = " ".join(f"{s + 1}:{format_cards(k)}" for s, k in enumerate(view.known) if k) or "-"
    flags = ("taking " if view.taking else "") + ("passed-on " if view.passed_on else "")
    fools = " ".join("draw" if f is None else str(f + 1) for f in view.results) or "-"
    return (
        f"{head} game {view.game + 1} {view.phase.value} to-move {seat(view.current_player)} "
        f"leader {seat(view.leader)} defender {seat(view.defender)} trump {suit_symbol(view.trump)} "
        f"turned {format_card(view.turned)} hidden {hidden} stock {view.stock} | hand {format_cards(view.hand) or '-'} "
        f"| known {known} | sizes {' '.join(map(str, view.hand_sizes))} | prikups {' '.join(map(str, view.prikups))} "
        f"| table {table} {flags}limit {view.limit} passes {view.passes} | discard {format_cards(view.discard) or '-'} "
        f"| shown {format_cards(view.shown) or '-'} | bouts {view.bouts} idle {view.idle} | fools {fools}"
    )


def information_state_text(player: int, events: Sequence[str]) -> str:
    """Seat ``player``'s information-state string: ``P<seat>`` and its events in order:
    public ones (each decision ``<seat>:<action>``, a game's turned trump ``[game g: turned X]``,
    the hidden trump when shown ``[hidden X]``) and its own (``+<cards>``: cards it received)."""
    return f"P{player + 1} " + " ".join(events)


def state_text(pending: int, state: DurakState | None) -> str:
    """Everything about a state, hidden cards included (for debugging, ``str(state)``)."""
    if state is None:
        return f"dealing: {pending} card(s) dealt"
    lines = [f"{state.rules} game {state.game + 1} phase {state.phase.value} trump {suit_symbol(state.trump)} "
             f"stock {format_cards(state.stock) or '-'}"]
    for s in range(state.players):
        lines.append(f"seat {s + 1}: {format_cards(state.hands[s]) or '-'} prikup {format_cards(state.prikups[s]) or '-'}")
    b = state.bout
    if b is not None:
        lines.append("table: " + " ".join(format_card(a) + ("" if d is None else "/" + format_card(d))
                                          for a, d in zip(b.attack, b.defence)))
    lines.append("results: " + " ".join("draw" if f is None else str(f + 1) for f in state.results))
    return "\n".join(lines)
