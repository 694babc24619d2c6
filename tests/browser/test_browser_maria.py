"""Maria in the browser, as people play it: a hot-seat game of two people at one screen (and a
bot) played by clicks through its first turn at a laptop's and a phone's size, with the
hand-over screen between seats hiding one player's hand from the next (§4, §8); an advanced
hot-seat game played by clicks until the people have bid in a political phase, fought a battle
and paid for winter troops (§11, §13, §17), photographed at both sizes; and an online
game where the payloads sent to one player carry no trace of another's hand or army sheet. The
panels beside the map are checked against the view the server sends: the seat's own hands card
by card and its army sheet (§4, §6, §8)."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from test_browser_client import create_by_api, page_clicks, wait_ready, wait_settled
from test_browser_experience import SIZES, console_watch, to_italian
from test_browser_revolution import leaked_keys, watch_payloads

from tavola.core.game import Game

pytestmark = pytest.mark.browser

# Random people's clicks, weighted by verb so their phases end: a sealed army sheet and an
# ended movement are likelier than one more troop taken back.
WEIGHTS = {
    "seal": 1000,
    "done": 6,
    "stop": 4,
    "pass": 2,
    "recruit": 3,
    "untroop": 0.05,
    "withdraw": 0.2,
    "cancel": 0.2,
}

# What the page shows of the seat's secrets, and whether any of it can be seen now.
SHOWN = """() => {
  const q = (sel) => [...document.querySelectorAll(sel)];
  return {
    role: document.body.dataset.role,
    hands: Object.fromEntries(q('.ma-hand-row').map((r) => [r.dataset.power, r.querySelectorAll('.ma-card').length])),
    sheet: Object.fromEntries(q('.ma-sheet tbody tr').map((r) => [r.dataset.general, Number(r.querySelector('.ma-troops').textContent)])),
    seen: q('.ma-card, .ma-sheet td').filter((el) => el.checkVisibility({visibilityProperty: true})).length,
    mainHidden: getComputedStyle(document.querySelector('main')).visibility === 'hidden',
    extra: (document.querySelector('#board-extra') || {}).innerText || '',
    info: (document.querySelector('.info-panel') || {}).innerText || '',
    choices: (document.querySelector('#choices') || {}).innerText || '',
  };
}"""


def view_of(page: Any, mid: str, role: str | None = None) -> dict[str, Any]:
    params = {"role": role} if role else {}
    return dict(page.request.get(f"/api/matches/{mid}/view", params=params).json()["view"])


def check_panels(page: Any, mid: str) -> dict[str, Any]:
    """The seat shown sees its own hands and army sheets as the server has them, and nothing of
    another seat's; every panel reads in words."""
    # a seat's panels may be drawn a moment after the seat is shown: wait up to 10 s for them
    deadline = time.monotonic() + 10
    while True:
        shown = page.evaluate(SHOWN)
        view = view_of(page, mid, shown["role"])
        mine = {p for p, r in view["control"].items() if r == shown["role"]}
        hands = {p: len(cards) for p, cards in view["hands"].items() if p in mine}
        if shown["hands"] == hands or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert shown["hands"] == hands
    assert set(view["hands"]) <= mine
    board = page.request.get("/api/boards/maria/introductory").json()
    sheet = {
        g: x["troops"]
        for g, x in view["generals"].items()
        if "troops" in x and board["generals"][g]["power"] in mine
    }
    assert shown["sheet"] == sheet
    for text in (shown["extra"], shown["info"], shown["choices"]):
        assert not re.search(r"[{}_]|\bGroup\b|-1\b|\bFlow\b", text), text
    # a card on a choice reads by value and suit, never by its number (§8)
    assert not re.search(r"^(Play|Pay with|Place face down)\s*\n?\s*\d+$", shown["choices"], re.M), shown[
        "choices"
    ]
    return view


@pytest.mark.parametrize("size", SIZES)
def test_5_hot_seat_game_through_the_first_turn_hides_each_hand_from_the_next_seat(
    pages: Any, artifacts: Path, size: str
) -> None:
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    payloads = watch_payloads(page)
    page.goto("/")
    seats = {"theresa": "me", "frederick": "hotseat", "louis": "bot:random"}
    mid = create_by_api(page, "maria", seats, seed=5)
    page.goto(f"/play/{mid}")
    wait_ready(page)
    handed: list[str] = []
    deadline = time.monotonic() + 300
    shots = 0
    while view_of(page, mid)["turn"] < 2:
        assert time.monotonic() < deadline, f"turn 1 not over (step {view_of(page, mid)['step']})"
        got = page_clicks(page, seed=5, most=40, weights=WEIGHTS, stop="#privacy-screen")
        if not got["stopped"]:
            continue
        # the hand-over screen: it names the next seat, and nothing of the page behind it shows
        curtain = page.locator("#privacy-screen")
        name = curtain.inner_text()
        shown = page.evaluate(SHOWN)
        assert shown["mainHidden"] and shown["seen"] == 0, shown
        handed.append(name)
        if shots < 1:
            page.screenshot(path=str(artifacts / f"maria-handover-{size}.png"))
        page.click("#privacy-screen button")
        wait_settled(page)
        view = check_panels(page, mid)
        if shots < 1 and view["phase"] != "setup":
            page.screenshot(path=str(artifacts / f"maria-turn1-{size}.png"), full_page=True)
            shots += 1
    assert any("Maria Theresa" in n for n in handed) and any("Frederick" in n for n in handed), handed
    wait_settled(page)
    if not page.locator("#privacy-screen").count():
        check_panels(page, mid)
    page.screenshot(path=str(artifacts / f"maria-turn2-{size}.png"), full_page=True)
    # the same panels in Italian, from the game's catalogue (no English left)
    to_italian(page)
    shown = page.evaluate(SHOWN)
    assert "Le tue carte tattiche" in shown["extra"] and "Il tuo foglio delle armate" in shown["extra"]
    assert not re.search(
        r"\b(Your|troops|cards|Turn|Phase|off the map|not in play)\b", shown["extra"] + shown["info"]
    )
    log = view_of(page, mid)["log"]
    assert any(e["msg"] == "ev.turn" and e["args"]["turn"] == 2 for e in log)
    leaked = leaked_keys(payloads)
    assert not leaked, f"sent to the browser: {leaked}"
    assert not noise, noise


def _frames(payload: Any) -> list[Any]:
    """Every dict inside a payload, at any depth."""
    out = []
    if isinstance(payload, dict):
        out.append(payload)
        for v in payload.values():
            out += _frames(v)
    elif isinstance(payload, list):
        for v in payload:
            out += _frames(v)
    return out


def test_8_a_hand_and_an_army_sheet_reach_only_their_owner(pages: Any) -> None:
    """Online: Frederick's browser receives, in every answer and push, Prussia's and its allies'
    hands and troops only: no Austrian card, no Austrian general's troops, no entry of Maria
    Theresa's secret allocation (§4 «in segreto», §8)."""
    host = pages.new()
    host.goto("/")
    res = host.request.post(
        "/api/matches",
        data={
            "game": "maria",
            "scenario": "introductory",
            "seats": {"theresa": "me", "frederick": "open", "louis": "bot:random"},
        },
    )
    assert res.ok, res.text()
    match = res.json()["match"]
    mid = str(match["id"])
    link = next(s["invite_url"] for s in match["seats"] if s["role"] == "frederick")
    friend = pages.new()
    seen = watch_payloads(friend)
    friend.goto(link)
    wait_ready(friend)
    friend.wait_for_function("document.body.dataset.role === 'frederick'")
    host.goto(f"/play/{mid}")
    wait_ready(host)
    # both write their army sheets at once, then play on for a while
    for _ in range(12):
        for page in (host, friend):
            page_clicks(page, seed=11, most=25, budget_ms=1500, weights=WEIGHTS)
        if view_of(host, mid)["phase"] not in ("setup",) and len(seen) > 20:
            break
    austria = view_of(host, mid, "theresa")
    assert austria["phase"] != "setup", "the army sheets were never sealed"
    ids = set(austria["hand_ids"]["austria"])
    austrians = {g for g, x in austria["generals"].items() if "troops" in x}
    assert ids and austrians
    checked = 0
    for text in seen:
        try:
            payload = json.loads(text)
        except ValueError:
            continue
        for d in _frames(payload):
            checked += 1
            for key in ("hands", "hand_ids"):
                if isinstance(d.get(key), dict):
                    assert "austria" not in d[key], d[key]
                    if key == "hand_ids":
                        assert not ids & {c for cs in d[key].values() for c in cs}
            gens = d.get("generals")
            if isinstance(gens, dict):
                assert not any(isinstance(gens.get(g), dict) and "troops" in gens[g] for g in austrians)
            if d.get("msg") == "ev.allocate":
                assert d["args"]["general"] not in austrians, d
    assert checked > 100


def _play_to(seed: int, scenario: str, until: Any) -> list[tuple[str, tuple[Any, ...]]]:
    """The actions of a game of random people (army sheets sealed soon) until the view of the
    role to act satisfies ``until``."""
    game = Game("maria", scenario, seed=seed)
    pick = random.Random(seed)
    weights = {"seal": 1000, "untroop": 0.05, "withdraw": 0.01}
    done: list[tuple[str, tuple[Any, ...]]] = []
    while not until(game.view(game.active_roles[0])):
        role = game.active_roles[0]
        legal = [a for a in game.legal_actions(role) if a != ("undo",)]
        action = pick.choices(legal, [weights.get(a[0], 1) for a in legal])[0]
        game.apply(role, action)
        done.append((role, action))
    return done


def _post(page: Any, mid: str, actions: list[tuple[str, tuple[Any, ...]]], step: int = 0) -> int:
    for role, action in actions:
        res = page.request.post(
            f"/api/matches/{mid}/actions", data={"role": role, "action": list(action), "step": step}
        )
        assert res.ok, res.text()
        step = res.json()["view"]["step"]
    return step


def step_up(page: Any) -> None:
    """The hot-seat's next seat steps up to the screen, if the hand-over screen is shown."""
    if page.locator("#privacy-screen").count():
        page.click("#privacy-screen button")
    wait_settled(page)


SCORE = """() => ({
  cards: [...document.querySelectorAll('#battle-panel .battle-side')].map((s) => s.querySelectorAll('.ma-card').length),
  score: (document.querySelector('.ma-score') || {}).innerText || '',
  panel: (document.querySelector('#battle-panel') || {}).innerText || '',
  targets: [...document.querySelectorAll('.cell.target')].map((c) => c.dataset.area),
})"""


@pytest.mark.parametrize("size", SIZES)
def test_11_a_battle_is_played_card_by_card_and_the_winner_picks_the_retreat_on_the_map(
    pages: Any, artifacts: Path, size: str
) -> None:
    """§11.1: each card played shows on its side of the battle panel with the score it made,
    the running score and who is to play beside the map; §11.2: the winner picks each city of
    the loser's retreat among those highlighted on the map (the book's choice, not the loser's)."""
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/")
    seed = 58  # a game whose first battle is fought over several cards, then a retreat
    mid = create_by_api(page, "maria", {"theresa": "me", "frederick": "hotseat", "louis": "hotseat"}, seed)
    _post(page, mid, _play_to(seed, "introductory", lambda v: v["battle"]))
    page.goto(f"/play/{mid}")
    wait_ready(page)
    played = 0
    while True:
        step_up(page)
        role = page.evaluate("document.body.dataset.role")
        view = view_of(page, mid, role)
        if not view["battle"]:
            break
        shown = page.evaluate(SCORE)
        # the running score and the side to play, as the server has them (§11.1)
        assert f"Score {view['battle']['score']} for the attacker, {played} " in shown["score"], shown
        assert sum(shown["cards"]) == played, shown
        # the seat's battle choices may be drawn a moment after its seat is shown (§11.1: a card
        # of the suit, a Reserve or, where the book allows, giving up: one of them is always there)
        page.wait_for_selector(
            "#choices button[data-action^='[\"card\"'], #choices button[data-action^='[\"reserve\"'],"
            " #choices button[data-action='[\"stop\"]']"
        )
        cards = page.locator("#choices button[data-action^='[\"card\"']")
        button = cards.first if cards.count() else page.locator("#choices button[data-action='[\"stop\"]']")
        if cards.count():
            label = button.inner_text()
            assert re.fullmatch(r"(10|[2-9])[♥♦♣♠]", label), label
            played += 1
        button.click()
        page.wait_for_function(f"Number(document.body.dataset.step) > {view['step']}")
    assert played >= 2
    shown = page.evaluate(SCORE)
    assert sum(shown["cards"]) == played and "attacks" in shown["panel"], shown
    # the troop losses of §11.1, beside the losing general
    defeat = next(e for e in reversed(view_of(page, mid)["log"]) if e["msg"] == "ev.defeat")
    lost = re.search(r"loses (\d+) troops?, (\d+) left \(§11\.1\)", shown["panel"], re.I)
    assert lost and int(lost[1]) <= defeat["args"]["n"], shown["panel"]
    page.screenshot(path=str(artifacts / f"maria-battle-{size}.png"), full_page=True)
    # the retreat: the winner's seat picks each city on the map
    view = view_of(page, mid, page.evaluate("document.body.dataset.role"))
    assert view["retreat"], "the battle ended without a retreat"
    general = view["retreat"]["general"]
    while view["retreat"]:
        legal = {a[1] for a in view["actions"] if a[0] == "retreat"}
        shown = page.evaluate(SCORE)
        assert set(shown["targets"]) == legal, (shown["targets"], legal)
        target = sorted(legal)[0]
        page.locator(f'.cell.target[data-area="{target}"]').dispatch_event("click")
        page.wait_for_function(f"Number(document.body.dataset.step) > {view['step']}")
        step_up(page)
        view = view_of(page, mid, page.evaluate("document.body.dataset.role"))
        assert view["generals"][general]["city"] == target
    assert not noise, noise


POLITICS = """() => ({
  tracks: Object.fromEntries([...document.querySelectorAll('.ma-track')].map((t) => [t.dataset.track, Number(t.dataset.space)])),
  shown: [...document.querySelectorAll('.ma-pcards li')].map((li) => li.dataset.card),
  first: (document.querySelector('#board-extra .ma-panel') || {className: ''}).className,
  winter: (document.querySelector('.ma-winter') || {}).innerText || '',
})"""


def test_17_13_the_political_display_and_winter_recruiting_beside_the_map(
    pages: Any, artifacts: Path
) -> None:
    """The advanced game: during the political phase the display heads the column, each track's
    marker on its space and the two cards face up by title (§17.1); in winter the power
    recruiting pays card by card and the panel counts the points and the troops (§13)."""
    page = pages.new(*SIZES["laptop"])
    noise = console_watch(page)
    page.goto("/")
    seed = 1
    seats = {"theresa": "me", "frederick": "hotseat", "louis": "hotseat"}
    res = page.request.post(
        "/api/matches", data={"game": "maria", "scenario": "advanced", "seats": seats, "seed": seed}
    )
    assert res.ok, res.text()
    mid = str(res.json()["match"]["id"])
    bids = _play_to(
        seed, "advanced", lambda v: v["phase"] == "politics" and v["prompt"]["text"] == "prompt.bid"
    )
    step = _post(page, mid, bids)
    page.goto(f"/play/{mid}")
    wait_ready(page)
    step_up(page)
    view = view_of(page, mid, page.evaluate("document.body.dataset.role"))
    shown = page.evaluate(POLITICS)
    assert shown["tracks"] == view["political"]["tracks"] and len(shown["tracks"]) == 3
    assert shown["shown"] == view["political"]["shown"] and len(shown["shown"]) == 2
    assert "ma-politics" in shown["first"]
    page.screenshot(path=str(artifacts / "maria-politics-laptop.png"), full_page=True)
    winter = _play_to(seed, "advanced", lambda v: bool(v["winter"]))
    assert winter[: len(bids)] == bids
    _post(page, mid, winter[len(bids) :], step)
    page.reload()
    wait_ready(page)
    step_up(page)
    role = page.evaluate("document.body.dataset.role")
    for _ in range(3):  # pay with cards in the browser: the panel counts the points (§13)
        view = view_of(page, mid, role)
        paid = view["winter"]["paid"]
        assert f"{paid} points paid" in page.evaluate(POLITICS)["winter"]
        pay = page.locator("#choices button[data-action^='[\"pay\"']")
        if not pay.count():
            break
        assert re.fullmatch(r"((10|[2-9])[♥♦♣♠]|The Reserve) \(\d+ points\)", pay.first.inner_text())
        pay.first.click()
        page.wait_for_function(f"Number(document.body.dataset.step) > {view['step']}")
        step_up(page)
    assert view_of(page, mid, role)["winter"]["paid"] > 0
    page.screenshot(path=str(artifacts / "maria-winter-laptop.png"), full_page=True)
    assert not noise, noise


# The decisions a hot-seat game stops at, to play them by the pointer and photograph them:
# a bid of the political phase (§17.3), a battle under way (§11.1), a payment of winter
# recruiting (§13); the hand-over screen between the two people's seats.
PHASES = {
    "politics": "#choices button[data-action^='[\"bid\"']",
    "battle": ".ma-score",
    "winter": "#choices button[data-action^='[\"pay\"']",
}


# What the person clicks in each: a bid, a card of the sector's suit (else giving up, §11.1),
# a card paid.
CARDS = "#choices button[data-action^='[\"card\"']"
CHOICE = {
    "politics": PHASES["politics"],
    "battle": "#choices button[data-action='[\"stop\"]'], #choices button[data-action='[\"withdraw\"]']",
    "winter": PHASES["winter"],
}


# People who march: random clicks that seldom end a move or a phase bring generals next to the
# enemy's, and so to battle (§11.1: compulsory when adjacent), within a few turns.
MARCH = {**WEIGHTS, "done": 0.5, "stop": 0.5, "move": 4, "to": 4}


def _shoot(page: Any, artifacts: Path, name: str, size: str) -> None:
    """The page now, at both sizes (the game goes on at ``size``)."""
    for other in (*[s for s in SIZES if s != size], size):
        page.set_viewport_size(dict(zip(("width", "height"), SIZES[other], strict=True)))
        page.wait_for_timeout(200)  # the layout settles at the new width
        page.screenshot(path=str(artifacts / f"maria-{name}-{other}.png"), full_page=True)


def _settled_view(page: Any, mid: str, role: str) -> dict[str, Any]:
    """The role's view at the step the page shows: a bot may act between the page's last
    push and a request for the view, so wait for the page to draw the step the view is at."""
    deadline = time.monotonic() + 10
    while True:
        view = view_of(page, mid, role)
        page.wait_for_function(f"Number(document.body.dataset.step) >= {view['step']}")
        if int(page.evaluate("document.body.dataset.step")) == view["step"]:
            return view
        assert time.monotonic() < deadline, f"the page never settled on the view's step {view['step']}"


def _phase_now(page: Any, view: dict[str, Any], seen: set[str]) -> str | None:
    """Which of the :data:`PHASES` not yet seen this seat is to decide now."""
    verbs = {a[0] for a in view["actions"]}
    if "politics" not in seen and view["phase"] == "politics" and "bid" in verbs:
        return "politics"
    if "battle" not in seen and view["battle"] and verbs & {"card", "reserve", "stop", "withdraw"}:
        return "battle"
    if "winter" not in seen and view["winter"] and "pay" in verbs:
        return "winter"
    return None


def test_5_11_13_17_a_hot_seat_advanced_game_by_clicks_through_politics_a_battle_and_a_winter(
    pages: Any, artifacts: Path
) -> None:
    """The advanced game for two people at one screen and a bot, played by clicks from the
    secret army sheets on (§4) until the political phase (§17), a battle (§11) and a winter
    (§13) have each been played by a person: the bid placed face down, a card of the sector's
    suit played with the running score beside the map, the winter's troops paid card by card.
    Turns go on at a laptop's size and a phone's by turns, each phase photographed at both; the
    hand-over screen hides each seat's hand from the next, and no payload carries another seat's
    secrets."""
    size = "laptop"
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    payloads = watch_payloads(page)
    page.goto("/")
    # Frederick is the greedy bot, which marches on the fortresses Prussia needs (and so to battle)
    seats = {"theresa": "me", "frederick": "bot:greedy", "louis": "hotseat"}
    seed = 3
    res = page.request.post(
        "/api/matches", data={"game": "maria", "scenario": "advanced", "seats": seats, "seed": seed}
    )
    assert res.ok, res.text()
    mid = str(res.json()["match"]["id"])
    page.goto(f"/play/{mid}")
    wait_ready(page)
    seen: set[str] = set()
    handed = 0
    deadline = time.monotonic() + 1500
    while seen != set(PHASES):
        view = view_of(page, mid)
        assert time.monotonic() < deadline, f"seen {seen} by turn {view['turn']} (step {view['step']})"
        assert not view["result"], f"seen {seen} by the end, turn {view['turn']}"
        want = "phone" if view["turn"] % 2 == 0 else "laptop"  # the people play on at each size
        if want != size:
            size = want
            page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
        stop = ", ".join(["#privacy-screen", *(sel for p, sel in PHASES.items() if p not in seen)])
        got = page_clicks(page, seed=seed, most=30, budget_ms=4000, weights=MARCH, stop=stop)
        if page.locator("#privacy-screen").count():
            shown = page.evaluate(SHOWN)
            assert shown["mainHidden"] and shown["seen"] == 0, shown
            handed += 1
            step_up(page)
            check_panels(page, mid)
            continue
        if not got["stopped"]:
            continue
        role = page.evaluate("document.body.dataset.role")
        view = _settled_view(page, mid, role)
        phase = _phase_now(page, view, seen)
        if phase is None:  # a payment or a card outside those phases (§8, §9): click on
            page_clicks(page, seed=seed, most=1, budget_ms=4000, weights=MARCH, stop="#privacy-screen")
            continue
        check_panels(page, mid)
        if phase == "battle":
            shown = page.evaluate(SCORE)
            assert f"Score {view['battle']['score']} for the attacker" in shown["score"], shown
        if phase == "politics":
            shown = page.evaluate(POLITICS)
            assert shown["tracks"] == view["political"]["tracks"] and len(shown["shown"]) == 2, shown
        _shoot(page, artifacts, f"hotseat-{phase}", size)
        cards = page.locator(CARDS)
        button = cards.first if phase == "battle" and cards.count() else page.locator(CHOICE[phase]).first
        label = button.inner_text()
        button.click()  # the pointer, not a script
        page.wait_for_function(f"Number(document.body.dataset.step) > {view['step']}")
        log = view_of(page, mid, role)["log"]
        if phase == "battle" and re.fullmatch(r"(10|[2-9])[♥♦♣♠]", label):
            # the card's own event, among those of the step it took (a last card may end the
            # battle, with the defeat and its victory points after it)
            assert any(e["msg"] == "ev.play" and e["step"] >= view["step"] for e in log), log[-6:]
        if phase == "winter":
            assert view_of(page, mid, role)["winter"]["paid"] > 0
        seen.add(phase)
    assert handed >= 2
    to_italian(page)
    leaked = leaked_keys(payloads)
    assert not leaked, f"sent to the browser: {leaked}"
    # a click sent while the bot's move was on its way is refused as stale (409) and the page
    # shows the newer view (play.js); the browser logs the refusal, nothing else may be logged
    assert not [n for n in noise if "status of 409 (Conflict)" not in n], noise
