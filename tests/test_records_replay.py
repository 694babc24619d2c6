"""Recorded games replay step by step with the same state checksums: the rules did not change.

The records in ``tests/data/records`` were played by random bots; their README says when and how
to regenerate them (only with a deliberate change of a rule or of the data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavola.core.errors import CorruptRecord
from tavola.core.game import replay
from tavola.core.registry import game_ids

RECORDS = sorted((Path(__file__).parent / "data" / "records").glob("*.json"))


def test_every_game_has_records() -> None:
    recorded = {json.loads(path.read_text())["game"] for path in RECORDS}
    assert recorded >= {g for g in game_ids() if g not in ("toy", "sealed")}  # not the test games


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_replays_with_every_checksum(path: Path) -> None:
    record = json.loads(path.read_text())
    try:
        game = replay(record, verify=True)
    except CorruptRecord as exc:
        pytest.fail(f"{path.name}: {exc} (a deliberate rule or data change regenerates it: see the README)")
    assert game.checksums == record["checksums"]
    assert game.is_over, "every record is a finished game"


def test_a_changed_checksum_is_caught() -> None:
    record = json.loads(RECORDS[0].read_text())
    record["checksums"][40] = "00000000"
    with pytest.raises(CorruptRecord, match="step 40: checksum"):
        replay(record, verify=True)
