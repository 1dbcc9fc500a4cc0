"""The ``joker`` command.

Its commands are imported only when named (or when ``--help`` lists them):
``joker ledger show`` reads none of the modules that play, serve, simulate
or analyse, so it starts in a fraction of a second (``python -m joker.bench
ledger``).  :data:`LAZY` names the module and object of each; ``replay`` is
defined here and imports what it uses when it runs.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import typer
import typer.core
import typer.main
import typer.models
from typer import _click  # Typer 0.29 bundles click as typer._click

from . import coercion


def _flags_show_no_value() -> None:
    """Typer 0.29's Rich help prints a type beside every option, flags included
    (``--json <bool>``, even ``--help <bool>``), as if they took a value — they
    take none (``--json true`` is an error); click's plain help shows none for
    a flag.  Make the Rich help (every ``joker`` command, ``ledger`` and
    ``arena`` too) show none either.  A no-op if Typer changes its internals."""
    option = getattr(typer.core, "TyperOption", None)
    shown = getattr(option, "display_type_rich", None)
    if shown is None or getattr(shown, "joker_flags", False):
        return

    def display_type_rich(self: object, ctx: object) -> str | None:  # Typer's own signature
        if getattr(self, "is_flag", False):
            return None
        text: str | None = shown(self, ctx)
        return text

    display_type_rich.joker_flags = True  # type: ignore[attr-defined]
    option.display_type_rich = display_type_rich  # type: ignore[union-attr]


_flags_show_no_value()
coercion.install()  # plain str and int parameters coerced without importing pydantic (joker.cli.coercion)


LAZY: dict[str, tuple[str, str]] = {
    "play": ("joker.cli.play", "play_command"),
    "simulate": ("joker.cli.simulate", "simulate_command"),
    "rules": ("joker.cli.rules_cmd", "rules_command"),
    "ledger": ("joker.cli.ledger", "app"),
    "serve": ("joker.cli.serve", "serve_command"),
    "arena": ("joker.cli.arena", "arena_command"),
    "analyse": ("joker.cli.analyse", "analyse_command"),
    "warmup": ("joker.cli.warmup", "warmup_command"),
}
"""``joker``'s commands after ``replay``, in the order ``--help`` lists them:
name → (module, attribute): a command function or a Typer app (a group)."""


class LazyGroup(typer.core.TyperGroup):
    """The ``joker`` group: a command of :data:`LAZY` is imported and built the
    first time it is looked up (click's lazy-loading pattern), with the same
    settings Typer gives the commands it builds itself."""

    def list_commands(self, ctx: typer.Context) -> list[str]:  # type: ignore[override]
        return [*self.commands, *(n for n in LAZY if n not in self.commands)]

    def get_command(self, ctx: typer.Context, cmd_name: str) -> _click.Command | None:  # type: ignore[override]
        if cmd_name not in self.commands and cmd_name in LAZY:
            module, attribute = LAZY[cmd_name]
            target = getattr(importlib.import_module(module), attribute)
            short, markup = app.pretty_exceptions_short, self.rich_markup_mode
            if isinstance(target, typer.Typer):
                self.commands[cmd_name] = typer.main.get_group_from_info(
                    typer.models.TyperInfo(target, name=cmd_name), pretty_exceptions_short=short,
                    suggest_commands=self.suggest_commands, rich_markup_mode=markup)
            else:
                self.commands[cmd_name] = typer.main.get_command_from_info(
                    typer.models.CommandInfo(name=cmd_name, callback=target), pretty_exceptions_short=short,
                    rich_markup_mode=markup)
        return self.commands.get(cmd_name)

    def resolve_command(self, ctx: typer.Context, args: list[str]) -> tuple[str | None, _click.Command | None, list[str]]:  # type: ignore[override]
        if args and args[0] not in self.commands and args[0] not in LAZY:
            for name in LAZY:  # an unknown name: "Did you mean …?" looks among every command
                self.get_command(ctx, name)
        return super().resolve_command(ctx, args)


app = typer.Typer(
    cls=LazyGroup,
    rich_markup_mode="markdown",  # a docstring's paragraphs are reflowed to the terminal, not broken where typed
    help="Joker («Джокер», «Расписной покер») and transfer Durak («Переводной дурак»): play, keep score, analyse.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _main() -> None:
    """Joker («Джокер», «Расписной покер») and transfer Durak («Переводной дурак»): play, keep score, analyse."""


def replay(
    file: Path = typer.Argument(..., help="A game record (JSON, see docs/records.md)."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON instead of the sheet."),
    lang: str = typer.Option("en", "--lang", help="Language of the sheet or the bout-by-bout account: en or ru."),
) -> None:
    """Check a game record action by action and print its score sheet.

    Exits 1 naming the first bad action (its deal and trick) when the record
    does not replay under its own rules.  A Durak record is printed bout by
    bout (docs/durak.md).
    """
    import json

    from rich.console import Console

    from joker.cards import format_suit
    from joker.errors import JokerError
    from joker.games.joker.record import fines_of, load_record, replay as replay_record, totals_with_penalties
    from joker.games.joker.sheet import build_sheet, standings_rows
    from joker.i18n import LANGS, Tr
    from .durak.replay import replay_other_game
    from .render import sheet_table, standings_table
    from .terminal import print_invalid_record

    if lang not in LANGS:
        Console(stderr=True, highlight=False).print(f"✗ --lang: one of {', '.join(LANGS)}, not {lang!r}",
                                                    markup=False, soft_wrap=True)
        raise typer.Exit(2)
    if replay_other_game(file, as_json, lang):
        return
    tr = Tr(lang, "play")
    console = Console()
    try:
        record = load_record(file)
        state = replay_record(record)
    except JokerError as e:
        print_invalid_record(file, e, lang)  # worded as `joker analyse` and `joker ledger` say theirs
        raise typer.Exit(1)
    fines = fines_of(state.rules.players, record.penalties)
    totals = totals_with_penalties(state, record.penalties)
    if as_json:
        out = {
            "rules": str(state.rules),
            "players": list(record.players),
            "finished": state.is_terminal(),
            "deals": [
                {"deal": r.index + 1, "cards": r.spec.cards, "kind": r.spec.kind.value, "dealer": r.dealer + 1,
                 "trump": format_suit(r.trump),
                 "bids": None if r.bids is None else list(r.bids), "tricks": list(r.tricks), "scores": list(r.scores)}
                for r in state.results
            ],
            "totals": list(totals),
            "places": [p for p, _, _ in sorted(standings_rows(totals), key=lambda x: x[1])],
        }
        typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    rows = build_sheet(state.rules, state.results, fines)
    console.print(sheet_table(rows, record.players, title=f"{file.name} — {state.rules}", tr=tr))
    if state.is_terminal():
        console.print(standings_table(standings_rows(totals), record.players, tr=tr))
    else:
        console.print(tr("replay_unfinished", played=len(state.results), deals=len(state.rules.deals)))


app.command("replay")(replay)


if __name__ == "__main__":  # pragma: no cover
    app()
