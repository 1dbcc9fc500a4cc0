"""The score sheet as players keep it on paper: a row per deal, block
subtotals with premiums and cuts, fines, totals (RULES.md §8–§11).

A plain data model, rendered by the terminal (``joker.cli.render``), the
web app and the scorekeeper alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from joker.cards import suit_symbol
from .rules import DealKind, Rules
from .scoring import BlockSummary, DealResult, block_summaries, places


@dataclass(frozen=True)
class SheetRow:
    """One row: ``kind`` is ``deal``, ``block``, ``fines`` or ``total``.

    Deal rows: ``label`` is the deal number, ``cards`` the deal size (with a
    kind mark such as "9 dark"), ``dealer`` 0-based, ``trump`` a symbol or
    "NT", ``bids``/``tricks``/``scores`` per seat.  Block rows: ``scores`` are
    block totals, ``premium`` and ``cut`` per seat.  Fines and total rows use
    ``scores`` only.
    """

    kind: str
    label: str
    scores: tuple[int, ...]
    cards: str = ""
    dealer: int | None = None
    trump: str = ""
    bids: tuple[int | None, ...] | None = None
    tricks: tuple[int, ...] | None = None
    premium: tuple[int, ...] | None = None
    cut: tuple[int, ...] | None = None


def build_sheet(rules: Rules, results: Sequence[DealResult], fines: Sequence[int] | None = None) -> list[SheetRow]:
    """Rows of the sheet for the finished deals ``results`` and per-seat
    ``fines`` (sums, negative), ending with a ``total`` row (RULES.md §10)."""
    n = rules.players
    rows: list[SheetRow] = []
    summaries = {b.block: b for b in block_summaries(rules, results)}
    grand = [0] * n
    for i, r in enumerate(results):
        spec = r.spec
        size = str(spec.cards) if spec.kind is DealKind.NORMAL else f"{spec.cards} {spec.kind.value}"
        rotating = rules.trumps_rotate(spec)
        rows.append(
            SheetRow("deal", str(r.index + 1), r.scores, size, r.dealer, "↻" if rotating else suit_symbol(r.trump),
                     r.bids if r.bids is not None else (None,) * n, r.tricks)
        )
        last_of_block = i + 1 == len(results) or results[i + 1].spec.block != spec.block
        if last_of_block:
            b: BlockSummary = summaries[spec.block]
            for s in range(n):
                grand[s] += b.total[s]
            rows.append(SheetRow("block", f"block {spec.block + 1}", b.total, premium=b.premium, cut=b.cut))
    if fines is not None and any(fines):
        rows.append(SheetRow("fines", "fines", tuple(fines)))
        grand = [g + f for g, f in zip(grand, fines)]
    rows.append(SheetRow("total", "total", tuple(grand)))
    return rows


def standings_rows(totals: Sequence[int]) -> list[tuple[int, int, int]]:
    """``(place, seat, total)`` sorted by place; equal totals share the better place."""
    pl = places(totals)
    return sorted(((pl[s], s, totals[s]) for s in range(len(totals))), key=lambda x: (x[0], x[1]))
