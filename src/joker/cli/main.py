"""The ``joker`` command."""

from __future__ import annotations

import json
from pathlib import Path

import typer
import typer.core
from rich.console import Console
from rich.markup import escape

from joker.cards import format_suit
from joker.errors import JokerError
from joker.games.joker.record import fines_of, load_record, replay as replay_record, totals_with_penalties
from joker.games.joker.sheet import build_sheet, standings_rows
from .play import play_command
from .simulate import simulate_command
from .render import sheet_table, standings_table
from .rules_cmd import rules_command


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


app = typer.Typer(
    rich_markup_mode="markdown",  # a docstring's paragraphs are reflowed to the terminal, not broken where typed
    help="Joker («Джокер», «Расписной покер»): play, keep score, analyse.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _main() -> None:
    """Joker («Джокер», «Расписной покер»): play, keep score, analyse."""


def replay(
    file: Path = typer.Argument(..., help="A game record (JSON, see docs/records.md)."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON instead of the sheet."),
) -> None:
    """Check a game record action by action and print its score sheet.

    Exits 1 naming the first bad action (its deal and trick) when the record
    does not replay under its own rules.  A Durak record is printed bout by
    bout (docs/durak.md).
    """
    from .durak.replay import replay_other_game

    if replay_other_game(file, as_json):
        return
    console = Console()
    try:
        record = load_record(file)
        state = replay_record(record)
    except JokerError as e:
        # worded as `joker analyse` and `joker ledger` say theirs
        err = Console(stderr=True, highlight=False)
        err.print(f"[bold red]error:[/] invalid record {escape(str(file))}: {escape(str(e))}", soft_wrap=True)
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
    console.print(sheet_table(rows, record.players, title=f"{file.name} — {state.rules}"))
    if state.is_terminal():
        console.print(standings_table(standings_rows(totals), record.players))
    else:
        console.print(f"game unfinished: {len(state.results)} of {len(state.rules.deals)} deals played")


app.command("replay")(replay)
app.command("play")(play_command)
app.command("simulate")(simulate_command)
app.command("rules")(rules_command)

from .ledger import app as ledger_app  # noqa: E402
app.add_typer(ledger_app, name="ledger")

from .serve import serve_command  # noqa: E402
app.command("serve")(serve_command)

from .arena import arena_command  # noqa: E402
app.command("arena")(arena_command)
from .analyse import analyse_command  # noqa: E402
app.command("analyse")(analyse_command)
from .warmup import warmup_command  # noqa: E402
app.command("warmup")(warmup_command)


if __name__ == "__main__":  # pragma: no cover
    app()
