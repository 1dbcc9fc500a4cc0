"""The project's error types.

Every error the package raises on bad input is a :class:`JokerError`
(itself a :class:`ValueError`), so callers can catch one type.  Each error
message names the problem and, where there is one, the legal alternatives.
"""

from __future__ import annotations


class JokerError(ValueError):
    """Base class of every error raised by the ``joker`` package on bad input."""


class InvalidNotationError(JokerError):
    """A card, action, rules string or record could not be parsed."""


class RulesError(JokerError):
    """A rules value is impossible (e.g. more cards per hand than the deck holds)."""


class IllegalActionError(JokerError):
    """An action is not legal in the current state (RULES.md §5–§7).

    The state it was applied to is left unchanged.  Besides its English
    message it carries ``reason`` (a short code such as ``"must_follow"``, or
    ``None``) and ``params`` (the values the message names, as text), so a
    user interface can say the same in its own language.
    """

    def __init__(self, message: str, reason: str | None = None, **params: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params


class RecordError(JokerError):
    """A game record is malformed, or does not replay under its own rules."""
