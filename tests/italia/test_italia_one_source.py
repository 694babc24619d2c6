"""One source for every number: what the data files hold (unit costs, to-hit numbers, hits and
moves, the leaders' numbers, city prices, the gold cap, pillage gold, campaign and block costs,
rounds, players) is read from them. A rule module may keep only numbers the data does not
hold, each listed here with its section; a new numeric constant fails this test until it is
moved to the data or listed.

``invariants.py`` restates the book's printed numbers on purpose: the checker is a second
reading of the rulebook, so it catches data that departs from it."""

from __future__ import annotations

import ast
from pathlib import Path

import tavola.games.italia as italia

PACKAGE = Path(italia.__file__).parent

NOT_IN_THE_DATA = {
    **dict.fromkeys(("NAT", "KIND", "MP", "FL", "HIT", "EXT"), "the fields of the unit record"),
    **dict.fromkeys(("NO_CITY", "CITY", "RUIN"), "the city counter's states (§2.2.1.9)"),
    "FLEET_CAPACITY": "§9.6: two land units per fleet",
    "RAID_TO_HIT": "§10.7: raiders hit on 7-10",
    "MOD_ROUGH": "§10.3: -1 in highland or marsh",
    "MOD_CITY": "§10.6: -2 against a city",
    "MOD_SUPREMACY": "§10.9: +1",
    "MOD_INVASION": "§10.8.2: +2 for the defenders",
    "STACK_LIMIT": "§8.0: the stacking limit of each terrain (the board data gives the terrain)",
    "MAX_AUTO": "a safety bound of the flow driver, no rule",
    "EXACT_STATES": "a size bound of the exact odds, no rule",
    "BOARDS_KEPT": "a memory bound of the views' reuse of areas, no rule",
}


def numeric_constants(path: Path) -> list[str]:
    """Module-level names bound to an expression holding a number literal (flags aside)."""
    out = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if not any(isinstance(n, ast.Constant) and type(n.value) in (int, float) for n in ast.walk(value)):
            continue
        for t in targets:
            name = ast.unparse(t).strip("()")
            if not name.startswith("F_"):  # bit flags of the unit record
                out.append(name)
    return out


NOT_RULES = {
    "invariants.py": "the checker restates the book on purpose (see above)",
    "knowledge.py": "the bots' weights: judgement, not rules",
}


def test_no_italia_module_holds_a_number_the_data_holds() -> None:
    found = {}
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in NOT_RULES:
            continue
        for name in numeric_constants(path):
            found[name] = path.name
    assert set(found) <= set(NOT_IN_THE_DATA), {k: v for k, v in found.items() if k not in NOT_IN_THE_DATA}


def test_the_odds_read_the_to_hit_table_combat_reads() -> None:
    from tavola.games.italia import odds
    from tavola.games.italia.scenario import static

    to_hit, two = odds.unit_tables()
    for key in ("italia-i", "italia-ii"):
        S = static(key)
        assert all(to_hit[k] == v for k, v in S.to_hit.items())
        assert {k for k, h in S.hits.items() if h > 1} <= two
