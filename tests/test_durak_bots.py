"""Durak's bots (docs/durak.md, "Bots"): legal on every option, sensible in
positions worked by hand, blind to the cards they cannot see; the match plug-in.

Seats A B C D are 0 1 2 3 (see durak_positions.position)."""

from __future__ import annotations

import dataclasses
import random
from math import comb

import pytest

from joker.bots import make_bot
from joker.cards import mask_of, parse_card, parse_cards
from joker.games.durak.actions import TAKE, Beat, Transfer
from joker.games.durak.bots import BOTS, TIMED
from joker.games.durak.bots.heuristic import HeuristicBot
from joker.games.durak.bots.search import Budget, SearchBot
from joker.games.durak.engine.state import new_game
from joker.games.durak.engine.views import view_of
from joker.games.durak.inference import beat_chance, sample_world, slots, unseen
from joker.games.durak.match import PLUGIN, wilson
from joker.games.durak.rules import preset
from joker.match.arena import run_arena
from joker.match.simulate import play_game

from durak_positions import B, play, position

VARIANTS = [
    preset("durak"),
    preset("durak-36"),
    preset("durak").replace(players=2),
    preset("durak").replace(players=3, show_trump="off"),
    preset("durak").replace(show_trump="once_per_bout", throw_in="neighbours"),
    preset("durak-36").replace(players=3, first_bout_limit=5),
    preset("durak").replace(players=2, deck="durak36", show_trump="once_per_bout"),
    preset("durak").replace(games=2, next_game_lead="onto_fool"),
]

FAST = Budget(worlds=3, candidates=3, seconds=0.004)


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_heuristic_and_random_only_play_legal_actions(rules: object) -> None:
    # play_game raises JokerError on an illegal action
    for g in range(3):
        bots = [make_bot("heuristic" if (s + g) % 2 else "random", f"{g}:{s}", game="durak")
                for s in range(rules.players)]  # type: ignore[attr-defined]
        end = play_game(rules, bots, f"legal:{g}", game="durak")
        assert end.is_terminal()


@pytest.mark.parametrize("rules", VARIANTS[:4] + VARIANTS[-1:], ids=str)
def test_search_only_plays_legal_actions(rules: object) -> None:
    n = rules.players  # type: ignore[attr-defined]
    bots = [SearchBot(f"s{s}", "medium", FAST) if s == 0 else HeuristicBot() for s in range(n)]
    assert play_game(rules, bots, "legal-search", game="durak").is_terminal()


def test_every_bot_name_makes_a_bot_and_the_search_bots_take_a_time_cap() -> None:
    for name in BOTS:
        assert make_bot(name, 1, game="durak").choose  # type: ignore[truthy-function]
    bot = make_bot("search@40ms", 1, game="durak")
    assert isinstance(bot, SearchBot) and bot.budget.seconds == pytest.approx(0.04)
    assert TIMED == {"search", "search-hard", "medium", "hard"}
    assert isinstance(make_bot("easy", 1, game="durak"), HeuristicBot)


# -- positions worked by hand ---------------------------------------------------------
# 12 cards in the stock: early in the game (turned 6♥: trump ♥)
STOCK = "KC AC KD AS 8H 9H TH JH QH KH 6H 7H"
C_HAND, D_HAND = "6S 7S 8S 6D 8D AD", "6C 8C 9C TC JC QC"


def test_heuristic_transfers_with_a_plain_card_of_the_attacks_rank() -> None:
    s = position(["7C 9S TS JS QS KS", "7D 9D TD JD QD AH", C_HAND, D_HAND], stock=STOCK)
    s = play(s, "7C done")
    assert s.current_player == B
    assert HeuristicBot().choose(view_of(s, B)) == Transfer(parse_card("7D"))


def test_heuristic_takes_rather_than_spend_its_ace_of_trumps_early_on_a_seven() -> None:
    s = position(["7C 9S TS JS QS KS", "AH 9D TD JD QD", C_HAND, D_HAND], stock=STOCK)
    s = play(s, "7C done")
    view = view_of(s, B)
    assert Beat(parse_card("AH"), parse_card("7C")) in view.legal_actions
    assert HeuristicBot().choose(view) == TAKE


def test_heuristic_keeps_its_joker_for_a_lone_small_card_but_beats_when_late() -> None:
    hands = ["7C 9S TS JS QS KS", "X1 9D TD JD QD", C_HAND, D_HAND]
    s = play(position(hands, stock=STOCK), "7C done")
    assert HeuristicBot().choose(view_of(s, B)) == TAKE
    late = play(position(hands), "7C done")  # empty stock: the endgame
    assert HeuristicBot().choose(view_of(late, B)) == Beat(parse_card("X1"), parse_card("7C"))


def test_heuristic_beats_cheaply_when_it_can() -> None:
    s = position(["7C 9S TS JS QS KS", "8C AC 9D TD JD QD", C_HAND, "6C KD 9C TC JC QC"],
                 stock="KC 7D AS 8H 9H TH JH QH KH 6H 7H")
    s = play(s, "7C done")
    assert HeuristicBot().choose(view_of(s, B)) == Beat(parse_card("8C"), parse_card("7C"))


# -- inference and blindness ------------------------------------------------------------
def _decision(rules: object, seed: str, skip: int) -> tuple[object, int]:
    """A state of a heuristic game after ``skip`` decisions, at a decision with a choice."""
    s = new_game(rules, seed)  # type: ignore[arg-type]
    k = 0
    while True:
        p = s.current_player
        assert p is not None
        v = view_of(s, p)
        if k >= skip and len(v.legal_actions) > 2:
            return s, p
        s = s.apply(HeuristicBot().choose(v))
        k += 1


@pytest.mark.parametrize("rules, skip", [(VARIANTS[0], 0), (VARIANTS[0], 40), (VARIANTS[2], 25), (VARIANTS[1], 60)])
def test_a_sampled_world_shows_the_same_view_and_the_unseen_cards_fill_the_slots(rules: object, skip: int) -> None:
    s, p = _decision(rules, "world", skip)
    view = view_of(s, p)  # type: ignore[arg-type]
    assert slots(view).total == unseen(view).bit_count()
    rng = random.Random(3)
    for _ in range(20):
        w = sample_world(view, rng)
        assert dataclasses.replace(view_of(w, p), rules=view.rules) == view


def test_the_search_bot_chooses_the_same_whatever_the_hidden_cards() -> None:
    s, p = _decision(preset("durak"), "blind", 30)
    view = view_of(s, p)  # type: ignore[arg-type]
    other = sample_world(view, random.Random(99))  # the same view, the hidden cards dealt anew
    assert other.hands != s.hands or other.stock != s.stock or other.prikups != s.prikups  # type: ignore[attr-defined]
    same = view_of(other, p)
    assert dataclasses.replace(same, rules=view.rules) == view
    budget = Budget(worlds=4, candidates=4, seconds=60.0)  # no cap in the way: every world is played
    a = SearchBot(7, "medium", budget).choose(view)
    b = SearchBot(7, "medium", budget).choose(same)
    assert a == b and a in view.legal_actions


def test_beat_chance_counts_known_cards_and_the_unseen_ones() -> None:
    s = position(["7C 9S TS JS QS", "9D TD JD QD KD", C_HAND, D_HAND])  # every other card discarded
    view = view_of(s, 0)
    pool = unseen(view)  # seen from A: B's, C's and D's cards, 17
    assert pool == mask_of(parse_cards("9D TD JD QD KD " + C_HAND + " " + D_HAND))
    assert beat_chance(view, B, parse_card("KS")) == 0.0  # AS, the trumps and the jokers are discarded
    # 5 of the 17 unseen cards beat 7C (8C..QC); B holds 5 unknown cards
    assert beat_chance(view, B, parse_card("7C")) == pytest.approx(1 - comb(12, 5) / comb(17, 5))
    took = dataclasses.replace(view, known=((), (parse_card("9D"),), (), ()))  # B was seen to take 9D
    assert beat_chance(took, B, parse_card("8D")) == 1.0


# -- the match plug-in --------------------------------------------------------------------
def test_wilson_interval() -> None:
    lo, hi = wilson(25, 100)
    assert lo < 0.25 < hi and hi - lo == pytest.approx(0.17, abs=0.01)
    assert wilson(0, 10)[0] == 0.0


def test_a_short_arena_runs_and_reports_fool_rates() -> None:
    rules = preset("durak").replace(players=2)
    rep = run_arena(rules, ("heuristic", "random"), 3, seed="t", workers=1, game="durak")
    assert rep.boards == 3 and len(rep.games) == 3 * 4
    t = rep.stats[0].tally
    assert t.games == 6 and 0 <= t.fools <= 6  # as hero: 3 boards × 2 seats
    assert rep.diff == pytest.approx(rep.stats[1].tally.fool_rate - t.fool_rate)
    assert PLUGIN.arena_cells(t)[0].startswith(f"{t.fool_rate:.3f}")
