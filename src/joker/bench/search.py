"""Search benchmarks, in one run (goals of issue 6 beside each figure):

1. rollouts per second from a post-bid ``oh_hell`` position (4 players, 9
   tricks): our compiled fast path (uniformly random legal moves, a batch per
   call, and one playout per call) against OpenSpiel's C++ ``evaluate_bots``
   with uniform random bots (one rollout per call) — goal ≥ 5×;
2. double-dummy solve time (the most tricks the first hand can make sure of,
   a fresh table per deal) over 9-card deals: bus-angeles (jokers in the deal
   reported apart) and oh-hell — goal median ≤ 5 ms, p99 ≤ 50 ms;
3. search-bot time per decision at its default level (``medium``) in
   bus-angeles games against the heuristic bot — goal ≤ 1 s, median ≤ 250 ms
   for a card;
4. the search's rollout policy as a player: on 9-card bus-angeles deals bid
   by four heuristic bots, the share of those bids the policy makes when it
   plays every seat with every card known, the share one seat makes when it
   plays its own moves by the search's one-ply lookahead (the others by the
   policy; each seat in turn), and the share the heuristic bots make playing
   the deal themselves (seeing only their own cards).  No goal: it measures
   how good the continuation the search bot relies on is (docs/bots.md).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Mapping

import numpy as np

from joker.bots import make_bot
from joker.games.joker.engine.state import GameState, Phase, deal_cards_from_seed, new_game
from joker.games.joker.engine.views import view_of
from joker.games.joker.fastpath import kernels as FK
from joker.games.joker.fastpath.convert import position_of
from joker.games.joker.fastpath.kernels import I64s
from joker.games.joker.rules import Rules, preset
from joker.games.joker.solver import DoubleDummy


def _post_bid(rules: Rules, seed: int) -> GameState:
    rng = random.Random(seed)
    s = new_game(rules, seed=seed)
    while s.phase is not Phase.PLAY:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def rollouts(seconds: float) -> dict[str, float]:
    """Rollouts per second (see the module doc)."""
    rules = preset("oh-hell").replace(players=4, long_deal=9)
    state = _post_bid(rules, 1)
    pos = position_of(state)
    hands, trick, taken = pos.arrays()
    FK.seed(1)
    FK.random_playouts(hands, trick, 0, pos.leader, 1, taken, pos.params, 10)  # compile / load
    out: dict[str, float] = {}
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        FK.random_playouts(hands, trick, 0, pos.leader, 1, taken, pos.params, 10_000)
        n += 10_000
    out["fast path, 10,000 playouts per call"] = n / (time.perf_counter() - start)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        h, t = hands.copy(), taken.copy()
        FK.random_playout(h, trick, 0, pos.leader, 1, t, pos.params)
        n += 1
    out["fast path, one playout per call"] = n / (time.perf_counter() - start)
    try:
        import pyspiel
    except ImportError:  # pragma: no cover - a dev dependency
        return out
    from joker.games.joker.bots.ismcts import OURS_TO_OS

    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 9})
    os_state = game.new_initial_state()
    os_state.apply_action(9)
    os_state.apply_action(state.dealer)
    assert state.seed is not None  # a seeded game
    cards = deal_cards_from_seed(rules, state.seed, 0, state.dealer)
    dealt = [list(h) for h in cards.hands]
    for k in range(36):
        os_state.apply_action(OURS_TO_OS[dealt[k % 4][k // 4]])
    assert cards.turned is not None  # 36 of the 52 cards are dealt: one is turned
    os_state.apply_action(OURS_TO_OS[cards.turned])
    for i in range(4):
        bid = state.bids[(state.dealer + 1 + i) % 4]
        assert bid is not None  # a post-bid state
        os_state.apply_action(52 + bid)
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(4)]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        pyspiel.evaluate_bots(os_state.clone(), bots, n)  # it plays the state it is given to the end
        n += 1
    out["OpenSpiel evaluate_bots (C++)"] = n / (time.perf_counter() - start)
    return out


def solve_times(deals: int) -> dict[str, list[float]]:
    """Seconds per double-dummy solve, by kind of deal."""
    dd = DoubleDummy()
    out: dict[str, list[float]] = {"bus-angeles, no joker": [], "bus-angeles, jokers": [], "oh-hell": []}
    bus = preset("bus-angeles").replace(schedule="9")
    oh = preset("oh-hell").replace(long_deal=9)
    warm = position_of(_post_bid(bus, 0))
    dd.max_tricks(warm, warm.leader)
    for i in range(deals):
        for rules in (bus, oh):
            pos = position_of(_post_bid(rules, 1000 + i))
            dd.clear()  # a fresh transposition table per deal
            start = time.perf_counter()
            dd.max_tricks(pos, pos.leader)
            t = time.perf_counter() - start
            if rules is oh:
                out["oh-hell"].append(t)
            else:
                out["bus-angeles, jokers" if any(h >> 52 for h in pos.hands) else "bus-angeles, no joker"].append(t)
    return out


def decision_times(games: int) -> dict[str, list[float]]:
    """Seconds per search-bot decision (medium) with more than one legal action."""
    rules = preset("bus-angeles")
    out: dict[str, list[float]] = {"bid": [], "card": []}
    for g in range(games):
        bots = [make_bot("search", g)] + [make_bot("heuristic", g * 10 + s) for s in range(1, 4)]
        state = new_game(rules, seed=f"bench:{g}")
        while not state.is_terminal():
            p = state.current_player
            assert p is not None  # the game is not over
            view = view_of(state, p)
            start = time.perf_counter()
            a = bots[p].choose(view)
            t = time.perf_counter() - start
            if p == 0 and len(view.legal_actions) > 1 and view.phase is not Phase.TRUMP:
                out["bid" if view.phase is Phase.BID else "card"].append(t)
            state = state.apply(a)
    return out


def _lookahead_tricks(rules: Rules, state: GameState, seat: int, params: I64s) -> int:
    """Seat ``seat``'s tricks when it plays by ``policy.lookahead`` (its deal
    score as the table) and the others by the policy, every card known."""
    from joker.games.joker.fastpath import policy as FP
    from joker.games.joker.scoring import deal_score

    n = rules.players
    bids = np.array(state.bids, dtype=np.int64)
    table = np.array([deal_score(rules, state.spec, state.bids[seat], t) for t in range(state.spec.cards + 1)],
                     dtype=np.float64)
    hands = np.array(state.hands, dtype=np.int64)
    trick = np.zeros(n, dtype=np.int64)
    taken = np.zeros(n, dtype=np.int64)
    moves, buf, mine = (np.empty(FK.MAX_MOVES, dtype=np.int64) for _ in range(3))
    work = np.empty((3, n), dtype=np.int64)
    assert state.current_player is not None  # a deal in play
    tlen, leader, first = 0, state.current_player, 1
    while hands[(leader + tlen) % n]:
        q = (leader + tlen) % n
        if q == seat:
            code = FP.lookahead(hands, trick, tlen, leader, first, taken, bids, params, seat, table, moves, buf,
                                work, mine)
        else:
            code = FP.choose(hands, trick, tlen, leader, first, taken, bids, params, 0.0, moves, buf)
        tlen, leader, first = FP.play_code(hands, trick, tlen, leader, first, taken, params, code)
    return int(taken[seat])


def policy_quality(deals: int) -> dict[str, dict[str, float]]:
    """Shares of bids made, over (under) on 9-card bus-angeles deals (no
    premium) bid by heuristic bots: played out by the compiled policy with every
    hand known (no random moves), by one seat playing by lookahead (each seat in
    turn) and by the heuristic bots themselves."""
    from joker.games.joker.fastpath import policy as FP
    from joker.games.joker.fastpath.convert import params_of

    rules = preset("bus-angeles").replace(schedule="9", premium="none")
    names = ("policy, every card known", "one seat by lookahead, every card known", "heuristic bots, own cards only")
    counts = {k: [0, 0, 0] for k in names}
    n = rules.players
    for g in range(deals):
        bots = [make_bot("heuristic", f"policy:{g}:{s}") for s in range(n)]
        state = new_game(rules, seed=f"policy:{g}")
        while state.phase is not Phase.PLAY:
            p = state.current_player
            assert p is not None  # the game is not over
            state = state.apply(bots[p].choose(view_of(state, p)))
        bids = [b for b in state.bids if b is not None]
        assert len(bids) == n  # every seat has bid
        params = params_of(rules, state.trump, state.rotating)
        sums = np.zeros((1, n))
        assert state.current_player is not None  # the deal is in play
        FP.mean_tricks(np.array([state.hands], dtype=np.int64), state.current_player,
                       np.array([bids], dtype=np.int64), params, 1, 0.0, sums)
        looked = [_lookahead_tricks(rules, state, s, params) for s in range(n)]
        while not state.is_terminal():
            p = state.current_player
            assert p is not None  # the game is not over
            state = state.apply(bots[p].choose(view_of(state, p)))
        for name, tricks in zip(names, (sums[0], looked, state.results[-1].tricks)):
            for b, t in zip(bids, map(int, tricks)):
                counts[name][(t > b) - (t < b) + 1] += 1
    total = deals * n
    return {k: {"made": v[1] / total, "over": v[2] / total, "under": v[0] / total} for k, v in counts.items()}


def _stats(xs: list[float]) -> str:
    if not xs:
        return "no samples"
    s = sorted(xs)
    p99 = s[min(len(s) - 1, int(0.99 * len(s)))]
    return (f"n={len(s):5d}  median {1000 * statistics.median(s):8.2f} ms  p99 {1000 * p99:8.2f} ms  "
            f"max {1000 * s[-1]:8.2f} ms")


def run(seconds: float = 3.0, deals: int = 200, games: int = 2) -> dict[str, Mapping[str, object]]:
    """Measure and print everything; returns the figures."""
    print("1. rollouts per second, oh_hell 4 players 9 tricks, post-bid")
    rates = rollouts(seconds)
    ref = rates.get("OpenSpiel evaluate_bots (C++)")
    for name, r in rates.items():
        ratio = f"{r / ref:8.2f}×" if ref else ""
        print(f"   {name:40} {r:12.0f}/s {ratio}")
    print("   goal: fast path ≥ 5× OpenSpiel's evaluate_bots")
    print(f"2. double-dummy solve (most tricks of the first hand), 9-card deals, {deals} deals per preset")
    times = solve_times(deals)
    for name, xs in times.items():
        if xs:
            print(f"   {name:24} {_stats(xs)}")
    if not times["bus-angeles, no joker"]:
        print("   (a 9-card bus-angeles deal deals the whole 36-card deck: both jokers are always in play)")
    print("   goal: median ≤ 5 ms, p99 ≤ 50 ms")
    print(f"3. search bot (medium) time per decision, {games} bus-angeles game{'s' if games != 1 else ''} against the heuristic bot")
    dec = decision_times(games)
    for name, xs in dec.items():
        print(f"   {name:24} {_stats(xs)}")
    print("   goal: ≤ 1 s per decision, median ≤ 250 ms for a card")
    print(f"4. the rollout policy as a player: bids of heuristic bots made, {deals} 9-card bus-angeles deals")
    quality = policy_quality(deals)
    for name, q in quality.items():
        print(f"   {name:40} made {q['made']:6.1%}  over {q['over']:6.1%}  under {q['under']:6.1%}")
    return {"rollouts": rates, "solve": times, "decisions": dec, "policy": quality}
