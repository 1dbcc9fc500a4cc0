"""Properties over random legal play (hypothesis).

* random legal play (seeded choices) over every preset — full games and short
  custom schedules with options toggled — never raises, keeps a legal action
  until the end, plays every card at most once per deal, and each deal's
  tricks sum to its size;
* every deal score and the game totals equal an independent recomputation
  written here from RULES.md §8–§10 (own score table, own premium function);
* a seat's view does not depend on the other seats' hidden cards.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from joker import (
    PRESETS,
    Bid,
    DealCards,
    DealKind,
    FollowJoker,
    LeadJoker,
    Play,
    RulesError,
    new_game,
    preset,
    view_of,
)
from joker.games.joker.rules import Premium, Rules

# ---------------------------------------------------------------------------
# independent scoring, written from RULES.md §8, §9, §10


def own_deal_score(r: Rules, cards: int, kind: DealKind, b: int | None, t: int) -> int:
    mult = r.special_multiplier
    if kind is DealKind.GOLD:  # +10 per trick × multiplier
        return 10 * t * mult
    if kind is DealKind.MISERE:  # −10 per trick × multiplier
        return -10 * t * mult
    assert b is not None
    if r.khishti is not None and b >= 1 and t == 0:  # the khishti option
        return r.khishti
    if kind is DealKind.FOREHEAD and b > 0 and t == b:
        return 50 * b
    if kind is DealKind.FOREHEAD and b > 0 and t < b:
        return -50 * (b - t)
    table = r.scoring.value
    if table == "bus-angeles":
        if t == b:
            base = 100 * cards if b == cards else 50 * (b + 1)
        elif t < b:
            base = -50 * (b + 1)
        else:
            base = 10 * t
    elif table == "camp":
        if t == b:
            base = 100 * b if b > 0 else 50
        elif t < b:
            base = -100 * (b - t)
        else:
            base = 10 * t
    elif table == "raspisnoy":
        if t == b:
            base = 10 * b if b > 0 else 5
        elif t < b:
            base = -10 * (b - t)
        else:
            base = t
    elif table == "georgian":
        base = 50 * b + 50 if t == b else 10 * t
    else:  # oh-hell
        base = t + 10 if t == b else t
    if kind in (DealKind.DARK, DealKind.NOTRUMP):
        return base * mult
    return base  # normal, or forehead pass / over


def own_totals(r: Rules, per_deal: list[tuple[int, tuple, tuple, tuple]]) -> list[int]:
    """``per_deal``: (block, bids, tricks, scores) of every deal of a FINISHED game.
    Sum of block totals; with the bus-angeles premium (§10) each block adds
    2 × (L + B) to every player who made all his bids and cuts B from the next."""
    n = r.players
    totals = [0] * n
    blocks: dict[int, list] = {}
    for d in per_deal:
        blocks.setdefault(d[0], []).append(d)
    for rows in blocks.values():
        block_total = [sum(row[3][s] for row in rows) for s in range(n)]
        if r.premium is Premium.BUS_ANGELES:
            made = [all(row[1] is not None and row[1][s] == row[2][s] for row in rows) for s in range(n)]
            for s in range(n):
                if not made[s]:
                    continue
                nxt = (s + 1) % n
                pool = rows[:-1] if made[nxt] else rows
                best = max([row[3][nxt] for row in pool if row[3][nxt] > 0] or [0])
                last = rows[-1][3][s]
                block_total[s] += 2 * (last + best)
                block_total[nxt] -= best
        else:
            assert r.premium is Premium.NONE
        for s in range(n):
            totals[s] += block_total[s]
    return totals


# ---------------------------------------------------------------------------
# playing


def card_of(a) -> int | None:
    return a.card if isinstance(a, (Play, LeadJoker, FollowJoker)) else None


def play_out(rules: Rules, seed: int, choice_seed: int, try_all_every: int = 0):
    """Random legal play to the end of the game, checking the invariants on the way."""
    rng = random.Random(choice_seed)
    s = new_game(rules, seed=seed)
    n = rules.players
    played: set[int] = set()
    plays_this_deal = 0
    bids_this_deal: dict[int, int] = {}
    deal = s.deal_index
    step = 0
    while not s.is_terminal():
        assert s.current_player is not None and 0 <= s.current_player < n
        acts = s.legal_actions()
        assert acts, f"no legal action in {s!r}"
        if try_all_every and step % try_all_every == 0:
            for a in acts:  # every legal action applies
                s.apply(a)
        a = rng.choice(acts)
        c = card_of(a)
        p = s.current_player
        if c is not None:
            assert s.hands[p] >> c & 1, "played a card not held"
            assert c not in played, "card played twice in one deal"
            played.add(c)
            plays_this_deal += 1
        if isinstance(a, Bid):
            bids_this_deal[p] = a.tricks
        spec = s.spec
        s = s.apply(a)
        step += 1
        if s.is_terminal() or s.deal_index != deal:
            # the deal just finished
            res = s.deal_results[-1]
            assert res.index == deal
            assert sum(res.tricks) == spec.cards
            assert plays_this_deal == n * spec.cards
            assert len(played) == n * spec.cards
            assert spec.has_bids is (spec.kind not in (DealKind.GOLD, DealKind.MISERE))  # RULES.md §9
            if spec.kind in (DealKind.GOLD, DealKind.MISERE):
                assert res.bids is None and not bids_this_deal
            else:
                assert res.bids == tuple(bids_this_deal[q] for q in range(n))
            for q in range(n):
                b = None if res.bids is None else res.bids[q]
                assert res.scores[q] == own_deal_score(rules, spec.cards, spec.kind, b, res.tricks[q])
            played, plays_this_deal, bids_this_deal = set(), 0, {}
            deal = s.deal_index
    assert s.current_player is None
    assert s.legal_actions() == []
    assert len(s.deal_results) == len(rules.deals)
    per_deal = [(r.spec.block, r.bids, r.tricks, r.scores) for r in s.deal_results]
    assert [r.spec for r in s.deal_results] == list(rules.deals)
    assert list(s.scores()) == own_totals(rules, per_deal)
    return s


# ---------------------------------------------------------------------------
# full games of every preset

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize("name", list(PRESETS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, choice_seed=SEEDS)
def test_full_game_of_every_preset(name, seed, choice_seed):
    play_out(PRESETS[name], seed, choice_seed)


# ---------------------------------------------------------------------------
# short custom schedules with options

PLAYERS = {
    "bus-angeles": [4],
    "georgian": [4],
    "georgian-6": [6],
    "camp": [2, 3, 4, 5, 6],
    "raspisnoy": list(range(2, 11)),
    "raspisnoy-54": list(range(2, 11)),
    "rotating-trumps": list(range(2, 11)),
    "oh-hell": [3, 4, 5, 6, 7],
}

OPTION_VALUES = {
    "high_call_trump_wins": [True],
    "high_call_first_trick_only": [True],
    "must_trump": [False],
    "dealer_restriction": ["none"],
    "turned_joker": ["next_card"],
    "empty_stock_trump": ["dealers_last_card"],
    "trump_choice": ["suit_of_seen_cards", "none"],
    "khishti": [-500],
    "special_multiplier": [3],
    "special_round": ["full"],
    "classic_joker": ["7S"],
}


@st.composite
def short_rules(draw):
    name = draw(st.sampled_from(list(PRESETS)))
    base = preset(name)
    n = draw(st.sampled_from(PLAYERS[name]))
    m = min(9, len(base.deck_cards) // n)
    kinds = ["normal"]
    if name.startswith("raspisnoy") or name == "rotating-trumps":
        kinds = ["normal", "dark", "gold", "misere", "notrump", "forehead"]
    blocks = []
    for _ in range(draw(st.integers(1, 3))):
        block = []
        for _ in range(draw(st.integers(1, 3))):
            kind = draw(st.sampled_from(kinds))
            c = 1 if kind == "forehead" else draw(st.integers(1, m))
            block.append(str(c) if kind == "normal" else f"{c}:{kind}")
        blocks.append(",".join(block))
    changes = {"players": n, "schedule": "|".join(blocks)}
    if name == "oh-hell":
        changes["long_deal"] = m
    if base.specials:
        changes["specials"] = draw(st.sampled_from(["", "gold+forehead", "dark+misere+notrump"]))
        changes["long_deal"] = m  # keep the specials short
    for field in draw(st.lists(st.sampled_from(sorted(OPTION_VALUES)), max_size=3, unique=True)):
        if field == "khishti" and not name.startswith("georgian"):
            continue  # khishti is a Georgian option; its mix with special deals is unspecified
        changes[field] = draw(st.sampled_from(OPTION_VALUES[field]))
    try:
        return base.replace(**changes)
    except RulesError:
        assume(False)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=short_rules(), seed=SEEDS, choice_seed=SEEDS)
def test_short_games_with_options(rules, seed, choice_seed):
    play_out(rules, seed, choice_seed, try_all_every=3)


def test_same_seed_same_game():
    a = play_out(preset("bus-angeles"), 5, 9)
    b = play_out(preset("bus-angeles"), 5, 9)
    assert a.deal_results == b.deal_results
    assert a.actions() == b.actions()


# ---------------------------------------------------------------------------
# views do not depend on other seats' hidden cards


@st.composite
def view_case(draw):
    rules = draw(short_rules())
    # the first deal must hide other seats' cards: not a forehead deal
    assume(rules.deals[0].kind is not DealKind.FOREHEAD)
    return rules


def shuffled_deal(rules: Rules, rng: random.Random, dealer: int) -> DealCards:
    deck = list(rules.deck_cards)
    rng.shuffle(deck)
    n, c = rules.players, rules.deals[0].cards
    hands = [deck[i * c : (i + 1) * c] for i in range(n)]
    rest = deck[n * c :]
    return DealCards(tuple(map(tuple, hands)), rest[0] if rest else None, tuple(rest[1:]))


def swap_hidden(d: DealCards, observer: int, dealer: int, rng: random.Random, k: int) -> DealCards:
    """Exchange up to ``k`` cards between the hands of seats other than ``observer``
    (with two players: between the other hand and the stock under the turned card),
    never the dealer's last card when every card is dealt, nor the stock cards
    turned after a turned joker (they may be shown, RULES.md §5)."""
    hands = [list(h) for h in d.hands]
    stock = list(d.stock)
    top = 0  # stock cards that may be turned face up: after a joker, up to the first other card
    if d.turned is not None and d.turned >= 52:
        while top < len(stock) and stock[top] >= 52:
            top += 1
        top = min(top + 1, len(stock))
    others = [s for s in range(len(hands)) if s != observer]
    # with every card dealt, the dealer's last card may be shown for trump (RULES.md §5): keep it last
    shown = lambda s: 1 if d.turned is None and not stock and s == dealer else 0  # noqa: E731
    for _ in range(k):
        if len(others) >= 2:
            a, b = rng.sample(others, 2)
            ra, rb = len(hands[a]) - shown(a), len(hands[b]) - shown(b)
            if ra and rb:
                i, j = rng.randrange(ra), rng.randrange(rb)
                hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
        elif len(stock) > top:
            (a,) = others
            i, j = rng.randrange(len(hands[a])), rng.randrange(top, len(stock))
            hands[a][i], stock[j] = stock[j], hands[a][i]
    return DealCards(tuple(map(tuple, hands)), d.turned, tuple(stock))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=view_case(), seed=SEEDS, choice_seed=SEEDS, swaps=st.integers(1, 6), data=st.data())
def test_views_ignore_other_seats_hidden_cards(rules, seed, choice_seed, swaps, data):
    n = rules.players
    observer = data.draw(st.integers(0, n - 1))
    rng = random.Random(choice_seed)
    dealer = data.draw(st.integers(0, n - 1))
    d1 = shuffled_deal(rules, rng, dealer)
    d2 = swap_hidden(d1, observer, dealer, rng, swaps)
    assert d2.hands[observer] == d1.hands[observer]
    assume(d2 != d1)  # (two players and no stock: nothing hidden to swap)
    a = new_game(rules, seed=seed, deals=[d1], first_dealer=dealer)
    b = new_game(rules, seed=seed, deals=[d2], first_dealer=dealer)
    steps = 0
    while True:
        assert view_of(a, observer) == view_of(b, observer)
        if a.is_terminal():
            assert b.is_terminal()
            break
        # the same action in both games, while one is legal in both
        common = [x for x in a.legal_actions() if x in b.legal_actions()]
        if a.current_player == observer:
            assert common == a.legal_actions() == b.legal_actions()
        if not common:
            break  # the hidden cards now matter for the mover: stop here
        act = rng.choice(common)
        a, b = a.apply(act), b.apply(act)
        steps += 1
