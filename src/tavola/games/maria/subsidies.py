"""§20 Subsidy contracts (advanced game): a superpower pays an allied power (minor or not) one
freshly drawn tactical card a turn, unseen, for a fixed number of turns; one contract per pair
of powers; cancelled early only if both agree. §21: agreements between players are theirs to
keep; the only way to pass tactical cards is a subsidy contract.

The contracts are made after the political phase of each turn: each superpower in turn may offer
one, or offer to end one, and the other power's player accepts or refuses (a player contracting
with its own minor power needs nobody's consent). The France-Bavaria subsidy of §8 is the
initial contract that can never be cancelled (:mod:`.sequence`).

State (advanced game): ``contracts`` (list of ``[giver, receiver, turns left]``)."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.maria.common import N, State, allied, card_name, event, private, superpower
from tavola.games.maria.display import bid_boxes

SUPERPOWERS = ("prussia", "france", "austria", "pragmatic_army")
LONGEST = 4
"""The longest contract offered (the book fixes no limit: «ad esempio 2 turni»)."""

CONTRACT_FRAME = {
    "power": "the superpower offering, or the power answering",
    "offer": "what is offered: 'giver>receiver:turns' or 'end:giver>receiver' ('' while choosing)",
}


def _initial(giver: str, receiver: str) -> bool:
    """§20 EXCEPTION: the France-Bavaria subsidy (§8) is never cancelled nor doubled."""
    return giver == N.subsidy["giver"] and receiver == N.subsidy["receiver"]


def _pair(state: State, a: str, b: str) -> list[Any] | None:
    return next((c for c in state["contracts"] if {c[0], c[1]} == {a, b}), None)


def start_contracts(state: State) -> None:
    """§20: each superpower in turn (the political display's box order) may offer a contract."""
    for sp in reversed([p for p in bid_boxes() if p in state["powers"]]):
        flow.push(state, "contract", power=sp, offer="")


def receivers(state: State, giver: str) -> list[str]:
    """§20: allied powers only (§24: with two players, minor powers only); never two contracts
    between one pair."""
    out = []
    for p in state["powers"]:
        if p == giver or not allied(state, giver, p) or _initial(giver, p):
            continue
        if state["players"] == 2 and superpower(state, p) == p:
            continue
        if _pair(state, giver, p) is None:
            out.append(p)
    return out


def legal_contract(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    power = frame["power"]
    if state["control"][power] != role:
        return []
    if frame["offer"]:
        return [("accept",), ("refuse",)]
    out: list[tuple[Any, ...]] = [("pass",)]
    for p in receivers(state, power):
        out += [("contract", f"{power}>{p}:{n}") for n in range(1, LONGEST + 1)]
    for giver, receiver, _ in state["contracts"]:
        if power in (giver, receiver) and not _initial(giver, receiver):
            out.append(("end", f"{giver}>{receiver}"))
    return out


def apply_contract(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§20: a contract needs both powers' agreement, to start or to end early."""
    verb = action[0]
    flow.pop(state)
    if verb == "pass":
        return []
    if verb in ("contract", "end"):
        offer = str(action[1]) if verb == "contract" else f"end:{action[1]}"
        pair = offer.removeprefix("end:").split(":")[0].split(">")
        other = pair[1] if pair[0] == frame["power"] else pair[0]
        if state["control"][other] == role:
            return _agreed(state, offer)
        flow.push(state, "contract", power=other, offer=offer)
        key, args = _offer_words(offer)
        return [event(f"ev.{key}_offered", **args)]
    if verb == "refuse":
        key, args = _offer_words(frame["offer"])
        return [event(f"ev.{key}_refused", **args)]
    return _agreed(state, frame["offer"])


def _offer_words(offer: str) -> tuple[str, dict[str, Any]]:
    """An offer as message words: ``contract`` (giver, receiver, n) or ``contract_end``."""
    if offer.startswith("end:"):
        giver, receiver = offer.removeprefix("end:").split(">")
        return "contract_end", {"giver": giver, "receiver": receiver}
    pair, turns = offer.split(":")
    giver, receiver = pair.split(">")
    return "contract", {"giver": giver, "receiver": receiver, "n": int(turns)}


def _agreed(state: State, offer: str) -> list[dict[str, Any]]:
    if offer.startswith("end:"):
        giver, receiver = offer.removeprefix("end:").split(">")
        state["contracts"] = [c for c in state["contracts"] if c[:2] != [giver, receiver]]
        return [event("ev.contract_ended", giver=giver, receiver=receiver)]
    pair, turns = offer.split(":")
    giver, receiver = pair.split(">")
    state["contracts"].append([giver, receiver, int(turns)])
    return [event("ev.contract", giver=giver, receiver=receiver, n=int(turns))]


def ask_contract(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    if frame["offer"]:
        key, args = _offer_words(frame["offer"])
        return f"prompt.{key}_answer", args
    return "prompt.contract", {"power": frame["power"]}


def pay(state: State, giver: str, drawn: list[int]) -> list[dict[str, Any]]:
    """§20: while a contract lasts the giver hands exactly 1 card just drawn to the receiver,
    before looking at its draw; each payment uses up one turn of the contract."""
    events = []
    for contract in list(state["contracts"]):
        if contract[0] != giver or not drawn:
            continue
        cid = drawn.pop()
        state["hands"][giver].remove(cid)
        state["hands"][contract[1]].append(cid)
        contract[2] -= 1
        if contract[2] <= 0:
            state["contracts"].remove(contract)
        who = state["control"][contract[1]]
        events.append(event("ev.subsidy_paid", giver=giver, receiver=contract[1]))
        events.append(private(who, "ev.drew", power=contract[1], cards=[card_name(cid)]))
    return events
