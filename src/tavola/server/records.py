"""Replays, records and imports of a match: any viewpoint once the game is over, only the
caller's own seats before; a record (it holds the seed) only once the game is over. A part of
:class:`tavola.server.matches.Matches`."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session as DbSession

from tavola.core.errors import TavolaError
from tavola.core.game import Game, Mark, replay
from tavola.core.history import LogView
from tavola.core.rng import commitment
from tavola.server.auth import Identity
from tavola.server.errors import ApiError, bad_request, forbidden, not_found
from tavola.server.matchdata import FINISHED, MatchData, MatchRow, new_id
from tavola.server.models import ActionRow, Match, Seat, SnapshotRow

log = logging.getLogger("tavola.server")

_SEED_COLUMN = 2**63
MARK_EVERY = 200
"""A replay keeps a mark every this many steps: a jump back replays from the nearest one."""


@dataclass
class Replay:
    """A match's replay session, with its marks (the session at every MARK_EVERY-th step)."""

    game: Game
    marks: list[Mark] = field(default_factory=list)


class Records:
    """Replays, export and import (mixed into Matches: uses its caches, ``db``, ``fetch``,
    ``lock``, ``reload``, ``_holder_check`` and ``_action_rows``)."""

    db: Any
    fetch: Any
    lock: Any
    reload: Any
    _holder_check: Any
    _action_rows: Any
    _cached: Any
    _remember: Any
    _replays: Any
    _live_game: Any

    def _record(self, s: DbSession, m: MatchRow) -> dict[str, Any]:
        rows = self._action_rows(s, m.id, 0, m.step)
        out = {
            **_settings(m),
            "actions": [[r.role, *r.action] for r in rows],
            "checksums": [r.checksum for r in rows],
        }
        if m.record_format >= 2:
            out["dice_commitment"] = commitment(m.seed)
        return out

    def _restored(self, s: DbSession, m: MatchRow, upto: int) -> Game:
        """The match's game at its last stored snapshot at or before step ``upto`` that fits
        the record (its state gives the record's checksum at its step), or fresh from its
        settings if none does: the caller applies the steps after it from the actions table."""
        snaps = s.execute(
            select(SnapshotRow.step, SnapshotRow.data)
            .where(SnapshotRow.match_id == m.id, SnapshotRow.step <= upto, SnapshotRow.step > 0)
            .order_by(SnapshotRow.step.desc())
            .limit(3)
        ).all()
        for snap in snaps:
            game = fresh_game(m)
            stored = s.scalar(
                select(ActionRow.checksum).where(ActionRow.match_id == m.id, ActionRow.step == snap.step - 1)
            )
            try:
                game.resume(snap.data)
                if len(game.actions) != snap.step or game.checksums[-1] != stored:
                    raise ValueError("its last checksum is not the record's")
            except ValueError as exc:
                log.warning("match %s: snapshot at step %s ignored (%s)", m.id, snap.step, exc)
                continue
            return game
        return fresh_game(m)

    def replay_view(
        self, mid: str, ident: Identity | None, step: int | None, role: str | None
    ) -> tuple[MatchData, int, dict[str, Any]]:
        """The view of ``role`` at ``step``: any viewpoint once over, only your own seats before."""
        with self.lock(mid):
            data, step, game = self._replay_game(mid, ident, step, role)
            return data, step, game.packed_view(role)

    def visible_log(
        self, mid: str, ident: Identity | None, role: str | None, step: int | None
    ) -> tuple[int, LogView]:
        """The log ``role`` may read (``visible_log``, as in its view): of the live game with
        the access of :meth:`view`, or at ``step`` of the replay with that of :meth:`replay_view`."""
        with self.lock(mid):
            if step is not None:
                _, at, game = self._replay_game(mid, ident, step, role)
                return at, game.visible_log(role)
            _, game = self._live_game(mid, ident, role)
            return len(game.actions), game.visible_log(role)

    def _replay_game(
        self, mid: str, ident: Identity | None, step: int | None, role: str | None
    ) -> tuple[MatchData, int, Game]:
        """The replay's Game at ``step`` (checked like :meth:`replay_view`). Hold the lock."""
        data = self.fetch(mid)
        m = data.match
        if role is not None and data.seat(role) is None:
            raise not_found(f"role {role!r} in match {mid}")
        if not data.finished:
            if role is None:
                raise forbidden("while the game runs, replays show only your own seats: name one of them")
            self._holder_check(data, ident, role)
        if step is None:
            step = m.step
        if not 0 <= step <= m.step:
            raise bad_request(f"step must be between 0 and {m.step}")
        held: Replay | None = self._cached(self._replays, mid)
        if held is not None and len(held.game.actions) > step:
            back = [mark for mark in held.marks if mark.step <= step]
            if back:
                held.game.rewind(back[-1])  # the marks after it stay true: the record only grows
            else:
                held = None
        if held is None:
            with self.db.session() as s:
                held = Replay(self._restored(s, m, step))
        game = held.game
        if len(game.actions) < step:
            with self.db.session() as s:
                rows = self._action_rows(s, mid, len(game.actions), step)
            try:
                for row in rows:
                    game.apply(row.role, row.action)
                    done = len(game.actions)
                    if done % MARK_EVERY == 0 and done > (held.marks[-1].step if held.marks else 0):
                        held.marks.append(game.mark())
            except TavolaError as exc:
                raise ApiError(500, "corrupt_match", f"match {mid} cannot be replayed: {exc}") from None
        self._remember(self._replays, mid, held)
        return data, step, game

    def record(self, mid: str) -> dict[str, Any]:
        with self.db.session() as s:
            m = s.get(Match, mid)
            if m is None:
                raise not_found(f"match {mid!r}")
            if m.status not in FINISHED:
                # A record holds the seed: never exported while the game runs.
                raise ApiError(409, "not_over", "the record is available once the game is over")
            return self._record(s, MatchRow.of(m))

    def import_record(self, ident: Identity | None, record: dict[str, Any]) -> MatchData:
        try:
            game = replay(record)
        except TavolaError as exc:
            raise ApiError(422, "corrupt_record", str(exc)) from None
        snapshots = self._snapshots_of(record, game)
        now = time.time()
        with self.db.session() as s, s.begin():
            mid = insert_match(s, game, ident, status="imported", version=len(game.actions))
            s.execute(insert(Seat), [{"match_id": mid, "role": r, "kind": "none"} for r in game.roles])
            if game.actions:
                s.execute(
                    insert(ActionRow),
                    [
                        {
                            "match_id": mid,
                            "step": i,
                            "role": a[0],
                            "action": a[1:],
                            "checksum": c,
                            "created_at": now,
                        }
                        for i, (a, c) in enumerate(zip(game.actions, game.checksums))
                    ],
                )
            if snapshots:
                s.execute(
                    insert(SnapshotRow),
                    [{"match_id": mid, "step": k, "data": d, "created_at": now} for k, d in snapshots],
                )
        return self.reload(mid)

    def _snapshots_of(self, record: dict[str, Any], game: Game) -> list[tuple[int, bytes]]:
        """Snapshots of an imported game every ``snapshot_every`` steps, as a match played here
        stores them: its replays jump from the nearest one instead of from step 0."""
        every = self.settings.snapshot_every
        if every <= 0 or len(game.actions) < every:
            return []
        again = replay(record, upto=0)
        out = []
        for entry in game.actions:
            again.apply(entry[0], list(entry[1:]))
            if len(again.actions) % every == 0:
                out.append((len(again.actions), again.snapshot()))
        return out


def fresh_game(m: MatchRow) -> Game:
    """The match's game before its first step (its settings, seed and start position)."""
    return replay({**_settings(m), "actions": []}, verify=False)


def _settings(m: MatchRow) -> dict[str, Any]:
    """A match's record without its actions: the settings, the seed and the start position."""
    out: dict[str, Any] = {
        "format": m.record_format,
        "game": m.game,
        "scenario": m.scenario,
        "players": m.players,
        "options": dict(m.options),
        "seed": m.seed,
    }
    if m.start is not None:  # a record that starts from a position carries it
        out["position"] = m.start
    if m.state_version != 1:  # its checksums are written in this layout of the state
        out["state_version"] = m.state_version
    return out


def insert_match(s: DbSession, game: Game, creator: Identity | None, **columns: Any) -> str:
    """Insert the row of a new match (a new id, made now by ``creator``) with the columns its
    game gives and ``columns``; its id."""
    now = time.time()
    mid = new_id()
    s.execute(
        insert(Match).values(
            id=mid,
            **_match_columns(game),
            created_by=creator.user_id if creator else None,
            created_at=now,
            updated_at=now,
            **columns,
        )
    )
    return mid


def _match_columns(game: Game) -> dict[str, Any]:
    """The columns of a new match's row that its game gives: settings, seed, record format and
    state layout, start position, and where it stands."""
    return {
        "game": game.game_id,
        "scenario": game.scenario,
        "players": game.players,
        "options": game.options,
        **_seed_columns(game.seed),
        "record_format": game.record_format,
        "state_version": game.state_version,
        "start": game.start,
        "step": len(game.actions),
        "active": game.active_roles,
        "round": game.round,
        "result": game.result,
    }


def _seed_columns(seed: int) -> dict[str, Any]:
    """The ``seed`` and ``seed_text`` columns of a seed (wide seeds live in the text one)."""
    if 0 <= seed < _SEED_COLUMN:
        return {"seed": seed, "seed_text": None}
    return {"seed": 0, "seed_text": str(seed)}
