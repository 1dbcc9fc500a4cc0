"""The scorekeeper in the browser: the pages and the JSON API over
:class:`joker.ledger.Ledger` — the same storage and the same functions as
``joker ledger`` (docs/scorekeeper.md), so the terminal and the browser see
the same games, and every check (the dealer's bid, tricks summing to the
deal, one transaction per command) is the ledger's own.

Every write endpoint is one ledger call; a refused one answers 400 with the
ledger's message (naming the deal or row and the reason) and writes nothing.
The message is in the request's language — the page's: the ``joker_lang``
cookie, else ``Accept-Language`` (:func:`joker.i18n.lang_of`), which the browser
sends with every API call — said from the error's code by
:func:`joker.i18n.message` for the ``web`` front end: where the
terminal's text names a command or an option, the page's control is named
instead (“Reopen the day”, the house-override box).

**Numbering in the JSON API.**  Seats are 0-based, as everywhere in the web
API (``host_seat`` and ``seat`` of the tables, the views' ``dealer``): seat 1
of the sheet is ``0``.  That holds for what is sent (``first_dealer`` of a
new game, ``seat`` of a bid or a penalty) and what comes back (``first_dealer``,
``current.dealer``, ``first_hand``, ``bid_order``, ``trump_chooser``,
``next_bidder``, a penalty's ``seat``).  Deal numbers are 1-based as on the
sheet (``current.number``, a penalty's ``deal``, ``expect_deal``); texts meant
for people (refusals, penalty lines) say seats 1-based, as the page and the
terminal show them.

**Writes are the page's own** (issue 23, item 6).  Every write (``POST``)
passes :func:`write_guard` first: it must come from this server's pages (an
``Origin`` other than the request's own host, or a ``Sec-Fetch-Site`` other
than ``same-origin``/``none``, is refused), carry a JSON body
(``Content-Type: application/json``, which a cross-site form cannot send
without the browser asking first) or the keeper key, and, when the app has a
keeper key (``joker serve --keeper-key``, ``$JOKER_KEEPER_KEY``), the key in
the ``X-Keeper-Key`` header.  A refusal is ``{"error", "code"}``: 403
``keeper_cross_site`` / ``keeper_json``, 401 ``keeper_key`` (the page then
asks for the key once and keeps it for the browser session).
"""

from __future__ import annotations

import datetime as dt
import hmac
import tempfile
from pathlib import Path
from typing import Any, Callable, Concatenate, Optional, ParamSpec, TypeVar, cast

from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from joker.ledger import GameView, KeeperDecisionNeeded, Ledger, LedgerError
from joker.ledger import regulation as reg
from joker.i18n import Tr, lang_of
from joker.rulestring import rules_label
from joker.ledger.lines import cup_text, penalty_text, redeal_reason_text
from joker.ledger.values import CurrentDeal
from joker.games.joker.rules import PRESETS, Rules, parse_rules
from joker.games.joker.web import sheet_json
from .validation import KEEPER_ERRORS, error_json

P = ParamSpec("P")
T = TypeVar("T")

KEY_HEADER = "X-Keeper-Key"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class KeeperRefusal(Exception):
    """A write refused before it reached the ledger: HTTP ``status``, the
    catalogue ``code`` (``web`` catalogue) and its placeholder values."""

    def __init__(self, status: int, code: str, **params: str) -> None:
        super().__init__(code)
        self.status, self.code, self.params = status, code, params


def refusal_json(request: Request, e: KeeperRefusal) -> JSONResponse:
    """``e`` as the answer: ``{"error": text in the request's language, "code", …params}``."""
    text = Tr(lang_of(request), "web")(e.code, **e.params)
    return JSONResponse({**e.params, "error": text, "code": e.code}, status_code=e.status)


def _same_host(origin: str, host: str) -> bool:
    """Whether ``origin`` (an ``Origin`` header) names ``host`` (the ``Host`` header, port included)."""
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return bool(netloc) and netloc.lower() == host.lower()


def write_guard(request: Request,
                x_keeper_key: Optional[str] = Header(None, alias=KEY_HEADER, max_length=200,
                                                     description="the keeper key, when the server has one")) -> None:
    """Refuse a write that is not the scorekeeper page's own (module docstring);
    reads pass.  Raises :class:`KeeperRefusal`."""
    if request.method in SAFE_METHODS:
        return
    origin = request.headers.get("origin")
    host = request.headers.get("host", "")
    if origin is not None and not _same_host(origin, host):
        raise KeeperRefusal(403, "keeper_cross_site", origin=origin[:100])
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        raise KeeperRefusal(403, "keeper_cross_site", origin=origin[:100] if origin else site[:40])
    key: str | None = getattr(request.app.state, "keeper_key", None)
    given = x_keeper_key or ""
    if key and not hmac.compare_digest(given.encode(), key.encode()):
        raise KeeperRefusal(401, "keeper_key_wrong" if given else "keeper_key")
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json" and not (key and given):
        raise KeeperRefusal(403, "keeper_json")


router = APIRouter(dependencies=[Depends(write_guard)], tags=["scorekeeper"], responses=KEEPER_ERRORS)


def _ledger(request: Request) -> Ledger:
    """The ledger the app keeps open in its state."""
    led: Ledger = request.app.state.ledger
    return led


def current_json(c: CurrentDeal | None, rules: Rules) -> dict[str, Any] | None:
    """The deal being entered as JSON (``None`` when every deal is entered), with
    the number of ``rules``' deals; seats 0-based (module docstring)."""
    if c is None:
        return None
    return {"number": c.number, "attempt": c.attempt, "cards": c.cards, "kind": c.kind, "block": c.block,
            "dealer": c.dealer, "first_hand": c.first_hand, "bid_order": list(c.bid_order),
            "trump_chooser": c.trump_chooser, "trump": c.trump, "bids": list(c.bids),
            "house_override": c.house_override, "forbidden": c.forbidden, "needs_bids": c.needs_bids,
            "next_bidder": c.next_bidder, "deals": len(rules.deals)}


def game_json(v: GameView, lang: str = "en") -> dict[str, Any]:
    """A :class:`GameView` as JSON: the sheet rows (the live table's layout), totals,
    the deal being entered, penalties (each with its line in ``lang``, as
    ``joker ledger`` prints it), redeals (each with its reason as stored and as
    ``text`` in ``lang``), dots and slaps; ``rules_label`` the rules said in ``lang``.  Seats 0-based (module docstring)."""
    tr = Tr(lang, "scorekeeper")
    return {
        "id": v.id, "date": v.date.isoformat(), "number": v.number, "rules": str(v.rules),
        "rules_label": rules_label(v.rules, lang),
        "players": list(v.players), "core": list(v.core), "state": v.state, "first_dealer": v.first_dealer,
        "deals": len(v.rules.deals), "played": len(v.results), "complete": v.complete,
        "sheet": sheet_json(v.sheet), "totals": list(v.totals),
        "places": list(v.places) if v.state == "finished" else None,
        "cup_points": list(v.cup_points) if v.state == "finished" and v.cup_points is not None else None,
        "contested": v.contested,
        "current": current_json(v.current, v.rules),
        "penalties": [{"id": p.id, "deal": p.deal, "seat": p.seat, "player": p.player, "code": p.code,
                       "kind": p.kind, "value": p.value, "note": p.note, "slap": p.slap, "text": penalty_text(tr, p)}
                      for p in v.penalties],
        "redeals": [{"number": r.number, "attempt": r.attempt, "reason": r.reason,
                     "text": redeal_reason_text(tr, r.reason)} for r in v.redeals],
        "dots_game": list(v.dots_game), "dots_running": list(v.dots_running), "slaps_day": list(v.slaps_day),
    }


def infringements(lang: str) -> list[dict[str, str | bool]]:
    """The regulation's table (RULES.md §11) for the penalty form."""
    return [{"code": i.code, "penalty": i.penalty, "text": i.text_ru if lang == "ru" else i.text,
             "redeal": i.redeal} for i in reg.INFRINGEMENTS.values()]


def overview(led: Ledger, lang: str = "en") -> dict[str, Any]:
    """The keeper's front page: games, the open day (``day``), the latest day
    (``last_day``: its date, whether it has ended, its cup decision in ``lang``;
    the page offers to reopen it), players, the cup and statistics."""
    from joker.ledger.stats import cup_season, player_stats

    open_ids = led.games("open")
    all_ids = led.games()
    recent = [i for i in reversed(all_ids) if i not in open_ids][:12]

    def brief(gid: int) -> dict[str, Any]:
        v = led.game(gid)
        return {"id": v.id, "date": v.date.isoformat(), "players": list(v.players), "state": v.state,
                "rules": str(v.rules), "played": len(v.results), "deals": len(v.rules.deals),
                "totals": list(v.totals)}

    day = led.current_day()
    days = led.days()
    last = days[-1] if days else None
    stats, _ = player_stats(led)
    season = cup_season(led, dt.date.today().year)
    return {
        "open": [brief(g) for g in reversed(open_ids)],
        "recent": [brief(g) for g in recent],
        "day": None if day is None else {"date": day.date.isoformat(), "games": list(day.games)},
        "last_day": None if last is None else {"date": last.date.isoformat(), "ended": last.ended,
                                               "cup": cup_text(Tr(lang, "scorekeeper"), last) if last.ended else None},
        "players": [{"name": p.name, "core": p.core} for p in led.players()],
        "stats": [{"name": s.name, "core": s.core, "games": s.games, "wins": s.wins,
                   "mean_place": None if s.mean_place is None else round(s.mean_place, 2),
                   "cup_points": s.cup_points, "cups": s.cups,
                   "made_share": None if s.made_share is None else round(100 * s.made_share),
                   "fines": s.fines, "dots": s.dots, "slaps": s.slaps} for s in stats if s.games or s.core],
        "cup": {"dates": [d.isoformat() for d in season.dates], "players": season.players,
                "cumulative": season.cumulative, "holders": season.holders},
    }


# -- requests -----------------------------------------------------------------------------------
class NewGame(BaseModel):
    """A new game: ``players`` in table order (seat 1 first); ``first_dealer`` the
    0-based seat who deals first, like every seat of the JSON API (``3``: seat 4,
    the bus-angeles default; ``None``: the rules' own); ``add_players``: unknown
    names join as guests."""

    players: list[str] = Field(min_length=2, max_length=10)
    rules: str = Field("bus-angeles", max_length=400)
    first_dealer: Optional[int] = Field(None, ge=0, description="0-based seat (0 is seat 1); null: as the rules say")
    add_players: bool = True


class NewPlayer(BaseModel):
    name: str = Field(max_length=80)
    core: bool = False


class CoreFlag(BaseModel):
    name: str = Field(max_length=80)
    core: bool


class TrumpIn(BaseModel):
    trump: str = Field(max_length=12)


class BidIn(BaseModel):
    seat: int
    bid: int
    house_override: bool = False


class TricksIn(BaseModel):
    tricks: list[int] = Field(max_length=10)


class DealIn(BaseModel):
    trump: str = Field(max_length=12)
    bids: Optional[list[Optional[int]]] = Field(None, max_length=10)
    tricks: list[int] = Field(max_length=10)
    house_override: bool = False
    expect_deal: Optional[int] = None


class PenaltyIn(BaseModel):
    seat: int
    code: str = Field(max_length=40)
    kind: Optional[str] = Field(None, max_length=4)
    note: str = Field("", max_length=400)
    deal: Optional[int] = None
    redeal: Optional[bool] = None


class RedealIn(BaseModel):
    reason: str = Field("", max_length=400)


class DayEnd(BaseModel):
    keeper_pick: Optional[str] = Field(None, max_length=80)


class DayReopen(BaseModel):
    """The game day to reopen: ``date`` (default: the latest day)."""

    date: Optional[dt.date] = None


def _bad(request: Request, e: LedgerError, status: int = 400) -> JSONResponse:
    """The refusal as JSON (:func:`.validation.error_json`): ``error`` in the request's
    language, ``code`` the ledger's code and its params, and ``tied`` when the keeper must pick."""
    if isinstance(e, KeeperDecisionNeeded):
        return error_json(request, status, e, tied=list(e.tied))
    return error_json(request, status, e)


def _call(request: Request, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T | JSONResponse:
    """``fn(*args, **kwargs)`` — one ledger command — or its refusal (:func:`_bad`)."""
    try:
        return fn(*args, **kwargs)
    except LedgerError as e:
        return _bad(request, e)


def _game_or_error(request: Request, led: Ledger, gid: int) -> JSONResponse | None:
    """The 404 answer when the ledger has no game ``gid``, else ``None``."""
    if gid not in led.games():
        return refusal_json(request, KeeperRefusal(404, "keeper_no_game", id=str(gid)))
    return None


# -- API ------------------------------------------------------------------------------------------
@router.get("/api/keeper", summary="The scorekeeper's players, days and games")
def api_overview(request: Request) -> Any:
    return overview(_ledger(request), lang_of(request))


@router.post("/api/keeper/players", summary="Add a player")
def api_add_player(request: Request, body: NewPlayer) -> Any:
    r = _call(request, _ledger(request).add_player, body.name, body.core)
    return r if isinstance(r, JSONResponse) else {"name": r.name, "core": r.core}


@router.post("/api/keeper/players/core", summary="Mark a player as core or not")
def api_core(request: Request, body: CoreFlag) -> Any:
    r = _call(request, _ledger(request).set_core, body.name, body.core)
    return r if isinstance(r, JSONResponse) else {"name": r.name, "core": r.core}


@router.post("/api/keeper/days/start", summary="Start a game day")
def api_day_start(request: Request) -> Any:
    r = _call(request, _ledger(request).start_day)
    return r if isinstance(r, JSONResponse) else {"date": r.date.isoformat()}


@router.post("/api/keeper/days/end", summary="End a game day")
def api_day_end(request: Request, body: DayEnd) -> Any:
    r = _call(request, _ledger(request).end_day, None, body.keeper_pick)
    return r if isinstance(r, JSONResponse) else {"date": r.date.isoformat(),
                                                   "cup": cup_text(Tr(lang_of(request), "scorekeeper"), r),
                                                   "holder": r.cup_holder}


@router.post("/api/keeper/days/reopen", summary="Reopen an ended game day")
def api_day_reopen(request: Request, body: DayReopen) -> Any:
    """Reopen an ended game day (the latest by default): its cup decision is
    cleared until it ends again, and its games can be changed and added to."""
    r = _call(request, _ledger(request).reopen_day, body.date)
    return r if isinstance(r, JSONResponse) else {"date": r.date.isoformat()}


@router.post("/api/keeper/games", summary="Start a game with real cards")
def api_new_game(request: Request, body: NewGame) -> Any:
    """Start a game (see :class:`NewGame`; seats 0-based) and answer with it."""
    led = _ledger(request)
    first = None if body.first_dealer is None else body.first_dealer + 1  # the ledger counts seats from 1
    gid = _call(request, led.new_game, [p.strip() for p in body.players], body.rules, first, None,
                body.add_players)
    return gid if isinstance(gid, JSONResponse) else game_json(led.game(gid), lang_of(request))


@router.get("/api/keeper/games/{gid}", summary="A game's sheet")
def api_game(request: Request, gid: int) -> Any:
    led = _ledger(request)
    return _game_or_error(request, led, gid) or game_json(led.game(gid), lang_of(request))


def _then_game(request: Request, gid: int, fn: Callable[Concatenate[int, P], object],
               *args: P.args, **kwargs: P.kwargs) -> Any:
    """Run the ledger command ``fn(gid, *args, **kwargs)`` on an existing game and
    answer with the game as it now stands (:func:`game_json`), or the refusal."""
    led = _ledger(request)
    missing = _game_or_error(request, led, gid)
    if missing is not None:
        return missing
    r = _call(request, fn, gid, *args, **kwargs)
    return r if isinstance(r, JSONResponse) else game_json(led.game(gid), lang_of(request))


@router.post("/api/keeper/games/{gid}/trump", summary="Set the current deal's trump")
def api_trump(request: Request, gid: int, body: TrumpIn) -> Any:
    return _then_game(request, gid, _ledger(request).set_trump, body.trump)


@router.post("/api/keeper/games/{gid}/bid", summary="Set the current deal's bids")
def api_bid(request: Request, gid: int, body: BidIn) -> Any:
    return _then_game(request, gid, _ledger(request).set_bid, body.seat, body.bid, body.house_override)


@router.post("/api/keeper/games/{gid}/tricks", summary="Set the tricks taken and score the deal")
def api_tricks(request: Request, gid: int, body: TricksIn) -> Any:
    return _then_game(request, gid, _ledger(request).set_tricks, body.tricks)


@router.post("/api/keeper/games/{gid}/deal", summary="Enter a whole deal at once")
def api_deal(request: Request, gid: int, body: DealIn) -> Any:
    # a null among the bids is the ledger's to refuse (a missing bid), in the page's language
    bids = cast("list[int] | None", body.bids)
    return _then_game(request, gid, _ledger(request).enter_deal, body.trump, bids, body.tricks,
                      body.house_override, body.expect_deal)


@router.post("/api/keeper/games/{gid}/penalty", summary="Give a penalty")
def api_penalty(request: Request, gid: int, body: PenaltyIn) -> Any:
    return _then_game(request, gid, _ledger(request).penalty, body.seat, body.code, body.kind, body.note,
                      body.deal, body.redeal)


@router.post("/api/keeper/games/{gid}/redeal", summary="Redeal the current deal")
def api_redeal(request: Request, gid: int, body: RedealIn) -> Any:
    return _then_game(request, gid, _ledger(request).redeal, body.reason)


@router.post("/api/keeper/games/{gid}/undo", summary="Undo the last entry")
def api_undo(request: Request, gid: int) -> Any:
    return _then_game(request, gid, _ledger(request).undo)


@router.post("/api/keeper/games/{gid}/finish", summary="Finish the game")
def api_finish(request: Request, gid: int) -> Any:
    return _then_game(request, gid, _ledger(request).finish)


@router.post("/api/keeper/games/{gid}/abandon", summary="Abandon the game")
def api_abandon(request: Request, gid: int, body: RedealIn) -> Any:
    return _then_game(request, gid, _ledger(request).abandon, body.reason)


def _export(request: Request, gid: int, render: Callable[[Ledger, int], str], media_type: str, ext: str) -> Any:
    """A game's export as a download (``render(ledger, gid)`` gives the text), or the not-found error."""
    led = _ledger(request)
    missing = _game_or_error(request, led, gid)
    if missing is not None:
        return missing
    return Response(render(led, gid), media_type=media_type,
                    headers={"Content-Disposition": f'attachment; filename="joker-game-{gid}.{ext}"'})


@router.get("/keeper/games/{gid}/export.json", summary="Download a game as JSON")
def export_json(request: Request, gid: int) -> Any:
    from joker.ledger.paper import record_json

    return _export(request, gid, record_json, "application/json", "json")


@router.get("/keeper/games/{gid}/export.csv", summary="Download a game as CSV")
def export_csv(request: Request, gid: int) -> Any:
    from joker.ledger.paper import sheet_csv

    return _export(request, gid, sheet_csv, "text/csv; charset=utf-8", "csv")


def _chart(draw: Callable[..., object], *args: Any, suffix: str, lang: str) -> bytes:
    """The chart ``draw(*args, path, lang=lang)`` saves, as bytes (drawn in a
    temporary directory: matplotlib picks the format by the ``suffix``)."""
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / f"chart{suffix}"
        draw(*args, path, lang=lang)
        return path.read_bytes()


@router.get("/keeper/games/{gid}/chart.png", summary="A game's score chart (PNG)")
def chart_game(request: Request, gid: int) -> Any:
    from joker.ledger.charts import game_chart

    led = _ledger(request)
    missing = _game_or_error(request, led, gid)
    if missing is not None:
        return missing
    return Response(_chart(game_chart, led.game(gid), suffix=".png", lang=lang_of(request)), media_type="image/png")


@router.get("/keeper/cup.svg", summary="The season's cup chart (SVG)")
def chart_cup(request: Request, season: Optional[int] = None) -> Any:
    from joker.ledger.charts import cup_chart
    from joker.ledger.stats import cup_season

    s = cup_season(_ledger(request), season or dt.date.today().year)
    if not s.dates:
        return refusal_json(request, KeeperRefusal(404, "keeper_no_cup_points"))
    return Response(_chart(cup_chart, s, suffix=".svg", lang=lang_of(request)), media_type="image/svg+xml")


def presets_for_keeper() -> list[dict[str, Any]]:
    """Presets the scorekeeper can keep (four players by default), for the new-game
    form: ``first_dealer`` as the rules give it, a seat number from 1 (``None``:
    drawn), shown as "Seat 4"; the form sends the 0-based seat."""
    return [{"name": name, "players": r.players, "first_dealer": r.first_dealer} for name, r in PRESETS.items()]


def rules_players(rules: str) -> int:
    """How many players ``rules`` (a rules string) is for; raises the parser's
    :class:`InvalidNotationError` or :class:`RulesError` (:func:`parse_rules`)."""
    return parse_rules(rules).players
