"""Italia positions (issue: positions anyone can set up): a state written as a position and
read back is the same state, every state reached in random play round-trips to the same
legal actions, and bad positions are refused with a message that names the faulty item."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import yaml

from tavola.core.errors import PositionError
from tavola.games.italia import RULES_I, RULES_II
from tavola.games.italia.rules import ItaliaRules

GAMES = {"italia-i": RULES_I, "italia-ii": RULES_II}


def _roundtrip(R: ItaliaRules, st: dict[str, Any], as_yaml: bool = False) -> None:
    p = R.position(st)
    if as_yaml:
        text = yaml.safe_dump(p, sort_keys=False, allow_unicode=True)
        back = R.from_position(yaml.safe_load(text), seed=3)
    else:
        back = R.from_position(json.loads(json.dumps(p)), seed=3)
    assert R.position(back) == p
    roles = R.active_roles(st)
    assert R.active_roles(back) == roles
    for role in roles:
        assert R.legal_actions(back, role) == R.legal_actions(st, role)


@pytest.mark.parametrize("game", GAMES)
def test_position_of_the_setup_round_trips(game: str) -> None:
    R = GAMES[game]
    st = R.setup("standard", R.players, {}, 1)
    _roundtrip(R, st, as_yaml=True)
    p = R.position(st)
    assert R.position(R.from_position(p, seed=9)) == p


@pytest.mark.parametrize("game", GAMES)
def test_position_fuzz_every_reached_state_round_trips(game: str) -> None:
    """Random games; every few actions the state is written, loaded back and compared."""
    R = GAMES[game]
    checked = 0
    for g in range(6):
        st = R.setup("standard", R.players, {}, 100 + g)
        rnd = random.Random(g)
        k = 0
        while R.active_roles(st) and k < 2500:
            k += 1
            if k % 5 == 0:
                _roundtrip(R, st, as_yaml=k % 500 == 0)
                checked += 1
            role = R.active_roles(st)[0]
            R.apply(st, role, rnd.choice(R.legal_actions(st, role)))
    assert checked >= 1000


def test_position_reads_a_hand_written_board() -> None:
    text = """
game: italia-i
round: 3
nation: romans
areas:
  Apulia:
    city: city
    owner: samnites
    units:
      samnites: [infantry, infantry, leader gavius_pontius]
      romans: [consular damaged]
  Mare Siculum:
    units:
      carthaginians: [{unit: fleet, carries: [infantry, leader hannibal]}]
nations:
  romans: {gold: 6, vp: 12.5}
phase: move
"""
    R = RULES_I
    st = R.from_position(yaml.safe_load(text), seed=1)
    S = R.S
    ap = st["units"][S.area("apulia")]
    assert [u[1] for u in ap] == ["infantry", "infantry", "leader", "consular"]
    assert ap[3][4] == 1
    fleet = st["units"][S.area("mare_siculum")][0]
    assert [c[1] for c in fleet[5]] == ["infantry", "leader"]
    assert st["vp"][S.nation("romans")] == 25
    p = R.position(st)
    assert p["areas"]["Apulia"]["units"]["romans"] == ["consular damaged"]
    assert p["nations"]["romans"]["vp"] == 12.5
    assert p["pending"][-1]["step"] == "move"


def test_position_keeps_interleaved_units_in_order() -> None:
    R = RULES_I
    p = {
        "game": "italia-i",
        "areas": {
            "Mare Siculum": {
                "units": {"carthaginians": ["fleet", "fleet"], "greeks": ["fleet"]},
                "order": ["carthaginians 1", "greeks 1", "carthaginians 1"],
            }
        },
        "over": True,
        "pending": [{"step": "over"}],
    }
    st = R.from_position(p, seed=1)
    assert [u[0] for u in st["units"][R.S.area("mare_siculum")]] == [
        R.S.nation(k) for k in ("carthaginians", "greeks", "carthaginians")
    ]
    assert R.position(st)["areas"]["Mare Siculum"] == p["areas"]["Mare Siculum"]
    bad = {**p, "areas": {"Mare Siculum": {**p["areas"]["Mare Siculum"], "order": ["carthaginians 2"]}}}
    with pytest.raises(PositionError) as exc:
        R.from_position(bad, seed=1)
    assert exc.value.item == "areas.Mare Siculum.order"


def test_position_dice_are_rolled_first() -> None:
    from tavola.games.italia.model import roll

    st = RULES_I.from_position(
        {"game": "italia-i", "dice": [7, 2], "over": True, "pending": [{"step": "over"}]}, seed=1
    )
    assert [roll(st), roll(st)] == [7, 2]
    assert 1 <= roll(st) <= 10


def test_position_written_with_the_short_names_of_layout_1_still_loads() -> None:
    """Positions written before the state's keys had full words (a battle's ``ta``/``td``/``rd``/
    ``sp`` and phase ``tga``, ``turn.rx``) load to the same state as with today's names."""
    R = RULES_I
    head = [{"step": "round", "ph": "turns", "i": 1}, {"step": "turn", "nation": "romans", "ph": "combat"}]
    battle = {"step": "battle", "area": "Apulia", "nation": "romans", "m": "carthaginians", "raid": False}
    base = {
        "game": "italia-i",
        "round": 3,
        "nation": "romans",
        "areas": {"Apulia": {"units": {"romans": ["legion"] * 2, "carthaginians": ["infantry", "elephant"]}}},
    }
    new = {
        **base,
        "turn": {"over_limit": [["romans", "Apulia"]]},
        "pending": [
            *head,
            {**battle, "rounds": 1, "ph": "attacker_aims", "attacker_targets": ["infantry"]}
            | {"defender_targets": [], "conv": False, "start_units": [2, 2], "mode": "normal"},
        ],
    }
    old = {
        **base,
        "turn": {"rx": [["romans", "Apulia"]]},
        "pending": [
            *head,
            {**battle, "rd": 1, "ph": "tga", "ta": ["infantry"], "td": [], "conv": False, "sp": [2, 2]}
            | {"mode": "normal"},
        ],
    }
    st = R.from_position(new, seed=1)
    assert R.from_position(old, seed=1) == st
    fought = next(f for f in st["flow"] if f["s"] == "battle")
    assert fought["rounds"] == 1 and fought["attacker_targets"][0] == "infantry"
    assert st["over_limit"] == [[R.S.nation("romans"), R.S.area("apulia")]]
    assert R.position(st)["turn"]["over_limit"] == [["romans", "Apulia"]]


def _bad_i() -> list[tuple[str, dict[str, Any]]]:
    h = [{"step": "round", "ph": "turns", "i": 10}]
    after = [*h, {"step": "turn", "nation": "romans", "ph": "end"}]
    return [
        ("areas.Atlantis", {"areas": {"Atlantis": {"units": {"romans": ["legion"]}}}}),
        ("areas.Apulia.units.vandals", {"areas": {"Apulia": {"units": {"vandals": ["infantry"]}}}}),
        ("areas.Mare Siculum.units.romans", {"areas": {"Mare Siculum": {"units": {"romans": ["legion"]}}}}),
        ("areas.Apulia.units.carthaginians", {"areas": {"Apulia": {"units": {"carthaginians": ["fleet"]}}}}),
        ("areas.Apulia.units.celts", {"areas": {"Apulia": {"units": {"celts": ["elephant"]}}}}),
        ("areas.Apulia.units.romans", {"areas": {"Apulia": {"units": {"romans": ["infantry damaged"]}}}}),
        ("areas.Apulia.units.romans", {"areas": {"Apulia": {"units": {"romans": ["leader hannibal"]}}}}),
        ("areas.Apulia.units.romans", {"areas": {"Apulia": {"units": {"romans": ["leader"]}}}}),
        (
            "marks.Apulia",
            {
                "areas": {"Apulia": {"units": {"romans": ["legion"]}}},
                "marks": {"Apulia": ["romans 0: +flying"]},
            },
        ),
        (
            "areas.Mare Siculum.units.carthaginians",
            {
                "areas": {
                    "Mare Siculum": {
                        "units": {
                            "carthaginians": [
                                {"unit": "fleet", "carries": ["infantry", "infantry", "elephant"]}
                            ]
                        }
                    }
                }
            },
        ),
        (
            "areas.Apulia",
            {
                "round": 3,
                "nation": "romans",
                "areas": {"Apulia": {"units": {"romans": ["legion"] * 5}}},
                "pending": after,
            },
        ),
        (
            "areas.Lucania",
            {
                "areas": {
                    "Apulia": {"units": {"carthaginians": ["leader hannibal"]}},
                    "Lucania": {"units": {"carthaginians": ["leader hannibal"]}},
                },
                "round": 6,
            },
        ),
        ("areas.Mare Tyrrhenum.city", {"areas": {"Mare Tyrrhenum": {"city": "city"}}}),
        ("nations.romans.gold", {"nations": {"romans": {"gold": 14}}}),
        ("nations.romans.vp", {"nations": {"romans": {"vp": 3.25}}}),
        (
            "nations.romans",
            {
                "areas": {
                    a: {"units": {"romans": ["consular"]}}
                    for a in ("Roma", "Apulia", "Lucania", "Samnium", "Etruria", "Umbria", "Picenum")
                }
            },
        ),
        ("nations.celts.ruler", {"nations": {"celts": {"ruler": "celts"}}}),
        ("round", {"round": 11}),
        ("pending[1].step", {"pending": [*h, {"step": "dance"}]}),
        (
            "pending[1].ph",
            {"nation": "romans", "pending": [*h, {"step": "turn", "nation": "romans", "ph": "nap"}]},
        ),
        (
            "pending[1]",
            {
                "pending": [
                    *h,
                    {"step": "pillage", "nation": "romans", "area": "Apulia", "raid": False, "prev": 1},
                ],
                "nation": "romans",
            },
        ),
        (
            "pending[1]",
            {"pending": [*h, {"step": "move", "nation": "romans", "group": None, "mode": "normal"}]},
        ),
        ("nation", {"nation": "cimbri", "round": 1}),
        ("players", {"players": 4}),
    ]


def _bad_ii() -> list[tuple[str, dict[str, Any]]]:
    h = [{"step": "round", "ph": "turns", "i": 16}]
    return [
        ("areas.Narnia", {"areas": {"Narnia": {"units": {"ostrogoths": ["infantry"]}}}}),
        ("areas.Apulia.units.romans", {"areas": {"Apulia": {"units": {"romans": ["infantry"]}}}}),
        (
            "areas.Mare Tyrrhenum.units.vandals",
            {"areas": {"Mare Tyrrhenum": {"units": {"vandals": ["infantry"]}}}},
        ),
        ("areas.Apulia.units.vandals", {"areas": {"Apulia": {"units": {"vandals": ["fleet"]}}}}),
        ("areas.Apulia.units.vandals", {"areas": {"Apulia": {"units": {"vandals": ["elephant"]}}}}),
        ("areas.Apulia.units.vandals", {"areas": {"Apulia": {"units": {"vandals": ["infantry damaged"]}}}}),
        ("areas.Apulia.units.vandals", {"areas": {"Apulia": {"units": {"vandals": ["leader pyrrhus"]}}}}),
        (
            "marks.Apulia",
            {
                "areas": {"Apulia": {"units": {"vandals": ["infantry"]}}},
                "marks": {"Apulia": ["vandals 1: mp=1"]},
            },
        ),
        (
            "areas.Apulia.units.vandals",
            {"areas": {"Apulia": {"units": {"vandals": [{"unit": "infantry", "carries": ["infantry"]}]}}}},
        ),
        (
            "areas.Apulia",
            {
                "round": 2,
                "nation": "vandals",
                "areas": {"Apulia": {"units": {"vandals": ["infantry"] * 4}}},
                "pending": [*h, {"step": "turn", "nation": "vandals", "ph": "end"}],
            },
        ),
        ("areas.Apulia.city", {"areas": {"Apulia": {"city": "castle"}}}),
        ("areas.Apulia.owner", {"areas": {"Apulia": {"city": "city", "owner": "carthaginians"}}}),
        ("nations.vandals.gold", {"nations": {"vandals": {"gold": 11}}}),
        ("nations.vandals.gold", {"nations": {"vandals": {"gold": -2}}}),
        ("nations.samnites", {"nations": {"samnites": {"gold": 2}}}),
        ("nations.vandals.capital", {"nations": {"vandals": {"capital": "Mare Tyrrhenum"}}}),
        ("leaders.dead", {"leaders": {"dead": ["hannibal"]}}),
        ("options.elephants", {"options": {"elephants": True}}),
        ("pending", {"pending": []}),
        (
            "pending[1]",
            {
                "pending": [
                    *h,
                    {
                        "step": "battle",
                        "area": "Apulia",
                        "nation": "vandals",
                        "m": "ostrogoths",
                        "rounds": 0,
                        "ph": "open",
                        "raid": False,
                        "attacker_targets": [],
                        "defender_targets": [],
                        "conv": False,
                        "start_units": [0, 0],
                        "mode": "normal",
                    },
                ]
            },
        ),
        ("game", {"game": "italia-i"}),
    ]


BAD = [("italia-i", item, pos) for item, pos in _bad_i()] + [
    ("italia-ii", item, pos) for item, pos in _bad_ii()
]


@pytest.mark.parametrize(("game", "item", "pos"), BAD)
def test_position_bad_positions_are_refused_naming_the_item(
    game: str, item: str, pos: dict[str, Any]
) -> None:
    """20 and more hand-made bad positions per game: each refused, the message naming the item."""
    R = GAMES[game]
    last = len(R.S.order)
    pos = {"game": game, "pending": [{"step": "round", "ph": "turns", "i": last}], **pos}
    with pytest.raises(PositionError) as exc:
        R.from_position(pos, seed=1)
    assert exc.value.item == item, str(exc.value)
