"""Measuring for the benchmarks: :func:`rate`, calls per second of one piece of work."""

from __future__ import annotations

import time
from typing import Callable


def rate(fn: Callable[[int], None], seconds: float) -> float:
    """Calls of ``fn(i)`` per second (i = 0, 1, …) over about ``seconds`` of wall time, after
    one untimed call (warm-up: imports, caches, compiled kernels)."""
    fn(0)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn(n)
        n += 1
    return n / (time.perf_counter() - start)


__all__ = ["rate"]
