"""Differential test: the compiled fast path (joker.games.joker.fastpath.kernels) against
the engine, over more than 10,000 random deals of every preset and of rule
variants that switch on the remaining joker options.

The engine plays whole seeded games with uniformly random legal actions
(trump choices and bids included, so every deal kind of a schedule occurs:
Raspisnoy's specials, the no-trump special deal under rotating trumps, …).
Every play-phase step is recorded: the engine's legal actions (as move codes,
in order), the card chosen, and — when it completes a trick — the engine's
trick winner.  One compiled call then replays every deal on the kernels from
the recorded starting hands and checks every step."""

from __future__ import annotations

import random

import numpy as np
import pytest

from joker import PRESETS, new_game
from joker.games.joker.engine.play import trick_winner
from joker.games.joker.engine.state import Phase
from joker.games.joker.fastpath import code_of, params_of
from joker.games.joker.fastpath import kernels as K
from joker.games.joker.rules import parse_rules

VARIANTS = [
    "bus-angeles(high_call_trump_wins=true)",
    "bus-angeles(high_call_first_trick_only=true,joker_leads=high+takes+give)",
    "camp(high_call_first_trick_only=true,must_trump=false)",
    "raspisnoy-54(rotating_trumps=true,joker_leads=high+takes+give,high_call_trump_wins=true)",
    "georgian-6(high_call_trump_wins=true)",
]
RULESETS = [PRESETS[name] for name in PRESETS] + [parse_rules(v) for v in VARIANTS]
DEALS_PER_RULES = 800  # 13 rule sets -> 10,400 deals


def _record(rules, games_seed: int, want_deals: int):
    """Engine traces of ``want_deals`` deals of random games under ``rules``."""
    n = rules.players
    rng = random.Random(games_seed)
    deals = []
    g = 0
    while len(deals) < want_deals:
        state = new_game(rules, seed=f"{games_seed}:{g}")
        g += 1
        state = state.copy()
        cur = None
        while state.current_player is not None and len(deals) < want_deals:
            legal = state.legal_actions()
            if state.phase is not Phase.PLAY:
                state.push_unchecked(legal[int(rng.random() * len(legal))])
                continue
            if cur is None:
                cur = {
                    "params": params_of(rules, state.trump, state.rotating),
                    "hands": list(state.hands) + [0] * (16 - n),
                    "info": (state.leader, 1 if not state.tricks else 0),
                    "steps": [],
                    "legal": [],
                    "rules": str(rules),
                }
            a = legal[int(rng.random() * len(legal))]
            winner = -1
            if len(state.trick) == n - 1:
                trick = state.trick + ((state.current_player, a),)
                winner = trick_winner(trick, state.trump, state.rotating, rules.high_call_trump_wins)
            cur["legal"].append([code_of(x) for x in legal])
            cur["steps"].append((code_of(a), winner))
            last_card = winner != -1 and state.hands[state.current_player].bit_count() == 1
            state.push_unchecked(a)
            if last_card:
                deals.append(cur)
                cur = None
    return deals


def _pack(deals):
    params = np.array([d["params"] for d in deals], dtype=np.int64)
    hands = np.array([d["hands"] for d in deals], dtype=np.int64)
    info = np.array([d["info"] for d in deals], dtype=np.int64)
    steps = np.array([s for d in deals for s in d["steps"]], dtype=np.int64)
    step_start = np.cumsum([0] + [len(d["steps"]) for d in deals]).astype(np.int64)
    legal_lists = [lst for d in deals for lst in d["legal"]]
    legal = np.array([c for lst in legal_lists for c in lst], dtype=np.int64)
    legal_start = np.cumsum([0] + [len(lst) for lst in legal_lists]).astype(np.int64)
    return params, hands, info, steps, step_start, legal, legal_start


@pytest.fixture(scope="module")
def traces():
    deals = []
    for i, rules in enumerate(RULESETS):
        deals += _record(rules, 1000 + i, DEALS_PER_RULES)
    return deals


def test_fast_path_agrees_with_engine_on_10000_deals(traces):
    assert len(traces) >= 10_000
    packed = _pack(traces)
    bad = K.check_traces(*packed)
    assert bad == -1, f"fast path and engine disagree at step {bad}"
    # the run covered what it claims: every joker call and rotating trumps occurred
    codes = packed[3][:, 0]
    subs = set(int(c) >> 6 for c in codes)
    assert {K.SUB_FOLLOW_HIGH, K.SUB_FOLLOW_LOW, K.SUB_GIVE, K.SUB_TOP} <= subs
    assert any(K.SUB_HIGH <= s < K.SUB_TAKES for s in subs) and any(K.SUB_TAKES <= s < K.SUB_GIVE for s in subs)
    assert packed[0][:, K.P_ROTATING].any() and packed[0][:, K.P_HCTW].any() and packed[0][:, K.P_FIRST_ONLY].any()
    rotating = [d["params"][K.P_ROTATING] for d in traces if d["rules"] == "rotating-trumps"]
    assert 1 in rotating and 0 in rotating  # the no-trump special deal does not rotate (RULES.md §5 rule 5)


def test_checker_catches_a_wrong_winner(traces):
    """The checker is not vacuous: a falsified winner or legal list is reported."""
    params, hands, info, steps, step_start, legal, legal_start = _pack(traces[:50])
    i = int(np.nonzero(steps[:, 1] >= 0)[0][0])
    steps2 = steps.copy()
    steps2[i, 1] = (steps2[i, 1] + 1) % params[0, K.P_N]
    assert K.check_traces(params, hands, info, steps2, step_start, legal, legal_start) == i
    legal2 = legal.copy()
    legal2[legal_start[3]] += 1
    assert K.check_traces(params, hands, info, steps, step_start, legal2, legal_start) == 3


def test_move_codes_round_trip():
    from joker.games.joker.actions import JOKER_FOLLOWS, JOKER_LEADS, PLAYS
    from joker.games.joker.fastpath import action_of

    for a in list(PLAYS) + list(JOKER_FOLLOWS.values()) + list(JOKER_LEADS.values()):
        assert action_of(code_of(a)) is a
