"""§14 The introductory game's victory: Louis XV with 9 fortresses in Austria, Frederick with 12
in Austria and/or Silesia, at once; Maria Theresa when nobody has won by the end of turn 9.
§24: with two players, A needs both at once; B wins when neither holds after turn 9."""

from __future__ import annotations

from typing import Any

from tavola.games.maria import boxes
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import N, State, controller
from tavola.games.maria.hussars import maps_in_play

AUSTRIA, SILESIA = "austria", "silesia"


def held(state: State, power: str, territories: tuple[str, ...]) -> int:
    """Fortresses of ``territories`` (on the maps in play) that ``power`` controls."""
    return sum(
        1
        for cid in GEO.on(maps_in_play(state))
        if GEO.cities[cid].fortress is not None
        and GEO.cities[cid].territory in territories
        and controller(state, cid) == power
    )


def france_wins(state: State) -> bool:
    """§14: Louis XV controls 9 fortresses in Austria."""
    return held(state, "france", (AUSTRIA,)) >= N.introductory_victory["france"]


def prussia_wins(state: State) -> bool:
    """§14: Frederick controls 12 fortresses in Austria and/or Silesia."""
    return held(state, "prussia", (AUSTRIA, SILESIA)) >= N.introductory_victory["prussia"]


def check_now(state: State) -> dict[str, Any] | None:
    """§14: the game ends at once when a player meets its condition (§24: both, with two). The
    advanced game is won only at the end of a phase (:func:`phase_end`)."""
    if boxes.advanced(state):
        return None
    fr, pr = france_wins(state), prussia_wins(state)
    if state["players"] == 2:
        if fr and pr:
            return {"winners": [state["control"]["france"]], "reason": "both_conditions"}
        return None
    if fr:
        return {"winners": [state["control"]["france"]], "reason": "france_fortresses"}
    if pr:
        return {"winners": [state["control"]["prussia"]], "reason": "prussia_fortresses"}
    return None


def phase_end(state: State) -> dict[str, Any] | None:
    """§23: at the end of any action phase (or political phase) a superpower whose pool is empty
    wins at once, ending the game."""
    if not boxes.advanced(state):
        return None
    sp = boxes.empty_pool_winner(state)
    if sp is None:
        return None
    return {"winners": [state["control"][sp]], "reason": "empty_pool", "power": sp}


def progress(state: State) -> dict[str, int]:
    """How much of its victory condition each role has met, in per cent (the result's score, a
    measure for the balance report beside the wins; a winner has 100, or the most markers
    placed when §23's winter scores decide).

    Introductory game (§14): Louis XV the share of his 9 Austrian fortresses held, Frederick of
    his 12 in Austria and Silesia (each at most all), Maria Theresa the share of the 9 turns at
    whose end nobody had won; §24's player A the lesser of France's and Prussia's shares (it
    needs both at once). Advanced game (§23: a superpower wins by emptying its pool): the share
    of its superpower's §4 pool that is on the board or in the boxes, the better of a player's
    superpowers (Frederick plays Prussia and the Pragmatic Army)."""
    control = state["control"]
    best = dict.fromkeys(state["roles"], 0)
    if boxes.advanced(state):
        shares = {sp: 1.0 - left / N.pools[sp] for sp, left in state["pools"].items()}
    else:
        res = state["result"] or {}
        held_turns = state["turn"] - 1 + (1 if res.get("reason") == "austria_holds" else 0)
        fr = min(1.0, held(state, "france", (AUSTRIA,)) / N.introductory_victory["france"])
        pr = min(1.0, held(state, "prussia", (AUSTRIA, SILESIA)) / N.introductory_victory["prussia"])
        if state["players"] == 2:
            fr = pr = min(fr, pr)
        shares = {"austria": max(0, held_turns) / N.turns["introductory"], "france": fr, "prussia": pr}
    for sp, share in shares.items():
        role = control.get(sp)
        if role in best:
            best[role] = max(best[role], round(100 * share))
    return best


def end_of_game(state: State) -> dict[str, Any]:
    """§14: at the end of turn 9 Maria Theresa wins; §24: B wins if neither condition holds,
    otherwise the two-player game is drawn. §23: the advanced game ends after the fourth
    winter, won by the lowest winter score."""
    if boxes.advanced(state):
        sp = boxes.final_winner(state)
        return {"winners": [state["control"][sp]], "reason": "winter_score", "power": sp}
    austria = state["control"]["austria"]
    if state["players"] == 2 and (france_wins(state) or prussia_wins(state)):
        return {"winners": [], "reason": "draw"}
    return {"winners": [austria], "reason": "austria_holds"}
