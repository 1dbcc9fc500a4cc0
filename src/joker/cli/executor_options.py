"""The options saying where ``joker arena``'s and ``joker simulate``'s games run:
``--ray`` and ``--ray-address`` (with each command's own ``--workers``).

Both commands take these option objects as parameter defaults and pass the values
to :func:`executor_of`; where the games run is :mod:`joker.match.executors`.
"""

from __future__ import annotations

from typing import Optional

import typer

from joker.match.executors import Executor, executor_for

RAY = typer.Option(
    False, "--ray",
    help="Run every game as a Ray task: on a local Ray (of --workers CPUs, default every core), or on the Ray "
         "of $RAY_ADDRESS or --ray-address; same results as without. Needs pip install 'joker[ray]'.",
)
RAY_ADDRESS = typer.Option(
    None, "--ray-address", metavar="ADDRESS",
    help="The Ray cluster to run on (implies --ray), e.g. ray://head:10001 or auto (the one `ray start` "
         "started here).",
)


def executor_of(workers: Optional[int], ray: bool, address: Optional[str],
                pool_default: Optional[int] = None) -> Executor:
    """The executor of the options: Ray with ``--ray`` or ``--ray-address`` (a local
    one of ``workers`` CPUs, default every core), else ``workers`` processes
    (default ``pool_default``, else the CPU count; 1: this process).  Raises
    :class:`~joker.errors.JokerError` when Ray is asked for and not installed
    (naming the extra)."""
    ray = ray or bool(address)
    return executor_for(workers if workers is not None or ray else pool_default, ray, address)
