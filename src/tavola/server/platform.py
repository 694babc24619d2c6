"""The services of one running server, shared by the HTTP routes and the sockets."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import HTTPConnection

from tavola.server.auth import Accounts, hash_token
from tavola.server.bots import BotRunner
from tavola.server.catalog import Catalog
from tavola.server.cluster import Cluster, run_soon, session_key
from tavola.server.collector import Collector
from tavola.server.config import Settings
from tavola.server.db import Database
from tavola.server.hub import Hub
from tavola.server.matches import Matches


@dataclass
class Platform:
    settings: Settings
    db: Database
    accounts: Accounts
    catalog: Catalog
    matches: Matches
    hub: Hub
    bots: BotRunner
    cluster: Cluster | None = None
    """The other server processes on this database (PostgreSQL only; see ``cluster``)."""
    collector: Collector = field(default_factory=lambda: Collector(0.0))
    """The garbage collector's policy, and the pauses it and the event loop made (started and
    stopped on the event loop, by the app's lifespan)."""
    loop: asyncio.AbstractEventLoop | None = field(default=None, repr=False)
    listening: list[Any] = field(default_factory=list, repr=False)
    """What :meth:`start` added to the accounts' listeners, taken back by :meth:`stop`: an app
    started again in the same process must not tell every change twice."""

    @classmethod
    def build(cls, settings: Settings) -> Platform:
        db = Database(settings.database)
        matches = Matches(db, settings)
        cluster = Cluster(settings.database) if db.engine.dialect.name == "postgresql" else None
        matches.cluster = cluster
        hub = Hub(matches)
        accounts = Accounts(db, settings)
        bots = BotRunner(matches, settings, cluster)
        return cls(
            settings, db, accounts, Catalog(), matches, hub, bots, cluster, Collector(settings.collect_every)
        )

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """The hub and the bot runner start listening to the matches' changes, those made by
        other server processes included."""
        self.loop = loop
        self.hub.start(loop)
        self.bots.start(loop)
        # A guest's seats passed to the account it signed in to: the seats held here are stale.
        self.listening = [self.matches.forget_seats]
        if self.cluster is not None:
            self.listening.append(lambda: self.matches.announce("seats"))
        self.accounts.on_seats_changed.extend(self.listening)
        if self.cluster is None:
            return
        self.bots.sockets = lambda mid: mid in self.hub.conns
        self.cluster.handlers.update(
            changed=self.matches.changed_elsewhere,
            serve=lambda notice: run_soon(self.loop, self.bots.served_elsewhere, str(notice.get("m"))),
            free=lambda notice: run_soon(self.loop, self.bots.freed, str(notice.get("m"))),
            chat=self._chat_elsewhere,
            signout=self._signed_out_elsewhere,
            seats=lambda _notice: self.matches.forget_seats(),
        )
        self.cluster.on_reconnect.append(self._resync)
        self.cluster.start()

    def stop(self) -> None:
        for listener in self.listening:
            self.accounts.on_seats_changed.remove(listener)
        self.listening = []
        if self.cluster is not None:
            if self._resync in self.cluster.on_reconnect:
                self.cluster.on_reconnect.remove(self._resync)
            self.cluster.stop()

    def signed_out(self, cookie: str | None) -> None:
        """Tell the other processes to close this session's sockets and forget it."""
        token = self.accounts.token_of(cookie) if cookie else None
        if token is not None:
            self.matches.announce("signout", s=session_key(hash_token(token)))

    def _session_key(self, cookie: str) -> str | None:
        token = self.accounts.token_of(cookie)
        return session_key(hash_token(token)) if token is not None else None

    def _signed_out_elsewhere(self, notice: dict[str, Any]) -> None:
        key = notice.get("s")
        self.accounts.forget_where(lambda token_hash: session_key(token_hash) == key)
        run_soon(self.loop, self.hub.spawn, self.hub.close_where(lambda c: self._session_key(c) == key))

    def _chat_elsewhere(self, notice: dict[str, Any]) -> None:
        mid, message = str(notice.get("m")), notice.get("msg")
        if not isinstance(message, dict) or mid not in self.hub.conns:
            return
        readers = self.matches.chat_readers(mid)
        run_soon(self.loop, self.hub.spawn, self.hub.chat(mid, message, readers))

    def _resync(self) -> None:
        """After a lost notice connection: every watched match is read afresh, and every
        match owing a bot move is looked at."""
        for mid in list(self.hub.conns):
            self.matches.changed_elsewhere({"m": mid})
        for mid in self.matches.waiting_on_bots():
            run_soon(self.loop, self.bots.poke, mid)


def get_platform(conn: HTTPConnection) -> Platform:
    return conn.app.state.platform
