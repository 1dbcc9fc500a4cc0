"""``joker ledger``: the scorekeeper for games played with real cards
(docs/scorekeeper.md), in the terminal.  What it prints is in English or
Russian (``--lang``, ``$JOKER_LANG``): every text comes from
:mod:`joker.i18n.scorekeeper`.

Four jobs, one module each: :mod:`.commands` (the Typer commands; ``app`` is
added to ``joker`` as ``ledger``), :mod:`.texts` (the one-line texts, plain
strings), :mod:`.render` (the sheet, standings, history and statistics laid
out with Rich) and :mod:`.table_mode` (``joker ledger play``, prompting deal
by deal).  A command imports :mod:`.render` and :mod:`.table_mode` only when
it prints with Rich or plays: entering a deal needs neither.
"""

from .commands import app

__all__ = ["app"]
