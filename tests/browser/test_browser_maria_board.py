"""Maria's two maps drawn in the browser from the board data (§3.2): territories by colour, the
44 suit sectors with their suits, main and ordinary roads, the roads joining the maps, towns,
fortresses and electors, the boxes. The game's own script is served to the page as the client
would load it, and the page draws the board the server would send."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tavola.games.maria.board import load_components

pytestmark = pytest.mark.browser

SCRIPT = Path(__file__).resolve().parents[2] / "src/tavola/games/maria/web/maria.js"

DRAW = """async (board) => {
  const { MapView, normalizeBoard } = await import("/static/js/board.js");
  const core = await import("/static/js/core.js");
  const maria = await import("/static/games/maria/maria.js");
  const host = document.createElement("div");
  host.id = "maria-map";
  host.style.cssText = "width:1200px;height:820px;position:fixed;inset:0;z-index:99;background:#fff";
  document.body.append(host);
  const b = normalizeBoard(board);
  const map = new MapView(host, b, {});
  const ctx = { map, board: b, view: {}, s: core.s, h: core.h, t: core.t, screen: { areaOf: () => null }, word: (n) => n, gtext: () => undefined };
  maria.drawBoard(ctx);
  maria.drawBoard(ctx);  // drawn once, however often the view redraws
  const q = (sel) => host.querySelectorAll(sel).length;
  return {
    boards: q(".maria-board"),
    towns: q(".maria-board .town"),
    major: q(".maria-board .fortress-major"),
    minor: q(".maria-board .fortress-minor"),
    electors: q(".maria-board .elector"),
    main: q(".road-main"),
    roads: q(".road-road"),
    crossings: q(".road-crossing"),
    sectors: q("rect.sector"),
    suits: Array.from(host.querySelectorAll("text.sector-suit")).map((t) => t.textContent).join(""),
    frames: q("rect.map-frame"),
    boxes: q(".maria-board .box"),
    neisse: host.querySelector('rect.sector[data-sector="bohemia-m2"]').dataset.suit,
    grottkau: host.querySelector('rect.sector[data-sector="bohemia-m3"]').dataset.suit,
    tint: host.querySelector('path.cell[data-area="breslau"]').getAttribute("fill"),
  };
}"""


def test_3_2_both_maps_drawn_from_the_data(pages: Any, artifacts: Path) -> None:
    comp = load_components()
    board = comp.to_json()
    page = pages.new(width=1280, height=900)
    page.route(
        "**/static/games/maria/maria.js",
        lambda route: route.fulfill(path=str(SCRIPT), content_type="text/javascript"),
    )
    page.goto("/")
    page.wait_for_load_state("networkidle")
    drawn = page.evaluate(DRAW, json.loads(json.dumps(board)))
    towns = comp.cities
    assert drawn["boards"] == 1
    assert drawn["towns"] == len(towns)
    assert drawn["major"] == sum(1 for c in towns if c.fortress == "major")
    assert drawn["minor"] == sum(1 for c in towns if c.fortress == "minor")
    assert drawn["electors"] == 9
    assert drawn["main"] == sum(1 for r in comp.roads if r.main and not r.crossing)
    assert drawn["roads"] == sum(1 for r in comp.roads if not r.main and not r.crossing)
    assert drawn["crossings"] == sum(1 for r in comp.roads if r.crossing)
    assert drawn["sectors"] == 44 and drawn["frames"] == 2
    assert sorted(drawn["suits"]) == sorted(
        "".join(
            {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}[s.suit]
            for s in comp.sectors.values()
        )
    )
    assert (drawn["neisse"], drawn["grottkau"]) == ("diamonds", "spades")  # §11.1 example
    assert drawn["tint"] == comp.territories["silesia"].colour
    assert drawn["boxes"] == sum(1 for b in comp.boxes.values() if b.grid)
    page.locator("#maria-map").screenshot(path=str(artifacts / "maria-board.png"))


def test_3_2_towns_without_positions_draw_no_board_and_no_error(pages: Any) -> None:
    """A board whose towns carry names only (no positions) leaves the generic map as it is."""
    board = load_components().to_json()
    board["areas"] = [{"id": a["id"], "name": a["name"]} for a in board["areas"]]
    page = pages.new()
    page.route(
        "**/static/games/maria/maria.js",
        lambda route: route.fulfill(path=str(SCRIPT), content_type="text/javascript"),
    )
    page.goto("/")
    page.wait_for_load_state("networkidle")
    drawn = page.evaluate(
        DRAW.replace("neisse: host", "neisse: null && host")
        .replace("grottkau: host", "grottkau: null && host")
        .replace("tint: host", "tint: null && host"),
        board,
    )
    assert drawn["boards"] == 0 and drawn["towns"] == 0
