"""The web server's plug-in protocol: what a game offers so that the server
can seat it, render it and replay it.

A game's web plug-in is found by :func:`joker.registry.plugin` (kind
``"web"``: the ``PLUGIN`` of ``<game package>.web``, or the ``"web"`` entry of
a module-level ``PLUGINS`` dict).  The protocol is structural: a game never
imports the server, it only provides an object with these members
(Joker's is :mod:`joker.games.joker.web`).

The server itself knows only the game protocol (:mod:`joker.game`): it makes
states with ``new_game``, checks actions with ``parse_action`` and ``apply``,
shows a seat ``view_of`` and spectators ``public_view``, writes records with
``record_of`` and replays them with :func:`joker.records.steps`.  Everything
the browser sees of a game goes through the plug-in: ``view_json`` renders a
view (the server never reads a state's hidden parts itself), ``action_data``
the public extras of an action's event, ``totals`` / ``sheet`` / ``standings``
the score summary, ``total_texts`` / ``total_label`` a total said with its
unit (the game-over standings, the list of finished games), ``replay_json`` the replay viewer's frames, and the page
templates (under ``server/templates``) say how they look.

Penalties (the stalling dot, RULES.md §11) travel as the plug-in's own JSON
dicts, each with at least ``seat`` and ``value``; a game without them answers
``False`` to :meth:`WebPlugin.stalling_dot`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping, Protocol, Sequence

from joker import registry
from joker.game import Game
from joker.pace import Pace

Penalties = Sequence[Mapping[str, Any]]
"""The penalties given at a table, as the plug-in's JSON dicts."""


class WebPlugin(Protocol):
    """A game's web plug-in (see the module docstring).  States, views, rules,
    actions and records are the game's own values (:mod:`joker.game`)."""

    table_template: str
    """The table page's template (``table.html``; ``game_table.html`` is the generic one)."""
    replay_template: str
    """The replay page's template (``replay.html``; ``game_replay.html`` is the generic one)."""
    fill_bot: str
    """The default level of the bots that fill empty seats and play for absent players."""
    rules_version: int
    """The rules version stored with a table."""
    analysis: bool
    """Whether finished games have a double-dummy analysis (:mod:`.analysis_jobs`:
    :meth:`analyse`, in the analysis worker)."""
    notation: str
    """Examples of the action notation, for the refusal of an action that is not text."""

    def page_data(self, lang: str) -> dict[str, Any]:
        """Extra data for the pages' scripts in language ``lang`` (e.g. refusal texts)."""
        ...

    def lobby_data(self) -> dict[str, Any]:
        """Extra data for the lobby's new-table form (e.g. the presets)."""
        ...

    def start_seat(self, rules: Any, seed: str) -> int:
        """The seat the game starts from (``new_game``'s ``start``), fixed when the table is made."""
        ...

    def table_info(self, rules: Any) -> dict[str, Any]:
        """Public facts of the rules shown with the table (e.g. ``preset``, ``deals``)."""
        ...

    def progress(self, rules: Any, state: Any | None) -> dict[str, Any]:
        """How far the game is, for the lobby (``state`` ``None`` while waiting)."""
        ...

    def view_json(self, view: Any) -> dict[str, Any]:
        """A seat's view or the public view (``seat`` ``None``) as JSON; holds ``legal``, the
        actions' notation, and ``current``, the seat to move."""
        ...

    def action_data(self, before: Any, after: Any, seat: int, action: Any) -> dict[str, Any]:
        """The public extras of an action's event (everyone gets the same)."""
        ...

    def sheet_changed(self, before: Any, after: Any) -> bool:
        """Whether the action changed the score sheet (the event then carries it)."""
        ...

    def pace(self, before: Any, after: Any) -> Pace:
        """The kind of pause before the next bot's move after this action (:mod:`joker.pace`:
        ``ENDED`` after a finished trick or bout, ``THROW_IN`` for Durak's throw-ins after a take)."""
        ...

    def totals(self, state: Any, penalties: Penalties) -> list[int]:
        """The game totals per seat so far, penalties included."""
        ...

    def sheet(self, state: Any, penalties: Penalties) -> Any:
        """The score sheet so far (JSON)."""
        ...

    def standings(self, totals: Sequence[int]) -> list[dict[str, int]]:
        """``[{place, seat, total}]`` best first."""
        ...

    def total_texts(self, lang: str) -> dict[str, str]:
        """How a seat's game total is said in ``lang``: ``"n"`` the text for any number, with
        ``{n}`` and ``{n:one|few|many}`` (e.g. ``"{n} {n:point|points}"``), and optionally a
        number written out (``"0"``) mapped to its own text; :func:`joker.i18n.labels.total_label`
        reads them, and the pages' ``totalLabel`` (common.js, ``window.JOKER.total_texts``)."""
        ...

    def total_label(self, total: int, lang: str) -> str:
        """A seat's game total said in ``lang`` with its unit ("312 points", «в дураках 2 раза»):
        :func:`joker.i18n.labels.total_label` of :meth:`total_texts`."""
        ...

    def stalling_dot(self, rules: Any) -> bool:
        """Whether tables of these rules may vote the stalling dot."""
        ...

    def penalty(self, state: Any, seat: int, note: str) -> dict[str, Any]:
        """The stalling dot given to ``seat`` now, as JSON."""
        ...

    def with_penalties(self, record: Any, penalties: Penalties) -> Any:
        """The record with the table's penalties."""
        ...

    def record_text(self, record: Any) -> str:
        """A record as the JSON text stored and downloaded."""
        ...

    def replay_json(self, record: Any) -> dict[str, Any]:
        """The replay viewer's data of a finished game's record (every hand shown).
        Raises :class:`joker.errors.RecordError` when it does not replay."""
        ...

    def warm_analysis(self) -> None:
        """Make the analysis ready in this process (e.g. compile its solver); ``analysis`` games only."""
        ...

    def analyse(self, record: Any, report: Callable[[int, int], None]) -> dict[str, Any]:
        """The analysis of a finished game's record as JSON, calling ``report(done, total)``
        as it goes (first with ``done`` 0); ``analysis`` games only.  Raises
        :class:`joker.errors.RecordError` when the record does not replay."""
        ...


@dataclass(frozen=True)
class Kit:
    """A game with its web plug-in: what a table renders with."""

    name: str
    game: Game
    web: WebPlugin

    def audience_view(self, state: Any, audience: int | None) -> dict[str, Any]:
        """The view JSON for a seat (``audience`` 0-based) or the spectators (``None``:
        the game's public view, built from public facts only)."""
        if audience is None:
            return self.web.view_json(self.game.public_view(state))
        return self.web.view_json(self.game.view_of(state, audience))


@lru_cache(maxsize=None)
def kit(name: str) -> Kit:
    """The :class:`Kit` of the registered game ``name``.  Raises
    :class:`joker.errors.JokerError` for an unknown game or one without a web plug-in."""
    web: WebPlugin = registry.plugin(name, "web")
    return Kit(name, registry.game(name), web)
