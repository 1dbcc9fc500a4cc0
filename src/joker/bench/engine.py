"""Engine throughput: random full deals per second through the public API
(``legal_actions`` + validated ``apply``), through the fastest internal path
(``copy`` + ``push_unchecked``), and OpenSpiel's ``oh_hell`` (4 players, 9
tricks) through its Python API, all in one run, with ratios."""

from __future__ import annotations

import random
from typing import Callable

from joker.games.joker.engine.fast import random_playout
from joker.games.joker.engine.state import new_game
from joker.games.joker.rules import Rules, preset

from .timing import rate


def public_deal(rules: Rules) -> Callable[[int], None]:
    """One random deal through the public API per call."""
    rng = random.Random(1)

    def run(i: int) -> None:
        s = new_game(rules, seed=i)
        while not s.is_terminal():
            s = s.apply(rng.choice(s.legal_actions()))

    return run


def unchecked_deal(rules: Rules) -> Callable[[int], None]:
    """One random deal through ``copy`` + ``push_unchecked`` per call."""
    rng = random.Random(1)

    def run(i: int) -> None:
        s = new_game(rules, seed=i)
        push, legal, choice = s.push_unchecked, s.legal_actions, rng.choice
        while s.current_player is not None:
            push(choice(legal()))

    return run


def fast_deal(rules: Rules) -> Callable[[int], None]:
    """One random deal (dealt by ``new_game``, played by ``random_playout``) per call."""
    rng = random.Random(1)

    def run(i: int) -> None:
        random_playout(new_game(rules, seed=i), rng)

    return run


def openspiel_game() -> Callable[[int], None] | None:
    """One random ``oh_hell`` game (4 players, 9 tricks, chance included) per call."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 9})
    rng = random.Random(1)

    def run(i: int) -> None:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))

    return run


def run(seconds: float = 3.0) -> dict[str, float]:
    """Measure and print; returns the rates (deals per second)."""
    oh = preset("oh-hell").replace(players=4, long_deal=9)
    bus9 = preset("bus-angeles").replace(schedule="9")
    rates: dict[str, float] = {}
    os_fn = openspiel_game()
    if os_fn is not None:
        rates["openspiel oh_hell (python API)"] = rate(os_fn, seconds)
    rates["oh-hell public API"] = rate(public_deal(oh), seconds)
    rates["oh-hell push_unchecked"] = rate(unchecked_deal(oh), seconds)
    rates["oh-hell random_playout (fastest)"] = rate(fast_deal(oh), seconds)
    rates["bus-angeles 9-card public API"] = rate(public_deal(bus9), seconds)
    rates["bus-angeles 9-card push_unchecked"] = rate(unchecked_deal(bus9), seconds)
    rates["bus-angeles 9-card random_playout"] = rate(fast_deal(bus9), seconds)
    ref = rates.get("openspiel oh_hell (python API)")
    print(f"{'measurement':40} {'deals/s':>10} {'× OpenSpiel':>12}")
    for name, r in rates.items():
        ratio = f"{r / ref:>11.2f}×" if ref else "  (no pyspiel)"
        print(f"{name:40} {r:>10.0f} {ratio}")
    if ref:
        print("goals: oh-hell public API ≥ 0.5×, fastest pure-Python path ≥ 1.2× OpenSpiel's Python loop")
    return rates
