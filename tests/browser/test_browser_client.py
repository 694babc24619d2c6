"""The browser client end to end: lobby, hot-seat play with bots to the end, reload, observers,
language, replay with export/import, accounts, chat, notes, invitations, a phone-sized screen."""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PLAY_LIMIT_S = 150
# The main game: Antike II with three nations, me against two greedy bots.
PLAYERS = 3
SEED = 5


# --- helpers ---------------------------------------------------------------------------------


def catalogue(page: Any) -> dict[str, Any]:
    return page.request.get("/api/catalogue").json()


def main_game(page: Any) -> str:
    """Antike II once it is registered, the map test game until then."""
    ids = {g["id"] for g in catalogue(page)["games"]}
    return "antike-ii" if "antike-ii" in ids else "maptest"


def roles_of(page: Any, game: str) -> list[str]:
    g = next(g for g in catalogue(page)["games"] if g["id"] == game)
    sc = g["scenarios"][0]
    return sc["roles"][str(sc["default_players"])]


def create_in_lobby(page: Any, game: str, seats: dict[str, str], go: bool = True) -> str:
    """Fill the lobby form; returns the new match id."""
    if go:
        page.goto(f"/?game={game}")
    page.wait_for_selector(f"input[name=game][value='{game}']", state="attached")
    page.wait_for_selector("#seats-list select")
    for role, seat in seats.items():
        page.select_option(f"#seats-list select[data-role='{role}']", seat)
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    return page.url.rsplit("/play/", 1)[1].split("?")[0]


def create_by_api(page: Any, game: str, seats: dict[str, str], seed: int = 3) -> str:
    body: dict[str, Any] = {"game": game, "seats": seats}
    if "open" not in seats.values():  # a chosen seed is refused when two people play
        body["seed"] = seed
    res = page.request.post("/api/matches", data=body)
    assert res.ok, res.text()
    return str(res.json()["match"]["id"])


def wait_ready(page: Any) -> None:
    page.wait_for_function("document.body.dataset.step !== undefined")


def wait_settled(page: Any) -> None:
    """Ready, and a hot-seat page has switched to a seat that is to act (its panels redrawn)."""
    wait_ready(page)
    page.wait_for_function(
        "!document.body.dataset.role || (document.body.dataset.active || '').split(' ')"
        ".includes(document.body.dataset.role) || document.body.classList.contains('game-over')"
    )


def element_shot(page: Any, selector: str, path: Path) -> None:
    """A screenshot of one element; a push may redraw it under the camera, so try again."""
    for attempt in range(3):
        try:
            page.locator(selector).screenshot(path=str(path))
            return
        except Exception:
            if attempt == 2:
                raise
            page.wait_for_timeout(200)


def step(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.step)"))


TARGETS = ".cell.target, #board-extra [data-target], #choices button:not(.btn-undo)"


def targets(page: Any) -> Any:
    """Everything a player may click now: map areas, board widgets, choice buttons (not undo)."""
    return page.locator(TARGETS)


def click_any(page: Any, rand: random.Random) -> bool:
    """Click one legal choice at random; False if there is none right now."""
    loc = targets(page)
    n = loc.count()
    if n == 0:
        return False
    before = step(page)
    item = loc.nth(rand.randrange(n))
    try:
        item.scroll_into_view_if_needed(timeout=2000)
        item.click(timeout=3000)
    except Exception:
        return False  # the page changed under the pointer (a bot moved): look again
    menu = page.locator("#target-menu button[role=menuitem]")
    if menu.count():
        menu.nth(rand.randrange(menu.count())).click()
    with contextlib.suppress(Exception):  # a step that changes nothing visible is fine too
        page.wait_for_function(f"Number(document.body.dataset.step) > {before}", timeout=5000)
    return True


# Random legal clicks inside the page (at most `most`, for up to `budget` ms), waiting on the
# page's state (no clock): while it is not this player's turn, for the body's attributes to
# change (a new view drawn, the game over); after a click that sends an action (the body is
# `busy` until the answer is drawn), for `busy` to clear. A button that ends the player's part
# (done, pass...) is taken with the odds `finish` when there is one, any target otherwise:
# random players who rarely stop make games of thousands of clicks. It stops before a click once
# the step is `until` or more. The random numbers go on from call to call (seeded by `seed` on
# the page's first call), so a game goes the same way however the calls fall. Returns how many
# clicks were made, the step and whether the game is over.
PLAY_CLICKS = """async ({seed, budget, most, finish, until, targets, weights, stop}) => {
  if (!window.__clickRng) window.__clickRng = {x: seed >>> 0};
  const state = window.__clickRng;
  const rand = () => {
    state.x = (state.x + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state.x ^ (state.x >>> 15), state.x | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const body = document.body;
  const end = performance.now() + budget;
  const changed = () => new Promise((resolve) => {
    const obs = new MutationObserver(() => { obs.disconnect(); clearTimeout(timer); resolve(); });
    obs.observe(body, {attributes: true, childList: !!stop});
    const timer = setTimeout(() => { obs.disconnect(); resolve(); }, Math.max(0, end - performance.now()));
  });
  const fire = (el) => el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, clientX: 20, clientY: 20}));
  let clicks = 0;
  const weight = (el) => (weights || {})[el.dataset.action ? JSON.parse(el.dataset.action)[0] : ''] ?? 1;
  while (clicks < most && performance.now() < end && !body.classList.contains('game-over')) {
    if (stop && document.querySelector(stop)) break;
    const els = body.classList.contains('busy') ? [] : [...document.querySelectorAll(targets)];
    if (!els.length) { await changed(); continue; }
    if (Number(body.dataset.step) >= until) break;
    const enders = els.filter((el) => el.matches('#choices .btn-finish'));
    const pool = enders.length && rand() < finish ? enders : els;
    // a choice is as likely as its verb's weight (1 unless the caller says otherwise)
    let r = rand() * pool.reduce((a, el) => a + weight(el), 0);
    let k = 0;
    while (k < pool.length - 1 && (r -= weight(pool[k])) > 0) k++;
    fire(pool[k]);
    const menu = [...document.querySelectorAll('#target-menu button[role=menuitem]')];
    if (menu.length) fire(menu[Math.floor(rand() * menu.length)]);
    clicks += 1;
    while (body.classList.contains('busy') && performance.now() < end) await changed();
  }
  return {clicks, step: Number(body.dataset.step), over: body.classList.contains('game-over'), stopped: !!(stop && document.querySelector(stop))};
}"""

MY_TURN_OR_OVER = (
    "(targets) => document.body.classList.contains('game-over')"
    " || (!document.body.classList.contains('busy') && document.querySelector(targets) !== null)"
)


def page_clicks(
    page: Any,
    seed: int,
    most: int = 10**6,
    budget_ms: int = 3000,
    finish: float = 0.0,
    until: int = 10**9,
    weights: dict[str, float] | None = None,
    stop: str = "",
) -> dict[str, Any]:
    """Random legal clicks like :func:`click_any`, made inside the page (long games are played
    this way once the real pointer clicks have been exercised): ``{clicks, step, over,
    stopped}``. ``weights`` makes a choice as likely as its verb's weight; ``stop`` ends the
    clicks as soon as an element it selects is on the page (a hot-seat's hand-over screen)."""
    args = {"seed": seed, "budget": budget_ms, "most": most, "finish": finish, "until": until}
    args |= {"weights": weights or {}, "stop": stop}
    return dict(page.evaluate(PLAY_CLICKS, {**args, "targets": TARGETS}))


def game_over(page: Any) -> bool:
    return bool(page.evaluate("document.body.classList.contains('game-over')"))


def play_to_end(
    page: Any, rand: random.Random, limit: float = PLAY_LIMIT_S, reload_at: int | None = None
) -> None:
    deadline = time.monotonic() + limit
    reloaded = False
    while True:
        assert time.monotonic() < deadline, f"the game did not end in {limit} s (step {step(page)})"
        got = page_clicks(page, rand.getrandbits(32), budget_ms=2000)
        if got["over"]:
            return
        if reload_at is not None and not reloaded and got["step"] >= reload_at:
            page.reload()
            wait_ready(page)
            assert step(page) >= got["step"], "the reloaded page shows an older state"
            reloaded = True


# --- tests -----------------------------------------------------------------------------------


def test_lobby_lists_games_and_seat_choices(pages: Any) -> None:
    page = pages.new()
    page.goto("/")
    page.wait_for_selector(".game-choice")
    page.wait_for_selector("#seats-list select option", state="attached")  # the seats of the game chosen
    assert page.locator("h1").inner_text().startswith("Historical")
    choices = page.locator("#seats-list select").first.locator("option")
    texts = [choices.nth(i).inner_text() for i in range(choices.count())]
    assert "Me" in texts and any(t.startswith("Bot") for t in texts) and any("Hot-seat" in t for t in texts)
    page.click("[data-preset=hotseat]")
    values = page.eval_on_selector_all("#seats-list select", "els => els.map(e => e.value)")
    assert values[0] == "me" and all(v == "hotseat" for v in values[1:])


def antike_or_main(page: Any) -> tuple[str, list[str]]:
    """The main game with three seats when it allows them (Antike II: three nations)."""
    game = main_game(page)
    page.goto(f"/?game={game}")
    page.wait_for_selector("#players option", state="attached")
    counts = page.eval_on_selector_all("#players option", "els => els.map(e => Number(e.value))")
    if PLAYERS in counts:
        page.select_option("#players", str(PLAYERS))
    n = PLAYERS if PLAYERS in counts else counts[-1]
    page.wait_for_function(f"document.querySelectorAll('#seats-list select').length === {n}")
    roles = page.eval_on_selector_all("#seats-list select", "els => els.map(e => e.dataset.role)")
    return game, roles


def test_main_game_by_clicks_with_a_reload(pages: Any, artifacts: Path) -> None:
    """One person against bots: real clicks on the map and the board widgets, then a stretch of
    random legal clicks; the page is reloaded mid-game and play carries on from the same step."""
    page = pages.new()
    page.goto("/")
    game, roles = antike_or_main(page)
    page.click("#create .advanced summary")
    page.fill("#seed", str(SEED))
    create_in_lobby(
        page, game, {r: ("me" if i == 0 else "bot:greedy") for i, r in enumerate(roles)}, go=False
    )
    page.wait_for_selector(".cell.target, #board-extra [data-target], #choices button")
    assert page.locator(".map .cell").count() > 10
    page.wait_for_timeout(300)
    element_shot(page, ".board-wrap", artifacts / f"board-{game}.png")
    page.screenshot(path=str(artifacts / f"play-{game}.png"))
    rand = random.Random(7)
    for _ in range(8):  # with the real pointer: map areas, rondel spaces, buttons
        page.wait_for_function(MY_TURN_OR_OVER, arg=TARGETS)
        click_any(page, rand)
    page_clicks(page, 11, most=25, budget_ms=15000)
    seen = step(page)
    assert seen > 8
    page.reload()
    wait_ready(page)
    assert step(page) >= seen, "the reloaded page shows an older state"
    assert page.locator(".map .cell").count() > 10
    assert page_clicks(page, 12, most=15, budget_ms=15000)["clicks"] > 0
    assert step(page) > seen
    page.click("#tab-log")
    assert page.locator("#log .log-entry").count() > 5
    page.click("#tab-players")
    page.wait_for_timeout(200)
    page.screenshot(path=str(artifacts / f"play-{game}-later.png"))


ANTIKE_LIMIT_S = 600

# The bytes the page receives: answers to its actions and socket messages (largest and count).
SIZE_SPY = """(() => {
  const sizes = {answers: 0, answerMax: 0, pushes: 0, pushMax: 0};
  window.__sizes = sizes;
  const fetch0 = window.fetch;
  window.fetch = async (url, init) => {
    const res = await fetch0(url, init);
    if (init && init.method === 'POST' && String(url).includes('/actions')) {
      const n = (await res.clone().arrayBuffer()).byteLength;
      sizes.answers += 1;
      sizes.answerMax = Math.max(sizes.answerMax, n);
    }
    return res;
  };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        sizes.pushes += 1;
        sizes.pushMax = Math.max(sizes.pushMax, new Blob([ev.data]).size);
      });
    }
  };
})()"""
RELOAD_AT = 300
# The in-page clicks before and after the reload: their random numbers, and the odds of
# taking a button that ends the player's part when there is one. The game goes the same way
# every time (the bots are seeded by the game's seed): about 2,100 steps, 440 of them clicks.
CLICK_SEEDS = (5, 6)
FINISH = 0.7


def test_antike_hotseat_against_random_bots_to_the_end(pages: Any, artifacts: Path) -> None:
    """The whole promise in one run: an Antike II game for three (one person at this browser,
    two random bots) created in the lobby and played to its end screen by clicks on the
    highlighted map areas, rondel spaces and buttons, with a reload mid-game; a second browser
    watches the same game and sees every move arrive."""
    started = time.monotonic()
    page = pages.new()
    page.add_init_script(SIZE_SPY)
    page.goto("/")
    page.wait_for_selector(".game-choice")
    if "antike-ii" not in {g["id"] for g in catalogue(page)["games"]}:
        pytest.fail("Antike II is not in the catalogue")
    page.goto("/?game=antike-ii")
    page.wait_for_selector("#players option", state="attached")
    page.select_option("#players", "3")
    page.wait_for_function("document.querySelectorAll('#seats-list select').length === 3")
    roles = page.eval_on_selector_all("#seats-list select", "els => els.map(e => e.dataset.role)")
    page.click("#create .advanced summary")
    page.fill("#seed", str(SEED))
    mid = create_in_lobby(
        page, "antike-ii", {r: ("me" if i == 0 else "bot:random") for i, r in enumerate(roles)}, go=False
    )
    me = roles[0]
    page.wait_for_function(f"document.body.dataset.role === '{me}'")
    watcher = pages.new()
    watcher.goto(f"/play/{mid}")
    wait_ready(watcher)
    watcher.wait_for_selector(".banner-observer")
    assert watcher.locator(f"{TARGETS}").count() == 0, "an observer has nothing to click"

    rand = random.Random(7)
    deadline = started + ANTIKE_LIMIT_S
    pointer_clicks = 0
    clicks_in_page = 0
    reloaded_at: int | None = None
    while True:
        assert time.monotonic() < deadline, f"the game did not end in {ANTIKE_LIMIT_S} s (step {step(page)})"
        if pointer_clicks < 6 or (reloaded_at is not None and pointer_clicks < 12):
            # with the real pointer: six clicks at the start, six after the reload
            page.wait_for_function(MY_TURN_OR_OVER, arg=TARGETS)
            if game_over(page):
                break
            pointer_clicks += click_any(page, rand)
            continue
        before_reload = reloaded_at is None
        got = page_clicks(
            page, CLICK_SEEDS[not before_reload], finish=FINISH, until=RELOAD_AT if before_reload else 10**9
        )
        clicks_in_page += got["clicks"]
        if got["over"]:
            break
        if reloaded_at is None and got["step"] >= RELOAD_AT:
            # mid-game: the watcher has followed so far; the player's page reloads and goes on
            watcher.wait_for_function(f"Number(document.body.dataset.step) >= {got['step']}")
            element_shot(page, ".board-wrap", artifacts / "board-antike-ii-mid.png")
            page.reload()
            wait_ready(page)
            assert step(page) >= got["step"], "the reloaded page shows an older state"
            reloaded_at = got["step"]
    final = step(page)
    played = time.monotonic() - started
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert dialog.locator("table.scores tbody tr").count() == 3
    assert "Winner" in dialog.inner_text()
    page.screenshot(path=str(artifacts / "end-antike-ii-played.png"))
    page.click("#result-dialog button[value=close]")
    element_shot(page, ".board-wrap", artifacts / "board-antike-ii-end.png")
    assert reloaded_at is not None and pointer_clicks == 12 and clicks_in_page > 50
    # the watcher saw the moves arrive, to the same end
    watcher.wait_for_function(f"Number(document.body.dataset.step) === {final}")
    watcher.wait_for_function("document.body.classList.contains('game-over')")
    watcher.locator("#result-dialog").wait_for(state="visible")
    match = page.request.get(f"/api/matches/{mid}").json()["match"]
    assert match["status"] == "over" and match["step"] == final
    # Since the reload, at step 300, answers and pushes stayed small while the log grew: the
    # whole view (its whole log) is many times the largest of them.
    sizes = page.evaluate("window.__sizes")
    whole_view = len(page.request.get(f"/api/matches/{mid}/view", params={"role": me}).body())
    assert sizes["answers"] > 50 and sizes["pushes"] > 50
    assert max(sizes["answerMax"], sizes["pushMax"]) * 5 < whole_view, (sizes, whole_view)
    # Both pages built their logs from windows (the watcher's from the first step, the player's
    # from the reload): each is exactly the end of the whole log the server has for them.
    for who, role in ((watcher, None), (page, me)):
        whole = who.request.get(f"/api/matches/{mid}/view", params={"role": role} if role else {})
        steps = [str(e["step"]) for e in whole.json()["view"]["log"]]
        held = who.eval_on_selector_all("#log .log-entry", "els => els.map((e) => e.dataset.step)")
        assert 0 < len(held) <= len(steps) and held == steps[len(steps) - len(held) :]
    assert len(held) < len(steps), "the reloaded page holds only the end of the log"
    # a page opened now gets the last entries, and earlier ones a page at a time
    watcher.reload()
    wait_ready(watcher)
    watcher.click("#result-dialog button[value=close]")
    watcher.click("#tab-log")
    shown = watcher.locator("#log .log-entry").count()
    assert 0 < shown < len(steps)
    watcher.click("#log .log-earlier")
    watcher.wait_for_function(f"document.querySelectorAll('#log .log-entry').length > {shown}")
    element_shot(watcher, ".side", artifacts / "log-antike-ii.png")
    print(
        f"antike-ii: {final} steps, {clicks_in_page + pointer_clicks} clicks, {played:.1f} s;",
        sizes,
        whole_view,
    )


def finished_record(game: str, players: int, seed: int) -> dict[str, Any]:
    """A finished game played in-process by random legal moves (seconds, not minutes)."""
    from tavola.core.game import Game

    g = Game(game, None, players, {}, seed)
    rand = random.Random(seed)
    while not g.is_over:
        assert len(g.actions) < 30000, "the random game did not end"
        role = g.active_roles[0]
        legal = [a for a in g.legal_actions(role) if a != ("undo",)]
        g.apply(role, legal[rand.randrange(len(legal))])
    return g.record()


def test_main_game_end_screen_and_replay_of_an_imported_record(
    pages: Any, artifacts: Path, tmp_path: Path
) -> None:
    page = pages.new()
    page.goto("/")
    game, roles = antike_or_main(page)
    record = finished_record(game, len(roles), SEED)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#import-file", str(path))
    page.wait_for_url(re.compile(r"/replay/"), timeout=60000)
    mid = page.url.rsplit("/replay/", 1)[1].split("?")[0]
    page.wait_for_function("document.body.dataset.step !== undefined", timeout=60000)
    assert int(page.locator("#rp-total").inner_text()) == len(record["actions"])
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert dialog.locator("table.scores tbody tr").count() == len(roles)
    page.screenshot(path=str(artifacts / f"end-{game}.png"))
    page.click("#result-dialog button[value=close]")
    assert page.locator("#prompt .result-summary").count() == 1
    # the replay's view of a step carries the end of its log; earlier entries on request
    page.click("#tab-log")
    shown = page.locator("#log .log-entry").count()
    if game == "antike-ii":
        assert shown == 50
        page.click("#log .log-earlier")
        page.wait_for_function("document.querySelectorAll('#log .log-entry').length === 250")
        steps = page.eval_on_selector_all("#log .log-entry", "els => els.map((e) => Number(e.dataset.step))")
        assert steps == sorted(steps) and steps[-1] == len(record["actions"]) - 1
    page.click("#rp-first")
    page.wait_for_function("document.body.dataset.step === '0'", timeout=30000)
    # a record has no live game: its play page leads to the replay
    page.goto(f"/play/{mid}")
    page.wait_for_url(re.compile(r"/replay/"))


def test_hotseat_game_played_to_the_end(pages: Any) -> None:
    """Two seats at one screen and a bot, played to the end by random legal clicks."""
    page = pages.new()
    page.goto("/")
    create_in_lobby(page, "maptest", {"red": "me", "blue": "hotseat", "green": "bot:random"})
    play_to_end(page, random.Random(3), limit=90, reload_at=6)
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert dialog.locator("table.scores tbody tr").count() == 3
    assert "Winner" in dialog.inner_text()


def test_lobby_offers_bot_levels(pages: Any) -> None:
    """A seat can be given to the search bot at each level; the normal level is the default."""
    page = pages.new()
    page.goto("/?game=maptest")
    page.wait_for_selector("#seats-list select[data-role='green']")
    green = page.locator("#seats-list select[data-role='green']")
    values = green.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
    assert {"bot:mcts:easy", "bot:mcts", "bot:mcts:hard", "bot:greedy", "bot:random"} <= set(values)
    assert green.input_value() == "bot:mcts"
    assert "Bot: MCTS search, hard" in green.locator("option[value='bot:mcts:hard']").inner_text()
    mid = create_in_lobby(
        page, "maptest", {"red": "me", "blue": "bot:random", "green": "bot:mcts:hard"}, go=False
    )
    seats = page.request.get(f"/api/matches/{mid}").json()["match"]["seats"]
    green_seat = next(s for s in seats if s["role"] == "green")
    assert green_seat["bot"] == "mcts:hard", green_seat
    page.wait_for_selector("#players")
    assert "MCTS search, hard" in page.locator("body").inner_text()


def test_seats_are_handed_to_bots(pages: Any) -> None:
    """The creator gives an invite nobody took to a bot, then leaves one of two hot-seat seats
    to a bot after confirming; the page goes on with the seat that is left."""
    page = pages.new()
    page.goto("/")
    mid = create_by_api(page, "maptest", {"red": "me", "blue": "hotseat", "green": "open"})
    page.goto(f"/play/{mid}")
    wait_ready(page)
    give = page.locator("#invites .bot-picker:has(select[data-role='green'])")
    give.locator("select").select_option("bot:random")
    give.locator("button").click()
    give.wait_for(state="detached")  # the page reloads with the seat given
    wait_ready(page)
    page.wait_for_selector(".seat-btn")
    seats = {s["role"]: s for s in page.request.get(f"/api/matches/{mid}").json()["match"]["seats"]}
    assert seats["green"]["kind"] == "bot" and seats["green"]["bot"] == "random"
    assert page.locator(".seat-btn").count() == 2
    page.locator(".handover summary").click()
    leave = page.locator(".handover .bot-picker:has(select[data-role='red'])")
    leave.locator("select").select_option("bot:greedy")
    asked: list[str] = []
    page.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    leave.locator("button").click()
    page.wait_for_function("document.body.dataset.role === 'blue'")
    assert asked and "Red" in asked[0]
    seats = {s["role"]: s for s in page.request.get(f"/api/matches/{mid}").json()["match"]["seats"]}
    assert seats["red"]["kind"] == "bot" and seats["red"]["bot"] == "greedy" and seats["blue"]["mine"]
    assert page.locator(".seat-btn").count() == 0


def test_hotseat_switches_seats_and_takes_back(pages: Any) -> None:
    page = pages.new()
    page.goto("/")
    create_in_lobby(page, "maptest", {"red": "me", "blue": "hotseat", "green": "bot:random"})
    page.wait_for_selector("#hotseat-banner")
    assert page.locator(".seat-btn").count() == 2
    page.wait_for_function("document.body.dataset.role === 'red'")
    # a map target is a button for the keyboard too
    cell = page.locator(".cell.target").first
    assert cell.get_attribute("tabindex") == "0" and cell.get_attribute("role") == "button"
    cell.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("Number(document.body.dataset.step) === 1")
    assert page.locator("#log .log-entry").count() == 1
    # the claim can be taken back
    page.click("#choices .btn-undo")
    page.wait_for_function("Number(document.body.dataset.step) === 2")
    assert page.locator(".map .token").count() == 0
    assert page.locator("#log .log-entry").count() == 0, "the undone claim left the log"
    page.locator(".cell.target").nth(3).click()
    page.wait_for_function("Number(document.body.dataset.step) === 3")
    assert page.locator(".map .token").count() == 1
    assert page.locator("#log .log-entry").count() == 1
    # red is done: the page passes to blue, the other seat of this browser
    page.click("#choices .btn-finish")
    page.wait_for_function("document.body.dataset.role === 'blue'")
    assert "Blue" in page.locator("#hotseat-banner").inner_text()
    assert page.locator(".seat-btn[aria-pressed=true]").inner_text().startswith("Blue")
    # the prompt cites its rule; the citation opens the rule dialog
    page.click("#prompt .rule-link")
    page.wait_for_selector("#rule-dialog[open]")
    page.click("#rule-dialog button[value=close]")


def test_observer_sees_the_same_moves(pages: Any) -> None:
    player = pages.new()
    player.goto("/")
    mid = create_by_api(player, "maptest", {"red": "me", "blue": "bot:random", "green": "bot:random"})
    player.goto(f"/play/{mid}")
    wait_ready(player)
    watcher = pages.new()
    watcher.goto(f"/play/{mid}")
    wait_ready(watcher)
    watcher.wait_for_selector(".banner-observer")
    assert watcher.locator(".cell.target").count() == 0
    assert watcher.locator("#choices button").count() == 0
    player.wait_for_selector(".cell.target")
    assert player.title().startswith("▶"), "the title marks a page whose player is to move"
    assert not watcher.title().startswith("▶")
    player.locator(".cell.target").first.click()
    player.wait_for_function("Number(document.body.dataset.step) >= 1")
    player.click("#choices .btn-finish")
    player.wait_for_function("Number(document.body.dataset.step) >= 2")
    # the bots move next; the watcher's page follows over the socket without a reload
    target = step(player)
    watcher.wait_for_function(f"Number(document.body.dataset.step) >= {target}")
    player.wait_for_function("document.body.dataset.active === 'red'")
    watcher.wait_for_function("document.body.dataset.active === 'red'")
    assert step(watcher) == step(player)
    watcher.click("#tab-log")
    player.click("#tab-log")
    assert watcher.locator("#log .log-entry").count() == player.locator("#log .log-entry").count() > 0


def test_language_switch_is_kept(pages: Any, artifacts: Path) -> None:
    page = pages.new()
    page.goto("/")
    page.wait_for_selector(".game-choice")
    page.click("[data-set-lang=it]")
    page.wait_for_function("document.documentElement.lang === 'it'")
    assert page.locator("#create-title").inner_text() == "Nuova partita"
    assert page.locator("[data-set-lang=it]").get_attribute("aria-pressed") == "true"
    page.reload()
    page.wait_for_selector(".game-choice")
    page.wait_for_function("document.documentElement.lang === 'it'")
    assert page.locator("#create-title").inner_text() == "Nuova partita"
    page.screenshot(path=str(artifacts / "lobby-it.png"), full_page=True)
    mid = create_by_api(page, "maptest", {"red": "me", "blue": "bot:random", "green": "bot:random"})
    page.goto(f"/play/{mid}")
    wait_ready(page)
    assert page.locator("#tab-log").inner_text() == "Cronaca"
    page.click("[data-set-lang=en]")
    page.wait_for_function("document.getElementById('tab-log').textContent === 'Log'")


def finish_by_bots(page: Any, game: str = "maptest") -> str:
    roles = roles_of(page, game)
    mid = create_by_api(page, game, {r: "bot:random" for r in roles}, seed=11)
    deadline = time.monotonic() + 60
    while page.request.get(f"/api/matches/{mid}").json()["match"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return mid


def test_replay_steps_viewpoints_export_import(pages: Any, tmp_path: Path, artifacts: Path) -> None:
    page = pages.new()
    page.goto("/")
    mid = finish_by_bots(page)
    page.goto(f"/replay/{mid}")
    page.wait_for_function("document.body.dataset.step !== undefined")
    total = int(page.locator("#rp-total").inner_text())
    assert total > 3 and step(page) == total
    page.locator("#result-dialog").wait_for(state="visible")  # the replay opens on the final scores
    page.click("#result-dialog button[value=close]")
    page.click("#rp-first")
    page.wait_for_function("document.body.dataset.step === '0'")
    page.click("#rp-next")  # one step at a time: a second click while the first loads may be lost
    page.wait_for_function("document.body.dataset.step === '1'")
    page.click("#rp-next")
    page.wait_for_function("document.body.dataset.step === '2'")
    page.click("#rp-prev")
    page.wait_for_function("document.body.dataset.step === '1'")
    page.fill("#rp-step", "3")
    page.click("#rp-jump button[type=submit]")
    page.wait_for_function("document.body.dataset.step === '3'")
    page.select_option("#rp-role", "blue")
    page.wait_for_function("location.search.includes('role=blue')")
    page.keyboard.press("End")
    page.wait_for_function(f"document.body.dataset.step === '{total}'")
    page.screenshot(path=str(artifacts / "replay.png"))
    with page.expect_download() as dl:
        page.click("#rp-export")
    path = tmp_path / "record.json"
    dl.value.save_as(str(path))
    record = json.loads(path.read_text())
    assert record["game"] == "maptest" and len(record["actions"]) == total
    page.set_input_files("#rp-import", str(path))
    page.wait_for_url(re.compile(r"/replay/(?!" + re.escape(mid) + r")"))
    page.wait_for_function("document.body.dataset.step !== undefined")
    assert int(page.locator("#rp-total").inner_text()) == total


def test_account_sign_up_out_and_in(pages: Any) -> None:
    page = pages.new()
    name = f"ada{random.randrange(10**6)}"
    page.goto("/login")
    page.click("#tab-signup")
    page.fill("#form-signup input[name=username]", name)
    page.fill("#form-signup input[name=password]", "correct horse")
    page.fill("#form-signup input[name=password2]", "correct horse")
    page.click("#form-signup button[type=submit]")
    page.wait_for_url(re.compile(r"/$"))
    assert page.locator(".topnav .who").inner_text() == name
    page.click("[data-action=logout]")
    page.wait_for_selector(".topnav a[href='/login']:not([data-action])")
    page.goto("/login")
    page.fill("#form-signin input[name=username]", name)
    page.fill("#form-signin input[name=password]", "wrong password")
    page.click("#form-signin button[type=submit]")
    page.wait_for_selector("#form-signin .form-error:not([hidden])")
    page.fill("#form-signin input[name=password]", "correct horse")
    page.click("#form-signin button[type=submit]")
    page.wait_for_url(re.compile(r"/$"))
    assert page.locator(".topnav .who").inner_text() == name


def test_chat_notes_and_invitation(pages: Any) -> None:
    host = pages.new()
    host.goto("/")
    mid = create_in_lobby(host, "maptest", {"red": "me", "blue": "open", "green": "bot:random"})
    invite = host.locator("#invites input.invite-link")
    invite.wait_for()
    link = invite.input_value()
    assert "invite=" in link
    # notes are private to the seat and kept on the server
    host.click("#tab-notes")
    host.fill("#notes-text", "watch the east coast")
    host.wait_for_function("document.getElementById('notes-status').textContent === 'Saved.'")
    host.reload()
    wait_ready(host)
    host.click("#tab-notes")
    host.wait_for_function("document.getElementById('notes-text').value === 'watch the east coast'")
    # a friend opens the invitation and takes the blue seat
    friend = pages.new()
    friend.goto(link)
    wait_ready(friend)
    friend.wait_for_function("document.body.dataset.role === 'blue'")
    # chat goes both ways, live
    host.click("#tab-chat")
    friend.click("#tab-chat")
    host.fill("#chat-input", "good luck")
    host.press("#chat-input", "Enter")
    friend.wait_for_selector(".chat-text:text('good luck')")
    friend.fill("#chat-input", "you too")
    friend.click("#chat-form button")
    host.wait_for_selector(".chat-text:text('you too')")
    assert mid


def test_lobby_lists_my_games_with_turns(pages: Any) -> None:
    page = pages.new()
    page.goto("/")
    create_by_api(page, "maptest", {"red": "me", "blue": "bot:random", "green": "bot:random"})
    page.goto("/")
    page.wait_for_selector(".game-item.my-turn")
    assert "your turn" in page.locator(".game-item.my-turn").first.inner_text()


def test_every_registered_game_opens_and_plays(pages: Any, artifacts: Path) -> None:
    """Each game of the catalogue gets a board or readable panels, a prompt and legal choices;
    the first choice is accepted."""
    page = pages.new()
    page.goto("/")
    for g in catalogue(page)["games"]:
        sc = g["scenarios"][0]
        roles = sc["roles"][str(sc["default_players"])]
        mid = create_by_api(
            page, g["id"], {r: ("me" if i == 0 else "bot:random") for i, r in enumerate(roles)}
        )
        page.goto(f"/play/{mid}")
        wait_ready(page)
        page.wait_for_selector("#players .player")
        page.wait_for_function(
            "document.body.dataset.active.split(' ').includes(document.body.dataset.role)"
            " || document.body.classList.contains('game-over')",
            timeout=20000,
        )
        assert page.locator("#prompt .prompt-text").inner_text().strip()
        before = step(page)
        asked = page.locator("#prompt .prompt-text").inner_text()
        rand = random.Random(0)
        clicked = False
        for _ in range(3):  # a push may redraw the page under the pointer: look again
            page.wait_for_function(MY_TURN_OR_OVER, arg=TARGETS)
            clicked = click_any(page, rand)
            if clicked:
                break
        assert clicked, f"{g['id']}: no legal choice to click"
        # a step, or (a click of a secret choice, kept in the player's own draft) a new prompt
        page.wait_for_function(
            "([s, p]) => Number(document.body.dataset.step) > s"
            " || document.querySelector('#prompt .prompt-text').innerText.trim() !== p.trim()",
            arg=[before, asked],
        )
        if g["id"] == "maria":  # the game page draws both maps from the board data
            assert page.locator(".maria-board").count() == 1
        if page.locator(".map .cell").count():
            page.screenshot(path=str(artifacts / f"game-{g['id']}.png"))


# The browser's Notification API, watched: how often permission is asked, which notices are
# made. The permission reads "default" until the page asks (the context grants it, so asking
# succeeds); the page can be made hidden.
NOTIFY_SPY = """(() => {
  const Real = window.Notification;
  window.__asked = 0;
  window.__notices = [];
  let hidden = false;
  window.__setHidden = (on) => { hidden = on; document.dispatchEvent(new Event('visibilitychange')); };
  Object.defineProperty(document, 'hidden', {get: () => hidden, configurable: true});
  Object.defineProperty(document, 'visibilityState', {get: () => (hidden ? 'hidden' : 'visible'), configurable: true});
  if (!Real) return;
  class Watched extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notices.push({title, body: options && options.body});
    }
  }
  Object.defineProperty(Watched, 'permission', {get: () => (window.__asked ? Real.permission : 'default')});
  Watched.requestPermission = (...args) => { window.__asked += 1; return Real.requestPermission(...args); };
  window.Notification = Watched;
})()"""


def test_turn_notice_when_the_page_is_hidden(pages: Any) -> None:
    """Permission is asked from the bell only, never on load; then, while the page is hidden,
    the player's turn brings a notice besides the title marker."""
    page = pages.new()
    page.context.grant_permissions(["notifications"])
    page.add_init_script(NOTIFY_SPY)
    page.goto("/")
    mid = create_by_api(page, "maptest", {"red": "me", "blue": "bot:random", "green": "bot:random"})
    page.goto(f"/play/{mid}")
    wait_ready(page)
    page.wait_for_selector(".cell.target")
    bell = page.locator("#notify-toggle")
    assert bell.is_visible() and bell.get_attribute("aria-pressed") == "false"
    assert page.evaluate("window.__asked") == 0, "permission was asked on load"
    bell.click()
    page.wait_for_function("document.getElementById('notify-toggle').getAttribute('aria-pressed') === 'true'")
    assert page.evaluate("window.__asked") == 1
    # off and on again without asking twice
    bell.click()
    assert bell.get_attribute("aria-pressed") == "false"
    bell.click()
    assert bell.get_attribute("aria-pressed") == "true" and page.evaluate("window.__asked") == 1
    # my part of the round is done; the page goes to the background; the bots move; my turn
    page.evaluate("window.__setHidden(true)")
    before = step(page)
    page.click("#choices .btn-finish")
    page.wait_for_function("window.__notices.length > 0")
    notice = page.evaluate("window.__notices[0]")
    assert notice["title"].startswith("Map test") and notice["body"] == "Your turn!"
    assert step(page) > before and page.title().startswith("▶")
    assert page.evaluate("window.__notices.length") == 1
    page.evaluate("window.__setHidden(false)")
    # an observer has no bell
    watcher = pages.new()
    watcher.goto(f"/play/{mid}")
    wait_ready(watcher)
    assert not watcher.locator("#notify-toggle").is_visible()


def test_italia_battle_odds(pages: Any, artifacts: Path) -> None:
    """When Italia's view carries a battle with its odds, the game panel shows them."""
    page = pages.new()
    page.goto("/")
    if "italia-i" not in {g["id"] for g in catalogue(page)["games"]}:
        pytest.fail("Italia I is not in the catalogue")
    roles = roles_of(page, "italia-i")
    mid = create_by_api(
        page, "italia-i", {r: ("me" if i == 0 else "hotseat") for i, r in enumerate(roles)}, seed=1
    )
    rand = random.Random(1)
    battle = None
    for _ in range(400):
        views = [
            page.request.get(f"/api/matches/{mid}/view", params={"role": r}).json()["view"] for r in roles
        ]
        battle = views[0].get("battle")
        if battle and battle.get("odds"):
            break
        role, v = next((r, v) for r, v in zip(roles, views) if v["actions"])
        legal = [a for a in v["actions"] if a != ["undo"]]
        r = page.request.post(
            f"/api/matches/{mid}/actions",
            data={"role": role, "action": legal[rand.randrange(len(legal))], "step": v["step"]},
        )
        assert r.ok, r.text()
    assert battle and battle.get("odds"), "no battle in 400 steps"
    page.goto(f"/play/{mid}")
    wait_settled(page)
    box = page.locator("#players .battle-odds")
    box.wait_for()
    # An estimate (a battle too big for exact odds) has no figure for both destroyed.
    sides = ("attacker", "defender", "both") if battle["odds"]["exact"] else ("attacker", "defender")
    assert box.get_attribute("data-exact") == str(battle["odds"]["exact"]).lower()
    assert box.locator(".odds-bar span").count() == len(sides)
    for side in sides:
        shown = box.locator(f".odds-item[data-side={side}] dd").inner_text()
        assert shown.endswith("%") and abs(float(shown[:-1]) - 100 * battle["odds"][side]) <= 0.051, (
            side,
            shown,
        )
    page.evaluate("document.querySelectorAll('.toast').forEach((t) => t.remove())")
    element_shot(page, "#players .info-panel", artifacts / "italia-battle-odds.png")


def test_phone_screen(pages: Any, artifacts: Path) -> None:
    page = pages.new(width=375, height=740)
    page.goto("/")
    page.wait_for_selector(".game-choice")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.screenshot(path=str(artifacts / "phone-lobby.png"), full_page=True)
    game = main_game(page)
    roles = roles_of(page, game)
    mid = create_by_api(page, game, {r: ("me" if i == 0 else "bot:random") for i, r in enumerate(roles)})
    page.goto(f"/play/{mid}")
    wait_ready(page)
    page.wait_for_selector(".map .cell")
    page.wait_for_selector("#prompt .prompt-text:not([data-i18n])")  # the first view drawn
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.screenshot(path=str(artifacts / f"phone-play-{game}.png"))
    # zoom buttons change the map's view box
    before = page.get_attribute(".map", "viewBox")
    page.click("#zoom-in")
    assert page.get_attribute(".map", "viewBox") != before


# Each replay control: inside the viewport and the topmost element at its centre (not covered).
REPLAY_REACH = """() => ['#rp-first', '#rp-prev', '#rp-play', '#rp-next', '#rp-last', '#rp-range'].map((sel) => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  const inside = r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
  const hit = inside ? document.elementFromPoint(x, y) : null;
  return [sel, inside && !!hit && (hit === el || el.contains(hit))];
})"""


def test_replay_controls_stay_pinned_on_a_phone(pages: Any, artifacts: Path) -> None:
    """On a 390×844 phone the replay's step controls and slider stay on screen, uncovered,
    wherever the page is scrolled (the board, the log below it), so a step is one tap away."""
    page = pages.new(width=390, height=844)
    page.goto("/")
    mid = finish_by_bots(page)
    page.goto(f"/replay/{mid}")
    wait_ready(page)
    page.locator("#result-dialog").wait_for(state="visible")
    page.click("#result-dialog button[value=close]")
    page.click("#rp-first")
    page.wait_for_function("document.body.dataset.step === '0'")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height > 844 * 1.5, height  # a page long enough to scroll
    for k, y in enumerate((300, height // 2, height)):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(100)
        reach = page.evaluate(REPLAY_REACH)
        assert all(ok for _, ok in reach), (y, reach)
        page.click("#rp-next")
        page.wait_for_function(f"document.body.dataset.step === '{k + 1}'")
    # the viewpoint and the record's files are still there, below the board
    assert page.locator("#rp-role").count() == 1 and page.locator("#rp-export").count() == 1
    page.screenshot(path=str(artifacts / "replay-phone-scrolled.png"))
