"""The play experience as a club player meets it: the sign-in page, a log that reads as
sentences in both languages, the right colour on each log line, a quiet console, and every
game at a laptop's and a phone's size (screenshots kept under artifacts/)."""

from __future__ import annotations

import contextlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from test_browser_client import (
    MY_TURN_OR_OVER,
    TARGETS,
    catalogue,
    click_any,
    create_by_api,
    roles_of,
    wait_ready,
    wait_settled,
)

from tavola.core.game import Game
from tavola.core.i18n import Words, game_package

SIZES = {"laptop": (1440, 900), "phone": (390, 844)}


def sample_items(game: str, scenario: str, steps: int = 700) -> list[tuple[str, dict[str, Any]]]:
    """The distinct messages (log entries and prompts) of a random game's first steps."""
    g = Game(game, scenario, seed=0)
    pick = random.Random(0)
    items: dict[str, tuple[str, dict[str, Any]]] = {}
    for _ in range(steps):
        if g.is_over:
            break
        role = g.active_roles[0]
        prompt = g.view(role)["prompt"]
        if prompt:
            items.setdefault(repr(prompt), (prompt["text"], prompt.get("args") or {}))
        g.apply(role, pick.choice([a for a in g.legal_actions(role) if a != ("undo",)]))
    for ev in g.log:
        items.setdefault(repr((ev["msg"], ev.get("args"))), (ev["msg"], ev.get("args") or {}))
    return list(items.values())[:400]


def to_italian(page: Any) -> None:
    """The language switch (clicked in the page: a dialog may be open over it)."""
    page.evaluate("document.querySelector('[data-set-lang=it]').click()")
    page.wait_for_function("document.documentElement.lang === 'it'")
    wait_ready(page)
    page.wait_for_timeout(200)


def console_watch(page: Any) -> list[str]:
    """Console errors and warnings of a page (none are expected on any page)."""
    seen: list[str] = []
    page.on(
        "console", lambda m: seen.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None
    )
    return seen


@pytest.mark.parametrize("size", SIZES)
def test_sign_in_page_shows_one_form_at_a_time(pages: Any, artifacts: Path, size: str) -> None:
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/login")
    page.wait_for_selector("#form-signin")
    assert page.is_visible("#form-signin") and not page.is_visible("#form-signup")
    # the tabs work once the page's script has loaded its catalogue
    page.wait_for_function("document.documentElement.lang && document.title")
    for _ in range(20):
        page.click("#tab-signup")
        if page.get_attribute("#tab-signup", "aria-selected") == "true":
            break
        page.wait_for_timeout(100)
    assert page.is_visible("#form-signup") and not page.is_visible("#form-signin")
    page.click("#tab-signin")
    assert page.is_visible("#form-signin") and not page.is_visible("#form-signup")
    page.screenshot(path=str(artifacts / f"login-{size}.png"))
    assert not noise


WORDS_JS = """async ([game, scenario, lang, items]) => {
  const { Words } = await import('/static/js/words.js');
  const cat = await (await fetch(`/api/i18n/${lang}`)).json();
  const board = await (await fetch(`/api/boards/${game}/${scenario}`)).json();
  const areas = new Map();
  const games0 = cat.games[game] || {};
  // pieces the board names (Maria's generals), then its areas, as the play page reads them
  for (const n of board.names || []) areas.set(n.id, (lang === 'it' && n.name_it) || n.name);
  for (const a of board.areas || board.regions || []) {
    const named = games0[`area.${a.key ?? a.id}`];
    const name = named !== undefined ? named : (typeof a.label === 'string' && a.label) || a.name;
    if (a.id !== undefined) areas.set(a.id, name);
    if (a.key !== undefined) areas.set(a.key, name);
  }
  const games = cat.games[game] || {};
  const words = new Words({
    lang,
    lookup: (k) => (k in games ? games[k] : cat.core[k]),
    area: (v) => (areas.has(v) ? areas.get(v) : null),
  });
  return items.map(([key, args]) => (key in games ? words.render(games[key], args) : key));
}"""


@pytest.mark.parametrize(
    ("game", "scenario"),
    [
        ("italia-i", "standard"),
        ("italia-ii", "standard"),
        ("antike-ii", "orient"),
        ("maria", "introductory"),
        ("revolution", "standard"),
    ],
)
def test_browser_and_terminal_render_the_log_alike(pages: Any, game: str, scenario: str) -> None:
    """One catalogue, two renderers: every message of a sample game reads the same in the
    browser (words.js) as in `tavola play` (tavola.core.i18n), in both languages."""
    g = Game(game, scenario, seed=0)
    words = Words.for_board(game_package(g.rules), g.rules.board(g.scenario, g.players, g.options))
    items = sample_items(game, scenario)
    page = pages.new()
    page.goto("/")
    for lang in ("en", "it"):
        shown = page.evaluate(WORDS_JS, [game, scenario, lang, items])
        expected = [words.render(k, a, lang) for k, a in items]
        diff = [(e, s) for e, s in zip(expected, shown, strict=True) if e != s]
        assert not diff, diff[:10]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["italia-i", "italia-ii", "antike-ii", "maria", "revolution"])
def test_log_lines_read_as_sentences_with_the_nation_colour(
    pages: Any, artifacts: Path, game: str, size: str
) -> None:
    """While bots play, every log line on screen, in English and Italian, has
    no internal id or placeholder; a line about a nation wears its owner's colour."""
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/")
    roles = roles_of(page, game)
    # bots play; this page watches (a watcher has no chat and must not be refused one)
    mid = create_by_api(page, game, dict.fromkeys(roles, "bot:random"), seed=5)
    page.goto(f"/play/{mid}")
    wait_ready(page)
    page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
    for lang in ("en", "it"):
        if lang == "it":
            to_italian(page)
        page.evaluate("document.getElementById('tab-log') && document.getElementById('tab-log').click()")
        # the bots' first moves reach the page when they reach it (a loaded machine is slow)
        page.wait_for_selector("#log .log-text", state="attached")
        lines = page.locator("#log .log-text").all_inner_texts()
        assert lines, "the log is empty"
        for line in lines:
            assert not any(c in line for c in "{}_"), line
            assert "(s)" not in line and "  " not in line, line
            assert line[:1].isupper() or line[:1].isdigit(), line
        page.screenshot(path=str(artifacts / f"log-{game}-{size}-{lang}.png"))
        if lang == "it":
            # the result dialog follows the language too
            title = page.evaluate(
                "document.querySelector('#result-dialog h2') && document.querySelector('#result-dialog h2').textContent"
            )
            assert title in (None, "Partita finita"), title
    badges = page.evaluate(
        """() => [...document.querySelectorAll('#log .log-entry')].slice(-30).map((li) => [
             li.querySelector('.log-role') && li.querySelector('.log-role').title,
             li.querySelector('.log-text').textContent])"""
    )
    assert badges
    if game == "antike-ii":
        # "Round 2: the Arabs take their turn" wears the Arabs' badge, not the last player's
        turns = [(who, text) for who, text in badges if text.startswith("Turno")]
        assert turns
        assert all(who and who in text for who, text in turns), turns
    assert not noise, noise


def play_until(page: Any, mid: str, roles: list[str], done: Any, seed: int, limit: int = 600) -> None:
    """Random legal actions through the API (hot-seat: this visitor holds every seat) until
    ``done(view, log)`` holds for the first role's view."""
    rand = random.Random(seed)
    for _ in range(limit):
        views = {
            r: page.request.get(f"/api/matches/{mid}/view", params={"role": r}).json()["view"] for r in roles
        }
        first = views[roles[0]]
        if done(first):
            return
        role, v = next(((r, v) for r, v in views.items() if v["actions"]), (None, None))
        assert role is not None, "nobody can move"
        legal = [a for a in v["actions"] if a != ["undo"]]
        r = page.request.post(
            f"/api/matches/{mid}/actions",
            data={"role": role, "action": legal[rand.randrange(len(legal))], "step": v["step"]},
        )
        assert r.ok, r.text()
    pytest.fail(f"not reached in {limit} actions")


def just_rolled(view: dict[str, Any]) -> bool:
    log = view.get("log") or []
    return bool(log) and any(e["msg"] == "it.roll" and e["step"] == log[-1]["step"] for e in log)


def modified(view: dict[str, Any]) -> bool:
    """The last roll of the log had a modifier on either side (§10.2)."""
    rolls = [e for e in view.get("log") or [] if e["msg"] == "it.roll"]
    return bool(rolls) and bool(rolls[-1]["mods_a"] or rolls[-1]["mods_d"])


@pytest.mark.parametrize("size", SIZES)
def test_italia_battle_panel_shows_both_sides_dice(pages: Any, artifacts: Path, size: str) -> None:
    """After an Italia battle round the panel names attacker and defender, shows every die
    with the unit that rolled it and the number it needed, marks the hits, gives every
    modifier with its reason and rule, lists the losses, and stays until closed."""
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/")
    roles = roles_of(page, "italia-i")
    mid = create_by_api(page, "italia-i", dict.fromkeys(roles, "hotseat"), seed=2)
    play_until(page, mid, roles, lambda v: just_rolled(v) and modified(v), seed=2)
    log = page.request.get(f"/api/matches/{mid}/view", params={"role": roles[0]}).json()["view"]["log"]
    roll = [e for e in log if e["msg"] == "it.roll"][-1]
    page.goto(f"/play/{mid}")
    wait_ready(page)
    panel = page.locator("#battle-panel")
    panel.wait_for()
    for side, shots in (("attacker", roll["shots_a"]), ("defender", roll["shots_d"])):
        dice = panel.locator(f".battle-side[data-side={side}] .battle-die")
        assert dice.count() == len(shots)
        for k, (_kind, die, need, hit) in enumerate(shots):
            item = dice.nth(k)
            assert item.locator(".die-face").inner_text() == str(die)
            assert item.locator(".die-need").inner_text() == f"{need}+"
            assert ("hit" in item.get_attribute("class")) == bool(hit)
    # every modifier with its value and the rule that gives it, never a bare total (§10.2)
    for side, mods in (("attacker", roll["mods_a"]), ("defender", roll["mods_d"])):
        shown = panel.locator(f".battle-side[data-side={side}] .battle-mods li").all_inner_texts()
        assert len(shown) == len(mods), (shown, mods)
        for text, (_why, value) in zip(shown, mods, strict=True):
            assert text.startswith(f"{value:+d} ") and re.search(r"§\d|FAQ", text), text
    # (not another battle's in the same step, nor a unit removed over the stacking limit, §8.0)
    lost = [
        e
        for k, e in enumerate(log)
        if e["step"] == roll["step"]
        and e["msg"] in ("it.lost", "it.lost_leader", "it.damaged")
        and e["args"].get("area") == roll["args"]["area"]
        and not (k and log[k - 1]["msg"] == "it.stack_removed")
    ]
    assert panel.locator(".battle-lost li").count() == len(lost)
    assert "{" not in panel.inner_text()
    page.screenshot(path=str(artifacts / f"italia-battle-{size}.png"))
    # it stays through a reload of the view, and goes when closed
    page.click("#battle-panel .battle-close")
    assert page.locator("#battle-panel").count() == 0
    assert not noise, noise


# The names cut off by the map's edge at the whole board's view ("Calabri").
NAMES_CUT = """() => {
  const frame = document.querySelector('.map').getBoundingClientRect();
  return [...document.querySelectorAll('.map .labels text')].map((t) => [t.textContent, t.getBoundingClientRect()])
    .filter(([, r]) => r.left < frame.left - 1 || r.right > frame.right + 1 || r.top < frame.top - 1 || r.bottom > frame.bottom + 1)
    .map(([name, r]) => [name, Math.round(r.left), Math.round(r.right), Math.round(frame.left), Math.round(frame.right)]);
}"""


def italia_battle_page(pages: Any, done: Any, seed: int) -> tuple[Any, list[str], list[dict[str, Any]]]:
    """An Italia I hot-seat game played at random through the API until ``done(view)``, its
    page open at a laptop's size: the page, its console and the game's log."""
    page = pages.new(*SIZES["laptop"])
    noise = console_watch(page)
    page.goto("/")
    roles = roles_of(page, "italia-i")
    mid = create_by_api(page, "italia-i", dict.fromkeys(roles, "hotseat"), seed=seed)
    play_until(page, mid, roles, done, seed=seed, limit=900)
    log = page.request.get(f"/api/matches/{mid}/view", params={"role": roles[0]}).json()["view"]["log"]
    page.goto(f"/play/{mid}")
    wait_ready(page)
    return page, noise, log


def unexplained_hits(view: dict[str, Any]) -> bool:
    """The last step rolled a battle round where one side's hits were not the other's units
    lost one for one (a raid, a two-hit unit, hits beyond the units aimed at)."""
    return just_rolled(view) and bool(hits_and_losses(view["log"])[2])


def hits_and_losses(
    log: list[dict[str, Any]],
) -> tuple[dict[str, Any], dict[str, tuple[int, int]], list[str]]:
    """The last roll, each side's (hits, enemy units lost), and the sides whose hits the panel
    must explain."""
    roll = [e for e in log if e["msg"] == "it.roll"][-1]
    a = roll["args"]
    after = [
        e
        for k, e in enumerate(log)
        if e["step"] == roll["step"]
        and e["args"].get("area") == a["area"]
        and e["msg"] == "it.lost"
        and not (k and log[k - 1]["msg"] == "it.stack_removed")
    ]
    sides = {}
    for side, shots, other in (
        ("attacker", roll["shots_a"], a["defender"]),
        ("defender", roll["shots_d"], a["attacker"]),
    ):
        sides[side] = (sum(1 for s in shots if s[3]), sum(1 for e in after if e["args"]["nation"] == other))
    return roll, sides, [side for side, (hits, lost) in sides.items() if hits != lost]


def test_10_2_10_4_italia_battle_panel_says_why_hits_and_losses_differ(pages: Any, artifacts: Path) -> None:
    """Three hits and one unit lost (a raid's hits strike the city, §10.7; a two-hit unit is
    only damaged by the first, §10.2; hits beyond the units aimed at are lost, §10.4): the panel
    says so under the hits, in both languages, and says nothing where each hit killed a unit."""
    page, noise, log = italia_battle_page(pages, unexplained_hits, seed=7)
    roll, sides, odd = hits_and_losses(log)
    page.locator("#battle-panel").wait_for()
    for lang in ("en", "it"):
        if lang == "it":
            to_italian(page)
        for side, (hits, lost) in sides.items():
            why = page.locator(f"#battle-panel .battle-side[data-side={side}] .battle-hits-why")
            if side not in odd:
                assert why.count() == 0, (side, why.all_inner_texts())
                continue
            text = why.inner_text()
            assert re.search(r"§10\.[247]", text), (side, text)
            assert not re.search(r"[{}_]", text), text
            damaged = [e for e in log if e["step"] == roll["step"] and e["msg"] == "it.damaged"]
            if not roll["raid"] and not damaged:
                assert str(hits - lost) in text, (hits, lost, text)
        # the board's names whole at its first view (one moved off the stacks in Calabria was cut)
        assert page.evaluate(NAMES_CUT) == []
        page.screenshot(path=str(artifacts / f"italia-battle-why-{lang}.png"))
    assert not noise, noise


def raided(view: dict[str, Any]) -> bool:
    rolls = [e for e in view.get("log") or [] if e["msg"] == "it.roll"]
    return just_rolled(view) and rolls[-1]["raid"]


def test_10_7_a_raid_panel_gives_the_chance_of_ruining_the_city(pages: Any) -> None:
    """A raid is neither won nor held (§10.7): its panel gives the chance, before the roll, that
    one of the raiders' dice hits the city, from the numbers the dice needed."""
    page, noise, log = italia_battle_page(pages, raided, seed=5)
    roll = [e for e in log if e["msg"] == "it.roll"][-1]
    miss = 1.0
    for _kind, _die, need, _hit in roll["shots_a"]:
        miss *= (need - 1) / 10
    for lang, words in (("en", "ruins the city"), ("it", "distrugga la città")):
        if lang == "it":
            to_italian(page)
        odds = page.locator("#battle-panel .battle-odds").inner_text()
        assert words in odds and f"{round((1 - miss) * 100)}%" in odds, odds
        assert "attacker wins" not in odds and "vince l'attaccante" not in odds, odds
    assert not noise, noise


BOARDS = [
    ("italia-i", "standard"),
    ("italia-ii", "standard"),
    ("antike-ii", "orient"),
    ("antike-ii", "mare-nostrum"),
    ("revolution", "standard"),
]

LABEL_BOXES = """() => [...document.querySelectorAll('.map .labels text')].map((t) => {
  const b = t.getBBox();
  return [t.textContent, b.x, b.y, b.x + b.width, b.y + b.height];
})"""


def overlapping(boxes: list[list[Any]], slack: float = 0.5) -> list[tuple[str, str]]:
    out = []
    for i, (na, ax0, ay0, ax1, ay1) in enumerate(boxes):
        for nb, bx0, by0, bx1, by1 in boxes[i + 1 :]:
            if min(ax1, bx1) - max(ax0, bx0) > slack and min(ay1, by1) - max(ay0, by0) > slack:
                out.append((na, nb))
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "scenario"), [*BOARDS, ("maria", "introductory")])
def test_no_two_area_names_overlap(pages: Any, artifacts: Path, game: str, scenario: str, size: str) -> None:
    """Every board, in both languages: the boxes of the area names are pairwise apart (the map
    zooms as one drawing, so this holds at every zoom level)."""
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/")
    sc = next(
        x
        for g in catalogue(page)["games"]
        if g["id"] == game
        for x in g["scenarios"]
        if x["name"] == scenario
    )
    roles = sc["roles"][str(sc["default_players"])]
    res = page.request.post(
        "/api/matches",
        data={"game": game, "scenario": scenario, "seats": dict.fromkeys(roles, "hotseat"), "seed": 1},
    )
    assert res.ok, res.text()
    mid = res.json()["match"]["id"]
    page.goto(f"/play/{mid}")
    wait_ready(page)
    if page.locator("#privacy-screen").count():  # a game with secrets: the seat steps up first
        page.click("#privacy-screen button")
    page.wait_for_selector(".map .labels text")
    for lang in ("en", "it"):
        if lang == "it":
            to_italian(page)
        boxes = page.evaluate(LABEL_BOXES)
        assert len(boxes) > 20
        assert not overlapping(boxes), overlapping(boxes)
    page.screenshot(path=str(artifacts / f"board-{game}-{scenario}-{size}.png"))
    assert not noise, noise


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["italia-i", "italia-ii", "antike-ii", "maria", "revolution"])
def test_the_last_opponent_move_is_highlighted(pages: Any, artifacts: Path, game: str, size: str) -> None:
    """Hot-seat: after the other seats have moved, the seat to play sees their moves as arrows
    (the last one among them), a line that counts them, and the log's newest step marked. In
    Revolution the move is an army's (§6.8): its arrow joins the two command blocks, which are
    places of the map but not areas (their regions share ids with provinces)."""
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/")
    roles = roles_of(page, game)
    mid = create_by_api(page, game, dict.fromkeys(roles, "hotseat"), seed=7 if game == "revolution" else 4)

    # the moves drawn on the map: between two of its areas, or Revolution's armies between blocks
    scenario = next(g for g in catalogue(page)["games"] if g["id"] == game)["scenarios"][0]["name"]
    board = page.request.get(f"/api/boards/{game}/{scenario}").json()
    areas = {
        str(a.get(k))
        for a in (board.get("areas") or board.get("regions") or [])
        for k in ("id", "key")
        if isinstance(a, dict) and a.get(k) is not None
    }

    def a_move(e: dict[str, Any], active: str) -> bool:
        if e.get("role") == active:
            return False
        if game == "revolution":
            return bool(e["msg"] == "ev.march")
        ends = {str(e["args"].get("from", e["args"].get("frm"))), str(e["args"].get("to"))}
        return ("from" in e["args"] or "frm" in e["args"]) and ends <= areas

    def moved_since(view: dict[str, Any]) -> bool:
        # the seat to act has acted before, and another seat moved a unit after it
        log = view.get("log") or []
        active = (view.get("active") or [None])[0]
        mine = [i for i, e in enumerate(log) if e.get("role") == active]
        return bool(mine) and any(a_move(e, active) for e in log[mine[-1] + 1 :])

    play_until(page, mid, roles, moved_since, seed=4, limit=900)
    view = page.request.get(f"/api/matches/{mid}/view", params={"role": roles[0]}).json()["view"]
    active = view["active"][0]
    log = view["log"]
    mine = max(i for i, e in enumerate(log) if e.get("role") == active)
    last = [e for e in log[mine + 1 :] if a_move(e, active)][-1]
    frm = last["args"].get("from", last["args"].get("frm"))
    page.goto(f"/play/{mid}")
    wait_ready(page)
    page.wait_for_function(f"document.body.dataset.role === {active!r}")
    pass_the_device(page)
    arrows = page.evaluate(
        "() => [...document.querySelectorAll('.map .since-arrow')].map((a) => [a.dataset.from, a.dataset.to])"
    )
    if game == "revolution":
        ids = [f"block:{frm}", f"block:{last['args']['to']}"]
    else:
        ids = page.evaluate(
            """([f, t]) => { const find = (v) => { const c = [...document.querySelectorAll('.map .cell')]
                 .find((n) => n.dataset.area === String(v)); return c ? c.dataset.area : null; };
                 return [find(f), find(t)]; }""",
            [frm, last["args"]["to"]],
        )
        if None in ids:  # an area given by key (Antike): the map knows it by the same key
            ids = [str(frm), str(last["args"]["to"])]
    assert ids in arrows, (ids, arrows)
    if game == "revolution":
        # the arrow leaves the first block's frame and its head touches the second's
        ends = page.evaluate(ARROW_ENDS, ids)
        for end, box in ends:
            assert box[0] - 12 <= end[0] <= box[2] + 12 and box[1] - 12 <= end[1] <= box[3] + 12, ends
    assert page.locator("#since-bar").inner_text().strip()
    page.evaluate("document.getElementById('tab-log').click()")
    assert page.locator("#log .log-entry.latest").count() >= 1
    # the newest entry is in view when the log opens (given the time to scroll there)
    newest = """() => { const box = document.getElementById('log').getBoundingClientRect();
             const last = [...document.querySelectorAll('#log .log-entry')].pop().getBoundingClientRect();
             return [last.bottom <= box.bottom + 1 && last.top >= box.top - 1 && last.bottom <= innerHeight + 1,
                     box.top, box.bottom, last.top, last.bottom, innerHeight]; }"""
    with contextlib.suppress(PlaywrightError):
        page.wait_for_function(f"({newest})()[0]", timeout=5000)
    seen = page.evaluate(newest)
    assert seen[0], ("the newest log entry is out of view", seen)
    page.screenshot(path=str(artifacts / f"since-{game}-{size}.png"))
    page.click("#since-bar button")
    assert page.locator(".map .since-arrow").count() == 0
    assert not noise, noise


# The screen points where the arrow between two anchors starts and where its head's tip is,
# each with the screen box of the command block there.
ARROW_ENDS = """([from, to]) => {
  const arrow = [...document.querySelectorAll('.map .since-arrow')].find((a) => a.dataset.from === from && a.dataset.to === to);
  const head = arrow.nextElementSibling;
  const at = (path) => { const xy = path.getAttribute('d').match(/-?[\\d.]+/g).map(Number);
    const p = path.ownerSVGElement.createSVGPoint(); p.x = xy[0]; p.y = xy[1];
    const q = p.matrixTransform(path.getScreenCTM()); return [q.x, q.y]; };
  const box = (id) => { const r = document.querySelector(`.map .command-block[data-region='${id.split(':')[1]}'] .command-block-frame`).getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  return [[at(arrow), box(from)], [at(head), box(to)]];
}"""


# After every click: the seat banner (whose turn, pass the device) and the prompt bar wholly on
# screen, the banner above the bar, nothing in them (nor the page) scrolling sideways, every
# button inside the bar's width; and every legal map target whose centre is on screen is hit
# there by the map itself, not by a control lying over it.
LAYOUT_CHECK = """() => {
  const vh = innerHeight, vw = innerWidth;
  const bar = document.querySelector('.prompt-bar').getBoundingClientRect();
  const problems = [];
  if (bar.top < -1 || bar.bottom > vh + 1) problems.push(['prompt off screen', bar.top, bar.bottom]);
  const seat = document.querySelector('#seat-banner');
  if (seat && seat.childNodes.length) {
    const b = seat.getBoundingClientRect();
    const topbar = document.querySelector('.topbar').getBoundingClientRect().bottom;
    if (b.top < topbar - 1 || b.bottom > vh + 1) problems.push(['seat banner off screen', b.top, b.bottom]);
    if (b.bottom > bar.top + 1) problems.push(['seat banner under the prompt', b.bottom, bar.top]);
  }
  if (document.documentElement.scrollWidth > vw + 1) problems.push(['page scrolls sideways', document.documentElement.scrollWidth]);
  for (const el of document.querySelectorAll('.prompt-bar, .prompt-bar *, #seat-banner, #seat-banner *')) {
    // (a name kept for screen readers only is a clipped 1px box)
    if (el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      problems.push(['scrolls sideways', el.className, el.scrollWidth, el.clientWidth]);
  }
  for (const btn of document.querySelectorAll('.prompt-bar button, #seat-banner button')) {
    const r = btn.getBoundingClientRect();
    const box = btn.closest('.prompt-bar, #seat-banner').getBoundingClientRect();
    if (r.width && (r.left < box.left - 1 || r.right > box.right + 1)) problems.push(['button outside', btn.textContent, r.left, r.right, box.left, box.right]);
  }
  for (const cell of document.querySelectorAll('.map .cell.target')) {
    const r = cell.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > vw || y > vh) continue;
    // only where the map shows it: inside the map's box, below the top bar and the pinned prompt
    const box = document.querySelector('.map').getBoundingClientRect();
    const top = Math.max(document.querySelector('.topbar').getBoundingClientRect().bottom, bar.bottom);
    if (x < box.left || x > box.right || y < box.top || y > box.bottom || y <= top) continue;
    const el = document.elementFromPoint(x, y);
    if (!el) continue;
    if (!el.closest('.map')) problems.push(['covered', cell.dataset.area, el.tagName, String(el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className), el.id]);
  }
  return problems;
}"""


def open_hotseat(pages: Any, game: str, size: str, seed: int) -> tuple[Any, list[str]]:
    """A new hot-seat game of every seat at this screen, its play page open (and its console
    watched)."""
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/")
    roles = roles_of(page, game)
    mid = create_by_api(page, game, dict.fromkeys(roles, "hotseat"), seed=seed)
    page.goto(f"/play/{mid}")
    wait_ready(page)
    return page, noise


def pass_the_device(page: Any) -> None:
    """Hot-seat with hidden information: the next seat's player says they are at the screen."""
    if page.locator("#privacy-screen").count():
        page.click("#privacy-screen button")


def to_the_page_end(page: Any) -> None:
    """Scroll the page to its end (the log and the players under the board)."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(50)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["italia-i", "italia-ii", "antike-ii", "maria", "revolution"])
def test_a_turn_keeps_the_prompt_in_view_and_the_targets_uncovered(
    pages: Any, artifacts: Path, game: str, size: str
) -> None:
    """A hot-seat turn of random clicks in every game: after each click the checks above hold,
    with the page where the click left it and scrolled to its end (the banner saying whose turn
    it is scrolled away with the page; on a phone a row of buttons scrolled sideways)."""
    page, noise = open_hotseat(pages, game, size, seed=6)
    pass_the_device(page)
    wait_settled(page)
    rand = random.Random(6)
    clicks = 0
    for _ in range(40):
        page.wait_for_function(MY_TURN_OR_OVER, arg=TARGETS)
        assert page.evaluate(LAYOUT_CHECK) == []
        if click_any(page, rand):
            clicks += 1
        wait_ready(page)
        pass_the_device(page)
        wait_settled(page)
        if clicks % 5 == 0:
            to_the_page_end(page)
            assert page.evaluate(LAYOUT_CHECK) == []
        if clicks >= 25:
            break
    assert clicks >= 10
    assert page.evaluate(LAYOUT_CHECK) == []
    page.screenshot(path=str(artifacts / f"turn-{game}-{size}.png"))
    to_the_page_end(page)
    assert page.evaluate(LAYOUT_CHECK) == []
    page.screenshot(path=str(artifacts / f"turn-{game}-{size}-end.png"))
    assert not noise, noise


def test_italia_buttons_show_prices_and_the_prompt_what_is_bought(pages: Any, artifacts: Path) -> None:
    """Buying in Italia: each Buy button shows the unit's price (§6.2); once bought, the units
    waiting to be placed are listed under the prompt."""
    page = pages.new(*SIZES["laptop"])
    noise = console_watch(page)
    page.goto("/")
    roles = roles_of(page, "italia-i")
    mid = create_by_api(page, "italia-i", dict.fromkeys(roles, "hotseat"), seed=3)

    def can_buy(_first: dict[str, Any]) -> bool:
        views = [
            page.request.get(f"/api/matches/{mid}/view", params={"role": r}).json()["view"] for r in roles
        ]
        return any(any(a[0] == "buy" for a in v["actions"]) for v in views)

    play_until(page, mid, roles, can_buy, seed=3)
    board = page.request.get("/api/boards/italia-i/standard").json()
    page.goto(f"/play/{mid}")
    wait_settled(page)
    buttons = page.locator("#choices button[data-action*='\"buy\"']")
    assert buttons.count()
    for k in range(buttons.count()):
        kind = json.loads(buttons.nth(k).get_attribute("data-action"))[1]
        assert buttons.nth(k).inner_text().endswith(f"{board['units'][kind]['cost']} gold")
    before = page.evaluate("Number(document.body.dataset.step)")
    buttons.first.click()
    page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
    wait_settled(page)
    note = page.locator("#prompt .prompt-note")
    if page.locator("#choices button[data-action*='\"buy\"']").count() or note.count():
        assert "Bought" in note.inner_text()
    page.screenshot(path=str(artifacts / "italia-buy.png"))
    assert not noise, noise


@pytest.mark.parametrize("size", SIZES)
def test_tapping_a_stack_shows_what_stands_there(pages: Any, size: str) -> None:
    """Italia: a tap on an area that is not a choice opens a card naming each counter there
    (nation, how many of which unit, leaders by name)."""
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/")
    roles = roles_of(page, "italia-i")
    mid = create_by_api(page, "italia-i", dict.fromkeys(roles, "hotseat"), seed=1)
    page.goto(f"/play/{mid}")
    wait_settled(page)
    area = page.evaluate(
        """() => { const targets = new Set([...document.querySelectorAll('.map .cell.target')].map((c) => c.dataset.area));
             const g = [...document.querySelectorAll('.map .pieces .area-pieces')].find((x) => x.querySelector('.counter') && !targets.has(x.dataset.area));
             return g ? g.dataset.area : null; }"""
    )
    assert area is not None
    counter = page.locator(f".map .pieces .area-pieces[data-area='{area}'] .counter").first
    card = page.locator("#area-card")
    # The first view may still redraw its pieces (zoom, label placement): tap again if the
    # counter was replaced under the pointer.
    for _ in range(5):
        try:
            counter.scroll_into_view_if_needed()
            counter.click(force=True)
            card.wait_for(timeout=3000)
            break
        except PlaywrightError:
            page.wait_for_timeout(300)
    card.wait_for()
    lines = card.locator("li").all_inner_texts()
    titles = page.evaluate(
        "(a) => [...document.querySelectorAll(`.map .pieces .area-pieces[data-area='${a}'] .counter > title`)]"
        ".map((t) => t.textContent)",
        area,
    )
    assert lines and set(titles) <= set(lines)
    # A tap outside closes it (a loaded machine may take a frame or a second tap: a late
    # redraw can swallow the first).
    for _ in range(3):
        page.mouse.click(2, 2)
        try:
            card.wait_for(state="detached", timeout=3000)
            break
        except PlaywrightError:
            continue
    assert page.locator("#area-card").count() == 0
    assert not noise, noise


def test_antike_marks_the_unit_picked_to_move(pages: Any) -> None:
    """Antike §8.1: once a legion or galley is picked, the map rings it in its region."""
    page = pages.new(*SIZES["laptop"])
    noise = console_watch(page)
    page.goto("/")
    roles = roles_of(page, "antike-ii")
    mid = create_by_api(page, "antike-ii", dict.fromkeys(roles, "hotseat"), seed=1)

    def picked(_first: dict[str, Any]) -> bool:
        views = [
            page.request.get(f"/api/matches/{mid}/view", params={"role": r}).json()["view"] for r in roles
        ]
        return any((v.get("move") or {}).get("picked") for v in views)

    play_until(page, mid, roles, picked, seed=1, limit=900)
    view = page.request.get(f"/api/matches/{mid}/view", params={"role": roles[0]}).json()["view"]
    region = view["move"]["picked"]["region"]
    page.goto(f"/play/{mid}")
    wait_settled(page)
    ring = page.locator(f".map .pieces [data-area='{region}'] .token-ring")
    assert ring.count() == 1
    assert not noise, noise
