"""Bots: the heuristic bot's choices in hand-built positions, bots never leak
or need hidden cards, whole games under every preset, and the heuristic bot
beating the random bot from every seat.

Positions are built from explicit cards (RULES.md §5: dealt from the first
hand round to the dealer; the turned card fixes trump) and explicit actions,
so each expected choice is written by hand beside its reason.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from joker import (
    PRESETS, DealCards, DealKind, FollowJoker, GameState, IllegalActionError, LeadJoker, Phase, Play,
    PlayerView, new_game, parse_card, parse_cards, preset, view_of,
)
from joker.bots import BOTS, RandomBot, make_bot
from joker.games.joker.bots.heuristic import HeuristicBot
from joker.cards import JOKER1, cards_in
from joker.games.joker.engine.play import trick_winner
from joker.games.joker.engine.state import deal_cards_from_seed
from joker.games.joker.rules import Rules
from joker.match.simulate import play_game, simulate


# -- builders -------------------------------------------------------------------
def position(rules: Rules, hands: list[str], turned: str | None, actions: list[str], dealer: int = 3) -> GameState:
    """A game whose first deal holds ``hands`` (text, per 0-based seat), after ``actions``."""
    deal = DealCards(tuple(tuple(parse_cards(h)) for h in hands), None if turned is None else parse_card(turned))
    state = new_game(rules, seed=0, deals=[deal], first_dealer=dealer)
    for a in actions:
        state = state.apply(a)
    return state


def choice(state: GameState, seed: int = 0) -> str:
    """The heuristic bot's choice for the seat to move, in notation."""
    view = view_of(state, state.current_player)
    action = HeuristicBot(seed).choose(view)
    assert action in view.legal_actions
    return str(action)


def surely_loses(state: GameState, action) -> bool:
    """True when ``action`` leaves the trick in another seat's hands: no later
    card can give a trick back to a seat that is not winning it (RULES.md §7)."""
    me = state.current_player
    trick = state.trick + ((me, action),)
    rules = state.rules
    return trick_winner(trick, state.trump, rules.rotating_trumps, rules.high_call_trump_wins) != me


# -- 1. hand-built positions -----------------------------------------------------
def test_registry():
    assert isinstance(make_bot("heuristic", 1), HeuristicBot)
    assert BOTS["heuristic"] is HeuristicBot and make_bot("heuristic").name == "heuristic"


def test_dealer_bids_two_not_zero_with_trump_ace():
    # 2-card deal, ♥ trump (6♥ turned); seats 0, 1, 2 bid 0, 0, 1, so the dealer
    # (seat 3) may not bid 1 (RULES.md §6).  A♥ is the top trump: a sure trick, so
    # 0 is the unlikely side; the nearest allowed bid upwards is 2.
    rules = preset("bus-angeles").replace(schedule="2")
    state = position(rules, ["8S 9D", "TS JD", "QD KS", "AH 7C"], "6H", ["b0", "b0", "b1"])
    view = view_of(state, 3)
    assert view.forbidden_bid == 1 and [str(a) for a in view.legal_actions] == ["b0", "b2"]
    for seed in range(5):
        assert choice(state, seed) == "b2"


@pytest.mark.parametrize("others", [["b0", "b0", "b1"], ["b0", "b1", "b1"], ["b1", "b0", "b0"]])
@pytest.mark.parametrize("turned", ["6H", "7H"])
def test_bid_all_never_leads_the_low_trump_first(others, turned):
    # 3-card deal, ♥ trump; seat 0 bid 3 holding K♥ Q♥ 9♥ and leads: it must take
    # every trick, so it draws trumps from the top; 9♥ first would lose to any 10♥/J♥.
    rules = preset("bus-angeles").replace(schedule="3")
    state = position(rules, ["KH QH 9H", "7S 8S 9S", "7C 8C 9C", "7D 8D 9D"], turned, ["b3", *others])
    assert state.phase is Phase.PLAY and state.current_player == 0
    for seed in range(5):
        assert choice(state, seed) in ("KH", "QH")


def test_joker_low_escapes_with_two_tricks_left():
    # 2-card deal, ♦ trump; seat 1 bid 0 (its bid is taken) and holds X1 A♠.
    # Seat 0 leads 7♠: A♠ would win; the joker low surely loses now and A♠ may
    # still be lost on the last trick (another suit led, or the other joker).
    rules = preset("bus-angeles").replace(schedule="2")
    state = position(rules, ["7S 8D", "X1 AS", "9S TD", "KD QC"], "6D", ["b1", "b0", "b0", "b0", "7S"])
    assert choice(state) == "X1:low"


def test_joker_low_after_the_bid_is_taken_mid_deal():
    # 4-card deal, ♦ trump.  Seat 1 bid 1 and took trick 1 with A♣, lost trick 2
    # (led 7♥ to seat 0's K♥); seat 0 now leads 7♠ with two tricks left.  Seat 1
    # holds X1 A♠: the joker low now, keeping a chance to lose A♠ at the end.
    rules = preset("bus-angeles").replace(schedule="4")
    hands = ["8C KH 7S 8H", "AC 7H X1 AS", "9C TH 8S JH", "TC QH 9S JC"]
    bids = ["b1", "b1", "b1", "b0"]  # the dealer (seat 3) may not make it 4
    trick1 = ["8C", "AC", "9C", "TC"]
    trick2 = ["7H", "TH", "QH", "KH"]
    state = position(rules, hands, "6D", bids + trick1 + trick2 + ["7S"])
    assert state.taken == (1, 1, 0, 0) and state.current_player == 1
    assert choice(state) == "X1:low"


def test_ducks_with_a_card_that_surely_loses():
    # 3-card deal, ♦ trump.  Seat 1 bid 0.  Seat 0 leads T♠: K♠ would win, 8♠ surely loses.
    rules = preset("bus-angeles").replace(schedule="3")
    state = position(rules, ["TS 9D 7C", "KS 8S 9C", "7S JC QD", "AC 8D TH"], "6D", ["b1", "b0", "b1", "b0", "TS"])
    assert choice(state) == "8S"


def test_wins_cheaply_while_it_needs_tricks():
    # 3-card deal, ♦ trump.  Seat 3 (last to play) bid 1; seat 0 led 7♠ and nobody
    # beat it yet.  8♠ and A♠ both surely win; the cheaper one is played.
    rules = preset("bus-angeles").replace(schedule="3")
    state = position(
        rules, ["7S 9D 7C", "JC 8C TH", "QC 9H TC", "8S AS KH"], "6D", ["b1", "b0", "b0", "b1", "7S", "JC", "QC"]
    )
    assert choice(state) == "8S"


def test_forehead_bid_from_the_cards_on_other_foreheads():
    # Raspisnoy forehead deal (RULES.md §9): one card each, seat 0 sees the others'
    # cards but not its own, and leads.  ♥ trump.
    rules = preset("raspisnoy").replace(schedule="1:forehead", specials=())

    def bid(others: list[str]) -> str:
        deal = DealCards(tuple((parse_card(c),) for c in ["AS", *others]), parse_card("6H"))
        state = new_game(rules, deals=[deal], first_dealer=3)
        view = view_of(state, 0)
        assert view.hand == () and view.known[1:] == tuple((parse_card(c),) for c in others)
        return choice(state)

    # small clubs and a diamond, no trump: whatever it holds, its lead mostly wins
    assert bid(["7C", "8C", "9D"]) == "b1"
    # the joker (X1, the named 6♠) and the trump ace face it: its card can hardly win
    assert bid(["X1", "AH", "9D"]) == "b0"


def test_dark_bid_is_a_share_of_the_tricks():
    # a dark 9-card deal for 4 (RULES.md §9): no card seen; about a quarter of 9 tricks
    rules = preset("raspisnoy").replace(schedule="9:dark", specials=())
    for g in range(3):
        state = new_game(rules, seed=g)
        assert view_of(state, state.current_player).hand == ()
        assert choice(state) in ("b1", "b2", "b3")


def test_trump_choice_from_the_first_three_cards():
    # bus-angeles 9-card deal: the first hand names trump seeing three cards (RULES.md §5).
    rules = preset("bus-angeles").replace(schedule="9")
    rng = random.Random(5)

    def chosen(first_three: str) -> str:
        rest = [c for c in rules.deck_cards if c not in parse_cards(first_three)]
        rng.shuffle(rest)
        mine = parse_cards(first_three) + rest[:6]
        others = [rest[6 + 9 * k : 15 + 9 * k] for k in range(3)]
        deal = DealCards((tuple(mine), *map(tuple, others)))
        state = new_game(rules, deals=[deal], first_dealer=3)
        assert state.phase is Phase.TRUMP
        return choice(state)

    assert chosen("AH KH 7S") == "trump:H"  # two hearts with honours
    assert chosen("7C 8C 9S") == "trump:C"  # length among small cards
    assert chosen("QD 8D AS") == "trump:D"  # two with an honour beat a lone ace
    assert chosen("AS KH X1") == "trump:N"  # high cards of different suits and a joker
    assert chosen("X1 X2 AD") == "trump:N"
    assert chosen("7S 9D JH") == "trump:H"  # three small singletons: the highest card's suit


def test_deterministic_given_the_seed():
    rules = preset("bus-angeles").replace(schedule="1,2,3,4,5")
    a = play_game(rules, [HeuristicBot(s) for s in range(4)], seed=11)
    b = play_game(rules, [HeuristicBot(s) for s in range(4)], seed=11)
    assert a.actions() == b.actions()


def test_ducking_property_over_many_games():
    """Whenever a heuristic seat has its bid (or plays misère) and follows with
    a legal card that surely loses the trick, the card it plays surely loses."""
    rules = preset("raspisnoy").replace(schedule="3,5,7", specials="misere")
    checked = 0
    for g in range(25):
        bots = [HeuristicBot(g), RandomBot(g), HeuristicBot(g + 1), RandomBot(g + 1)]
        state = new_game(rules, seed=f"duck:{g}")
        while not state.is_terminal():
            seat = state.current_player
            view = view_of(state, seat)
            action = bots[seat].choose(view)
            satisfied = (
                state.spec.kind is DealKind.MISERE
                or (state.bids[seat] is not None and state.bids[seat] == state.taken[seat])
            )
            if isinstance(bots[seat], HeuristicBot) and state.phase is Phase.PLAY and state.trick and satisfied:
                if any(surely_loses(state, a) for a in view.legal_actions):
                    assert surely_loses(state, action), (view, action)
                    checked += 1
            state = state.apply(action)
    assert checked > 100


# -- 2. no hidden card reaches a bot ------------------------------------------------
VIEW_FIELDS = {
    "rules", "seat", "deal_index", "deal", "dealer", "phase", "current_player", "hand", "known",
    "hand_sizes", "turned", "trump", "bids", "taken", "leader", "trick", "tricks", "played",
    "results", "legal_actions", "forbidden_bid",
}


def test_player_view_has_no_field_for_hidden_hands():
    names = {f.name for f in dataclasses.fields(PlayerView)}
    # a new field must be audited for leaks (and added to cards_of_view) before it joins this set
    assert names == VIEW_FIELDS
    for hidden in ("hands", "first_three", "stock", "explicit", "seed", "deck"):
        assert hidden not in names
    state = new_game(preset("bus-angeles"), seed=3)
    view = view_of(state, 1)
    for f in dataclasses.fields(PlayerView):
        value = getattr(view, f.name)
        assert value != state.hands and value != tuple(tuple(cards_in(h)) for h in state.hands), f.name
    assert view.known == ((),) * 4  # nothing on other seats' foreheads outside a forehead deal


def cards_of_view(view: PlayerView) -> set[int]:
    """Every card int reachable through the view's fields (see VIEW_FIELDS)."""
    out = set(view.hand) | set(view.turned) | set(cards_in(view.played))
    for cards in view.known:
        out |= set(cards)
    plays = list(view.trick) + [p for t in view.tricks for p in t.plays]
    out |= {a.card for _, a in plays}
    out |= {a.card for a in view.legal_actions if isinstance(a, (Play, LeadJoker, FollowJoker))}
    for r in view.results:  # results carry counts and suits, never cards
        assert all(isinstance(x, int) for x in r.tricks + r.scores)
    return out


def visible_to(state: GameState, seat: int) -> set[int]:
    """What RULES.md lets ``seat`` see now: its own cards (only the first three while
    trump is chosen, none while bidding a dark or forehead deal), the cards played
    this deal, the turned cards, and in a forehead deal every other seat's card."""
    kind = state.spec.kind
    if state.phase is Phase.TRUMP:
        own = state.first_three[seat]
    elif state.phase is Phase.BID and kind in (DealKind.DARK, DealKind.FOREHEAD):
        own = 0
    else:
        own = state.hands[seat]
    out = set(cards_in(own)) | set(cards_in(state.played)) | set(state.turned)
    if kind is DealKind.FOREHEAD:
        for s in range(state.rules.players):
            if s != seat:
                out |= set(cards_in(state.hands[s]))
    return out


class Recorder:
    """Wraps a bot; keeps every view it is given."""

    def __init__(self, bot):
        self.bot, self.name, self.views = bot, bot.name, []

    def choose(self, view):
        self.views.append(view)
        return self.bot.choose(view)


LEAK_RULES = [
    preset("bus-angeles").replace(schedule="1,3,9"),
    preset("camp").replace(schedule="2,5"),
    preset("raspisnoy").replace(schedule="2,4", specials="dark+gold+misere+notrump+forehead"),
    preset("rotating-trumps").replace(schedule="3", specials="forehead"),
    preset("georgian-6").replace(schedule="2,9"),
    preset("oh-hell"),
]


@pytest.mark.parametrize("rules", LEAK_RULES, ids=str)
def test_views_hold_only_visible_cards(rules):
    for g in range(3):
        state = new_game(rules, seed=f"leak:{g}")
        bots = [Recorder(HeuristicBot(s)) for s in range(rules.players)]
        while not state.is_terminal():
            seat = state.current_player
            action = bots[seat].choose(view_of(state, seat))
            view = bots[seat].views[-1]
            allowed = visible_to(state, seat)
            assert cards_of_view(view) <= allowed, (state, seat, cards_of_view(view) - allowed)
            assert action in view.legal_actions
            state = state.apply(action)
        assert all(b.views for b in bots)


def swapped_deal(rules: Rules, deal: DealCards, late: dict[int, set[int]], observer: int) -> DealCards | None:
    """``deal`` with one card that another seat never plays before the observer's
    last decision exchanged with a same-suit card of the stock, or else with a
    same-suit card of a third seat (same suits keep the earlier plays legal)."""
    hands = [list(h) for h in deal.hands]
    stock = list(deal.stock)
    for p in range(len(hands)):
        if p == observer:
            continue
        for c in sorted(late[p]):
            if c >= JOKER1:
                continue
            for i, x in enumerate(stock):
                if x < JOKER1 and x // 13 == c // 13:
                    hands[p][hands[p].index(c)], stock[i] = x, c
                    return DealCards(tuple(map(tuple, hands)), deal.turned, tuple(stock))
        for c in sorted(late[p]):
            for q in range(len(hands)):
                if q in (p, observer):
                    continue
                for x in sorted(late[q]):
                    if c < JOKER1 and x < JOKER1 and x // 13 == c // 13 and x != c:
                        hands[p][hands[p].index(c)] = x
                        hands[q][hands[q].index(x)] = c
                        return DealCards(tuple(map(tuple, hands)), deal.turned, tuple(stock))
    return None


@pytest.mark.parametrize(
    "rules",
    [
        preset("bus-angeles").replace(schedule="5"),
        preset("bus-angeles").replace(schedule="9"),
        preset("camp").replace(schedule="6"),
        preset("raspisnoy").replace(schedule="4:dark"),
        preset("rotating-trumps").replace(schedule="4"),
    ],
    ids=str,
)
def test_other_seats_unplayed_cards_do_not_change_the_view(rules):
    """Two games differing only in cards other seats have not played yet give the
    observer equal views (and so equal bot choices) at each of its decisions."""
    observer = 1
    compared = 0
    for g in range(8):
        dealer = 3
        deal = deal_cards_from_seed(rules, f"swap:{g}", 0, dealer)
        a = new_game(rules, seed=0, deals=[deal], first_dealer=dealer)
        bots = [HeuristicBot(s) for s in range(rules.players)]
        actions, decisions = [], []
        while a.deal_index == 0 and not a.is_terminal():
            if a.current_player == observer:
                decisions.append(len(actions))
            action = bots[a.current_player].choose(view_of(a, a.current_player))
            actions.append(action)
            a = a.apply(action)
        decisions = decisions[: (len(decisions) + 1) // 2]  # the first half: other seats still hold cards
        # the cards each other seat still holds at the observer's last compared decision
        a = new_game(rules, seed=0, deals=[deal], first_dealer=dealer)
        for action in actions[: decisions[-1]]:
            a = a.apply(action)
        late = {p: set(cards_in(a.hands[p])) for p in range(rules.players)}
        other = swapped_deal(rules, deal, late, observer)
        assert other is not None and other != deal
        a = new_game(rules, seed=0, deals=[deal], first_dealer=dealer)
        b = new_game(rules, seed=0, deals=[other], first_dealer=dealer)
        assert a.hands != b.hands
        try:
            for i, action in enumerate(actions[: decisions[-1] + 1]):
                if i in decisions:
                    va, vb = view_of(a, observer), view_of(b, observer)
                    assert va == vb
                    assert HeuristicBot(9).choose(va) == HeuristicBot(9).choose(vb)
                    compared += 1
                a, b = a.apply(action), b.apply(action)
        except IllegalActionError:  # the swap changed a forced play (e.g. the highest card after high(s))
            continue
    assert compared >= 10


# -- 3. whole games ----------------------------------------------------------------------
@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_plays_whole_games(name):
    rules = PRESETS[name]
    n = rules.players
    for lineup in (["heuristic"] * n, ["heuristic", "random"] * (n // 2) + ["heuristic"] * (n % 2)):
        state = play_game(rules, [make_bot(b, i) for i, b in enumerate(lineup)], seed=f"full:{name}")
        assert state.is_terminal() and len(state.results) == len(rules.deals)


@pytest.mark.parametrize(
    "text",
    [
        "camp(players=6,schedule='1,9')",
        "camp(players=2,schedule='3,8')",
        "raspisnoy(players=6,schedule='1,2',special_round=full)",
        "raspisnoy(classic_joker=7S,schedule='5',special_multiplier=3)",
        "rotating-trumps(schedule='3,6')",
        "bus-angeles(schedule='2:dark,3:gold,3:misere,4:notrump,1:forehead')",
        "bus-angeles(turned_joker=next_card,schedule='1,2,3,4,5,6,7,8')",
        "bus-angeles(trump_choice=suit_of_seen_cards,schedule='9,9')",
        "georgian(high_call_trump_wins=true,high_call_first_trick_only=true,schedule='5,9')",
        "georgian(khishti=-500,schedule='4,9')",
        "oh-hell(players=3,dealer_restriction=none)",
    ],
)
def test_house_rules_play_whole_games(text):
    from joker import parse_rules

    rules = parse_rules(text)
    for g in range(3):
        state = play_game(rules, [make_bot("heuristic", i) for i in range(rules.players)], seed=f"house:{g}")
        assert state.is_terminal()


# -- 4. strength ----------------------------------------------------------------------------
def test_heuristic_beats_random_from_every_seat():
    """Per seat s: heuristic in s, random elsewhere, 60 games (240 in all); the mean
    per-game difference (heuristic total minus the randoms' mean total) has a 95%
    confidence interval above 0."""
    rules = preset("bus-angeles").replace(schedule="1,2,3,4,5,6,7,8,9")
    for s in range(4):
        names = ["random"] * 4
        names[s] = "heuristic"
        result = simulate(rules, names, 60, seed=f"strength:{s}")
        mean, ci = result.difference(s)
        stats = result.seats[s]
        print(
            f"\nseat {s + 1}: heuristic − mean(random) = {mean:.1f} ± {ci:.1f} per game; "
            f"heuristic {stats.mean:.1f} ± {stats.ci:.1f}, bids made {stats.tally.bid_accuracy:.1%}; "
            f"randoms' bids made {sum(x.tally.made for x in result.seats if x.seat != s) / (3 * stats.tally.deals):.1%}"
        )
        assert mean - ci > 0
