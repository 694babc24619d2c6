"""The sequence of play of Italia in one table (``games/italia/flow.py``): every step function
of the chapters is in it, prompts carry the rule of the phase under way, and decisions with a
single action are taken at once."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest
from italia_table import HALT, Table

import tavola.games.italia
from tavola.games.italia.flow import FLOW

CHAPTERS: tuple[ModuleType, ...] = tuple(
    importlib.import_module(f"tavola.games.italia.{m.name}")
    for m in pkgutil.iter_modules(tavola.games.italia.__path__)
)
VERBS = ("run", "legal", "act", "roles", "single", "ask", "section")


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[c.__name__.rsplit(".", 1)[-1] for c in CHAPTERS])
def test_every_step_function_of_a_chapter_is_in_the_table(chapter: ModuleType) -> None:
    """A step function the table does not name would never run: the table finds them by name.
    Every module of the package is read, so a new chapter is checked without being listed."""
    pattern = re.compile(rf"^({'|'.join(VERBS)})_(\w+)$")
    for name in dir(chapter):
        m = pattern.match(name)
        if m and callable(getattr(chapter, name)) and getattr(chapter, name).__module__ == chapter.__name__:
            assert m.group(2) in FLOW.steps, f"{chapter.__name__}.{name}: no step {m.group(2)!r} in the table"


def test_every_step_cites_its_rule() -> None:
    sections = (Path(__file__).parents[2] / "src/tavola/games/italia/sections.yaml").read_text()
    for name, step in FLOW.steps.items():
        assert re.fullmatch(r"§[\d.]+", step.rule), name
        assert f'- id: "{step.rule[1:]}"' in sections, (name, step.rule)


def test_10_4_the_prompt_of_a_battle_cites_the_rule_of_its_phase(t1: Table) -> None:
    t1.put("apulia", "romans", "legion", 2)
    t1.put("apulia", "samnites", "infantry", 2)
    t1.st["flow"].append(
        {
            "s": "battle",
            "a": t1.a("apulia"),
            "nation": t1.n("romans"),
            "defender": t1.n("samnites"),
            "rounds": 0,
            "phase": "attacker_aims",
        }
        | {
            "raid": False,
            "attacker_targets": [],
            "defender_targets": [],
            "conv": False,
            "start_units": [0, 0],
            "mode": "normal",
            "declared": True,
        }
    )
    p = t1.R.prompt(t1.st, t1.role("romans"))
    assert p == {
        "text": "it.p.battle.attacker_aims",
        "args": {"nation": "romans", "area": "apulia", "unit": "legion"},
        "rule": "§10.4",
    }
    t1.st["flow"][-1]["phase"] = "open"
    assert t1.R.prompt(t1.st, t1.role("romans"))["rule"] == "§10.7"


def test_7_2_a_decision_with_one_action_is_taken_at_once(t1: Table) -> None:
    """Camillus and two legions arrive in Roma (round 1): one area, so nobody is asked."""
    t1.put("roma", "romans", "legion")
    t1.push("reinf", nation=t1.n("romans"), i=0, phase="ask")
    assert t1.step() == HALT
    assert t1.units("roma", "romans") == {"legion": 3, "camillus": 1}


@pytest.mark.parametrize("game", ["italia-i", "italia-ii"])
def test_the_lists_kept_from_advancing_are_the_lists_of_the_decision(game: str) -> None:
    """The legal lists the flow builds to learn that a decision is not forced are handed to the
    next listing instead of being built again: in random play each one equals a fresh list."""
    import random

    from tavola.core.registry import get_rules

    R = get_rules(game)
    pick = random.Random(5)
    st = R.setup("standard", 3 if game == "italia-i" else 4, {}, 5)
    kept = 0
    for _ in range(800):
        role = R.active_roles(st)[0]
        reused = FLOW.ready(st, role)
        fresh = FLOW.legal(st, role)
        if reused is not None:
            kept += 1
            assert reused == fresh
        R.apply(st, role, fresh[pick.randrange(len(fresh))])
    assert kept > 600  # nearly every decision after the first
