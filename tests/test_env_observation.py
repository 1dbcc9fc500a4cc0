"""The observation tensor (joker.games.joker.rl.observation): segments, values worked by
hand for explicit deals, and hidden information staying hidden."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest
from helpers import apply_all, deal_of, rules_of

from joker import DealCards, new_game, parse_card, view_of
from joker.games.joker.engine.state import deal_cards_from_seed
from joker.games.joker.rl.observation import ObservationLayout
from joker.games.joker.rules import PRESETS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "environments.md"


def obs(layout: ObservationLayout, state, seat: int, **kw) -> dict[str, np.ndarray]:
    return layout.split(layout.encode(view_of(state, seat), **kw))


def onehot(size: int, *idx: int) -> list[float]:
    out = [0.0] * size
    for i in idx:
        out[i] = 1.0
    return out


def bit(card: str) -> int:
    return parse_card(card)


def test_segment_table_sums_to_size():
    for rules in PRESETS.values():
        for info in (False, True):
            layout = ObservationLayout(rules, information_state=info)
            assert sum(s.size for s in layout.segments) == layout.size
            offsets = [s.offset for s in layout.segments]
            assert offsets == sorted(offsets) and offsets[0] == 0
            assert ("seen" in layout.split(np.zeros(layout.size, np.float32))) == layout.has_forehead
            assert ("history" in [s.name for s in layout.segments]) == info


def test_bus_angeles_sizes_by_hand():
    # n = 4, C = 9, D = 24: 5 + 4+4+4 + 9 + 6 + 24 + 1 + 6 + 54 + 54 + 4*11 + 4*10 + 4 + 4*64 + 4*54 + 4 + 4
    layout = ObservationLayout(PRESETS["bus-angeles"])
    assert layout.size == 5 + 12 + 9 + 6 + 24 + 1 + 6 + 54 + 54 + 44 + 40 + 4 + 256 + 216 + 4 + 4 == 739
    info = ObservationLayout(PRESETS["bus-angeles"], information_state=True)
    assert info.size == 739 + 9 * (4 + 4 * 64)


def test_docs_table_matches_code():
    """docs/environments.md lists the bus-angeles observation segments with offsets and sizes."""
    text = DOCS.read_text(encoding="utf-8")
    block = text.split("<!-- observation-table:bus-angeles -->")[1].split("<!-- /observation-table -->")[0]
    rows = re.findall(r"^\|\s*`(\w+)`\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|", block, re.MULTILINE)
    layout = ObservationLayout(PRESETS["bus-angeles"], information_state=True)
    assert [(n, int(o), int(s)) for n, o, s in rows] == [(s.name, s.offset, s.size) for s in layout.segments]
    total = re.search(r"total:\s*(\d+) values \(observation\), (\d+) \(information state\)", block)
    assert total and int(total.group(1)) == ObservationLayout(PRESETS["bus-angeles"]).size
    assert int(total.group(2)) == layout.size


def test_values_worked_by_hand():
    """Two one-card deals; seat 3 deals, seat 0 is the first hand; clubs turned (RULES.md §5)."""
    rules = rules_of("bus-angeles", schedule="1,1")
    layout = ObservationLayout(rules)
    state = new_game(rules, seed=1, deals=[deal_of(["AH", "KH", "7S", "QD"], "JC")], first_dealer=3)
    o = obs(layout, state, 1)  # seat 1's rows: seat 1, 2, 3, 0
    assert list(o["phase"]) == onehot(5, 2)  # bidding
    assert list(o["seat"]) == onehot(4, 1)
    assert list(o["dealer"]) == onehot(4, 2)  # seat 3 is two seats after seat 1
    assert list(o["to_move"]) == onehot(4, 3)  # seat 0 bids first
    assert list(o["deal_size"]) == [1.0]
    assert list(o["deal_kind"]) == onehot(6, 0)
    assert list(o["deal_number"]) == onehot(2, 0)
    assert list(o["trump"]) == onehot(6, 1)  # clubs
    assert list(np.flatnonzero(o["turned"])) == [bit("JC")]
    assert list(np.flatnonzero(o["hand"])) == [bit("KH")]
    assert o["bids"].tolist() == [onehot(3, 0)] * 4  # nobody has bid
    assert o["taken"].tolist() == [onehot(2, 0)] * 4
    assert list(o["leader"]) == onehot(4, 3)
    assert not o["trick"].any() and not o["played"].any()
    assert list(o["block_made"]) == [1.0] * 4 and not o["scores"].any()

    state = apply_all(state, ["b1", "b0", "b0"])  # the dealer may not say b0 (sum = 1 card)
    o = obs(layout, state, 1)
    assert o["bids"].tolist() == [onehot(3, 1), onehot(3, 1), onehot(3, 0), onehot(3, 2)]  # bid 0 is not "not yet"
    state = apply_all(state, ["b1", "AH", "KH"])
    o = obs(layout, state, 2)  # seat 2 to play: rows seat 2, 3, 0, 1
    assert list(o["phase"]) == onehot(5, 3)
    assert list(o["to_move"]) == onehot(4, 0)
    assert list(o["leader"]) == onehot(4, 2)
    assert list(np.flatnonzero(o["trick"][2])) == [bit("AH")]
    assert list(np.flatnonzero(o["trick"][3])) == [bit("KH")]
    assert list(np.flatnonzero(o["played"][3])) == [bit("KH")]
    assert list(np.flatnonzero(o["hand"])) == [bit("7S")]

    # The deal ends: seat 0 wins with AH.  Scores (RULES.md §8): seat 0 bid all 1 card, made: 100·1;
    # seats 1, 2 made b0: 50; seat 3 bid 1, took 0: −50·2.  Deal 2's dealer is seat 0.
    state = apply_all(state, ["7S", "QD"])
    assert state.deal_index == 1
    o = obs(layout, state, 1)
    assert list(o["deal_number"]) == onehot(2, 1)
    assert list(o["dealer"]) == onehot(4, 3)
    assert o["scores"].tolist() == pytest.approx([0.05, 0.05, -0.1, 0.1])
    assert list(o["block_made"]) == [1.0, 1.0, 0.0, 1.0]
    assert o["taken"].tolist() == [onehot(2, 0)] * 4  # a new deal


def test_joker_calls_and_modes():
    rules = rules_of("bus-angeles", schedule="2")
    layout = ObservationLayout(rules)
    state = new_game(
        rules, seed=1, deals=[deal_of(["X1 AH", "KH 7S", "X2 9C", "QD TD"], "JC")], first_dealer=3
    )
    state = apply_all(state, ["b0", "b0", "b0", "b1", "X1:takes:D", "KH", "X2:high"])
    o = obs(layout, state, 3)  # rows: seat 3, 0, 1, 2
    lead = o["trick"][1]
    assert list(np.flatnonzero(lead)) == [52, 54 + 1, 54 + 4 + 2]  # X1, call takes, suit ♦
    follow = o["trick"][3]
    assert list(np.flatnonzero(follow)) == [53, 54 + 8]  # X2 played high


def _swap(deal: DealCards, a: tuple[int, int], b: tuple[int, int]) -> DealCards:
    hands = [list(h) for h in deal.hands]
    (sa, ia), (sb, ib) = a, b
    hands[sa][ia], hands[sb][ib] = hands[sb][ib], hands[sa][ia]
    return DealCards(tuple(tuple(h) for h in hands), deal.turned, deal.stock)


@pytest.mark.parametrize("name", ["bus-angeles", "camp", "raspisnoy", "georgian-6"])
def test_other_seats_hidden_cards_do_not_change_the_observation(name):
    """Two games whose deals differ only by cards swapped between two other
    seats, played with the same actions: seat 0's tensor is the same at every step."""
    rules = PRESETS[name].replace(schedule="5,9")
    n = rules.players
    layout = ObservationLayout(rules, information_state=True)
    rng = random.Random(name)
    compared = 0
    for g in range(8):
        dealer = n - 1
        deal = deal_cards_from_seed(rules, f"hide:{g}", 0, dealer)
        other = _swap(deal, (1, rng.randrange(5)), (2, rng.randrange(5)))
        a = new_game(rules, seed=g, deals=[deal], first_dealer=dealer)
        b = new_game(rules, seed=g, deals=[other], first_dealer=dealer)
        while a.deal_index == 0 and not a.is_terminal():
            ta = layout.encode(view_of(a, 0))
            assert np.array_equal(ta, layout.encode(view_of(b, 0)))
            compared += 1
            common = [x for x in a.legal_actions() if x in b.legal_actions()]
            if not common:
                break
            move = rng.choice(common)
            a, b = a.apply(move), b.apply(move)
    assert compared > 60


def test_own_unseen_cards_do_not_change_the_observation():
    """While choosing trump the first hand sees only his first three cards
    (RULES.md §5 rule 3); in a forehead deal nobody sees his own card while bidding (§9)."""
    rules = PRESETS["bus-angeles"].replace(schedule="9")
    layout = ObservationLayout(rules)
    deal = deal_cards_from_seed(rules, "trump", 0, 3)
    changed = _swap(deal, (0, 5), (2, 1))  # seat 0's sixth card (unseen) for one of seat 2's first three
    a = new_game(rules, deals=[deal], first_dealer=3)
    b = new_game(rules, deals=[changed], first_dealer=3)
    assert a.phase.value == "trump"
    assert np.array_equal(layout.encode(view_of(a, 0)), layout.encode(view_of(b, 0)))
    assert not np.array_equal(layout.encode(view_of(a, 2)), layout.encode(view_of(b, 2)))

    rules = PRESETS["raspisnoy"].replace(schedule="1:forehead", specials="")
    layout = ObservationLayout(rules)
    a = new_game(rules, deals=[deal_of(["AH", "KH", "7S", "QD"], "JC")], first_dealer=3)
    b = new_game(rules, deals=[deal_of(["9D", "KH", "7S", "QD"], "JC")], first_dealer=3)
    assert np.array_equal(layout.encode(view_of(a, 0)), layout.encode(view_of(b, 0)))
    o = layout.split(layout.encode(view_of(a, 1)))
    assert list(np.flatnonzero(o["seen"][3])) == [bit("AH")]  # seat 1 sees seat 0's card
    assert not o["hand"].any()


def test_encode_in_place_and_bounds():
    rules = PRESETS["camp"]
    layout = ObservationLayout(rules)
    state = new_game(rules, seed=3)
    out = np.full(layout.size, 7.0, dtype=np.float32)
    res = layout.encode(view_of(state, 2), out=out)
    assert res is out and np.array_equal(out, layout.encode(view_of(state, 2)))
    assert np.all(out >= layout.low) and np.all(out <= layout.high)
    with pytest.raises(ValueError, match="expected"):
        layout.split(np.zeros(3, np.float32))
    with pytest.raises(KeyError, match="segments"):
        layout.offset("nope")
