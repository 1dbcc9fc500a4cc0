"""The OpenSpiel ISMCTS adapter: the OpenSpiel state it rebuilds from a seat's
view has that seat to move, the same legal actions, and an information state
that does not depend on the hidden cards it had to deal; and it plays whole
arena boards against the search bot on the oh-hell preset."""

from __future__ import annotations

import random

import pytest

from joker import new_game, view_of
from joker.match.arena import run_arena
from joker.bots import make_bot
from joker.games.joker.bots.ismcts import OURS_TO_OS, OpenSpielISMCTSBot, _our_action
from joker.errors import JokerError
from joker.games.joker.rules import parse_rules

pyspiel = pytest.importorskip("pyspiel")  # a dev dependency (open_spiel==2.0.2): present in CI


def test_rebuilt_state_matches_the_view():
    rng = random.Random(5)
    for seed in range(40):
        rules = parse_rules(f"oh-hell(long_deal={rng.randint(1, 9)},players={rng.randint(3, 5)})")
        state = new_game(rules, seed=seed)
        for _ in range(rng.randrange(40)):
            if state.is_terminal():
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        view = view_of(state, state.current_player)
        a, b = OpenSpielISMCTSBot(1), OpenSpielISMCTSBot(2)
        s1, s2 = a._state(view), b._state(view)
        assert s1.current_player() == view.seat
        assert {str(_our_action(x)) for x in s1.legal_actions()} == {str(x) for x in view.legal_actions}
        assert s1.information_state_string(view.seat) == s2.information_state_string(view.seat)


def test_card_maps_are_inverse():
    assert sorted(OURS_TO_OS) == list(range(52)) and sorted(OURS_TO_OS.values()) == list(range(52))


def test_only_oh_hell():
    state = new_game("bus-angeles", seed=1)
    with pytest.raises(JokerError, match="only the oh-hell preset"):
        OpenSpielISMCTSBot(0)._state(view_of(state, state.current_player))


def test_search_against_ismcts_in_the_arena():
    rules = parse_rules("oh-hell(long_deal=3)")
    report = run_arena(rules, ("search", "ismcts"), deals=2, seed="1", workers=1)
    assert report.boards == 2 and len(report.games) == 16
    assert make_bot("ismcts", 1).name == "ismcts"
    assert make_bot("ismcts@35ms", 1).seconds == pytest.approx(0.035)
