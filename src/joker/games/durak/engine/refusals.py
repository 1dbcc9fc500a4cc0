"""Why an action is refused: the rule it breaks and the legal alternatives
(RULES.md §13.4–§13.5).

:func:`refusal` builds the :class:`DurakRefusal` that
:meth:`~.state.DurakState.apply` raises: a coded error (:mod:`joker.errors`)
whose ``code`` names a text of the ``durak`` catalogue (:mod:`joker.i18n.durak`,
English and Russian) and whose ``params`` (text) fill it, so an interface can
say it in its own language.  Seats are named 1-based.
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


class DurakRefusal(IllegalActionError):
    """An illegal Durak action (RULES.md §13.4–§13.5): ``DurakRefusal(code, **params)``."""

    catalogue = "durak"


def refusal(state: "DurakState", action: Action, legal: Sequence[Action]) -> IllegalActionError:
    """The error for ``action``, which is not in ``legal`` (the state's legal actions)."""
    code, params = _why(state, action)
    return DurakRefusal(code, action=str(action), legal=" ".join(str(a) for a in legal), **params)


def _why(st: "DurakState", a: Action) -> tuple[str, dict[str, str]]:
    b, p = st.bout, st.current_player
    if b is None or p is None:
        return "game_over", {}
    who = str(p + 1)
    hand = st.hands[p]
    phase = st.phase
    card: Card | None = getattr(a, "card", None)
    if card is not None and not hand >> card & 1:
        return "not_held", {"seat": who, "card": format_card(card)}
    if isinstance(a, Attack):
        c = a.card
        if phase is Phase.DEFEND:
            return "defending", {"seat": who}
        if is_joker(c):
            return "joker_attack", {}
        if phase is Phase.ADD and rank_of(c) != rank_of(b.attack[0]):
            return "add_rank", {"card": format_card(c), "rank": _RANK_NAMES[rank_of(b.attack[0]) or 0]}
        if phase is Phase.THROW and rank_of(c) not in b.ranks:
            return "throw_rank", {"card": format_card(c)}
        return _limit(st)
    if a is DONE or a is PASS:
        return ("done_now" if a is DONE else "pass_now"), {"seat": who}
    if phase is not Phase.DEFEND:
        return "not_defending", {"seat": who}
    if a is TAKE:
        return "take_now", {"seat": who}
    if isinstance(a, Beat):
        c, t = a.card, a.target
        if t not in b.unbeaten:
            return "no_target", {"target": format_card(t)}
        if not beats(c, t, st.trump):
            return "too_low", {"card": format_card(c), "target": format_card(t)}
        nxt = st.left_of(b.defender)
        return "joker_shoulder", {"card": format_card(c), "passed": str(len(b.unbeaten) - 1), "seat": str(nxt + 1),
                                  "held": str(st.hands[nxt].bit_count())}
    if isinstance(a, (Transfer, Show)):
        verb = "transfer" if isinstance(a, Transfer) else "show"
        c = a.card
        if is_joker(c):
            return "joker_transfer", {}
        if b.passed_on:
            return f"passed_on_{verb}", {}
        if not st.may_transfer():
            return f"beaten_{verb}", {}
        if rank_of(c) != rank_of(b.attack[0]):
            return f"rank_{verb}", {"card": format_card(c), "rank": _RANK_NAMES[rank_of(b.attack[0]) or 0]}
        if isinstance(a, Show):
            if not is_trump(c, st.trump):
                return "not_trump", {"card": format_card(c)}
            opt = st.rules.show_trump.value
            if opt == "off":
                return "show_off", {}
            return "shown", {"card": format_card(c), "option": opt}
        would = len(b.attack) + (1 if isinstance(a, Transfer) else 0)
        nxt = st.left_of(b.defender)
        if would > b.limit:
            return f"limit_{verb}", {"limit": str(b.limit)}
        return f"capacity_{verb}", {"seat": str(nxt + 1), "held": str(st.hands[nxt].bit_count()),
                                    "attack": str(would)}
    return "illegal", {}


def _limit(st: "DurakState") -> tuple[str, dict[str, str]]:
    b = st.bout
    assert b is not None
    if len(b.attack) >= b.limit:
        return "bout_limit", {"limit": str(b.limit)}
    return "unbeaten_limit", {"seat": str(b.defender + 1), "held": str(st.hands[b.defender].bit_count()),
                              "unbeaten": str(len(b.unbeaten))}
