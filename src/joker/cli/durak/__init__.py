"""Durak in the terminal (``joker play --game durak``) and ``joker replay`` of
Durak records (docs/durak.md, "Playing in the terminal").

* :mod:`.command` — the command's options, new and resumed games;
* :mod:`.session` — sessions built new or from a saved record;
* :mod:`.game` — :class:`~.game.TerminalDurak`: Durak's part of a terminal session (reports, screen, input; the loop, bots and saving are :mod:`joker.cli.terminal`'s);
* :mod:`.screen` — the table as the human's seat sees it;
* :mod:`.text` — cards and actions as written and typed, reading input;
* :mod:`.events` — the public reports of one action (shared with the replay);
* :mod:`.replay` — ``joker replay`` bout by bout, or a JSON summary.

Texts come from the ``durak_play`` catalogue (:mod:`joker.i18n.durak_play`).
"""
