// Maria: the two maps drawn from the board data (games/maria/data): territories by colour, the
// 44 suit sectors with their suits, main and ordinary roads and the roads joining the maps,
// towns with their minor and major fortresses and the nine electors, the boxes along the edges.
// Pieces are drawn on top by the generic adapter until the game draws its own.

import { draw as genericDraw } from "/static/games/generic.js";
import { currentLang } from "/static/js/core.js";

const SUIT = {
  hearts: { symbol: "♥", colour: "#b3261e" },
  diamonds: { symbol: "♦", colour: "#b3261e" },
  clubs: { symbol: "♣", colour: "#1f1a16" },
  spades: { symbol: "♠", colour: "#1f1a16" },
};
const INK = "#2b2119";

// Board squares (x east, y north) to the map's drawing units. The client placed every town
// from its position in inches (y down): two towns give the scale and the offset.
function transform(ctx) {
  const info = ctx.board.raw.maria;
  const areas = ctx.board.areas.filter((a) => a.pos && a.pos.x !== undefined && a.x !== undefined);
  if (areas.length < 2) return null; // towns given without their positions: nothing to draw on
  let A = areas[0];
  let B = areas[0];
  for (const a of areas) {
    if (a.pos.x < A.pos.x) A = a;
    if (a.pos.x > B.pos.x) B = a;
  }
  const k = (B.x - A.x) / (B.pos.x - A.pos.x || 1);
  const ox = A.x - A.pos.x * k;
  const oy = A.y - A.pos.y * k;
  const sx = info.inches[0] / info.columns.length;
  const sy = info.inches[1] / info.rows;
  return (gx, gy) => ({ x: ox + gx * sx * k, y: oy + (info.rows - gy) * sy * k });
}

function named(item) {
  return currentLang() === "it" && item.name_it ? item.name_it : item.name;
}

// The static board, once per map drawing: under the highlights, labels and pieces.
export function drawBoard(ctx) {
  const { map, s, board } = ctx;
  const info = board.raw.maria;
  if (!map || !info || map.svg.querySelector(".maria-board")) return;
  const at = transform(ctx);
  if (!at) return;
  const unit = Math.abs(at(1, 0).x - at(0, 0).x); // one grid square, in drawing units
  const g = s("g", { class: "maria-board" });

  // territories: each town's cell in its territory's colour
  const colour = new Map(info.territories.map((t) => [t.id, t.colour]));
  for (const [id, cell] of map.cellNodes) {
    const area = board.byId.get(id);
    if (area && colour.has(area.terrain)) cell.setAttribute("fill", colour.get(area.terrain));
  }
  for (const cls of ["g.borders", "g.links"]) {
    const layer = map.svg.querySelector(cls);
    if (layer) layer.style.display = "none";
  }

  // the suit grid and the two maps' frames
  const sectors = s("g", { class: "sectors" });
  for (const sec of info.sectors) {
    const p = at(sec.x[0], sec.y[1]);
    const q = at(sec.x[1], sec.y[0]);
    const suit = SUIT[sec.suit];
    sectors.append(
      s("rect", { class: "sector", x: p.x, y: p.y, width: q.x - p.x, height: q.y - p.y, fill: "none", stroke: "#5b4a3a", "stroke-width": unit * 0.012, "stroke-dasharray": `${unit * 0.06} ${unit * 0.04}`, dataset: { sector: sec.id, suit: sec.suit } }),
      s("text", { class: "sector-suit", x: p.x + unit * 0.09, y: p.y + unit * 0.26, "font-size": unit * 0.26, fill: suit.colour, "fill-opacity": 0.75, dataset: { sector: sec.id } }, suit.symbol),
    );
  }
  for (const m of info.maps) {
    const p = at(m.x[0], m.y[1]);
    const q = at(m.x[1], m.y[0]);
    sectors.append(
      s("rect", { class: "map-frame", x: p.x, y: p.y, width: q.x - p.x, height: q.y - p.y, fill: "none", stroke: INK, "stroke-width": unit * 0.03, dataset: { map: m.id } }),
      s("text", { class: "map-name", x: (p.x + q.x) / 2, y: p.y - unit * 0.08, "text-anchor": "middle", "font-size": unit * 0.22, fill: INK }, named(m)),
    );
  }
  g.append(sectors);

  // roads: main roads heavy, ordinary roads thin, the roads joining the maps dashed
  const roads = s("g", { class: "roads" });
  const style = {
    main: { stroke: INK, width: 0.05 },
    road: { stroke: "#6d5a47", width: 0.022 },
    crossing: { stroke: INK, width: 0.035, dash: true },
  };
  for (const b of board.borders) {
    const A = board.byId.get(b.a);
    const B = board.byId.get(b.b);
    if (!A || !B) continue;
    const st = style[b.type] || style.road;
    roads.append(
      s("line", {
        class: `road road-${b.type}`,
        x1: A.x, y1: A.y, x2: B.x, y2: B.y,
        stroke: st.stroke,
        "stroke-width": unit * st.width,
        "stroke-linecap": "round",
        "stroke-dasharray": st.dash ? `${unit * 0.1} ${unit * 0.06}` : null,
      }),
    );
  }
  g.append(roads);

  // towns: a dot; a minor fortress a square; a major fortress a larger double square; an
  // elector a gold ring
  const towns = s("g", { class: "towns" });
  const r = unit * 0.045;
  for (const a of board.areas) {
    if (a.x === undefined) continue;
    const t = s("g", { class: `town fortress-${a.fortress || "none"}${a.elector ? " elector" : ""}`, dataset: { town: a.id } });
    if (a.fortress === "major") {
      t.append(s("rect", { x: a.x - r * 2, y: a.y - r * 2, width: r * 4, height: r * 4, fill: "#fbf7ee", stroke: INK, "stroke-width": r * 0.5 }));
      t.append(s("rect", { x: a.x - r, y: a.y - r, width: r * 2, height: r * 2, fill: INK }));
    } else if (a.fortress === "minor") {
      t.append(s("rect", { x: a.x - r * 1.5, y: a.y - r * 1.5, width: r * 3, height: r * 3, fill: "#fbf7ee", stroke: INK, "stroke-width": r * 0.45 }));
    } else {
      t.append(s("circle", { cx: a.x, cy: a.y, r: r * 1.1, fill: "#fbf7ee", stroke: INK, "stroke-width": r * 0.4 }));
    }
    if (a.elector) t.append(s("circle", { cx: a.x, cy: a.y, r: r * 3.2, fill: "none", stroke: "#c9a227", "stroke-width": r * 0.7 }));
    t.append(s("title", null, `${a.name} (${a.square})`));
    towns.append(t);
  }
  g.append(towns);

  // boxes printed at a grid square: off-map zones, pools, the Silesia box, the turn track
  const boxes = s("g", { class: "boxes" });
  for (const b of info.boxes) {
    if (!b.grid) continue;
    const col = info.columns.indexOf(b.grid[0]);
    const row = Number(b.grid.slice(1));
    const p = at(col + 0.1, row - 0.15);
    boxes.append(
      s(
        "g",
        { class: `box box-${b.kind}`, dataset: { box: b.id } },
        s("rect", { x: p.x, y: p.y, width: unit * 0.8, height: unit * 0.32, rx: unit * 0.04, fill: "#f3ead6", stroke: INK, "stroke-width": unit * 0.015 }),
        s("text", { x: p.x + unit * 0.4, y: p.y + unit * 0.21, "text-anchor": "middle", "font-size": unit * 0.13, fill: INK }, named(b)),
      ),
    );
  }
  g.append(boxes);
  map.viewport.insertBefore(g, map.layers.highlight);
}

export function draw(ctx) {
  try {
    drawBoard(ctx);
  } catch (err) {
    console.error("Maria board drawing failed", err); // the pieces are drawn all the same
  }
  genericDraw(ctx);
}
