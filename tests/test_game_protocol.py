"""The game protocol (joker.game) and the registry: Joker and the tests' toy
game both satisfy it, their records replay through joker.records, and the
bots of either are made by name."""

from __future__ import annotations

import json
import random

import pytest

import toygame
from joker import registry
from joker.bots import make_bot
from joker.errors import IllegalActionError, JokerError, RecordError
from joker.game import Game, GameState, View
from joker.records import final_state, read, steps

toygame.register()

GAMES = [("joker", "bus-angeles(schedule='1,2')"), ("toy", "toy(players=3,cards=2)")]


def play_out(game: Game, rules_text: str, seed: str) -> object:
    rules = game.parse_rules(rules_text)
    assert game.parse_rules(str(rules)) == rules  # the canonical string parses back
    state = game.new_game(rules, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player
        view = game.view_of(state, seat)
        public = game.public_view(state)
        assert isinstance(view, View) and view.seat == seat and public.seat is None
        assert public.legal_actions == () and list(view.legal_actions) == list(state.legal_actions())
        action = rng.choice(view.legal_actions)
        assert game.parse_action(game.format_action(action)) == action
        state = state.apply(action)
    return state


@pytest.mark.parametrize("name,rules_text", GAMES)
def test_a_game_plays_through_the_protocol_and_its_record_replays(name: str, rules_text: str) -> None:
    game = registry.game(name)
    assert isinstance(game, Game) and game.name == name
    state = play_out(game, rules_text, "p1")
    assert isinstance(state, GameState) and state.current_player is None
    text = json.dumps(game.record_of(state, meta={"by": "test"}).to_dict())
    back_game, record = read(json.loads(text))
    assert back_game is game
    seen = list(steps(game, record))
    assert seen and seen[0].before.current_player == seen[0].seat
    assert all(a.after is b.before for a, b in zip(seen, seen[1:]))
    assert final_state(game, record).scores() == state.scores()


def test_an_illegal_action_changes_nothing_and_a_bad_record_names_its_action() -> None:
    game = registry.game("toy")
    state = game.new_game(game.parse_rules("toy"), "s", start=0)
    held = state.hands[0]
    missing = next(c for c in range(1, 7) if c not in held)
    with pytest.raises(IllegalActionError, match=f"illegal play p{missing}"):
        state.apply(f"p{missing}")
    assert state.hands[0] == held and state.history == ()
    data = game.record_of(state).to_dict() | {"actions": [f"p{missing}"]}
    with pytest.raises(RecordError, match=f"action 1 'p{missing}'"):
        list(steps(*read(data)))


def test_records_name_their_game_and_an_unknown_one_is_refused() -> None:
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        read({"format": "joker-record", "game": "chess"})
    with pytest.raises(RecordError, match="not a joker record"):
        read({"format": "pgn"})


def test_bots_are_found_by_game() -> None:
    assert make_bot("high", 1, game="toy").name == "high"
    with pytest.raises(JokerError, match="unknown bot 'heuristic'; bots: random, high"):
        make_bot("heuristic", game="toy")
    assert make_bot("heuristic", 1).name == "heuristic"  # the default game's
