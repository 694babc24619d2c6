"""`tavola serve`: the web platform on uvicorn, over SQLite (default) or PostgreSQL."""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import os
import socket
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    from tavola.server.config import Settings


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve",
        help="run the web platform (play in the browser)",
        description="Serve the web platform. The database schema is created or upgraded at start.",
    )
    add_arguments(p)
    p.set_defaults(func=run)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    p.add_argument(
        "--database",
        default="./tavola.sqlite3",
        help="a SQLite file path, or a SQLAlchemy URL such as postgresql://user:pw@host/db (default ./tavola.sqlite3)",
    )
    p.add_argument("--bot-think", type=float, default=0.5, help="seconds a searching bot thinks per move")
    p.add_argument(
        "--bot-delay", type=float, default=0.3, help="pause before each bot move, seconds (default 0.3)"
    )
    p.add_argument("--bot-threads", type=int, default=2, help="bot moves made at once (default 2)")
    p.add_argument(
        "--bot-processes",
        type=int,
        default=os.cpu_count() or 1,
        help="processes where searching bots think, off the server's event loop "
        "(default: one per core; 0: in the bot threads)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes sharing the port (default 1); more than one needs PostgreSQL",
    )
    p.add_argument("--secure-cookies", action="store_true", help="mark cookies Secure (behind HTTPS)")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])


def serve_arguments(argv: list[str]) -> argparse.Namespace:
    """The options of ``tavola serve`` given on a command line, its defaults for the rest (the
    load test starts its servers with them)."""
    p = argparse.ArgumentParser(prog="tavola serve")
    add_arguments(p)
    return p.parse_args(argv)


def settings_from(args: argparse.Namespace) -> Any:
    from tavola.server.config import Settings, database_url

    return Settings(
        database=database_url(args.database),
        secret=os.environ.get("TAVOLA_SECRET") or None,
        bot_think=args.bot_think,
        bot_delay=args.bot_delay,
        bot_threads=args.bot_threads,
        bot_processes=args.bot_processes,
        secure_cookies=args.secure_cookies,
    )


KEEP_ALIVE = 60.0
"""Seconds an idle HTTP connection is kept open. A live player clicks every few seconds (5 to 15
in the load test); uvicorn's 5 s would close the connection between two clicks, each click
then opening a new one and racing the server's close of the old."""


def uvicorn_config(app: Any, host: str, port: int, log_level: str, settings: Settings) -> Any:
    import uvicorn

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        # Above max_ws_message the app answers 413 and closes with 1009 (docs/api.md); the
        # transport's own cut-off is far above it, so that answer is sent.
        ws_max_size=settings.max_ws_frame,
        timeout_keep_alive=KEEP_ALIVE,
        log_level=log_level,
        access_log=log_level == "debug",
    )


def serve_process(
    app: Any,
    settings: Settings,
    args: argparse.Namespace,
    sockets: list[socket.socket] | None = None,
    running: Callable[[str, int], None] | None = None,
) -> None:
    """One process serving ``app`` as ``tavola serve`` runs it, on ``args.host`` and
    ``args.port`` or on ``sockets`` already bound (the load test's); ``running`` is told the
    address once it listens."""
    import uvicorn

    from tavola.server.app import tune_serving_process

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if running is not None and self.started and self.servers:
                running(*self.servers[0].sockets[0].getsockname()[:2])

    config = uvicorn_config(app, args.host, args.port, args.log_level, settings)
    tune_serving_process()
    Server(config).run(sockets=sockets)


def serve_on_socket(database: str, sock: socket.socket, bot_delay: float, bot_think: float) -> None:
    """A server process as ``tavola serve`` runs one: its options (the database and the pace
    given, its defaults for the rest) and its code, on a socket bound by its caller (the load
    test's server processes)."""
    from tavola.server import create_app

    logging.basicConfig(level=logging.WARNING)
    pace = ["--bot-delay", repr(bot_delay), "--bot-think", repr(bot_think)]
    args = serve_arguments(["--database", database, *pace, "--log-level", "warning"])
    settings = settings_from(args)
    serve_process(create_app(settings), settings, args, sockets=[sock])


def run(args: argparse.Namespace) -> int:
    from tavola.server import create_app
    from tavola.server.db import Database

    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    settings = settings_from(args)
    shown_db = make_url(settings.database).render_as_string(hide_password=True)
    if args.workers < 1:
        print("tavola serve: --workers must be 1 or more", file=sys.stderr)
        return 2
    if args.bot_processes < 0:
        print("tavola serve: --bot-processes must be 0 or more", file=sys.stderr)
        return 2
    if args.workers > 1 and make_url(settings.database).get_backend_name() != "postgresql":
        print(
            f"tavola serve: --workers {args.workers} needs PostgreSQL (--database postgresql://...): "
            "a SQLite file is served by one process, which alone knows whose sockets to push to "
            "and which bots to run",
            file=sys.stderr,
        )
        return 2
    try:
        if args.workers > 1:
            Database(settings.database).dispose()  # migrated once, before the workers start
            app: Any = None
        else:
            app = create_app(settings)
    except Exception as exc:  # the database cannot be opened or migrated
        print(f"tavola serve: cannot open the database {shown_db}: {exc}", file=sys.stderr)
        return 2

    def running(host: str, port: int) -> None:
        shown = f"[{host}]" if ":" in host else host
        workers = f", {args.workers} workers" if args.workers > 1 else ""
        print(f"Tavola is running at http://{shown}:{port}/  (database {shown_db}{workers})", flush=True)

    if args.workers > 1:
        return _run_workers(args, settings, running)

    serve_process(app, settings, args, running=running)
    return 0


def _run_workers(args: argparse.Namespace, settings: Settings, running: Any) -> int:
    """N processes on one listening socket (uvicorn's supervisor restarts one that dies); each
    builds the app from the settings in its environment."""
    from uvicorn.supervisors import Multiprocess

    from tavola.server.config import SETTINGS_ENV

    os.environ[SETTINGS_ENV] = json.dumps(dataclasses.asdict(settings))
    config = uvicorn_config(
        "tavola.server.app:app_from_environment", args.host, args.port, args.log_level, settings
    )
    config.factory = True
    config.workers = args.workers
    sock = config.bind_socket()
    sock.listen(config.backlog)  # connections wait for the first worker from now on
    running(*sock.getsockname()[:2])
    Multiprocess(config, sockets=[sock]).run()
    return 0
