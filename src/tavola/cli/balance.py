"""``tavola balance`` lives with ``tavola arena`` (they share the game runner)."""

from tavola.cli.arena import register_balance as register

__all__ = ["register"]
