"""§20 Subsidy contracts (advanced game)."""

from __future__ import annotations

from maria_helpers import act, allocated

from tavola.games.maria import RULES, cards, subsidies


def _contracts(players: int = 3) -> dict:
    state = allocated(scenario="advanced", players=players)
    state["flow"] = [{"s": "sequence"}]
    subsidies.start_contracts(state)
    return state


def test_20_only_to_allies_never_two_between_one_pair() -> None:
    """§20 example: France cannot subsidise its enemy Austria, but can Prussia."""
    state = _contracts()
    assert state["flow"][-1] == {"s": "contract", "power": "prussia", "offer": ""}
    act(state, "frederick", "pass")
    legal = RULES.legal_actions(state, "louis")
    assert ("contract", "france>prussia:3") in legal
    assert not any(a[0] == "contract" and ">austria" in a[1] for a in legal)
    assert not any(a[0] == "contract" and a[1].startswith("france>bavaria") for a in legal)  # §8's
    act(state, "louis", "contract", "france>prussia:3")
    assert RULES.active_roles(state) == ["frederick"]  # Prussia's player agrees, or not
    act(state, "frederick", "accept")
    assert state["contracts"] == [["france", "prussia", 3]]
    state["flow"] = [{"s": "sequence"}]
    subsidies.start_contracts(state)
    act(state, "frederick", "pass")
    assert not any(a[0] == "contract" and "prussia" in a[1] for a in RULES.legal_actions(state, "louis"))


def test_20_example_france_hands_prussia_a_card_just_drawn_for_3_turns() -> None:
    state = allocated(scenario="advanced")
    state["contracts"] = [["france", "prussia", 3]]
    for turn in (1, 2, 3, 4):
        france, prussia = len(state["hands"]["france"]), len(state["hands"]["prussia"])
        state["subsidy"] = True
        events = cards.draw_phase(state, 0)
        paid = turn <= 3
        assert len(state["hands"]["prussia"]) == prussia + (1 if paid else 0)
        assert len(state["hands"]["france"]) == france + 4 - (1 if paid else 0)
        drew = [e for e in events if e["msg"] == "ev.drew" and e["args"]["power"] == "france"]
        assert len(drew[0]["args"]["cards"]) == 4 - (1 if paid else 0)  # France never saw it
    assert state["contracts"] == []
    assert RULES.check(state) == []


def test_20_a_contract_ends_early_only_if_both_agree() -> None:
    state = _contracts()
    state["contracts"] = [["france", "prussia", 3]]
    act(state, "frederick", "end", "france>prussia")
    act(state, "louis", "refuse")
    assert state["contracts"] == [["france", "prussia", 3]]
    state["flow"] = [{"s": "sequence"}]
    subsidies.start_contracts(state)
    act(state, "frederick", "end", "france>prussia")
    act(state, "louis", "accept")
    assert state["contracts"] == []


def test_20_the_initial_france_bavaria_contract_is_never_cancelled() -> None:
    state = _contracts()
    act(state, "frederick", "pass")
    legal = RULES.legal_actions(state, "louis")
    assert not any(a[0] == "end" for a in legal)


def test_24_two_players_subsidies_only_to_minor_powers() -> None:
    state = _contracts(players=2)
    legal = RULES.legal_actions(state, "coalition")
    assert ("contract", "prussia>saxony:2") in legal
    assert ("contract", "prussia>bavaria:2") in legal
    assert not any(a[0] == "contract" and a[1].startswith("prussia>france") for a in legal)


def test_21_tactical_cards_pass_to_another_power_only_by_a_subsidy_contract() -> None:
    """§21: negotiations never trade or give tactical cards; a subsidy contract is the only way."""
    space = RULES.action_space("advanced", 3, {})
    by_card = {a[0] for a in space if len(a) > 1 and isinstance(a[1], int) and a[0] != "reserve"}
    assert by_card == {"pay", "card", "bid"}  # paid to the discards, played, placed on the board
    assert {a[0] for a in space if a[0] in ("contract", "end")} == {"contract", "end"}
