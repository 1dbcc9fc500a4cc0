"""Where Joker's numba kernels are cached on disk, and the ``njit`` they are compiled with.

Every compiled module (:data:`KERNEL_SOURCES`) takes ``njit`` from here, so
numba's cache directory is set before its first kernel is decorated
(numba picks a function's cache location when it is decorated).  Compiling
every kernel takes a minute or more of CPU; :mod:`.warm` does it once, ahead
(``joker warmup``, run by ``make install``; ``joker serve`` at start), and
every later process loads the machine code from the cache in about a second.

The cache directory (:func:`cache_dir`):

* ``$NUMBA_CACHE_DIR`` when the user sets it (numba's own variable), as is;
* else ``<base>/numba-<key>``, ``<base>`` being ``$JOKER_CACHE_DIR``, else
  ``<venv>/var/cache/joker`` when Python runs in a virtual environment it may
  write to (``make install``'s ``.venv``: ``make clean`` removes it with the
  venv), else the user's cache directory (``platformdirs.user_cache_dir("joker")``:
  ``~/.cache/joker`` on Linux) — never the source
  tree, which may be read-only.  ``<key>`` hashes the kernels' sources and
  numba's version: numba checks only a function's own file, not the
  ``inline="always"`` helpers it took from another file, so a change to any
  kernel source starts a fresh directory (:func:`prune` removes old ones).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

import numba
import platformdirs
from numba import njit

__all__ = ["KERNEL_SOURCES", "KEEP_OTHERS", "cache_dir", "njit", "prune"]

HERE = Path(__file__).resolve().parent

KERNEL_SOURCES: tuple[str, ...] = (
    "fastpath/kernels.py",
    "fastpath/policy.py",
    "solver/kernels.py",
    "bots/sampler.py",
)
"""The files (relative to this package) whose functions are compiled with numba; their
text makes the cache key (``tests/test_warm.py`` checks every ``njit`` user is listed)."""

ENV_BASE = "JOKER_CACHE_DIR"
"""The variable naming the cache base directory (see the module doc)."""


def cache_key() -> str:
    """16 hex digits: a hash of :data:`KERNEL_SOURCES`' text and numba's version."""
    h = hashlib.sha256(numba.__version__.encode())
    for name in KERNEL_SOURCES:
        h.update(name.encode())
        h.update((HERE / name).read_bytes())
    return h.hexdigest()[:16]


def _base() -> Path:
    explicit = os.environ.get(ENV_BASE)
    if explicit:
        return Path(explicit).expanduser()
    prefix = Path(sys.prefix)
    if sys.prefix != sys.base_prefix and os.access(prefix, os.W_OK):
        return prefix / "var" / "cache" / "joker"
    return Path(platformdirs.user_cache_dir("joker"))


def cache_dir() -> Path:
    """The directory numba caches Joker's kernels in (see the module doc); not created here."""
    user = os.environ.get("NUMBA_CACHE_DIR")
    if user:
        return Path(user).expanduser()
    return _base() / f"numba-{cache_key()}"


KEEP_OTHERS = 3
"""How many caches of other kernel sources :func:`prune` keeps (the most recently warmed):
checkouts sharing one environment (a branch and main) do not wipe each other's."""


def prune() -> list[Path]:
    """Mark the current cache directory as just used, and remove the caches of other
    kernel sources beside it (``numba-*``) but the :data:`KEEP_OTHERS` most recently
    used; returns those removed.  Nothing is removed when ``$NUMBA_CACHE_DIR`` is set
    (the user's directory is the user's)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return []
    current = cache_dir()
    if current.is_dir():
        os.utime(current)
    others = sorted((p for p in current.parent.glob("numba-*") if p.is_dir() and p != current),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    gone = others[KEEP_OTHERS:]
    for p in gone:
        shutil.rmtree(p, ignore_errors=True)
    return gone


CACHE_DIR = cache_dir()
"""This process's kernel cache directory."""

WARMED = CACHE_DIR / f"warmed-py{sys.version_info[0]}{sys.version_info[1]}"
"""Written by the warm-up when every step has run (:mod:`.warm`): this cache holds every
kernel the bots need for this Python (numba's cache files are per Python version)."""

# read by numba's cache locator when a cache=True function is decorated (set from the environment, so untyped)
setattr(numba.config, "CACHE_DIR", str(CACHE_DIR))
