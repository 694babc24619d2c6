"""The web platform: an ASGI app over the core session, a database and a WebSocket hub.

The server never knows a game's rules: it reaches games only through the registry,
:class:`tavola.core.game.Game` and the :class:`tavola.core.rules.Rules` methods.
"""

from tavola.server.app import create_app
from tavola.server.config import Settings

__all__ = ["Settings", "create_app"]
