"""Bots for any game: the interface (:class:`Bot`), a random bot, and the
bots of each game by name (``make_bot``), found through :mod:`joker.registry`.

``BOTS`` and ``TIMED`` are the default game's (Joker's) names, kept for callers
that play only Joker."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from joker import registry
from joker.errors import JokerError

from .base import Bot
from .random_bot import RandomBot


def bots_of(game: str | None = None) -> Mapping[str, Callable[..., Bot]]:
    """The bot factories of ``game`` (``None``: the default game) by name."""
    return registry.game(game).bots()


def timed_of(game: str | None = None) -> frozenset[str]:
    """The names of ``game``'s bots that take a time cap per decision."""
    return registry.game(game).timed_bots()


LEVELS = ("easy", "medium", "hard")
"""The bot levels people choose from, weakest first (each game's bots name them)."""


def offered(game: str | None = None) -> list[str]:
    """``game``'s bots as a menu offers them: each bot once (names sharing one
    factory are one bot), by its level name when it has one (``easy`` rather
    than its alias ``heuristic``); the levels first, weakest first, then the
    other bots in the game's order.  The aliases stay valid names for
    :func:`make_bot` and the command line."""
    bots = bots_of(game)
    levels = [n for n in LEVELS if n in bots]
    taken = {id(bots[n]) for n in levels}
    others = []
    for name, factory in bots.items():
        if id(factory) not in taken:
            taken.add(id(factory))
            others.append(name)
    return levels + others


def parse_bot_name(name: str, game: str | None = None) -> tuple[str, float | None]:
    """``"search@40ms"`` → ``("search", 0.04)``; ``"heuristic"`` → ``("heuristic", None)``.
    The time after ``@`` is in ``ms`` or ``s`` (a bare number: seconds), for the bots
    with a time cap only (:func:`timed_of`).  Raises :class:`JokerError` naming the problem."""
    bots, timed = bots_of(game), timed_of(game)
    base, at, cap = name.partition("@")
    if base not in bots:
        raise JokerError(f"unknown bot {base!r}; bots: {', '.join(bots)}")
    if not at:
        return base, None
    if base not in timed:
        raise JokerError(f"bot {base!r} has no time cap to set; bots with one: {', '.join(sorted(timed))}")
    text = cap.strip().lower()
    scale = 0.001 if text.endswith("ms") else 1.0
    try:
        seconds = float(text.removesuffix("ms").removesuffix("s")) * scale
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise JokerError(f"bad time per decision {cap!r} in {name!r}: use e.g. {base}@40ms or {base}@0.5s")
    return base, seconds


def make_bot(name: str, seed: int | str | None = None, game: str | None = None) -> Bot:
    """A new bot of ``game`` called ``name``, optionally with a time cap per
    decision (:func:`parse_bot_name`).  Raises :class:`JokerError` listing the
    names, or naming a bad time."""
    base, seconds = parse_bot_name(name, game)
    factory = bots_of(game)[base]
    bot: Bot = factory(seed) if seconds is None else factory(seed, seconds)
    return bot


def __getattr__(name: str) -> Any:
    if name == "BOTS":
        return bots_of()
    if name == "TIMED":
        return timed_of()
    raise AttributeError(name)


__all__ = ["Bot", "RandomBot", "bots_of", "make_bot", "parse_bot_name", "timed_of"]
