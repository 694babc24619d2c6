"""The server's garbage collection policy (tavola.server.collector) and the pauses it reports."""

from __future__ import annotations

import gc
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import fast_settings

from tavola.server import create_app
from tavola.server.collector import (
    BUCKETS_MS,
    NEVER,
    POLICY,
    YOUNG,
    Collector,
    Histogram,
    quantile_ms,
    young_collections_only,
)

SCENARIOS = Path(__file__).with_name("gc_scenarios.py")


def _health(client: TestClient) -> dict:
    return client.get("/api/health").json()["pauses"]


def _in_a_fresh_process(scenario: str, tmp_path: Path) -> None:
    # The policy is the whole process's: each scenario starts from Python's own (gc_scenarios).
    run = subprocess.run(
        [sys.executable, str(SCENARIOS), scenario, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-4000:]


def test_a_serving_process_makes_its_full_collections_itself_and_gives_pythons_rule_back(tmp_path):
    _in_a_fresh_process("served_twice", tmp_path)


def test_two_servers_of_one_process_leave_pythons_rule_as_it_was_whatever_the_order(tmp_path):
    _in_a_fresh_process("two_servers", tmp_path)


def test_a_bot_search_leaves_a_serving_process_frozen_objects_alone(tmp_path):
    _in_a_fresh_process("search_in_a_server", tmp_path)


def test_a_bounded_run_inside_a_serving_process_leaves_it_its_policy(tmp_path):
    _in_a_fresh_process("bounded_run_in_a_server", tmp_path)


def test_a_server_whose_start_up_failed_or_whose_loop_closed_holds_no_policy(tmp_path):
    _in_a_fresh_process("failed_start_up", tmp_path)


def test_a_server_in_this_process_counts_its_collections_and_leaves_the_rule_it_found(tmp_path):
    # Whatever else this process holds (the browser tests' server may serve meanwhile).
    before = gc.get_threshold()
    app = create_app(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", collect_every=0.2))
    with TestClient(app) as client:
        assert gc.get_threshold() == (YOUNG, before[1], NEVER) and POLICY.holders() >= 1
        deadline = time.monotonic() + 10
        while _health(client)["full_collections"] < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        pauses = _health(client)
        assert pauses["full_collections"] >= 2 and pauses["full_every"] == 0.2
        # Its collections are counted among the oldest generation's pauses.
        assert sum(pauses["gc"]["gen2"]["counts"]) >= 2
        assert pauses["buckets_ms"] == list(BUCKETS_MS)
        assert sum(pauses["loop_lag"]["counts"]) > 0  # the event loop's lateness is sampled
    assert gc.get_threshold() == before


def test_python_keeps_its_own_rule_when_the_server_is_told_so(tmp_path):
    before = gc.get_threshold()
    app = create_app(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", collect_every=0))
    with TestClient(app) as client:
        assert gc.get_threshold() == before
        gc.collect()  # still counted
        pauses = _health(client)
        assert pauses["full_collections"] == 0 and sum(pauses["gc"]["gen2"]["counts"]) >= 1


def test_a_histogram_gives_the_bucket_of_a_quantile():
    h = Histogram()
    for ms in [0.5] * 98 + [30, 700]:
        h.add(ms)
    assert quantile_ms(h.counts, 0.5) == 1
    assert quantile_ms(h.counts, 0.99) == 50
    assert quantile_ms(h.counts, 1.0) == 1000
    assert h.max_ms == 700 and h.total_ms == pytest.approx(779)
    h.add(10_000)
    assert quantile_ms(h.counts, 1.0) == float("inf")
    assert quantile_ms(Histogram().counts, 0.5) is None


def test_a_bounded_run_makes_no_full_collection_until_its_end():
    before = gc.get_threshold()
    seen = []

    def note(phase: str, info: dict) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(note)
    try:
        with young_collections_only():
            seen.clear()
            kept = [[i] for i in range(500_000)]  # survivors enough for Python to walk them all
            assert gc.get_threshold()[2] == NEVER
            del kept
        assert 2 not in seen and 0 in seen
    finally:
        gc.callbacks.remove(note)
    assert gc.get_threshold() == before


def test_a_collector_that_is_not_started_reports_nothing():
    report = Collector(600).report()
    assert report["full_collections"] == 0 and report["loop_lag"]["max_ms"] == 0


def test_the_load_test_reports_what_the_servers_pauses_were_over_its_play_only():
    from tavola.tools.loadtest import _pauses

    one, two = Collector(600), Collector(600)
    one.pauses[0].add(0.5)  # before the play: left out
    before = [one.report(), two.report()]
    one.pauses[0].add(30)
    two.pauses[0].add(3)
    two.pauses[1].add(7_000)
    for ms in [0.5] * 99 + [150]:
        one.lag.add(ms)
    out = _pauses(before, [one.report(), two.report()])
    assert out["gc_gen0"] == {"count": 2, "total_ms": 33.0, "max_ms_at_most": 50}
    assert out["gc_gen1"]["max_ms_at_most"] == f">{BUCKETS_MS[-1]}"  # JSON has no infinity
    assert out["gc_gen2"]["count"] == 0
    assert out["loop_lag_ms"] == {"median_at_most": 1, "p99_at_most": 1, "max_ms_at_most": 200}
