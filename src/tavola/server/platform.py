"""The services of one running server, shared by the HTTP routes and the sockets."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from tavola.server.auth import Accounts
from tavola.server.bots import BotRunner
from tavola.server.catalog import Catalog
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

    @classmethod
    def build(cls, settings: Settings) -> Platform:
        db = Database(settings.database)
        matches = Matches(db, settings)
        hub = Hub(matches)
        return cls(
            settings, db, Accounts(db, settings), Catalog(), matches, hub, BotRunner(matches, settings)
        )

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """The hub and the bot runner start listening to the matches' changes."""
        self.hub.start(loop)
        self.bots.start(loop)


def get_platform(conn: HTTPConnection) -> Platform:
    return conn.app.state.platform
