"""The one-line texts of ``joker ledger``: the deal being entered, what a
scored deal gave, the players with their seats or values, a game's state and
an error — every text from :mod:`joker.i18n.scorekeeper` in the keeper's
language (``tr``).  Plain strings, no Rich: the commands that enter a deal
print only these, through ``typer.echo``, and start without importing Rich
(:mod:`.render` lays out the sheet and the tables).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from joker.i18n import Tr, message

if TYPE_CHECKING:  # the ledger's values are only read here
    from joker.games.joker.scoring import DealResult
    from joker.ledger import CurrentDeal, GameView


def error_text(tr: Tr, e: Exception) -> str:
    """An error in ``tr``'s language: the ledger's from its code and fields, the
    engine's refusals from their reason (:func:`joker.i18n.message`);
    any other (the rules' parser, a chart's file name) in English, as it is."""
    return message(e, tr.lang)


def scores_text(v: "GameView", values: Sequence[object]) -> str:
    """``Бутка +100, Печун -10, …``: each player's name and his value (``values`` per seat)."""
    return ", ".join(f"{v.players[s]} {values[s]}" for s in range(len(v.players)))


def seats_text(v: "GameView") -> str:
    """``1. Бутка, 2. Печун, …``: the players in seat order, seats counted from 1 (RULES.md §3)."""
    return ", ".join(f"{i + 1}. {p}" for i, p in enumerate(v.players))


def state_text(tr: Tr, state: str) -> str:
    """A game's state (``open``, ``finished``, ``abandoned``) in ``tr``'s language."""
    return tr(f"state_{state}")


def _trump_text(tr: Tr, t: Optional[str]) -> str:
    return {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "N": tr("trump_none")}.get(t or "", "?")


def current_text(tr: Tr, v: "GameView", cur: "CurrentDeal") -> str:
    """Who deals, who bids first, what is entered, which bid the dealer may not say."""
    head = tr("cur_deal", number=cur.number, deals=len(v.rules.deals), cards=tr.cards(cur.cards), block=cur.block)
    if cur.attempt > 1:
        head += tr("cur_attempt", attempt=cur.attempt)
    if cur.kind != "normal":
        head += f", {tr(f'kind_{cur.kind}')}"
    who = tr("cur_dealer", dealer=v.players[cur.dealer], first=v.players[cur.first_hand])
    if cur.trump_chooser is not None:
        who += tr("cur_chooser")
    parts = [head, who]
    if cur.trump is not None:
        parts.append(tr("cur_trump", suit=_trump_text(tr, cur.trump)))
    if cur.needs_bids and any(b is not None for b in cur.bids):
        said = ", ".join(f"{v.players[s]} {cur.bids[s]}" for s in cur.bid_order if cur.bids[s] is not None)
        parts.append(tr("cur_bids", said=said))
    if cur.forbidden is not None and cur.bids[cur.dealer] is None:
        parts.append(tr("cur_forbidden", dealer=v.players[cur.dealer], bid=cur.forbidden))
    return " · ".join(parts)


def scored_text(tr: Tr, v: "GameView", r: "DealResult") -> str:
    """What a scored deal gave each player (``r``: the deal's result, 0-based ``index``)."""
    return tr("scored", number=r.index + 1, scores=scores_text(v, [f"{x:+d}" for x in r.scores]))
