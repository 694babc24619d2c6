"""Matches: settings, seats and actions in the database; the live :class:`Game` in memory.

The stored record (settings, seed, one row per action) and the secret drafts (each role's
clicks of a choice not yet committed) are the truth. The live Game is rebuilt from them by
replay on demand and cached with the match's version (every stored change counts one); a
cached Game that is behind the database (another server process wrote) catches up by applying
the missing rows and reading the drafts again.

Every method is synchronous and thread-safe: the async layer calls them in worker threads.
A lock per match serializes everything that touches that match's Game. Across processes,
every write is conditional on the version it was judged on (and the primary key (match, step)
of the actions table stays the last guard): of two processes racing, the second is refused
with 409 stale and its client asks again.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import JSON, bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession

from tavola.bots import LEVELS, bot_names
from tavola.core.errors import CorruptRecord, TavolaError
from tavola.core.game import RECORD_FORMAT, Game
from tavola.core.rng import commitment
from tavola.core.rules import clone
from tavola.server.auth import Identity
from tavola.server.botspecs import seat_bot
from tavola.server.catalog import load_rules
from tavola.server.cluster import Cluster
from tavola.server.config import Settings
from tavola.server.db import Database
from tavola.server.errors import ApiError, forbidden, from_engine, not_found, stale
from tavola.server.matchdata import (
    FINISHED,
    Answered,
    BotJob,
    MatchData,
    MatchRow,
    Played,
    SeatInfo,
    _player,
)
from tavola.server.models import ActionRow, DraftRow, Match, Seat, SnapshotRow, User
from tavola.server.records import Records, Replay, fresh_game, insert_match
from tavola.server.talk import Talk

__all__ = ["FINISHED", "BotJob", "MatchData", "MatchRow", "Matches", "Played", "SeatInfo"]

log = logging.getLogger("tavola.server")

RELOAD_TTLS = 15
"""With other server processes, a cached match is checked by one small query after each
``cache_ttl`` and read whole after this many of them."""

SEED_BITS = 256
"""Online seeds come from the operating system's CSPRNG (``secrets``): see docs/fairness.md."""


# Built once: the hot path of every action runs these two statements in one transaction.
_INSERT_ACTION = insert(ActionRow.__table__)
_INSERT_SNAPSHOT = insert(SnapshotRow.__table__)
_MATCHES = Match.__table__.c
_DRAFTS = DraftRow.__table__.c
_JUDGED_ON = (
    _MATCHES.id == bindparam("mid"),
    _MATCHES.step == bindparam("old"),
    _MATCHES.version == bindparam("version"),
)
_ADVANCE = (
    update(Match.__table__)
    .where(*_JUDGED_ON)
    .values(
        version=_MATCHES.version + 1,
        step=bindparam("new"),
        active=bindparam("active", type_=JSON),
        round=bindparam("round"),
        result=bindparam("result", type_=JSON),
        status=bindparam("status"),
        updated_at=bindparam("updated_at"),
    )
)


# A click of a secret draft: the match's version moves on, nothing else of its row does (its
# updated_at neither: nobody may learn that a draft changed).
_BUMP = update(Match.__table__).where(*_JUDGED_ON).values(version=_MATCHES.version + 1)
_NOW = select(_MATCHES.step, _MATCHES.version).where(_MATCHES.id == bindparam("mid"))
_STILL = select(_MATCHES.step, _MATCHES.version, _MATCHES.updated_at, _MATCHES.bot_delay).where(
    _MATCHES.id == bindparam("mid")
)
_STORED_DRAFTS = (
    select(_MATCHES.step, _MATCHES.version, _DRAFTS.role, _DRAFTS.clicks)
    .select_from(Match.__table__.outerjoin(DraftRow.__table__, _DRAFTS.match_id == _MATCHES.id))
    .where(_MATCHES.id == bindparam("mid"))
)


class _LostRace(Exception):
    """Another writer stored a change of this match first."""


@dataclass(frozen=True)
class Frozen:
    """A live game held as :meth:`Game.snapshot` bytes, with the version it shows."""

    version: int
    data: bytes
    drafts: dict[str, list[list[Any]]]
    """The secret drafts open in it (a snapshot holds the committed game only)."""


LIVE_BASE = 48 * 1024
"""A live game's memory besides its past: its state, the actions offered and the session's
own objects. Measured with tracemalloc on games thawed from their snapshots, their views built
and forgotten (as after a push): 37 to 122 KB in all at 425 to 1,500 steps, of which 37 to 73 KB
their past (docs/performance.md, session 16)."""


def live_bytes(game: Game) -> int:
    """The memory a live game holds, estimated (what ``cache_memory`` counts): its past as
    held (:meth:`Game.past_bytes`) and :data:`LIVE_BASE`."""
    return LIVE_BASE + game.past_bytes()


@dataclass
class Live:
    """A live Game and the version of the match it shows (its steps and its drafts)."""

    game: Game
    version: int
    size: int = 0
    """Its memory as last counted (:func:`live_bytes`) in the live games' total."""


class Matches(Talk, Records):
    """Creating, joining and playing matches, with the live games cached; chat and notes
    (:class:`Talk`) and replays and records (:class:`Records`) are parts of it."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self._live: OrderedDict[str, Live] = OrderedDict()
        """The live games used last: at most ``cache_matches``, and ``cache_memory`` bytes
        (estimated) in all."""
        self._live_bytes = 0
        self._frozen: OrderedDict[str, Frozen] = OrderedDict()
        """Live games pushed out of ``_live``, kept as snapshots (some 25 times smaller),
        thawed in a millisecond or two with no step replayed. Beyond ``cache_frozen`` of them, a game is rebuilt from the database's
        last snapshot and at most ``snapshot_every`` steps."""
        self._replays: OrderedDict[str, Replay] = OrderedDict()
        self._data: OrderedDict[str, MatchData] = OrderedDict()
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()
        self.listeners: list[Callable[[str, str | None, Answered], None]] = []
        """Called (from any thread) with (match id, role, answered) after every change of a
        match: role None when anyone watching may see it, else only that role (a click of its
        secret draft); answered, the (page, role) whose action's answer already carries the new
        view, or None. The hub pushes views and the bot runner looks for bot moves; no caller
        publishes."""
        self.cluster: Cluster | None = None
        """Other server processes on this database (PostgreSQL), told of every public change."""

    def changed(
        self, mid: str, only: str | None = None, *, told: bool = False, answered: Answered = None
    ) -> None:
        """Fire the signal here, and tell the other processes (unless ``told`` already: an
        action tells them in the transaction that stores it). A secret draft lives in this
        process's memory only, so it stays here."""
        for listener in self.listeners:
            listener(mid, only, answered)
        if only is None and not told:
            self.announce("changed", m=mid)

    def announce(self, kind: str, **body: Any) -> None:
        """A notice to the other server processes, if any; a failure to send it is logged (what
        changed is stored, and their cached rows expire after ``cache_ttl``)."""
        if self.cluster is None:
            return
        try:
            with self.db.engine.begin() as conn:
                self.cluster.notify(conn, kind, **body)
        except Exception as exc:
            log.warning("notice %s not sent: %s", kind, exc)

    def changed_elsewhere(self, notice: dict[str, Any]) -> None:
        """Another process changed a match (``r``: only that role's draft): read it afresh,
        then fire the signal here."""
        mid = str(notice.get("m"))
        only = notice.get("r")
        page, role = notice.get("p"), notice.get("a")
        answered = (page, role) if isinstance(page, str) and isinstance(role, str) else None
        self.forget(mid)
        self.changed(mid, only if isinstance(only, str) else None, told=True, answered=answered)

    def forget(self, mid: str) -> None:
        """Drop the cached match row: the next look reads it from the database."""
        with self._guard:
            self._data.pop(mid, None)

    # --- locking and the live-game cache --------------------------------------------------
    def lock(self, mid: str) -> threading.RLock:
        with self._guard:
            lk = self._locks.get(mid)
            if lk is None:
                lk = self._locks[mid] = threading.RLock()
            return lk

    def _remember(self, cache: OrderedDict[str, Any], mid: str, item: Any) -> None:
        # The match rows are small (a few KB with their seats and players) and read by every
        # request: they are held as long as the frozen games. A replay holds a whole game.
        limit = self.settings.cache_frozen if cache is self._data else self.settings.cache_replays
        with self._guard:
            cache[mid] = item
            cache.move_to_end(mid)
            while len(cache) > limit:
                cache.popitem(last=False)

    def _cached(self, cache: OrderedDict[str, Any], mid: str) -> Any:
        with self._guard:
            game = cache.get(mid)
            if game is not None:
                cache.move_to_end(mid)
            return game

    def _keep_live(self, mid: str, live: Live) -> None:
        """Remember a live game; those used longest ago, past ``cache_matches`` games or
        ``cache_memory`` bytes, are frozen."""
        size = live_bytes(live.game)
        out: list[tuple[str, Live]] = []
        with self._guard:
            was = self._live.pop(mid, None)
            self._live_bytes += size - (was.size if was is not None else 0)
            live.size = size
            self._live[mid] = live
            self._frozen.pop(mid, None)
            while len(self._live) > 1 and (
                len(self._live) > self.settings.cache_matches or self._live_bytes > self.settings.cache_memory
            ):
                old, held = self._live.popitem(last=False)
                self._live_bytes -= held.size
                out.append((old, held))
        for old, held in out:
            self._freeze(old, held)

    def _freeze(self, mid: str, held: Live) -> None:
        """Hold a live game pushed out of ``_live`` as a snapshot, unless in use this very
        moment (then rebuilt from the database when asked again)."""
        lock = self.lock(mid)
        if not lock.acquire(blocking=False):
            return
        try:
            frozen = Frozen(held.version, held.game.snapshot(), held.game.drafts())
        finally:
            lock.release()
        with self._guard:
            if mid not in self._live:  # (not asked for again meanwhile)
                self._frozen[mid] = frozen
                while len(self._frozen) > self.settings.cache_frozen:
                    self._frozen.popitem(last=False)

    def _thawed(self, m: MatchRow) -> Live | None:
        """A frozen live game, thawed (and no longer frozen), or None."""
        with self._guard:
            frozen = self._frozen.pop(m.id, None)
        if frozen is None:
            return None
        game = fresh_game(m)
        try:
            game.resume(frozen.data, trusted=True)  # taken here, of a game checked step by step
        except ValueError as exc:
            log.warning("match %s: frozen game not thawed (%s)", m.id, exc)
            return None
        if frozen.drafts:
            game.restore_drafts(frozen.drafts)
        return Live(game, frozen.version)

    def evict(self, mid: str) -> None:
        with self._guard:
            held = self._live.pop(mid, None)
            if held is not None:
                self._live_bytes -= held.size
            self._frozen.pop(mid, None)
            self._replays.pop(mid, None)
            self._data.pop(mid, None)

    def _game(self, m: MatchRow) -> Game:
        """The live Game of a match, in step with the database. Hold the match's lock."""
        return self._live_of(m).game

    def _live_of(self, m: MatchRow) -> Live:
        """The live Game with the version it shows, brought to the row's version: the missing
        steps applied, and the drafts read again if any was stored meanwhile. Hold the lock."""
        live = self._cached(self._live, m.id)
        if live is None:
            live = self._thawed(m)
            if live is not None:
                self._keep_live(m.id, live)
        if live is not None and live.version == m.version and len(live.game.actions) == m.step:
            return live
        if live is not None and live.version > m.version:
            # The row came from a read that raced a newer write: the database decides.
            fresh = self.reload(m.id).match
            if fresh.version == live.version and fresh.step == len(live.game.actions):
                return live
            m = fresh
        try:
            for _ in range(5):
                live = self._catch_up(live, m)
                if live.version == m.version:
                    break
                # Another process stored a change while this one read: once more, from there.
                m = self.reload(m.id).match
            else:
                raise ApiError(503, "busy", f"match {m.id} changes faster than it can be read; retry")
        except Exception as exc:
            self.evict(m.id)
            if not isinstance(exc, TavolaError):
                raise
            log.error("match %s cannot be rebuilt: %s", m.id, exc)
            raise ApiError(
                500, "corrupt_match", f"match {m.id} cannot be rebuilt from its record: {exc}"
            ) from None
        self._keep_live(m.id, live)
        return live

    def _catch_up(self, live: Live | None, m: MatchRow) -> Live:
        """One try at bringing the game to ``m``: its version is ``m``'s if it got there."""
        with self.db.session() as s:
            if live is not None and len(live.game.actions) <= m.step:
                game, done = live.game, len(live.game.actions)
                # version - step counts the draft clicks ever stored: if none came meanwhile,
                # the drafts here are the stored ones (a step drops the same drafts everywhere).
                drafted = (m.version - m.step) != (live.version - done)
            else:
                # From the last snapshot: at most ``snapshot_every`` steps to replay.
                game = self._restored(s, m, m.step)
                done, drafted = len(game.actions), m.version != m.step
            rows = self._action_rows(s, m.id, done, m.step)
        for row in rows:
            game.apply(row.role, row.action)
            if game.checksums[-1] != row.checksum:
                raise CorruptRecord(f"step {row.step}: checksum differs from the stored one")
        if not drafted:
            return Live(game, m.version)
        with self.db.engine.connect() as conn:
            rows = conn.execute(_STORED_DRAFTS, {"mid": m.id}).all()
        if not rows or (rows[0].step, rows[0].version) != (m.step, m.version):
            return Live(game, -1)  # moved on meanwhile
        game.restore_drafts({r.role: r.clicks for r in rows if r.role is not None})
        return Live(game, m.version)

    # --- reading the database -------------------------------------------------------------
    @staticmethod
    def _action_rows(s: DbSession, mid: str, start: int, stop: int | None = None) -> list[ActionRow]:
        q = select(ActionRow).where(ActionRow.match_id == mid, ActionRow.step >= start)
        if stop is not None:
            q = q.where(ActionRow.step < stop)
        return list(s.scalars(q.order_by(ActionRow.step)))

    def _fetch_many(self, s: DbSession, matches: list[Match]) -> list[MatchData]:
        if not matches:
            return []
        ids = [m.id for m in matches]
        seats: dict[str, list[SeatInfo]] = {mid: [] for mid in ids}
        rows = s.execute(
            select(Seat, User).outerjoin(User, User.id == Seat.user_id).where(Seat.match_id.in_(ids))
        ).all()
        for seat, user in rows:
            seats[seat.match_id].append(
                SeatInfo(seat.role, seat.kind, seat.user_id, _player(user), seat.bot, seat.invite)
            )
        creators = {m.created_by for m in matches if m.created_by is not None}
        names: dict[int, str] = {}
        if creators:
            for user in s.scalars(select(User).where(User.id.in_(creators))):
                p = _player(user)
                names[user.id] = p["name"] if p else ""
        out = []
        for m in matches:
            rules = load_rules(m.game)
            order = rules.roles(m.scenario, m.players, m.options) if rules is not None else []
            rank = {r: i for i, r in enumerate(order)}
            ordered = sorted(seats[m.id], key=lambda x: rank.get(x.role, len(rank)))
            creator = names.get(m.created_by) if m.created_by else None
            out.append(MatchData(MatchRow.of(m), ordered, creator, time.monotonic()))
        return out

    def _fetch(self, s: DbSession, mid: str) -> MatchData:
        m = s.get(Match, mid)
        if m is None:
            raise not_found(f"match {mid!r}")
        return self._fetch_many(s, [m])[0]

    def fetch(self, mid: str) -> MatchData:
        """A match with its seats: from memory (every write here goes through it), or the database.

        With other server processes on the database (``cluster``), cached copies are re-read
        after ``cache_ttl`` seconds, in case a notice of theirs was lost; the actions table's
        key keeps such processes honest. A process alone on its database is the only writer:
        its copies stay good until it changes them (re-reading them every few seconds was an
        eighth of the server's CPU under load)."""
        data = self._cached(self._data, mid)
        now = time.monotonic()
        ttl = self.settings.cache_ttl
        if data is not None and (self.cluster is None or now - max(data.loaded, data.checked) < ttl):
            return data
        if data is not None and now - data.loaded < RELOAD_TTLS * ttl and self._unchanged(data.match):
            # Good for another while (a seat passed to an account changes no match row: the
            # whole match is read again every RELOAD_TTLS times the TTL).
            data = replace(data, checked=now)
            self._remember(self._data, mid, data)
            return data
        with self.db.session() as s:
            data = self._fetch(s, mid)
        with self._guard:
            # A read that raced an action's write must not put an older version back.
            held = self._data.get(mid)
            if held is not None and held.match.version > data.match.version:
                return held
        self._remember(self._data, mid, data)
        return data

    def _unchanged(self, m: MatchRow) -> bool:
        """Whether the stored match is still ``m`` (one small query by key instead of the
        match, its seats and their players): every stored change moves its version (a step, a
        draft's click) or its ``updated_at`` (a seat taken or handed to a bot), or its pace."""
        with self.db.engine.connect() as conn:
            now = conn.execute(_STILL, {"mid": m.id}).first()
        return now is not None and tuple(now) == (m.step, m.version, m.updated_at, m.bot_delay)

    def forget_seats(self) -> None:
        """Drop cached seats (an account took over a guest's seats)."""
        with self._guard:
            self._data.clear()

    def reload(self, mid: str) -> MatchData:
        with self._guard:
            self._data.pop(mid, None)
        return self.fetch(mid)

    def _current(self, data: MatchData) -> MatchData:
        """The match as stored now, read again only if another process stored a change since
        ``data`` was read (one small query; several processes share the database)."""
        m = data.match
        with self.db.engine.connect() as conn:
            now = conn.execute(_NOW, {"mid": m.id}).first()
        if now is None or (now.step, now.version) != (m.step, m.version):
            return self.reload(m.id)
        return data

    # --- what the API returns -------------------------------------------------------------
    def out(self, data: MatchData, ident: Identity | None) -> dict[str, Any]:
        m = data.match
        rules = load_rules(m.game)
        mine = data.roles_of(ident)
        seats = []
        for seat in data.seats:
            item: dict[str, Any] = {
                "role": seat.role,
                "kind": seat.kind,
                "player": seat.player,
                "bot": seat.bot,
                "mine": seat.role in mine,
                "invite": None,
                "invite_url": None,
            }
            # Only the creator hands invites around.
            if seat.kind == "open" and seat.invite and ident is not None and ident.user_id == m.created_by:
                item["invite"] = seat.invite
                item["invite_url"] = f"/play/{m.id}?role={seat.role}&invite={seat.invite}"
            seats.append(item)
        return {
            "id": m.id,
            "game": m.game,
            "game_title": (rules.title if rules is not None and rules.title else m.game),
            "scenario": m.scenario,
            "players": m.players,
            "options": dict(m.options),
            # The seed fixes every future die and shuffle: secret while the game runs, and
            # committed to from the start (docs/fairness.md).
            "seed": m.seed if m.status in FINISHED else None,
            "dice_commitment": commitment(m.seed) if m.record_format >= 2 else None,
            "status": m.status,
            "step": m.step,
            "round": m.round,
            "active": list(m.active),
            "result": m.result,
            "from_position": m.start is not None,
            "seats": seats,
            "my_roles": mine,
            "my_turn": any(r in m.active for r in mine),
            "created_by": data.creator,
            "created_at": m.created_at,
            "updated_at": m.updated_at,
            "bot_delay": data.bot_delay(self.settings.bot_delay),
            "can_pace": ident is not None and ident.user_id == m.created_by and m.status == "active",
        }

    # --- creating and joining -------------------------------------------------------------
    def create(
        self,
        ident: Identity,
        game_id: str,
        scenario: str | None,
        players: int | None,
        options: dict[str, Any],
        seed: int | None,
        seats: dict[str, str],
        bot_delay: float | None = None,
    ) -> MatchData:
        rules = load_rules(game_id)
        if rules is None:
            raise ApiError(422, "bad_settings", f"unknown game {game_id!r}")
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        else:
            self._check_chosen_seed(seats)
        try:
            game = Game(game_id, scenario, players, options, seed, record_format=RECORD_FORMAT)
        except TavolaError as exc:
            raise from_engine(exc) from None
        roles = game.roles
        missing = [r for r in roles if r not in seats]
        unknown = [r for r in seats if r not in roles]
        if missing or unknown:
            parts = []
            if missing:
                parts.append(f"missing seats: {', '.join(missing)}")
            if unknown:
                parts.append(f"not roles of this game: {', '.join(unknown)}")
            raise ApiError(422, "bad_seats", f"{'; '.join(parts)} (roles: {', '.join(roles)})")
        bots = set(bot_names())
        rows: list[dict[str, Any]] = []
        for role in roles:
            how = seats[role]
            row: dict[str, Any] = {"role": role, "user_id": None, "bot": None, "invite": None}
            if how in ("me", "hotseat"):
                row.update(kind=how, user_id=ident.user_id)
            elif how == "open":
                row.update(kind="open", invite=secrets.token_urlsafe(12))
            elif how.startswith("bot:"):
                try:
                    spec = seat_bot(how[4:], self.settings)
                except ValueError as exc:
                    raise ApiError(422, "bad_seats", f"seat {role}: {how!r}: {exc}") from None
                row.update(kind="bot", bot=spec)
            else:
                raise ApiError(
                    422,
                    "bad_seats",
                    f"seat {role}: {how!r} is not me, hotseat, open or bot:NAME[:LEVEL][:KEY=VALUE...] "
                    f"(bots: {', '.join(sorted(bots))}; levels: {', '.join(LEVELS)})",
                )
            rows.append(row)
        with self.db.session() as s, s.begin():
            status = "over" if game.is_over else "active"
            mid = insert_match(s, game, ident, status=status, bot_delay=bot_delay)
            s.execute(insert(Seat), [{"match_id": mid, **r} for r in rows])
        self._keep_live(mid, Live(game, 0))
        data = self.reload(mid)
        self.changed(mid)  # bots may move first
        return data

    @staticmethod
    def _check_chosen_seed(seats: dict[str, str]) -> None:
        """A chosen seed fixes every die: only for games one person plays (solo, hot-seat)."""
        people = int(any(how in ("me", "hotseat") for how in seats.values()))
        people += sum(how == "open" for how in seats.values())
        if people >= 2:
            raise ApiError(
                422,
                "bad_settings",
                "a chosen seed would let its chooser know every die: it is refused in a match "
                "with two or more people (omit 'seed' and the server draws one in secret)",
            )

    def join(self, ident: Identity, mid: str, role: str, invite: str) -> MatchData:
        with self.db.session() as s, s.begin():
            # The conditional update is the whole check, so two people cannot take one seat.
            res = s.execute(
                update(Seat)
                .where(
                    Seat.match_id == mid,
                    Seat.role == role,
                    Seat.kind == "open",
                    Seat.user_id.is_(None),
                    Seat.invite == invite,
                )
                .values(user_id=ident.user_id, kind="joined", invite=None)
            )
            taken = res.rowcount == 1  # type: ignore[attr-defined]
            if taken:
                s.execute(update(Match).where(Match.id == mid).values(updated_at=time.time()))
        if not taken:
            data = self.reload(mid)
            seat = data.seat(role)
            if seat is None:
                raise not_found(f"role {role!r} in match {mid}")
            if data.finished:
                raise ApiError(409, "over", "the match is over")
            if seat.kind != "open" or seat.user_id is not None:
                raise ApiError(409, "seat_taken", f"the seat {role} is not open")
            raise forbidden("wrong invite for this seat")
        data = self.reload(mid)
        self.changed(mid)
        return data

    def seat_to_bot(self, ident: Identity | None, mid: str, role: str, how: str) -> MatchData:
        """Give a seat to a bot: its holder's own seat (the player leaves, the game goes on), or
        an open seat of a match the caller created (nobody came)."""
        if not how.startswith("bot:"):
            raise ApiError(422, "bad_seats", f"a seat can be handed only to a bot (bot:NAME), not {how!r}")
        try:
            spec = seat_bot(how[4:], self.settings)
        except ValueError as exc:
            raise ApiError(422, "bad_seats", f"seat {role}: {how!r}: {exc}") from None
        with self.lock(mid):
            data = self.fetch(mid)
            seat = data.seat(role)
            if seat is None:
                raise not_found(f"role {role!r} in match {mid}")
            if data.match.status != "active":
                raise ApiError(409, "over", "the match is over")
            holder = ident is not None and seat.user_id == ident.user_id
            unfilled = seat.kind == "open" and seat.user_id is None
            if not holder and not (unfilled and ident is not None and ident.user_id == data.match.created_by):
                raise forbidden(f"the seat {role} is not yours to hand over")
            with self.db.session() as s, s.begin():
                # Conditional on the seat as read, so a join racing this call wins or loses whole.
                held = Seat.user_id.is_(None) if seat.user_id is None else Seat.user_id == seat.user_id
                res = s.execute(
                    update(Seat)
                    .where(Seat.match_id == mid, Seat.role == role, Seat.kind == seat.kind, held)
                    .values(kind="bot", bot=spec, user_id=None, invite=None)
                )
                if res.rowcount != 1:  # type: ignore[attr-defined]
                    raise ApiError(409, "seat_taken", f"the seat {role} changed meanwhile; reload")
                s.execute(update(Match).where(Match.id == mid).values(updated_at=time.time()))
            data = self.reload(mid)
        self.changed(mid)
        return data

    def set_pace(self, ident: Identity | None, mid: str, bot_delay: float | None) -> MatchData:
        """The pace of the match's bots (seconds before each move; None: the server's default),
        chosen by the match's creator while it runs. A bot waiting out the old pace follows the
        new one at once."""
        data = self.fetch(mid)
        if ident is None or ident.user_id != data.match.created_by:
            raise forbidden("only the creator of the match sets the pace of its bots")
        if data.match.status != "active":
            raise ApiError(409, "over", "the match is over")
        with self.db.session() as s, s.begin():
            s.execute(update(Match).where(Match.id == mid).values(bot_delay=bot_delay))
        data = self.reload(mid)
        self.changed(mid)
        return data

    def bot_delay(self, mid: str) -> float:
        """Seconds the bots of this match wait before each move now."""
        return self.fetch(mid).bot_delay(self.settings.bot_delay)

    def bot_delay_held(self, mid: str) -> float | None:
        """:meth:`bot_delay` if the match is in memory and good (no database read: callable on
        the event loop), else None."""
        data = self._cached(self._data, mid)
        if data is None or (
            self.cluster is not None and time.monotonic() - data.loaded >= self.settings.cache_ttl
        ):
            return None
        return data.bot_delay(self.settings.bot_delay)

    def list_for(self, ident: Identity | None, mine: bool, limit: int = 50) -> list[MatchData]:
        with self.db.session() as s:
            q = select(Match)
            if mine:
                if ident is None:
                    return []
                q = q.where(Match.id.in_(select(Seat.match_id).where(Seat.user_id == ident.user_id)))
            else:
                q = q.where(Match.status != "imported")
            rows = list(s.scalars(q.order_by(Match.updated_at.desc()).limit(limit)))
            return self._fetch_many(s, rows)

    # --- playing --------------------------------------------------------------------------
    def _holder_check(self, data: MatchData, ident: Identity | None, role: str) -> MatchData:
        """The match, if the caller holds the seat: as given, or read again when the copy held
        here says otherwise (the seat may have been taken through another server process,
        whose notice is on the way)."""
        seat = data.seat(role)
        if ident is not None and (seat is None or seat.user_id != ident.user_id):
            data = self.reload(data.match.id)
            seat = data.seat(role)
        if seat is None:
            raise not_found(f"role {role!r} in match {data.match.id}")
        if ident is None or seat.user_id != ident.user_id:
            raise forbidden(f"the seat {role} is not yours")
        return data

    def view(self, mid: str, ident: Identity | None, role: str | None) -> tuple[MatchData, dict[str, Any]]:
        with self.lock(mid):
            data, game = self._live_game(mid, ident, role)
            return data, game.packed_view(role)

    def _live_game(self, mid: str, ident: Identity | None, role: str | None) -> tuple[MatchData, Game]:
        """The live game, for a seat's holder or an observer. Hold the match's lock."""
        data = self.fetch(mid)
        if self.cluster is not None:
            data = self._current(data)
        if role is not None:
            data = self._holder_check(data, ident, role)
        if data.match.status == "imported":
            raise ApiError(409, "imported", "an imported record has no live game; use replay")
        return data, self._game(data.match)

    def act(
        self,
        mid: str,
        ident: Identity | None,
        role: str,
        action: Any,
        step: int,
        *,
        bot: bool = False,
        page: str | None = None,
    ) -> Played:
        """Validate, apply and store one action; the answer is sent only after the commit. The
        acting ``page``'s socket, given the new view by the answer, is not pushed it again."""
        with self.lock(mid):
            data = self.fetch(mid)
            if self.cluster is not None or step > data.match.step:
                # Another process may have stored a change whose notice is on the way (the
                # client even saw a step this process has not read): the database decides.
                data = self._current(data)
            m = data.match
            if m.status != "active":
                raise ApiError(409, "over", "the match is over")
            if bot:
                seat = data.seat(role)
                if seat is None or seat.kind != "bot":
                    raise forbidden(f"{role} is not a bot seat")
            else:
                data = self._holder_check(data, ident, role)
                m = data.match
            live = self._live_of(m)
            game = live.game
            if not game.fresh(role, step):
                raise stale(len(game.actions))
            drafting = set(game.drafts())
            try:
                game.apply(role, action)
            except TavolaError as exc:
                raise from_engine(exc) from None  # the core changed nothing
            except Exception:
                self.evict(mid)  # a rules bug: rebuild from the stored record next time
                raise
            answered = (page, role) if page is not None and not bot else None
            notice = {} if answered is None else {"p": page, "a": role}
            if game.private:
                # A click of a secret choice: the role's draft, stored, seen by nobody else.
                stored, audience = self._store_draft(mid, data, live, role, notice), role
            else:
                dropped = drafting - set(game.drafts())
                stored, audience = self._store(mid, data, live, dropped, notice), None
            # The answer's view (a bot needs none): the push to the role's other sockets shares it.
            played = Played(stored, None if bot else game.packed_view(role), audience)
        # A stored action told the other processes as it was committed.
        self.changed(mid, played.audience, told=True, answered=answered)
        return played

    def _store(
        self, mid: str, data: MatchData, live: Live, dropped: set[str], notice: dict[str, str]
    ) -> MatchData:
        """Store the game's last step, and forget the drafts it ended (``dropped``); the match
        as it is now, the other processes told (with ``notice``'s fields). Hold the match's lock."""
        game = live.game
        m = data.match
        step = len(game.actions) - 1
        now = time.time()
        active = game.active_roles
        result = game.result
        status = "active" if result is None else "over"
        rnd = game.round
        entry = game.actions[-1]
        # Taken before the transaction, which holds the match's row (SQLite: the database).
        every = self.settings.snapshot_every
        snapshot = game.snapshot() if every > 0 and (step + 1) % every == 0 else None
        try:
            with self.db.engine.begin() as conn:
                conn.execute(
                    _INSERT_ACTION,
                    {
                        "match_id": mid,
                        "step": step,
                        "role": entry[0],
                        "action": entry[1:],
                        "checksum": game.checksums[-1],
                        "created_at": now,
                    },
                )
                res = conn.execute(
                    _ADVANCE,
                    {
                        "mid": mid,
                        "old": step,
                        "version": live.version,
                        "new": step + 1,
                        "active": active,
                        "round": rnd,
                        "result": result,
                        "status": status,
                        "updated_at": now,
                    },
                )
                if res.rowcount != 1:
                    raise _LostRace
                if dropped:
                    conn.execute(delete(DraftRow).where(DraftRow.match_id == mid, DraftRow.role.in_(dropped)))
                if snapshot is not None:
                    conn.execute(
                        _INSERT_SNAPSHOT,
                        {"match_id": mid, "step": step + 1, "data": snapshot, "created_at": now},
                    )
                if self.cluster is not None:
                    self.cluster.notify(conn, "changed", m=mid, **notice)
        except (IntegrityError, _LostRace):
            self.evict(mid)
            raise stale(step + 1) from None
        except Exception:
            self.evict(mid)
            raise
        live.version += 1
        self._keep_live(mid, live)  # counted again, a step larger
        row = replace(
            m,
            step=step + 1,
            active=active,
            round=rnd,
            result=result,
            status=status,
            updated_at=now,
            version=live.version,
        )
        return self._keep(data, row)

    def _store_draft(
        self, mid: str, data: MatchData, live: Live, role: str, notice: dict[str, str]
    ) -> MatchData:
        """Store the role's draft as it is now (or forget it: its last click was undone); the
        match as it is now, the other processes told (with ``notice``'s fields). Hold the match's
        lock."""
        clicks = live.game.drafts().get(role)
        step = len(live.game.actions)
        try:
            with self.db.engine.begin() as conn:
                # The match's row first: it is the lock two processes' writes queue on.
                res = conn.execute(_BUMP, {"mid": mid, "old": step, "version": live.version})
                if res.rowcount != 1:
                    raise _LostRace
                conn.execute(delete(DraftRow).where(DraftRow.match_id == mid, DraftRow.role == role))
                if clicks:
                    conn.execute(
                        insert(DraftRow),
                        {"match_id": mid, "role": role, "clicks": clicks, "updated_at": time.time()},
                    )
                if self.cluster is not None:
                    self.cluster.notify(conn, "changed", m=mid, r=role, **notice)
        except _LostRace:
            self.evict(mid)
            raise stale(step) from None
        except Exception:
            self.evict(mid)
            raise
        live.version += 1
        return self._keep(data, replace(data.match, version=live.version))

    def _keep(self, data: MatchData, row: MatchRow) -> MatchData:
        # Just written under its version: the row is the stored one as of now.
        data = MatchData(row, data.seats, data.creator, data.loaded, time.monotonic())
        self._remember(self._data, row.id, data)
        return data

    def snapshot(
        self, mid: str, roles: set[str | None]
    ) -> tuple[MatchData, dict[str | None, dict[str, Any]]]:
        """The match and the current view of each role, taken together (for pushing)."""
        with self.lock(mid):
            data = self.fetch(mid)
            if data.match.status == "imported":
                return data, {}
            game = self._game(data.match)
            views = {r: game.packed_view(r) for r in roles if r is None or r in game.roles}
            # Pushed: a live game keeps no view in memory until it is asked for again.
            game.forget_views()
            return data, views

    # --- bots -----------------------------------------------------------------------------
    def bot_job(self, mid: str) -> BotJob | None:
        """The next move a bot seat owes, with a private copy of the state to think on."""
        with self.lock(mid):
            data = self.fetch(mid)
            if data.match.status != "active":
                return None
            bot_seats = {s.role: s for s in data.seats if s.kind == "bot"}
            if not any(r in bot_seats for r in data.match.active):
                return None
            game = self._game(data.match)
            for role in game.active_roles:
                seat = bot_seats.get(role)
                if seat is not None and seat.bot:
                    game.offer(role)  # what it is shown now decides if its move is still fresh
                    return BotJob(
                        mid,
                        role,
                        seat.bot,
                        game.rules,
                        clone(game.state_of(role)),
                        len(game.actions),
                        data.match.seed,
                    )
            return None

    def bot_owed(self, mid: str) -> bool:
        """Whether a bot seat may act now (from the cached match: a quick look, no lock)."""
        try:
            data = self.fetch(mid)
        except ApiError:
            return False
        bots = {s.role for s in data.seats if s.kind == "bot"}
        return data.match.status == "active" and any(r in bots for r in data.match.active)

    def waiting_on_bots(self) -> list[str]:
        with self.db.session() as s:
            rows = s.execute(
                select(Match.id, Match.active, Seat.role)
                .join(Seat, Seat.match_id == Match.id)
                .where(Match.status == "active", Seat.kind == "bot")
            ).all()
        return sorted({mid for mid, active, role in rows if role in active})
