"""The ``ansi``/``human`` render modes shared by the Gymnasium and PettingZoo
adapters; the picture itself is the game's (its RL plug-in's ``render``)."""

from __future__ import annotations


def render_mode_output(render_mode: str | None, text: str | None) -> str | None:
    """What an adapter's ``render()`` does with the table's ``text`` (``None``
    before ``reset()``): ``ansi`` returns it, ``human`` prints it, no mode warns
    and returns None."""
    if render_mode is None:
        import gymnasium

        gymnasium.logger.warn("render() called without a render_mode (use render_mode='ansi' or 'human')")
        return None
    text = "(reset() first)" if text is None else text
    if render_mode == "ansi":
        return text
    print(text)
    return None
