"""The board, nation and rule data: validation with clear errors, and the rulebook's map facts."""

from __future__ import annotations

import copy
import json

import pytest
import yaml

from tavola.core.errors import DataError
from tavola.games.antike import RULES
from tavola.games.antike.loader import (
    BOARDS,
    RULEBOOK,
    SETUPS,
    _read,
    build_board,
    build_rulebook,
    build_setup,
)


def _raw(name: str) -> dict:
    return copy.deepcopy(_read(name))


def _border(board, a: str, b: str) -> str | None:
    ia, ib = board.index[a], board.index[b]
    for x, y, t in board.borders:
        if {x, y} == {ia, ib}:
            return t
    return None


def test_1_rulebook_numbers() -> None:
    assert (RULEBOOK.legions, RULEBOOK.galleys, RULEBOOK.city_tokens, RULEBOOK.temples) == (12, 13, 24, 20)
    assert RULEBOOK.cards == [10, 7, 6, 8, 5, 1]
    assert RULEBOOK.unit_iron == 2 and RULEBOOK.temple_marble == 5 and RULEBOOK.city_cost == [1, 1, 1]
    prices = {t.id: (t.first, t.later) for t in RULEBOOK.techs}
    assert prices == {
        "mercatura": (6, 2),
        "metallum": (9, 5),
        "regnum": (10, 6),
        "commercium": (9, 4),
        "moneta": (12, 7),
        "res_publica": (13, 8),
        "strata": (7, 3),
        "navigatio": (8, 4),
    }


def test_7_1_mare_nostrum_facts_of_the_examples() -> None:
    b = BOARDS["mare-nostrum"]
    carales = b.index["carales"]
    assert b.allows[1][carales] and not b.allows[0][carales]  # only blue borders
    assert _border(b, "carthago", "carales") == "sea"
    for r in ("roma", "carthago", "gesocribate"):
        assert b.allows[0][b.index[r]] and b.allows[1][b.index[r]]
    # §6.1: 3 gold from the temple of Syracus and 1 from Carthago; 2 marble and 1 iron from the rest
    gold = [b.site[b.index[r]] for r in ("syracus", "carthago")]
    assert gold == [2, 2]
    assert sorted(b.site[b.index[r]] for r in ("roma", "neapolis", "carales")) == [0, 0, 1]


def test_5_2_orient_facts_of_the_founding_example() -> None:
    b = BOARDS["orient"]
    assert b.site[b.index["attalia"]] == 2
    assert b.site[b.index["paphos"]] == 3
    assert sum(1 for s in b.site if s == 3) == 12  # about a dozen any-resource sites


def test_8_pella_example_links_on_both_boards() -> None:
    for b in BOARDS.values():
        assert _border(b, "dyrrhachion", "pella") in ("land", "mixed")
        for a, c in (("dyrrhachion", "sparta"), ("sparta", "athenae"), ("athenae", "pella")):
            assert _border(b, a, c) in ("sea", "mixed")
        sparta, pella = b.index["sparta"], b.index["pella"]
        middle = set(b.adj[1][sparta]) & set(b.adj[1][pella])
        assert middle == {b.index["athenae"]}


def test_4_city_less_seas_exist_on_both_boards() -> None:
    for b in BOARDS.values():
        seas = [r for r in range(b.size) if b.site[r] == -1]
        assert seas and all(b.kind[r] == "sea" and b.nav[r] == 2 for r in seas)


def test_every_region_has_a_map_position() -> None:
    for scenario, b in BOARDS.items():
        board = RULES.board(scenario, 4, {})
        json.dumps(board)
        assert len(board["regions"]) == b.size
        for reg in board["regions"]:
            assert -20 < reg["lon"] < 65 and 5 < reg["lat"] < 55
            assert reg["position"]
        assert {x["type"] for x in board["borders"]} == {"land", "sea", "mixed"}
        assert [s["id"] for s in board["rondel"]] == RULEBOOK.spaces


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["borders"].append({"a": "roma", "b": "atlantis", "type": "sea", "source": "x"}),
            "atlantis",
        ),
        (lambda d: d["borders"].append(dict(d["borders"][0])), "listed twice"),
        (lambda d: d["regions"][0].update(kind="land"), "declared land"),
        (lambda d: d["regions"][0].pop("reconstructed"), "provenance"),
        (lambda d: d["regions"][0]["pos"].update(lat=123.0), "longitude/latitude"),
        (lambda d: d["regions"][0].update(site="silver"), "site"),
    ],
)
def test_bad_board_data_raises_a_clear_error(change, message: str) -> None:
    raw = _raw("mare_nostrum.yaml")
    change(raw)
    with pytest.raises(DataError, match=message):
        build_board(raw, "mare_nostrum.yaml")


def test_disconnected_board_is_refused() -> None:
    raw = _raw("mare_nostrum.yaml")
    pair = {"knossos", "mare_libycum"}
    raw["borders"] = [b for b in raw["borders"] if {b["a"], b["b"]} == pair or not pair & {b["a"], b["b"]}]
    with pytest.raises(DataError, match=r"not connected.*knossos"):
        build_board(raw, "mare_nostrum.yaml")
    raw["borders"] = [b for b in raw["borders"] if {b["a"], b["b"]} != pair]
    with pytest.raises(DataError, match="no border"):
        build_board(raw, "mare_nostrum.yaml")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["lines"][0]["start"].update(romans=["roma", "neapolis", "ancona"]),
            "one marble, one iron",
        ),
        (lambda d: d["lines"][0].update(neutral_temples=["roma", "massilia", "ephesos"]), "start city"),
        (lambda d: d["lines"][0]["start"].update(romans=["roma", "neapolis"]), "3 start cities"),
        (lambda d: d["nations"][1].update(colour="yellow"), "share a colour"),
    ],
)
def test_bad_nation_data_raises_a_clear_error(change, message: str) -> None:
    raw = _raw("nations.yaml")["mare-nostrum"]
    change(raw)
    with pytest.raises(DataError, match=message):
        build_setup(raw, BOARDS["mare-nostrum"], "nations.yaml")


def test_any_site_start_city_needs_its_token() -> None:
    raw = _raw("nations.yaml")["orient"]
    raw["lines"][1].pop("tokens")
    with pytest.raises(DataError, match="any-resource site"):
        build_setup(raw, BOARDS["orient"], "nations.yaml")


def test_bad_rules_data_raises_a_clear_error() -> None:
    raw = _raw("rules.yaml")
    raw["technologies"][3]["requires"] = "alchemy"
    with pytest.raises(DataError, match="alchemy"):
        build_rulebook(raw)
    raw = _raw("rules.yaml")
    raw["coins"].pop("reconstructed")
    with pytest.raises(DataError, match="provenance"):
        build_rulebook(raw)
    with pytest.raises(DataError):
        build_rulebook(yaml.safe_load("rondel: 3"))


def test_start_lines_give_each_nation_one_city_of_each_resource() -> None:
    for scenario, setup in SETUPS.items():
        b = BOARDS[scenario]
        for count, line in setup.lines.items():
            assert len(line.nations) == count
            for triple in line.start:
                assert sorted(t for _, t in triple) == [0, 1, 2]
            assert len(line.neutral) == 3
            assert all(b.site[r] != -1 for r in line.neutral)
