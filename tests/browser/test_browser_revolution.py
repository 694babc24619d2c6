"""Revolution in the browser: a hot-seat game of two people and two bots played by clicks through
turn 0 into turn 1, at a laptop's and a phone's size. What the page shows is checked against the
view the server sends: the tokens of every province against its limit (§2, §6.11), the
treasuries, stocks and VP by source (§4.3, §4.4), the support boxes space by space (§5.1), the
command blocks (§6.4), the Allegiance track (§6.16), the bishoprics (§6.18) and the phase track
with the turn order (§4.2). Nothing in Revolution is secret (§2, §4.6), but the state's RNG word
and the undo history never reach the browser."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from test_browser_client import create_by_api, page_clicks, wait_ready, wait_settled
from test_browser_experience import SIZES, console_watch

pytestmark = pytest.mark.browser

SEATS = {"catholics": "me", "habsburgs": "hotseat", "burghers": "bot:random", "reformers": "bot:random"}
SECRET_KEYS = ("rng", "flow", "history", "undo_stack", "initial_state")

SHOWN = """() => {
  const q = (sel) => [...document.querySelectorAll(sel)];
  return {
    chips: Object.fromEntries(q('.province-pieces').map((g) => [g.dataset.area, g.querySelector('.province-card text').textContent])),
    places: q('.province-pieces .place').length,
    treasury: Object.fromEntries(q('.rev-vp tbody tr').map((r) => [r.dataset.faction, Number(r.querySelector('.rev-treasury').textContent)])),
    stock: Object.fromEntries(q('.rev-vp tbody tr').map((r) => [r.dataset.faction, Number(r.querySelector('.rev-stock').textContent)])),
    vpNow: Object.fromEntries(q('.rev-vp tbody tr').map((r) => [r.dataset.faction, Number(r.querySelector('.rev-vp-now').textContent)])),
    slots: q('.rev-slot').length,
    filled: q('.rev-slot.full').map((s) => s.dataset.owner),
    armies: q('.rev-box.army').map((b) => b.dataset.owner),
    mapArmies: q('.command-block .block-box.army').map((b) => b.dataset.owner),
    rivers: q('.rivers .river').map((r) => [r.dataset.river, r.dataset.a, r.dataset.b]),
    arrows: q('.block-arrow').map((a) => [a.dataset.a, a.dataset.b, a.dataset.oneway]),
    allegiance: Object.fromEntries(q('.rev-allegiance tbody tr').map((r) => [r.dataset.city, Number(r.dataset.space)])),
    bishoprics: q('.rev-church tbody tr').map((r) => Number(r.dataset.status)),
    phase: (document.querySelector('.rev-phase-track li.current') || {dataset: {}}).dataset.phase || null,
    order: q('.rev-order li').map((li) => [li.dataset.faction, li.dataset.status]),
    text: document.body.innerText,
  };
}"""


def watch_payloads(page: Any) -> list[str]:
    """Every JSON body and WebSocket frame the page receives."""
    seen: list[str] = []

    def on_response(res: Any) -> None:
        if "/api/" in res.url and "json" in (res.headers.get("content-type") or ""):
            with contextlib.suppress(Exception):  # a body already gone (the page moved on)
                seen.append(res.text())

    page.on("response", on_response)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: seen.append(str(frame))))
    return seen


def secret_keys(payload: Any) -> set[str]:
    """The keys of a payload (at any depth) that would give the state's secrets away: the RNG
    word, the flow stack, an undo history, the seed before the game is over."""
    found: set[str] = set()
    if isinstance(payload, dict):
        for k, v in payload.items():
            if k in SECRET_KEYS or (k == "seed" and v is not None):
                found.add(k)
            found |= secret_keys(v)
    elif isinstance(payload, list):
        for v in payload:
            found |= secret_keys(v)
    return found


def leaked_keys(payloads: list[str]) -> set[str]:
    """The secret keys (:func:`secret_keys`) found in any of the payloads a page received."""
    leaked: set[str] = set()
    for text in payloads:
        try:
            leaked |= secret_keys(json.loads(text))
        except ValueError:
            continue
    return leaked


def expected(view: dict[str, Any], board: dict[str, Any]) -> dict[str, Any]:
    info = board["revolution"]
    index = {p["id"]: i for i, p in enumerate(info["places"])}
    factions = [f["id"] for f in info["factions"]]
    chips = {}
    for p, area in enumerate(board["areas"]):
        total = sum(view["country"][p]) + sum(
            sum(view["places"][index[c]]) for c in info["provinces"][p]["places"]
        )
        chips[area["id"]] = f"{total}/{area['limit']}"
    mine = {factions[o]: o for o in view["factions"]}
    arrows = []
    for reg in info["regions"]:
        for to in reg["arrows"]:
            back = reg["id"] in next(r for r in info["regions"] if r["id"] == to)["arrows"]
            if not back or reg["id"] < to:
                arrows.append([reg["id"], to, "false" if back else "true"])
    return {
        "rivers": sorted([r["id"], leg["a"], leg["b"]] for r in info["rivers"] for leg in r["legs"]),
        "arrows": sorted(arrows),
        "chips": chips,
        "places": len(info["places"]),
        "treasury": {f: view["treasury"][o] for f, o in mine.items()},
        "stock": {f: view["stock"][o] for f, o in mine.items()},
        "vpNow": {f: sum(view["vp_now"][f].values()) for f in mine},
        "slots": sum(len(b["slots"]) for b in info["boxes"]),
        "filled": sorted(factions[o] for box in view["support"] for o in box if o >= 0),
        "armies": sorted(factions[c % 10] for block in view["blocks"] for c in block if c >= 0),
        "allegiance": dict(zip(info["cities"], view["allegiance"], strict=True)),
        "bishoprics": view["bishopric"],
        "phase": view["phase"],
    }


def check_page(page: Any, mid: str, role: str) -> dict[str, Any]:
    """The page's panels agree with the server's view of ``role``."""
    board = page.request.get("/api/boards/revolution/standard", params={"players": 4}).json()
    view = page.request.get(f"/api/matches/{mid}/view", params={"role": role}).json()["view"]
    # the page compared is the one that has drawn this very step
    page.wait_for_function("(step) => Number(document.body.dataset.step) === step", arg=view["step"])
    shown = page.evaluate(SHOWN)
    want = expected(view, board)
    for key in (
        "chips",
        "places",
        "treasury",
        "stock",
        "vpNow",
        "slots",
        "allegiance",
        "bishoprics",
        "phase",
    ):
        assert shown[key] == want[key], (key, shown[key], want[key])
    assert sorted(shown["filled"]) == want["filled"]
    assert sorted(shown["armies"]) == want["armies"]
    # the map draws every river leg (§6.13), every arrow between command blocks (§6.8) and the
    # armies in the blocks, as the board data and the state have them
    assert sorted(shown["mapArmies"]) == want["armies"]
    assert sorted(shown["rivers"]) == want["rivers"]
    two_way = [[*sorted([a, b]), one] if one == "false" else [a, b, one] for a, b, one in shown["arrows"]]
    assert sorted(two_way) == want["arrows"]
    factions = [f["id"] for f in board["revolution"]["factions"]]
    assert [f for f, _ in shown["order"]] == [factions[o] for o in view["order"]]
    for faction, status in shown["order"]:  # §4.1: who has played the phase, who is to play
        if faction == view["acting"]:
            assert status == "acting"
        elif view["to_play"] is None or not view["acting"]:
            assert status == "idle"
        else:
            assert status == ("waiting" if faction in view["to_play"] else "done")
    assert "{" not in shown["text"], "a placeholder left unfilled"
    return view


@pytest.mark.parametrize("size", SIZES)
def test_4_2_hot_seat_game_through_turn_0_shows_the_board_as_the_server_has_it(
    pages: Any, artifacts: Path, size: str
) -> None:
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    payloads = watch_payloads(page)
    page.goto("/")
    res = page.request.post(
        "/api/matches", data={"game": "revolution", "players": 4, "seats": SEATS, "seed": 7}
    )
    assert res.ok, res.text()
    mid = str(res.json()["match"]["id"])
    page.goto(f"/play/{mid}")
    wait_settled(page)
    check_page(page, mid, "catholics")
    page.screenshot(path=str(artifacts / f"revolution-start-{size}.png"), full_page=True)
    # random clicks, the two people's seats alike, until turn 1 has begun (the Habsburgs'
    # set-up armies, turn 0's eight phases and the first VP are behind)
    turn = 0
    for _ in range(60):
        got = page_clicks(page, seed=7, budget_ms=2500, finish=0.5)
        assert not got["over"]
        wait_ready(page)
        turn = page.request.get(f"/api/matches/{mid}/view", params={"role": "catholics"}).json()["view"][
            "turn"
        ]
        if turn >= 1:
            break
    assert turn >= 1, "turn 1 not reached"
    wait_settled(page)
    view = check_page(page, mid, page.evaluate("document.body.dataset.role || 'catholics'"))
    assert any(v for v in view["vp2"]), "turn 0 scored nobody"
    page.screenshot(path=str(artifacts / f"revolution-turn1-{size}.png"), full_page=True)
    leaked = leaked_keys(payloads)
    assert not leaked, f"sent to the browser: {leaked}"
    assert len(payloads) > 5
    assert not noise, noise


def test_6_10_new_tokens_are_placed_with_one_click_per_province(pages: Any) -> None:
    """§5.2, §6.10 placing new tokens: the page lists each province the faction may place in,
    with a button per count; one click places that many."""
    page = pages.new()
    page.goto("/")
    seats = dict.fromkeys(SEATS, "hotseat") | {"catholics": "me"}
    mid = create_by_api(page, "revolution", seats, seed=3)
    page.goto(f"/play/{mid}")
    wait_settled(page)
    for _ in range(40):
        view = page.request.get(f"/api/matches/{mid}/view", params={"role": "catholics"}).json()["view"]
        if view["decision"] == "units":
            break
        page_clicks(page, seed=3, most=1, budget_ms=2000)
        wait_settled(page)
    assert view["decision"] == "units", view["decision"]
    role = view["acting"]
    page.wait_for_selector(".rev-counts [data-target]")
    legal = page.request.get(f"/api/matches/{mid}/view", params={"role": role}).json()["view"]["actions"]
    counted = [a for a in legal if a[0] in ("place", "box")]
    buttons = page.locator(".rev-counts [data-target]")
    assert buttons.count() == len(counted)
    biggest = max((a for a in counted if a[0] == "place"), key=lambda a: a[2])
    before = int(page.evaluate("Number(document.body.dataset.step)"))
    target = json.dumps(biggest, separators=(",", ":"))
    page.locator(f".rev-counts [data-target='{target}']").click()
    page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
    after = page.request.get(f"/api/matches/{mid}/view", params={"role": role}).json()["view"]
    placed = [e["args"] for e in after["log"] if e["msg"] == "ev.units"]
    assert placed and placed[-1]["n"] == biggest[2] and placed[-1]["where"] == biggest[1], placed


def test_6_4_6_8_the_legend_explains_the_command_blocks_arrows_and_rivers(
    pages: Any, artifacts: Path
) -> None:
    """A newcomer's question about the rows of little boxes and the white arrows on the map is
    answered by the legend, in both languages: the command blocks (§6.4), the arrows armies move
    along (§6.8) and the rivers (§6.13), beside the cities, towns and province cards."""
    page = pages.new(*SIZES["laptop"])
    noise = console_watch(page)
    page.goto("/")
    mid = create_by_api(page, "revolution", SEATS, seed=3)
    page.goto(f"/play/{mid}")
    wait_ready(page)
    page.click("details.map-legend summary")
    for lang, words in (
        ("en", ("command block", "white arrow", "river")),
        ("it", ("sezione di comando", "freccia bianca", "fiume")),
    ):
        if lang == "it":
            page.evaluate("document.querySelector('[data-set-lang=it]').click()")
            page.wait_for_function("document.documentElement.lang === 'it'")
            page.wait_for_timeout(300)
        items = page.evaluate(
            "[...document.querySelectorAll('details.map-legend li')].filter((li) => li.offsetParent).map((li) => li.innerText)"
        )
        for word in words:
            assert any(item.startswith(word) for item in items), (word, items)
        assert not any("{" in item or "legend_" in item for item in items), items
        # only the borders this map draws: its provinces share land borders, nothing at sea
        sea = {
            "en": ("sea border", "strait", "crossing by sea"),
            "it": ("confine di mare", "stretto", "traversata"),
        }
        assert not any(item.startswith(sea[lang]) for item in items), items
        assert page.locator("details.map-legend li.legend-piece svg").count() >= 7
    page.screenshot(path=str(artifacts / "revolution-legend-it.png"))
    assert not noise, noise
