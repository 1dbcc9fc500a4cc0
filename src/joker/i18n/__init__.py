"""Every text a user reads, in English and Russian: one translator, its catalogues as data.

:mod:`.core` is the translator: catalogues found by name, a lookup that falls
back to English (and fails loudly on a key English lacks), one Russian plural
rule (:func:`plural`: 1 взятка, 2 взятки, 5 взяток, 21 взятка, 11 взяток),
pieces of messages (:class:`Part`) and errors said in a language
(:func:`message`).  :mod:`.lang` chooses the language (``--lang``,
``$JOKER_LANG``, the web's cookie and ``Accept-Language``).  The catalogues,
one data module each:

* :mod:`.play` — ``joker play``, the terminal game;
* :mod:`.scorekeeper` — ``joker ledger``, the terminal scorekeeper;
* :mod:`.web` — the web app;
* :mod:`.ledger` — the ledger library's errors (``LedgerError``), with the web's variants;
* :mod:`.refusals` — the Joker engine's refusals (``IllegalActionError``), with the "you" variant;
* :mod:`.durak`, :mod:`.durak_play`, :mod:`.durak_web` — Durak's refusals, terminal game and web pages;
* :mod:`.names` — the names of rule sets, their options and bots, for the terminal and the web alike
  (said by :mod:`.labels`: ``bot_label``, ``seat_names``; a rules string by
  :func:`joker.rulestring.rules_label`).
* :mod:`.rules`, :mod:`.notation` — impossible rules and unknown games (``RulesError``) and
  unreadable rules strings, cards, suits and actions (``InvalidNotationError``), for every
  game and front end;
* :mod:`.records` — a record that cannot be read or replayed (``RecordError``).

An error said in several languages is a :class:`joker.errors.JokerError`
carrying a ``catalogue`` name, a ``code`` and ``params``; its English message
is made from the catalogue when it is raised, so each English text is written
once.  This package is shared infrastructure: it imports no application
(cli, server, ledger) and no game; why the engine's refusal texts live here
is said in :mod:`.refusals`.
"""

from __future__ import annotations

from .core import (FRONTS, LANGS, NAMES, Catalogue, LedgerPart, Named, Part, Tr, catalogue, message, placeholders, plural,
                   say)
from .labels import bot_label, seat_names
from .lang import COOKIE, DEFAULT, ENV_LANG, lang_of, negotiate

__all__ = [
    "COOKIE", "DEFAULT", "ENV_LANG", "FRONTS", "LANGS", "NAMES", "Catalogue", "LedgerPart", "Named", "Part", "Tr",
    "bot_label",
    "catalogue", "lang_of", "message", "negotiate", "placeholders", "plural", "say", "seat_names",
]
