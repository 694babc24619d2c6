"""What the search bot knows of Maria (knowledge.py): it marches on the fortresses its victory
needs (§10.3, §14), goes round the ones an enemy general protects or seeks that general out, and
keeps its generals within reach of their trains (§9)."""

from __future__ import annotations

from maria_helpers import act, allocated, at_step, cid, clear_board, fight, give, place

from tavola.games.maria import RULES, knowledge, victory
from tavola.games.maria.board_adapter import GEO


def _france_moving() -> dict:
    state = allocated()
    clear_board(state)
    state["trains"]["france_train_2"] = "nurnberg"
    state["turn"], state["stage"], state["group"] = 2, "combat", 0
    at_step(state, "move", group=0, piece="", stack=False, march=False, path=[], main=True, done=[])
    return state


def _best(state: dict, role: str) -> tuple:
    legal = RULES.legal_actions(state, role)
    weights = knowledge.prior(RULES, state, role, legal)
    return max(zip(weights, legal, strict=True))[1]


def test_14_france_marches_through_an_unprotected_austrian_fortress() -> None:
    state = _france_moving()
    place(state, "belle_isle", "amberg", 6)
    assert "eger" in knowledge.targets(state, "france")
    act(state, "louis", "move", "belle_isle")
    assert _best(state, "louis") in {("to", "eger"), ("to", "pilsen")}
    act(state, "louis", "to", "eger")
    step = _best(state, "louis")
    assert step[0] == "to"  # leaving Eger conquers it: never stop on it
    act(state, "louis", *step)
    assert state["markers"]["eger"] == "france"


def test_10_3_a_protected_fortress_sends_the_march_to_its_protector() -> None:
    """With every fortress within reach protected, the generals head for the protector."""
    state = _france_moving()
    place(state, "belle_isle", "amberg", 6)
    for city in ("eger", "pilsen"):
        assert city in knowledge.targets(state, "france")
    place(state, "neipperg", "karlsbad", 3)  # protects Eger and Pilsen
    place(state, "karl_v_lothringen", "brunn", 6)  # and every other one in the trains' reach
    place(state, "khevenhuller", "freistadt", 4)  # (Budweis and Linz)
    place(state, "traun", "pardubitz", 2)  # (the train follows: 8 cities from it, §9, §10.1)
    assert sorted(knowledge._open_targets(state, "france")) == ["brunn", "freistadt", "karlsbad", "pardubitz"]


def test_9_the_march_keeps_within_reach_of_the_trains() -> None:
    state = _france_moving()
    place(state, "belle_isle", "amberg", 6)
    state["trains"]["france_train_2"] = "wurzburg"  # far behind
    state["trains"]["bavaria_train_1"] = None
    act(state, "louis", "move", "belle_isle")
    legal = RULES.legal_actions(state, "louis")
    weights = dict(zip(legal, knowledge.prior(RULES, state, "louis", legal), strict=True))
    assert (
        weights[("to", "eger")] < weights[("to", "nurnberg")] or weights[("stop",)] > weights[("to", "eger")]
    )


def _fight(austria: int, prussia: int, a_hand: list[str], p_hand: list[str]) -> dict:
    """Neipperg at Neisse (diamonds) attacks Friedrich at Grottkau (spades)."""
    state = fight(austria, prussia, a_hand, p_hand)
    act(state, "theresa", "attack", "neisse>grottkau")
    return state


def test_11_1_behind_the_bot_plays_its_highest_card_of_the_suit() -> None:
    state = _fight(2, 4, ["10-diamonds", "3-diamonds", "9-hearts", "reserve"], [])
    assert _best(state, "theresa") == ("card", cid("10-diamonds"))


def test_11_1_a_hopeless_battle_is_stopped_while_the_general_survives_it() -> None:
    state = _fight(5, 8, ["2-diamonds"], [])  # -3 with 2 points: stop and lose 3 of 5
    assert _best(state, "theresa") == ("stop",)


def test_11_1_a_battle_that_would_take_every_troop_is_left_at_once_keeping_the_cards() -> None:
    state = _fight(2, 8, ["2-diamonds", "9-hearts"], [])  # -6 with 2 points and 2 troops
    assert _best(state, "theresa") == ("withdraw",)


def _winter(power: str) -> dict:
    state = allocated()
    at_step(state, "winter", power=power, paid=0, recruits=-1)
    return state


def test_13_the_bot_recruits_with_its_lowest_cards_and_keeps_some_for_battle() -> None:
    state = _winter("austria")
    give(state, "austria", "2-hearts", "9-spades", "10-clubs")  # 21 points: 5 spare of the 16 kept
    assert _best(state, "theresa") == ("pay", cid("2-hearts"))
    act(state, "theresa", "pay", cid("2-hearts"))
    act(state, "theresa", "pay", cid("9-spades"))  # 11 paid: 2 troops; 10 left, fewer than 16
    assert _best(state, "theresa") == ("recruit",)


def test_13_the_bot_brings_back_a_lost_general_first() -> None:
    state = _winter("austria")
    give(state, "austria", "10-clubs", "10-spades", "10-hearts")
    for c in ("10-clubs", "10-spades"):
        act(state, "theresa", "pay", cid(c))
    act(state, "theresa", "recruit")
    state["generals"]["karl_v_lothringen"].update(city=None, troops=0)
    assert _best(state, "theresa")[0] == "enter"


def test_4_no_troop_is_allocated_to_a_general_out_of_play() -> None:
    state = RULES.setup("introductory", 3, {}, 0)
    legal = RULES.legal_actions(state, "louis")
    weights = dict(zip(legal, knowledge.prior(RULES, state, "louis", legal), strict=True))
    assert max(weights, key=weights.get) in {("troop", "belle_isle"), ("troop", "broglie")}
    assert weights[("troop", "moritz_v_sachsen")] < 0.1


def test_9_a_train_heads_for_the_general_farthest_from_it() -> None:
    state = _france_moving()
    place(state, "belle_isle", "prag", 6)
    act(state, "louis", "move", "france_train_2")
    step = _best(state, "louis")
    dist = GEO.distances
    assert step[0] == "to" and dist(step[1], ("bohemia",))["prag"] < dist("nurnberg", ("bohemia",))["prag"]


def test_10_2_a_train_on_the_map_is_not_re_entered() -> None:
    """§10.2: re-entry costs 4 points; the bot pays them for a train it has lost, not to move
    one that stands on the map."""
    state = _france_moving()
    give(state, "france", "5-hearts")
    legal = RULES.legal_actions(state, "louis")
    weights = dict(zip(legal, knowledge.prior(RULES, state, "louis", legal), strict=True))
    assert weights[("reenter", "france_train_2")] < 0.1 * max(weights.values())
    state["trains"]["france_train_2"] = None
    legal = RULES.legal_actions(state, "louis")
    weights = dict(zip(legal, knowledge.prior(RULES, state, "louis", legal), strict=True))
    assert weights[("reenter", "france_train_2")] == max(weights.values())


def test_10_3_leaving_a_fortress_it_conquers_the_general_heads_for_the_next() -> None:
    state = _france_moving()
    place(state, "belle_isle", "eger", 6)
    act(state, "louis", "move", "belle_isle")
    legal = RULES.legal_actions(state, "louis")
    weights = dict(zip(legal, knowledge.prior(RULES, state, "louis", legal), strict=True))
    assert weights[("to", "amberg")] < max(weights.values())  # back into Bavaria: not the best


def test_10_3_a_train_ends_its_move_off_the_fortress_its_generals_are_to_take() -> None:
    """§6, §10.3: a city holds one piece and only a general conquers, so a train standing on an
    Austrian fortress bars France's generals from it: the Bavarian train does not end its move
    on Pilsen (it may pass through), and one standing there is moved off it first."""
    state = _france_moving()
    place(state, "torring", "beraun", 5)
    state["trains"]["bavaria_train_1"] = "cham"
    assert "pilsen" in knowledge.targets(state, "bavaria")
    act(state, "louis", "move", "bavaria_train_1")
    act(state, "louis", "to", "klattau")  # an ordinary road: Pilsen would be its second and last city
    legal = RULES.legal_actions(state, "louis")
    weights = dict(zip(legal, knowledge.prior(RULES, state, "louis", legal), strict=True))
    assert weights[("to", "pilsen")] < 0.1 * max(weights.values())
    state = _france_moving()
    place(state, "torring", "prag", 5)
    state["trains"]["bavaria_train_1"] = "amberg"
    act(state, "louis", "move", "bavaria_train_1")  # the Golden Road: on through Pilsen to Beraun
    legal = RULES.legal_actions(state, "louis")
    weights = dict(zip(legal, knowledge.prior(RULES, state, "louis", legal), strict=True))
    assert weights[("to", "pilsen")] == max(weights.values())
    state = _france_moving()
    place(state, "torring", "klattau", 5)
    state["trains"]["bavaria_train_1"] = "pilsen"
    legal = RULES.legal_actions(state, "louis")
    weights = dict(zip(legal, knowledge.prior(RULES, state, "louis", legal), strict=True))
    assert weights[("move", "bavaria_train_1")] > weights[("move", "france_train_2")]
    act(state, "louis", "move", "bavaria_train_1")
    step = _best(state, "louis")
    assert step[0] == "to" and step[1] != "pilsen"


def test_24_player_a_values_both_conditions_not_the_nearer_one() -> None:
    """§24: with two players, A wins only when Prussia holds 12 fortresses and France 9 at once;
    Prussia's twelve with France far behind is a draw at best, so A values France 8 and Prussia
    10 more than Prussia 12 and France 3."""
    austrian = _austrian_fortresses()

    def holding(france: int, prussia: int) -> dict:
        state = allocated(players=2)
        for c in austrian[:france]:
            state["markers"][c] = "france"
        for c in austrian[france : france + prussia - 2]:  # Liegnitz and Glogau are Prussia's
            state["markers"][c] = "prussia"
        return state

    lopsided, even = holding(3, 12), holding(8, 10)
    assert victory.held(lopsided, "prussia", ("austria", "silesia")) == 12
    assert knowledge.evaluate(even)["coalition"] > knowledge.evaluate(lopsided)["coalition"]


def _austrian_fortresses() -> list[str]:
    return [
        c for c, x in GEO.cities.items() if x.map == "bohemia" and x.fortress and x.territory == "austria"
    ]


def test_24_player_a_gives_france_and_prussia_each_its_share_of_austria() -> None:
    """§24: A needs Prussia's 12 in Austria and Silesia and France's 9 in Austria at once, and
    France cannot conquer a fortress its Prussian ally holds (§10.3: only an enemy's): A sends
    each power to its own share of Austria's fortresses, Prussia (with Saxony) to the nearer
    ones and every Silesian one, France (with Bavaria) to the others. Three players keep every
    Austrian fortress as a target for both."""
    austrian = set(_austrian_fortresses())
    silesian = {c for c, x in GEO.cities.items() if x.fortress and x.territory == "silesia"}
    state = allocated(players=2)
    france, prussia = set(knowledge.targets(state, "france")), set(knowledge.targets(state, "prussia"))
    assert france.isdisjoint(prussia) and france | (prussia - silesian) == austrian
    assert set(knowledge.targets(state, "bavaria")) == france
    assert set(knowledge.targets(state, "saxony")) == prussia
    assert silesian - {"liegnitz", "glogau"} <= prussia
    assert len(france) >= 9 and len(prussia - silesian) >= 12 - len(silesian)
    assert {"olmutz", "troppau"} <= prussia and {"eger", "linz"} <= france
    three = allocated(players=3)
    assert set(knowledge.targets(three, "france")) == austrian
    assert set(knowledge.targets(three, "prussia")) == austrian | (silesian - {"liegnitz", "glogau"})


def test_24_prussias_share_has_a_fortress_to_spare() -> None:
    """§24: Prussia's 12 are Silesia's 7 and 5 of Austria's: a share of exactly 5 (the five
    nearer its lands) left no slack, so one fortress Austria kept in Moravia stopped A. Its
    share takes ``PRUSSIA_SPARE`` more, the fortress of France's share nearest its own (Iglau,
    2 cities from Brunn, 5 from both sides' lands); France keeps 11 for its 9."""
    austrian = set(_austrian_fortresses())
    silesian = {c for c, x in GEO.cities.items() if x.fortress and x.territory == "silesia"}
    state = allocated(players=2)
    prussia = set(knowledge.targets(state, "prussia")) - silesian
    assert len(prussia) == 12 - len(silesian) + knowledge.PRUSSIA_SPARE
    assert "iglau" in prussia and {"koniggratz", "brunn", "olmutz", "hradisch", "troppau"} < prussia
    assert len(austrian - prussia) == 11 and {"prag", "wien"} <= set(knowledge.targets(state, "france"))


def test_24_prussia_holds_back_once_it_has_its_twelve_and_france_may_take_the_rest() -> None:
    """§24: Prussia's 12 count only while France gets its 9: once Prussia has them, its generals
    stay on guard (they protect what it holds, §10.3), and France may take any Austrian fortress
    left; the same the other way round."""
    state = allocated(players=2)
    prussia = knowledge.targets(state, "prussia")
    for c in prussia[:10]:  # with Liegnitz and Glogau, 12
        state["markers"][c] = "prussia"
    assert victory.prussia_wins(state) and knowledge.targets(state, "prussia") == []
    left = set(_austrian_fortresses()) - set(prussia[:10])
    assert set(knowledge.targets(state, "france")) == left
    clear_board(state)
    place(state, "friedrich_der_grosse", "olmutz", 6)
    state["turn"], state["stage"], state["group"] = 2, "combat", 1
    at_step(state, "move", group=1, piece="", stack=False, march=False, path=[], main=True, done=[])
    act(state, "coalition", "move", "friedrich_der_grosse")
    assert _best(state, "coalition") == ("stop",)

    state = allocated(players=2)
    france = knowledge.targets(state, "france")
    for c in france[:9]:
        state["markers"][c] = "france"
    assert knowledge.targets(state, "france") == []
    assert set(france[9:]) <= set(knowledge.targets(state, "prussia"))


def _prussia_has_twelve(*generals: tuple[str, str, int]) -> dict:
    """A 2-player game whose Prussia holds its 12 (Liegnitz, Glogau and ten of its share) and
    France none, Prussia's movement begun, the given generals the only ones on the map."""
    state = allocated(players=2)
    for c in knowledge.targets(state, "prussia")[:10]:
        state["markers"][c] = "prussia"
    clear_board(state)
    for gid, city, troops in generals:
        place(state, gid, city, troops)
    state["turn"], state["stage"], state["group"] = 2, "combat", 1
    at_step(state, "move", group=1, piece="", stack=False, march=False, path=[], main=True, done=[])
    return state


def test_24_a_power_with_its_condition_met_fights_the_guards_of_the_others_fortresses() -> None:
    """§24: Prussia's 12 win nothing without France's 9; once Prussia has them, a Prussian
    general that no fortress Prussia holds needs as its only protector (§10.3) marches on the
    Austrian generals protecting France's fortresses (a battle won drives them off, §11.2),
    never into one of those fortresses (leaving it would conquer it for Prussia, and France can
    never take it from its ally, §10.3); the only protector of a Prussian fortress stays."""
    guards = [
        ("khevenhuller", "pressburg", 6),
        ("schwerin", "troppau", 3),
        ("erbprinz_leopold", "gross_meseritsch", 3),
    ]
    state = _prussia_has_twelve(("friedrich_der_grosse", "kremsier", 6), *guards)
    assert victory.prussia_wins(state) and not victory.france_wins(state)
    assert knowledge._open_targets(state, "prussia") == ["pressburg"]  # Khevenhüller guards Wien, Raab
    act(state, "coalition", "move", "friedrich_der_grosse")
    assert _best(state, "coalition") == ("to", "hradisch")  # toward Pressburg, 2 cities on

    state = _prussia_has_twelve(("friedrich_der_grosse", "nikolsburg", 6), *guards)
    act(state, "coalition", "move", "friedrich_der_grosse")
    legal = RULES.legal_actions(state, "coalition")
    weights = dict(zip(map(tuple, legal), knowledge.prior(RULES, state, "coalition", legal), strict=True))
    assert weights[("to", "wien")] < knowledge.CUTOFF * max(weights.values())  # France's to take

    alone = _prussia_has_twelve(("friedrich_der_grosse", "kremsier", 6), ("khevenhuller", "pressburg", 6))
    assert knowledge._on_guard(alone, "friedrich_der_grosse", "prussia")  # Brünn, Hradisch, Olmütz
    # The search's evaluation counts it where it is needed, not by its way to the Austrians.
    farther = _prussia_has_twelve(("friedrich_der_grosse", "olmutz", 6), ("khevenhuller", "pressburg", 6))
    assert knowledge._approach(alone, {"prussia"}) == knowledge._approach(farther, {"prussia"})
    act(alone, "coalition", "move", "friedrich_der_grosse")
    assert _best(alone, "coalition") == ("stop",)

    three = allocated(players=3)
    assert knowledge._help(three, "prussia") == []  # three players: each wins alone


def _friedrich_by_glatz(players: int) -> dict:
    """Prussia holds Glatz; Friedrich (6) at Schweidnitz, 3 cities from it, its only cover, with
    Breslau (4 from Glatz) his next fortress; Neipperg at Olmütz, 3 cities from Glatz; Friedrich
    picked to move."""
    state = allocated(players=players)
    clear_board(state)
    state["markers"]["glatz"] = "prussia"
    place(state, "friedrich_der_grosse", "schweidnitz", 6)
    place(state, "neipperg", "olmutz", 4)
    state["turn"], state["stage"], state["group"] = 2, "combat", 1
    at_step(state, "move", group=1, piece="", stack=False, march=False, path=[], main=True, done=[])
    act(state, state["control"]["prussia"], "move", "friedrich_der_grosse")
    return state


def test_24_player_a_keeps_the_fortresses_it_holds_covered_against_austrian_generals() -> None:
    """§24: A wins only with France's 9 and Prussia's 12 held at once, and an Austrian general
    retakes a fortress no general of its holder protects (§10.3); in the 2-player introductory
    game A's generals keep covered the fortresses their side holds in Austria and Silesia within
    an Austrian general's move (the advanced game's cover, §23). Friedrich does not leave Glatz
    uncovered to Neipperg by marching on Breslau; with three players he marches on, and Austria's
    own generals are not changed."""
    two, three = _friedrich_by_glatz(2), _friedrich_by_glatz(3)
    assert knowledge._raided(two, "prussia") == ["glatz"]
    assert knowledge._raided(three, "prussia") == [] and knowledge._raided(two, "austria") == []
    assert _best(two, "coalition") == ("stop",)
    assert _best(three, three["control"]["prussia"]) == ("to", "breslau")


def test_24_a_power_of_player_a_does_not_step_on_the_fortresses_the_other_is_to_take() -> None:
    """§24, §10.3: a general leaving an enemy fortress conquers it, and France can never take a
    fortress from its Prussian ally: with two players Rutowski at Jungbunzlau marches on
    Prussia's share (Königgrätz, by Jicin), not through Prag, France's; with three Prag is
    Saxony's to take as well."""

    def weights(players: int) -> dict:
        state = allocated(players=players)
        clear_board(state)
        place(state, "rutowski", "jungbunzlau", 5)
        state["turn"], state["stage"], state["group"] = 2, "combat", 1
        at_step(state, "move", group=1, piece="", stack=False, march=False, path=[], main=True, done=[])
        role = state["control"]["saxony"]
        act(state, role, "move", "rutowski")
        legal = RULES.legal_actions(state, role)
        return dict(zip(map(tuple, legal), knowledge.prior(RULES, state, role, legal), strict=True))

    two, three = weights(2), weights(3)
    assert max(two, key=two.__getitem__) == ("to", "jicin")
    assert two[("to", "prag")] < knowledge.CUTOFF * max(two.values())
    assert max(three, key=three.__getitem__) == ("to", "prag")
    assert "prag" in knowledge._allys(allocated(players=2), "saxony")
    assert knowledge._allys(allocated(players=3), "saxony") == set()


def _noailles_moving(pool: int, city: str = "laon", picked: bool = True) -> dict:
    """Noailles at Laon (Reims his train), Arenberg at Namur, Austria ``pool`` markers from §23's
    victory; Noailles picked to move."""
    state = allocated(players=2, scenario="advanced")
    clear_board(state)
    place(state, "arenberg", "namur", 4)
    place(state, "noailles", city, 5)
    state["trains"]["france_train_1"] = "reims"
    state["pools"]["austria"] = pool
    state["turn"], state["stage"], state["group"] = 1, "combat", 0
    at_step(state, "move", group=0, piece="", stack=False, march=False, path=[], main=True, done=[])
    if picked:
        act(state, "coalition", "move", "noailles")
    return state


def test_23_a_general_keeps_covered_the_fortresses_within_reach_of_a_nearly_empty_pool() -> None:
    """§23: Austria wins by emptying its pool, which opens at 3 in the advanced game, so each
    fortress it conquers is a third of its victory. Noailles at Laon covers (§10.3) the five
    French fortresses round Arenberg at Namur; his march on Maubeuge would leave Sedan, 2 cities
    from Arenberg, uncovered (4 from Maubeuge). With Austria 3 markers from victory he stays;
    with 8 he marches on."""
    near, far = _noailles_moving(3), _noailles_moving(8)
    raided = knowledge._raided(near, "france")
    assert {"givet", "maubeuge", "sedan"} <= set(raided) and "koln" not in raided  # no marker (§10.3 NOTE)
    assert knowledge._uncovered(near, raided, ["noailles"], "maubeuge") > knowledge._uncovered(near, raided)
    assert _best(far, "coalition") == ("to", "maubeuge")
    assert _best(near, "coalition") == ("stop",)
    assert knowledge._raided(far, "france") == []
    assert knowledge._raided(allocated(players=2), "france") == []  # the introductory game: no pools


def test_23_the_evaluation_counts_the_fortresses_left_open_to_a_nearly_empty_pool() -> None:
    """The search weighs what the prior keeps: with Maillebois at Strasbourg covering Lorraine's
    fortresses and Noailles at Laon the rest, A's position is worth less once Noailles stands at
    Maubeuge, Sedan uncovered."""
    state = _noailles_moving(3)
    place(state, "maillebois", "strasbourg", 4)
    assert knowledge._uncovered(state, knowledge._raided(state, "france")) == 0
    before = knowledge.evaluate(state)["coalition"]
    state["generals"]["noailles"]["city"] = "maubeuge"
    assert knowledge.evaluate(state)["coalition"] < before


def test_23_the_evaluation_counts_the_other_players_pools_against_its_own() -> None:
    """§23: a superpower wins alone by emptying its pool, so a marker Austria puts in its battle
    boxes (§16) is worth less to A, and one of Prussia's (the nearer of A's two: 11 of 13 left) is worth
    more to A and less to B."""
    state = allocated(players=2, scenario="advanced")
    before = knowledge.evaluate(state)
    state["pools"]["austria"] -= 1
    state["boxes"]["austria"] += 1
    after = knowledge.evaluate(state)
    assert after["coalition"] < before["coalition"] and after["theresa"] > before["theresa"]
    state["pools"]["prussia"] -= 1
    state["boxes"]["prussia"] += 1
    now = knowledge.evaluate(state)
    assert now["coalition"] > after["coalition"] and now["theresa"] < after["theresa"]


def test_23_the_general_nearest_an_uncovered_fortress_marches_to_cover_it() -> None:
    """§23: with Arenberg at Namur and no other French general on the map, Givet (1 city from
    him) and the other border fortresses within his reach are uncovered; Noailles at Montargis
    (Moritz's start, 4 cities from Givet) is the nearest and can cover them in one move: with
    Austria 3 markers from victory he is the likelier to be moved and steps toward them; with 8,
    neither."""
    near = _noailles_moving(3, "montargis", picked=False)
    far = _noailles_moving(8, "montargis", picked=False)
    exposed = knowledge._to_cover(near, "noailles", "france")
    assert "givet" in exposed and knowledge._to_cover(far, "noailles", "france") == []

    def weight(state: dict) -> float:
        legal = RULES.legal_actions(state, "coalition")
        return dict(zip(legal, knowledge.prior(RULES, state, "coalition", legal), strict=True))[
            ("move", "noailles")
        ]

    assert weight(near) > weight(far)
    act(near, "coalition", "move", "noailles")
    step = _best(near, "coalition")
    assert step[0] == "to"
    assert knowledge._nearest(near, step[1], exposed) < knowledge._nearest(near, "montargis", exposed)


def test_23_with_two_players_b_covers_against_a_pool_of_eight() -> None:
    """§23, §24: A wins when either of its pools of 11 empties, and France emptied its pool by
    turn 3 on Austrian fortresses no Austrian general covered while France had more than 4 left;
    with two players B's side counts a French general as a raider from ``B_GUARD`` (8) markers
    left, with three every side keeps ``NEAR_EMPTY``."""

    def raided(players: int, pool: int) -> list[str]:
        state = allocated(players=players, scenario="advanced")
        clear_board(state)
        place(state, "belle_isle", "amberg", 5)
        state["pools"]["france"] = pool
        return knowledge._raided(state, "austria")

    assert knowledge.NEAR_EMPTY < knowledge.B_GUARD == 8
    assert {"eger", "pilsen", "prag"} <= set(raided(2, 8))
    assert raided(2, 9) == [] and raided(3, 8) == []
    assert {"eger", "pilsen"} <= set(raided(3, knowledge.NEAR_EMPTY))
