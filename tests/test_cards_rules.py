"""Cards, decks, schedules, rules strings and trump fixing (RULES.md §2–§6).

Every expected value below is written out by hand from RULES.md; the code
under test only produces the values compared against them.
"""

from __future__ import annotations

import pytest

from helpers import deal_of, game, rules_of
from joker import (
    PRESETS,
    DealKind,
    InvalidNotationError,
    JokerError,
    Phase,
    RulesError,
    format_card,
    new_game,
    parse_card,
    parse_cards,
    parse_rules,
    preset,
    view_of,
)
from joker.cards import Deck, deck_cards

SUITS = "SCDH"
ALL_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]


def names(cards) -> set[str]:
    return {format_card(c) for c in cards}


# ---------------------------------------------------------------------------
# §2 cards: parse and format


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("AH", "AH"),
        ("ah", "AH"),
        ("10h", "TH"),  # "10" is read as T
        ("10S", "TS"),
        ("TS", "TS"),
        ("♥A", "AH"),  # symbol first
        ("A♥", "AH"),  # symbol last
        ("♠10", "TS"),
        ("7♦", "7D"),
        ("q♣", "QC"),
        ("2C", "2C"),
        (" KD ", "KD"),
        ("X1", "X1"),
        ("x2", "X2"),
    ],
)
def test_parse_and_format_card(text, canonical):
    assert format_card(parse_card(text)) == canonical


def test_card_round_trip_over_every_card():
    # 52 ranked cards + X1 X2, written here independently of the code.
    every = [r + s for s in SUITS for r in ALL_RANKS] + ["X1", "X2"]
    assert len(every) == 54
    parsed = [parse_card(t) for t in every]
    assert len(set(parsed)) == 54  # all distinct
    assert [format_card(c) for c in parsed] == every


def test_parse_cards_list():
    assert [format_card(c) for c in parse_cards("AH, 10s ♦7 X2")] == ["AH", "TS", "7D", "X2"]


@pytest.mark.parametrize("bad", ["1H", "AX", "", "X3", "X0", "11H", "AHH", "ZZ", "10", "H", "A", "♥", "KK"])
def test_bad_card_raises_with_input_quoted(bad):
    with pytest.raises(InvalidNotationError) as ei:
        parse_card(bad)
    assert repr(bad) in str(ei.value)  # the input, quoted
    assert isinstance(ei.value, JokerError) and isinstance(ei.value, ValueError)


# ---------------------------------------------------------------------------
# §2 decks

RED_SIXES = {"6H", "6D"}


def expected_georgian36() -> set[str]:
    # 7–A of every suit (8 ranks × 4 = 32) + 6♥ 6♦ + 2 jokers = 36
    return {r + s for s in SUITS for r in "789TJQKA"} | RED_SIXES | {"X1", "X2"}


def expected_full54() -> set[str]:
    return {r + s for s in SUITS for r in ALL_RANKS} | {"X1", "X2"}


def expected_classic36(joker: str) -> set[str]:
    # 6–A of every suit (9 × 4 = 36); the named card acts as the joker, which
    # the engine writes X1: the named card itself is no longer a plain card.
    six_to_ace = {r + s for s in SUITS for r in "6789TJQKA"}
    return (six_to_ace - {joker}) | {"X1"}


def expected_standard52() -> set[str]:
    return {r + s for s in SUITS for r in ALL_RANKS}


def test_georgian36():
    cards = deck_cards(Deck.GEORGIAN36)
    assert len(cards) == 36
    assert names(cards) == expected_georgian36()
    assert "6S" not in names(cards) and "6C" not in names(cards)  # replaced by the jokers


def test_full54():
    cards = deck_cards(Deck.FULL54)
    assert len(cards) == 54
    assert names(cards) == expected_full54()


@pytest.mark.parametrize("joker", ["6S", "7S"])
def test_classic36(joker):
    cards = deck_cards(Deck.CLASSIC36, joker)
    assert len(cards) == 36
    assert names(cards) == expected_classic36(joker)


def test_classic36_seven_of_spades_leaves_six_of_spades_a_plain_card():
    got = names(deck_cards(Deck.CLASSIC36, "7S"))
    assert "6S" in got and "7S" not in got and "X1" in got and "X2" not in got


def test_standard52():
    cards = deck_cards(Deck.STANDARD52)
    assert len(cards) == 52
    assert names(cards) == expected_standard52()


@pytest.mark.parametrize(
    "name, expected",
    [
        ("bus-angeles", expected_georgian36()),
        ("georgian", expected_georgian36()),
        ("camp", expected_full54()),
        ("raspisnoy-54", expected_full54()),
        ("georgian-6", expected_full54()),
        ("raspisnoy", expected_classic36("6S")),
        ("rotating-trumps", expected_classic36("6S")),
        ("oh-hell", expected_standard52()),
    ],
)
def test_preset_decks(name, expected):
    assert names(preset(name).deck_cards) == expected


def test_raspisnoy_seven_of_spades_joker_option():
    r = preset("raspisnoy").replace(classic_joker="7S")
    assert names(r.deck_cards) == expected_classic36("7S")


# ---------------------------------------------------------------------------
# §4 schedules

UP8 = list(range(1, 9))  # 1..8
DOWN8 = list(range(8, 0, -1))  # 8..1


def cards_of(r):
    return [d.cards for d in r.deals]


def test_bus_angeles_schedule():
    r = preset("bus-angeles")
    # block 1: 1..8 · block 2: 9,9,9,9 · block 3: 8..1 · block 4: 9,9,9,9 → 24 deals
    assert cards_of(r) == UP8 + [9] * 4 + DOWN8 + [9] * 4
    assert len(r.deals) == 24
    assert [d.block for d in r.deals] == [0] * 8 + [1] * 4 + [2] * 8 + [3] * 4
    assert all(d.kind is DealKind.NORMAL for d in r.deals)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_camp_schedule(n):
    r = preset("camp").replace(players=n)
    # 1..8, then n deals of 9, then 8..1
    assert cards_of(r) == UP8 + [9] * n + DOWN8
    assert len(r.deals) == 16 + n


def test_camp_four_players_twenty_deals():
    assert len(preset("camp").deals) == 20


SPECIALS = [DealKind.DARK, DealKind.GOLD, DealKind.MISERE, DealKind.NOTRUMP, DealKind.FOREHEAD]


@pytest.mark.parametrize("name", ["raspisnoy", "rotating-trumps"])
def test_raspisnoy_schedule_four_players(name):
    r = preset(name)
    # M = ⌊36 / 4⌋ = 9: 1..8, 4 × 9, 8..1 = 20 deals; then dark, gold, misère,
    # no-trump of M cards each and forehead of 1 card.
    normal = UP8 + [9] * 4 + DOWN8
    assert cards_of(r) == normal + [9, 9, 9, 9, 1]
    assert [d.kind for d in r.deals] == [DealKind.NORMAL] * 20 + SPECIALS
    assert len(r.deals) == 25


@pytest.mark.parametrize(
    "n, m",
    [(2, 18), (3, 12), (5, 7), (6, 6), (7, 5), (8, 4), (9, 4), (10, 3)],  # M = ⌊36 / n⌋
)
def test_raspisnoy_schedule_by_players(n, m):
    r = preset("raspisnoy").replace(players=n)
    up = list(range(1, m))
    assert cards_of(r) == up + [m] * n + up[::-1] + [m, m, m, m, 1]


def test_raspisnoy_54_schedule():
    r = preset("raspisnoy-54")
    # M = ⌊54 / 4⌋ = 13: 1..12, 4 × 13, 12..1 (28) + 5 specials = 33
    assert cards_of(r) == list(range(1, 13)) + [13] * 4 + list(range(12, 0, -1)) + [13, 13, 13, 13, 1]


def test_raspisnoy_capped_long_deal():
    r = preset("raspisnoy").replace(long_deal=6)
    # M capped at 6: 1..5, 4 × 6, 5..1, specials of 6 (forehead 1)
    assert cards_of(r) == [1, 2, 3, 4, 5] + [6] * 4 + [5, 4, 3, 2, 1] + [6, 6, 6, 6, 1]


def test_raspisnoy_full_special_rounds():
    r = preset("raspisnoy").replace(special_round="full")
    # each special is a round of n = 4 deals
    kinds = [d.kind for d in r.deals][20:]
    assert kinds == [k for k in SPECIALS for _ in range(4)]
    assert cards_of(r)[20:] == [9] * 16 + [1] * 4


def test_georgian_four_players():
    r = preset("georgian")
    assert r.players == 4
    # 1..8 · 9,9,9,9 · 8..1 · 9,9,9,9 → 24
    assert cards_of(r) == UP8 + [9] * 4 + DOWN8 + [9] * 4


def test_georgian_six_players():
    r = preset("georgian-6")
    assert r.players == 6
    assert len(r.deck_cards) == 54
    # K = 6 for six players: 1..6 · 9×4 · 6..1 · 9×4 → 20
    assert cards_of(r) == [1, 2, 3, 4, 5, 6] + [9] * 4 + [6, 5, 4, 3, 2, 1] + [9] * 4


def test_oh_hell_single_deal_sized_by_parameter():
    assert len(preset("oh-hell").deals) == 1
    assert cards_of(preset("oh-hell").replace(long_deal=7)) == [7]
    assert cards_of(preset("oh-hell").replace(long_deal=13)) == [13]


def test_custom_schedule_with_blocks_and_kinds():
    r = preset("bus-angeles").replace(schedule="2,3|1")
    assert [(d.cards, d.block) for d in r.deals] == [(2, 0), (3, 0), (1, 1)]
    r = preset("raspisnoy").replace(schedule="2,3:dark|4:gold", specials="")
    assert [(d.cards, d.kind, d.block) for d in r.deals] == [
        (2, DealKind.NORMAL, 0),
        (3, DealKind.DARK, 0),
        (4, DealKind.GOLD, 1),
    ]


# ---------------------------------------------------------------------------
# §3 seats and dealers


def test_bus_angeles_first_dealer_is_seat_four_and_dealers_rotate():
    s = new_game("bus-angeles", seed=11)
    # seat 4 (0-based 3) deals first; the first hand (seat 1 = 0-based 0) bids first
    assert s.dealer == 3
    assert s.current_player == 0
    seen = []
    import random

    rng = random.Random(3)
    while not s.is_terminal() and len(seen) < 6:
        d = s.deal_index
        if not seen or seen[-1][0] != d:
            seen.append((d, s.dealer))
        s = s.apply(rng.choice(s.legal_actions()))
    # dealers 4, 1, 2, 3, 4, 1 (1-based) = 3, 0, 1, 2, 3, 0
    assert [dealer for _, dealer in seen] == [3, 0, 1, 2, 3, 0]


def test_drawn_first_dealer_is_seeded():
    a = new_game("camp", seed="abc")
    b = new_game("camp", seed="abc")
    assert a.first_dealer == b.first_dealer
    assert 0 <= a.first_dealer < 4


def test_first_hand_bids_first_and_leads_dealer_bids_last():
    r = rules_of("bus-angeles", schedule="1")
    s = game(r, ["7S", "8S", "9S", "TS"], turned="AH", first_dealer=1)
    # dealer = seat 1 (0-based) → first hand is seat 2, order 2, 3, 0, then dealer 1
    order = []
    while s.phase is Phase.BID:
        order.append(s.current_player)
        s = s.apply(s.legal_actions()[0])
    assert order == [2, 3, 0, 1]
    assert s.phase is Phase.PLAY and s.current_player == 2


# ---------------------------------------------------------------------------
# §5 trump


def test_turned_card_fixes_trump():
    r = rules_of("bus-angeles", schedule="1")
    s = game(r, ["7S", "8S", "9S", "TS"], turned="QD")
    assert s.trump == 2  # ♦ (suits S C D H = 0 1 2 3)


def test_turned_joker_means_no_trump():
    r = rules_of("bus-angeles", schedule="1")
    s = game(r, ["7S", "8S", "9S", "TS"], turned="X2")
    assert s.trump is None


def test_classic36_turned_joker_card_means_no_trump():
    r = rules_of("raspisnoy", schedule="1", specials="")
    s = game(r, ["7S", "8S", "9S", "TS"], turned="X1")  # X1 is the 6♠ acting as joker
    assert s.trump is None


def test_no_stock_no_trump_camp_six_players():
    r = rules_of("camp", players=6, schedule="9")
    all54 = sorted(expected_full54())
    hands = [" ".join(all54[9 * i : 9 * i + 9]) for i in range(6)]
    s = game(r, hands, turned=None)
    assert s.phase is Phase.BID
    assert s.trump is None


def test_no_stock_dealers_last_card_option():
    r = rules_of("camp", players=6, schedule="9", empty_stock_trump="dealers_last_card")
    all54 = sorted(expected_full54())
    hands = [all54[9 * i : 9 * i + 9] for i in range(6)]
    # make the dealer's (seat 5) last dealt card 2♥
    hands = [h for h in hands]
    assert "2H" not in hands[5]
    donor = next(i for i in range(6) if "2H" in hands[i])
    j = hands[donor].index("2H")
    hands[donor][j], hands[5][-1] = hands[5][-1], hands[donor][j]
    s = game(r, [" ".join(h) for h in hands], turned=None, first_dealer=5)
    assert s.trump == 3  # ♥


def test_notrump_special_deal_ignores_turned_card():
    r = rules_of("raspisnoy", schedule="2:notrump", specials="")
    s = game(r, ["7S 8S", "9S TS", "JS QS", "KS AS"], turned="AH")
    assert s.trump is None


NINE = ["7S 8S 9S TS JS QS KS AS 7C", "8C 9C TC JC QC KC AC 7D 8D", "9D TD JD QD KD AD 7H 8H 9H",
        "TH JH QH KH AH 6H 6D X1 X2"]


def test_trump_choice_on_nine_card_deal():
    r = rules_of("bus-angeles", schedule="9")
    s = game(r, NINE)  # 4 × 9 = 36: no stock
    # the first hand (seat 0) names the trump: four suits or no-trump
    assert s.phase is Phase.TRUMP
    assert s.current_player == 0
    assert [str(a) for a in s.legal_actions()] == ["trump:S", "trump:C", "trump:D", "trump:H", "trump:N"]
    # while he chooses, every player sees only his own first three cards
    for seat in range(4):
        v = view_of(s, seat)
        assert names(v.hand) == set(NINE[seat].split()[:3])
    s = s.apply("trump:H")
    assert s.trump == 3 and s.phase is Phase.BID and s.current_player == 0
    assert names(view_of(s, 0).hand) == set(NINE[0].split())


def test_trump_choice_no_trump():
    r = rules_of("bus-angeles", schedule="9")
    s = game(r, NINE).apply("trump:N")
    assert s.trump is None and s.phase is Phase.BID


def test_trump_choice_suit_of_seen_cards_option():
    r = rules_of("bus-angeles", schedule="9", trump_choice="suit_of_seen_cards")
    # seat 0's first three cards are X1 7H 8H: only ♥ (a joker has no suit) or no-trump
    hands = ["X1 7H 8H X2 TS JS QS KS AS", "7S 8S 9S 7C 8C 9C TC JC QC",
             "KC AC 7D 8D 9D TD JD QD KD", "AD 9H TH JH QH KH AH 6H 6D"]
    s = game(r, hands)
    assert [str(a) for a in s.legal_actions()] == ["trump:H", "trump:N"]


def test_georgian_six_players_nine_card_deal_chooses_trump():
    # 6 × 9 = 54: no stock, but georgian has trump choice on 9-card deals (§5 rule 3)
    r = rules_of("georgian-6", schedule="9")
    all54 = sorted(expected_full54())
    hands = [" ".join(all54[9 * i : 9 * i + 9]) for i in range(6)]
    s = game(r, hands)
    assert s.phase is Phase.TRUMP


# ---------------------------------------------------------------------------
# rules strings


@pytest.mark.parametrize("name", list(PRESETS))
def test_preset_string_is_its_name(name):
    r = PRESETS[name]
    assert str(r) == name
    assert parse_rules(name) == r
    assert parse_rules(str(r)) == r


def test_georgian_khishti_string():
    r = preset("georgian").replace(khishti=-500)
    assert str(r) == "georgian(khishti=-500)"
    assert parse_rules("georgian(khishti=-500)") == r
    assert r.khishti == -500


@pytest.mark.parametrize(
    "name, changes",
    [
        ("bus-angeles", dict(schedule="2,3|1")),
        ("bus-angeles", dict(high_call_trump_wins=True, high_call_first_trick_only=True)),
        ("bus-angeles", dict(dealer_restriction="none", trump_choice="suit_of_seen_cards")),
        ("camp", dict(players=6)),
        ("camp", dict(players=3, empty_stock_trump="dealers_last_card")),
        ("raspisnoy", dict(classic_joker="7S", special_multiplier=3, special_round="full")),
        ("raspisnoy", dict(specials="dark+gold", long_deal=6)),
        ("raspisnoy", dict(specials="")),
        ("raspisnoy", dict(players=10)),
        ("georgian", dict(khishti=-500, fine=-100)),
        ("rotating-trumps", dict(joker_leads="high")),
        ("oh-hell", dict(long_deal=7, players=5, must_trump=True)),
        ("oh-hell", dict(first_dealer=2)),
        ("bus-angeles", dict(first_dealer="none")),
    ],
)
def test_rules_string_round_trip(name, changes):
    r = preset(name).replace(**changes)
    text = str(r)
    assert text.startswith(name + "(")
    back = parse_rules(text)
    assert back == r
    assert str(back) == text


def test_rules_string_accepts_spaces_and_quotes():
    r = parse_rules("bus-angeles( schedule = '2,3|1' , khishti = -500 )")
    assert r == preset("bus-angeles").replace(schedule="2,3|1", khishti=-500)


# ---------------------------------------------------------------------------
# impossible rules


@pytest.mark.parametrize(
    "name, changes, words",
    [
        # 10 players × 9 cards = 90 > 36
        ("raspisnoy", dict(players=10, long_deal=9), "36"),
        # georgian36 on six players: 6 × 9 = 54 > 36
        ("georgian", dict(players=6), "36"),
        # camp: 7 × 9 = 63 > 54
        ("camp", dict(players=7), "54"),
        # four-blocks is for 4 or 6 players
        ("bus-angeles", dict(players=5), "four-blocks"),
        ("raspisnoy", dict(players=11), "players"),
        ("raspisnoy", dict(players=1), "players"),
        ("bus-angeles", dict(first_dealer=5), "first_dealer"),
        ("raspisnoy", dict(classic_joker="2H"), "classic_joker"),
        ("raspisnoy", dict(schedule="2:forehead", specials=""), "forehead"),
        ("rotating-trumps", dict(joker_leads="high+top"), "rotating"),
        ("bus-angeles", dict(joker_leads=""), "joker_leads"),
        ("bus-angeles", dict(schedule="2,x|1"), "schedule"),
        ("bus-angeles", dict(schedule="2:weird"), "weird"),
        ("bus-angeles", dict(schedule="0"), "0"),
    ],
)
def test_impossible_rules_raise(name, changes, words):
    with pytest.raises(RulesError) as ei:
        preset(name).replace(**changes)
    assert words in str(ei.value)


def test_unknown_field_raises():
    with pytest.raises(RulesError, match="colour"):
        preset("bus-angeles").replace(colour="red")
    with pytest.raises(RulesError, match="colour"):
        parse_rules("bus-angeles(colour=red)")


@pytest.mark.parametrize(
    "field, value",
    [
        ("players", "many"),
        ("players", True),
        ("must_trump", "maybe"),
        ("must_trump", 1),
        ("deck", "huge"),
        ("scoring", "chess"),
        ("joker_leads", "high+fly"),
        ("specials", "dark+sunny"),
        ("khishti", "lots"),
    ],
)
def test_bad_value_raises(field, value):
    with pytest.raises(RulesError) as ei:
        preset("bus-angeles").replace(**{field: value})
    assert field in str(ei.value)


def test_unknown_preset_raises():
    with pytest.raises(RulesError, match="nosuch"):
        preset("nosuch")
    with pytest.raises(RulesError):
        parse_rules("nosuch(players=4)")


def test_malformed_rules_string_raises_notation_error():
    with pytest.raises(InvalidNotationError):
        parse_rules("bus-angeles(players=4")
    with pytest.raises(InvalidNotationError):
        parse_rules("bus-angeles(players=4,players=5)")


def test_explicit_cards_checked():
    r = rules_of("bus-angeles", schedule="1")
    with pytest.raises(JokerError):  # 2♥ is not in georgian36
        new_game(r, deals=[deal_of(["2H", "8S", "9S", "TS"], "AH")], first_dealer=3)
    with pytest.raises(JokerError):  # dealt twice
        new_game(r, deals=[deal_of(["8S", "8S", "9S", "TS"], "AH")], first_dealer=3)
    with pytest.raises(JokerError):  # wrong hand size
        new_game(r, deals=[deal_of(["8S 7S", "9S", "TS", "JS"], "AH")], first_dealer=3)
