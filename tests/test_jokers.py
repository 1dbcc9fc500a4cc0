"""Follow duty, jokers and trick winners (RULES.md §7), from explicit hands.

Each case is one trick played from a hand-built deal: seat 0 is the first
hand and leads (the last seat deals).  ``legal`` maps the position in the
trick (0 = lead) to the exact set of legal actions RULES.md allows the player
at that moment; ``winner`` is the 0-based seat RULES.md says takes the trick.
The reasoning is written beside each case.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from helpers import bid_through, game, legal, play_trick, rules_of
from joker.games.joker.rules import Rules

BA_LEAD_CALLS = [f"high:{s}" for s in "SCDH"] + [f"takes:{s}" for s in "SCDH"]  # bus-angeles
RASP_LEAD_CALLS = [f"high:{s}" for s in "SCDH"] + ["give"]  # raspisnoy, georgian, rotating
CAMP_LEAD_CALLS = [f"takes:{s}" for s in "SCDH"] + ["give", "top"]  # camp


def joker_leads(j: str, calls) -> set[str]:
    return {f"{j}:{c}" for c in calls}


def jf(j: str) -> set[str]:
    """A joker not led: high or low."""
    return {f"{j}:high", f"{j}:low"}


@dataclass
class Case:
    id: str
    rules: Rules
    hands: list[str]
    turned: str | None
    trick: list[str]
    winner: int
    legal: dict[int, set[str]] = field(default_factory=dict)
    before: list[list[str]] = field(default_factory=list)  # whole tricks played first


BA = rules_of("bus-angeles", schedule="4")  # one 4-card deal, trump from the turned card
BA3 = rules_of("bus-angeles", schedule="3")
BA2 = rules_of("bus-angeles", schedule="2")

CASES = [
    # -- the cases ---------------------------------------------------
    Case(
        "high-H, KH, second joker high, AH: third player wins",
        BA2,
        ["X1 8C", "KH 9H", "X2 8D", "AH 7C"],
        "7S",  # trump ♠
        ["X1:high:H", "KH", "X2:high", "AH"],
        # a later joker played high beats the led high joker ("второй джокер может
        # перебить первый"); A♥ after it does not beat it → seat 2
        winner=2,
        legal={
            # seat 0 leads: 8C, or X1 with high/takes in every suit (bus-angeles)
            0: {"8C"} | joker_leads("X1", BA_LEAD_CALLS),
            # after high(♥) seat 1 must play his HIGHEST heart: K♥, not 9♥
            1: {"KH"},
            # seat 2: void in ♥, no trump (♠) → anything, or the joker high/low
            2: {"8D"} | jf("X2"),
            3: {"AH"},
        },
    ),
    Case(
        "high-H, trump S: follower with 9H AC 7S may play only 9H",
        BA3,
        ["X1 7C 7D", "9H AC 7S", "TH JH QH", "KH AH 8C"],
        "8S",
        ["X1:high:H", "9H", "QH", "AH"],
        # the led high joker wins (no high_call_trump_wins, no joker follows)
        winner=0,
        legal={1: {"9H"}, 2: {"QH"}, 3: {"AH"}},
    ),
    Case(
        "high-H: follower with 9H AC X2 may play 9H or the joker; low joker loses",
        BA3,
        ["X1 7C 7D", "9H AC X2", "TH JH 7S", "KH AH 8C"],
        "8S",
        ["X1:high:H", "X2:low", "JH", "AH"],
        # X2 played low is the lowest card and never wins; the led high joker wins
        winner=0,
        legal={1: {"9H"} | jf("X2"), 2: {"JH"}, 3: {"AH"}},
    ),
    Case(
        "holding the led suit a player may still play a joker (high wins)",
        BA3,
        ["8H 7C 7D", "9H X2 7S", "TH 8C 9C", "AH 8D 9D"],
        "8S",
        ["8H", "X2:high", "TH", "AH"],
        # the joker played high beats everything before it; a later A♥ does not
        # beat it (only a later joker played high could) → seat 1
        winner=1,
        legal={1: {"9H"} | jf("X2"), 2: {"TH"}, 3: {"AH"}},
    ),
    Case(
        "high-D: follower with 7D KD X2 may play only KD or the joker",
        BA3,
        ["X1 7C 8C", "7D KD X2", "8D 9D 9C", "TC JC QC"],
        "7S",
        ["X1:high:D", "KD", "9D", "TC"],
        winner=0,
        legal={
            1: {"KD"} | jf("X2"),
            2: {"9D"},
            # seat 3 is void in ♦ and holds no trump (♠): anything
            3: {"TC", "JC", "QC"},
        },
    ),
    Case(
        "takes-C, nobody else has a club or a trump: the joker wins",
        BA2,
        ["X1 8S", "8H 9H", "8D 9D", "TH TD"],
        "7S",
        ["X1:takes:C", "8H", "9D", "TH"],
        winner=0,
        legal={1: {"8H", "9H"}, 2: {"8D", "9D"}, 3: {"TH", "TD"}},
    ),
    Case(
        "takes-C: the joker is the lowest club, so 7C beats it",
        BA2,
        ["X1 8S", "7C 9H", "8D 9D", "TH TD"],
        "9S",
        ["X1:takes:C", "7C", "9D", "TH"],
        # the joker counts as the lowest ♣; 7♣ is the highest club played → seat 1
        winner=1,
        legal={1: {"7C"}},
    ),
    Case(
        "takes-C: follower may play any club (no duty to play his highest)",
        BA2,
        ["X1 8S", "7C KC", "8D 9D", "TH TD"],
        "9S",
        ["X1:takes:C", "7C", "8D", "TH"],
        winner=1,
        legal={1: {"7C", "KC"}},
    ),
    Case(
        "takes-C: a follower void in clubs must trump, and the trump wins",
        BA2,
        ["X1 8S", "9S 9H", "8D 9D", "TH TD"],
        "7S",
        ["X1:takes:C", "9S", "9D", "TH"],
        winner=1,
        legal={1: {"9S"}},
    ),
    Case(
        "takes-S with S trump: the joker is the lowest trump",
        BA2,
        ["X1 8H", "7S 9H", "8D 9D", "TH TD"],
        "AS",
        ["X1:takes:S", "7S", "9D", "TH"],
        winner=1,
        legal={1: {"7S"}},
    ),
    Case(
        "high of the trump suit: followers play their highest trump; joker wins",
        BA3,
        ["X1 7C 7D", "8S KS 8H", "9H TH 8C", "AS 9C 9D"],
        "7S",
        ["X1:high:S", "KS", "TH", "AS"],
        # «по старшим козырям»: K♠ is seat 1's highest trump; seat 2 has no ♠: anything;
        # the joker wins, A♠ included (high_call_trump_wins is off, and s is trump anyway)
        winner=0,
        legal={1: {"KS"}, 2: {"9H", "TH", "8C"}, 3: {"AS"}},
    ),
    # -- jokers not led ---------------------------------------------------------
    Case(
        "a joker played low never wins",
        BA2,
        ["7H 7C", "X1 8C", "8D 9C", "9D TC"],
        "7S",
        ["7H", "X1:low", "8D", "9D"],
        # nobody else follows ♥ or trumps; the low joker is the lowest card → 7♥ wins
        winner=0,
        legal={1: {"8C"} | jf("X1"), 2: {"8D", "9C"}},
    ),
    Case(
        "two jokers played low behind a plain lead: the lead wins",
        BA2,
        ["7H 7C", "X1 8C", "X2 9C", "9D TC"],
        "7S",
        ["7H", "X1:low", "X2:low", "9D"],
        winner=0,
    ),
    Case(
        "a joker played low loses to the plain cards of the led suit",
        BA2,
        ["7H 7C", "8H 8C", "X1 9C", "9H TC"],
        "7S",
        ["7H", "8H", "X1:low", "9H"],
        winner=3,
    ),
    Case(
        "a joker played high beats an earlier trump; a later trump does not beat it",
        BA2,
        ["7H 7C", "AS 8C", "X1 8D", "KS 9D"],
        "7S",
        ["7H", "AS", "X1:high", "KS"],
        # high: "beats everything played before it, trumps included"; only a later
        # joker played high beats it, so K♠ after it does not
        winner=2,
        legal={1: {"AS"}, 3: {"KS"}},
    ),
    Case(
        "a later joker played high beats an earlier one",
        BA2,
        ["7H 7C", "X1 8C", "X2 8D", "AH 9D"],
        "7S",
        ["7H", "X1:high", "X2:high", "AH"],
        winner=2,
    ),
    Case(
        "a joker is no card of any suit: holding only the joker and a trump, play a trump",
        BA2,
        ["8H 7C", "X1 7S", "9H 8C", "TH 9C"],
        "AS",
        ["8H", "7S", "9H", "TH"],
        # seat 1 is void in ♥ (the joker is not a heart) and holds 7♠ (trump) → 7♠ or the joker
        winner=1,
        legal={1: {"7S"} | jf("X1")},
    ),
    # -- plain follow / trump duty (§7) -------------------------------------------
    Case(
        "follow suit, any card of it; void → any trump, no duty to over-trump",
        BA3,
        ["AH 7C 7D", "7H KH 8S", "QS 8C 8D", "9S KS AD"],
        "7S",
        ["AH", "KH", "QS", "9S"],
        # seat 1 holds ♥: 7♥ or K♥ (no duty to beat A♥); seat 2 void in ♥ with a trump:
        # Q♠; seat 3 void in ♥: either trump, 9♠ (under Q♠) as well as K♠; Q♠ wins
        winner=2,
        legal={1: {"7H", "KH"}, 2: {"QS"}, 3: {"9S", "KS"}},
    ),
    Case(
        "void in the led suit and in trumps: anything",
        BA3,
        ["AH 7C 7D", "8C 8D 9C", "QH 9D TC", "KH TD JC"],
        "7S",
        ["AH", "9C", "QH", "KH"],
        winner=0,
        legal={1: {"8C", "8D", "9C"}, 2: {"QH"}, 3: {"KH"}},
    ),
    # -- high_call_trump_wins ------------------------------------------------------
    Case(
        "high_call_trump_wins off: the high joker beats trumps",
        BA2,
        ["X1 7C", "8S 8C", "AH 9C", "9S 7D"],
        "7S",
        ["X1:high:H", "8S", "AH", "9S"],
        winner=0,
        # void in ♥ with trumps: any trump
        legal={1: {"8S"}, 3: {"9S"}},
    ),
    Case(
        "high-H: void in hearts, ANY trump (not the highest)",
        BA3,
        ["X1 7C 7D", "8S KS 8C", "AH 9C 9D", "9H TC TD"],
        "7S",
        ["X1:high:H", "8S", "AH", "9H"],
        winner=0,
        legal={1: {"8S", "KS"}, 2: {"AH"}, 3: {"9H"}},
    ),
    Case(
        "high_call_trump_wins on: after high(H), H not trump, the highest trump wins",
        rules_of("bus-angeles", schedule="2", high_call_trump_wins=True),
        ["X1 7C", "8S 8C", "AH 9C", "9S 7D"],
        "7S",
        ["X1:high:H", "8S", "AH", "9S"],
        winner=3,
        legal={1: {"8S"}, 3: {"9S"}},
    ),
    Case(
        "high_call_trump_wins on, nobody trumps: the joker wins",
        rules_of("bus-angeles", schedule="2", high_call_trump_wins=True),
        ["X1 7C", "8H 8C", "AH 9C", "9H 7D"],
        "7S",
        ["X1:high:H", "8H", "AH", "9H"],
        winner=0,
    ),
    Case(
        "high_call_trump_wins on, high of the trump suit: the joker still wins",
        rules_of("bus-angeles", schedule="2", high_call_trump_wins=True),
        ["X1 7C", "8S 8C", "AH 9C", "9S 7D"],
        "7S",
        ["X1:high:S", "8S", "AH", "9S"],
        winner=0,
        legal={1: {"8S"}, 2: {"AH", "9C"}, 3: {"9S"}},
    ),
    # -- give -----------------------------------------------------------------------
    Case(
        "give: the next non-joker card sets the suit; the highest card of it wins",
        rules_of("raspisnoy-54", schedule="3", specials=""),
        ["X1 2C 3C", "5D 6H 7H", "9D 4H 3S", "2D KH 4C"],
        "2S",  # trump ♠
        ["X1:give", "5D", "9D", "2D"],
        # seat 1 may play anything (no suit yet); 5♦ makes ♦ the led suit: seat 2 must
        # play 9♦, seat 3 must play 2♦; 9♦ is the highest diamond → seat 2
        winner=2,
        legal={
            0: {"2C", "3C"} | joker_leads("X1", RASP_LEAD_CALLS),
            1: {"5D", "6H", "7H"},
            2: {"9D"},
            3: {"2D"},
        },
    ),
    Case(
        "give: void in the set suit, a follower must trump and wins",
        rules_of("raspisnoy-54", schedule="3", specials=""),
        ["X1 2C 3C", "5D 6H 7H", "9D 4H 3S", "KH 8S 4C"],
        "2S",
        ["X1:give", "5D", "9D", "8S"],
        winner=3,
        legal={2: {"9D"}, 3: {"8S"}},
    ),
    Case(
        "give then a low joker: the next plain card still sets the suit",
        rules_of("raspisnoy-54", schedule="3", specials=""),
        ["X1 2C 3C", "X2 6H 7H", "4H 9D 3S", "8H 9H 8S"],
        "2S",
        ["X1:give", "X2:low", "4H", "9H"],
        # after X2 low no suit is set yet: seat 2 may play anything; 4♥ sets ♥; seat 3
        # must follow ♥ (8♥ or 9♥); 9♥ is the highest heart → seat 3
        winner=3,
        legal={1: {"6H", "7H"} | jf("X2"), 2: {"4H", "9D", "3S"}, 3: {"8H", "9H"}},
    ),
    Case(
        "give: the first card a trump makes trump the led suit",
        rules_of("raspisnoy-54", schedule="3", specials=""),
        ["X1 2C 3C", "5S 6H 7H", "9S 4H 3D", "AH KH 8D"],
        "2S",
        ["X1:give", "5S", "9S", "AH"],
        winner=2,
        legal={2: {"9S"}, 3: {"AH", "KH", "8D"}},
    ),
    Case(
        "two players: give, then the other joker low → the leader's joker wins",
        rules_of("camp", players=2, schedule="2"),
        ["X1 3H", "X2 4H"],
        "2C",
        ["X1:give", "X2:low"],
        # every card of the trick is a joker played low or led with give → leader wins
        winner=0,
        legal={0: {"3H"} | joker_leads("X1", CAMP_LEAD_CALLS), 1: {"4H"} | jf("X2")},
    ),
    Case(
        "two players: give, then the other joker high → the second player wins",
        rules_of("camp", players=2, schedule="2"),
        ["X1 3H", "X2 4H"],
        "2C",
        ["X1:give", "X2:high"],
        winner=1,
    ),
    Case(
        "two players: a plain lead, then a joker low → the lead wins",
        rules_of("camp", players=2, schedule="2"),
        ["2H 3H", "X2 4D"],
        "2C",
        ["2H", "X2:low"],
        winner=0,
        legal={1: {"4D"} | jf("X2")},
    ),
    # -- camp's top ------------------------------------------------------------------
    Case(
        "camp top: followers give their highest trump, else their highest card",
        rules_of("camp", schedule="3"),
        ["X1 2C 3C", "3H QH AS", "AC 5D 9S", "KD 4S 5S"],
        "2H",  # trump ♥
        ["X1:top", "QH", "AC", "KD"],
        # seat 1: highest trump Q♥; seat 2 (no trump): highest card A♣; seat 3: K♦;
        # the joker wins
        winner=0,
        legal={
            0: {"2C", "3C"} | joker_leads("X1", CAMP_LEAD_CALLS),
            1: {"QH"},
            2: {"AC"},
            3: {"KD"},
        },
    ),
    Case(
        "camp top with no trump (turned joker): highest card of any suit",
        rules_of("camp", schedule="3"),
        ["X1 2C 3C", "3H QH AS", "AC 5D 9S", "KD 4S 5S"],
        "X2",  # turned joker → no trump
        ["X1:top", "AS", "AC", "KD"],
        winner=0,
        legal={1: {"AS"}, 2: {"AC"}, 3: {"KD"}},
    ),
    Case(
        "camp top: a joker may still be played, and high it wins",
        rules_of("camp", schedule="3"),
        ["X1 2C 3C", "3H QH X2", "AC 5D 9S", "KD 4S 5S"],
        "2H",
        ["X1:top", "X2:high", "AC", "KD"],
        winner=1,
        legal={1: {"QH"} | jf("X2")},
    ),
    # -- rotating trumps ---------------------------------------------------------
    Case(
        "rotating: spades led → clubs are trump for this trick",
        rules_of("rotating-trumps", schedule="2", specials=""),
        ["7S 8S", "6C AH", "AS 8H", "9D 6H"],
        "KD",  # the turned ♦ plays no part with rotating trumps
        ["7S", "6C", "AS", "9D"],
        # trump of the trick = the suit after ♠ = ♣: seat 1 void in ♠ must play 6♣,
        # which beats A♠; seat 3 (void ♠ and ♣) may play anything, 9♦ is no trump here
        winner=1,
        legal={1: {"6C"}, 2: {"AS"}, 3: {"9D", "6H"}},
    ),
    Case(
        "rotating: hearts led → spades are trump (the cycle wraps)",
        rules_of("rotating-trumps", schedule="2", specials=""),
        ["7H 8D", "8S 9C", "AH 9D", "TD TC"],
        "KD",
        ["7H", "8S", "AH", "TD"],
        winner=1,
        legal={1: {"8S"}, 2: {"AH"}, 3: {"TD", "TC"}},
    ),
    Case(
        "rotating: a joker lead names its suit and the trump follows from it",
        rules_of("rotating-trumps", schedule="2", specials=""),
        ["X1 8S", "6H 7C", "9D TD", "7H AC"],
        "KD",
        ["X1:high:D", "6H", "TD", "7H"],
        # high(♦) → trump ♥; seat 1 void in ♦ must play a trump: 6♥; seat 2's highest
        # ♦ is T♦; the joker wins (rotating: no high(trump) — every named suit is not trump)
        winner=0,
        legal={0: {"8S"} | joker_leads("X1", RASP_LEAD_CALLS), 1: {"6H"}, 2: {"TD"}, 3: {"7H"}},
    ),
    # -- oh-hell ------------------------------------------------------------------
    Case(
        "oh-hell must_trump=False: void in the led suit, play anything",
        rules_of("oh-hell", long_deal=2),
        ["AH 3D", "3S 4C", "5H 6H", "7S 8D"],
        "2S",  # trump ♠
        ["AH", "4C", "5H", "8D"],
        winner=0,
        legal={0: {"AH", "3D"}, 1: {"3S", "4C"}, 2: {"5H", "6H"}, 3: {"7S", "8D"}},
    ),
    Case(
        "oh-hell: a trump still wins when played",
        rules_of("oh-hell", long_deal=2),
        ["AH 3D", "3S 4C", "5H 6H", "7S 8D"],
        "2S",
        ["AH", "3S", "5H", "7S"],
        winner=3,
    ),
    # -- high_call_first_trick_only ------------------------------------------------
    Case(
        "high_call_first_trick_only: after the first trick no high call",
        rules_of("bus-angeles", schedule="2", high_call_first_trick_only=True),
        ["X1 X2", "8H 9H", "TH JH", "QH KH"],
        "7S",
        ["X2:takes:H", "8H", "TH", "QH"],
        before=[["X1:high:H", "9H", "JH", "KH"]],
        # second trick: only takes(s) remains for the joker; Q♥ is the highest heart
        winner=3,
        legal={0: joker_leads("X2", [f"takes:{s}" for s in "SCDH"])},
    ),
    Case(
        "high_call_first_trick_only: the first trick allows high",
        rules_of("bus-angeles", schedule="2", high_call_first_trick_only=True),
        ["X1 X2", "8H 9H", "TH JH", "QH KH"],
        "7S",
        ["X1:high:H", "9H", "JH", "KH"],
        winner=0,
        legal={0: joker_leads("X1", BA_LEAD_CALLS) | joker_leads("X2", BA_LEAD_CALLS)},
    ),
    Case(
        "without the option the second trick allows high",
        BA2,
        ["X1 X2", "8H 9H", "TH JH", "QH KH"],
        "7S",
        ["X2:high:H", "8H", "TH", "QH"],
        before=[["X1:high:H", "9H", "JH", "KH"]],
        winner=0,
        legal={0: joker_leads("X2", BA_LEAD_CALLS)},
    ),
    Case(
        "raspisnoy high_call_first_trick_only: second trick only give",
        rules_of("raspisnoy", schedule="2", specials="", high_call_first_trick_only=True),
        ["X1 AS", "8H 9H", "TH JH", "QH KH"],
        "7C",
        ["X1:give", "9H", "JH", "KH"],
        before=[["AS", "8H", "TH", "QH"]],
        winner=3,
        legal={0: {"X1:give"}},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_joker_case(case: Case):
    s = bid_through(game(case.rules, case.hands, turned=case.turned))
    for t in case.before:
        s, _ = play_trick(s, t)
    leader = s.current_player
    n = case.rules.players
    for i, action in enumerate(case.trick):
        assert s.current_player == (leader + i) % n
        if i in case.legal:
            assert legal(s) == case.legal[i], f"legal set at position {i}"
        s = s.apply(action)
    # the trick is complete
    assert len(s.trick) == 0
    assert s.tricks[-1].winner == case.winner
    assert s.tricks[-1].leader == leader
    assert s.taken[case.winner] >= 1


def test_winner_leads_the_next_trick():
    s = bid_through(game(BA2, ["7H 7C", "8H 8C", "9H 9C", "TH TC"], turned="7S"))
    s, w = play_trick(s, ["7H", "8H", "9H", "TH"])
    assert w == 3
    assert s.current_player == 3 and s.leader == 3


def test_bus_angeles_has_no_give_and_raspisnoy_no_takes():
    s = bid_through(game(BA2, ["X1 7C", "8H 8C", "9H 9C", "TH TC"], turned="7S"))
    assert "X1:give" not in legal(s) and "X1:top" not in legal(s)
    r = rules_of("raspisnoy", schedule="2", specials="")
    s = bid_through(game(r, ["X1 7C", "8H 8C", "9H 9C", "TH TC"], turned="7S"))
    assert not any(a.startswith("X1:takes") for a in legal(s))
    assert "X1:give" in legal(s)


def test_rotating_trumps_in_a_notrump_special_deal_has_no_trump():
    """RULES.md §5 rule 5: a no-trump special deal has "no trump, whatever is
    turned"; the rotating-trumps preset keeps raspisnoy's specials, no-trump
    included, so in that deal no suit should be trump: a void follower may
    discard, and a club cannot beat the led spade."""
    r = rules_of("rotating-trumps", schedule="2:notrump", specials="")
    s = bid_through(game(r, ["7S 8S", "6C AH", "AS 8H", "9D 6H"], turned="KD"))
    assert s.trump is None
    s = s.apply("7S")
    # no trump: seat 1, void in ♠, may play anything
    assert legal(s) == {"6C", "AH"}
    s = s.apply("6C").apply("AS").apply("9D")
    # A♠ is the highest card of the led suit and nothing is trump → seat 2
    assert s.tricks[-1].winner == 2
