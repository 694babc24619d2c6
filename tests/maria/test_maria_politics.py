"""§17 Politics and §18 the imperial election (advanced game), on the reconstructed political
display and cards."""

from __future__ import annotations

from maria_helpers import act, allocated, cid, give

from tavola.games.maria import RULES, cards, politics


def _politics(players: int = 3) -> dict:
    """Turn 1's political phase, the first bid due (Prussia's, §17.3)."""
    state = allocated(scenario="advanced", players=players)
    assert state["flow"][-1] == {"s": "bid", "power": "prussia"}
    return state


def _show(state: dict, *ids: str) -> None:
    """These political cards face up instead of the ones turned."""
    state["pdeck"] = [c for c in [*state["pshown"], *state["pdeck"]] if c not in ids]
    state["pshown"] = list(ids)


def test_17_1_two_cards_face_up_and_18_the_election_card_turns_a_third() -> None:
    state = _politics()
    assert len(state["pshown"]) == 2 and len(state["pdeck"]) == 23
    assert all(politics.political_cards()[c].year == 1741 for c in state["pshown"])
    state["pshown"] = []
    state["pdeck"] = ["imperial_election", "elizabeth_coup", "treaty_of_berlin"]
    politics.reveal(state)
    assert state["election"] and state["pshown"] == ["elizabeth_coup", "treaty_of_berlin"]


def test_17_2_no_combat_won_yet_the_deck_names_the_suit_reserves_skipped() -> None:
    state = _politics()
    state["pile"] = [c for c in state["pile"] if c not in (cid("7-clubs"), cid("reserve"))]
    state["pile"] += [cid("7-clubs"), cid("reserve")]  # the Reserve on top
    state["suit"] = None
    politics.dominant_suit(state)
    assert state["suit"] == "clubs"
    assert cid("reserve") in state["discards"][0] and cid("7-clubs") in state["discards"][0]


def test_17_2_the_last_combats_winner_names_the_suit() -> None:
    state = _politics()
    state["victor"] = "bavaria"
    politics.dominant_suit(state)
    assert RULES.active_roles(state) == ["louis"]
    act(state, "louis", "suit", "spades")
    assert state["suit"] == "spades"


def test_17_3_bids_left_to_right_face_down_seen_only_by_their_owner() -> None:
    state = _politics()
    state["suit"] = "hearts"
    give(state, "prussia", "9-hearts")
    act(state, "frederick", "bid", cid("9-hearts"))
    assert state["flow"][-1] == {"s": "bid", "power": "france"}
    assert RULES.view(state, "louis")["political"]["placed"] == {"prussia": "hidden"}
    assert RULES.view(state, "frederick")["political"]["placed"] == {"prussia": "9-hearts"}
    assert "9-hearts" not in RULES.view(state, "louis")["hands"].get("prussia", [])


def _take(state: dict, name: str, deck: int = 0) -> int:
    """The card ``name`` of a deck in play, taken from wherever it is."""
    c = cid(name, deck)
    for h in state["hands"].values():
        if c in h:
            h.remove(c)
    state["pile"] = [x for x in state["pile"] if x != c]
    for d in state["discards"]:
        d[:] = [x for x in d if x != c]
    return c


def _bid(state: dict, power: str, role: str, name: str | None, deck: int = 0) -> None:
    if name is None:
        act(state, role, "pass")
        return
    state["hands"][power].append(_take(state, name, deck))
    act(state, role, "bid", cid(name, deck))


def test_17_4_other_suits_go_back_a_reserve_counts_16_ties_to_the_right() -> None:
    state = _politics()
    state["suit"] = "hearts"
    _bid(state, "prussia", "frederick", "8-hearts")
    _bid(state, "france", "louis", "10-spades")  # a bluff: back to the hand
    _bid(state, "austria", "theresa", "reserve")
    _bid(state, "pragmatic_army", "frederick", None)
    assert cid("10-spades") in state["hands"]["france"]
    assert state["porder"] == ["austria", "prussia"]  # 16 against 8
    assert state["flow"][-1] == {"s": "select", "power": "austria"}


def test_17_5_example_prussia_discards_austria_keeps_france_executes_the_pragmatic_army_takes_back() -> None:
    """§17.5: Prussia 9, Austria and France 3 each, the Pragmatic Army 2 (conserved). Prussia
    selects a card and discards it; the one left has no Austrian arms, so Austria keeps its cards;
    France selects and executes it; both are selected, so the Pragmatic Army takes back its
    cards, conserved though they are."""
    state = _politics()
    state["suit"] = "diamonds"
    state["unused"].remove(1)  # the second deck in play too: two 3♦
    state["pile"] += [c for c in range(38, 76)]
    _show(state, "swedish_war", "nymphenburg")  # arms: France and Prussia; France
    conserved = _take(state, "2-clubs")
    state["pboard"]["pragmatic_army"] = [conserved]
    _bid(state, "prussia", "frederick", "9-diamonds")
    _bid(state, "france", "louis", "3-diamonds")
    _bid(state, "austria", "theresa", "3-diamonds", deck=1)
    _bid(state, "pragmatic_army", "frederick", None)
    assert state["porder"] == ["prussia", "austria", "france", "pragmatic_army"]
    act(state, "frederick", "select", "swedish_war")
    act(state, "frederick", "discard")
    assert RULES.legal_actions(state, "theresa") == [("keep",)]  # no Austrian arms left
    act(state, "theresa", "keep")
    hand = len(state["hands"]["france"])
    act(state, "louis", "select", "nymphenburg")
    assert conserved in state["hands"]["pragmatic_army"] and state["pboard"]["pragmatic_army"] == []
    act(state, "louis", "execute")
    act(state, "louis", "track", "italy:1")
    assert len(state["hands"]["france"]) == hand + 2  # the card's instruction: France draws 2
    assert state["pboard"]["austria"] == [cid("3-diamonds", 1)]  # kept for the next turns
    assert state["pboard"]["prussia"] == [] and state["pboard"]["france"] == []
    assert state["tracks"]["italy"] == politics.start_space("italy") + 1
    assert state["pshown"] == [] and state["stage"] in ("phase", "draw", "supply", "movement")
    assert RULES.check(state) == []


def test_17_5_track_moves_are_summed_and_icons_change_the_draws() -> None:
    state = _politics()
    start = politics.start_space("italy")
    state["pmoves"] = {"italy": 2, "russia": 0}
    state["flow"] = [{"s": "sequence"}]
    state["stage"], state["pshown"] = "pol_tracks", []
    state["pmoves"]["italy"] -= 1  # 2 right and 1 left: 1 right
    politics.move_markers(state)
    assert state["tracks"]["italy"] == start + 1
    state["tracks"]["italy"] = start + 3  # France's CT bonus
    assert cards.draws(state, "france") == 4 + 1
    state["tracks"]["italy"] = start - 2  # France's CT penalty
    assert cards.draws(state, "france") == 4 - 1


def test_17_5_victory_point_icon_fills_the_italy_box_until_the_asterisk() -> None:
    state = _politics()
    state["flow"] = [{"s": "sequence"}]
    state["pshown"] = []
    state["tracks"]["italy"] = 1
    state["pmoves"] = {"italy": -1}
    politics.move_markers(state)  # space 0: Austria's victory point, France's expedition
    assert state["italy_box"] == ["austria"] and state["pools"]["austria"] == 2
    assert state["flow"][-1] == {"s": "expedition", "power": "france"}
    act(state, "louis", "expedition", "broglie")
    assert state["offmap"]["france"] == "broglie" and "broglie" in state["out"]
    assert state["generals"]["broglie"]["city"] is None
    assert RULES.check(state) == []
    state["pmoves"] = {"italy": politics.start_space("italy")}
    politics.move_markers(state)
    assert state["italy_box"] == [] and state["pools"]["austria"] == 3
    assert state["offmap"]["france"] is None and state["generals"]["broglie"]["city"] == "langres"
    assert RULES.check(state) == []


def test_17_5_ostpreussen_general_leaves_as_the_expedition_ends() -> None:
    state = _politics()
    assert state["offmap"]["prussia"] == "der_alte_dessauer"
    state["flow"] = [{"s": "sequence"}]
    state["pshown"] = []
    state["pmoves"] = {"russia": 1}
    state["generals"]["erbprinz_leopold"]["city"] = "stargard"  # a piece in the way
    state["out"] = [p for p in state["out"] if p != "erbprinz_leopold"]
    politics.move_markers(state)
    assert state["generals"]["der_alte_dessauer"]["city"] == "stargard"
    assert "der_alte_dessauer" not in state["out"]
    assert state["flow"][-1] == {"s": "room", "piece": "erbprinz_leopold", "city": "stargard"}
    to = RULES.legal_actions(state, "frederick")[0]
    act(state, "frederick", *to)
    assert state["generals"]["erbprinz_leopold"]["city"] == to[1] != "stargard"


def test_17_5_an_expedition_general_not_on_the_map_costs_8_points_for_2_troops() -> None:
    state = _politics()
    state["flow"] = [{"s": "sequence"}]
    state["generals"]["neipperg"].update(city=None, troops=0)
    give(state, "austria", "5-clubs", "4-hearts")
    state["pshown"] = []
    state["pmoves"] = {"italy": 9}
    politics.move_markers(state)
    assert state["flow"][-1] == {"s": "expedition", "power": "austria"}
    act(state, "theresa", "expedition", "neipperg")
    act(state, "theresa", "pay", cid("5-clubs"))
    act(state, "theresa", "pay", cid("4-hearts"))
    assert state["generals"]["neipperg"]["troops"] == 2 and state["offmap"]["austria"] == "neipperg"


def test_18_the_electors_vote_francis_for_austria_and_the_pragmatic_army() -> None:
    state = _politics()
    held = politics.electors_held(state)
    assert sum(held.values()) == 9
    state["flow"] = [{"s": "sequence"}]
    state["election"] = True
    politics.start_election(state)
    francis = held.get("austria", 0) + held.get("pragmatic_army", 0)
    assert state["votes"] == {"francis": francis, "charles": 0}
    while state["flow"][-1]["s"] == "vote":
        role = RULES.active_roles(state)[0]
        act(state, role, "vote", "charles")
    politics.count_votes(state)
    winner = "austria" if francis >= 5 else "france"
    assert state["emperor"] == winner and not state["election"]
    assert RULES.check(state) == []


def test_24_two_players_execute_only_one_of_two_selected_cards() -> None:
    state = _politics(players=2)
    state["pdone"] = ["prussia"]
    frame = {"s": "execute", "power": "france", "card": "nymphenburg", "arrows": -1}
    state["flow"].append(frame)
    assert RULES.legal_actions(state, "coalition") == [("discard",)]


def test_17_political_cards_cover_the_game() -> None:
    """§4, §18: 24 political cards and the Imperial Election, two turned each of 12 turns."""
    cards_ = politics.political_cards()
    assert len(cards_) == 25 and sum(1 for c in cards_.values() if c.election) == 1
    arms = {p for c in cards_.values() for p in c.arms}
    assert arms == set(politics.SUPERPOWERS)  # §17: only superpowers select political cards
