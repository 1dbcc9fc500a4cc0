"""What every terminal game of ``joker play`` shares, whatever the game:
:class:`TerminalSession` (the loop, bots, saving and resuming, the human's
prompt with ``?``/``hint``/``r``/``help``/``q``), the seats' bots and names
(:func:`resolve_bots`, :func:`seats_of`, :func:`names_in`) and where records
are saved by default (:func:`games_dir`).

A game's terminal front end (Joker: :mod:`joker.cli.play_game`, Durak:
:mod:`joker.cli.durak.game`) subclasses :class:`TerminalSession` and fills in
what is its own: the screen, the reports of public events, how typed text
becomes an action, and the words it understands beyond the common ones.

Bots are deterministic: each decision is made by a fresh bot seeded by the
game's :meth:`TerminalSession.bot_seed`, so the same inputs give the same
game, saved and resumed or not.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Callable, Generic, Iterable, Mapping, NoReturn, Sequence, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from joker import records, registry
from joker.bots import make_bot
from joker.errors import IllegalActionError, JokerError
from joker.i18n import LANGS, Tr, bot_label
from joker.rulestring import rules_label
from joker.i18n.play import BOT_NAMES, HUMAN_NAME

from .prompt_words import HELP_WORDS, HINT_WORDS, LEGAL_WORDS, QUIT_WORDS, REDRAW_WORDS, BadInput

APP = "joker play"  # the record's meta["app"]

S = TypeVar("S")  # the game's state
V = TypeVar("V")  # a seat's view
A = TypeVar("A")  # an action
_T = TypeVar("_T")


def print_invalid_record(path: object, error: BaseException, lang: str = "en") -> None:
    """``error: invalid record PATH: …`` on stderr in ``lang`` (``joker replay``
    of either game): ``error`` said from its catalogue (a
    :class:`~joker.errors.RecordError`: :mod:`joker.i18n.records`)."""
    tr = Tr(lang, "play")
    Console(stderr=True, highlight=False).print(
        f"[bold red]{escape(tr('error_label'))}:[/] {escape(tr('invalid_record', path=path, error=error))}",
        soft_wrap=True)


class Quit(Exception):
    """The player leaves: the game is saved and the command exits with ``code``."""

    def __init__(self, code: int = 0) -> None:
        super().__init__(code)
        self.code = code


def joker_command() -> str:
    """How to run ``joker`` again from here: ``joker`` when it is on the PATH,
    else the path of the program running now (e.g. ``.venv/bin/joker``)."""
    if shutil.which("joker"):
        return "joker"
    here = Path(sys.argv[0])
    return str(here) if here.name == "joker" else f"{sys.executable} -m joker.cli.main"


class TerminalSession(Generic[S, V, A]):
    """One game in the terminal: the state, who sits where, and the I/O.

    ``bots[seat]`` is a bot name, ``None`` for the human's seat.  ``input_fn``
    reads one line after the prompt is printed (default: :func:`input`, given
    the prompt); it may raise ``EOFError`` or ``KeyboardInterrupt``, which save
    the game and quit.  Subclasses set :attr:`GAME` (the registry name) and
    :attr:`CATALOGUE` (their i18n catalogue), make :attr:`screen` (which has
    ``say(text, style)`` and ``print_screen(view)``) and fill in the hooks below.
    """

    GAME = "joker"
    CATALOGUE = "play"
    HINT_WORDS = HINT_WORDS
    REDRAW_WORDS = REDRAW_WORDS
    screen: Any

    def __init__(self, state: S, names: Sequence[str], bots: Sequence[str | None], human: int, save_path: Path,
                 lang: str = "en", console: Console | None = None,
                 input_fn: Callable[[], str] | None = None) -> None:
        self.state = state
        self.names = tuple(names)
        self.bots = tuple(bots)
        self.human = human
        self.save_path = Path(save_path)
        self.lang = lang
        self.tr = Tr(lang, self.CATALOGUE)
        self.console = console or Console(highlight=False)
        self.input_fn = input_fn
        self._forced_hand_shown: object = None  # the deal whose hand a forced move showed (once a deal)

    # -- the game's own parts (hooks) -----------------------------------------------
    def bot_seed(self, seat: int) -> str:
        """The seed of the bot deciding for ``seat`` now (the record's seed, the seat, the actions so far)."""
        raise NotImplementedError

    def view(self, seat: int) -> V:
        """What ``seat`` may see now (the game's ``view_of``)."""
        raise NotImplementedError

    def legal(self, view: V) -> Sequence[A]:
        """The legal actions in ``view``."""
        return tuple(view.legal_actions)  # type: ignore[attr-defined]

    def prompt(self, view: V) -> str:
        """The prompt of the human's turn, with its trailing space."""
        raise NotImplementedError

    def parse(self, text: str, view: V) -> A | None:
        """The action typed (``None``: said why already, ask again); raises :class:`BadInput`."""
        raise NotImplementedError

    def expected(self, view: V) -> str:
        """What the prompt expects, for "not understood"."""
        raise NotImplementedError

    def legal_items(self, view: V) -> list[str]:
        """The legal moves as typed, for ``?``."""
        raise NotImplementedError

    def typed(self, action: A) -> str:
        """``action`` as it may be typed at the prompt (for ``hint``)."""
        raise NotImplementedError

    def refusal_render(self) -> Callable[[str, Any], str]:
        """How a refusal's params are said (the engine's notation → the screen's)."""
        raise NotImplementedError

    def deal_of(self, view: V) -> object:
        """Which deal (a game's own unit: Joker's deal, Durak's game) ``view`` is in:
        a forced move shows the hand once in each (:meth:`hand_line`)."""
        raise NotImplementedError

    def hand_line(self, view: V) -> Text | str:
        """The human's hand in one line, as the screen shows it."""
        raise NotImplementedError

    def other_command(self, low: str, view: V) -> bool:
        """Handle a game's own word (e.g. Joker's ``s``: the sheet); ``True`` when it was one."""
        return False

    def welcome(self, resumed_from: Path | None = None) -> None:
        """The first lines: rules, seats and bots, how to type (and where a resumed game stands)."""
        raise NotImplementedError

    def welcome_line(self) -> str:
        """The welcome's first line: the rules by their name, the human's seat and
        name, the bots by name and level, in the session's language."""
        bots = ", ".join(f"{self.names[s]} ({bot_label(b, self.lang)})"
                         for s, b in enumerate(self.bots) if b is not None)
        return self.tr("welcome", rules=rules_label(getattr(self.state, "rules"), self.lang), seat=self.human + 1,
                       name=self.names[self.human], bots=bots)

    def before_turn(self) -> None:
        """Said before each turn (e.g. a new deal's header)."""

    def report(self, old: S, seat: int, action: A, forced: bool) -> None:
        """The lines after ``action`` of ``seat`` took ``old`` to :attr:`state`."""
        raise NotImplementedError

    def finish(self) -> None:
        """The game is over: say so (the record is saved after)."""

    # -- output and input ------------------------------------------------------------
    def say(self, text: str | Text = "", style: str | None = None) -> None:
        """Print one line (plain text is never read as Rich markup)."""
        self.screen.say(text, style)

    def _ask(self, prompt: str) -> str:
        try:
            if self.input_fn is None and "readline" in sys.modules:
                # readline must be given the prompt: told none, it echoes no newline for an empty
                # line and the next prompt lands on the same one ("Your card › Your card ›").
                # Without readline, input() would write its prompt to stderr: printed below instead.
                return input(prompt)
            self.console.print(prompt, end="", markup=False, highlight=False, emoji=False)
            return (self.input_fn or input)()
        except EOFError:
            self.say()
            raise Quit(0) from None
        except KeyboardInterrupt:
            self.say()
            raise Quit(130) from None

    # -- saving ------------------------------------------------------------------------
    @property
    def meta(self) -> dict[str, object]:
        """The record's ``meta``: ``{"app", "human_seat", "bots", "lang"}`` (read back by :func:`seats_of`)."""
        return {"app": APP, "human_seat": self.human, "bots": list(self.bots), "lang": self.lang}

    def save(self) -> Path:
        """Write the record of the game so far to :attr:`save_path`; returns the path. Raises ``OSError``."""
        record = registry.game(self.GAME).record_of(self.state, players=self.names, meta=self.meta)
        return records.save(record, self.save_path)

    def _try_save(self) -> Path | None:
        """:meth:`save`; on an ``OSError`` say why and return ``None`` (the game still ends cleanly)."""
        try:
            return self.save()
        except OSError as e:
            self.say(self.tr("save_failed", path=self.save_path, error=e), style="bold red")
            return None

    def _save_and_report(self, resume_hint: bool = True) -> bool:
        path = self._try_save()
        if path is None:
            return False
        self.say(self.tr("saved", path=path), style="bold")
        if resume_hint and not self._over():
            self.say(self.tr("resume_with", joker=joker_command(), path=path))
        return True

    def _over(self) -> bool:
        return bool(self.state.is_terminal())  # type: ignore[attr-defined]

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the end or until the player quits; returns the exit code."""
        try:
            try:
                self._loop()
            except KeyboardInterrupt:
                self.say()
                raise Quit(130) from None
        except Quit as q:
            self._save_and_report()
            return q.code
        except BaseException:
            self._save_and_report()
            raise
        self.say()
        self.finish()
        path = self._try_save()
        if path is not None:
            self.say(self.tr("record_at", path=path), style="bold")
        return 0

    def _loop(self) -> None:
        while not self._over():
            self.before_turn()
            old = self.state
            seat = old.current_player  # type: ignore[attr-defined]
            assert seat is not None  # the game is not over
            forced = False
            if seat == self.human:
                action, forced = self._human_action()
            else:
                action = self._bot_action(seat)
            self.state = old.apply(action)  # type: ignore[attr-defined]
            self.report(old, seat, action, forced)

    def _bot_action(self, seat: int) -> A:
        name = self.bots[seat]
        assert name is not None  # every seat but the human's has a bot
        action: A = make_bot(name, seed=self.bot_seed(seat), game=self.GAME).choose(self.view(seat))
        return action

    # -- the human's turn -------------------------------------------------------------
    def _human_action(self) -> tuple[A, bool]:
        view = self.view(self.human)
        legal = self.legal(view)
        if len(legal) == 1:  # played at once; the hand shown with the first such move of a deal, not at each trick
            deal = self.deal_of(view)
            if deal != self._forced_hand_shown:
                self._forced_hand_shown = deal
                self.say(self.hand_line(view))
            return legal[0], True
        self.screen.print_screen(view)
        while True:
            text = self._ask(self.prompt(view)).strip()
            if not text:
                continue
            low = text.lower()
            if low in QUIT_WORDS:
                raise Quit(0)
            if low in LEGAL_WORDS:
                self.say(self.tr("legal", items=", ".join(self.legal_items(view))))
            elif low in HELP_WORDS:
                self.say(self.tr("help"))
            elif low in self.HINT_WORDS:
                self._hint(view)
            elif low in self.REDRAW_WORDS:
                self.screen.print_screen(view)
            elif not self.other_command(low, view):
                try:
                    action = self.parse(text, view)
                except BadInput:
                    self.say(self.tr("not_understood", text=text, expected=self.expected(view)), style="red")
                    continue
                if action is not None and not self._refused(action):
                    return action, False

    def _refused(self, action: A) -> bool:
        """Whether the engine refuses ``action`` now; if so, says why (the state is unchanged)."""
        try:
            self.state.apply(action)  # type: ignore[attr-defined]
        except IllegalActionError as e:
            message = self.tr.error(e, you=True, render=self.refusal_render())
            self.say(self.tr("illegal", message=message), style="red")
            return True
        return False

    def _hint(self, view: V) -> None:
        name = hint_bot(self.GAME)
        if name is None:
            self.say(self.tr("hint_unavailable"))
            return
        try:
            a: A = make_bot(name, seed=f"hint:{self.bot_seed(self.human)}", game=self.GAME).choose(view)
        except Exception as e:  # a bot's bug must not end the game
            self.say(self.tr("hint_failed", error=f"{type(e).__name__}: {e}"), style="red")
            return
        self.say(self.tr("hint", bot=bot_label(name, self.lang), move=self.typed(a)))


# -- seats: bots and names ------------------------------------------------------------


def hint_bot(game: str) -> str | None:
    """The bot that gives hints: ``heuristic`` when ``game`` has one, else ``None``."""
    return "heuristic" if "heuristic" in registry.game(game).bots() else None


def default_bot(game: str) -> str:
    """The bot of a seat nobody named: ``heuristic`` when ``game`` has one, else ``random``."""
    return hint_bot(game) or "random"


def around(n: int, human: int, mine: _T, others: Iterable[_T]) -> list[_T]:
    """One item per seat: ``mine`` for the human's seat, ``others`` in order for the rest."""
    rest = iter(others)
    return [mine if s == human else next(rest) for s in range(n)]


def resolve_bots(spec: str | None, count: int, game: str) -> list[str]:
    """Bot names for ``count`` seats from ``--bots`` (one name means all).
    Raises ``ValueError((key, value))``: ``("bots_count", given)`` or ``("bad_bots", message)``."""
    known = registry.game(game).bots()
    names = [b.strip() for b in (spec or default_bot(game)).split(",") if b.strip()]
    if len(names) == 1:
        names = names * count
    if len(names) != count:
        raise ValueError(("bots_count", len(names)))
    for b in names:
        if b not in known:
            raise ValueError(("bad_bots", f"unknown bot {b!r}; bots: {', '.join(known)}"))
    return names


def new_seats(n: int, human: int, bots: Sequence[str], name: str | None,
              lang: str) -> tuple[list[str | None], list[str]]:
    """A new game's ``(bots, names)`` per seat: ``bots`` for the other seats in seat order, the
    human named ``name`` or ``You``/``Вы``, the bots Alice, Bob… (Алиса, Борис…) in ``lang``."""
    seat_bots: list[str | None] = around(n, human, None, bots)
    return seat_bots, around(n, human, name or HUMAN_NAME[lang], BOT_NAMES[lang])


def seats_of(meta: Mapping[str, Any], players: Sequence[str], game: str, lang: str | None,
             bots: str | None) -> tuple[int, str, list[str | None], list[str]]:
    """A saved game's ``(human seat, language, bots, names)`` from its record's ``meta`` and
    ``players`` (``lang``/``bots`` override the saved ones; unknown saved bots become the default).
    Raises ``ValueError`` for bad ``bots`` (:func:`resolve_bots`)."""
    n = len(players)
    human = meta.get("human_seat", 0)
    if not isinstance(human, int) or not 0 <= human < n:
        human = 0
    lang = lang or meta.get("lang") or "en"
    if lang not in LANGS:
        lang = "en"
    saved = meta.get("bots")
    known = registry.game(game).bots()
    seat_bots: list[str | None]
    if bots is not None:
        seat_bots = around(n, human, None, resolve_bots(bots, n - 1, game))
    elif isinstance(saved, list) and len(saved) == n:
        seat_bots = [None if s == human else (b if b in known else default_bot(game)) for s, b in enumerate(saved)]
    else:
        seat_bots = around(n, human, None, [default_bot(game)] * (n - 1))
    return human, lang, seat_bots, names_in(lang, players, human)


def names_in(lang: str, players: Sequence[str], human: int) -> list[str]:
    """The saved names, those the game gave by default (``You``, ``Alice``… or
    ``Вы``, ``Алиса``…) said in ``lang``: a game resumed in another language
    calls its seats as a new one would; names the players chose are kept."""
    n = len(players)
    defaults = {lg: around(n, human, HUMAN_NAME[lg], BOT_NAMES[lg]) for lg in LANGS}
    return [defaults[lang][s] if any(name == d[s] for d in defaults.values()) else name
            for s, name in enumerate(players)]


# -- save locations -------------------------------------------------------------------


def games_dir() -> Path:
    """Where games are saved by default: ``$JOKER_HOME/games``, else ``games/`` in
    the user's data directory (``platformdirs.user_data_dir("joker")``, beside
    the ledger's ``joker.db``; ``~/.local/share/joker`` on Linux)."""
    home = os.environ.get("JOKER_HOME")
    if home:
        return Path(home).expanduser() / "games"
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - platformdirs is a dependency; keep the XDG default without it
        xdg = os.environ.get("XDG_DATA_HOME")
        return (Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share") / "joker" / "games"
    return Path(platformdirs.user_data_dir("joker")) / "games"


def default_save_path() -> Path:
    """A new file name under :func:`games_dir` (``game-YYYYmmdd-HHMMSS.json``)."""
    d = games_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = d / f"game-{stamp}.json"
    k = 2
    while path.exists():
        path = d / f"game-{stamp}-{k}.json"
        k += 1
    return path


# -- the command's start ---------------------------------------------------------------


class Starter:
    """What ``joker play`` does before a game starts, for any game: fail with a clear
    message on bad options (exit code 2, or 1 for a bad record), line editing, and
    resuming a saved game.  ``tr`` is the game's play catalogue."""

    def __init__(self, tr: Tr) -> None:
        self.tr = tr
        self.err = Console(stderr=True, highlight=False)

    def fail(self, message: str, code: int = 2) -> NoReturn:
        """Print ``✗ message`` to stderr and exit with ``code``."""
        self.err.print(f"✗ {message}", markup=False, highlight=False)
        raise typer.Exit(code)

    def fail_bots(self, e: ValueError, count: int) -> NoReturn:
        """A bad ``--bots``: :func:`resolve_bots` raised ``ValueError((key, value))``."""
        key, val = e.args[0]
        self.fail(self.tr(key, count=count, given=val, error=val))

    def check_lang(self, lang: str | None) -> None:
        """Fail on a language not in :data:`LANGS`; turn on line editing on a real terminal."""
        if lang is not None and lang not in LANGS:
            self.fail(self.tr("bad_lang", langs=", ".join(LANGS)))
        if sys.stdin.isatty() and os.environ.get("TERM", "") != "dumb":
            try:
                import readline  # noqa: F401  -- line editing and history for input()
            except ImportError:  # pragma: no cover
                pass

    def resume(self, load: Callable[[], TerminalSession[Any, Any, Any]], path: Path,
               ignored: Sequence[str]) -> TerminalSession[Any, Any, Any] | None:
        """The game saved at ``path`` (``load()`` restores it), welcomed; ``None`` when it is
        already over (said so, with its standings)."""
        try:
            game = load()
        except ValueError as e:
            if isinstance(e, JokerError):
                self.fail(self.tr("bad_record", path=path, error=e), 1)
            self.fail_bots(e, 0)
        game.welcome(resumed_from=path)
        if ignored:
            game.say(game.tr("resume_ignored", options=", ".join(ignored)))
        if game._over():
            game.say(game.tr("already_over"))
            game.finish()
            game.say(game.tr("record_at", path=path))
            return None
        return game
