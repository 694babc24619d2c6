"""The shipped migrations build exactly the schema of the models, on SQLite and on PostgreSQL;
re-running them is a no-op, and every revision goes down as cleanly as it went up."""

from __future__ import annotations

import json
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from tavola.core.game import replay
from tavola.core.registry import get_rules
from tavola.server.config import Settings
from tavola.server.db import Database, alembic_config, make_engine
from tavola.server.matches import Matches
from tavola.server.models import Base


def test_migrations_match_the_models(db_url):
    db = Database(db_url)
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        assert MigrationContext.configure(conn).get_current_revision() is not None
    db.dispose()
    Database(db_url).dispose()  # a second start finds the schema current


@pytest.mark.skipif(os.environ.get("TAVOLA_TEST_POSTGRES", "").lower() == "off", reason="SQLite only")
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_processes_started_together_on_an_empty_database_migrate_it_in_turn(db_url):
    # Several hosts (or `--workers`) started at once on PostgreSQL (a SQLite file has one
    # process): each finds the schema made, or makes it while the others wait, and none fails
    # on the tables another is making.
    barrier = threading.Barrier(4)

    def start() -> None:
        barrier.wait()
        Database(db_url).dispose()

    with ThreadPoolExecutor(4) as pool:
        for started in [pool.submit(start) for _ in range(4)]:
            started.result()
    engine = make_engine(db_url)
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    engine.dispose()


def _migrate(engine, verb: str, revision: str) -> None:
    cfg = alembic_config(engine)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        getattr(command, verb)(cfg, revision)


def test_migrations_go_down_to_nothing_and_up_again(db_url):
    engine = make_engine(db_url)
    revisions = [s.revision for s in ScriptDirectory.from_config(alembic_config()).walk_revisions()]
    _migrate(engine, "upgrade", "head")
    # Down one revision at a time, then all the way: only Alembic's own table is left.
    for _ in revisions:
        _migrate(engine, "downgrade", "-1")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    if engine.dialect.name == "postgresql":
        with engine.connect() as conn:
            assert inspect(conn).get_enums() == []  # no type left behind by a dropped table
    _migrate(engine, "upgrade", "head")
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    engine.dispose()


def test_matches_stored_before_the_keyed_dice_replay_on_their_own(db_url):
    """A match stored at revision 0001 (SplitMix64 dice) upgrades to format 1 and replays."""
    record = json.loads((Path(__file__).parents[1] / "core" / "data" / "format1_toy.json").read_text())
    engine = make_engine(db_url)
    _migrate(engine, "upgrade", "0001")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO matches (id, game, scenario, players, options, seed, status, step, active,"
                " created_at, updated_at) VALUES ('old', 'toy', 'basic', 3, :options, 5, 'active', :step,"
                " :active, 0, 0)"
            ),
            {"options": json.dumps(record["options"]), "step": 11, "active": '["east"]'},
        )
        for step, (entry, check) in enumerate(zip(record["actions"][:11], record["checksums"])):
            conn.execute(
                text(
                    "INSERT INTO actions (match_id, step, role, action, checksum, created_at)"
                    " VALUES ('old', :step, :role, :action, :checksum, 0)"
                ),
                {"step": step, "role": entry[0], "action": json.dumps(entry[1:]), "checksum": check},
            )
    engine.dispose()
    db = Database(db_url)
    matches = Matches(db, Settings(database=db_url))
    row = matches.fetch("old").match
    assert row.record_format == 1 and row.seed == 5
    with matches.lock("old"):
        game = matches._game(row)
    assert game.checksums == record["checksums"][:11]
    assert matches.out(matches.fetch("old"), None)["dice_commitment"] is None
    db.dispose()


def test_italia_matches_stored_before_its_full_word_state_keys_go_on_in_their_layout(db_url):
    """A match of Italia stored at revision 0006 has the checksums of its first state layout:
    after the upgrade it is layout 1, rebuilds from them and goes on writing them."""
    record = json.loads((Path(__file__).parents[1] / "data" / "records" / "italia-i-seed1.json").read_text())
    # the match as revision 0006 stored it: record format 2, the checksums of Italia's layout 1
    stored = replay(
        {**record, "format": 2, "state_version": 1, "actions": record["actions"][:12], "checksums": None},
        verify=False,
    ).record()
    record = {**record, "actions": stored["actions"], "checksums": stored["checksums"]}
    engine = make_engine(db_url)
    _migrate(engine, "upgrade", "0006")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO matches (id, game, scenario, players, options, seed, record_format, status,"
                " step, active, created_at, updated_at) VALUES ('old', 'italia-i', 'standard', 3, :options,"
                " 1, 2, 'active', 11, :active, 0, 0)"
            ),
            {"options": json.dumps(record["options"]), "active": json.dumps([record["actions"][11][0]])},
        )
        for step, (entry, check) in enumerate(zip(record["actions"][:11], record["checksums"])):
            conn.execute(
                text(
                    "INSERT INTO actions (match_id, step, role, action, checksum, created_at)"
                    " VALUES ('old', :step, :role, :action, :checksum, 0)"
                ),
                {"step": step, "role": entry[0], "action": json.dumps(entry[1:]), "checksum": check},
            )
    engine.dispose()
    db = Database(db_url)
    matches = Matches(db, Settings(database=db_url))
    row = matches.fetch("old").match
    assert row.state_version == 1 < get_rules("italia-i").state_version  # stored before today's layout
    with matches.lock("old"):
        game = matches._game(row)
    assert game.checksums == record["checksums"][:11]
    game.apply(record["actions"][11][0], record["actions"][11][1:])
    assert game.checksums[-1] == record["checksums"][11]
    db.dispose()
