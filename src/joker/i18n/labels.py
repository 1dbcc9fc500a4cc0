"""Rule sets, bots and bot seats as people read them, in English and Russian.

One function per label, said alike by the terminal and every web page (the
pages get the labels made here, or read the same ``names`` catalogue,
:mod:`.names`, as ``window.JOKER.names``):

* :func:`preset_name` and :func:`option_label` — the pieces of a table's rules
  label, which :func:`joker.rulestring.rules_label` puts together from a rules
  string («Регламент Бус-Анджелес (раздачи: 1,2,9; хишти: −500)»; it lives
  with the notation it reads, as this package imports nothing of joker);
* :func:`bot_label` — a bot by its level's name (Easy / Лёгкий);
* :func:`seat_names` — the players' names as a page shows them: a bot seat's
  stored name (a stable key, :data:`.names.BOT_NAMES`) in the reader's
  language, a person's as typed.  Records and tables keep the stored names;
* :func:`total_label` — a game total with its game's unit, from the texts a
  game's web plug-in gives (``312 points``, «в дураках 2 раза»; the pages'
  ``totalLabel`` in common.js reads the same texts).
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from .core import catalogue, fill, say

_NUMBER = re.compile(r"-?\d+")


def _name(key: str, lang: str) -> str | None:
    """The ``names`` catalogue's text of ``key`` in ``lang``, or ``None`` when it has none."""
    return say("names", key, {}, lang) if catalogue("names").has(key) else None


def option_label(field: str, value: str, lang: str = "en") -> str:
    """One rules option as people read it: ``khishti``, ``-500`` → "khishti: −500"
    («хишти: −500»); ``must_trump``, ``false`` → "must trump: no"; a value
    ``none`` said for its field when it has a word for it (``first_dealer``
    ``none`` → "first dealer: drawn", ``rule_none_first_dealer``); a value the catalogue names by
    its name (``four-blocks`` → "four blocks"), a number with a true minus
    sign, anything else as written; an unknown field by its own name."""
    label = _name(f"rule_{field}", lang) or field
    said = (_name(f"rule_none_{field}", lang) if value == "none" else None) or _name(f"value_{value}", lang)
    if said is None:
        said = value.replace("-", "\u2212", 1) if _NUMBER.fullmatch(value) else value
    return f"{label}: {said}"


def preset_name(preset: str, lang: str = "en") -> str:
    """A preset by its human name in ``lang`` (``bus-angeles`` → "Bus-Angeles
    regulation", «Регламент Бус-Анджелес»); an unknown preset as written."""
    return _name(f"preset_{preset}", lang) or preset


def bot_label(bot: str, lang: str = "en") -> str:
    """A bot as people call it in ``lang``: its level's name (``heuristic`` and
    ``easy`` → Easy / Лёгкий; a time cap ``search@40ms`` kept: Medium@40ms);
    an unknown bot as it is."""
    base, at, cap = bot.partition("@")
    name = _name(f"bot_{base}", lang)
    return bot if name is None else name + at + cap


def seat_names(names: Sequence[str], bots: Sequence[bool], lang: str = "en") -> list[str]:
    """Per seat, the name a page in ``lang`` shows: for a bot seat (``bots[i]``)
    whose stored name is one of :data:`.names.BOT_NAMES`, that name in
    ``lang`` (``Vera`` → Вера), unless another seat already shows it (a person
    called Вера keeps it, the bot stays Vera); anyone else's name as stored.
    ``names`` and ``bots`` have one entry per seat (a missing ``bots`` entry is
    a person).  The stored names (table, record) never change: this is
    for display only (docs/architecture.md, "Names").  The pages' ``seatNames``
    (static/common.js) says the same from ``window.JOKER.names``."""
    out = list(names)
    for i, name in enumerate(names):
        said = _name(f"person_{name}", lang) if i < len(bots) and bots[i] else None
        if said is not None and not any(said.casefold() == n.casefold() for j, n in enumerate(out) if j != i):
            out[i] = said
    return out


def total_label(texts: Mapping[str, str], total: int, lang: str = "en") -> str:
    """A game total said with its unit: ``texts`` maps ``"n"`` to the text for any
    number and may map a number written out (``"0"``, ``"1"``) to its own text
    (a game plug-in's ``total_texts``: ``{"n": "{n} {n:point|points}"}`` → "312
    points"; Durak's ``"0"`` → «ни разу не в дураках»); ``{n}`` and the noun forms
    ``{n:one|few|many}`` filled for ``total`` in ``lang``.  Raises ``KeyError``
    when ``texts`` has no ``"n"``."""
    return fill(texts.get(str(total)) or texts["n"], {"n": total}, lang)
