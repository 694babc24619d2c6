"""What the search bots know of Italia: where its weights are plainly right or wrong."""

from __future__ import annotations

import random
from collections.abc import Callable

from tavola.core.rules import State
from tavola.games.italia import RULES_I, RULES_II
from tavola.games.italia.const import EXT, F_MOVED, FL, FLEET, KIND, LEADER, NAT
from tavola.games.italia.income import price
from tavola.games.italia.knowledge import (
    GOLD_HALF_VP,
    evaluate,
    exits_waiting,
    material,
    moves_left,
    playout,
    weights,
)
from tavola.games.italia.model import find_leader
from tavola.games.italia.rules import ItaliaRules


def play_until(rules: ItaliaRules, seed: int, until: Callable[[State], bool]) -> State:
    """Random clicks from the set-up until ``until`` holds, in the first game of seed
    ``seed``, ``seed + 1``, ... that reaches it (seeds are fixed: always the same game)."""
    for s in range(seed, seed + 20):
        st = rules.setup("standard", rules.players, {}, s)
        pick = random.Random(s)
        while not st["over"]:
            if until(st):
                return st
            role = rules.active_roles(st)[0]
            legal = rules.legal_actions(st, role)
            rules.apply(st, role, legal[pick.randrange(len(legal))])
    raise AssertionError("never reached")


def huns_choosing_a_group(campaign: bool) -> Callable[[State], bool]:
    S = RULES_II.S
    huns = S.nidx["huns"]

    def at(st: State) -> bool:
        f = st["flow"][-1]
        in_camp = any(g["s"] == "camp" for g in st["flow"])
        return f["s"] == "move" and f["nation"] == huns and f["group"] < 0 and in_camp == campaign

    return at


def test_faq_visigoths_huns_the_huns_keep_their_units_until_their_last_move() -> None:
    """The Huns' units score 1 VP each when they leave through Noricum (their card, FAQ
    'Visigoti e Unni'), but one that leaves in the first move phase cannot take the four
    areas of Attila's scoring: the bots walk them out at their last move, not before."""
    S = RULES_II.S
    huns = S.nidx["huns"]
    noricum = S.keys.index("noricum")
    st = play_until(RULES_II, 1, huns_choosing_a_group(campaign=False))
    assert moves_left(S, st, huns)  # the card's campaign follows the normal move (§12.3)
    helvetia = S.keys.index("helvetia")
    hun = next(u for u in st["units"][helvetia] if u[0] == huns and u[1] != LEADER)
    st["units"][helvetia].remove(hun)
    st["units"][noricum].append(hun)
    actions = RULES_II.legal_actions(st, S.role_of[huns])
    assert ("exit", noricum) in actions
    w = dict(zip(actions, weights(RULES_II, st, S.role_of[huns], actions), strict=True))
    assert w[("exit", noricum)] < w[("done",)]
    # The evaluation counts the unit's exit VP while it waits (it may still leave).
    assert exits_waiting(S, st, huns) == 1.0
    before = evaluate(S, st)[S.role_of[huns]]
    st["units"][noricum].remove(hun)
    assert evaluate(S, st)[S.role_of[huns]] < before


def test_faq_visigoths_huns_at_the_last_move_the_huns_leave_with_their_vp() -> None:
    S = RULES_II.S
    huns = S.nidx["huns"]
    noricum = S.keys.index("noricum")
    st = play_until(RULES_II, 1, huns_choosing_a_group(campaign=True))
    st["gold"][huns] = 0  # no gold for another campaign move: this move is the last (§12.3.1)
    assert not moves_left(S, st, huns)
    if not any(u[0] == huns for u in st["units"][noricum]):
        hun = next(u for lst in st["units"] for u in lst if u[0] == huns and u[1] != LEADER)
        for lst in st["units"]:
            if hun in lst:
                lst.remove(hun)
        st["units"][noricum].append(hun)
    actions = RULES_II.legal_actions(st, S.role_of[huns])
    w = dict(zip(actions, weights(RULES_II, st, S.role_of[huns], actions), strict=True))
    assert w[("exit", noricum)] > w[("done",)]


def test_12_3_1_a_campaign_move_paid_for_is_not_ended_before_the_leader_moves() -> None:
    """A campaign move costs its gold when it is declared (§12.3.1); ending it with the leader
    where he stood throws the gold away (in round 10, §13.4, the factions' only gold)."""
    S = RULES_I.S

    def leader_to_move(st: State) -> bool:
        f = st["flow"][-1]
        if f["s"] != "move" or f["group"] >= 0 or not f.get("ldr"):
            return False
        _, leader, _ = find_leader(st, f["ldr"])
        return leader is not None and not leader[FL] & F_MOVED

    st = play_until(RULES_I, 2, leader_to_move)
    f = st["flow"][-1]
    role = S.role_of[f["nation"]]
    actions = RULES_I.legal_actions(st, role)
    w = dict(zip(actions, weights(RULES_I, st, role, actions), strict=True))
    assert w[("done",)] < min(v for a, v in w.items() if a[0] == "area")


def round_10_faction_campaigning(st: State) -> bool:
    S = RULES_I.S
    f = st["flow"][-1]
    return (
        st["round"] == 10 and f["s"] == "move" and f["nation"] in (S.nidx["optimates"], S.nidx["populares"])
    )


def test_13_4_a_faction_s_legion_lost_in_round_10_lowers_its_value() -> None:
    """Round 10 is campaigns only and scores at its end (§13.4): a search whose playouts stop
    before the end must still see a faction's legion lost (or the gold for its campaign moves,
    §12.3.1, spent) as a loss, or it throws Sulla's and Marius' armies away."""
    S = RULES_I.S
    st = play_until(RULES_I, 0, round_10_faction_campaigning)
    n = st["flow"][-1]["nation"]
    role = S.role_of[n]
    before = evaluate(S, st)[role]
    area, legion = next(
        (a, u) for a, lst in enumerate(st["units"]) for u in lst if u[0] == n and u[1] != LEADER
    )
    st["units"][area].remove(legion)
    after_loss = evaluate(S, st)[role]
    assert after_loss < before
    st["units"][area].append(legion)
    if st["gold"][n] > 0:
        st["gold"][n] -= 1
        assert evaluate(S, st)[role] < before


def test_6_2_a_purchase_keeps_the_value_and_gold_over_the_cap_is_worth_nothing() -> None:
    """A unit is worth the gold it costs (§6.2), so buying one neither gains nor loses value;
    gold above the 10 the bank keeps (§6.2) adds nothing, gold below it does."""
    S = RULES_I.S
    st = RULES_I.setup("standard", RULES_I.players, {}, 0)
    romans = S.nidx["romans"]
    role = S.role_of[romans]
    st["gold"][romans] = 8
    before = evaluate(S, st)[role]
    st["gold"][romans] = 4
    roma = S.keys.index("roma")
    legion = list(next(u for u in st["units"][roma] if u[0] == romans))
    st["units"][roma].append(legion)
    assert evaluate(S, st)[role] == before
    st["units"][roma].remove(legion)
    assert evaluate(S, st)[role] < before
    st["gold"][romans] = S.costs.gold_cap
    capped = evaluate(S, st)[role]
    st["gold"][romans] = S.costs.gold_cap + 5
    assert evaluate(S, st)[role] == capped


def test_6_2_material_counts_every_unit_and_its_cargo_at_the_rules_price() -> None:
    """The evaluation's material (§6.2's prices, a nation's own where its card has them) read from
    a table built once: the same half VP as asking :func:`income.price` for every unit on the
    map and in every fleet's hold, at positions of random games of both Italias."""
    for rules in (RULES_I, RULES_II):
        S = rules.S
        exits = [{e.area_id for e in S.vp_events[n].get("exit", ())} for n in range(S.N)]
        for seed in range(3):
            st = rules.setup("standard", rules.players, {}, seed)
            pick = random.Random(seed)
            for step in range(1500):
                if st["over"]:
                    break
                if step % 100 == 0:
                    live = [any(r >= st["round"] for r in S.scoring[n]) for n in range(S.N)]
                    gold = [min(st["gold"][n], S.costs.gold_cap) if live[n] else 0 for n in range(S.N)]
                    for a, lst in enumerate(st["units"]):
                        for u in lst:
                            for c in (u, *(u[EXT] if u[KIND] == FLEET else ())):
                                n = c[NAT]
                                if live[n] and c[KIND] != LEADER and a not in exits[n]:
                                    gold[n] += price(S, n, c[KIND])
                    assert material(S, st) == [GOLD_HALF_VP * g for g in gold]
                role = rules.active_roles(st)[0]
                legal = rules.legal_actions(st, role)
                rules.apply(st, role, legal[pick.randrange(len(legal))])


def test_the_playout_draws_what_random_choices_draws() -> None:
    """The playout's weighted draw is ``random.Random.choices``' very draw (a seeded search bot
    plays the same games): the same click and the generator left in the same state."""
    st = play_until(RULES_I, 0, lambda st: st["flow"][-1]["s"] == "move" and st["flow"][-1]["group"] >= 0)
    role = RULES_I.active_roles(st)[0]
    actions = RULES_I.legal_actions(st, role)
    assert len(actions) > 1
    w = weights(RULES_I, st, role, actions)
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert playout(RULES_I, st, role, actions, ours) == theirs.choices(actions, w)[0]
        assert ours.random() == theirs.random()
