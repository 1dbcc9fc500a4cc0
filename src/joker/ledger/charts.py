"""Charts (matplotlib, PNG or SVG by the file's extension): a game's
cumulative score per player, with block boundaries (where the rules' deal
specs end each block), premiums, cuts and fines marked; and the cup points of
a season, day by day.

Labels are in English or Russian (:data:`LABELS`, ``lang``), as the CLI's
``--lang`` and the web page's language ask.

Figures are built with :class:`matplotlib.figure.Figure` directly (no
``pyplot``, no global backend switch), so this works without a display.
The numbers come from the engine: deal scores from the game's results,
premiums and cuts from :func:`joker.games.joker.scoring.block_summaries`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .stats import CupSeason
from .values import GameView

if TYPE_CHECKING:  # matplotlib is imported only when a chart is drawn
    from matplotlib.figure import Figure

COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
FORMATS = (".png", ".svg")

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "block": "block {n}", "premium": "premium +{v}", "cut": "cut −{v}", "fine": "fine −{v}",
        "deal": "deal", "score": "cumulative score", "game": "Game {id} — {date} #{number} — {rules}{state}",
        "state": " ({state}, {played} deals)", "open": "open", "abandoned": "abandoned",
        "player_total": "player · total", "cup_title": "Cup points",
        "cup_x": "game day (ringed: that day's cup holder)", "cup_y": "cumulative cup points",
        "player_points": "player · points", "no_cup_day": "no contested game day yet",
    },
    "ru": {
        "block": "блок {n}", "premium": "премия +{v}", "cut": "срезка −{v}", "fine": "штраф −{v}",
        "deal": "раздача", "score": "сумма очков", "game": "Партия {id} — {date} №{number} — {rules}{state}",
        "state": " ({state}, раздач: {played})", "open": "идёт", "abandoned": "брошена",
        "player_total": "игрок · итого", "cup_title": "Очки кубка",
        "cup_x": "игровой день (в кольце: взявший кубок)", "cup_y": "очки кубка нарастающим итогом",
        "player_points": "игрок · очки", "no_cup_day": "игровых дней с зачётом пока нет",
    },
}
"""The charts' words by language (a test keeps both languages' keys and placeholders equal)."""


def _words(lang: str) -> dict[str, str]:
    if lang not in LABELS:
        raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LABELS)}")
    return LABELS[lang]


def _check(path: str | Path) -> None:
    if Path(path).suffix.lower() not in FORMATS:
        raise ValueError(f"a chart is saved as .png or .svg, not {Path(path).suffix or 'no extension'}")


def _figure() -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(11, 6), dpi=110, layout="constrained")


def _save(fig: Figure, path: str | Path) -> Path:
    path = Path(path)
    _check(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    return path


def game_series(view: GameView) -> tuple[list[float], list[list[int]]]:
    """x positions and per-seat cumulative totals: one point per deal (its score
    and any fine given in it), plus one just after each complete block's last deal
    with its premiums and cuts.  The last value of each seat is its game total."""
    n = len(view.players)
    blocks = {b.block: b for b in view.blocks}
    fines_at: dict[int | None, list[int]] = {}
    for p in view.penalties:
        if p.value:
            fines_at.setdefault(p.deal, [0] * n)[p.seat] += p.value
    xs: list[float] = [0]
    cum = [0] * n
    ys = [[0] for _ in range(n)]
    results = view.results
    for i, r in enumerate(results):
        for s in range(n):
            cum[s] += r.scores[s] + fines_at.get(r.index + 1, [0] * n)[s]
            ys[s].append(cum[s])
        xs.append(r.index + 1)
        last = i + 1 == len(results) or results[i + 1].spec.block != r.spec.block
        b = blocks[r.spec.block]
        if last and b.complete and (any(b.premium) or any(b.cut)):
            for s in range(n):
                cum[s] += b.premium[s] - b.cut[s]
                ys[s].append(cum[s])
            xs.append(r.index + 1.4)
    # fines outside a deal, or in the deal still being played: at the end
    rest = [0] * n
    for key, vals in fines_at.items():
        if key is None or key > len(results):
            rest = [a + v for a, v in zip(rest, vals)]
    if any(rest):
        for s in range(n):
            cum[s] += rest[s]
            ys[s].append(cum[s])
        xs.append(xs[-1] + 0.4)
    return xs, ys


def block_spans(view: GameView) -> dict[int, tuple[int, int]]:
    """Each block of the game's rules (0-based) and its first and last deal
    numbers (1-based), from the rules' deal specs — not from the deals played so
    far: block 1 of bus-angeles is deals 1..8 even when only 5 are entered."""
    spans: dict[int, tuple[int, int]] = {}
    for number, spec in enumerate(view.rules.deals, start=1):
        first, _ = spans.get(spec.block, (number, number))
        spans[spec.block] = (first, number)
    return spans


def game_chart(view: GameView, path: str | Path, lang: str = "en") -> Path:
    """Cumulative score per player over the game's deals (see :func:`game_figure`), saved to ``path``
    (``ValueError`` for another extension than .png/.svg or an unknown ``lang``)."""
    _check(path)
    return _save(game_figure(view, lang), path)


def game_figure(view: GameView, lang: str = "en") -> Figure:
    """The figure of :func:`game_chart`: a line per player; each begun block
    labelled over its deals; a dashed line after each complete block that is not
    the last (where the rules end it: :func:`block_spans`; an unfinished block has
    no end line yet), just after its premiums ★ and cuts ▼; fines ✕."""
    w = _words(lang)
    fig = _figure()
    ax = fig.add_subplot()
    xs, ys = game_series(view)
    n = len(view.players)
    for s in range(n):
        ax.plot(xs, ys[s], color=COLORS[s % len(COLORS)], lw=2.2, marker="o", ms=3.2,
                label=f"{view.players[s]} · {view.totals[s]}")
    top = max(max(y) for y in ys)
    bottom = min(min(y) for y in ys)
    span = max(top - bottom, 1)
    # block boundaries and labels
    spans = block_spans(view)
    for b in view.blocks:
        first, last = spans[b.block]
        if b.complete and last < len(view.rules.deals):
            ax.axvline(last + 0.5 + (0.4 if any(b.premium) or any(b.cut) else 0), color="0.55", ls="--", lw=1)
        ax.text((first + last) / 2, top + 0.06 * span, w["block"].format(n=b.block + 1), ha="center", va="bottom",
                fontsize=10, color="0.3")
        # premiums (★) and cuts (▼), labelled
        if b.complete:
            x_after = last + 0.4
            k = xs.index(x_after) if x_after in xs else None
            for s in range(n):
                if k is None:
                    continue
                color = COLORS[s % len(COLORS)]
                if b.premium[s]:
                    ax.plot([x_after], [ys[s][k]], marker="*", ms=17, color=color, mec="black", mew=0.8, zorder=5)
                    ax.annotate(w["premium"].format(v=b.premium[s]), (x_after, ys[s][k]), xytext=(6, 8),
                                textcoords="offset points", fontsize=9, color=color, weight="bold")
                if b.cut[s]:
                    ax.plot([x_after], [ys[s][k]], marker="v", ms=10, color=color, mec="black", mew=0.8, zorder=5)
                    ax.annotate(w["cut"].format(v=b.cut[s]), (x_after, ys[s][k]), xytext=(6, -14),
                                textcoords="offset points", fontsize=9, color=color)
    # fines (✕)
    for p in view.penalties:
        if not p.value or p.deal is None or p.deal > len(view.results):
            continue
        k = xs.index(p.deal)
        color = COLORS[p.seat % len(COLORS)]
        ax.plot([p.deal], [ys[p.seat][k]], marker="X", ms=11, color=color, mec="black", mew=0.8, zorder=5)
        ax.annotate(w["fine"].format(v=abs(p.value)), (p.deal, ys[p.seat][k]), xytext=(5, -14), textcoords="offset points",
                    fontsize=9, color=color)
    ax.axhline(0, color="0.75", lw=0.8)
    ax.set_xlim(0, max(xs[-1], len(view.rules.deals)) + 1)
    ax.set_ylim(bottom - 0.08 * span, top + 0.16 * span)
    ax.set_xticks(range(1, len(view.rules.deals) + 1))
    ax.tick_params(axis="x", labelsize=8)
    ax.set_xlabel(w["deal"])
    ax.set_ylabel(w["score"])
    state = "" if view.state == "finished" else w["state"].format(state=w.get(view.state, view.state),
                                                                  played=len(view.results))
    ax.set_title(w["game"].format(id=view.id, date=view.date, number=view.number, rules=view.rules, state=state),
                 fontsize=12)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=True, fontsize=10, title=w["player_total"])
    return fig


def cup_chart(season: CupSeason, path: str | Path, title: str | None = None, lang: str = "en") -> Path:
    """Cumulative cup points per player over a season's game days; the day's cup holder is ringed.
    ``title``: default "Cup points" in ``lang``.  ``ValueError`` for another extension than .png/.svg
    or an unknown ``lang``."""
    _check(path)
    w = _words(lang)
    fig = _figure()
    ax = fig.add_subplot()
    xs = list(range(1, len(season.dates) + 1))
    for k, name in enumerate(season.players):
        color = COLORS[k % len(COLORS)]
        ys = season.cumulative[name]
        ax.plot(xs, ys, color=color, lw=2.2, marker="o", ms=4, label=f"{name} · {ys[-1] if ys else 0}")
        for x, y, holder in zip(xs, ys, season.holders):
            if holder == name:
                ax.plot([x], [y], marker="o", ms=15, mfc="none", mec=color, mew=2.2, zorder=5)
    ax.set_xticks(xs)
    ax.set_xticklabels([d.isoformat() for d in season.dates], rotation=30, ha="right", fontsize=8)
    ax.set_xlabel(w["cup_x"])
    ax.set_ylabel(w["cup_y"])
    ax.set_title(w["cup_title"] if title is None else title, fontsize=12)
    ax.grid(True, axis="y", alpha=0.3)
    if season.players:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=10, title=w["player_points"])
    else:
        ax.text(0.5, 0.5, w["no_cup_day"], ha="center", va="center", transform=ax.transAxes)
    return _save(fig, path)
