"""Durak's web plug-in: what the web server needs to seat, render and replay
transfer Durak (RULES.md §13).  The server reads it structurally (its
``WebPlugin`` protocol); this module never imports the server.

Everything a live client gets is built from a :class:`~.engine.views.PlayerView`
(a seat's, or the public one): never from the state, so no message names
another hand's unknown card, a prikup's face before it is picked up, the
stock's order or the hidden trump before it is shown.  Only the replay of a
finished game, whose record (every deal included) is public once the game is
over, shows every hand.

Cards and actions are written in the engine's notation (``8C``, ``KC/8C``,
``transfer:8D``, ``show:9H``, ``take``, ``done``, ``pass``); seats are 0-based;
game numbers 1-based.  The pages are Durak's own: ``durak_table.html``
(``static/durak_table.js``) and ``durak_replay.html`` (``static/durak_replay.js``),
their texts from the ``durak_web`` catalogue.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Callable, Iterable, Mapping, Sequence

from joker.cards import cards_in, format_card, format_suit
from joker.i18n import catalogue
from joker.i18n.labels import total_label
from joker.pace import Pace
from joker.records import steps

from .actions import Action, Attack, Beat, Show, Transfer
from .engine.deal import deal_from_seed, first_attacker
from .engine.state import DurakState
from .engine.table import Phase
from .engine.views import PlayerView
from .game import GAME
from .record import DurakRecord
from .rules import PRESETS, RULES_VERSION, DurakRules, NextGameLead, ShowTrump, ThrowIn


# -- pieces ---------------------------------------------------------------------------------------
def _cards(cs: Iterable[int]) -> list[str]:
    return [format_card(c) for c in cs]


def action_card(a: Action) -> str | None:
    """The card an action puts on the table or shows (``None`` for take, done, pass)."""
    if isinstance(a, (Attack, Beat, Transfer, Show)):
        return format_card(a.card)
    return None


def action_kind(a: Action) -> str:
    """``attack``, ``beat``, ``transfer``, ``show`` or the word (``take``, ``done``, ``pass``)."""
    if isinstance(a, Attack):
        return "attack"
    if isinstance(a, Beat):
        return "beat"
    if isinstance(a, Transfer):
        return "transfer"
    if isinstance(a, Show):
        return "show"
    return a.word


def roles(view: PlayerView) -> list[str | None]:
    """Per seat its role in the bout: ``leader`` (the bout's attacker), ``defender``,
    ``thrower`` (may throw in: the seat whose turn it is in the throw-in phase),
    ``out`` (holds nothing and the stock is empty), else ``None``."""
    out: list[str | None] = []
    for s in range(len(view.hand_sizes)):
        if view.defender == s:
            out.append("defender")
        elif view.leader == s:
            out.append("leader")
        elif view.phase is Phase.THROW and view.current_player == s:
            out.append("thrower")
        elif not view.hand_sizes[s] and not view.prikups[s] and not view.stock:
            out.append("out")
        else:
            out.append(None)
    return out


def view_json(view: PlayerView) -> dict[str, Any]:
    """A :class:`PlayerView` (a seat's, or the public one with ``seat`` ``None``) as JSON.

    ``hand``: the seat's own cards (empty for a spectator); ``hand_sizes``,
    ``prikups`` (face-down prikup cards, a count), ``known`` (cards everyone saw
    enter that hand) per seat; ``table``: ``[{attack, defence}]`` in table order
    (``defence`` ``None`` while unbeaten); ``stock``: cards left in it;
    ``turned``: the turned trump; ``hidden``: the hidden trump once shown, else
    ``None``; ``trump``: a suit letter or ``None`` (no trump); ``discard``: the
    size of the discard pile; ``roles`` (:func:`roles`); ``legal``: the actions
    the seat may take now (empty unless it is to move); ``current``: the seat to
    move; ``results``: per finished game the fool's seat or ``None`` (a draw)."""
    return {
        "seat": view.seat,
        "game": view.game + 1,
        "games": view.rules.games,
        "phase": view.phase.value,
        "current": view.current_player,
        "hand": _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "prikups": list(view.prikups),
        "known": [_cards(k) for k in view.known],
        "stock": view.stock,
        "turned": format_card(view.turned),
        "hidden": None if view.hidden is None else format_card(view.hidden),
        "trump": None if view.trump is None else format_suit(view.trump),
        "leader": view.leader,
        "defender": view.defender,
        "roles": roles(view),
        "table": [{"attack": format_card(a), "defence": None if d is None else format_card(d)}
                  for a, d in zip(view.attack, view.defence)],
        "taking": view.taking,
        "passed_on": view.passed_on,
        "limit": view.limit,
        "discard": len(view.discard),
        "shown": _cards(view.shown_in_bout),
        "bouts": view.bouts,
        "results": list(view.results),
        "legal": [str(a) for a in view.legal_actions],
    }


def _active(state: DurakState) -> list[bool]:
    return [state.active(s) for s in range(state.players)]


class _Ends:
    """A series replayed action by action, with how each finished game ended so far
    (:func:`game_ends`); kept so that the next call replays only the new actions."""

    def __init__(self, start: DurakState) -> None:
        self.state = start
        self.ends: list[dict[str, Any]] = []
        self.out: list[int] = []

    def apply(self, action: Action) -> None:
        before = self.state
        after = self.state = before.apply(action)
        ended = len(after.results) > len(before.results)
        if ended and after.game != before.game:
            # the next game is dealt at once: see this one's end under the same rules ending the series here
            k = before.game
            changes: dict[str, Any] = {"games": k + 1}
            if k == 0:
                changes["next_game_lead"] = NextGameLead.LOWEST_TRUMP  # a one-game series leads no next game
            after = replace(before, rules=before.rules.replace(**changes)).apply(action)
        fool = after.results[-1] if ended else None
        was, now = _active(before), _active(after)
        self.out += [s for s in range(before.players) if was[s] and not now[s] and s != fool]
        if ended:
            left = [] if fool is None else _cards(cards_in(after.hands[fool] | after.prikups[fool]))
            self.ends.append({"game": before.game + 1, "fool": fool, "out": self.out, "left": left})
            self.out = []


_REPLAYED: dict[tuple[Any, ...], _Ends] = {}
_KEEP = 64


def game_ends(state: DurakState) -> list[dict[str, Any]]:
    """How each finished game of ``state``'s series ended: ``{"game"`` (1-based),
    ``"fool"`` (a seat, ``None`` for a draw), ``"out"``: the seats that went out in
    the order they did (RULES.md §13.6: out once holding nothing with the stock
    gone; seats going out by the same action in seat order), ``"left"``: the cards
    the fool was left holding, prikup included (empty for a draw)``}``.  Public once
    the game is over (its record shows every hand).

    Replayed from the series' start by the engine; the replay of the series is kept
    (the last :data:`_KEEP` series), so a later call applies only the new actions."""
    key = (state.rules, state.seed, state.start, state.dealt[:1])
    done = _REPLAYED.pop(key, None)
    if done is None or state.log[:len(done.state.log)] != done.state.log:
        done = _Ends(GAME.start_of(GAME.record_of(state)))
    for _, action in state.log[len(done.state.log):]:
        done.apply(action)
    _REPLAYED[key] = done
    while len(_REPLAYED) > _KEEP:
        _REPLAYED.pop(next(iter(_REPLAYED)))
    return [dict(end) for end in done.ends]


def fools_of(state: DurakState) -> list[int]:
    """Per seat, the games it lost as the fool so far (RULES.md §13.6)."""
    return list(state.fools())


def standings_json(totals: Sequence[int]) -> list[dict[str, int]]:
    """``[{place, seat, total}]`` best first: fewest fools first; equal counts share the better place."""
    order = sorted(range(len(totals)), key=lambda s: (totals[s], s))
    return [{"place": 1 + sum(t < totals[s] for t in totals), "seat": s, "total": totals[s]} for s in order]


# -- the replay viewer ----------------------------------------------------------------------------
def _frame(state: DurakState, seat: int | None, action: Action | None) -> dict[str, Any]:
    """One frame with every hand and prikup shown (the record is public once the game is over)."""
    b = state.bout
    return {
        "seat": seat,
        "action": None if action is None else str(action),
        "card": None if action is None else action_card(action),
        "phase": state.phase.value,
        "current": state.current_player,
        "hands": [_cards(cards_in(h)) for h in state.hands],
        "prikups": [_cards(cards_in(p)) for p in state.prikups],
        "stock": len(state.stock),
        "turned": format_card(state.turned),
        "hidden": format_card(state.hidden),
        "hidden_shown": state.hidden_shown,
        "trump": None if state.trump is None else format_suit(state.trump),
        "leader": None if b is None else b.leader,
        "defender": None if b is None else b.defender,
        "table": [] if b is None else [{"attack": format_card(a), "defence": None if d is None else format_card(d)}
                                       for a, d in zip(b.attack, b.defence)],
        "discard": state.discard.bit_count(),
    }


def replay_data(record: DurakRecord) -> dict[str, Any]:
    """Per game, its bouts; per bout, frames: the bout's start, then one frame
    after each action, with every hand.  A bout is the actions between two
    changes of the state's finished-bout count (or of the game).  The frames
    come from the one replay iterator (:func:`joker.records.steps`).  Then the
    fools per seat and the standings; ``deck``: the rules' deck (``durak38``,
    ``durak36``: its jokers are said as 6♠ and 6♣).  Raises :class:`joker.errors.RecordError`
    when the record does not replay."""
    final = GAME.start_of(record)
    games: list[dict[str, Any]] = []
    for step in steps(GAME, record):
        before: DurakState = step.before
        if not games or games[-1]["game"] != before.game + 1:
            games.append({"game": before.game + 1, "fool": None, "bouts": []})
        bouts = games[-1]["bouts"]
        if not bouts or bouts[-1]["bout"] != before.bouts + 1:
            bouts.append({"bout": before.bouts + 1, "frames": [_frame(before, None, None)]})
        bouts[-1]["frames"].append(_frame(step.after, step.seat, step.action))
        final = step.after
    for g in games:
        k = g["game"] - 1
        g["fool"] = final.results[k] if k < len(final.results) else None
        g["over"] = k < len(final.results)
    totals = fools_of(final)
    return {"rules": record.rules, "deck": final.rules.deck.value, "players": list(record.players), "games": games,
            "totals": totals,
            "standings": standings_json(totals) if final.is_terminal() else None}


# -- the plug-in ----------------------------------------------------------------------------------
class DurakWeb:
    """Durak's web plug-in (the server's ``WebPlugin`` protocol): Durak's own
    pages, fools per seat as the score, no stalling dot, no analysis."""

    table_template = "durak_table.html"
    replay_template = "durak_replay.html"
    fill_bot = "heuristic"
    rules_version = RULES_VERSION
    analysis = False
    notation = "8C, KC/8C, transfer:8D, show:9H, take, done, pass"

    def page_data(self, lang: str) -> dict[str, Any]:
        """The Durak refusal texts (``refusals``) and the pages' texts (``durak_T``,
        the ``durak_web`` catalogue) of ``lang``, for the pages' scripts."""
        return {"refusals": catalogue("durak").table(lang), "durak_T": catalogue("durak_web").table(lang)}

    def lobby_data(self) -> dict[str, Any]:
        """What the new-table form offers: the ``presets`` (2–4 players, RULES.md §13.2);
        the ``options`` of RULES.md §13 by their rules-string names, each with its
        ``default`` and either its ``values`` or a ``min``/``max`` range; the bot
        ``levels`` for people (``easy``, ``medium``, ``hard``)."""
        base = DurakRules()
        return {
            "presets": [{"name": n, "players": r.players, "min_players": 2, "max_players": 4,
                         "deck": r.deck.value} for n, r in PRESETS.items()],
            "options": [
                {"name": "show_trump", "default": base.show_trump.value, "values": [v.value for v in ShowTrump]},
                {"name": "throw_in", "default": base.throw_in.value, "values": [v.value for v in ThrowIn]},
                {"name": "first_bout_limit", "default": base.first_bout_limit, "values": [6, 5]},
                {"name": "next_game_lead", "default": base.next_game_lead.value,
                 "values": [v.value for v in NextGameLead]},
                {"name": "games", "default": base.games, "min": 1, "max": 1000},
            ],
            "levels": ["easy", "medium", "hard"],
        }

    def start_seat(self, rules: DurakRules, seed: str) -> int:
        """The seat attacking first in game 1, chosen by RULES.md §13.3 from the seed's first deal."""
        deal = deal_from_seed(rules, seed, 0)
        hands = tuple(sum(1 << c for c in h) for h in deal.hands)
        return first_attacker(rules, hands, deal.turned)

    def table_info(self, rules: DurakRules) -> dict[str, Any]:
        return {"preset": rules.preset, "deck": rules.deck.value, "games": rules.games}

    def progress(self, rules: DurakRules, state: DurakState | None) -> dict[str, Any]:
        """``game_number`` (1-based, ``None`` while waiting) of ``games``; ``bouts`` finished in it.
        (Not ``game``: the lobby's row names the game with it.)"""
        return {"game_number": None if state is None else min(state.game + 1, rules.games), "games": rules.games,
                "bouts": None if state is None else state.bouts}

    def view_json(self, view: PlayerView) -> dict[str, Any]:
        return view_json(view)

    def action_data(self, before: DurakState, after: DurakState, seat: int, action: Action) -> dict[str, Any]:
        """``game``, ``what`` (:func:`action_kind`), ``card`` (every card named here lies face up
        on the table or was shown); ``bout_done`` when the action ended a bout, ``game_done``
        (``fool``: a seat or ``None`` for a draw) when it ended a game."""
        data: dict[str, Any] = {"game": before.game + 1, "what": action_kind(action), "card": action_card(action)}
        if isinstance(action, Beat):
            data["target"] = format_card(action.target)
        if after.game != before.game or after.bouts != before.bouts or after.is_terminal():
            data["bout_done"] = True
        if len(after.results) > len(before.results):
            data["game_done"] = {"game": before.game + 1, "fool": after.results[-1]}
        return data

    def sheet_changed(self, before: DurakState, after: DurakState) -> bool:
        """A game ended (the fools count changed or a draw was recorded)."""
        return len(after.results) > len(before.results)

    def pace(self, before: DurakState, after: DurakState) -> Pace:
        """``ENDED`` when a bout ended (so people see it); ``THROW_IN`` after a
        throw-in or a pass to a defender who takes, the bout going on (RULES.md
        §13.4 rule 3: the answer is given, the cards that follow come quickly;
        the take itself is followed by the ``NORMAL`` pause, so people see it);
        else ``NORMAL`` (:mod:`joker.pace`)."""
        if after.game != before.game or after.bouts != before.bouts or after.is_terminal():
            return Pace.ENDED
        b = before.bout
        if b is not None and b.taking and before.phase is Phase.THROW:
            return Pace.THROW_IN
        return Pace.NORMAL

    def totals(self, state: DurakState, penalties: Sequence[Mapping[str, Any]]) -> list[int]:
        """Fools per seat (RULES.md §13.6; Durak has no penalties)."""
        return fools_of(state)

    def sheet(self, state: DurakState, penalties: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Per finished game, how it ended (:func:`game_ends`: its fool, ``None`` for
        a draw; the seats in the order they went out; the fool's cards left)."""
        return game_ends(state) if state.results else []

    def standings(self, totals: Sequence[int]) -> list[dict[str, int]]:
        return standings_json(totals)

    def total_texts(self, lang: str) -> dict[str, str]:
        """Times the fool (the ``durak_web`` catalogue's ``total_fools…``): "never the fool",
        "the fool once", "the fool 2 times"; «ни разу не в дураках», «в дураках 2 раза»."""
        texts = catalogue("durak_web")
        return {"n": texts.text("total_fools", lang), "0": texts.text("total_fools_0", lang),
                "1": texts.text("total_fools_1", lang)}

    def total_label(self, total: int, lang: str) -> str:
        return total_label(self.total_texts(lang), total, lang)

    def stalling_dot(self, rules: DurakRules) -> bool:
        """The stalling dot is Joker's (RULES.md §11)."""
        return False

    def penalty(self, state: DurakState, seat: int, note: str) -> dict[str, Any]:
        raise NotImplementedError("Durak has no stalling dot")

    def with_penalties(self, record: DurakRecord, penalties: Sequence[Mapping[str, Any]]) -> DurakRecord:
        return record

    def record_text(self, record: DurakRecord) -> str:
        return json.dumps(record.to_dict(), ensure_ascii=False, indent=1)

    def replay_json(self, record: DurakRecord) -> dict[str, Any]:
        return replay_data(record)

    def warm_analysis(self) -> None:
        raise NotImplementedError("Durak has no analysis")

    def analyse(self, record: DurakRecord, report: Callable[[int, int], None]) -> dict[str, Any]:
        raise NotImplementedError("Durak has no analysis")


PLUGIN = DurakWeb()
"""The plug-in :func:`joker.registry.plugin` hands out as ``plugin("durak", "web")``."""
