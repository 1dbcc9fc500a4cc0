"""The project's error types.

Every error the package raises on bad input is a :class:`JokerError`
(itself a :class:`ValueError`), so callers can catch one type.  Each error
message names the problem and, where there is one, the legal alternatives.

**One scheme for errors said in several languages.**  A :class:`CodedError`
is raised as ``Error(code, **params)``: ``code`` names a text of its class's
:mod:`joker.i18n` catalogue (``catalogue``), ``params`` fill the text's
``{placeholders}``, and the English text is the message (``str(e)``);
:func:`joker.i18n.message` says the same error in Russian from the code and
params.  Every :class:`JokerError` has ``catalogue``, ``code`` and
``params`` (empty for a plain message), so a caller reads any of them alike.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, ClassVar, Mapping

from joker.i18n.core import catalogue as _catalogue
from joker.i18n.core import say as _say


class JokerError(ValueError):
    """Base class of every error raised by the ``joker`` package on bad input."""

    catalogue: ClassVar[str] = ""
    """The :mod:`joker.i18n` catalogue naming this class's codes ("": plain messages only)."""
    code: str | None = None
    """The text's key in :attr:`catalogue`, or None for a plain message (said alike in every language)."""
    params: Mapping[str, Any] = MappingProxyType({})
    """The values filling the coded text's placeholders."""


class CodedError(JokerError):
    """An error said from its catalogue: ``Error(code, **params)``.

    A ``code`` that the class's catalogue lacks is a plain message (``code``
    then None, said alike in every language).  Raises ``KeyError`` for params
    given with an unknown code, or a placeholder without its param.
    """

    def __init__(self, code: str, /, **params: Any) -> None:
        if _catalogue(self.catalogue).has(code):
            self.code = code
            self.params = params
            text = _say(self.catalogue, code, params)
        elif params:
            raise KeyError(f"no {self.catalogue} message {code!r}")
        else:
            text = code
        super().__init__(text)


class InvalidNotationError(CodedError):
    """A card, action, rules string or record could not be parsed.

    Raised as ``InvalidNotationError(code, **params)`` with a code of
    :mod:`joker.i18n.notation` (a rules string's syntax, a card, a suit, an
    action), or with a plain message (a program's error, never a reader's).
    """

    catalogue = "notation"


class RulesError(CodedError):
    """A rules value is impossible (e.g. more cards per hand than the deck holds).

    Raised as ``RulesError(code, **params)`` with a code of
    :mod:`joker.i18n.rules` (an unknown preset or field, a bad value, an
    impossible combination), or with a plain message (a deal or seat that does
    not fit the rules).
    """

    catalogue = "rules"


class IllegalActionError(CodedError):
    """An action is not legal in the current state (RULES.md §5–§7).

    The state it was applied to is left unchanged.  Raised by the Joker
    engine as ``IllegalActionError(reason, **params)``: ``reason`` a code of
    :mod:`joker.i18n.refusals` (``"must_follow"``), ``params`` the values the
    message names, as text (``action``, ``legal``, ``suit``…); another game
    may raise it with a plain message (``reason`` then None).
    """

    catalogue = "refusals"

    @property
    def reason(self) -> str | None:
        """The refusal's code (:attr:`code`), or None for a plain message."""
        return self.code


class RecordError(CodedError):
    """A game record is malformed, or does not replay under its own rules.

    Raised as ``RecordError(code, **params)`` with a code of
    :mod:`joker.i18n.records` (``params`` name the deal, the action, the
    error behind it).
    """

    catalogue = "records"
