"""What one Durak action did, as the public reports the terminal game and
``joker replay`` print (RULES.md §13.4–§13.6): the move itself (an attack,
a beat, a transfer, a show, a joker and the cards it passed on, take, done,
pass), then what followed by itself — the table taken or discarded, the
draw, the trump change, a prikup picked up, players going out, the fool or a
draw, the next game and the next bout.

:func:`events` reads the states before and after, but every event holds only
public facts: cards that lay face up on the table, the turned trump and the
hidden trump once shown, and counts (cards drawn, prikup cards picked up) —
never a card drawn from the stock or a prikup's face.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from joker.cards import is_joker, suit_symbol
from joker.games.durak.actions import DONE, PASS, TAKE, Action, Attack, Beat, Show, Transfer
from joker.games.durak.engine.state import DurakState
from joker.games.durak.engine.table import Bout, Phase
from joker.i18n import Tr

from .text import card_text


@dataclass(frozen=True)
class Event:
    """One report: the ``durak_play`` catalogue's key ``ev_<kind>`` and its fields (text or counts)."""

    kind: str
    fields: dict[str, Any] = field(default_factory=dict)
    actor: int | None = None
    """The seat the report is about (its subject), if any."""

    def say(self, tr: Tr, you: int | None = None) -> str:
        """The report in ``tr``'s language; said to the player himself
        (``ev_<kind>_you``, "you take") when ``you`` is its actor."""
        key = f"ev_{self.kind}"
        if you is not None and self.actor == you and tr.catalogue.has(key + "_you"):
            key += "_you"
        return tr(key, **self.fields)


def final_table(before: DurakState, action: Action) -> Bout:
    """The bout's table just after ``action``, before the engine clears it
    (``before`` must have a bout)."""
    b = before.bout
    assert b is not None
    if isinstance(action, (Attack, Transfer)):
        return b.add_attack(action.card)
    if isinstance(action, Beat):
        return b.cover(action.target, action.card)
    return b


def bout_ended(before: DurakState, after: DurakState) -> bool:
    """Whether the action between ``before`` and ``after`` ended the bout."""
    return after.game != before.game or after.bouts != before.bouts or after.phase is Phase.OVER


def took(before: DurakState, action: Action, after: DurakState) -> bool:
    """Whether the bout ended with the defender picking the table up."""
    b = before.bout
    assert b is not None
    if not bout_ended(before, after) or (isinstance(action, Beat) and is_joker(action.card)):
        return False
    return b.taking or action is TAKE or bool(final_table(before, action).unbeaten)


def game_start(state: DurakState, names: Sequence[str]) -> Event:
    """The report of a game's start: its number, trump (turned card) and first attacker."""
    b = state.bout
    leader = names[b.leader] if b is not None else "—"
    fields: dict[str, Any] = {"game": state.game + 1, "turned": card_text(state.turned), "name": leader}
    if state.trump is None:
        return Event("game_joker", fields, b.leader if b is not None else None)
    return Event("game", {**fields, "suit": suit_symbol(state.trump)}, b.leader if b is not None else None)


def bout_start(state: DurakState, names: Sequence[str], objects: Sequence[str] | None = None) -> Event | None:
    """The report of the bout ``state`` begins (``None`` when the series is over);
    ``objects``: the seats' names as objects ("attacks you"), default ``names``."""
    b = state.bout
    if b is None or state.phase is Phase.OVER:
        return None
    target = (objects or names)[b.defender]
    return Event("bout", {"bout": state.bouts + 1, "name": names[b.leader], "target": target}, b.leader)


def _move(before: DurakState, seat: int, action: Action, after: DurakState, names: Sequence[str],
          objects: Sequence[str]) -> list[Event]:
    b = before.bout
    assert b is not None
    name = names[seat]
    if isinstance(action, Attack):
        kind = {Phase.LEAD: "lead", Phase.ADD: "add"}.get(before.phase, "throw")
        return [Event(kind, {"name": name, "target": objects[b.defender], "card": card_text(action.card)}, seat)]
    if isinstance(action, Beat):
        fields = {"name": name, "target": card_text(action.target), "card": card_text(action.card)}
        if not is_joker(action.card):
            return [Event("beat", fields, seat)]
        beaten = sum(1 for d in b.defence if d is not None)
        out = [Event("joker", fields, seat), Event("discard", {"n": 2 * beaten + 2})]
        rest = len(b.unbeaten) - 1
        if rest and after.bout is not None and not bout_ended(before, after):
            out.append(Event("passed", {"n": rest, "name": names[after.bout.defender]}, after.bout.defender))
        return out
    if isinstance(action, (Transfer, Show)):
        nxt = after.bout.defender if after.bout is not None else seat
        kind = "transfer" if isinstance(action, Transfer) else "show"
        return [Event(kind, {"name": name, "card": card_text(action.card), "next": objects[nxt]}, seat)]
    kind = {TAKE: "take", DONE: "done", PASS: "pass"}[action]
    return [Event(kind, {"name": name}, seat)]


def events(before: DurakState, seat: int, action: Action, after: DurakState, names: Sequence[str],
           objects: Sequence[str] | None = None) -> list[Event]:
    """The reports of ``seat``'s ``action`` taking ``before`` to ``after``, in order
    (see the module docstring).  ``names[seat]`` names each seat as a subject,
    ``objects[seat]`` as an object ("attacks you"; default ``names``)."""
    objects = objects or names
    b = before.bout
    assert b is not None
    out = _move(before, seat, action, after, names, objects)
    ended = bout_ended(before, after)
    same_game = after.game == before.game and after.dealt == before.dealt
    table = final_table(before, action)
    taken = took(before, action, after)
    n_table = len(table.attack) + sum(1 for d in table.defence if d is not None)
    if ended and not (isinstance(action, Beat) and is_joker(action.card)):
        if taken:
            out.append(Event("took", {"name": names[table.defender], "n": n_table}, table.defender))
        else:
            out.append(Event("discard", {"n": n_table}))
    if same_game:
        n = before.players
        picked = [before.prikups[s].bit_count() - after.prikups[s].bit_count() for s in range(n)]
        if len(after.stock) < len(before.stock):
            played = 1 if isinstance(action, (Attack, Beat, Transfer)) else 0
            drawn: list[tuple[int, int]] = []
            for k in range(n):
                s = (b.leader + k) % n
                expected = before.hands[s].bit_count() - (played if s == seat else 0) \
                    + (n_table if taken and s == table.defender else 0)
                got = after.hands[s].bit_count() - picked[s] - expected
                if got > 0:
                    drawn.append((s, got))
            items = ", ".join(f"{names[s]} {k}" for s, k in drawn)
            if items:
                out.append(Event("draw", {"items": items}))
        if after.hidden_shown and not before.hidden_shown:
            drawer = next((s for s in range(n) if after.known[s] >> after.turned & 1), seat)
            fields = {"name": names[drawer], "card": card_text(after.turned), "hidden": card_text(after.hidden)}
            if after.trump is None:
                out.append(Event("trump_joker", fields, drawer))
            else:
                out.append(Event("trump_change", {**fields, "suit": suit_symbol(after.trump)}, drawer))
        for s in range(n):
            if picked[s] > 0:
                out.append(Event("prikup", {"name": names[s], "n": picked[s]}, s))
        for s in range(n):
            if before.active(s) and not after.active(s):
                out.append(Event("out", {"name": names[s]}, s))
    if len(after.results) > len(before.results):
        fool = after.results[-1]
        game = len(after.results)
        out.append(Event("draw_game", {"game": game}) if fool is None
                   else Event("fool", {"game": game, "name": names[fool]}, fool))
        if not after.is_terminal():
            out.append(game_start(after, names))
    if ended:
        nxt = bout_start(after, names, objects)
        if nxt is not None:
            out.append(nxt)
    return out

