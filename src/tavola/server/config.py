"""Server settings, with defaults that start on a fresh machine with no set-up."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_DATABASE = "sqlite:///./tavola.sqlite3"
SETTINGS_ENV = "TAVOLA_SERVE_SETTINGS"
"""The settings, as JSON, that each worker of ``tavola serve --workers N`` starts with."""
KIB = 1024


@dataclass
class Settings:
    database: str = DEFAULT_DATABASE
    secret: str | None = None
    """Key that signs session cookies; None keeps a random one in the database."""
    session_days: float = 30.0
    guest_days: float = 365.0
    bot_think: float = 0.5
    """Seconds a searching bot may think per move."""
    bot_delay: float = 0.0
    """Pause before each bot move, so people can follow the game."""
    bot_threads: int = 2
    bot_processes: int = 0
    """Processes where searching bots think (0: in the bot threads, holding the interpreter
    lock the event loop needs; ``tavola serve`` starts one per core)."""
    max_body: int = 64 * KIB
    max_record: int = 4096 * KIB
    max_ws_message: int = 64 * KIB
    """A socket message larger than this gets an error message (413 too_large), then the socket
    closes with 1009."""
    max_ws_frame: int = 1024 * KIB
    """The WebSocket layer cuts a message larger than this at once, closing with 1009."""
    cache_matches: int = 20_000
    """Live games held in play (the ones used last), within ``cache_memory``."""
    cache_memory: int = 256 * KIB * KIB
    """Bytes the live games in play may hold in all (estimated: ``matches.live_bytes``, some
    120 KB for an Italia game of 1,500 steps); the ones used longest ago beyond it are frozen."""
    cache_replays: int = 256
    """Replays held (the ones asked for last), each a whole game with its marks."""
    cache_frozen: int = 20_000
    """Live games held as compressed snapshots once out of the live games in play (some 25
    times smaller); beyond them, a game is rebuilt from the database's last snapshot."""
    snapshot_every: int = 100
    """Steps between two stored snapshots of a match's game: rebuilding a game that is not in
    memory (or a replay's jump) replays at most this many steps. 0: none are stored."""
    collect_every: float = 600.0
    """Seconds between two full collections of cyclic garbage, made by the server instead of
    Python's own rule, which stalled a loaded server for half a second every 20 s or so
    (``tavola.server.collector``); 0 leaves Python's rule."""
    cache_ttl: float = 2.0
    """Seconds a cached match row is trusted before it is read again."""
    secure_cookies: bool = False
    argon2_time_cost: int = 3
    argon2_memory_kib: int = 64 * KIB


def database_url(value: str) -> str:
    """A SQLAlchemy URL from ``--database``: a URL, or a plain path meaning a SQLite file."""
    if "://" not in value:
        return f"sqlite:///{value}"
    scheme, rest = value.split("://", 1)
    # psycopg 3 is the driver the `postgres` extra installs.
    if scheme in ("postgres", "postgresql"):
        return f"postgresql+psycopg://{rest}"
    return value
