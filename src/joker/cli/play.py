"""``joker play``: a game in the terminal, you in seat 1 against bots.

Line-based, not full-screen.  Each time you must act the game prints one
screen with Rich — the deal, trump and turned card, dealer, bids (and the bid
the dealer may not say), tricks against bids, the current trick, your hand
sorted with trump first — then a prompt; every bot action is one short line.
Why Rich lines rather than a full-screen (curses/Textual) app:

* it works in any terminal and over ssh, with no alternate screen, no
  terminal size or key-code negotiation, and degrades to plain text under
  ``TERM=dumb`` or ``NO_COLOR``;
* the scroll-back keeps the whole game (what every bot played), which a
  redrawn screen would lose;
* it is plain text in, plain text out, so a test or a script drives it like a
  person with ``pexpect`` (see ``tests/test_terminal_play.py``), and a screen
  reader reads it;
* Rich (already a dependency) gives colour and the score-sheet tables
  (:mod:`joker.cli.render`) without taking over the terminal.

Everything on screen is built from ``view_of(state, human_seat)`` and public
actions, so the human never sees another hand.  Input: a card by its text
(``AH``, ``10h``, ``♥A``); a bid as a number; a joker (``X1``, ``x`` or
``joker``) opens a short prompt for its call (``high H``, ``takes ♣``,
``give``, ``top`` on a lead; ``high``/``low`` when following), and
``X1 high H`` or ``X1:high:H`` does it in one go.  ``?`` lists the legal
moves, ``hint`` shows what the heuristic bot would do (written as it is
typed), ``s`` prints the score sheet, ``r`` redraws the screen, ``help`` the
commands.  ``q``, Ctrl-C,
Ctrl-D (end of input) and a hang-up save the game record and print where;
``joker play --resume FILE`` continues it exactly.

Saving: the record (:mod:`joker.games.joker.record`) is written after every deal, on
quitting and at the end, to ``--save FILE`` or a new file under
``$JOKER_HOME/games/``, by default ``games/`` in the user's data directory
(platformdirs; ``~/.local/share/joker/games/`` on Linux).  Its ``meta`` holds
``{"app": "joker play", "human_seat": 0, "bots": [null, "random", ...], "lang": "en"}``.

Bots are deterministic: each decision is made by a fresh bot seeded with
``"{game seed}:{seat}:{actions so far}"``, so a game played with the same
inputs gives the same record whether or not it was saved and resumed on the
way.

This module is the command (:func:`play_command`); the game itself lives in

* :mod:`joker.cli.terminal` — what every game's terminal session shares: the
  loop, bots, saving and resuming, the prompt's common words, seats and names;
* :mod:`joker.cli.play_game` — :class:`TerminalGame`: Joker's deal headers, move
  reports, the sheet and the joker's call;
* :mod:`joker.cli.play_screen` — what the human sees on his turn, the sheet
  and standings;
* :mod:`joker.cli.play_input` — reading what the player types;
* :mod:`joker.cli.play_text` — cards, actions and prompts as text;
* :mod:`joker.cli.play_session` — new and resumed games, save locations.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import Any, Callable, NoReturn, Optional

import typer
from rich.console import Console

from joker.errors import JokerError
from joker.games.durak.rules import PRESETS as DURAK_PRESETS
from joker.games.joker.rules import PRESETS, Rules, parse_rules, preset as get_preset
from joker.i18n import LANGS, Tr
from joker.rulestring import rules_named
from .play_session import default_save_path, load_session, new_session, resolve_bots
from .terminal import Quit, Starter, TerminalSession


_Handler = Callable[[int, FrameType | None], Any] | int | None
"""What :func:`signal.signal` takes and returns."""


def _install_hangup_handlers() -> dict[signal.Signals, _Handler]:
    """SIGHUP/SIGTERM (a closed terminal, a dropped ssh link) quit through the save path."""

    def handler(signum: int, frame: FrameType | None) -> NoReturn:  # noqa: ARG001
        raise Quit(128 + signum)

    old: dict[signal.Signals, _Handler] = {}
    for sig in (getattr(signal, "SIGHUP", None), signal.SIGTERM):
        if sig is not None:
            try:
                old[sig] = signal.signal(sig, handler)
            except (ValueError, OSError):  # not the main thread
                pass
    return old


def _player_counts(rules: Rules) -> list[int]:
    """The numbers of players ``rules`` can be played by (each tried: the schedule,
    deck and first dealer all have a say)."""
    counts = []
    for n in range(2, 11):
        try:
            rules.replace(players=n)
        except JokerError:
            continue
        counts.append(n)
    return counts


def _counts_text(counts: list[int]) -> str:
    """``4``, ``2–6``, ``4, 6``."""
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


def _players_refused(tr: Tr, rules: Rules, players: int, error: JokerError) -> str:
    """Why ``--players`` does not fit the rules, as the player can act on it: how
    many play this rule set and which presets take ``players`` players — not the
    first field that broke (``first_dealer=4: must be a seat 1..3``)."""
    counts = _player_counts(rules)
    if not counts:  # the rules allow no other number (e.g. an explicit schedule too long for any other)
        return tr("bad_rules", error=error)
    fits = [name for name, r in PRESETS.items() if players in _player_counts(r)]
    text = tr("players_fixed", rules=rules_named(rules), counts=_counts_text(counts), players=players)
    return text + (tr("players_presets", players=players, presets=", ".join(fits)) if fits
                   else tr("players_no_preset", players=players))


def _is_durak_record(path: Path) -> bool:
    from .durak.command import is_durak_record

    return is_durak_record(path)


def _is_durak_rules(preset: str, rules: str | None) -> bool:
    """Whether ``--rules`` (else ``--preset``) names one of Durak's presets (``durak``,
    ``durak-36(players=3)``): the game then follows from the rules, with no ``--game``."""
    from joker import registry

    return registry.game_of_rules(rules if rules else preset) == "durak"


def _run_durak(*options: Any) -> None:
    """``joker play --game durak`` (:mod:`joker.cli.durak`), hang-ups saving as here."""
    from .durak.command import play_durak

    old = _install_hangup_handlers()
    try:
        code = play_durak(*options)
    finally:
        for sig, h in old.items():
            signal.signal(sig, h)
    if code:
        raise typer.Exit(code)


def play_command(
    preset: str = typer.Option(
        "bus-angeles", "--preset",
        help=f"Rule set. Joker: {', '.join(PRESETS)}. Durak: {', '.join(DURAK_PRESETS)} (a Durak preset plays Durak)."
    ),
    rules: Optional[str] = typer.Option(
        None, "--rules", help="A full rules string, e.g. \"bus-angeles(schedule='1,2,3')\"; overrides --preset."
    ),
    players: Optional[int] = typer.Option(None, "--players", help="Number of players, where the rules allow it."),
    seed: Optional[str] = typer.Option(None, "--seed", help="Seed of the shuffles and bots (same seed, same game)."),
    bots: Optional[str] = typer.Option(
        None, "--bots", help="Bots for the other seats, comma-separated; one name means all. "
        "Default: heuristic."
    ),
    lang: Optional[str] = typer.Option(None, "--lang", help="Language of the game: en (default) or ru."),
    name: Optional[str] = typer.Option(None, "--name", help="Your name on the score sheet."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue a saved game from its record."),
    save: Optional[Path] = typer.Option(
        None, "--save", help="Where to save the record (default: a new file under $JOKER_HOME/games, else "
        "the user data dir, ~/.local/share/joker/games on Linux)."
    ),
    game_name: Optional[str] = typer.Option(
        None, "--game", help="The game: joker (default) or durak (docs/durak.md); a Durak preset or rules string "
        "chooses Durak by itself."
    ),
) -> None:
    """Play a game in the terminal: you in seat 1 against bots — Joker (Bus-Angeles rules by default)
    or transfer Durak (--preset durak).

    Joker: type a card (AH, 10h, ♥A), a bid as a number, X1 for a joker; ? lists
    the legal moves, hint asks the heuristic bot, s prints the sheet, q saves and
    quits.  Durak: a card (8C), a beat (KC/8C), transfer:8D, show:9H, take, done
    or pass.  The game is saved after every deal and on quitting; --resume FILE
    continues it exactly.
    """
    if game_name == "durak" or (game_name is None and (
            _is_durak_record(resume) if resume is not None else _is_durak_rules(preset, rules))):
        _run_durak(None if preset == "bus-angeles" else preset, rules, players, seed, bots, lang, name, resume, save)
        return
    if game_name not in (None, "joker"):
        Console(stderr=True, highlight=False).print(
            f"✗ --game: unknown game {game_name!r}; games: joker, durak", markup=False, highlight=False)
        raise typer.Exit(2)
    console = Console(highlight=False)
    tr = Tr(lang if lang in LANGS else "en", "play")
    start = Starter(tr)
    start.check_lang(lang)
    game: TerminalSession[Any, Any, Any] | None
    if resume is not None:
        ignored = [opt for opt, v in (("--preset", preset != "bus-angeles"), ("--rules", rules), ("--players", players),
                                      ("--seed", seed), ("--name", name)) if v]
        game = start.resume(lambda: load_session(resume, lang=lang, bots=bots, save_path=save, console=console),
                            resume, ignored)
        if game is None:
            return
    else:
        lang = lang or "en"
        try:
            r = parse_rules(rules) if rules else get_preset(preset)
        except JokerError as e:
            start.fail(tr("bad_rules", error=e))
        if players is not None and players != r.players:
            try:
                r = r.replace(players=players)
            except JokerError as e:
                start.fail(_players_refused(tr, r, players, e))
        try:
            bot_names = resolve_bots(bots, r.players - 1)
        except ValueError as e:
            start.fail_bots(e, r.players - 1)
        path = save if save is not None else default_save_path()
        if save is not None and save.exists():
            start.fail(tr("save_exists", path=save))
        seed_value: int | str | None = int(seed) if seed is not None and seed.lstrip("-").isdigit() else seed
        game = new_session(r, seed_value, bot_names, path, name=name, lang=lang, console=console)
        game.welcome()
    old = _install_hangup_handlers()
    try:
        code = game.run()
    finally:
        for sig, h in old.items():
            signal.signal(sig, h)
    if code:
        raise typer.Exit(code)
