"""§4, §6, §8: what each role sees. Allocations are made by everyone at once, in secret; hands
and troop numbers stay hidden; views and the log of one role never carry another's secret."""

from __future__ import annotations

import json
import random
from typing import Any

from tavola.core.game import Game
from tavola.games.maria import RULES
from tavola.games.maria.common import card_name


def test_4_every_player_allocates_at_once_and_nobody_sees_another_sheet() -> None:
    game = Game("maria", "introductory", 3, None, seed=3)
    assert game.active_roles == ["theresa", "frederick", "louis"]
    game.apply("frederick", ["troop", "friedrich_der_grosse"])
    game.apply("theresa", ["troop", "neipperg"])
    # a draft: the committed state has not changed, the others see nothing of it
    assert game.state["generals"]["friedrich_der_grosse"]["troops"] == 1
    assert game.view("frederick")["generals"]["friedrich_der_grosse"]["troops"] == 2
    assert "troops" not in game.view("theresa")["generals"]["friedrich_der_grosse"]
    assert "troops" not in game.view("louis")["generals"]["neipperg"]


def test_8_hands_are_seen_only_by_their_owner() -> None:
    state = RULES.setup("introductory", 3, {}, 5)
    for role in state["roles"]:
        view = RULES.view(state, role)
        mine = {p for p in state["powers"] if state["control"][p] == role}
        assert set(view["hands"]) <= mine | {"pragmatic_army"}
        assert view["hand_sizes"]["prussia"] == 9
    assert RULES.view(state, None)["hands"] == {}


def test_6_troop_totals_are_public_single_generals_are_not() -> None:
    state = RULES.setup("introductory", 3, {}, 5)
    view = RULES.view(state, "louis")
    assert view["troop_totals"]["austria"] == sum(
        g["troops"]
        for gid, g in state["generals"].items()
        if gid in ("karl_v_lothringen", "traun", "khevenhuller", "batthyany", "neipperg")
    )
    assert all("troops" not in view["generals"][g] for g in ("neipperg", "friedrich_der_grosse"))


def test_no_view_or_log_of_one_role_carries_another_roles_hand() -> None:
    """Random play through the session: every card a role sees in its view or log is its own, or
    was played or revealed in public."""
    for seed in range(3):
        game = Game("maria", "introductory", 3, None, seed=seed)
        pick = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            role = pick.choice(game.active_roles)
            game.apply(role, pick.choice([a for a in game.legal_actions(role) if a != ("undo",)]))
        state = game.state
        for role in state["roles"]:
            mine = {p for p in state["powers"] if state["control"][p] == role} | (
                {"pragmatic_army"} if role == "frederick" else set()
            )
            view = game.view(role)
            assert set(view["hands"]) <= mine
            for entry in view["log"]:
                if entry.get("msg") == "ev.drew":
                    assert entry["args"]["power"] in mine
            for gid in view["generals"]:
                seen = "troops" in view["generals"][gid]
                owner = next(p for p in state["powers"] if gid in _generals_of(state, p))
                assert seen == (owner in mine or game.is_over)
            assert json.dumps(view)  # plain data


def _generals_of(state: dict, power: str) -> set[str]:
    from tavola.games.maria.common import general_power

    return {g for g in state["generals"] if general_power(g) == power}


def test_determinize_keeps_own_hand_and_totals_and_resamples_the_rest() -> None:
    state = RULES.setup("introductory", 3, {}, 7)
    worlds = [RULES.determinize(state, "louis", s) for s in range(4)]
    for w in worlds:
        assert w["hands"]["france"] == state["hands"]["france"]
        assert RULES.view(w, "louis") == RULES.view(state, "louis")
    assert len({repr(sorted(w["hands"]["austria"])) for w in worlds}) > 1
    assert {card_name(c) for c in worlds[0]["hands"]["france"]} == {
        card_name(c) for c in state["hands"]["france"]
    }


def _other_truth(state: dict, role: str, seed: int) -> dict:
    """Another game the role cannot tell apart from ``state``: the hidden parts dealt again, and
    the secret winter scores (§13) changed."""
    other = RULES.determinize(state, role, seed)
    pick = random.Random(seed)
    for scores in other["winter_scores"].values():
        scores[:] = [pick.randrange(12) for _ in scores]
    return other


def _played(scenario: str, players: int, seed: int, until: Any) -> Game:
    """Random play until ``until(state)`` holds (or the game ends)."""
    game = Game("maria", scenario, players, None, seed=seed)
    pick = random.Random(seed)
    while not game.is_over and not until(game.state):
        role = pick.choice(game.active_roles)
        game.apply(role, pick.choice([a for a in game.legal_actions(role) if a != ("undo",)]))
    return game


def _steps(n: int) -> Any:
    count = iter(range(n))
    return lambda state: next(count, None) is None


def _scored(state: dict) -> bool:
    return any(state["winter_scores"].get("austria", []))


def _bid(state: dict) -> bool:
    return bool(state["pnew"]) and len(state["pnew"]) < 4


def test_determinize_reads_only_what_the_role_sees() -> None:
    """The search bot's worlds are built from the role's view alone: two games that differ only
    in what the role cannot see (other hands, the pile, other generals' troops, face-down bids,
    the political cards to come, the winter scores) give the very same world, seed for seed."""
    checked = set()
    for scenario, players, seed, until in [
        ("introductory", 3, 1, _steps(150)),
        ("introductory", 2, 2, _steps(300)),
        ("advanced", 3, 3, _bid),
        ("advanced", 3, 4, _scored),
        ("advanced", 2, 5, _scored),
    ]:
        game = _played(scenario, players, seed, until)
        assert not game.is_over
        for role in game.state["roles"]:
            state = game.state_of(role)
            other = _other_truth(state, role, 100 + seed)
            assert RULES.view(other, role) == RULES.view(state, role)
            assert other != state  # really another truth behind the same view
            for s in (0, 1):
                assert RULES.determinize(state, role, s) == RULES.determinize(other, role, s)
            checked |= {k for k in ("pnew", "winter_scores") if any(state[k].values())}
    assert checked == {"pnew", "winter_scores"}


def _battle_of_neisse() -> dict:
    """Neipperg (5 troops) at Neisse attacks Friedrich (7) at Grottkau in Austria's combat
    sub-phase; the other generals stand where the sealed sheets put them."""
    from maria_helpers import allocated, at_step, place

    from tavola.games.maria import combat
    from tavola.games.maria.common import discard

    state = allocated(3)
    place(state, "neipperg", "neisse", 5)
    place(state, "friedrich_der_grosse", "grottkau", 7)
    discard(state, state["hands"]["austria"])  # no card to play: Austria can only give up
    state["hands"]["austria"] = []
    state["turn"], state["stage"], state["group"] = 1, "retro", 2
    at_step(state, "sequence")
    combat.start_combat(state, 2)
    RULES.apply(state, "theresa", ("attack", "neisse>grottkau"))
    return state


def _troops(world: dict, *gens: str) -> int:
    return sum(world["generals"][g]["troops"] for g in gens)


def test_6_the_troops_revealed_in_combat_stay_known_to_every_role_in_its_worlds() -> None:
    """§6: a general's troops are secret and «rivelati solo in combattimento»; what the battle
    told (§11.1: the troop difference is the initial score) is remembered: in every world of a
    bot, of a role that fought and of one that only watched, Friedrich commands the 7 troops
    the battle revealed, while Prussia's other generals are spread again over the rest of its
    public total. After the defeat Neipperg's 5 less the 2 lost stay known."""
    state = _battle_of_neisse()
    prussians = ("friedrich_der_grosse", "schwerin", "erbprinz_leopold")
    for role in ("theresa", "louis"):
        worlds = [RULES.determinize(state, role, seed) for seed in range(8)]
        assert {w["generals"]["friedrich_der_grosse"]["troops"] for w in worlds} == {7}
        assert {_troops(w, *prussians) for w in worlds} == {_troops(state, *prussians)}
        assert len({w["generals"]["schwerin"]["troops"] for w in worlds}) > 1  # not told: drawn
        assert not any(RULES.check(w) for w in worlds)
    assert {w["generals"]["neipperg"]["troops"] for w in worlds} == {5}  # louis's worlds
    # Austria gives up the battle at -2 (§11.1): Neipperg loses 2 troops, in public
    RULES.apply(state, "theresa", ("stop",))
    assert state["generals"]["neipperg"]["troops"] == 3
    worlds = [RULES.determinize(state, role, seed) for role in ("frederick", "louis") for seed in range(6)]
    assert {w["generals"]["neipperg"]["troops"] for w in worlds} == {3}
    assert {w["generals"]["friedrich_der_grosse"]["troops"] for w in worlds} == {7}


def test_6_a_transfer_between_stacked_generals_keeps_their_told_sum_and_hides_the_split() -> None:
    """§6: troops pass between stacked generals of one power in secret: what a battle told of
    the stack's total stays true, how it is split is drawn again; a transfer to a general
    outside the group told makes what was told of it stale (nobody knows it any more)."""
    from maria_helpers import place

    from tavola.games.maria import stacks

    state = _battle_of_neisse()
    RULES.apply(state, "theresa", ("stop",))
    while state["flow"][-1]["s"] == "retreat":
        RULES.apply(state, "frederick", RULES.legal_actions(state, "frederick")[0])
    place(state, "schwerin", "grottkau", 5)
    stacks.tell(state, "grottkau")  # as a battle would: the stack's 12 troops, told to all
    assert {"generals": ["friedrich_der_grosse", "schwerin"], "troops": 12} in state["known"]
    stacks.apply_transfer(state, "frederick", ("transfer", "schwerin>friedrich_der_grosse"))
    worlds = [RULES.determinize(state, "theresa", seed) for seed in range(8)]
    assert {_troops(w, "friedrich_der_grosse", "schwerin") for w in worlds} == {12}
    assert len({w["generals"]["schwerin"]["troops"] for w in worlds}) > 1
    assert not RULES.check(state)
    # Neipperg, told at 3 after his defeat, gives a troop to a general stacked with him
    city = state["generals"]["neipperg"]["city"]
    place(state, "traun", city, 2)
    stacks.apply_transfer(state, "theresa", ("transfer", "neipperg>traun"))
    assert not any("neipperg" in k["generals"] for k in state["known"])
    assert not RULES.check(state)


def test_9_a_hand_shown_when_its_power_cannot_pay_stays_in_every_role_s_worlds() -> None:
    """§9: a power that cannot pay «mostra tutte le sue carte»: from then on every player knows
    those cards are in its hand until they are played face up. The bots' worlds keep them there
    (the rest of the hand, drawn later, is dealt again), a role's position lists them, and a
    face-down bid (§17.3) makes them unknown again, since nobody knows which card it was."""
    from maria_helpers import allocated, give

    from tavola.games.maria import position, supply
    from tavola.games.maria.common import play_card

    state = allocated(3)
    give(state, "france", "2-hearts", "3-spades", "4-diamonds")
    shown = sorted(state["hands"]["france"])
    before = [RULES.determinize(state, "theresa", seed)["hands"]["france"] for seed in range(8)]
    assert any(sorted(h) != shown for h in before)  # unseen: dealt at random
    frame = {"power": "france", "cost": 10, "paid": 0, "why": "supply", "piece": "belle_isle", "city": ""}
    assert not supply.must_pay(state, frame)
    supply.cannot_pay(state, frame)
    assert not RULES.check(state)
    for role in ("theresa", "frederick"):
        worlds = [RULES.determinize(state, role, seed) for seed in range(8)]
        assert all(sorted(w["hands"]["france"]) == shown for w in worlds)
        assert not any(RULES.check(w) for w in worlds)
    # the 2 of hearts is played face up; France draws two cards nobody else sees
    play_card(state, "france", shown[0])
    state["hands"]["france"] += [state["pile"].pop(), state["pile"].pop()]
    worlds = [RULES.determinize(state, "theresa", seed)["hands"]["france"] for seed in range(8)]
    assert all(len(h) == 4 and set(shown[1:]) <= set(h) and shown[0] not in h for h in worlds)
    assert len({tuple(sorted(h)) for h in worlds}) > 1  # the two drawn: dealt again
    seen = position.position_seen(state, "theresa")
    assert seen["hands"]["france"] == [*(position.card_text(c) for c in shown[1:]), "?", "?"]
    loaded = position.from_position(seen, 5)
    assert loaded["hand_shown"]["france"] == shown[1:] and set(shown[1:]) <= set(loaded["hands"]["france"])
    # §17.3: a bid laid face down may be one of them: nobody knows any more which are held
    from tavola.games.maria import politics

    politics.apply_bid(state, {"power": "france"}, "louis", ("bid", shown[1]))
    assert "france" not in state["hand_shown"]
