"""Errors: illegal actions name the rule and the legal alternatives and leave
the state unchanged; malformed notation raises InvalidNotationError."""

from __future__ import annotations

import pytest

from helpers import apply_all, bid_through, game, rules_of
from joker import (
    IllegalActionError,
    InvalidNotationError,
    JokerError,
    new_game,
    parse_action,
    view_of,
)


def snapshot(s):
    return (
        s.deal_index,
        s.phase,
        s.current_player,
        s.hands,
        s.trump,
        s.bids,
        s.taken,
        s.trick,
        s.tricks,
        s.results,
        [str(a) for a in s.legal_actions()],
        tuple(view_of(s, seat) for seat in range(s.rules.players)),
    )


def expect_illegal(s, action, *fragments):
    """Apply ``action``, expect IllegalActionError whose message holds every
    fragment and every legal alternative; check the state did not change."""
    before = snapshot(s)
    legal_before = [str(a) for a in s.legal_actions()]
    with pytest.raises(IllegalActionError) as ei:
        s.apply(action)
    msg = str(ei.value)
    for f in fragments:
        assert f in msg, f"{f!r} not in {msg!r}"
    assert "legal" in msg
    for alt in legal_before:
        assert alt in msg, f"legal alternative {alt!r} not named in {msg!r}"
    assert snapshot(s) == before
    # and the state still accepts a legal action
    s.apply(legal_before[0])
    return msg


BA3 = rules_of("bus-angeles", schedule="3")


def test_error_hierarchy():
    assert issubclass(IllegalActionError, JokerError)
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(InvalidNotationError, JokerError)
    assert issubclass(InvalidNotationError, ValueError)


def test_must_follow_suit_names_rule_and_held_cards():
    s = bid_through(game(BA3, ["8H 7C 7D", "9H KH 8S", "TH 8C 8D", "AH 9C 9D"], turned="7S"))
    s = s.apply("8H")
    # seat 1 holds 9♥ K♥: playing the trump 8♠ is a revoke
    msg = expect_illegal(s, "8S", "must follow ♥", "9H KH")
    assert "8S" in msg  # names the offending action


def test_after_high_call_must_play_highest():
    s = bid_through(game(BA3, ["X1 7C 7D", "9H KH 8S", "TH 8C 8D", "AH 9C 9D"], turned="7S"))
    s = s.apply("X1:high:H")
    # after high(♥) seat 1 must give K♥, his highest heart
    expect_illegal(s, "9H", "highest ♥")


def test_void_must_trump():
    s = bid_through(game(BA3, ["8H 7C 7D", "8S 9S 8C", "TH 9C 8D", "AH TC 9D"], turned="7S"))
    s = s.apply("8H")
    # seat 1 is void in ♥ and holds trumps 8♠ 9♠
    expect_illegal(s, "8C", "trump", "♠", "8S 9S")


def test_card_not_held():
    s = bid_through(game(BA3, ["8H 7C 7D", "8S 9S 8C", "TH 9C 8D", "AH TC 9D"], turned="7S"))
    expect_illegal(s, "AS", "does not hold", "AS")
    expect_illegal(s, "X1:high:H", "does not hold")


def test_bid_out_of_range():
    s = game(BA3, ["8H 7C 7D", "8S 9S 8C", "TH 9C 8D", "AH TC 9D"], turned="7S")
    expect_illegal(s, "b4", "0..3")


def test_dealer_forbidden_bid():
    s = game(BA3, ["8H 7C 7D", "8S 9S 8C", "TH 9C 8D", "AH TC 9D"], turned="7S")
    s = apply_all(s, ["b1", "b1", "b0"])
    # 1 + 1 + 0 + 1 = 3 = cards → the dealer may not bid 1
    expect_illegal(s, "b1", "dealer", "3")


def test_card_while_bidding_and_bid_while_playing():
    s = game(BA3, ["8H 7C 7D", "8S 9S 8C", "TH 9C 8D", "AH TC 9D"], turned="7S")
    expect_illegal(s, "8H", "bid")
    s = bid_through(s)
    expect_illegal(s, "b1", "play")


def test_joker_call_not_allowed_by_preset():
    s = bid_through(game(BA3, ["X1 7C 7D", "9H KH 8S", "TH 8C 8D", "AH 9C 9D"], turned="7S"))
    # bus-angeles has high and takes, no give (§7)
    expect_illegal(s, "X1:give", "X1")
    expect_illegal(s, "X1:top", "X1")


def test_led_joker_needs_a_call_and_followed_joker_high_or_low():
    s = bid_through(game(BA3, ["X1 7C 7D", "9H KH X2", "TH 8C 8D", "AH 9C 9D"], turned="7S"))
    expect_illegal(s, "X1:high", "call")
    s = s.apply("7C")
    expect_illegal(s, "X2:high:H", "high", "low")


def test_high_call_first_trick_only_refused_later():
    r = rules_of("bus-angeles", schedule="2", high_call_first_trick_only=True)
    s = bid_through(game(r, ["X1 X2", "8H 9H", "TH JH", "QH KH"], turned="7S"))
    s = apply_all(s, ["X1:high:H", "9H", "JH", "KH"])
    expect_illegal(s, "X2:high:H", "X2")


def test_trump_choice_errors():
    hands = ["X1 7H 8H X2 TS JS QS KS AS", "7S 8S 9S 7C 8C 9C TC JC QC",
             "KC AC 7D 8D 9D TD JD QD KD", "AD 9H TH JH QH KH AH 6H 6D"]
    r = rules_of("bus-angeles", schedule="9", trump_choice="suit_of_seen_cards")
    s = game(r, hands)
    # first three X1 7H 8H: only ♥ or no-trump
    expect_illegal(s, "trump:S", "first three")
    expect_illegal(s, "b1", "trump")


def test_game_over():
    r = rules_of("bus-angeles", schedule="1")
    s = bid_through(game(r, ["7S", "8S", "9S", "TS"], turned="AH"))
    s = apply_all(s, ["7S", "8S", "9S", "TS"])
    assert s.is_terminal()
    with pytest.raises(IllegalActionError, match="over"):
        s.apply("b0")


@pytest.mark.parametrize(
    "text",
    ["zz", "", "   ", "X1", "X3:high:H", "X1:takes", "X1:high:Q", "X1:give:H", "X1:fly:H", "AH:high",
     "1H", "b", "bx", "b99", "trump:Q", "trump:", "AH KH"],
)
def test_malformed_notation(text):
    with pytest.raises(InvalidNotationError):
        parse_action(text)
    s = new_game("bus-angeles", seed=1)
    before = snapshot(s)
    with pytest.raises(InvalidNotationError):
        s.apply(text)
    assert snapshot(s) == before


@pytest.mark.parametrize(
    "text, canonical",
    [("b3", "b3"), ("B0", "b0"), ("ah", "AH"), ("10h", "TH"), ("♥A", "AH"), ("x1:HIGH:h", "X1:high:H"),
     ("X1:takes:♣", "X1:takes:C"), ("X2:give", "X2:give"), ("X1:top", "X1:top"), ("X2:low", "X2:low"),
     ("X1:high", "X1:high"), ("trump:h", "trump:H"), ("trump:N", "trump:N"), ("trump:NT", "trump:N")],
)
def test_action_notation_round_trip(text, canonical):
    a = parse_action(text)
    assert str(a) == canonical
    assert parse_action(str(a)) == a


def test_view_of_bad_seat():
    s = new_game("bus-angeles", seed=1)
    with pytest.raises(ValueError):
        view_of(s, 4)
    with pytest.raises(ValueError):
        view_of(s, -1)


def test_every_refusal_has_a_reason_the_terminal_says_in_both_languages():
    """Every illegal action met in random games of every preset carries a reason
    code: the English text made from it is the engine's message word for word,
    and the Russian one names the action and the legal alternatives."""
    import random

    from joker.games.joker.actions import BIDS, PLAYS, parse_action as parse
    from joker.i18n import Tr
    from joker.games.joker.rules import PRESETS

    en, ru = Tr("en", "play"), Tr("ru", "play")
    reasons = set()
    everything = list(BIDS) + list(PLAYS) + [parse(f"trump:{s}") for s in "SCDHN"]
    for name in PRESETS:
        rng = random.Random(name)
        s = new_game(name, seed=name)
        for _ in range(60):
            legal = set(s.legal_actions())
            for a in rng.sample(everything, 12):
                if a in legal:
                    continue
                with pytest.raises(IllegalActionError) as ei:
                    s.apply(a)
                e = ei.value
                assert e.reason is not None, str(e)
                reasons.add(e.reason)
                assert en.error(e) == str(e)
                said = ru.error(e)
                assert said.startswith(str(a)) and "illegal" not in said
                if "legal" in e.params:
                    assert said.endswith("можно: " + e.params["legal"])
            s = s.apply(rng.choice(sorted(legal, key=str)))
            if s.is_terminal():
                break
    assert {"not_held", "must_follow", "bid_range", "play_now", "bid_now"} <= reasons


def test_refusals_said_to_the_player_who_acted_say_you():
    """The terminal game and the web page tell the player who tried an action
    "you do not hold …", not "seat 1 does not hold …", with the same placeholders."""
    import string

    from joker.cards import format_card
    from joker.i18n import catalogue, message as refusal
    from joker.i18n.refusals import TEXTS, YOU

    texts_for_player = lambda lang: catalogue("refusals").table(lang, "you")  # noqa: E731

    for lang, texts in YOU.items():
        for reason, text in texts.items():
            names = lambda t: {f for _, f, _, _ in string.Formatter().parse(t) if f}  # noqa: E731
            assert names(text) == names(TEXTS[lang][reason]) - {"seat"}, (lang, reason)
        assert set(texts_for_player(lang)) == set(TEXTS[lang])
    s = new_game("bus-angeles", seed=1)
    card = next(c for c in range(52) if not s.hands[s.current_player] >> c & 1)
    with pytest.raises(IllegalActionError) as ei:
        s.apply(f"{format_card(card)}")
    e = ei.value
    assert refusal(e, "en") == str(e) and f"seat {s.current_player + 1}" in str(e)
    assert refusal(e, "en", you=True).startswith(f"illegal action {format_card(card)}: you must bid now")
    assert refusal(e, "ru", you=True).startswith(f"{format_card(card)}: сейчас ваш заказ")
