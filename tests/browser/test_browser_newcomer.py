"""A newcomer's first Italia battle, scripted: what a person new to the game meets, step by step,
with a screenshot of each step kept under artifacts/ (newcomer-*.png) for a person to look at.

The newcomer starts from the lobby with the form only (no API), at a laptop's and a phone's size,
never opens the legend, and plays by clicking what the page offers until the first battle. The
test asserts what the screen must say for them to follow it: the board's counters name their
nation and unit type in words, the prompt always says what to do, and the battle panel says who
attacked whom, which unit rolled each die and the number it needed, how many hits each side
scored, and which units died, in sentences of their language. Whether a person *understands*
it is for a person to judge from the screenshots (the report says so)."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from test_browser_client import page_clicks, wait_ready, wait_settled
from test_browser_experience import SIZES, console_watch, open_hotseat, pass_the_device, to_italian
from test_browser_pieces import open_at

from tavola.core.game import Game

pytestmark = pytest.mark.browser

# in-page clicks until the first battle panel, at most this long
BATTLE_LIMIT_S = 240

RAW = re.compile(r"[{}_]|\b(undefined|null|NaN)\b")

# What each counter on the map tells a reader without the legend: its title (the stack in
# words), its nation's mark and whether it draws its unit type.
COUNTERS = """() => [...document.querySelectorAll('.map .pieces .counter:not(.counter-leader)')].map((c) => {
  const m = c.querySelector('.counter-mark');
  return [
    (c.querySelector(':scope > title') || {}).textContent || '',
    m ? m.textContent : '',
    c.querySelectorAll('path, use, rect, circle, polygon').length,
    m ? parseFloat(m.getAttribute('font-size')) * m.getScreenCTM().a : 0,
  ];
})"""

# the nation's mark on a counter, in screen pixels, at the view the board opens with (the whole
# board on a laptop; on a phone the first view, zoomed until the names read)
MARK_PX = 8.5

PANEL = """() => {
  const p = document.getElementById('battle-panel');
  if (!p) return null;
  const side = (s) => {
    const el = p.querySelector(`.battle-side[data-side=${s}]`);
    return {
      name: el.querySelector('h4').textContent,
      dice: [...el.querySelectorAll('.battle-die')].map((d) => [
        d.querySelector('.die-face').textContent, d.querySelector('.die-unit').textContent,
        d.querySelector('.die-need').textContent, d.classList.contains('hit'), d.title]),
      hits: (el.querySelector('.battle-hits') || {}).textContent || '',
      needs: (el.querySelector('.battle-needs') || {}).textContent || '',
      lost: [...el.querySelectorAll('.battle-lost li')].map((li) => li.textContent),
    };
  };
  return {
    title: p.querySelector('h3').textContent,
    subtitle: (p.querySelector('.battle-sub') || {}).textContent || '',
    odds: (p.querySelector('.battle-odds') || {}).textContent || '',
    outcome: (p.querySelector('.battle-outcome') || {}).textContent || '',
    attacker: side('attacker'),
    defender: side('defender'),
  };
}"""


def read_the_board(page: Any) -> None:
    """Every counter says in words whose it is and what it is, and wears its nation's mark
    (leaders: a star on their nation's shade, named in their title)."""
    counters = page.evaluate(COUNTERS)
    assert len(counters) > 20
    for title, mark, shapes, px in counters:
        assert title and not RAW.search(title) and title[:1].isupper(), title
        assert re.fullmatch(r"[A-ZÀ-Ý]{2,4}", mark.strip()), (mark, title)
        assert shapes >= 1, title  # the unit type is drawn, not a letter
        assert px >= MARK_PX, (title, mark, px)  # fleets' marks too: they were 5 px
    assert page.evaluate("!document.querySelector('details.map-legend').open")


def read_the_battle(panel: dict[str, Any]) -> None:
    """The panel a newcomer reads after their first battle."""
    for text in (panel["title"], panel["subtitle"], panel["outcome"]):
        assert not RAW.search(text), text
    assert panel["subtitle"], "who attacks whom"
    if "Raid" in panel["title"] or "Razzia" in panel["title"]:
        # a raid is neither won nor held: its chance is that of ruining the city (§10.7)
        assert not panel["odds"] or re.search(r"\b(city|città)\b", panel["odds"]), panel["odds"]
    sides = (panel["attacker"], panel["defender"])
    assert any(s["dice"] for s in sides), "dice were rolled"
    for side, other in (sides, sides[::-1]):
        assert side["name"].strip() and not RAW.search(side["name"]), side["name"]
        for face, unit, need, hit, title in side["dice"]:
            # each die: its face, the unit that rolled it, the number it needed, hit or not
            assert face.isdigit() and 1 <= int(face) <= 10, face
            m = re.fullmatch(r"(\d+)\+", need)
            assert m, need
            assert hit == (int(face) >= int(m.group(1))), (face, need, hit)
            assert unit.strip() and not RAW.search(unit) and not RAW.search(title), (unit, title)
        # why each die needed its number: the unit type's to-hit number, and with the modifiers
        # (§10.2), for every unit type that rolled (a raid rolls against a fixed number, §10.6)
        if side["dice"] and "Raid" not in panel["title"] and "Razzia" not in panel["title"]:
            for _, unit, need, _, _ in side["dice"]:
                assert unit.strip() in side["needs"] and need in side["needs"], (unit, need, side["needs"])
        hits = sum(1 for d in side["dice"] if d[3])
        if side["dice"]:
            assert str(hits) in side["hits"], (hits, side["hits"])
        # the units that died are named, in sentences, and only where the other side hit
        for line in side["lost"]:
            assert not RAW.search(line) and line[:1].isupper(), line
        if side["lost"]:
            assert sum(1 for d in other["dice"] if d[3]) >= 1, (side["lost"], other["dice"])


def in_italian(page: Any, shot: Path) -> None:
    """A screenshot of the page (the lobby or a game's) in Italian, then back to English."""
    playing = "/play/" in page.url
    for lang, shoot in (("it", True), ("en", False)):
        page.evaluate(f"document.querySelector('[data-set-lang={lang}]').click()")
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.wait_for_load_state()
        if playing:
            wait_ready(page)
        page.wait_for_timeout(300)
        if shoot:
            page.screenshot(path=str(shot))


@pytest.mark.parametrize("size", SIZES)
def test_a_newcomer_plays_to_their_first_italia_battle(pages: Any, artifacts: Path, size: str) -> None:
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    # the lobby: Italia I, everyone at this screen, the form's own button
    page.goto("/?game=italia-i")
    page.wait_for_selector("input[name=game][value='italia-i']", state="attached")
    page.click("[data-preset=hotseat]")
    page.screenshot(path=str(artifacts / f"newcomer-1-lobby-{size}.png"))
    in_italian(page, artifacts / f"newcomer-1-lobby-it-{size}.png")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    pass_the_device(page)
    # the first screen: what to do, and a board readable without the legend
    prompt = page.locator("#prompt-text").inner_text()
    assert prompt and not RAW.search(prompt), prompt
    read_the_board(page)
    page.screenshot(path=str(artifacts / f"newcomer-2-board-{size}.png"))
    in_italian(page, artifacts / f"newcomer-2-board-it-{size}.png")
    read_the_board(page)
    # play on by clicking what the page offers until a battle is fought
    deadline = time.monotonic() + BATTLE_LIMIT_S
    seed = 7
    while page.locator("#battle-panel").count() == 0:
        assert time.monotonic() < deadline, "no battle was fought"
        got = page_clicks(page, seed, most=1, budget_ms=1500, finish=0.15)
        assert not got["over"]
        pass_the_device(page)
        seed += 1
    page.wait_for_selector("#battle-panel .battle-die")  # the dice, drawn with the panel
    panel = page.evaluate(PANEL)
    assert panel is not None
    read_the_battle(panel)
    page.locator("#battle-panel").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"newcomer-3-battle-{size}.png"))
    # the same panel in Italian
    to_italian(page)
    panel_it = page.evaluate(PANEL)
    assert panel_it is not None and panel_it["title"] != panel["title"], (panel_it, panel)
    read_the_battle(panel_it)
    page.screenshot(path=str(artifacts / f"newcomer-4-battle-it-{size}.png"))
    read_the_board(page)
    assert not noise, noise


MARKS = """() => [...document.querySelectorAll('.map .pieces .counter .counter-mark')].map((m) =>
  [m.closest('.counter').dataset.nation, m.textContent])"""


@pytest.mark.parametrize("game", ["italia-i", "italia-ii"])
def test_no_two_nations_wear_one_mark(pages: Any, game: str) -> None:
    """In both languages each nation on the board has a mark of its own (Romani d'Occidente and
    Romani d'Africa both wore ROM in Italian)."""
    page, noise = open_hotseat(pages, game, "laptop", seed=1)
    for lang in ("en", "it"):
        if lang == "it":
            to_italian(page)
        marks: dict[str, set[str]] = {}
        for nation, mark in page.evaluate(MARKS):
            marks.setdefault(mark, set()).add(nation)
        assert len(marks) >= 4
        assert all(len(nations) == 1 for nations in marks.values()), (lang, marks)
    assert not noise, noise


# --- what last session's newcomer check found --------------------------------------------------


def actions_to(game: str, seed: int, done: Any, limit: int = 2000) -> list[tuple[str, Any]]:
    """Random legal actions of a game of this seed (the same game the server makes for it) until
    ``done(game)`` holds."""
    g = Game(game, "standard", seed=seed)
    pick = random.Random(seed)
    out: list[tuple[str, Any]] = []
    for _ in range(limit):
        if done(g):
            return out
        role = g.active_roles[0]
        action = pick.choice([a for a in g.legal_actions(role) if a != ("undo",)])
        g.apply(role, action)
        out.append((role, action))
    raise AssertionError("the position was not reached")


def open_after(
    pages: Any, game: str, size: str, seed: int, moves: list[tuple[str, Any]]
) -> tuple[Any, list[str]]:
    """A hot-seat game of this seed, ``moves`` played through the API, its page open at the seat
    to play."""
    page, noise, _ = open_at(pages, game, size, moves, seed)
    pass_the_device(page)
    return page, noise


def _cargo_to_gather(g: Game) -> bool:
    """A group at sea is being formed and a unit aboard one of its fleets may be gathered."""
    role = g.active_roles[0]
    v = g.view(role)
    if v["prompt"]["text"] != "it.p.move.group" or not any(a[0] == "unit" for a in g.legal_actions(role)):
        return False
    area = next(a for a in v["areas"] if a["key"] == v["prompt"]["args"]["at"])
    return any(u.get("cargo") for u in area["units"])


@pytest.mark.parametrize("size", SIZES)
def test_9_6_a_unit_aboard_a_fleet_is_tapped_on_its_own(pages: Any, artifacts: Path, size: str) -> None:
    """At sea the units aboard a fleet are counters of their own (marked aboard): a tap gathers
    the unit, not its fleet."""
    moves = actions_to("italia-i", 2, _cargo_to_gather)
    page, noise = open_after(pages, "italia-i", size, 2, moves)
    page.wait_for_selector(".map .pieces .piece-target")
    aboard = page.locator(".map .pieces .counter.piece-target:has(.counter-aboard)")
    assert aboard.count() >= 1
    action = json.loads(aboard.first.get_attribute("data-target"))
    assert action[0] in ("unit", "leader"), action
    assert "aboard" in (aboard.first.locator("title").text_content() or "")
    before = page.evaluate("document.body.dataset.step")
    aboard.first.click()
    page.wait_for_function(f"document.body.dataset.step !== '{before}'")
    wait_settled(page)
    page.wait_for_selector(".map .pieces .counter.gathered:has(.counter-aboard)")
    page.screenshot(path=str(artifacts / f"italia-cargo-{size}.png"))
    assert not noise, noise


def _half_vp(g: Game) -> bool:
    return any(n["vp"] % 1 for n in g.view(g.active_roles[0])["nations"])


def test_11_0_a_half_victory_point_is_written_and_explained(pages: Any, artifacts: Path) -> None:
    """A nation's card gives half a point for some kills (§11.0): the players' table writes it
    "½" and says under the table why, in both languages."""
    moves = actions_to("italia-i", 2, _half_vp)
    page, noise = open_after(pages, "italia-i", "laptop", 2, moves)
    for lang in ("en", "it"):
        if lang == "it":
            to_italian(page)
        cells = page.locator(".nation-table td.vp-half").all_inner_texts()
        assert cells and all(c.endswith("½") and "." not in c and "," not in c for c in cells), cells
        note = page.locator(".vp-note")
        assert note.count() >= 1 and "§11.0" in note.first.inner_text(), note.all_inner_texts()
        assert not RAW.search(note.first.inner_text())
    page.locator(".vp-note").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "italia-half-vp.png"))
    assert not noise, noise


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["right"], b["right"]) > max(a["left"], b["left"]) and min(a["bottom"], b["bottom"]) > max(
        a["top"], b["top"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_your_turn_covers_neither_the_board_nor_the_prompt(pages: Any, artifacts: Path, size: str) -> None:
    """ "Your turn!" is shown where it hides nothing of the game: not over the map (on a phone it
    lay over the bottom of the board for 2.5 s), the prompt or the seat banner."""
    moves = actions_to(
        "italia-i", 1, lambda g: len(g.log) > 3 and g.view(g.active_roles[0])["step"] > 2, limit=50
    )
    page, noise = open_after(pages, "italia-i", size, 1, moves)
    toast = page.locator(".toast-turn")
    toast.wait_for()
    box = page.evaluate("(el) => el.getBoundingClientRect().toJSON()", toast.element_handle())
    assert (
        box["top"] >= 0
        and box["bottom"] <= SIZES[size][1]
        and box["left"] >= 0
        and box["right"] <= SIZES[size][0]
    ), box
    for sel in (".map", ".prompt-bar", "#seat-banner", ".board-wrap"):
        for k in range(page.locator(sel).count()):
            other = page.evaluate(
                "(el) => el.getBoundingClientRect().toJSON()", page.locator(sel).nth(k).element_handle()
            )
            if other["width"] and other["height"]:
                assert not _overlap(box, other), (sel, box, other)
    page.screenshot(path=str(artifacts / f"your-turn-{size}.png"))
    assert not noise, noise


# --- what this session's newcomer check found ---------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_players_panel_names_no_guest_id_and_says_what_fair_dice_are(
    pages: Any, artifacts: Path, size: str
) -> None:
    """A hot-seat game played by a guest: the seats say "hot-seat", not the made-up
    "guest-3f9a1c"; the dice commitment is a line in words ("Fair dice...") that opens on the
    explanation and the fingerprint, not a bare SHA-256; and switching to Italian turns the
    connection badge too."""
    page, noise = open_hotseat(pages, "italia-i", size, seed=1)
    pass_the_device(page)
    page.wait_for_selector("#players .player")
    assert "guest-" not in page.locator("#panel-players").inner_text()
    fair = page.locator("#fairness")
    assert fair.locator("summary").inner_text().startswith("Fair dice")
    assert not fair.locator("code").is_visible()
    fair.locator("summary").click()
    assert fair.locator("code").first.is_visible()
    assert "secret number" in fair.inner_text()
    page.wait_for_function("document.getElementById('live').dataset.status === 'live'")
    assert page.locator("#live").inner_text().strip() == "live"
    to_italian(page)
    assert fair.locator("summary").inner_text().startswith("Dadi onesti")
    assert fair.locator("code").first.is_visible(), "the explanation stays open"
    assert page.locator("#live").inner_text().strip() == "in diretta"
    assert "guest-" not in page.locator("#panel-players").inner_text()
    page.screenshot(path=str(artifacts / f"players-fair-dice-{size}.png"))
    assert not noise, noise


def test_maria_map_names_are_inside_the_board_view(pages: Any, artifacts: Path) -> None:
    """Maria's two maps are named above their frames ("Flanders", "Bohemia"): the whole-board
    view holds the names (they were cut in half by the map's top edge)."""
    page, noise = open_hotseat(pages, "maria", "laptop", seed=1)
    pass_the_device(page)
    page.wait_for_selector(".map .map-name")
    boxes = page.evaluate(
        """() => { const svg = document.querySelector('.map').getBoundingClientRect();
             return [...document.querySelectorAll('.map .map-name')].map((n) => {
               const b = n.getBoundingClientRect();
               return [n.textContent, b.top - svg.top, svg.bottom - b.bottom, b.left - svg.left, svg.right - b.right]; }); }"""
    )
    assert len(boxes) == 2
    for name, *room in boxes:
        assert min(room) >= 0, (name, room)
    page.screenshot(path=str(artifacts / "maria-map-names.png"))
    assert not noise, noise


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_file_button_speaks_the_page_language(pages: Any, size: str) -> None:
    """The lobby's record upload is a button in the page's language: the browser's own file
    field said "Choose File / No file chosen" on the Italian page."""
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/")
    page.wait_for_selector("#import-form")
    for lang, label in (("it", "Scegli un file…"), ("en", "Choose a file…")):
        page.evaluate(f"document.querySelector('[data-set-lang={lang}]').click()")
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.wait_for_function(
            "(t) => document.querySelector('#import-form .file-btn').textContent.trim() === t", arg=label
        )
        # the browser's own field, in the browser's language, is not shown (clipped to nothing)
        clip = page.evaluate("getComputedStyle(document.getElementById('import-file')).clip")
        assert clip.replace(" ", "") == "rect(0px,0px,0px,0px)", clip
    assert not noise, noise


@pytest.mark.parametrize("size", SIZES)
def test_a_choice_made_only_on_the_map_says_so(pages: Any, size: str) -> None:
    """Italia's first question (where the Celts' leader arrives, §7.2) has no button: the prompt
    says to pick a highlighted area on the map, on a phone too (there the hint was left out
    whenever the game added a note, leaving a newcomer with a question and nothing to press)."""
    page, noise = open_hotseat(pages, "italia-i", size, seed=1)
    pass_the_device(page)
    page.wait_for_selector(".map .cell.target")
    assert page.locator(".prompt-bar .choices button").count() == 0
    assert page.locator("#prompt .prompt-note").count() == 1
    hint = page.locator("#prompt .prompt-hint:not(.prompt-note):not(.claim)")
    assert hint.is_visible() and "map" in hint.inner_text(), hint.inner_text()
    assert not noise, noise
