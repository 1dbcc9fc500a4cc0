"""What every game's RL adapters share (docs/environments.md): an observation
is one flat float32 vector of named segments (:class:`SegmentTable`), and
the decisions are one flat space of integer ids (:class:`ActionIds`) cut into
named ranges (:class:`ActionSegment`).  Each game says what its segments and
ids are (``joker.games.<game>.rl``); the bookkeeping — offsets, splitting a
tensor, the describing table, decoding ids, legal masks, errors naming the
problem — is written here once.

Needs numpy (the ``rl`` extra); only RL code imports this module.

>>> t = SegmentTable([("phase", (3,), "a, b, c"), ("hand", (2, 4), "per seat: cards")])
>>> t.size, t.offset("hand")
(11, 3)
>>> print(t.describe())
segment        offset  size  shape
phase               0     3  3
hand                3     8  2x4
total                    11
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import Any, Callable, Generic, Iterable, NoReturn, Sequence, TypeVar

import numpy as np
import numpy.typing as npt

from joker.errors import JokerError

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Segment:
    """One named part of an observation tensor: ``shape``; its ``size`` values start at ``offset``."""

    name: str
    shape: tuple[int, ...]
    offset: int
    doc: str

    @property
    def size(self) -> int:
        """The number of values (the product of ``shape``)."""
        return prod(self.shape)


class SegmentTable:
    """Segments laid end to end from ``table`` rows ``(name, shape, doc)``: ``segments``,
    ``size`` (the tensor length), ``low``/``high`` (per-value bounds, 0 and 1 unless a game
    widens a segment with :meth:`bound`)."""

    def __init__(self, table: Iterable[tuple[str, tuple[int, ...], str]]) -> None:
        segs: list[Segment] = []
        offset = 0
        for name, shape, doc in table:
            seg = Segment(name, shape, offset, doc)
            segs.append(seg)
            offset += seg.size
        self.segments: tuple[Segment, ...] = tuple(segs)
        self.size = offset
        self._by_name = {s.name: s for s in segs}
        self.low: npt.NDArray[np.float32] = np.zeros(self.size, dtype=np.float32)
        self.high: npt.NDArray[np.float32] = np.ones(self.size, dtype=np.float32)

    def segment(self, name: str) -> Segment:
        """The segment ``name``.  Raises ``KeyError`` naming the segments."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no segment {name!r}; segments: {', '.join(self._by_name)}") from None

    def offset(self, name: str) -> int:
        """Where segment ``name`` starts.  Raises ``KeyError`` naming the segments."""
        return self.segment(name).offset

    def offsets(self) -> dict[str, int]:
        """``{name: offset}`` of every segment (for an encoder's inner loop)."""
        return {s.name: s.offset for s in self.segments}

    def bound(self, name: str, low: float, high: float) -> None:
        """Set the bounds of every value of segment ``name``."""
        s = self.segment(name)
        self.low[s.offset:s.offset + s.size] = low
        self.high[s.offset:s.offset + s.size] = high

    def split(self, tensor: npt.NDArray[Any]) -> dict[str, npt.NDArray[Any]]:
        """Views of ``tensor`` per segment, reshaped to the segment's shape (no copy).
        Raises ``ValueError`` for a tensor of another shape."""
        if tensor.shape != (self.size,):
            raise ValueError(f"tensor of shape {tensor.shape}, expected ({self.size},)")
        return {s.name: tensor[s.offset:s.offset + s.size].reshape(s.shape) for s in self.segments}

    def describe(self) -> str:
        """A plain-text table of the segments with their offsets, sizes and shapes."""
        rows = [(s.name, str(s.offset), str(s.size), "x".join(map(str, s.shape))) for s in self.segments]
        return _table(("segment", "offset", "size", "shape"), rows, self.size)


@dataclass(frozen=True, slots=True)
class ActionSegment:
    """One kind of decision in a flat action space: ids ``offset`` … ``offset + size − 1``."""

    name: str
    offset: int
    size: int
    doc: str


class ActionIds(Generic[A]):
    """A flat action space: ``actions[i]`` is the action of id ``i``; ``size`` ids.

    A game's codec sets :attr:`segments` and calls ``__init__`` with its actions and its
    notation's reader; it overrides :meth:`refuse` to say why a value has no id."""

    segments: Sequence[ActionSegment] = ()

    def __init__(self, actions: Sequence[A], parse: Callable[[str], A]) -> None:
        self._actions = tuple(actions)
        self._index: dict[A, int] = {a: i for i, a in enumerate(self._actions)}
        self._parse = parse
        self.size = len(self._actions)

    def refuse(self, action: Any) -> NoReturn:
        """Raise the :class:`JokerError` saying why ``action`` has no id."""
        raise JokerError(f"not an action: {action!r}")

    def encode(self, action: A) -> int:
        """The id of ``action``.  Raises :class:`JokerError` (:meth:`refuse`) for a value without one."""
        try:
            return self._index[action]
        except (KeyError, TypeError):
            self.refuse(action)

    def decode(self, action_id: Any) -> A:
        """The action of id ``action_id`` (an int, numpy ints included).
        Raises :class:`JokerError` for anything else or an id outside ``0 … size − 1``."""
        if isinstance(action_id, (bool, np.bool_)) or not isinstance(action_id, (int, np.integer)):
            raise JokerError(f"action id must be an integer, not {action_id!r}")
        i = int(action_id)
        if not 0 <= i < self.size:
            raise JokerError(f"action id {action_id!r} is outside 0..{self.size - 1}")
        return self._actions[i]

    def action_to_string(self, action_id: Any) -> str:
        """The notation of the action with id ``action_id``."""
        return str(self.decode(action_id))

    def string_to_action(self, text: str) -> int:
        """The id of the action written ``text`` (the game's lenient reader).
        Raises :class:`~joker.errors.InvalidNotationError` or :class:`JokerError`."""
        return self.encode(self._parse(text))

    def _legal(self, legal: Any) -> Iterable[A]:
        acts: Iterable[A] = getattr(legal, "legal_actions", legal)
        return acts

    def legal_ids(self, legal: Any) -> list[int]:
        """The sorted ids of the legal actions of a view (anything with ``legal_actions``) or of
        an action list."""
        return sorted(self._index[a] for a in self._legal(legal))

    def mask(self, legal: Any, dtype: type = np.int8) -> npt.NDArray[Any]:
        """A fresh ``(size,)`` array with 1 at the legal ids, 0 elsewhere (int8 by default)."""
        m: npt.NDArray[Any] = np.zeros(self.size, dtype=dtype)
        for a in self._legal(legal):
            m[self._index[a]] = 1
        return m

    def describe(self) -> str:
        """A plain-text table of the layout (for ``--help`` texts and docs)."""
        rows = [(s.name, str(s.offset), str(s.size), s.doc) for s in self.segments]
        return _table(("segment", "offset", "size", "actions"), rows, self.size)


def _table(head: tuple[str, str, str, str], rows: Sequence[tuple[str, str, str, str]], total: int) -> str:
    width = max([14] + [len(r[0]) + 1 for r in rows])
    lines = [f"{head[0]:<{width}}{head[1]:>7}{head[2]:>6}  {head[3]}"]
    lines += [f"{a:<{width}}{b:>7}{c:>6}  {d}" for a, b, c, d in rows]
    lines.append(f"{'total':<{width}}{'':>7}{total:>6}")
    return "\n".join(lines)


__all__ = ["ActionIds", "ActionSegment", "Segment", "SegmentTable"]
