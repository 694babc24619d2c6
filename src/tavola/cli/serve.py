"""`tavola serve`: the web platform on uvicorn, over SQLite (default) or PostgreSQL."""

from __future__ import annotations

import argparse
import logging
import os
import socket
import sys
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
    p.add_argument("--bot-threads", type=int, default=2, help="threads for bot thinking (default 2)")
    p.add_argument("--secure-cookies", action="store_true", help="mark cookies Secure (behind HTTPS)")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=run)


def settings_from(args: argparse.Namespace) -> Any:
    from tavola.server.config import Settings, database_url

    return Settings(
        database=database_url(args.database),
        secret=os.environ.get("TAVOLA_SECRET") or None,
        bot_think=args.bot_think,
        bot_delay=args.bot_delay,
        bot_threads=args.bot_threads,
        secure_cookies=args.secure_cookies,
    )


def uvicorn_config(app: Any, host: str, port: int, log_level: str, settings: Settings) -> Any:
    import uvicorn

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        # Above max_ws_message the app answers 413 and closes with 1009 (docs/api.md); the
        # transport's own cut-off is far above it, so that answer is sent.
        ws_max_size=settings.max_ws_frame,
        log_level=log_level,
        access_log=log_level == "debug",
    )


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from tavola.server import create_app

    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    settings = settings_from(args)
    shown_db = make_url(settings.database).render_as_string(hide_password=True)
    try:
        app = create_app(settings)
    except Exception as exc:  # the database cannot be opened or migrated
        print(f"tavola serve: cannot open the database {shown_db}: {exc}", file=sys.stderr)
        return 2

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and self.servers:
                host, port = self.servers[0].sockets[0].getsockname()[:2]
                shown = f"[{host}]" if ":" in host else host
                print(f"Tavola is running at http://{shown}:{port}/  (database {shown_db})", flush=True)

    config = uvicorn_config(app, args.host, args.port, args.log_level, settings)
    Server(config).run()
    return 0
