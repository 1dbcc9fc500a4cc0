"""The prikup, going out, the fool, draws, the first attacker, throw-in turns and
series (RULES.md §13.3, §13.4 rule 3, §13.6; the house's ending rule of docs/durak.md)."""

from __future__ import annotations

import random

import pytest

from joker.cards import mask_of, parse_cards
from joker.games.durak.engine.state import new_game
from joker.games.durak.engine.table import Phase
from joker.games.durak.rules import preset

from durak_positions import A, B, C, D, deal, play, position


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def test_an_attacker_picks_up_his_prikup_when_he_throws_his_last_card() -> None:
    s = play(position(["8C 9D", "9C TD 6S", "7S 7D", "JC QC"], prikups=["AS AD", "", "", ""]), "8C")
    assert s.hands[A] == cards("9D")
    s = play(s, "done 9C/8C 9D")  # A throws in his last card: his prikup comes up at once
    assert s.hands[A] == cards("AS AD") and s.prikups[A] == 0 and s.current_player == B


def test_the_last_player_holding_cards_is_the_fool() -> None:
    # Two players, no prikups: A leads his last card, B beats it and still holds 7♦.
    s = play(position(["8C", "9C 7D"]), "8C 9C/8C")
    assert s.is_terminal() and s.results == (B,) and s.scores() == (0, -1) and s.fools() == (0, 1)


def test_the_last_players_going_out_in_one_bout_is_a_draw() -> None:
    s = play(position(["8C", "9C"]), "8C 9C/8C")
    assert s.is_terminal() and s.results == (None,) and s.scores() == (0, 0)


def test_players_go_out_and_the_game_goes_on_without_them() -> None:
    # A's last card is beaten by B: A is out, B C D play on; B attacks C next.
    s = play(position(["8C", "9C 7D 7S", "TC 6D", "JC QC"]), "8C 9C/8C pass pass")
    assert not s.active(A) and not s.is_terminal() and (s.bout.leader, s.bout.defender) == (B, C)


def test_only_jokers_everywhere_is_a_draw() -> None:
    s = position(["X1", "X2"])
    assert s.is_terminal() and s.results == (None,)


def test_stalled_game_is_a_draw_after_stall_limit_bouts_with_nothing_discarded() -> None:
    rules = preset().replace(players=2, stall_limit=2)
    s = play(position(["8C 9D AS", "7S 6D KS"], rules=rules), "8C done take pass")  # 1 bout, nothing left play
    assert s.idle == 1 and not s.is_terminal()
    s = play(s, "9D done take pass")  # A leads again (on B's left); the 2nd idle bout: a draw
    assert s.is_terminal() and s.results == (None,)


@pytest.mark.parametrize("option, order", [("all", [A, C, D]), ("neighbours", [A, C])])
def test_throw_in_turns(option: str, order: list[int]) -> None:
    rules = preset().replace(throw_in=option)
    s = play(position(["8C AS", "9C 6S", "7S 7D", "JC QC"], rules=rules), "8C done 9C/8C")
    seen = []
    while s.phase is Phase.THROW:
        seen.append(s.current_player)
        s = s.apply("pass")
    assert seen == order


def test_first_attacker_red_joker_and_durak36() -> None:
    r = preset()
    # The red joker X2 turned: no trump; the lowest red card: C's 6♦ (B holds 7♦, A 6♠ is black).
    d = deal(r, ["6S AH KH QH JH TH", "7D 9S 8S 7S AC KC", "6D QC JC TC 9C 8C", "AS KS QS JS TS 9H"], "X2", "6H")
    assert new_game(r, 0, deals=[d]).bout.leader == C
    # durak36: always ♠♣, even with the red 7♥ turned, when nobody holds a trump ♥.
    r36 = preset("durak-36")
    d = deal(r36, ["7S AD KD QD JD TD", "7C 9S 8S AS AC KC", "9D QC JC TC 9C 8C", "8D KS QS JS TS 7D"], "7H", "6H")
    assert new_game(r36, 0, deals=[d]).bout.leader == A  # 7♠ before 7♣


def test_a_series_counts_fools_and_onto_fool_attacks_the_previous_fool() -> None:
    rules = preset().replace(players=3, games=3, next_game_lead="onto_fool")
    s = new_game(rules, 11)
    rng = random.Random(0)
    while s.game == 0:
        s = s.apply(rng.choice(s.legal_actions()))
    fool = s.results[0]
    if fool is not None:
        assert (s.bout.leader, s.bout.defender) == ((fool - 1) % 3, fool)
    while not s.is_terminal():
        s = s.apply(rng.choice(s.legal_actions()))
    assert len(s.results) == 3 and sum(s.fools()) == sum(f is not None for f in s.results)
    assert s.scores() == tuple(-f for f in s.fools())
