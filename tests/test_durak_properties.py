"""Properties of random legal play over presets, options and seeds (RULES.md §13):
it never raises and always ends; every card is in exactly one place at every
step; every legal action's notation reads back; and a seat's view depends only
on what that seat may know (two states differing only in hidden cards give
that seat equal views; likewise the public view)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from joker import records
from joker.cards import JOKERS, cards_in
from joker.games.durak import GAME
from joker.games.durak.actions import parse_action
from joker.games.durak.deck import deck_cards
from joker.games.durak.engine.state import DurakState
from joker.games.durak.engine.views import public_view, view_of
from joker.games.durak.rules import DurakRules, preset

from durak_positions import where

rules_st = st.builds(
    lambda name, players, show, throw, limit, series, stall: preset(name).replace(
        players=players, show_trump=show, throw_in=throw, first_bout_limit=limit, stall_limit=stall,
        **({"games": 2, "next_game_lead": series} if series else {})),
    st.sampled_from(["durak", "durak-36"]), st.integers(2, 4),
    st.sampled_from(["once_per_card", "once_per_bout", "off"]), st.sampled_from(["all", "neighbours"]),
    st.sampled_from([6, 5]), st.sampled_from([None, "lowest_trump", "onto_fool"]), st.sampled_from([50, 4]),
)
"""Every preset and option: players, show_trump, throw_in, first_bout_limit, a series of
two games with either next_game_lead, and the stall limit (50, or 4 to see stalled draws)."""


def hide_from(s: DurakState, seat: int | None, rng: random.Random) -> DurakState:
    """``s`` with every card ``seat`` may not see (``None``: a spectator) shuffled among
    the places that hide them: other hands' unknown cards, every prikup, the stock
    but its face-up turned trump (and the hidden trump once shown)."""
    n = s.players
    slots: list[tuple[str, int, int]] = []  # (kind, index, how many)
    pool: list[int] = []
    for o in range(n):
        if o != seat:
            unknown = s.hands[o] & ~s.known[o]
            slots.append(("hand", o, unknown.bit_count()))
            pool += cards_in(unknown)
        slots.append(("prikup", o, s.prikups[o].bit_count()))
        pool += cards_in(s.prikups[o])
    stock = list(s.stock)
    open_positions = set()
    if len(stock) >= 2 and stock[-2] == s.turned:
        open_positions.add(len(stock) - 2)
    if stock and stock[-1] == s.hidden and s.hidden_shown:
        open_positions.add(len(stock) - 1)
    secret_positions = [i for i in range(len(stock)) if i not in open_positions]
    pool += [stock[i] for i in secret_positions]
    rng.shuffle(pool)
    hands, prikups = list(s.hands), list(s.prikups)
    k = 0
    for kind, o, count in slots:
        taken = pool[k:k + count]
        k += count
        m = sum(1 << c for c in taken)
        if kind == "hand":
            hands[o] = (s.hands[o] & s.known[o]) | m
        else:
            prikups[o] = m
    for i in secret_positions:
        stock[i] = pool[k]
        k += 1
    hidden = stock[-1] if stock and not s.hidden_shown else s.hidden
    return replace(s, hands=tuple(hands), prikups=tuple(prikups), stock=tuple(stock), hidden=hidden)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_st, st.integers(0, 10**6))
def test_random_play_ends_keeps_every_card_and_reads_its_notation(rules: DurakRules, seed: int) -> None:
    s = GAME.new_game(rules, seed)
    rng = random.Random(seed)
    deck = set(deck_cards(rules.deck))
    steps = 0
    while not s.is_terminal():
        assert set(where(s)) == deck
        legal = s.legal_actions()
        assert legal and s.current_player is not None
        a = rng.choice(legal)
        assert parse_action(str(a)) == a
        s = s.apply(a)
        steps += 1
    # The ending rule of docs/durak.md bounds a game by (deck size + 1) × stall_limit bouts.
    assert len(s.results) == rules.games and s.legal_actions() == [] and s.current_player is None
    assert steps < 200_000


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_st, st.integers(0, 10**6))
def test_a_view_depends_only_on_what_its_seat_may_know(rules: DurakRules, seed: int) -> None:
    s = GAME.new_game(rules, seed)
    rng = random.Random(seed)
    k = changed = 0
    while not s.is_terminal():
        if k % 7 == 0:
            seat = rng.randrange(rules.players)
            other = hide_from(s, seat, rng)
            assert view_of(other, seat) == view_of(s, seat)
            spectator = hide_from(s, None, rng)
            assert public_view(spectator) == public_view(s)
            changed += other != s
        s = s.apply(rng.choice(s.legal_actions()))
        k += 1
    assert changed  # the shuffles really moved hidden cards


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_st, st.integers(0, 10**6))
@example(preset("durak-36").replace(players=2, first_bout_limit=5, stall_limit=4), 85031)  # a take ends it: 4th idle bout
def test_the_fool_and_the_scores_recomputed_from_the_record(rules: DurakRules, seed: int) -> None:
    """RULES.md §13.6: the last player holding cards is the fool; nobody holding
    any is a draw.  Written to a record and read back, the game replays to the
    same end, and the fool is worked out here from the cards left in hands and
    prikups (not from the engine's result), the score being −1 per fool."""
    rules = rules.replace(games=1, next_game_lead="lowest_trump")
    s = GAME.new_game(rules, seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s = s.apply(rng.choice(s.legal_actions()))
    data = json.loads(json.dumps(GAME.record_of(s).to_dict()))
    end = records.final_state(*records.read(data))
    holding = [seat for seat in range(rules.players) if end.hands[seat] | end.prikups[seat]]
    stalled = end.idle >= rules.stall_limit
    only_jokers = bool(holding) and all(not (end.hands[x] | end.prikups[x]) & ~JOKERS for x in holding)
    if len(holding) == 1:  # the fool, even when his last bout was the stall_limit-th idle one (docs/durak.md)
        fool: int | None = holding[0]
    else:  # a draw: nobody left holding, the stall rule, or only jokers everywhere (docs/durak.md)
        assert not holding or stalled or only_jokers
        fool = None
    assert end.results == (fool,) == s.results
    assert end.scores() == tuple(-1 if seat == fool else 0 for seat in range(rules.players))
