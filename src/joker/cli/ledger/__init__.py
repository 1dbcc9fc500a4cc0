"""``joker ledger``: the scorekeeper for games played with real cards
(docs/scorekeeper.md), in the terminal.  What it prints is in English or
Russian (``--lang``, ``$JOKER_LANG``): every text comes from
:mod:`joker.i18n.scorekeeper`.

Three jobs, one module each: :mod:`.commands` (the Typer commands; ``app`` is
added to ``joker`` as ``ledger``), :mod:`.render` (the sheet, standings,
history and statistics laid out with Rich) and :mod:`.table_mode` (``joker
ledger play``, prompting deal by deal).
"""

from .commands import app
from .render import announce_penalty, current_text, print_sheet, print_standings
from .table_mode import run_table

__all__ = ["announce_penalty", "app", "current_text", "print_sheet", "print_standings", "run_table"]
