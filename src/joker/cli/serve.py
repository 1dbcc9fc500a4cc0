"""``joker serve``: the web app (play in the browser, watch, replay, keep score)."""

from __future__ import annotations

from typing import Optional

import typer


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", "-p", min=1, max=65535, help="TCP port."),
    db: Optional[str] = typer.Option(
        None, "--db", help="Database: an SQLite file or a SQLAlchemy URL (default: $JOKER_DB_URL, else the "
        "scorekeeper's default file). The scorekeeper and the web tables share it."),
    bot_delay: float = typer.Option(0.8, "--bot-delay", min=0.0, max=10.0,
                                    help="Seconds a bot waits before playing, so people can follow."),
    log_level: str = typer.Option("warning", "--log-level", help="uvicorn's log level (info shows every request)."),
) -> None:
    """Serve the web app: tables with friends and bots, the lobby, replays,
    and the scorekeeper, on one database (SQLite by default)."""
    try:
        import uvicorn

        from joker.server.app import create_app
    except ImportError as e:  # pragma: no cover - the web extra is missing
        typer.echo(f"joker serve needs the web extra: pip install -e '.[web]' ({e})", err=True)
        raise typer.Exit(1)
    from joker.store import display, resolve_url

    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"Joker is at http://{shown}:{port}  (database: {display(resolve_url(db))}; Ctrl-C stops)", err=True)
    # the bots' compiled code (compiled once, then loaded from the disk cache) and the double-dummy solver, ready
    app = create_app(db, bot_delay=bot_delay, warm_analysis=True, warm_bots=True)
    # Messages are small JSON: compressing each costs more CPU (and latency) than it saves on a LAN.
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024, ws_ping_interval=20.0,
                ws_ping_timeout=20.0, ws_per_message_deflate=False)
