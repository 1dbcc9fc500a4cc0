"""``joker serve``: the web app (play in the browser, watch, replay, keep score)."""

from __future__ import annotations

import os
from typing import Any, Optional

import typer

from joker.pace import BASE
from joker.store import resolve_url


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", "-p", min=1, max=65535, help="TCP port."),
    db: Optional[str] = typer.Option(
        None, "--db", help="Database: an SQLite file or a SQLAlchemy URL (default: $JOKER_DB_URL, else the "
        "scorekeeper's default file). The scorekeeper and the web tables share it."),
    bot_delay: float = typer.Option(BASE, "--bot-delay", min=0.0, max=10.0,
                                    help="The base pause in seconds before a bot's move, so people can follow "
                                    "(twice as long after a trick or bout; Durak's throw-ins after a take 0.35×)."),
    log_level: str = typer.Option("warning", "--log-level", help="uvicorn's log level (info shows every request)."),
    keeper_key: Optional[str] = typer.Option(
        None, "--keeper-key", envvar="JOKER_KEEPER_KEY", show_envvar=True,
        help="A key every scorekeeper change must carry (the keeper page asks for it once). Off by default on "
        "127.0.0.1; required on any other address: one is made and printed when none is given."),
    allowed_hosts: Optional[str] = typer.Option(
        None, "--allowed-hosts",
        help="Comma-separated host names the server answers to (the Host header; '*.example.org' patterns, '*' "
        "for any). Default: localhost, 127.0.0.1, ::1 and the --host address (on 0.0.0.0: this machine's name "
        "and addresses)."),
    warm_analysis: bool = typer.Option(True, "--warm-analysis/--no-warm-analysis",
                                       help="Prepare the double-dummy solver in the background at start."),
    workers: int = typer.Option(1, "--workers", "-w", min=1, max=64,
                                help="Server processes on this port (more than one: PostgreSQL and "
                                "$JOKER_REDIS_URL, docs/deploy.md)."),
    idle_minutes: float = typer.Option(
        10.0, "--idle-minutes", min=0.0, envvar="JOKER_IDLE_MINUTES", show_envvar=True,
        help="A table nobody is connected to leaves the server's memory after this many minutes; it stays in the "
        "database and comes back, where it was, when someone opens it. 0: never."),
    abandon_minutes: float = typer.Option(
        30.0, "--abandon-minutes", min=0.0, envvar="JOKER_ABANDON_MINUTES", show_envvar=True,
        help="A waiting or running table nobody has connected to for this many minutes is marked abandoned and "
        "leaves the lobby; a player's seat link or a join brings it back. 0: never."),
) -> None:
    """Serve the web app: tables with friends and bots, the lobby, replays,
    and the scorekeeper, on one database (SQLite by default).  With
    ``$JOKER_REDIS_URL`` set, on PostgreSQL, this process is one of a cluster
    that shares the tables (``--workers N`` starts N of them; docs/deploy.md)."""
    try:
        import uvicorn

        from joker.server.app import create_app
    except ImportError as e:  # pragma: no cover - the web extra is missing
        typer.echo(f"joker serve needs the web extra: pip install -e '.[web]' ({e})", err=True)
        raise typer.Exit(1)
    from joker.server.access import hosts_for, keeper_key_for
    from joker.store import display

    url = resolve_url(db)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    hosts = hosts_for(host, allowed_hosts.split(",") if allowed_hosts else None)
    try:
        key, made = keeper_key_for(host, keeper_key)
    except ValueError as e:
        typer.echo(f"joker serve: --keeper-key: {e}", err=True)
        raise typer.Exit(2)
    if made:
        typer.echo(f"Scorekeeper key: {key}  (listening on {host}, so the scorekeeper's changes need it; "
                   "--keeper-key or $JOKER_KEEPER_KEY keeps one)", err=True)
    elif key:
        typer.echo("The scorekeeper's changes need the keeper key.", err=True)
    typer.echo(f"Answering to the hosts: {', '.join(hosts)}  (--allowed-hosts to change)", err=True)
    if workers > 1:
        os.environ.update({"JOKER_KEEPER_KEY": key or "", "JOKER_ALLOWED_HOSTS": ",".join(hosts),
                           "JOKER_IDLE_MINUTES": str(idle_minutes), "JOKER_ABANDON_MINUTES": str(abandon_minutes)})
        _serve_workers(url, host, port, shown, bot_delay, log_level, workers)
        return
    typer.echo(f"Joker is at http://{shown}:{port}  (database: {display(url)}; Ctrl-C stops)", err=True)
    # the bots' compiled code (compiled once, then loaded from the disk cache) and the double-dummy solver, ready
    app = create_app(db, bot_delay=bot_delay, warm_analysis=warm_analysis, warm_bots=True, freeze_gc=True,
                     keeper_key=key, allowed_hosts=hosts, idle_minutes=idle_minutes, abandon_minutes=abandon_minutes)
    # Messages are small JSON: compressing each costs more CPU (and latency) than it saves on a LAN.
    uvicorn.run(app, host=host, port=port, log_level=log_level, **UVICORN)


UVICORN: dict[str, Any] = {"ws_max_size": 64 * 1024, "ws_ping_interval": 20.0, "ws_ping_timeout": 20.0,
                           "ws_per_message_deflate": False}
"""uvicorn's WebSocket settings.  Messages are small JSON: compressing each
costs more CPU (and latency) than it saves on a LAN."""


def _serve_workers(url: str, host: str, port: int, shown: str, bot_delay: float, log_level: str,
                   workers: int) -> None:
    """``workers`` processes of one cluster on one port (uvicorn's workers, each
    :func:`joker.server.app.app_from_env`); the database is migrated once first."""
    import os

    import uvicorn

    from joker.ledger import Ledger
    from joker.ledger.db import LedgerError
    from joker.server.cluster import ENV_URL
    from joker.store import display, sqlite_path

    if not os.environ.get(ENV_URL):
        typer.echo(f"--workers {workers}: the processes share their tables through Redis: set ${ENV_URL} "
                   "(e.g. redis://127.0.0.1:6379/0; docs/deploy.md)", err=True)
        raise typer.Exit(2)
    if sqlite_path(url) is not None:
        typer.echo(f"--workers {workers}: the processes share one PostgreSQL database, not an SQLite file "
                   "(--db postgresql://…; docs/deploy.md)", err=True)
        raise typer.Exit(2)
    try:
        Ledger.open(url).close()  # migrated once, before the workers start
    except LedgerError as e:
        typer.echo(str(e), err=True)
        raise typer.Exit(1)
    os.environ.update({"JOKER_DB_URL": url, "JOKER_BOT_DELAY": str(bot_delay)})
    typer.echo(f"Joker is at http://{shown}:{port}  ({workers} processes; database: {display(url)}; Ctrl-C stops)",
               err=True)
    uvicorn.run("joker.server.app:app_from_env", factory=True, workers=workers, host=host, port=port,
                log_level=log_level, **UVICORN)
