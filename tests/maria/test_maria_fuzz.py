"""A short fuzz of both scenarios, 3 and 2 players, with the rulebook invariants after
every action (``tavola fuzz maria --games 500`` is the long run)."""

from __future__ import annotations

from tavola.tools import fuzz


def test_fuzz_games_of_every_scenario_have_no_failures() -> None:
    summary = fuzz.run("maria", 6, seed=77, jobs=1, session_every=3)
    assert summary["failures"] == [], summary["failures"]
    assert summary["games"] == 6
