"""Maria positions (docs/positions.md): every state of play writes and loads back; a position may
leave hands and troops unknown (§4, §6, §8), filled in from the seed and said so; a role's view
of a position leaves unknown what it may not see; a faulty position is refused naming its item."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tavola.core.errors import PositionError
from tavola.core.game import Game
from tavola.core.position import load_state, write
from tavola.games.maria.common import power_troops
from tavola.games.maria.rules import RULES


@pytest.mark.parametrize("players", [3, 2])
def test_every_state_of_random_play_writes_and_loads_back(players: int) -> None:
    state = RULES.setup("introductory", players, {}, players + 40)
    pick = random.Random(players)
    for step in range(1500):
        if RULES.result(state):
            break
        if step % 7 == 0:
            pos = write("maria", state)
            _, loaded = load_state("maria", pos, 3)
            assert {k: v for k, v in loaded.items() if k != "rng"} == {
                k: v for k, v in state.items() if k != "rng"
            }
            for role in RULES.active_roles(state):
                assert RULES.legal_actions(loaded, role) == RULES.legal_actions(state, role)
        role = pick.choice(RULES.active_roles(state))
        RULES.apply(state, role, pick.choice(RULES.legal_actions(state, role)))


BATTLE: dict[str, Any] = {
    "game": "maria",
    "players": 3,
    "turn": {
        "number": 1,
        "stage": "retro",
        "group": 2,
        "pending": [{"s": "sequence"}, {"s": "combat", "group": 2, "attacks": [["neisse", "grottkau"]]}],
    },
    "generals": {
        "neipperg": {"city": "neisse", "troops": "?"},
        "khevenhuller": {"city": "olmutz", "troops": "?"},
        "friedrich_der_grosse": {"city": "grottkau", "troops": 2},
        "schwerin": {"city": "grottkau", "troops": 2},
    },
    "totals": {"austria": 9},
    "hands": {"austria": 4, "prussia": ["5-spades", "4-spades", "?"]},
}
"""The §11.1 battle as Frederick knows it: his own cards but one, not Austria's hand nor how its
9 troops are shared."""


def test_4_6_8_unknown_hands_and_troops_are_filled_from_the_seed_and_said() -> None:
    game = Game.from_position("maria", BATTLE, seed=5)
    state = game.state
    assert len(state["hands"]["austria"]) == 4 and len(state["hands"]["prussia"]) == 3
    troops = [state["generals"][g]["troops"] for g in ("neipperg", "khevenhuller")]
    assert sum(troops) == 9 and all(1 <= t <= 8 for t in troops)  # §6
    assert power_troops(state, "austria") == 9
    every = [c for h in state["hands"].values() for c in h] + state["pile"]
    every += [c for d in state["discards"] for c in d]
    assert len(every) == len(set(every))  # §8: each card in one place
    assert game.filled == [
        {"msg": "ev.unknown_cards", "args": {"power": "austria", "n": 4}},
        {"msg": "ev.unknown_cards", "args": {"power": "prussia", "n": 1}},
        {
            "msg": "ev.unknown_troops",
            "args": {"power": "austria", "generals": ["khevenhuller", "neipperg"], "total": 9},
        },
    ]
    # the same seed fills the same way; another seed may deal otherwise
    assert Game.from_position("maria", BATTLE, seed=5).position() == game.position()
    dealt = {tuple(Game.from_position("maria", BATTLE, seed=s).state["hands"]["austria"]) for s in range(8)}
    assert len(dealt) > 1


def test_6_unknown_troops_without_a_total_are_the_power_at_full_strength() -> None:
    pos = copy.deepcopy(BATTLE)
    del pos["totals"]
    state = Game.from_position("maria", pos, seed=1).state
    assert power_troops(state, "austria") == 16  # 8 + 8: the most two generals command (§6)
    pos["totals"] = {"austria": 20}
    with pytest.raises(PositionError) as err:
        Game.from_position("maria", pos, seed=1)
    assert err.value.item == "totals.austria" and "cannot be spread over 2 generals" in err.value.message


def test_4_a_role_sees_a_position_with_the_others_secrets_unknown() -> None:
    game = Game.from_position("maria", BATTLE, seed=5)
    seen = game.position("frederick")
    assert seen["hands"]["austria"] == 4 and isinstance(seen["hands"]["prussia"], list)
    assert seen["generals"]["neipperg"]["troops"] == "?"
    assert seen["generals"]["schwerin"]["troops"] == 2
    assert seen["totals"] == {"austria": 9}
    assert "pile" not in seen  # nobody knows the order of the draw pile
    # loaded back, it is a world Frederick cannot tell from the true one
    world = Game.from_position("maria", seen, seed=11)
    assert world.position("frederick") == seen
    assert (
        world.legal_actions("theresa") and world.view("frederick")["hands"] == game.view("frederick")["hands"]
    )


BAD: list[tuple[str, dict[str, Any], str, str]] = [
    ("unknown key", {"weather": "rain"}, "weather", "no key"),
    (
        "unknown general",
        {"generals": {"napoleon": {"city": "neisse", "troops": 2}}},
        "generals.napoleon",
        "no such general",
    ),
    (
        "general not in the game",
        {"generals": {"george_ii": {"city": "hannover", "troops": 2}}},
        "generals.george_ii",
        "takes no part",
    ),
    (
        "unknown city",
        {"generals": {"neipperg": {"city": "atlantis", "troops": 2}}},
        "generals.neipperg.city",
        "no city",
    ),
    (
        "troops over 8",
        {"generals": {"neipperg": {"city": "neisse", "troops": 9}}},
        "generals.neipperg.troops",
        "1 to 8",
    ),
    (
        "troops not a number",
        {"generals": {"neipperg": {"city": "neisse", "troops": "many"}}},
        "generals.neipperg.troops",
        "'?'",
    ),
    (
        "face down not a flag",
        {"generals": {"neipperg": {"city": "neisse", "troops": 2, "down": "yes"}}},
        "generals.neipperg.down",
        "face down",
    ),
    (
        "troops off the map",
        {"generals": {"friedrich_der_grosse": {"city": None, "troops": 3}}},
        "generals.friedrich_der_grosse.troops",
        "off the map",
    ),
    (
        "unknown train",
        {"trains": {"orient_express": "neisse"}},
        "trains.orient_express",
        "no such supply train",
    ),
    (
        "train with a general",
        {"trains": {"austria_train_2": "grottkau"}},
        "trains.austria_train_2",
        "only two generals",
    ),
    (
        "enemies stacked",
        {"generals": {"schwerin": {"city": "neisse", "troops": 2}}},
        "generals.schwerin.city",
        "may not stack",
    ),
    (
        "three generals",
        {"generals": {"erbprinz_leopold": {"city": "grottkau", "troops": 4}}},
        "generals.erbprinz_leopold",
        "two generals",
    ),
    ("no such card", {"hands": {"austria": ["11-hearts"]}}, "hands.austria.0", "no tactical card"),
    (
        "a card twice",
        {"hands": {"austria": ["7-hearts", "7-hearts"]}},
        "hands.austria.1",
        "no '7-hearts' left",
    ),
    ("a deck not in use", {"hands": {"austria": ["7-hearts@3"]}}, "hands.austria.0", "not yet in use"),
    ("discarded on another deck", {"discards": [[], ["7-hearts"]]}, "discards.1.0", "its own deck"),
    ("hand of a stranger", {"hands": {"spain": ["7-hearts"]}}, "hands.spain", "no such power"),
    ("more unknown cards than the decks", {"hands": {"austria": 200}}, "hands", "only"),
    ("marker off a fortress", {"markers": {"karlsbad": "austria"}}, "markers.karlsbad", "not a fortress"),
    (
        "marker of a minor power",
        {"markers": {"munchen": "bavaria"}},
        "markers.munchen",
        "only the superpowers",
    ),
    ("Silesia without markers", {"markers": {"munchen": "austria"}}, "markers", "Silesian fortress"),
    ("hussar off Bohemia", {"hussars": ["paris", None]}, "hussars.0", "off the Bohemia map"),
    ("hussar with a piece", {"hussars": ["olmutz", None]}, "hussars.0", "never shares"),
    ("turn after the last", {"turn": {"number": 10, "stage": "turn"}}, "turn.number", "1 to 9"),
    ("unknown stage", {"turn": {"number": 1, "stage": "feast"}}, "turn.stage", "one of"),
    (
        "unknown step",
        {"turn": {"number": 1, "stage": "retro", "group": 2, "pending": [{"s": "sequence"}, {"s": "feast"}]}},
        "turn.pending.1",
        "names its step",
    ),
    (
        "a step without its locals",
        {
            "turn": {
                "number": 1,
                "stage": "retro",
                "group": 2,
                "pending": [{"s": "sequence"}, {"s": "combat"}],
            }
        },
        "turn.pending.1",
        "locals",
    ),
    (
        "a total that does not add up",
        {
            "generals": {
                "neipperg": {"city": "neisse", "troops": 2},
                "khevenhuller": {"city": "olmutz", "troops": 3},
            }
        },
        "totals.austria",
        "command 5 troops, not 9",
    ),
    ("a total too big to spread", {"totals": {"austria": 30}}, "totals.austria", "cannot be spread"),
    (
        "a commander not there",
        {"commanders": {"grottkau": "neipperg"}},
        "commanders.grottkau",
        "does not stand",
    ),
    (
        "sealed by a stranger",
        {"turn": {"number": 1, "stage": "allocate", "sealed": ["napoleon"]}},
        "turn.sealed",
        "roles among",
    ),
]


def _apply(change: dict[str, Any]) -> dict[str, Any]:
    pos = copy.deepcopy(BATTLE)
    for key, value in change.items():
        if key in ("generals", "hands") and isinstance(value, dict):
            pos[key].update(value)
        else:
            pos[key] = value
    return pos


@pytest.mark.parametrize(("change", "item", "words"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_position_is_refused_naming_the_item(change: dict[str, Any], item: str, words: str) -> None:
    bad = _apply(change)
    before = copy.deepcopy(bad)
    with pytest.raises(PositionError) as err:
        Game.from_position("maria", bad, seed=2)
    assert (err.value.item, words in err.value.message) == (item, True), err.value
    assert bad == before  # nothing of the position is changed


def test_bad_positions_are_at_least_twenty() -> None:
    assert len(BAD) >= 20


def test_4_tavola_position_shows_a_role_its_view_and_says_what_was_filled_in(capsys, tmp_path) -> None:
    from tavola.cli import main
    from tavola.core.position import dump

    path = tmp_path / "battle.yaml"
    path.write_text(dump(BATTLE))
    assert main(["position", "maria", str(path), "--role", "frederick", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "# Filled in from seed 4:" in out
    assert "4 tactical cards of Austria's hand" in out and "Khevenhüller, Neipperg" in out
    assert "austria: 4" in out and "neipperg: {city: neisse, troops: '?'" in out
    assert "[frederick] not to act now; waiting for theresa" in out
    assert main(["position", "maria", str(path), "--role", "theresa", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "1. attack neisse>grottkau" in out and "prussia: 3" in out


def test_4_tavola_play_goes_on_from_a_position_with_secrets_and_its_record_replays(capsys, tmp_path) -> None:
    import json

    from tavola.cli import main
    from tavola.core.game import replay
    from tavola.core.position import dump

    path, record = tmp_path / "battle.yaml", tmp_path / "game.json"
    path.write_text(dump(BATTLE))
    args = [
        "play",
        "maria",
        "--from",
        str(path),
        "--seat",
        "all=random",
        "--seed",
        "6",
        "--record",
        str(record),
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].strip().startswith("The position does not know 4 tactical cards of Austria")
    data = json.loads(record.read_text())
    assert data["position"]["hands"]["austria"] == 4  # the record carries the position as written
    again = replay(data)  # and the seed fills it in the same way again
    assert again.is_over and again.checksums == data["checksums"]


def test_11_1_the_book_battle_ends_as_the_book_says_however_the_stack_shares_its_4_troops() -> None:
    """The §11.1 example gives the stack of Friedrich and Schwerin 4 troops, not how they are
    shared: left unknown, every split the seed deals ends as the book says."""
    from pathlib import Path

    from tavola.core.examples import load_example, play_and_check

    example = load_example(Path(__file__).resolve().parents[2] / "examples" / "maria" / "11.1-neipperg.yaml")
    pos = copy.deepcopy(example["position"])
    for gid in ("friedrich_der_grosse", "schwerin"):
        pos["generals"][gid]["troops"] = "?"
    pos["totals"] = {"prussia": 4}
    splits = set()
    for seed in range(12):
        game = Game.from_position("maria", pos, seed=seed)
        splits.add(tuple(game.state["generals"][g]["troops"] for g in ("friedrich_der_grosse", "schwerin")))
        case = example["_cases"][0]
        assert play_and_check(game, case["actions"], case["expect"]) == [], seed
    assert splits == {(1, 3), (2, 2), (3, 1)}


def test_17_3_face_down_bids_are_unknown_in_a_role_position_and_dealt_on_loading() -> None:
    """The advanced game: a superpower's bid lies face down on the political board (§17.3); in
    another role's position it is unknown, and loading deals it from the cards nowhere else."""
    from tavola.games.maria import position as positions

    state = RULES.setup("advanced", 3, {}, 5)
    pick = random.Random(1)
    while not any(state["control"][p] != "frederick" for p in state["pnew"]):
        role = pick.choice(RULES.active_roles(state))
        RULES.apply(state, role, pick.choice(RULES.legal_actions(state, role)))
    seen = positions.position_seen(state, "frederick")
    theirs = [p for p in state["pnew"] if state["control"][p] != "frederick"]
    assert all(seen["pnew"][p] == "?" for p in theirs)
    world = positions.from_position(seen, 3)
    assert {"msg": "ev.unknown_bid", "args": {"power": theirs[0]}} in world.pop("_filled")
    assert set(world["pnew"]) == set(state["pnew"]) and not RULES.check(world)
    assert positions.position_seen(world, "frederick") == seen
