"""The FastAPI application: pages, the JSON API and the WebSocket.

``create_app(db)`` opens the database like ``joker ledger`` does (a path or
URL, else ``$JOKER_DB_URL``, else the default SQLite file; migrations run on
first use), then on startup resumes every unfinished table from it.

Pages: ``/`` the lobby (open tables, a new table), ``/t/{id}`` a table (to
play, or to watch), ``/games`` finished games, ``/replay/{id}`` the replay
viewer, ``/keeper`` and ``/keeper/game/{id}`` the scorekeeper, ``/lang/{en|ru}``
the language switch.  API: ``/api/rules`` (a rules string's canonical form), ``/api/tables`` (list, create), ``/api/tables/{id}``
(public state), ``…/join``, ``…/record`` (JSON record of a finished game),
``…/replay``, ``…/analysis`` (its double-dummy analysis: POST starts it, GET
reads it; :mod:`.analysis_jobs`); ``/api/keeper/…`` (:mod:`.keeper`); the
OpenAPI description at ``/api/docs``.  WebSocket: ``/ws/{id}`` (:mod:`.ws`, :mod:`.protocol`).

Only the hosts the app is configured for are served (Starlette's
``TrustedHostMiddleware``; a request or socket with another ``Host`` header is
answered 400 "Invalid host header"), so a DNS-rebinding page cannot talk to a
server on the loopback.  The scorekeeper's writes are guarded
(:func:`.keeper.write_guard`).  Every refusal is ``{"error": text, "code":
code, …params}`` in the request's language (``?lang=``, else the language
cookie, else ``Accept-Language``; :mod:`.validation`): a request the API
cannot read (a field missing or of the wrong type) answers 422 with ``code``
``invalid_request`` naming the field; a table's refusal 400 (its
``table_…`` code, ``kind``), no such table or path 404, a method a path does
not take 405.  ``/api/docs`` groups the operations under :data:`TAGS`; the
HTML pages are not in the schema.
"""

from __future__ import annotations

import gc
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Literal, Optional, Sequence
from urllib.parse import quote

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware
from pydantic import BaseModel, Field
from swagger_ui_bundle import swagger_ui_path

from joker import pace, records, registry
from joker.bots import offered
from joker.errors import JokerError
from joker.ledger import Ledger
from joker.ledger.db import LedgerError
from joker.i18n import COOKIE, LANGS, Tr, catalogue, lang_of, seat_names
from joker.rulestring import rules_label
from . import cluster, keeper
from .access import LOOPBACK_HOSTS
from .analysis_jobs import NONE, AnalysisJobs, done_json
from .hub import Hub
from .plugin import WebPlugin, kit
from .safejson import script_json
from .store import Store
from .table import Options, TableError, TableRefusal
from .validation import ERRORS, error_json, invalid_response
from .ws import serve_socket

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
ENV_SECRET = "JOKER_SECRET"
ENV_ALLOWED_HOSTS = "JOKER_ALLOWED_HOSTS"


class CreateTable(BaseModel):
    """A new table: the host's ``name``; ``game`` a registered game (default: the
    game whose preset ``rules`` starts with, else ``joker``); ``rules`` a rules string (a preset name or e.g.
    ``bus-angeles(schedule='1,2,3')``); ``seats`` per seat ``human`` or
    ``bot:LEVEL``; the host's seat ``host_seat`` (0-based); ``fill_bot`` the
    bots' level (default: the game's); ``spectator_chat``: what spectators may
    do in the table's chat, ``hidden`` (default), ``read`` or ``write``."""

    name: str = Field(max_length=100)
    game: Optional[str] = Field(None, max_length=40)
    rules: str = Field("bus-angeles", max_length=400)
    seats: list[str] = Field(min_length=2, max_length=10)
    host_seat: int = 0
    turn_seconds: int = 0
    stalling_dot: bool = False
    public: bool = True
    fill_bot: Optional[str] = Field(None, max_length=40)
    seed: Optional[str] = Field(None, max_length=40, pattern=r"^[A-Za-z0-9_\-]+$")
    spectator_chat: Literal["hidden", "read", "write"] = "hidden"


def app_from_env() -> FastAPI:
    """The app as one of ``joker serve --workers N``'s processes: the database
    ``$JOKER_DB_URL``, ``$JOKER_BOT_DELAY`` seconds (default :data:`joker.pace.BASE`), a cluster
    on ``$JOKER_REDIS_URL`` (:mod:`.cluster`), the keeper key
    ``$JOKER_KEEPER_KEY``, the hosts ``$JOKER_ALLOWED_HOSTS`` (comma-separated,
    as ``joker serve`` decided them) and the idle and abandon limits
    ``$JOKER_IDLE_MINUTES`` / ``$JOKER_ABANDON_MINUTES`` (:mod:`.idle`); the
    analysis solver prepared when first asked for."""
    hosts = os.environ.get(ENV_ALLOWED_HOSTS)
    return create_app(None, bot_delay=float(os.environ.get("JOKER_BOT_DELAY", str(pace.BASE))), warm_bots=True,
                      freeze_gc=True,
                      keeper_key=os.environ.get("JOKER_KEEPER_KEY") or None,
                      allowed_hosts=hosts.split(",") if hosts else LOOPBACK_HOSTS)


TAGS = [
    {"name": "tables", "description": "Tables to play at: the lobby, a new table, a seat at one."},
    {"name": "finished games", "description": "A finished game's record, replay and double-dummy analysis."},
    {"name": "rules", "description": "Rules strings checked and put in their canonical form."},
    {"name": "scorekeeper", "description": "The sheet of a game played with real cards (`joker ledger` on the web)."},
    {"name": "service", "description": "The server itself."},
]
"""The API's groups of operations (``/api/docs``); the HTML pages are not in the schema."""




class JoinTable(BaseModel):
    name: str = Field(max_length=100)
    seat: Optional[int] = None


def _total_label(game: str, total: int, lang: str) -> str:
    """A finished game's total said by its game's plug-in (a game this server lacks: the number)."""
    try:
        return kit(game).web.total_label(total, lang)
    except JokerError:
        return str(total)


def create_app(db: str | os.PathLike[str] | None = None, *, secret: str | None = None, bot_delay: float = pace.BASE,
               warm_analysis: bool = False, warm_bots: bool = False, freeze_gc: bool = False,
               keeper_key: str | None = None, allowed_hosts: Sequence[str] = LOOPBACK_HOSTS,
               idle_minutes: float | None = None, abandon_minutes: float | None = None) -> FastAPI:
    """The web app on database ``db`` (see the module docstring).

    ``secret``: the seat-token key (default ``$JOKER_SECRET``, else one made
    and kept in the database); with ``$JOKER_REDIS_URL`` set (and a PostgreSQL
    database) the process is one of several sharing the tables (:mod:`.cluster`,
    keys prefixed ``$JOKER_REDIS_PREFIX``, default ``joker:``); ``bot_delay``: the base pause in seconds
    before a bot's move (:mod:`joker.pace`); ``warm_analysis``: start the analysis worker when the app starts,
    preparing the double-dummy solver in the background (``joker serve`` does;
    otherwise the first analysis starts it, see :mod:`.analysis_jobs`); ``warm_bots``:
    make the bots' compiled code ready when the app starts, bot turns waiting
    for it and pages saying so (``joker serve`` does; :mod:`.botplay`);
    ``keeper_key``: the key every scorekeeper write must carry (``None`` or
    empty: none, see :mod:`.keeper`); ``allowed_hosts``: the ``Host`` names
    served (Starlette's patterns: ``*.example.org``, or ``*`` for any;
    ``joker serve`` adds its bind address, :func:`.access.hosts_for`);
    ``freeze_gc``: once started, move every object made so far (the imported
    libraries, the resumed tables) out of the garbage collector's reach
    (:func:`gc.freeze`), so no full collection stalls the tables' actions for
    a few hundred milliseconds (``joker serve`` does; docs/deploy.md);
    ``idle_minutes``: a table nobody is connected to leaves memory after so
    long, ``abandon_minutes``: a waiting or playing one leaves the lobby
    (:mod:`.idle`; ``None``: ``$JOKER_IDLE_MINUTES`` / ``$JOKER_ABANDON_MINUTES``,
    else 10 and 30; 0: never).  The
    database is opened when the app starts (uvicorn, or ``with TestClient(app)``);
    stopping the app stops the worker."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        led = Ledger.open(None if db is None else str(db))
        store = Store(led.engine, led.url)
        key = secret or os.environ.get(ENV_SECRET)
        hub = Hub(store, key.encode() if key else store.secret(), bot_delay, idle_minutes=idle_minutes,
                  abandon_minutes=abandon_minutes)
        redis_url = os.environ.get(cluster.ENV_URL)
        if redis_url:
            if led.engine.dialect.name == "sqlite":
                led.close()
                raise RuntimeError(f"{cluster.ENV_URL} is set: several server processes share one PostgreSQL "
                                   "database, not an SQLite file (docs/deploy.md)")
            hub.cluster = cluster.Cluster(hub, redis_url, os.environ.get(cluster.ENV_PREFIX, "joker:"))
        app.state.ledger = led
        app.state.hub = hub
        app.state.analyses = AnalysisJobs(lambda tid, text: hub.db(store.save_analysis, tid, text))
        if warm_bots:
            hub.bots.warm_up()
        await hub.start()
        if freeze_gc:
            gc.collect()
            gc.freeze()
        if warm_analysis:
            app.state.analyses.warm_up()
        try:
            yield
        finally:
            await app.state.analyses.close()
            await hub.stop()
            led.close()

    app = FastAPI(title="Joker", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json", openapi_tags=TAGS,
                  description="The JSON API of `joker serve`; the tables are played over the WebSocket "
                              "`/ws/{table}` (`joker.server.protocol`).  Every refusal is "
                              "`{\"error\": text, \"code\": code, …params}`, said in the request's language "
                              "(`?lang=en|ru`, else the language cookie, else `Accept-Language`).")
    app.state.keeper_key = keeper_key or None
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # the API's Swagger UI 5 (it reads OpenAPI 3.1) from the swagger-ui-bundle-v2 package, not a CDN (the app works offline)
    app.mount("/api/docs-static", StaticFiles(directory=swagger_ui_path), name="docs-static")

    @app.get("/api/docs", include_in_schema=False)
    async def api_docs() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url="/api/openapi.json", title="Joker API",
                                   swagger_js_url="/api/docs-static/swagger-ui-bundle.js",
                                   swagger_css_url="/api/docs-static/swagger-ui.css",
                                   swagger_favicon_url="/api/docs-static/favicon-32x32.png")

    templates = Jinja2Templates(directory=str(TEMPLATES))
    app.include_router(keeper.router)

    def page(request: Request, name: str, status: int = 200, web: WebPlugin | None = None,
             **ctx: Any) -> HTMLResponse:
        """A page in the request's language; its script gets ``js`` and the game's
        page data (``web``: the table's game's plug-in, else the default game's)."""
        lang = lang_of(request)
        web = web or kit(registry.DEFAULT).web
        hub: Hub | None = getattr(request.app.state, "hub", None)
        js = {"lang": lang, "T": catalogue("web").table(lang), "bots_ready": hub is None or hub.bots.ready.is_set(),
              "names": catalogue("names").table(lang), "notation": catalogue("notation").table(lang),
              "total_texts": web.total_texts(lang), **web.page_data(lang), **ctx.pop("js", {})}
        return templates.TemplateResponse(
            request, name, {"t": Tr(lang, "web"), "lang": lang, "langs": LANGS, "path": request.url.path,
                            "rules_label": lambda rules: rules_label(rules, lang),
                            "seat_names": lambda names, bots: seat_names(names, bots, lang),
                            "total_label": lambda game, total: _total_label(game, total, lang),
                            "js": script_json(js), **ctx},
            status_code=status)

    def lobby_games() -> list[dict[str, Any]]:
        """Per registered game with a web plug-in: ``name``, its plug-in's lobby data, ``bots``
        (each once, by level: :func:`joker.bots.offered`)."""
        out = []
        for name in registry.names():
            try:
                k = kit(name)
            except JokerError:
                continue
            out.append({"name": name, **k.web.lobby_data(), "bots": offered(name)})
        return out

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    def lobby_tables(request: Request) -> list[dict[str, Any]]:
        """The lobby's tables (:meth:`.Hub.lobby`), each with ``rules_label``: its rules
        said in the request's language (:func:`joker.rulestring.rules_label`)."""
        lang = lang_of(request)
        return [{**t, "rules_label": rules_label(t["rules"], lang)} for t in hub_of(request).lobby()]

    # -- errors ---------------------------------------------------------------------------------
    def refusal_json(request: Request, status: int, code: str, **params: Any) -> JSONResponse:
        """``status`` with ``{"error", "code", …params}``: the ``web`` catalogue's
        ``table_<code>`` text (:class:`.TableRefusal`) in the request's language (:func:`.validation.error_json`)."""
        return error_json(request, status, TableRefusal(f"table_{code}", **params))

    @app.exception_handler(TableError)
    async def _table_error(request: Request, e: TableError) -> JSONResponse:
        """400: a table's refusal, ``code`` its text's code (``table_seat_taken``, an engine's
        refusal…), ``kind`` the kind of problem (``seat``, ``name``…)."""
        return error_json(request, 400, e.refusal if e.refusal is not None else e, kind=e.kind)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        """An HTTP error of the framework (no such path, a method the path does not take)
        in the request's language: ``{"error", "code", "detail"}`` (``detail`` FastAPI's own)."""
        tr = Tr(lang_of(request), "web")
        path = request.url.path[:100]
        if e.status_code == 404:
            code, text = "not_found", tr("http_not_found", path=path)
        elif e.status_code == 405:
            code, text = "method_not_allowed", tr("http_method_not_allowed", path=path, method=request.method)
        else:
            code, text = "http_error", tr("http_error", status=e.status_code)
        return JSONResponse({"error": text, "code": code, "detail": e.detail}, status_code=e.status_code,
                            headers=getattr(e, "headers", None))

    @app.exception_handler(keeper.KeeperRefusal)
    async def _keeper_refusal(request: Request, e: keeper.KeeperRefusal) -> JSONResponse:
        return keeper.refusal_json(request, e)

    @app.exception_handler(LedgerError)
    async def _ledger_error(request: Request, e: LedgerError) -> JSONResponse:
        return error_json(request, 400, e)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, e: RequestValidationError) -> JSONResponse:
        return invalid_response(request, e)

    # -- pages ----------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby(request: Request) -> HTMLResponse:
        k = kit(registry.DEFAULT)
        return page(request, "lobby.html",
                    js={**k.web.lobby_data(), "bots": offered(k.game.name), "tables": lobby_tables(request),
                        "games": lobby_games()})

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(request: Request, table_id: str) -> HTMLResponse:
        t = await hub_of(request).get(table_id)
        if t is None:
            return page(request, "notfound.html", 404, what=table_id)
        return page(request, t.kit.web.table_template, web=t.kit.web, table=t.public(), js={"table": t.public()})

    @app.get("/games", response_class=HTMLResponse, include_in_schema=False)
    async def games_page(request: Request) -> HTMLResponse:
        hub = hub_of(request)
        games = await hub.db(hub.store.finished, 200)
        return page(request, "games.html", games=games)

    @app.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(request: Request, table_id: str) -> HTMLResponse:
        hub = hub_of(request)
        text = await hub.db(hub.store.record_text, table_id)
        if text is None:
            return page(request, "notfound.html", 404, what=table_id)
        game, record = records.parse(text)
        web = kit(game.name).web
        replay = web.replay_json(record)
        # the players as this page's reader says them (a bot's name in his language); the record keeps its names
        bots = [b is not None for b in (getattr(record, "meta", None) or {}).get("bots", ())]
        replay["players"] = seat_names(list(record.players), bots, lang_of(request))
        return page(request, web.replay_template, web=web, table_id=table_id, rules=record.rules,
                    js={"replay": replay, "table_id": table_id,
                        "analysis": await _analysis_status(request, table_id) if web.analysis else dict(NONE)})

    @app.get("/keeper", response_class=HTMLResponse, include_in_schema=False)
    def keeper_page(request: Request) -> HTMLResponse:
        led: Ledger = request.app.state.ledger
        return page(request, "keeper.html",
                    js={"keeper": keeper.overview(led, lang_of(request)), "presets": keeper.presets_for_keeper(),
                        "keeper_key": bool(request.app.state.keeper_key)})

    @app.get("/keeper/game/{gid}", response_class=HTMLResponse, include_in_schema=False)
    def keeper_game_page(request: Request, gid: int) -> HTMLResponse:
        led: Ledger = request.app.state.ledger
        if gid not in led.games():
            return page(request, "notfound.html", 404, what=str(gid))
        return page(request, "keeper_game.html", gid=gid,
                    js={"game": keeper.game_json(led.game(gid), lang_of(request)),
                        "infringements": keeper.infringements(lang_of(request)),
                        "keeper_key": bool(request.app.state.keeper_key)})

    @app.get("/lang/{code}", include_in_schema=False)
    async def set_lang(request: Request, code: str, next: str = "/") -> Response:
        if not next.startswith("/") or next.startswith("//"):
            next = "/"
        r = RedirectResponse(quote(next, safe="/?=&%#"), status_code=303)
        if code in LANGS:
            r.set_cookie(COOKIE, code, max_age=3600 * 24 * 365, samesite="lax")
        return r

    @app.get("/healthz", tags=["service"], summary="Whether the server is up and its bots ready", responses=ERRORS)
    async def health(request: Request) -> dict[str, Any]:
        """Up; ``bots_ready``: the bots' compiled code is loaded (:mod:`.botplay`; until then
        the bots that need it wait, and loading it holds this process a few seconds)."""
        hub: Hub | None = getattr(request.app.state, "hub", None)
        return {"status": "ok", "bots_ready": hub is not None and hub.bots.ready.is_set()}

    # -- API ----------------------------------------------------------------------------------------
    @app.get("/api/tables", tags=["tables"], summary="The open tables (the lobby)", responses=ERRORS)
    async def api_tables(request: Request) -> list[dict[str, Any]]:
        """The public tables waiting or playing, newest first; ``rules_label``: the rules
        said in the request's language (``Accept-Language`` or the language cookie)."""
        return lobby_tables(request)

    @app.post("/api/tables", tags=["tables"], summary="Create a table", responses=ERRORS)
    async def api_create(request: Request, body: CreateTable) -> dict[str, Any]:
        opts = Options(body.turn_seconds, body.stalling_dot, body.public, body.fill_bot or "", body.spectator_chat)
        t, seat, token = await hub_of(request).create_table(body.rules, body.seats, body.name, body.host_seat,
                                                            opts, body.seed,
                                                            body.game or registry.game_of_rules(body.rules))
        return {"table": t.id, "seat": seat, "token": token, "url": f"/t/{t.id}"}

    @app.get("/api/rules", tags=["rules"], summary="Check a rules string: its canonical form", responses=ERRORS)
    async def api_rules(request: Request, game: str = registry.DEFAULT, text: str = "") -> Any:
        """The canonical form of the rules string ``text`` of ``game`` and its number of
        players, ``{"rules", "players"}``; 400 with ``error`` naming the problem in the
        request's language and its ``code`` (a code of the ``rules`` or ``notation``
        catalogue of :mod:`joker.i18n`, or null for an unknown game)."""
        try:
            r = kit(game).game.parse_rules(text[:400])
        except JokerError as e:
            return error_json(request, 400, e)
        return {"rules": str(r), "players": r.players}

    @app.get("/api/tables/{table_id}", tags=["tables"], summary="A table's public state", responses=ERRORS)
    async def api_table(request: Request, table_id: str) -> Any:
        t = await hub_of(request).get(table_id)
        if t is None:
            return refusal_json(request, 404, "no_table", id=table_id[:20])
        return t.public()

    @app.post("/api/tables/{table_id}/join", tags=["tables"], summary="Take a seat at a waiting table", responses=ERRORS)
    async def api_join(request: Request, table_id: str, body: JoinTable) -> Any:
        hub = hub_of(request)
        t = await hub.get(table_id)
        if t is None:
            return refusal_json(request, 404, "no_table", id=table_id[:20])
        seat, token = await hub.join(t, body.name, body.seat)
        return {"table": t.id, "seat": seat, "token": token}

    async def _finished_record(request: Request, table_id: str, unfinished: int = 403,
                               what: str = "record_unfinished") -> str | JSONResponse:
        hub = hub_of(request)
        text = await hub.db(hub.store.record_text, table_id)
        if text is None:
            t = await hub.get(table_id)
            if t is None:
                return refusal_json(request, 404, "no_table", id=table_id[:20])
            return refusal_json(request, unfinished, what)
        return str(text)

    async def _analysis_status(request: Request, table_id: str) -> dict[str, Any]:
        """The analysis status of a finished game (:mod:`.analysis_jobs`): its job, else what is stored."""
        status: dict[str, Any] | None = request.app.state.analyses.status(table_id)
        if status is not None:
            return status
        hub = hub_of(request)
        text = await hub.db(hub.store.analysis_text, table_id)
        return dict(NONE) if text is None else done_json(text)

    async def _analysis_record(request: Request, table_id: str) -> str | JSONResponse:
        return await _finished_record(request, table_id, 409, "analysis_unfinished")

    @app.get("/api/tables/{table_id}/record", tags=["finished games"], summary="Download a finished game's record", responses=ERRORS)
    async def api_record(request: Request, table_id: str) -> Response:
        text = await _finished_record(request, table_id)
        if isinstance(text, JSONResponse):
            return text
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="joker-{table_id}.json"'})

    @app.get("/api/tables/{table_id}/replay", tags=["finished games"], summary="A finished game's replay", responses=ERRORS)
    async def api_replay(request: Request, table_id: str) -> Any:
        text = await _finished_record(request, table_id)
        if isinstance(text, JSONResponse):
            return text
        try:
            game, record = records.parse(text)
            return kit(game.name).web.replay_json(record)
        except JokerError as e:
            return error_json(request, 500, e)

    async def _no_analysis(request: Request, table_id: str) -> JSONResponse | None:
        """The refusal for a table whose game has no double-dummy analysis, else ``None``."""
        t = await hub_of(request).get(table_id)
        if t is not None and not t.kit.web.analysis:
            return refusal_json(request, 404, "no_analysis", game=t.game)
        return None

    @app.get("/api/tables/{table_id}/analysis", tags=["finished games"], summary="A finished game's double-dummy analysis", responses=ERRORS)
    async def api_analysis(request: Request, table_id: str) -> Any:
        """The double-dummy analysis of a finished game: ``{status: none|running|done|failed,
        preparing, done, total (deals), analysis, error}``; ``preparing``: still running, the
        worker is preparing the solver (its first run compiles it, up to a minute) before
        the first deal (404: no such table, or a game without analyses; 409: not finished)."""
        refused = await _no_analysis(request, table_id)
        if refused is not None:
            return refused
        status = await _analysis_status(request, table_id)
        if status["status"] == "none":
            text = await _analysis_record(request, table_id)
            if isinstance(text, JSONResponse):
                return text
        return status

    @app.post("/api/tables/{table_id}/analysis", tags=["finished games"], summary="Start the double-dummy analysis", responses=ERRORS)
    async def api_analyse(request: Request, table_id: str) -> Any:
        """Start the double-dummy analysis of a finished game (once: a stored one is
        returned, a running one joined); answers like the GET, 202 while it runs."""
        refused = await _no_analysis(request, table_id)
        if refused is not None:
            return refused
        status = await _analysis_status(request, table_id)
        if status["status"] in ("running", "done"):
            return JSONResponse(status, status_code=202 if status["status"] == "running" else 200)
        text = await _analysis_record(request, table_id)
        if isinstance(text, JSONResponse):
            return text
        analyses = request.app.state.analyses
        job = analyses.start(table_id, text)
        return JSONResponse(job.to_json(analyses.preparing), status_code=202 if job.error is None else 500)

    @app.websocket("/ws/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        await serve_socket(websocket, websocket.app.state.hub, table_id)

    return app
