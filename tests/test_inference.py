"""What a seat's view tells about hidden hands (joker.games.joker.inference,
RULES.md §5–§7), worked by hand on explicit deals: voids shown by not
following or not trumping (rotating trumps counted, a ``give`` lead's suit set
by its first card), the cards a joker's ``high``/``top`` call shows missing,
and the trump chooser's three cards."""

from __future__ import annotations

from helpers import apply_all, bid_through, game, rules_of

from joker import view_of
from joker.cards import SUIT_MASKS, mask_of
from joker.cards import parse_cards as parse
from joker.games.joker.inference import constraints_of, played_by, shown, unseen

S, C, D, H = range(4)


def test_give_lead_takes_its_suit_from_the_first_card():
    # trump ♣ (turned 6C); X1 led "give": 9H sets ♥ (seat 1 shows nothing), seat 2
    # trumps with 9C (void in ♥ only), seat 3 plays QS (void in ♥ and in the trump ♣)
    rules = rules_of("raspisnoy", schedule="3", specials=())
    s = bid_through(game(rules, ["X1 8H 7D", "9H 7S 8C", "AS KS 9C", "QS TS 9D"], turned="6C"))
    s = apply_all(s, ["X1:give", "9H", "9C", "QS"])
    facts = shown(view_of(s, 0))
    assert facts.voids == (0, 0, 1 << H, 1 << H | 1 << C)
    assert facts.forbidden(3) == SUIT_MASKS[H] | SUIT_MASKS[C]


def test_rotating_trumps_a_missed_trump_is_the_tricks_trump():
    # ♠ led, so this trick's trump is ♣ (♠→♣→♦→♥), whatever was turned: seat 1 plays
    # 8D holding neither (void in ♠ and ♣), seat 2 trumps with 9C (void in ♠ only)
    rules = rules_of("rotating-trumps", schedule="3", specials=())
    s = bid_through(game(rules, ["7S 8H 7D", "8D 9H TH", "9C KH AH", "QS TS 9D"], turned="6H"))
    s = apply_all(s, ["7S", "8D", "9C", "QS"])
    assert shown(view_of(s, 3)).voids == (0, 1 << S | 1 << C, 1 << S, 0)


def test_camp_top_shows_no_higher_trump_and_no_higher_rank():
    # camp, trump ♦ (turned 6D); X1 led "top": seat 1 has no trump and plays its
    # highest card KS — no trump and no ace; seat 2 plays its highest trump 9D —
    # no higher diamond; seat 3 plays 4D, its only trump — no higher diamond either
    rules = rules_of("camp", schedule="3")
    s = bid_through(game(rules, ["X1 2H 3H", "KS 7S 8C", "9D 7D 2C", "4D 5S 5C"], turned="6D"))
    s = apply_all(s, ["X1:top", "KS", "9D", "4D"])
    facts = shown(view_of(s, 0))
    assert facts.voids[1] == 1 << D
    assert facts.forbidden(1) == SUIT_MASKS[D] | mask_of(parse("AS AC AH"))
    assert facts.forbidden(2) == mask_of(parse("TD JD QD KD AD"))
    assert facts.forbidden(3) == mask_of(parse("5D 6D 7D 8D 9D TD JD QD KD AD"))


def test_the_trump_chooser_held_his_trump_until_he_plays_one():
    # every card dealt (9 × 4 = 36), seat 0 names ♥ from AH 7S 8C: the others know
    # he holds a heart, until he plays one (RULES.md §5 rule 3)
    rules = rules_of("bus-angeles", schedule="9", trump_choice="suit_of_seen_cards")
    hands = [
        "AH 7S 8C 8S 9S TS JS QS KS",
        "6H 7H 8H 9H TH JH QH KH AS",
        "7C 9C TC JC QC KC AC 6D 7D",
        "8D 9D TD JD QD KD AD X1 X2",
    ]
    s = bid_through(apply_all(game(rules, hands), ["trump:H"]))
    assert constraints_of(view_of(s, 1)).must_suit == (H, None, None, None)
    assert constraints_of(view_of(s, 0)).must_suit == (None,) * 4  # he knows his own cards
    s = apply_all(s, ["AH"])
    view = view_of(s, 1)
    assert constraints_of(view).must_suit == (None,) * 4
    assert played_by(view) == [mask_of(parse("AH")), 0, 0, 0]
    assert not unseen(view) & (view.hand_mask | mask_of(parse("AH")))
