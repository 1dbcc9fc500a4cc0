"""The command words every terminal game's prompt understands, compared with
the lower-cased line ("й": "q" typed with a Russian keyboard layout), and
:class:`BadInput`, raised by a game's reader for text that names no action.
A game adds its own words (Joker's ``s``: the sheet; Durak's ``h``: a hint)."""

from __future__ import annotations

QUIT_WORDS = frozenset({"q", "quit", "exit", "выход", "й"})
HELP_WORDS = frozenset({"help", "помощь", "/?"})
LEGAL_WORDS = frozenset({"?", "legal", "??"})
HINT_WORDS = frozenset({"hint", "подсказка", "совет"})
REDRAW_WORDS = frozenset({"r", "redraw", "screen"})


class BadInput(Exception):
    """Input that names no action; the message is one line for the user."""


__all__ = ["BadInput", "HELP_WORDS", "HINT_WORDS", "LEGAL_WORDS", "QUIT_WORDS", "REDRAW_WORDS"]
