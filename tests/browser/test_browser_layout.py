"""The board's room on the page: every board fills its frame at a laptop's and a phone's size,
the prompt bar leaves the board most of a phone's screen, and no area name lies on a piece."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_browser_client import MY_TURN_OR_OVER, TARGETS, catalogue, click_any, wait_ready, wait_settled
from test_browser_experience import BOARDS, NAMES_CUT, SIZES, console_watch, pass_the_device

from tavola.core.game import Game

BOARDS_OF = {
    "italia-i": "standard",
    "italia-ii": "standard",
    "antike-ii": "orient",
    "maria": "introductory",
    "revolution": "standard",
}
# every board of every game (Maria's map as well)
ALL_BOARDS = [*BOARDS, ("maria", "introductory")]

# The share of the map's frame (the box with its tools and legend strips) that the board's
# drawing covers: the union of its cells' boxes, clipped to the frame.
FILL = """() => {
  const frame = document.querySelector('.map-box').getBoundingClientRect();
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const g of document.querySelectorAll('.map .cells')) {
    const r = g.getBoundingClientRect();
    if (!r.width) continue;
    x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
  }
  const w = Math.max(0, Math.min(x1, frame.right) - Math.max(x0, frame.left));
  const h = Math.max(0, Math.min(y1, frame.bottom) - Math.max(y0, frame.top));
  return [w * h / (frame.width * frame.height), frame.width, frame.height, w, h];
}"""


def open_board(pages: Any, game: str, scenario: str, size: str, seed: int = 1, path: str = "play") -> Any:
    """A hot-seat game of the board's default player count, open at its first turn; or, with
    ``path="replay"``, the replay of a record of its first moves."""
    page = pages.new(*SIZES[size])
    page.goto("/")
    sc = next(
        x
        for g in catalogue(page)["games"]
        if g["id"] == game
        for x in g["scenarios"]
        if x["name"] == scenario
    )
    roles = sc["roles"][str(sc["default_players"])]
    if path == "replay":
        g = Game(game, scenario, sc["default_players"], {}, seed)
        rand = random.Random(seed)
        for _ in range(12):
            role = g.active_roles[0]
            g.apply(role, rand.choice([a for a in g.legal_actions(role) if a != ("undo",)]))
        res = page.request.post("/api/records", data=g.record())
        assert res.ok, res.text()
        page.goto(f"/replay/{res.json()['match']['id']}")
        wait_ready(page)
    else:
        res = page.request.post(
            "/api/matches",
            data={"game": game, "scenario": scenario, "seats": dict.fromkeys(roles, "hotseat"), "seed": seed},
        )
        assert res.ok, res.text()
        page.goto(f"/play/{res.json()['match']['id']}")
        wait_settled(page)
        pass_the_device(page)
    page.wait_for_selector(".map .labels text")
    return page


@pytest.mark.parametrize("path", ["play", "replay"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "scenario"), ALL_BOARDS)
def test_every_board_fills_its_frame(
    pages: Any, artifacts: Path, game: str, scenario: str, size: str, path: str
) -> None:
    """The first view of every board, playing or in a replay, covers at least 3/4 of the map's
    frame (Italia's tall board filled a third of a wide frame at 1440x900), and the frame is
    most of the screen's height below the top bar on a laptop."""
    page = open_board(pages, game, scenario, size, path=path)
    noise = console_watch(page)
    fill, fw, fh, *_ = page.evaluate(FILL)
    assert fill >= 0.75, (fill, fw, fh)
    if size == "laptop":
        # the whole board shows at once on a laptop, and it is big: a frame at least 60% of the
        # screen tall (a tall board), or as wide as the screen allows (a wide one)
        assert fh >= 0.6 * SIZES[size][1] or fw >= 0.6 * SIZES[size][0], (fw, fh)
    if size == "phone":
        # the board starts in the upper half of a phone's screen (a replay's pinned bar of "Waiting
        # for Blue…" under its controls pushed it below the middle)
        top = page.evaluate("document.querySelector('.map-box').getBoundingClientRect().top")
        assert top < 0.5 * SIZES[size][1], top
    print(path, game, scenario, size, f"fill {fill:.2f}, frame {fw:.0f}x{fh:.0f}")
    page.screenshot(path=str(artifacts / f"fill-{path}-{game}-{scenario}-{size}.png"))
    assert not noise, noise


@pytest.mark.parametrize("game", list(BOARDS_OF))
def test_the_prompt_bar_leaves_a_phone_its_board(pages: Any, artifacts: Path, game: str) -> None:
    """390x844, a turn of random clicks: the pinned prompt bar is never taller than a quarter
    of the screen (its buttons scroll inside it) and keeps one height, so the board below never
    moves; the map keeps at least half of the screen's height."""
    page = open_board(pages, game, BOARDS_OF[game], "phone", seed=6)
    noise = console_watch(page)
    rand = random.Random(6)
    heights = []
    clicks = 0
    for _ in range(40):
        page.wait_for_function(MY_TURN_OR_OVER, arg=TARGETS)
        bar, mapbox, vh = page.evaluate(
            """() => [document.querySelector('.prompt-bar').getBoundingClientRect().height,
                      document.querySelector('.map-box').getBoundingClientRect().height, innerHeight]"""
        )
        heights.append(round(bar))
        assert bar <= 0.25 * vh, (bar, vh, heights)
        assert mapbox >= 0.5 * vh, (mapbox, vh)
        if click_any(page, rand):
            clicks += 1
        wait_ready(page)
        pass_the_device(page)
        if clicks >= 25:
            break
    assert clicks >= 10
    assert max(heights) - min(heights) <= 1, heights
    page.screenshot(path=str(artifacts / f"prompt-{game}-phone.png"))
    print(game, "prompt bar heights", sorted(set(heights)))
    assert not noise, noise


# The screen boxes of the area names and of the pieces (counters, tokens, cities, city sites).
NAMES_ON_PIECES = """(slack) => {
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const names = [...document.querySelectorAll('.map .labels text')].map((t) => [t.textContent, box(t)]);
  const pieces = [...document.querySelectorAll(
    '.map .pieces .counter, .map .pieces .token, .map .pieces .city, .map .pieces .site')]
    .map((p) => [(p.closest('[data-area]') || {dataset: {}}).dataset.area, box(p)]);
  const out = [];
  for (const [name, a] of names)
    for (const [area, b] of pieces) {
      const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
      const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      if (w > slack && h > slack) out.push([name, area, Math.round(w), Math.round(h)]);
    }
  return out;
}"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "scenario"), ALL_BOARDS)
def test_no_area_name_lies_on_a_piece(
    pages: Any, artifacts: Path, game: str, scenario: str, size: str
) -> None:
    """Every board at both sizes, at the start and after some moves: no area name's box
    overlaps a counter, a token, a city or a city site (a name over a legion hid it), and at the
    whole board's view none is cut off by the map's edge (a name moved off a stack was)."""
    page = open_board(pages, game, scenario, size)
    noise = console_watch(page)
    page.click("#zoom-reset")
    assert page.evaluate(NAMES_ON_PIECES, 1) == []
    assert page.evaluate(NAMES_CUT) == []
    rand = random.Random(3)
    for _ in range(12):
        page.wait_for_function(MY_TURN_OR_OVER, arg=TARGETS)
        click_any(page, rand)
        wait_ready(page)
        pass_the_device(page)
    page.wait_for_function(MY_TURN_OR_OVER, arg=TARGETS)
    page.click("#zoom-reset")
    assert page.evaluate(NAMES_CUT) == []
    hits = page.evaluate(NAMES_ON_PIECES, 1)
    page.screenshot(path=str(artifacts / f"names-{game}-{scenario}-{size}.png"))
    assert hits == [], hits
    assert not noise, noise


# The least distance between the outline of an area's cell and each other land cell's outline
# (sampled every 2 units of the drawing), and the links drawn from the area.
SHORE = """(area) => {
  const cells = [...document.querySelectorAll('.map .cells.land .cell')];
  const at = (c) => { const n = c.getTotalLength(), out = [];
    for (let d = 0; d < n; d += 2) { const p = c.getPointAtLength(d); out.push([p.x, p.y]); } return out; };
  const mine = cells.find((c) => c.dataset.area === area);
  const pts = at(mine);
  const gaps = {};
  for (const c of cells) {
    if (c === mine) continue;
    let best = Infinity;
    for (const [x, y] of at(c)) for (const [u, v] of pts) best = Math.min(best, Math.hypot(x - u, y - v));
    gaps[c.dataset.area] = best;
  }
  const links = [...document.querySelectorAll('.map .links .link')]
    .filter((l) => l.dataset.a === area || l.dataset.b === area)
    .map((l) => [l.dataset.a === area ? l.dataset.b : l.dataset.a, l.getAttribute('class')]);
  return [gaps, links];
}"""


def test_sicily_is_drawn_as_the_island_the_board_makes_it(pages: Any, artifacts: Path) -> None:
    """Mare Nostrum: Syracus lies on Sicily (data: island), so water runs between it and every
    mainland region, and its one land border, the red and blue one to Neapolis over the strait,
    is drawn across the water as a crossing for land and sea units."""
    page = open_board(pages, "antike-ii", "mare-nostrum", "laptop")
    gaps, links = page.evaluate(SHORE, "syracus")
    assert min(gaps.values()) > 3, sorted(gaps.items(), key=lambda kv: kv[1])[:3]
    assert ["neapolis", "link link-mixed"] in links, links
    # Italia too: Messana touches Sicily's other areas, and water parts it from Rhegium,
    # the mainland across its strait
    page = open_board(pages, "italia-i", "standard", "laptop")
    board = page.request.get("/api/boards/italia-i/standard").json()
    island = {str(a["id"]): a["island"] for a in board["areas"]}
    key = {a["key"]: str(a["id"]) for a in board["areas"]}
    gaps, links = page.evaluate(SHORE, key["messana"])
    assert min(gap for a, gap in gaps.items() if island[a] == "sicily") < 1, gaps
    assert min(gap for a, gap in gaps.items() if island[a] is None) > 3, gaps
    assert [key["rhegium"], "link link-strait"] in links, links
