"""Every worked example of RULES.md §13.7 (4 players A B C D, ``durak38``),
each outcome worked by hand in the comments and asserted."""

from __future__ import annotations

from dataclasses import replace

import pytest

from joker.i18n import message

from joker.cards import mask_of, parse_card, parse_cards
from joker.errors import IllegalActionError
from joker.games.durak.actions import Show, Transfer
from joker.games.durak.engine.state import new_game
from joker.games.durak.engine.table import Phase
from joker.games.durak.rules import preset

from durak_positions import A, B, C, D, deal, play, position


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def test_example_1_chained_transfers() -> None:
    # Trump ♥.  A leads 8♣ on B; B transfers with 8♦ (C holds 6 ≥ 2); C transfers
    # with 8♠ (D holds 6 ≥ 3); D holds no 8 and beats K♣/8♣, 9♦/8♦, 6♥/8♠.
    s = position(["8C AS AD KH QH JH", "8D 9S TD 9C TC JC", "8S 7S 7D 7C 6C 6D", "KC 9D 6H AC QC JS"])
    s = play(s, "8C done transfer:8D")
    assert (s.bout.defender, s.bout.attack) == (C, tuple(parse_cards("8C 8D")))
    s = play(s, "transfer:8S")
    assert s.current_player == D and s.bout.attack == tuple(parse_cards("8C 8D 8S"))
    assert not any(isinstance(a, (Transfer, Show)) for a in s.legal_actions())
    s = play(s, "KC/8C 9D/8D 6H/8S")
    # Every card beaten: the throwers, from D's right (C, the last to transfer)
    # clockwise: C, A, B.  All pass: the table is discarded and D attacks next.
    assert s.phase is Phase.THROW and s.current_player == C
    s = play(s, "pass pass pass")
    assert s.discard & cards("8C 8D 8S KC 9D 6H") == cards("8C 8D 8S KC 9D 6H")
    assert (s.bout.leader, s.bout.defender, s.phase) == (D, A, Phase.LEAD)


def test_example_1_transfer_refused_when_the_next_player_is_short() -> None:
    # C holds one card: B's transfer would make the attack 2 cards.
    s = position(["8C AS AD KH QH JH", "8D 9S TD 9C TC JC", "7S", "KC 9D 6H AC QC JS"])
    s = play(s, "8C done")
    assert s.current_player == B and Transfer(parse_card("8D")) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match=r"cannot transfer: seat 3 holds 1 card and the attack would be 2") as e:
        s.apply("transfer:8D")
    assert s.apply("9C/8C").bout.defence == (parse_card("9C"),)  # s unchanged: still playable
    assert e.value.code == "capacity_transfer" and e.value.params["held"] == "1"
    assert message(e.value, "ru").startswith("нельзя перевести: у игрока 3 1 карта, а в заходе было бы 2")


def test_example_2_show_a_trump_once_per_card() -> None:
    # Trump ♥.  A leads 9♣ on B; B shows 9♥ and keeps it; C defends 9♣ alone.
    s = position(["9C 9D AS KS QS JS", "9H 7C 7D 8S 8D TC", "JC AD KD 6S 6C 6D", "AC 7S QD JD 8C TS"])
    s = play(s, "9C done show:9H")
    assert s.bout.defender == C and s.bout.attack == (parse_card("9C"),)
    assert s.hands[B] >> parse_card("9H") & 1 and s.known[B] >> parse_card("9H") & 1
    s = play(s, "JC/9C pass pass pass")  # C beat it; C leads next on D
    assert (s.bout.leader, s.bout.defender) == (C, D)
    # Later B defends a 9 again (A leads 9♦ on B in a new bout): no second show of 9♥,
    # but a transfer by playing it is allowed.
    later = position(["9D AS KS QS JS TS", "9H 7C 7D 8S 8D TC", "JC AD KD 6S 6C 6D", "AC 7S QD JD 8C 9S"])
    later = play(replace(later, shown=s.shown), "9D done")
    legal = later.legal_actions()
    assert Show(parse_card("9H")) not in legal and Transfer(parse_card("9H")) in legal
    with pytest.raises(IllegalActionError, match=r"cannot show 9H: it was shown already \(show_trump=once_per_card"):
        later.apply("show:9H")


def test_example_3_joker_ends_the_bout() -> None:
    # A leads 10♠ on B; B beats with J♠; A throws in J♦; B beats it with the black
    # joker X1: 10♠ J♠ J♦ X1 are discarded, nobody throws in, B attacks next.
    s = position(["TS JD AH KH QH 6C", "JS X1 7C 7D 8C 8D", "9S 9C 9D 7S 6S 6D", "AC AD KC KD QC QD"])
    s = play(s, "TS done JS/TS JD X1/JD")
    assert s.discard & cards("TS JS JD X1") == cards("TS JS JD X1")
    assert (s.phase, s.bout.leader, s.bout.defender, s.bout.attack) == (Phase.LEAD, B, C, ())


def test_example_4_joker_passes_the_rest_on() -> None:
    # A leads 7♣ 7♦ on B; B beats 7♣ with the joker; 7♦ passes on to C (C holds 6 ≥ 1).
    s = position(["7C 7D AH KH QH 6C", "X1 9S 9C 8C 8D 6S", "8H TD JS JC JD QS", "AC AD KC KD QC QD"])
    s = play(s, "7C 7D done X1/7C")
    assert s.discard & cards("7C X1") == cards("7C X1")
    assert (s.bout.defender, s.bout.attack, s.bout.passed_on) == (C, (parse_card("7D"),), True)
    # C may only beat or take: no transfer, and nobody may throw in.
    assert [str(a) for a in s.legal_actions()] == ["TD/7D", "JD/7D", "8H/7D", "take"]
    beaten = play(s, "TD/7D")  # C beat the last card: the bout ends, C attacks next (on D)
    assert (beaten.phase, beaten.bout.leader, beaten.bout.defender) == (Phase.LEAD, C, D)
    assert beaten.discard & cards("7D TD") == cards("7D TD")
    taken = play(s, "take")  # C takes 7♦: D, on C's left, attacks next
    assert taken.hands[C] >> parse_card("7D") & 1 and taken.known[C] == cards("7D")
    assert (taken.bout.leader, taken.bout.defender) == (D, A)


def test_example_5_prikup_picked_up_mid_bout() -> None:
    # Empty stock; B has 2 cards and his prikup.  A leads 8♠, B beats with 9♠; A throws
    # in 9♦, B beats with 10♦: B's hand is empty, he picks up his prikup (Q♥ K♥) at once.
    s = position(["8S 9D AC AD KC 6C", "9S TD", "7S 7C 7D 6S 6D 8C", "QC QD JC JD TC TS"],
                 prikups=["", "QH KH", "", ""])
    s = play(s, "8S done 9S/8S")
    assert (s.phase, s.current_player) == (Phase.THROW, A)
    s = play(s, "9D TD/9D")
    assert s.hands[B] == cards("QH KH") and s.prikups[B] == 0 and s.known[B] == 0
    # The bout goes on: the next thrower is C; at most 2 unbeaten (B holds 2), 6 in all (2 so far).
    assert (s.phase, s.current_player, s.room()) == (Phase.THROW, C, 2)


def test_example_6_trump_changes_when_the_turned_trump_is_drawn() -> None:
    # Stock: 6♥ 7♥, then the turned Q♦ and the hidden 10♠.  A leads 7♣ 7♠ (needs 2),
    # B shows the trump 7♦ (keeps his 5 cards: needs 1), C beats both (needs 2).
    # Draw from A: A takes 6♥ 7♥; B takes Q♦ and the hidden 10♠ is shown: ♠ is trump;
    # C takes 10♠; D holds 6.
    hands = ["7C 7S AH KH AC KC", "7D 8D 9D TD JD", "8C 8S QS QC QH 9H", "AS AD KS KD JS JC"]
    s = play(position(hands, stock="6H 7H QD TS"), "7C 7S done show:7D 8C/7C 8S/7S pass pass pass")
    assert s.stock == () and s.trump == parse_card("TS") // 13 and s.hidden_shown
    assert s.hands[A] & cards("6H 7H") == cards("6H 7H")
    assert s.hands[B] >> parse_card("QD") & 1 and s.hands[C] >> parse_card("TS") & 1
    assert s.known[B] & cards("QD") and s.known[C] & cards("TS")
    # Had the hidden card been a joker, there would be no trump from then on.
    j = play(position(hands, stock="6H 7H QD X2"), "7C 7S done show:7D 8C/7C 8S/7S pass pass pass")
    assert j.trump is None and j.hands[C] >> parse_card("X2") & 1


def test_example_7_only_jokers_skip_the_lead() -> None:
    # A holds only the red joker and must lead: he skips, and B leads on C.
    s = position(["X2", "7C 8C", "9C TC", "JC QC"], leader=A)
    assert (s.bout.leader, s.bout.defender, s.current_player) == (B, C, B)


def test_example_8_first_attacker() -> None:
    r = preset()
    # Trump ♦ (turned 9♦): A's lowest trump J♦, B's 7♦, C and D have none: B attacks C.
    d = deal(r, ["JD AS KS QS JS TS", "7D 9S 8S 7S AC KC", "QC JC TC 9C 8C 7C", "AH KH QH JH TH 9H"], "9D", "6H")
    s = new_game(r, 0, deals=[d])
    assert (s.bout.leader, s.bout.defender) == (B, C)
    # A black joker turned (no trump): A's lowest black card 6♣, B's 6♠ → B (♠ before ♣).
    d = deal(r, ["6C AH KH QH JH TH", "6S 9H 8H 7H AD KD", "QD JD TD 9D 8D 7D", "AS KS QS AC KC QC"], "X1", "6H")
    s = new_game(r, 0, deals=[d])
    assert s.trump is None and (s.bout.leader, s.bout.defender) == (B, C)
