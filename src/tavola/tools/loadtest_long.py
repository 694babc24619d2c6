"""Long games for the load test (``tavola loadtest --steps N``): every match starts N steps in.

A server's memory and its cache of live games are measured on games as long as people play
(Italia: some 1,500 to 3,000 steps), not only on games just begun. Before the server starts, a
few random games are played to ``steps`` here (``distinct`` of them, each a seed of its own),
and each match is stored as the server stores a match played that far: its row, its seats, one
row per action with its checksum, and a snapshot every ``snapshot_every`` steps (the last one
is what the server rebuilds the game from). The matches share those few games: each is still a
match of its own to the server, rebuilt and held apart. The scripted players' seats are open,
with an invitation the load test's clients join with.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Any

from tavola.core.errors import TavolaError
from tavola.core.game import RECORD_FORMAT, UNDO, Game, replay

END_MARGIN = 50
"""Steps kept before a random game's end (a quarter of a short game) when it ends before
``steps``: the matches play on."""


@dataclass(frozen=True)
class Stored:
    """A match stored before the play: its id and the invitation of each scripted seat."""

    match_id: str
    invites: dict[str, str]


def _random_game(game_id: str, scenario: str, players: int, steps: int, seed: int) -> Game:
    """A game of random legal actions (no undo) to ``steps``, or ``END_MARGIN`` before its end."""
    rand = random.Random(seed)
    game = Game(game_id, scenario, players, {}, seed, record_format=RECORD_FORMAT)
    while len(game.actions) < steps and not game.is_over:
        # The first active role with an action left (one that drafted a secret choice waits).
        for role in game.active_roles:
            legal = [a for a in game.legal_actions(role) if a != UNDO]
            if legal:
                break
        else:
            raise TavolaError(f"{game_id}: no role can act at step {len(game.actions)}")
        game.apply(role, list(rand.choice(legal)))
    if game.is_over:
        done = len(game.actions)
        game = replay(game.record(), upto=done - min(END_MARGIN, done // 4))
    return game


def played(game_id: str, scenario: str, players: int, steps: int, distinct: int, seed: int) -> list[Game]:
    """``distinct`` random games of ``steps`` steps (or a little fewer: see ``END_MARGIN``)."""
    return [_random_game(game_id, scenario, players, steps, seed * 1000 + i) for i in range(distinct)]


def _snapshot(game: Game, every: int) -> tuple[int, bytes] | None:
    """The game's snapshot at its last multiple of ``every`` steps, as the server stores it."""
    at = len(game.actions) // every * every if every > 0 else 0
    if at <= 0:
        return None
    return at, replay(game.record(), upto=at).snapshot()


def store(
    database: str,
    games: list[Game],
    seats: list[tuple[dict[str, str], float | None]],
    snapshot_every: int,
) -> list[Stored]:
    """Store one match per ``seats`` entry (role -> "open" or "bot:NAME", and its bots' pace),
    each a copy of one of ``games`` in turn; their ids and invitations."""
    from sqlalchemy import insert

    from tavola.server.db import Database
    from tavola.server.models import ActionRow, Seat, SnapshotRow
    from tavola.server.records import insert_match

    db = Database(database)
    snaps = [_snapshot(g, snapshot_every) for g in games]
    out = []
    try:
        with db.session() as s, s.begin():
            for i, (by_role, bot_delay) in enumerate(seats):
                game, snap = games[i % len(games)], snaps[i % len(games)]
                if game.is_over:
                    raise TavolaError("a stored long game is over: fewer --steps")
                mid = insert_match(
                    s, game, None, status="active", bot_delay=bot_delay, version=len(game.actions)
                )
                invites = {r: secrets.token_urlsafe(12) for r, how in by_role.items() if how == "open"}
                s.execute(
                    insert(Seat.__table__), [_seat(mid, role, how, invites) for role, how in by_role.items()]
                )
                s.execute(insert(ActionRow.__table__), _action_rows(mid, game))
                if snap is not None:
                    s.execute(
                        insert(SnapshotRow),
                        [{"match_id": mid, "step": snap[0], "data": snap[1], "created_at": 0.0}],
                    )
                out.append(Stored(mid, invites))
    finally:
        db.dispose()
    return out


@dataclass(frozen=True)
class Long:
    """What to store: ``distinct`` random games of ``game`` (id, scenario, players) played to
    ``steps`` from ``seed``, one match per ``seats`` entry, snapshots every ``snapshot_every``."""

    game: tuple[str, str, int]
    steps: int
    distinct: int
    seed: int
    seats: list[tuple[dict[str, str], float | None]]
    snapshot_every: int


def prepare(database: str, long: Long) -> list[Stored]:
    """:func:`played` and :func:`store` in a child process: the memory they take (the games'
    rows, some hundreds of MB for a thousand matches) is the system's again when it ends, not
    held by the load test's process, of which the server's processes are forks."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(1, mp_context=ctx) as pool:
        return pool.submit(_prepare, database, long).result()


def _prepare(database: str, long: Long) -> list[Stored]:
    games = played(*long.game, long.steps, long.distinct, long.seed)
    return store(database, games, long.seats, long.snapshot_every)


def _seat(mid: str, role: str, how: str, invites: dict[str, str]) -> dict[str, Any]:
    if how == "open":
        return {
            "match_id": mid,
            "role": role,
            "kind": "open",
            "user_id": None,
            "bot": None,
            "invite": invites[role],
        }
    return {"match_id": mid, "role": role, "kind": "bot", "user_id": None, "bot": how[4:], "invite": None}


def _action_rows(mid: str, game: Game) -> list[dict[str, Any]]:
    return [
        {"match_id": mid, "step": i, "role": a[0], "action": a[1:], "checksum": c, "created_at": 0.0}
        for i, (a, c) in enumerate(zip(game.actions, game.checksums))
    ]
