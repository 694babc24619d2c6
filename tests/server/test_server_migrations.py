"""The shipped migrations build exactly the schema of the models, and re-running them is a no-op."""

from __future__ import annotations

import json
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

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


def test_matches_stored_before_the_keyed_dice_replay_on_their_own(db_url):
    """A match stored at revision 0001 (SplitMix64 dice) upgrades to format 1 and replays."""
    record = json.loads((Path(__file__).parents[1] / "core" / "data" / "format1_toy.json").read_text())
    engine = make_engine(db_url)
    cfg = alembic_config(engine)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
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
