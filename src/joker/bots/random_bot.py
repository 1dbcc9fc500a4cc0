"""A bot that plays a uniformly random legal action (seeded), for any game."""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    """Uniformly random legal actions from its own ``random.Random(seed)``."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Any:
        """A random element of ``view.legal_actions``."""
        return self.rng.choice(view.legal_actions)
