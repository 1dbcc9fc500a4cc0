"""Why an action is refused: the rule it breaks and the legal alternatives
(RULES.md §13.4–§13.5).

:func:`refusal` builds the :class:`~joker.errors.IllegalActionError` that
:meth:`~.state.DurakState.apply` raises; its ``reason`` is a short code and
``params`` the values the message names, so an interface can say the same in
its own language.  Seats are named ``seat k`` (1-based).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from joker.cards import Card, format_card, is_joker, rank_of
from joker.errors import IllegalActionError

from ..actions import DONE, PASS, TAKE, Action, Attack, Beat, Show, Transfer
from .table import Phase, beats, is_trump

if TYPE_CHECKING:
    from .state import DurakState

_RANK_NAMES = "23456789TJQKA"


def _seat(s: int) -> str:
    return f"seat {s + 1}"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def refusal(state: "DurakState", action: Action, legal: Sequence[Action]) -> IllegalActionError:
    """The error for ``action``, which is not in ``legal`` (the state's legal actions)."""
    reason, message, params = _why(state, action)
    alts = " ".join(str(a) for a in legal)
    if alts:
        message += f"; legal: {alts}"
    return IllegalActionError(message, reason, action=str(action), **params)


def _why(st: "DurakState", a: Action) -> tuple[str, str, dict[str, str]]:
    b, p = st.bout, st.current_player
    if b is None or p is None:
        return "game_over", "the game is over", {}
    who = _seat(p)
    hand = st.hands[p]
    phase = st.phase
    card: Card | None = getattr(a, "card", None)
    if card is not None and not hand >> card & 1:
        return "not_held", f"{who} does not hold {format_card(card)}", {"seat": who, "card": format_card(card)}
    if isinstance(a, Attack):
        c = a.card
        if phase is Phase.DEFEND:
            return "defending", f"{who} defends: beat a card, transfer or take (RULES.md §13.4 rule 2)", {}
        if is_joker(c):
            return "joker_attack", f"a joker cannot lead or be thrown in (RULES.md §13.5)", {}
        if phase is Phase.ADD and rank_of(c) != rank_of(b.attack[0]):
            r = _RANK_NAMES[rank_of(b.attack[0]) or 0]
            return ("add_rank", f"cannot add {format_card(c)}: the lead's rank is {r} (RULES.md §13.4 rule 1)",
                    {"rank": r})
        if phase is Phase.THROW and rank_of(c) not in b.ranks:
            return ("throw_rank", f"cannot throw in {format_card(c)}: no card of its rank is on the table "
                    f"(RULES.md §13.4 rule 3)", {})
        return _limit(st)
    if a is DONE or a is PASS:
        what = "done" if a is DONE else "pass"
        return "not_now", f"{who} cannot say {what} now (phase {phase.value})", {}
    if phase is not Phase.DEFEND:
        return "not_defending", f"{who} does not defend now (phase {phase.value})", {}
    if a is TAKE:
        return "not_now", f"{who} cannot take now", {}
    if isinstance(a, Beat):
        c, t = a.card, a.target
        if t not in b.unbeaten:
            return ("no_target", f"{format_card(t)} is not an unbeaten attack card on the table", {})
        if not beats(c, t, st.trump):
            return ("too_low", f"{format_card(c)} does not beat {format_card(t)}: beat with a higher card of its "
                    f"suit, a trump over a non-trump, or a joker (RULES.md §13.4 rule 2)", {})
        rest = len(b.unbeaten) - 1
        nxt = st.left_of(b.defender)
        held = st.hands[nxt].bit_count()
        return ("joker_shoulder", f"cannot beat with {format_card(c)}: {_cards(rest)} would pass to "
                f"{_seat(nxt)}, who holds {held} (RULES.md §13.5)",
                {"seat": _seat(nxt), "held": str(held), "passed": str(rest)})
    if isinstance(a, (Transfer, Show)):
        verb = "transfer" if isinstance(a, Transfer) else "show"
        c = a.card
        if is_joker(c):
            return "joker_transfer", "a joker cannot transfer (RULES.md §13.5)", {}
        if b.passed_on:
            return ("passed_on", f"cannot {verb}: cards passed on by a joker must be beaten or taken "
                    f"(RULES.md §13.5)", {})
        if not st.may_transfer():
            return "beaten", f"cannot {verb}: an attack card is already beaten (RULES.md §13.4 rule 2)", {}
        if rank_of(c) != rank_of(b.attack[0]):
            r = _RANK_NAMES[rank_of(b.attack[0]) or 0]
            return "rank", f"cannot {verb} {format_card(c)}: the attack's rank is {r} (RULES.md §13.4 rule 2)", {}
        if isinstance(a, Show):
            if not is_trump(c, st.trump):
                return "not_trump", f"cannot show {format_card(c)}: it is not a trump (RULES.md §13.4 rule 2)", {}
            opt = st.rules.show_trump.value
            if opt == "off":
                return "show_off", "showing a trump is off in these rules (show_trump=off)", {}
            return ("shown", f"cannot show {format_card(c)}: it was shown already "
                    f"(show_trump={opt}, RULES.md §13.4 rule 2)", {})
        would = len(b.attack) + (1 if isinstance(a, Transfer) else 0)
        nxt = st.left_of(b.defender)
        held = st.hands[nxt].bit_count()
        if would > b.limit:
            return "limit", f"cannot {verb}: the bout holds at most {b.limit} attack cards (RULES.md §13.4 rule 4)", {}
        return ("capacity", f"cannot {verb}: {_seat(nxt)} holds {_cards(held)} and the attack would be {would} "
                f"(RULES.md §13.4 rule 2)", {"seat": _seat(nxt), "held": str(held), "attack": str(would)})
    return "illegal", f"{a} is not legal now", {}


def _limit(st: "DurakState") -> tuple[str, str, dict[str, str]]:
    b = st.bout
    assert b is not None
    if len(b.attack) >= b.limit:
        return ("bout_limit", f"the bout already holds {b.limit} attack cards (RULES.md §13.4 rule 4)",
                {"limit": str(b.limit)})
    held = st.hands[b.defender].bit_count()
    return ("unbeaten_limit", f"{_seat(b.defender)} holds {_cards(held)} and {len(b.unbeaten)} "
            f"{'is' if len(b.unbeaten) == 1 else 'are'} unbeaten: no more attack cards (RULES.md §13.4 rule 4)",
            {"seat": _seat(b.defender), "held": str(held)})
