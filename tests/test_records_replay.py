"""Recorded games replay step by step with the same state checksums: the rules did not change.

The records in ``tests/data/records`` were played by random bots; their README says when and how
to regenerate them (only with a deliberate change of a rule or of the data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavola.core.errors import CorruptRecord
from tavola.core.game import migrate, replay
from tavola.core.registry import game_ids, get_rules

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


def _older_layout(path: Path) -> bool:
    record = json.loads(path.read_text())
    return record.get("state_version", 1) < get_rules(record["game"]).state_version


@pytest.mark.parametrize("path", [p for p in RECORDS if _older_layout(p)], ids=lambda p: p.stem)
def test_a_record_of_an_older_state_layout_verifies_and_migrates(path: Path) -> None:
    """A game whose state took new names (Italia's full-word keys, Antike's) verifies the records
    written before step by step on the old layout, goes on in it (a stored match), and migrates
    them: the same game with the checksums of the new layout."""
    old = json.loads(path.read_text())
    game = replay(old, verify=True, upto=len(old["actions"]) // 2)
    assert game.checksums == old["checksums"][: len(game.checksums)]
    for entry in old["actions"][len(game.checksums) :]:
        game.apply(entry[0], entry[1:])
    goes_on = game.record()
    assert goes_on["checksums"] == old["checksums"]
    assert goes_on.get("state_version", 1) == old.get("state_version", 1)
    new = migrate(old)
    assert new["actions"] == old["actions"] and new["state_version"] == game.rules.state_version
    assert new["checksums"] != old["checksums"]
    assert replay(new, verify=True).checksums == new["checksums"]
    tampered = {**old, "checksums": [*old["checksums"][:-1], "00000000"]}
    with pytest.raises(CorruptRecord, match="checksum"):
        migrate(tampered)
    with pytest.raises(CorruptRecord, match="state version"):
        replay({**new, "state_version": game.rules.state_version + 1}, verify=True)


@pytest.mark.parametrize("bad", [0, 99, True, "2"])
def test_a_record_with_an_unknown_state_layout_is_refused(bad: object) -> None:
    record = json.loads(RECORDS[0].read_text())
    record["state_version"] = bad
    with pytest.raises(CorruptRecord, match="state version"):
        replay(record, verify=True)
