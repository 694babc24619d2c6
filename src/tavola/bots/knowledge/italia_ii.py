"""Italia II knowledge for the search bots: the Italia hooks (see :mod:`tavola.bots.knowledge._italia`)."""

from tavola.bots.knowledge._italia import playout, prior

__all__ = ["playout", "prior"]
