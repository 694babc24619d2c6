// Maria: the two maps drawn from the board data (games/maria/data): territories by colour, the
// 44 suit sectors with their suits, main and ordinary roads and the roads joining the maps,
// towns with their minor and major fortresses and the nine electors, the boxes along the edges.
// On them the pieces: generals by rank, face up or down, with their troops where this seat may
// know them (§6), supply trains, hussars, victory and question-mark markers. Beside the map:
// the seat's own hands as cards and its army sheet (both secret: only the owning seat's view
// holds them, §4, §8), the battle under way card by card (§11.1), the retreat being chosen
// (§11.2), winter recruiting (§13), the political display (§17) and every power's public
// counts. The choices stay in the prompt, named in words (Rules.action_nouns).

import { jumpHint, lastEntry, statsPanel } from "/static/games/generic.js";
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
  map.mariaUnit = unit;
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
    // the name above the frame is part of the board: the whole board's view shows it
    map.extendHome({ x0: p.x - unit * 0.1, y0: p.y - unit * 0.4, x1: q.x + unit * 0.1, y1: q.y + unit * 0.1 });
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

// --- words and colours ---------------------------------------------------------------------------

// A phrase of the game's catalogue (ui.*), with its plurals (words.js), or the English fallback.
function tr(ctx, key, args, fallback) {
  if (ctx.gtext(`ui.${key}`) !== undefined) return ctx.screen.message(`ui.${key}`, args || {});
  return String(fallback).replace(/\{(\w+)\}/g, (m, k) => (args && k in args ? args[k] : m));
}

const ROLE_COLOURS = { theresa: "#c9a227", frederick: "#3d6fb6", louis: "#c0392b", coalition: "#3d6fb6" };
const SUIT_INK = { hearts: "#b3261e", diamonds: "#b3261e", clubs: "#1f1a16", spades: "#1f1a16" };

export function roleColour(role) {
  return ROLE_COLOURS[role] || null;
}

function powers(ctx) {
  return (ctx.board.raw && ctx.board.raw.powers) || {};
}

export function nationColour(ctx, power) {
  const p = powers(ctx)[power];
  return p ? p.colour : null;
}

function inkOn(colour) {
  const c = String(colour || "").replace("#", "");
  if (c.length !== 6) return "#fff";
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16));
  return r * 0.3 + g * 0.59 + b * 0.11 > 160 ? INK : "#fff";
}

function generalInfo(ctx, gid) {
  return ((ctx.board.raw && ctx.board.raw.generals) || {})[gid] || { name: gid, power: "", rank: 0, minimum: 1 };
}

function trainPower(ctx, tid) {
  const t = ((ctx.board.raw && ctx.board.raw.trains) || {})[tid];
  return t ? t.power : "";
}

// the powers a seat plays (its army sheets), in the order of play
function powersOf(ctx, role) {
  const v = ctx.view || {};
  return (v.powers || []).filter((p) => v.control && v.control[p] === role);
}

// A tactical card's name ("7-hearts", "reserve") as a small card face: value and suit symbol.
function cardFace(ctx, name, extra, declared) {
  const { h } = ctx;
  // a Reserve shows the value it declared when played (§8), else its range
  if (name === "reserve") return h("span.ma-card.reserve", { title: ctx.word("reserve"), ...(extra || {}) }, h("b", null, "R"), h("span", null, declared ? String(declared) : "1-8"));
  const [value, suit] = String(name).split("-");
  const sym = SUIT[suit] ? SUIT[suit].symbol : "?";
  return h(
    "span.ma-card",
    { dataset: { suit, value }, style: { color: SUIT_INK[suit] || INK }, title: ctx.word(name), ...(extra || {}) },
    h("b", null, value),
    h("span", null, sym),
  );
}

// --- the pieces on the map -----------------------------------------------------------------------

export function legend(ctx) {
  const { s } = ctx;
  const icon = (...kids) => s("svg", { width: 34, height: 22, viewBox: "-17 -11 34 22", "aria-hidden": "true" }, ...kids);
  return [
    [icon(s("rect", { x: -9, y: -9, width: 18, height: 18, rx: 3, fill: "#3d6fb6", stroke: INK, "stroke-width": 1.2 }), s("text", { y: 4, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, "2")), tr(ctx, "legend_general", null, "a general and its rank (1 commands before 2)")],
    [icon(s("rect", { x: -9, y: -9, width: 18, height: 18, rx: 3, fill: "#3d6fb6", stroke: INK, "stroke-width": 1.2, "stroke-dasharray": "3 2", "fill-opacity": 0.45 }), s("text", { y: 4, "text-anchor": "middle", "font-size": 11, fill: INK }, "2")), tr(ctx, "legend_down", null, "face down: out of supply (§9)")],
    [icon(s("rect", { x: -9, y: -6, width: 18, height: 10, rx: 2, fill: "#c0392b", stroke: INK }), s("circle", { cx: -5, cy: 6, r: 3, fill: INK }), s("circle", { cx: 5, cy: 6, r: 3, fill: INK })), tr(ctx, "legend_train", null, "a supply train")],
    [icon(s("path", { d: "M0,-9 L8,0 L0,9 L-8,0 Z", fill: "#f7f7f2", stroke: INK, "stroke-width": 1.4 }), s("text", { y: 4, "text-anchor": "middle", "font-size": 9, fill: INK }, "H")), tr(ctx, "legend_hussar", null, "an Austrian hussar (§7)")],
    [icon(s("circle", { r: 6, fill: "#c0392b", stroke: INK, "stroke-width": 1.2 })), tr(ctx, "legend_marker", null, "a victory marker on a fortress (§10.3)")],
    [icon(s("circle", { r: 7, fill: "#fff3c4", stroke: INK }), s("text", { y: 4, "text-anchor": "middle", "font-size": 11, fill: INK }, "?")), tr(ctx, "legend_question", null, "a question mark: conquest pending (§10.3)")],
  ];
}

export function draw(ctx) {
  try {
    drawBoard(ctx);
  } catch (err) {
    console.error("Maria board drawing failed", err); // the pieces are drawn all the same
  }
  const { map, view, s } = ctx;
  if (!map || !view || !view.generals) return;
  const layer = map.layer("pieces");
  const unit = map.mariaUnit || 60;
  const size = unit * 0.11; // half a counter's side
  const out = new Set(view.out || []);
  const byCity = new Map();
  const put = (city, item) => {
    if (!city) return;
    if (!byCity.has(city)) byCity.set(city, []);
    byCity.get(city).push(item);
  };
  for (const [gid, g] of Object.entries(view.generals)) if (!out.has(gid)) put(g.city, { kind: "general", id: gid, g });
  for (const [tid, city] of Object.entries(view.trains || {})) if (!out.has(tid)) put(city, { kind: "train", id: tid });
  for (const city of view.hussars || []) put(city, { kind: "hussar" });
  const moved = new Set(view.moved || []);
  for (const [city, items] of byCity) {
    const a = map.anchor(city);
    if (!a) continue;
    items.sort((x, y) => (x.kind === y.kind ? generalInfo(ctx, x.id).rank - generalInfo(ctx, y.id).rank : x.kind === "general" ? -1 : 1));
    const group = s("g", { class: "ma-pieces", dataset: { area: city } });
    const gap = size * 2.25;
    const x0 = a.x - ((items.length - 1) * gap) / 2;
    items.forEach((it, i) => {
      const x = x0 + i * gap;
      const y = a.y - size * 1.5;
      if (it.kind === "general") group.append(generalCounter(ctx, it.id, it.g, x, y, size, moved.has(it.id)));
      else if (it.kind === "train") {
        const power = trainPower(ctx, it.id);
        const fill = nationColour(ctx, power) || "#777";
        group.append(
          s(
            "g",
            { class: "ma-train", dataset: { piece: it.id, power }, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
            s("title", null, ctx.word(it.id)),
            s("rect", { x: -size, y: -size * 0.6, width: size * 2, height: size * 1.1, rx: size * 0.2, fill, stroke: INK, "stroke-width": size * 0.12 }),
            s("circle", { cx: -size * 0.55, cy: size * 0.65, r: size * 0.32, fill: INK }),
            s("circle", { cx: size * 0.55, cy: size * 0.65, r: size * 0.32, fill: INK }),
          ),
        );
      } else {
        group.append(
          s(
            "g",
            { class: "ma-hussar", transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
            s("title", null, tr(ctx, "hussar", null, "an Austrian hussar")),
            s("path", { d: `M0,${-size} L${size * 0.9},0 L0,${size} L${-size * 0.9},0 Z`, fill: nationColour(ctx, "austria") || "#f7f7f2", stroke: INK, "stroke-width": size * 0.14 }),
            s("text", { y: size * 0.38, "text-anchor": "middle", "font-size": size * 1.05, fill: INK }, "H"),
          ),
        );
      }
    });
    layer.append(group);
  }
  // the battle being fought and the retreat being chosen, ringed (§11)
  const ring = (city, cls) => {
    const a = map.anchor(city);
    if (a) layer.append(s("circle", { class: `ma-ring ${cls}`, cx: a.x, cy: a.y - size * 1.5, r: size * 2.6, fill: "none", stroke: "#b3261e", "stroke-width": size * 0.3, "stroke-dasharray": cls === "retreat" ? `${size * 0.6} ${size * 0.4}` : null, dataset: { area: city } }));
  };
  if (view.battle) for (const c of [view.battle.from, view.battle.to]) ring(c, "battle");
  if (view.retreat) ring(view.retreat.at, "retreat");
  // victory markers and question marks beside their fortresses
  for (const [city, power] of Object.entries(view.markers || {})) {
    const a = map.anchor(city);
    if (!a) continue;
    layer.append(
      s(
        "g",
        { class: "ma-marker", dataset: { area: city, power } },
        s("title", null, tr(ctx, "marker_of", { power: ctx.word(power) }, `victory marker of ${ctx.word(power)}`)),
        s("circle", { cx: a.x + size * 0.9, cy: a.y + size * 0.9, r: size * 0.5, fill: nationColour(ctx, power) || "#777", stroke: INK, "stroke-width": size * 0.12 }),
      ),
    );
  }
  for (const city of Object.keys(view.question || {})) {
    const a = map.anchor(city);
    if (!a) continue;
    layer.append(
      s(
        "g",
        { class: "ma-question", dataset: { area: city } },
        s("title", null, tr(ctx, "question", null, "question mark: conquest pending")),
        s("circle", { cx: a.x - size * 0.9, cy: a.y + size * 0.9, r: size * 0.55, fill: "#fff3c4", stroke: INK, "stroke-width": size * 0.1 }),
        s("text", { x: a.x - size * 0.9, y: a.y + size * 1.25, "text-anchor": "middle", "font-size": size * 0.95, fill: INK }, "?"),
      ),
    );
  }
}

function generalCounter(ctx, gid, g, x, y, size, moved) {
  const { s } = ctx;
  const info = generalInfo(ctx, gid);
  const fill = nationColour(ctx, info.power) || "#777";
  const known = typeof g.troops === "number";
  const facts = [
    `${info.name} (${ctx.word(info.power)})`,
    tr(ctx, "rank_n", { n: info.rank }, `rank ${info.rank}`),
    known ? tr(ctx, "troops_n", { n: g.troops }, `${g.troops} troops`) : tr(ctx, "troops_secret", null, "troops secret"),
    g.down ? tr(ctx, "face_down", null, "face down (out of supply)") : null,
  ].filter(Boolean);
  const node = s(
    "g",
    { class: `ma-general${g.down ? " down" : ""}${moved ? " moved" : ""}`, dataset: { piece: gid, power: info.power }, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
    s("title", null, facts.join(", ")),
    s("rect", {
      x: -size,
      y: -size,
      width: size * 2,
      height: size * 2,
      rx: size * 0.25,
      fill,
      "fill-opacity": g.down ? 0.45 : 1,
      stroke: INK,
      "stroke-width": size * 0.14,
      "stroke-dasharray": g.down ? `${size * 0.35} ${size * 0.2}` : null,
    }),
    s("text", { y: size * 0.4, "text-anchor": "middle", "font-size": size * 1.15, "font-weight": 700, fill: g.down ? INK : inkOn(fill) }, String(info.rank)),
  );
  if (known) {
    node.append(
      s("circle", { cx: size * 0.95, cy: -size * 0.95, r: size * 0.55, fill: "#fff", stroke: INK, "stroke-width": size * 0.08 }),
      s("text", { x: size * 0.95, y: -size * 0.72, "text-anchor": "middle", "font-size": size * 0.7, fill: INK }, String(g.troops)),
    );
  }
  return node;
}

// --- beside the map ------------------------------------------------------------------------------

function panel(ctx, cls, title, ...body) {
  const { h } = ctx;
  return h(`section.ma-panel.${cls}`, { "aria-label": title }, h("h3", null, title), ...body);
}

// §8: the seat's own hands, each card by value and suit; only the owning seat's view has them.
function handPanel(ctx) {
  const { h, view } = ctx;
  const mine = powersOf(ctx, ctx.role).filter((p) => view.hands && p in view.hands);
  if (!mine.length) return null;
  return panel(
    ctx,
    "ma-hand",
    tr(ctx, "your_hands", null, "Your tactical cards"),
    mine.map((p) =>
      h(
        "div.ma-hand-row",
        { dataset: { power: p } },
        h("span.ma-hand-power", null, h("span.swatch", { style: { background: nationColour(ctx, p) } }), `${ctx.word(p)} (${view.hands[p].length})`),
        h("span.ma-cards", null, view.hands[p].length ? view.hands[p].map((c) => cardFace(ctx, c)) : h("span.muted", null, tr(ctx, "no_cards", null, "no cards"))),
      ),
    ),
  );
}

// §4, §6: the seat's army sheets: each general's rank, printed minimum, troops and where it is.
// While the sheets are written in secret (§4), how many troops are left to allocate.
// The sheet's own controls (§4 writing the sheets, §13 winter recruits): − and + on each
// general's row, each one a legal action (untroop / troop); the choices bar does not repeat them.
const SHEET_VERBS = new Set(["troop", "untroop"]);

export function claims(action) {
  return SHEET_VERBS.has(action[0]);
}

export function claimHint(actions, ctx) {
  const text = tr(ctx, "sheet_hint", null, "Give troops with − and + on your army sheet.");
  return jumpHint(ctx, ".ma-sheet", text); // on a phone the sheet sits below the map
}

function sheetButton(ctx, verb, gid, legal, symbol) {
  const { h } = ctx;
  const action = legal.get(`${verb}|${gid}`);
  const name = ctx.word(gid);
  const label = verb === "troop" ? tr(ctx, "troop_add", { general: name }, `One troop more for ${name}`) : tr(ctx, "troop_remove", { general: name }, `One troop less for ${name}`);
  return h(
    `button.btn.btn-small.ma-step.ma-${verb}`,
    action
      ? { type: "button", title: label, "aria-label": label, dataset: { target: JSON.stringify(action), action: JSON.stringify(action) }, onclick: () => ctx.act(action) }
      : { type: "button", disabled: true, "aria-label": label },
    symbol,
  );
}

function sheetPanel(ctx) {
  const { h, view } = ctx;
  const mine = powersOf(ctx, ctx.role);
  const legal = new Map();
  if (ctx.interactive) for (const a of view.actions || []) if (SHEET_VERBS.has(a[0])) legal.set(`${a[0]}|${a[1]}`, a);
  const giving = legal.size > 0;
  const rows = [];
  for (const p of mine) {
    for (const [gid, g] of Object.entries(view.generals || {})) {
      const info = generalInfo(ctx, gid);
      if (info.power !== p || typeof g.troops !== "number") continue;
      const off = (view.out || []).includes(gid);
      rows.push(
        h(
          "tr",
          { dataset: { general: gid, power: p } },
          h("th", { scope: "row" }, h("span.swatch", { style: { background: nationColour(ctx, p) } }), info.name),
          h("td.num", null, String(info.rank)),
          h("td.num", null, String(info.minimum)),
          h("td.num.ma-troops", null, String(g.troops)),
          giving ? h("td.ma-give", null, sheetButton(ctx, "untroop", gid, legal, "−"), sheetButton(ctx, "troop", gid, legal, "+")) : null,
          h("td", null, off ? tr(ctx, "not_in_play", null, "not in play") : g.city ? ctx.word(g.city) : tr(ctx, "off_map", null, "off the map"), g.down ? ` · ${tr(ctx, "down", null, "face down")}` : ""),
        ),
      );
    }
  }
  if (!rows.length) return null;
  const args = (view.prompt && view.prompt.args) || {};
  let note = null;
  if (view.phase === "setup" && typeof args.n === "number") note = h("p.small.ma-left", null, tr(ctx, "to_allocate", { n: args.n }, `${args.n} troops left to allocate, in secret (§4)`));
  else if (view.prompt && view.prompt.text === "prompt.reinforce" && typeof args.n === "number") note = h("p.small.ma-left", null, tr(ctx, "to_reinforce", { n: args.n, power: args.power }, `${args.n} new troops to give (§13)`));
  return panel(
    ctx,
    "ma-sheet",
    tr(ctx, "army_sheet", null, "Your army sheet"),
    h(
      "table.ma-table",
      null,
      h("thead", null, h("tr", null, ["general", "rank", "minimum", "troops", giving ? "give" : null, "where"].filter(Boolean).map((k) => h("th", { scope: "col" }, tr(ctx, `col_${k}`, null, k))))),
      h("tbody", null, rows),
    ),
    note,
  );
}

// §11.1: the battle under way (troops revealed, the running score, who may play, with which
// suit) and the attacks still due; §11.2: the retreat the winner is choosing.
function combatPanel(ctx) {
  const { h, view } = ctx;
  const parts = [];
  const b = view.battle;
  if (b) {
    const side = (key, gid, troops, suit) => {
      const info = generalInfo(ctx, gid);
      return h(
        "div.ma-side",
        { dataset: { side: key }, class: `ma-side${b.right === key ? " to-play" : ""}` },
        h("span.swatch", { style: { background: nationColour(ctx, info.power) } }),
        h("strong", null, gid ? ctx.word(gid) : "–"),
        ` ${tr(ctx, "troops_n", { n: troops }, `${troops} troops`)} · `,
        h("span.ma-suit", { style: { color: SUIT_INK[suit] } }, `${SUIT[suit] ? SUIT[suit].symbol : ""} ${ctx.word(suit)}`),
      );
    };
    parts.push(
      side("attacker", b.attacker, b.troops[0], b.suits.attacker),
      side("defender", b.defender, b.troops[1], b.suits.defender),
      h(
        "p.ma-score",
        null,
        tr(ctx, "score", { score: b.score, n: b.cards_played }, `Score ${b.score} for the attacker, ${b.cards_played} cards played`),
        " · ",
        tr(ctx, `now_${b.right}`, null, `${b.right} to play`),
      ),
    );
  }
  if (view.retreat) {
    const r = view.retreat;
    parts.push(h("p.ma-retreat", null, tr(ctx, "retreat", { general: ctx.word(r.general), city: ctx.word(r.at), n: r.left, winner: ctx.word(r.winner) }, `${ctx.word(r.general)} retreats from ${ctx.word(r.at)}: ${r.left} cities to go, the way chosen by ${ctx.word(r.winner)} (§11.2)`)));
  }
  if (!b && view.attacks && view.attacks.length) {
    parts.push(h("ul.ma-attacks", null, view.attacks.map((x) => h("li", null, tr(ctx, "attack", { attacker: ctx.word(x.attacker), defender: ctx.word(x.defender) }, `${ctx.word(x.attacker)} must attack ${ctx.word(x.defender)}`)))));
  }
  if (!parts.length) return null;
  return panel(ctx, "ma-combat", tr(ctx, "combat", null, "Combat (§11)"), ...parts);
}

// §13 winter recruiting, and any cost being paid (§8: any suits, no change given).
function paymentPanel(ctx) {
  const { h, view } = ctx;
  const parts = [];
  if (view.winter) {
    const w = view.winter;
    parts.push(h("p", null, tr(ctx, "winter", { power: ctx.word(w.power), paid: w.paid, n: w.recruits }, `${ctx.word(w.power)} recruits at 4 points a troop: ${w.paid} points paid, ${w.recruits} new troops to give`)));
  }
  if (view.paying) {
    const p = view.paying;
    parts.push(h("p", null, tr(ctx, "paying", { power: ctx.word(p.power), cost: p.cost, paid: p.paid, why: ctx.word(p.why) }, `${ctx.word(p.power)} pays ${p.cost} points (${ctx.word(p.why)}): ${p.paid} paid`)));
  }
  if (!parts.length) return null;
  return panel(ctx, "ma-winter", view.winter ? tr(ctx, "winter_title", null, "Winter (§13)") : tr(ctx, "paying_title", null, "Payment (§8)"), ...parts);
}

// §17: the political display: the tracks with their markers, the cards face up, what each
// superpower has placed, the emperor and the pools (§15).
function politicsPanel(ctx) {
  const { h, view, board } = ctx;
  const pol = view.political;
  if (!pol || !pol.tracks || !Object.keys(pol.tracks).length) return null;
  const tracks = (board.raw && board.raw.tracks) || {};
  const lang = currentLang();
  const cards = (board.raw && board.raw.political_cards) || {};
  const title = (id) => (cards[id] ? (lang === "it" && cards[id].title_it) || cards[id].title : ctx.word(id));
  const text = (id) => (cards[id] ? (lang === "it" && cards[id].text_it) || cards[id].text : "");
  const rows = Object.entries(pol.tracks).map(([tid, at]) => {
    const t = tracks[tid] || { spaces: [] };
    return h(
      "div.ma-track",
      { dataset: { track: tid, space: at } },
      h("span.ma-track-name", null, (lang === "it" && t.name_it) || t.name || ctx.word(tid)),
      h(
        "ol.ma-spaces",
        null,
        t.spaces.map((icons, i) =>
          h(
            "li",
            { class: i === at ? "here" : "", title: icons.map((x) => `${tr(ctx, `icon_${x.icon}`, null, x.icon)} (${ctx.word(x.power)})`).join(", ") || String(i) },
            i === at ? "●" : icons.length ? "◦" : "·",
          ),
        ),
      ),
    );
  });
  const shown = (pol.shown || []).map((id) => h("li", { dataset: { card: id } }, h("strong", null, title(id)), text(id) ? h("span.small.muted", null, ` ${text(id)}`) : null));
  const placed = Object.entries(pol.placed || {}).map(([p, c]) => h("li", null, `${ctx.word(p)}: `, c === "hidden" ? tr(ctx, "face_down_card", null, "a card face down") : cardFace(ctx, c)));
  const pools = Object.entries(view.pools || {}).map(([p, n]) => `${ctx.word(p)} ${n}`).join(" · ");
  return panel(
    ctx,
    "ma-politics",
    tr(ctx, "politics", null, "Political display (§17)"),
    rows,
    pol.suit ? h("p.small", null, tr(ctx, "dominant", { suit: ctx.word(pol.suit) }, `Dominant suit: ${ctx.word(pol.suit)}`)) : null,
    shown.length ? h("ul.ma-pcards", null, shown) : null,
    placed.length ? h("ul.ma-placed", null, placed) : null,
    pol.emperor ? h("p.small", null, tr(ctx, "emperor", { power: ctx.word(pol.emperor) }, `Emperor: ${ctx.word(pol.emperor)}`)) : null,
    pools ? h("p.small", null, `${tr(ctx, "pools", null, "Victory markers in the pools")}: ${pools}`) : null,
  );
}

export function widgets(ctx) {
  const v = ctx.view;
  if (!v || !v.generals) return [];
  // the political display heads the column while the political phase is under way (§17-§20)
  const political = ["politics", "election", "changes", "contracts"].includes(v.phase);
  const panels = [combatPanel(ctx), paymentPanel(ctx), handPanel(ctx), sheetPanel(ctx)];
  return (political ? [politicsPanel(ctx), ...panels] : [...panels, politicsPanel(ctx)]).filter(Boolean);
}

// §6, §8: what every seat may know of a power: its troop total, its hand size, its pool.
export function playerStats(role, ctx) {
  const v = ctx.view;
  if (!v || !v.generals) return [];
  return powersOf(ctx, role).map((p) => {
    const parts = [tr(ctx, "troops_n", { n: v.troop_totals[p] }, `${v.troop_totals[p]} troops`), tr(ctx, "cards_n", { n: v.hand_sizes[p] ?? 0 }, `${v.hand_sizes[p] ?? 0} cards`)];
    if (v.pools && p in v.pools) parts.push(tr(ctx, "pool_n", { n: v.pools[p] }, `pool ${v.pools[p]}`));
    return { label: ctx.word(p), value: parts.join(" · ") };
  });
}

export function privatePanel() {
  return null; // the hand and the army sheet are drawn beside the map, for the seat shown only
}

// §5: the turn, the phase under way and whose action phase it is.
export function infoPanel(ctx) {
  const { view } = ctx;
  if (!view || !view.generals) return null;
  return statsPanel(ctx, [
    [tr(ctx, "turn", null, "Turn"), `${view.turn} / ${view.last_turn}`],
    [tr(ctx, "phase", null, "Phase"), ctx.gtext(`phase.${view.phase}`) ?? view.phase],
    [tr(ctx, "acting", null, "Action phase of"), view.acting && view.acting.length ? view.acting.map((p) => ctx.word(p)).join(", ") : "–"],
    [tr(ctx, "deck", null, "Draw pile"), tr(ctx, "cards_n", { n: view.pile }, `${view.pile} cards`)],
  ]);
}

// --- the battle report (the panel beside the map, in replays too) ---------------------------------
// The last battle of the log: both generals with their troops, every card played with the score
// it made (§11.1), the losses and the retreat (§11.2), the victory points (§16).
const PLAY_EVENTS = new Set(["ev.play"]);
const AFTER_EVENTS = new Set(["ev.tie", "ev.defeat", "ev.retreat", "ev.no_retreat", "ev.general_removed", "ev.victory_points", "ev.victory_points_lost", "ev.transfer"]);

export function battle(ctx, log) {
  const i = lastEntry(log, "ev.battle");
  if (i < 0) return null;
  const ev = log[i];
  const args = ev.args || {};
  const pa = generalInfo(ctx, args.attacker).power;
  const pd = generalInfo(ctx, args.defender).power;
  const plays = [];
  const after = [];
  for (let j = i + 1; j < log.length && log[j].msg !== "ev.battle"; j++) {
    const e = log[j];
    if (PLAY_EVENTS.has(e.msg)) plays.push(e);
    else if (AFTER_EVENTS.has(e.msg)) after.push(e);
    else if (e.msg === "ev.phase" || e.msg === "ev.turn") break;
  }
  const message = (e) => ctx.screen.message(e.msg, e.args);
  const attackerPowers = new Set([pa]);
  // §11.1: the loser loses as many troops as the final score, never more than it commanded
  // (all of them when it withdrew at once); the troops were revealed when the battle began
  const defeat = after.find((e) => e.msg === "ev.defeat");
  const losses = (gid, troops) => {
    if (!defeat || defeat.args.general !== gid) return [];
    const n = defeat.args.withdraw ? troops : Math.min(defeat.args.n, troops);
    return [tr(ctx, "lost_troops", { n, left: troops - n }, `loses ${n} troops, ${troops - n} left (§11.1)`)];
  };
  const side = (key, gid, power, troops) => ({
    side: key,
    name: `${ctx.word(gid)} · ${tr(ctx, "troops_n", { n: troops }, `${troops} troops`)}`,
    color: nationColour(ctx, power) || "#777",
    mod: 0,
    shots: [],
    cards: plays
      .filter((e) => (key === "attacker" ? attackerPowers.has(e.args.power) : !attackerPowers.has(e.args.power)))
      .map((e) => ({ name: e.args.card, value: e.args.value, score: e.args.score })),
    lost: [...losses(gid, troops), ...after.filter((e) => e.args && (e.args.general === gid || (e.msg.startsWith("ev.victory") && e.args.power === power))).map(message)],
  });
  const sides = [side("attacker", args.attacker, pa, args.ta), side("defender", args.defender, pd, args.td)];
  const used = new Set(sides.flatMap((sd) => sd.lost));
  return {
    key: `${ev.step}|${i}|${args.attacker}|${args.defender}`,
    version: `${plays.length}|${after.length}`,
    title: tr(ctx, "battle_title", { attacker: ctx.word(args.attacker), defender: ctx.word(args.defender) }, `${ctx.word(args.attacker)} attacks ${ctx.word(args.defender)}`),
    subtitle: tr(ctx, "battle_sub", { score: args.ta - args.td }, `The score starts at ${args.ta - args.td}, the troop difference; the side behind plays a card of its sector's suit or stops (§11.1)`),
    sides,
    renderCard: (c) => cardFace(ctx, c.name, { title: tr(ctx, "card_score", { card: ctx.word(c.name), value: c.value, score: c.score }, `${ctx.word(c.name)} for ${c.value}: ${c.score}`) }, c.value),
    outcome: after.map(message).filter((x) => !used.has(x)).join(" "),
  };
}
