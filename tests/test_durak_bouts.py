"""Situations per rule of RULES.md §13.3–§13.6, each outcome worked by hand.

Seats A B C D are 0 1 2 3; trump ♥ unless said; empty stock and prikups
already picked up unless said (see durak_positions.position)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from joker.cards import mask_of, parse_card, parse_cards
from joker.errors import IllegalActionError
from joker.games.durak.actions import Beat, Show, Transfer
from joker.games.durak.engine.table import Phase
from joker.games.durak.rules import preset

from durak_positions import A, B, C, D, play, position


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def legal(s: object) -> list[str]:
    return [str(a) for a in s.legal_actions()]  # type: ignore[attr-defined]


# -- transfer (§13.4 rule 2) ------------------------------------------------------
@pytest.mark.parametrize("c_hand, attack, ok", [
    ("7S", "8C", False),           # C holds 1, the attack would be 2
    ("7S 7D", "8C", True),         # C holds 2 = 2
    ("7S 7D", "8C 8S", False),     # C holds 2, the attack would be 3
    ("7S 7D 6C", "8C 8S", True),   # 3 = 3
])
def test_transfer_capacity(c_hand: str, attack: str, ok: bool) -> None:
    s = position(["8C 8S AS AD KH QH", "8D 9S 9D TC JC 6S", c_hand, "KC 9H 6H AC QC JS"])
    s = play(s, " ".join(attack.split()) + " done")
    assert (Transfer(parse_card("8D")) in s.legal_actions()) is ok


def test_transfer_refused_once_a_card_is_beaten() -> None:
    s = play(position(["8C 8S AS AD KH QH", "8D 9C 9D TC JC 6S", "7S 7D 6C", "KC 9H 6H AC QC JS"]), "8C 8S done 9C/8C")
    with pytest.raises(IllegalActionError, match="cannot transfer: an attack card is already beaten"):
        s.apply("transfer:8D")


def test_joker_cannot_transfer_and_transfer_keeps_the_rank() -> None:
    s = play(position(["8C AS AD KH QH 6D", "X1 9D 9S TC JC 6S", "7S 7D 6C", "KC 9H 6H AC QC JS"]), "8C done")
    with pytest.raises(IllegalActionError, match="a joker cannot transfer"):
        s.apply("transfer:X1")
    with pytest.raises(IllegalActionError, match="cannot transfer 9D: the attack's rank is 8"):
        s.apply("transfer:9D")


def test_transfer_skips_a_player_who_is_out_and_two_players_transfer_back() -> None:
    # C is out (no hand, no prikup, empty stock): B's left is D.
    s = play(position(["8C AS AD KH QH 6D", "8D 9S TC JC 6S 7C", "", "KC 9H 6H AC QC JS"]), "8C done transfer:8D")
    assert s.bout.defender == D
    # Two players: B's left is A, who defends his own 8♣ and B's 8♦.
    s = play(position(["8C AS AD KH", "8D 9S TC JC"]), "8C done transfer:8D")
    assert (s.bout.defender, s.current_player, s.bout.leader) == (A, A, A)


def test_draw_starts_left_of_a_leader_who_became_the_final_defender() -> None:
    # Two players; stock 6♥ 7♥ 9♠, turned 10♠, hidden Q♠.  A leads 8♣ and B transfers
    # it back with 8♦: A, the leader, is the final defender, so B draws first: B (2 cards)
    # draws 6♥ 7♥ 9♠ 10♠ (the turned trump: Q♠ is shown, ♠ stays trump); A draws Q♠.
    s = position(["8C AC AD KD", "8D 7S 7C"], stock="6H 7H 9S TS QS")
    s = play(s, "8C done transfer:8D AC/8C AD/8D pass")
    assert s.hands[B] == cards("7S 7C 6H 7H 9S TS") and s.hands[A] == cards("KD QS")
    assert s.known[A] == cards("QS") and s.known[B] == cards("TS")


# -- show a trump (§13.4 rule 2) ---------------------------------------------------
@pytest.mark.parametrize("option, first, again_same_bout, again_later", [
    ("once_per_card", True, False, False),
    ("once_per_bout", True, False, True),
    ("off", False, False, False),
])
def test_show_trump_options(option: str, first: bool, again_same_bout: bool, again_later: bool) -> None:
    rules = preset().replace(players=2, show_trump=option)
    # Two players, trump ♥: A leads 9♣; B shows 9♥ (A defends 9♣); A transfers with 9♠
    # (B defends 9♣ 9♠); may B show 9♥ again in this bout?
    s = play(position(["9C 9S AS AD KD", "9H 7C 7D 8S 8D"], rules=rules), "9C done")
    assert (Show(parse_card("9H")) in s.legal_actions()) is first
    if not first:
        with pytest.raises(IllegalActionError, match=r"showing a trump is off|cannot show"):
            s.apply("show:9H")
        return
    s = play(s, "show:9H transfer:9S")
    assert s.bout.defender == B and (Show(parse_card("9H")) in s.legal_actions()) is again_same_bout
    # A later bout (same game): A leads 9♦ on B.
    later = play(replace(position(["9D AS AD KD QD", "9H 7C 7D 8S 8D"], rules=rules), shown=s.shown), "9D done")
    assert (Show(parse_card("9H")) in later.legal_actions()) is again_later


def test_show_needs_a_trump_and_room_for_the_attack_only() -> None:
    # C holds 1 card: a show (attack stays 1) is allowed where a transfer (2) is not.
    s = play(position(["9C AS AD KD QD JD", "9H 9D 7D 8S 8D 6S", "7S", "KC 9S 6H AC QC JS"]), "9C done")
    assert Show(parse_card("9H")) in s.legal_actions() and Transfer(parse_card("9H")) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="cannot show 9D: it is not a trump"):
        s.apply("show:9D")
    # No trump (a joker turned): nothing to show.
    s = play(position(["9C AS AD KD QD JD", "9H 9D 7D 8S 8D 6S", "7S 8C", "KC 9S 6H AC QC JS"], None), "9C done")
    assert not any(isinstance(a, Show) for a in s.legal_actions())


# -- jokers (§13.5) --------------------------------------------------------------
def test_joker_beats_a_trump_ace_and_cannot_lead_or_be_thrown_in() -> None:
    s = play(position(["AH X2 7C 8C", "X1 KH 7S 6D", "9C TC", "JC QC"]), "AH done")
    assert legal(s) == ["X1/AH", "take"]
    s = position(["X2 7C 8C", "X1 KH 7S 6D", "9C TC", "JC QC"])
    assert legal(s) == ["7C", "8C"]
    with pytest.raises(IllegalActionError, match="a joker cannot lead"):
        s.apply("X2")
    s = play(s, "7C done KH/7C")  # every card beaten: A may throw in 7s and Ks, never the joker
    assert legal(s) == ["pass"]
    with pytest.raises(IllegalActionError, match="a joker cannot lead or be thrown in"):
        s.apply("X2")


@pytest.mark.parametrize("c_hand, ok", [("6S", False), ("6S 6D", True)])
def test_joker_pass_on_needs_the_next_player_to_hold_enough(c_hand: str, ok: bool) -> None:
    # A leads 7♣ 7♦ 7♠ on B; B's joker on 7♣ would pass 2 cards on to C.
    s = play(position(["7C 7D 7S AH KH", "X1 9C 8D 8S AS", c_hand, "JC QC"]), "7C 7D 7S done")
    assert (Beat(parse_card("X1"), parse_card("7C")) in s.legal_actions()) is ok
    if not ok:
        with pytest.raises(IllegalActionError, match=r"cannot beat with X1: 2 cards would pass to seat 3, who holds 1"):
            s.apply("X1/7C")
    else:
        s = play(s, "X1/7C")
        assert (s.bout.defender, s.bout.attack, s.bout.passed_on) == (C, tuple(parse_cards("7D 7S")), True)
        assert legal(s) == ["take"]  # C holds 6♠ 6♦: no beat, no transfer
        s = play(s, "take")  # D, on C's left, attacks next; nobody threw in to C
        assert s.hands[C] == cards("6S 6D 7D 7S") and (s.bout.leader, s.bout.defender) == (D, A)


def test_joker_after_a_partial_defence_passes_only_the_unbeaten_and_a_second_joker_passes_on_again() -> None:
    # A leads 7♣ 7♦ 7♠; B beats 7♣ with 8♣, then X1 on 7♦: 7♣ 8♣ 7♦ X1 discarded, 7♠ to C;
    # C beats it with X2: discarded, the bout is over, C attacks next.
    s = play(position(["7C 7D 7S AH KH", "X1 8C 8D 8S AS", "X2 6D", "JC QC"]), "7C 7D 7S done 8C/7C X1/7D")
    assert s.discard & cards("7C 8C 7D X1") == cards("7C 8C 7D X1") and s.bout.attack == (parse_card("7S"),)
    s = play(s, "X2/7S")
    assert (s.phase, s.bout.leader, s.bout.defender) == (Phase.LEAD, C, D) and s.discard >> parse_card("7S") & 1


# -- limits (§13.4 rule 4) ---------------------------------------------------------
def test_unbeaten_cards_never_outnumber_the_defenders_hand() -> None:
    # B holds 2: A may lead two 8s but not the third; the add phase ends by itself.
    s = play(position(["8C 8S 8D AH", "9C 9S", "7S 7D", "JC QC"]), "8C")
    assert legal(s) == ["8S", "8D", "done"]
    s = play(s, "8S")
    assert s.phase is Phase.DEFEND and s.current_player == B
    # After a take the throw-ins are limited the same way: B holds 3, one unbeaten → 2 more.
    s = play(position(["8C 8S 8D 8H AH", "9C 9S 6D", "7S 7D", "JC QC"]), "8C done take")
    assert (s.phase, s.current_player, s.room()) == (Phase.THROW, A, 2)
    s = play(s, "8S pass pass 8D")  # throw-ins go round: A, C, D, A …
    assert s.phase is Phase.LEAD and s.hands[B] == cards("9C 9S 6D 8C 8S 8D")  # room 0: the take is done


@pytest.mark.parametrize("first_limit, first_bout, cap", [(6, True, 6), (5, True, 5), (5, False, 6), (6, False, 6)])
def test_attack_cards_per_bout(first_limit: int, first_bout: bool, cap: int) -> None:
    # Two players; B holds 8 cards and beats everything A throws in: the bout stops at
    # the cap (6; 5 in a game's first bout with first_bout_limit=5) and B attacks next.
    rules = preset().replace(players=2, first_bout_limit=first_limit)
    s = position(["6C 7D 8S 9H TS JD QC", "7C 8D 9S TH JS QD KC AC"], rules=rules, first_bout=first_bout)
    s = play(s, "6C done 7C/6C")
    for c, cover in zip("7D 8S 9H TS JD QC".split(), "8D 9S TH JS QD KC".split()):
        if s.phase is not Phase.THROW:
            break
        s = play(s, f"{c} {cover}/{c}")
    assert s.phase is Phase.LEAD and s.bout.leader == B
    assert (s.discard & cards("6C 7D 8S 9H TS JD QC")).bit_count() == cap
