"""Antike II positions (docs/positions.md): written and read back exactly, every state of random
play included, and impossible positions refused with the faulty item named."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tavola.cli import main
from tavola.core.errors import PositionError
from tavola.core.game import Game, replay
from tavola.core.position import dump, load_state, parse, write
from tavola.games.antike import RULES

BASE: dict[str, Any] = {
    "game": "antike-ii",
    "scenario": "mare-nostrum",
    "players": 4,
    "nations": [
        {
            "nation": "romans",
            "purse": {"marble": 2, "coin": 1},
            "cities": {"roma": "marble", "syracus": "gold", "carthago": "gold"},
            "temples": ["syracus"],
            "units": {"carthago": {"legions": 1, "galleys": 1}},
            "technologies": ["mercatura"],
        },
        {"nation": "greeks", "cities": {"athenae": "gold"}},
        {"nation": "germans", "cities": {"colonia": "iron"}},
        {"nation": "phoenicians", "cities": {"gades": "gold"}},
    ],
    "first": {"mercatura": "romans"},
    "turn": {"nation": "romans", "round": 1, "bellona": "phoenicians", "pending": [{"step": "rondel"}]},
}


def _state_without_rng(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "rng"}


def test_a_position_round_trips_exactly() -> None:
    game = Game.from_position("antike-ii", BASE, seed=5)
    written = game.position()
    assert Game.from_position("antike-ii", written, seed=9).position() == written
    assert parse(dump(written)) == written
    assert parse(dump(written, "json")) == written
    # the hand-written position, once defaults are filled in, is what the engine writes
    assert written["nations"][0]["cities"] == BASE["nations"][0]["cities"]
    assert written["options"] == {
        "pliny": False,
        "temple_win_without_general": False,
        "trade_when_buying": False,
    }


@pytest.mark.parametrize(
    ("scenario", "players", "seed"), [("mare-nostrum", 4, 1), ("orient", 2, 2), ("orient", 6, 3)]
)
def test_every_state_of_random_play_writes_and_loads_back(scenario: str, players: int, seed: int) -> None:
    """Thousands of states: each written as a position and loaded back gives the same state (the
    RNG word aside), so the same legal actions, and the same position."""
    state = RULES.setup(scenario, players, {}, seed)
    pick = random.Random(seed)
    for _ in range(1200):
        if RULES.result(state) is not None:
            break
        position = write("antike-ii", state)
        _, back = load_state("antike-ii", position, seed)
        assert _state_without_rng(back) == _state_without_rng(state)
        assert write("antike-ii", back) == position
        role = RULES.active_roles(state)[0]
        acts = RULES.legal_actions(state, role)
        assert RULES.legal_actions(back, role) == acts
        RULES.apply(state, role, acts[pick.randrange(len(acts))])


def _nation(p: dict[str, Any], nid: str) -> dict[str, Any]:
    return next(n for n in p["nations"] if n["nation"] == nid)


def _set(path: str, value: Any):
    def change(p: dict[str, Any]) -> None:
        *head, last = path.split(".")
        cur: Any = p
        for seg in head:
            cur = (
                _nation(p, seg)
                if seg in ("romans", "greeks", "germans", "phoenicians")
                else cur[int(seg) if seg.isdigit() else seg]
            )
        cur[last] = value

    return change


BAD = [
    ("unknown scenario", _set("scenario", "atlantis"), "scenario", "no scenario"),
    ("player count", _set("players", 7), "players", "not 7"),
    ("unknown option", _set("options", {"elephants": True}), "options.elephants", "no such option"),
    ("missing nation", lambda p: p["nations"].pop(), "nations", "needs phoenicians"),
    ("unknown nation", _set("nations.3.nation", "atlanteans"), "nations.atlanteans", "not a nation"),
    (
        "turn order",
        lambda p: p["nations"].insert(1, p["nations"].pop(2)),
        "nations",
        "clockwise",
    ),
    (
        "unknown region",
        _set("romans.cities", {"atlantis": "gold"}),
        "nations.romans.cities.atlantis",
        "not a region",
    ),
    (
        "city in a sea",
        _set("romans.cities", {"mare_africum": "gold"}),
        "nations.romans.cities.mare_africum",
        "sea",
    ),
    ("wrong resource", _set("romans.cities", {"roma": "gold"}), "nations.romans.cities.roma", "marble site"),
    (
        "shared city",
        _set("greeks.cities", {"roma": "marble"}),
        "nations.greeks.cities.roma",
        "already a city",
    ),
    ("no city", _set("germans.cities", {}), "nations.germans.cities", "at least one city"),
    ("temple elsewhere", _set("romans.temples", ["neapolis"]), "nations.romans.temples.0", "own cities"),
    (
        "galleys inland",
        _set("romans.units", {"roma": {"galleys": 1}, "colonia": {"galleys": 2}}),
        "nations.romans.units.colonia.galleys",
        "no blue (sea) border",
    ),
    (
        "legions on an island",
        _set("romans.units", {"carales": {"legions": 1}}),
        "nations.romans.units.carales.legions",
        "red",
    ),
    (
        "too many legions",
        _set("romans.units", {"roma": {"legions": 13}}),
        "nations.romans.units",
        "13 legions",
    ),
    ("negative purse", _set("romans.purse", {"gold": -1}), "nations.romans.purse.gold", "out of range"),
    ("coins over the bank", _set("romans.purse", {"coin": 500}), "nations", "coins"),
    (
        "personages over the cards",
        _set("romans.personages", {"navigators": 6}),
        "nations.romans.personages.navigators",
        "out of range",
    ),
    (
        "tech without prerequisite",
        _set("romans.technologies", ["mercatura", "moneta"]),
        "nations.romans.technologies",
        "needs metallum",
    ),
    (
        "unknown technology",
        _set("romans.technologies", ["gunpowder"]),
        "nations.romans.technologies.0",
        "not a technology",
    ),
    ("first without owning", _set("first", {"mercatura": "greeks"}), "first.mercatura", "does not own"),
    ("neutral temple on a city", _set("neutral_temples", ["roma"]), "neutral_temples.0", "city of romans"),
    (
        "unknown rondel space",
        _set("romans.rondel", "bacchanalia"),
        "nations.romans.rondel",
        "not a rondel space",
    ),
    ("turn of a stranger", _set("turn.nation", "huns"), "turn.nation", "not a nation"),
    ("unknown step", _set("turn.pending", [{"step": "feast"}]), "turn.pending.0", "a step is"),
    (
        "battle out of movement",
        _set(
            "turn.pending",
            [{"step": "clash", "region": "carthago", "unit": "galley", "opponents": ["greeks"]}],
        ),
        "turn.pending.0",
        "only arises inside",
    ),
    (
        "battle with nobody",
        _set(
            "turn.pending",
            [
                {"step": "move", "movable": [{"region": "carthago", "unit": "legion", "one": 1}]},
                {"step": "clash", "region": "carthago", "unit": "galley", "opponents": ["greeks"]},
            ],
        ),
        "turn.pending.1.opponents",
        "greeks has no galley",
    ),
    (
        "trade without mercatura",
        lambda p: (
            _set("romans.technologies", [])(p),
            p.pop("first"),
            _set(
                "turn.pending",
                [{"step": "templum"}, {"step": "trade", "rate": "mercatura", "give": 2, "take": 1}],
            )(p),
        ),
        "turn.pending.1.rate",
        "does not own",
    ),
    ("the game is won", _set("romans.personages", {"kings": 9}), "nations.romans.personages", "win the game"),
    (
        "moving a unit not there",
        _set("turn.pending", [{"step": "move", "movable": [{"region": "roma", "unit": "legion", "one": 1}]}]),
        "turn.pending.0.movable",
        "more legions",
    ),
    ("unknown key", _set("weather", "rain"), "weather", "unknown key"),
]


@pytest.mark.parametrize(("change", "item", "words"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_position_is_refused_naming_the_item(change, item: str, words: str) -> None:
    bad = copy.deepcopy(BASE)
    change(bad)
    with pytest.raises(PositionError) as err:
        Game.from_position("antike-ii", bad)
    assert err.value.item == item
    assert words in err.value.message


def test_bad_positions_are_at_least_twenty() -> None:
    assert len(BAD) >= 20


def test_a_record_may_start_from_a_position() -> None:
    game = Game.from_position("antike-ii", BASE, seed=4)
    game.apply("romans", ("rondel", "aurum"))
    record = game.record()
    assert record["position"]["nations"][0]["nation"] == "romans"
    again = replay(record)
    assert again.position() == game.position()


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "antike-ii" / "6.1-yellow.yaml"


def test_6_1_tavola_position_shows_syracus_with_its_temple_and_the_legal_actions(capsys) -> None:
    assert main(["position", "antike-ii", str(EXAMPLE), "--role", "romans"]) == 0
    out = capsys.readouterr().out
    assert "syracus: gold" in out and "temples: [syracus]" in out
    assert "(§5.1)" in out and "3. rondel aurum" in out


@pytest.mark.parametrize(
    ("space", "produced"), [("aurum", "4 gold"), ("marmor", "2 marble"), ("ferrum", "1 iron")]
)
def test_6_1_tavola_position_plays_the_book_production(capsys, space: str, produced: str) -> None:
    assert main(["position", "antike-ii", str(EXAMPLE), "--act", f"romans rondel {space}", "--json"]) == 0
    out = capsys.readouterr().out
    assert produced in out and "1 coin" in out
    data = json.loads(out.strip().splitlines()[-1])
    purse = next(n for n in data["position"]["nations"] if n["nation"] == "romans")["purse"]
    amount, kind = produced.split()
    assert purse == {kind: int(amount), "coin": 1}


def test_tavola_play_goes_on_from_a_position(capsys, tmp_path: Path) -> None:
    """`tavola play --from FILE` plays on from a position (here bots to the end) and records it."""
    record = tmp_path / "game.json"
    code = main(
        [
            "play",
            "antike-ii",
            "--from",
            str(EXAMPLE),
            "--seat",
            "all=random",
            "--record",
            str(record),
            "--json",
        ]
    )
    assert code == 0
    saved = json.loads(record.read_text())
    assert saved["position"]["nations"][0]["temples"] == ["syracus"]
    assert replay(saved).is_over
