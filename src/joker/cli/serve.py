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
    keeper_key: Optional[str] = typer.Option(
        None, "--keeper-key", envvar="JOKER_KEEPER_KEY", show_envvar=True,
        help="A key every scorekeeper change must carry (the keeper page asks for it once). Off by default on "
        "127.0.0.1; required on any other address: one is made and printed when none is given."),
    allowed_hosts: Optional[str] = typer.Option(
        None, "--allowed-hosts",
        help="Comma-separated host names the server answers to (the Host header; '*.example.org' patterns, '*' "
        "for any). Default: localhost, 127.0.0.1, ::1 and the --host address (on 0.0.0.0: this machine's name "
        "and addresses)."),
) -> None:
    """Serve the web app: tables with friends and bots, the lobby, replays,
    and the scorekeeper, on one database (SQLite by default)."""
    try:
        import uvicorn

        from joker.server.app import create_app
    except ImportError as e:  # pragma: no cover - the web extra is missing
        typer.echo(f"joker serve needs the web extra: pip install -e '.[web]' ({e})", err=True)
        raise typer.Exit(1)
    from joker.server.access import hosts_for, keeper_key_for
    from joker.store import display, resolve_url

    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    hosts = hosts_for(host, allowed_hosts.split(",") if allowed_hosts else None)
    try:
        key, made = keeper_key_for(host, keeper_key)
    except ValueError as e:
        typer.echo(f"joker serve: --keeper-key: {e}", err=True)
        raise typer.Exit(2)
    typer.echo(f"Joker is at http://{shown}:{port}  (database: {display(resolve_url(db))}; Ctrl-C stops)", err=True)
    typer.echo(f"Answering to the hosts: {', '.join(hosts)}  (--allowed-hosts to change)", err=True)
    if made:
        typer.echo(f"Scorekeeper key: {key}  (listening on {host}, so the scorekeeper's changes need it; "
                   "--keeper-key or $JOKER_KEEPER_KEY keeps one)", err=True)
    elif key:
        typer.echo("The scorekeeper's changes need the keeper key.", err=True)
    app = create_app(db, bot_delay=bot_delay, warm_analysis=True,  # the double-dummy solver, ready when asked
                     keeper_key=key, allowed_hosts=hosts)
    # Messages are small JSON: compressing each costs more CPU (and latency) than it saves on a LAN.
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024, ws_ping_interval=20.0,
                ws_ping_timeout=20.0, ws_per_message_deflate=False)
