// A generic map renderer for any game's static board data.
//
// The board gives areas with a position (longitude/latitude, or planar x/y), a kind (land or
// sea), a terrain, and borders between areas with a type (land, sea, strait, mixed...). The
// areas are drawn as a Voronoi tessellation of their projected positions, each cell clipped to
// an irregular blob around its site so the coast looks drawn rather than boxed; shared edges are
// wobbled the same way from both sides, and styled by the border type the board declares.
// Game adapters draw their pieces on top through `layer()` and `anchor()`.

import { overlapArea, placeLabels } from "./labels.js";
import { s, clear, humanize } from "./core.js";

const WIDTH = 1000;

// --- board data ------------------------------------------------------------------------

function asList(value) {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === "object") {
    return Object.entries(value).map(([id, v]) => (v && typeof v === "object" && !Array.isArray(v) ? { id, ...v } : { id, value: v }));
  }
  return [];
}

function position(a) {
  const pair = (p) => (Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === "number") ? p : null);
  if (typeof a.lon === "number" && typeof a.lat === "number") return { lon: a.lon, lat: a.lat };
  if (typeof a.lng === "number" && typeof a.lat === "number") return { lon: a.lng, lat: a.lat };
  for (const key of ["pos", "position", "lonlat", "coords", "center", "centre"]) {
    const v = a[key];
    if (pair(v)) return { lon: v[0], lat: v[1] };
    if (v && typeof v === "object") {
      if (typeof v.lon === "number" && typeof v.lat === "number") return { lon: v.lon, lat: v.lat };
      if (typeof v.x === "number" && typeof v.y === "number") return { x: v.x, y: v.y };
    }
  }
  if (pair(a.xy)) return { x: a.xy[0], y: a.xy[1] };
  if (typeof a.x === "number" && typeof a.y === "number") return { x: a.x, y: a.y };
  return null;
}

const SEA_KINDS = new Set(["sea", "ocean", "water", "lake", "sea_zone", "sea-zone"]);

export function normalizeBoard(raw) {
  raw = raw || {};
  const areas = [];
  const byId = new Map();
  const add = (a, forcedKind) => {
    const id = String(a.id ?? a.key ?? a.name);
    if (!id || byId.has(id)) return;
    const kind = forcedKind || (a.sea === true ? "sea" : a.kind || a.type || "land");
    const area = {
      ...a,
      id,
      name: a.name || a.title || humanize(id),
      kind,
      sea: SEA_KINDS.has(String(kind).toLowerCase()),
      terrain: a.terrain || a.kind || "",
      pos: position(a),
    };
    areas.push(area);
    byId.set(id, area);
  };
  for (const a of asList(raw.areas || raw.regions || raw.provinces || raw.spaces)) add(a);
  for (const a of asList(raw.seas || raw.sea_areas)) add(a, "sea");

  for (const c of asList(raw.cities || raw.city_sites || raw.sites)) {
    const where = String(c.area ?? c.region ?? c.id);
    const area = byId.get(where);
    if (area && !area.city) area.city = c;
  }
  for (const area of areas) {
    // a city site given on the area itself: site: "gold" / city_site: {...}
    const site = area.site ?? area.city_site;
    if (!area.city && site) area.city = typeof site === "object" ? site : { resource: site };
  }

  const borders = [];
  const seen = new Set();
  const addBorder = (a, b, type) => {
    if (a == null || b == null) return;
    a = String(a);
    b = String(b);
    const k = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (seen.has(k)) return;
    seen.add(k);
    type = String(type || "land");
    const A = byId.get(a);
    const B = byId.get(b);
    if (type === "sea" && A && B && A.sea !== B.sea) type = "coast";
    borders.push({ a, b, type });
  };
  const byIndex = (i) => (areas[i] ? areas[i].id : undefined);
  for (const pair of raw.straits || []) if (Array.isArray(pair)) addBorder(byIndex(pair[0]) ?? pair[0], byIndex(pair[1]) ?? pair[1], "strait");
  for (const e of asList(raw.borders || raw.edges || raw.connections)) {
    if (Array.isArray(e)) addBorder(e[0], e[1], e[2]);
    else if (Array.isArray(e.areas)) addBorder(e.areas[0], e.areas[1], e.type || e.kind);
    else addBorder(e.a ?? e.from, e.b ?? e.to, e.type || e.kind);
  }
  // adjacency as lists indexed by area position: land_adj, sea_adj, coasts...; straits as pairs
  for (const [key, value] of Object.entries(raw)) {
    if (!Array.isArray(value) || !value.length) continue;
    const m = key.match(/^(\w+?)_?(adj|adjacency|coasts?)$/);
    if (key === "coasts" || m) {
      if (value.length !== areas.length || !value.every(Array.isArray)) continue;
      const type = key.startsWith("coast") ? "coast" : m[1];
      value.forEach((list, i) => list.forEach((j) => addBorder(byIndex(i), byIndex(j), type)));
    }
  }
  const adj = raw.adjacency || raw.neighbours || raw.neighbors;
  if (adj && typeof adj === "object") {
    for (const [a, list] of Object.entries(adj)) {
      if (Array.isArray(list)) for (const b of list) addBorder(a, b, "land");
      else if (list && typeof list === "object") for (const [b, type] of Object.entries(list)) addBorder(a, b, type);
    }
  }
  return { raw, areas, byId, borders, tracks: raw.tracks || null, title: raw.title || raw.name || "" };
}

// --- geometry ---------------------------------------------------------------------------

function project(areas) {
  const placed = areas.filter((a) => a.pos);
  if (!placed.length) {
    // no positions: lay the areas on a grid so the game is still playable
    const cols = Math.ceil(Math.sqrt(areas.length * 1.5)) || 1;
    areas.forEach((a, i) => {
      a.x = ((i % cols) + 0.5) * (WIDTH / cols);
      a.y = (Math.floor(i / cols) + 0.5) * (WIDTH / cols) * 0.8;
    });
    return;
  }
  const geo = placed.some((a) => "lon" in a.pos);
  const lat0 = geo ? placed.reduce((acc, a) => acc + a.pos.lat, 0) / placed.length : 0;
  const k = Math.cos((lat0 * Math.PI) / 180);
  const pts = placed.map((a) => (geo ? [a.pos.lon * k, -a.pos.lat] : [a.pos.x, a.pos.y]));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const span = Math.max(Math.max(...xs) - minX, (Math.max(...ys) - minY) * 1.4, 1e-6);
  const scale = (WIDTH * 0.84) / span;
  placed.forEach((a, i) => {
    a.x = WIDTH * 0.08 + (pts[i][0] - minX) * scale;
    a.y = WIDTH * 0.08 + (pts[i][1] - minY) * scale;
  });
  // areas without a position sit below the map in a row
  const loose = areas.filter((a) => !a.pos);
  const bottom = Math.max(...placed.map((a) => a.y)) + WIDTH * 0.12;
  loose.forEach((a, i) => {
    a.x = WIDTH * 0.1 + i * ((WIDTH * 0.8) / Math.max(loose.length, 1));
    a.y = bottom;
  });
}

function hash(n) {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return (x >>> 0) / 4294967296;
}

function strHash(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) h = Math.imul(h ^ str.charCodeAt(i), 16777619);
  return h >>> 0;
}

// Clip a polygon (vertices {x, y, e}: e labels the edge to the next vertex) by the half-plane
// of points nearer to p than to q, less `inset` (half a channel of water between them); the new
// edge is labelled `label`.
function clipBisector(poly, p, q, label, inset = 0) {
  const mx = (p.x + q.x) / 2;
  const my = (p.y + q.y) / 2;
  const nx = q.x - p.x;
  const ny = q.y - p.y;
  const lift = inset * Math.hypot(nx, ny);
  const side = (v) => (v.x - mx) * nx + (v.y - my) * ny + lift;
  const out = [];
  for (let i = 0; i < poly.length; i++) {
    const v = poly[i];
    const w = poly[(i + 1) % poly.length];
    const sv = side(v);
    const sw = side(w);
    if (sv <= 0) out.push(v);
    if ((sv <= 0) !== (sw <= 0)) {
      const t = sv / (sv - sw);
      const ix = { x: v.x + (w.x - v.x) * t, y: v.y + (w.y - v.y) * t };
      if (sv <= 0) out.push({ ...ix, e: label });
      else out.push({ ...ix, e: v.e });
    }
  }
  return out;
}

function blob(site, radius, seed) {
  const n = 44;
  const ph = [hash(seed) * 6.28, hash(seed + 1) * 6.28, hash(seed + 2) * 6.28];
  const pts = [];
  for (let k = 0; k < n; k++) {
    const a = (k / n) * Math.PI * 2;
    const r = radius * (1 + 0.09 * Math.sin(2 * a + ph[0]) + 0.06 * Math.sin(3 * a + ph[1]) + 0.035 * Math.sin(5 * a + ph[2]));
    pts.push({ x: site.x + r * Math.cos(a), y: site.y + r * Math.sin(a), e: -1 });
  }
  return pts;
}

// Points of the wobbled edge a→b shared by sites lo and hi (the same from both sides).
function wobble(a, b, lo, hi, seed) {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len < 6) return [];
  let ux = hi.x - lo.x;
  let uy = hi.y - lo.y;
  const ul = Math.hypot(ux, uy) || 1;
  ux /= ul;
  uy /= ul;
  // the edge runs along v (perpendicular to lo→hi); s measures along it
  const vx = -uy;
  const vy = ux;
  const mx = (lo.x + hi.x) / 2;
  const my = (lo.y + hi.y) / 2;
  const sa = (a.x - mx) * vx + (a.y - my) * vy;
  const sb = (b.x - mx) * vx + (b.y - my) * vy;
  const s0 = Math.min(sa, sb);
  const s1 = Math.max(sa, sb);
  const amp = Math.min(len * 0.07, 7);
  const f1 = 0.045 + hash(seed) * 0.03;
  const f2 = 0.11 + hash(seed + 7) * 0.05;
  const p1 = hash(seed + 3) * 6.28;
  const p2 = hash(seed + 5) * 6.28;
  const steps = Math.max(2, Math.min(10, Math.round(len / 9)));
  const out = [];
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    const px = a.x + (b.x - a.x) * t;
    const py = a.y + (b.y - a.y) * t;
    const sv = (px - mx) * vx + (py - my) * vy;
    const taper = Math.sin((Math.PI * (sv - s0)) / (s1 - s0 || 1));
    const off = amp * taper * (0.7 * Math.sin(sv * f1 + p1) + 0.3 * Math.sin(sv * f2 + p2));
    out.push({ x: px + ux * off, y: py + uy * off });
  }
  return out;
}

// Two land areas on different islands (or an island and the mainland) are drawn with water
// between them, as the board has it: what joins them is a crossing, drawn as a link.
export function apart(a, b) {
  return !a.sea && !b.sea && !!(a.island || b.island) && a.island !== b.island;
}

function tessellate(areas) {
  const n = areas.length;
  const nn = areas.map((a, i) => {
    let best = Infinity;
    for (let j = 0; j < n; j++) if (j !== i) best = Math.min(best, Math.hypot(areas[j].x - a.x, areas[j].y - a.y));
    return best;
  });
  const sorted = [...nn].filter(Number.isFinite).sort((x, y) => x - y);
  const spacing = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 120;
  const radius = spacing * 1.05;
  const cells = areas.map((a, i) => {
    let poly = blob(a, a.sea ? radius * 1.1 : radius, strHash(a.id));
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const b = areas[j];
      if (Math.hypot(b.x - a.x, b.y - a.y) > radius * 2.4) continue;
      poly = clipBisector(poly, a, b, j, apart(a, b) ? spacing * 0.05 : 0);
      if (poly.length < 3) break;
    }
    return poly;
  });
  // expand each edge into its wobbled points, remembering which neighbour it faces
  const shapes = cells.map((poly, i) => {
    const pts = [];
    const edges = [];
    for (let k = 0; k < poly.length; k++) {
      const v = poly[k];
      const w = poly[(k + 1) % poly.length];
      pts.push(v);
      if (v.e >= 0) {
        const j = v.e;
        const lo = i < j ? areas[i] : areas[j];
        const hi = i < j ? areas[j] : areas[i];
        const mid = wobble(v, w, lo, hi, strHash(lo.id + "|" + hi.id));
        pts.push(...mid);
        edges.push({ j, pts: [v, ...mid, w] });
      }
    }
    return { pts, edges };
  });
  return { shapes, spacing };
}

function inradius(site, pts) {
  let best = Infinity;
  for (let k = 0; k < pts.length; k++) {
    const a = pts[k];
    const b = pts[(k + 1) % pts.length];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const l2 = dx * dx + dy * dy || 1;
    const t = Math.max(0, Math.min(1, ((site.x - a.x) * dx + (site.y - a.y) * dy) / l2));
    best = Math.min(best, Math.hypot(site.x - (a.x + t * dx), site.y - (a.y + t * dy)));
  }
  return Number.isFinite(best) ? best : 30;
}

const pathOf = (pts, closed = true) =>
  pts.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join("") + (closed ? "Z" : "");

// --- tints ------------------------------------------------------------------------------

const TERRAIN = {
  plain: "#eadcb4",
  plains: "#eadcb4",
  grassland: "#dfe0ad",
  hills: "#dcc692",
  hill: "#dcc692",
  mountain: "#cbb595",
  mountains: "#cbb595",
  forest: "#c4d3a0",
  woods: "#c4d3a0",
  marsh: "#c9d6b6",
  swamp: "#c9d6b6",
  desert: "#f0dca6",
  steppe: "#e6d9a8",
  island: "#e8d9ad",
  normal: "#eadcb4",
  highland: "#dcc692",
  entry: "#d9d0bd",
};

export function landTint(area) {
  const base = (area.kind === "entry" && TERRAIN.entry) || TERRAIN[String(area.terrain || "").toLowerCase()] || "#e9dab0";
  const r = parseInt(base.slice(1, 3), 16);
  const g = parseInt(base.slice(3, 5), 16);
  const b = parseInt(base.slice(5, 7), 16);
  const d = Math.round((hash(strHash(area.id)) - 0.5) * 16);
  const c = (v) => Math.max(0, Math.min(255, v + d)).toString(16).padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

// --- the view --------------------------------------------------------------------------

export class MapView {
  constructor(container, board, { onTarget, onInspect, label } = {}) {
    this.container = container;
    this.board = board;
    this.onTarget = onTarget || (() => {});
    this.onInspect = onInspect || null;
    this.label = label || ((area) => area.name);
    this.targets = new Map();
    this.anchors = new Map();
    this.cellNodes = new Map();
    this.build();
  }

  build() {
    const { areas } = this.board;
    project(areas);
    const { shapes, spacing } = tessellate(areas);
    this.spacing = spacing;
    const xs = areas.map((a) => a.x);
    const ys = areas.map((a) => a.y);
    const pad = spacing * 1.15;
    this.home = {
      x: Math.min(...xs) - pad,
      y: Math.min(...ys) - pad,
      w: Math.max(...xs) - Math.min(...xs) + pad * 2,
      h: Math.max(...ys) - Math.min(...ys) + pad * 2,
    };
    if (!areas.length) this.home = { x: 0, y: 0, w: WIDTH, h: WIDTH * 0.6 };
    this.vb = { ...this.home };
    const fs = Math.max(9, Math.min(17, spacing * 0.13));
    this.fontSize = fs;

    const svg = s("svg", {
      class: "map",
      viewBox: this.vbString(),
      role: "group",
      "aria-label": this.board.title || "map",
      preserveAspectRatio: "xMidYMid meet",
    });
    const defs = s(
      "defs",
      null,
      s(
        "pattern",
        { id: "waves", width: 36, height: 18, patternUnits: "userSpaceOnUse" },
        s("path", { d: "M0 9 q 9 -6 18 0 t 18 0", fill: "none", stroke: "#ffffff", "stroke-opacity": 0.22, "stroke-width": 1.2 }),
      ),
      s(
        "radialGradient",
        { id: "seaGrad", cx: "50%", cy: "45%", r: "75%" },
        s("stop", { offset: "0%", "stop-color": "#a9cfe0" }),
        s("stop", { offset: "100%", "stop-color": "#6f9fbd" }),
      ),
      s(
        "filter",
        { id: "landShadow", x: "-10%", y: "-10%", width: "120%", height: "120%" },
        s("feDropShadow", { dx: 0, dy: 2, stdDeviation: 3, "flood-color": "#2d4a5c", "flood-opacity": 0.35 }),
      ),
      s(
        "filter",
        { id: "glow", x: "-50%", y: "-50%", width: "200%", height: "200%" },
        s("feGaussianBlur", { stdDeviation: 4, result: "b" }),
        s("feMerge", null, s("feMergeNode", { in: "b" }), s("feMergeNode", { in: "SourceGraphic" })),
      ),
    );
    svg.append(defs);
    const far = WIDTH * 20;
    svg.append(s("rect", { class: "sea-bg", x: -far, y: -far, width: far * 2, height: far * 2, fill: "url(#seaGrad)" }));
    svg.append(s("rect", { class: "sea-waves", x: -far, y: -far, width: far * 2, height: far * 2, fill: "url(#waves)" }));

    const cellsLand = s("g", { class: "cells land", filter: "url(#landShadow)" });
    const cellsSea = s("g", { class: "cells sea" });
    const borderLayer = s("g", { class: "borders" });
    const linkLayer = s("g", { class: "links" });
    const labelLayer = s("g", { class: "labels", "aria-hidden": "true" });
    this.layers = {};
    const borderType = new Map();
    for (const b of this.board.borders) {
      borderType.set(`${b.a}|${b.b}`, b.type);
      borderType.set(`${b.b}|${b.a}`, b.type);
    }
    const hasBorders = this.board.borders.length > 0;
    const touching = new Set();

    areas.forEach((a, i) => {
      const shape = shapes[i];
      if (shape.pts.length < 3) return;
      const d = pathOf(shape.pts);
      const cell = s("path", {
        class: ["cell", a.sea ? "cell-sea" : "cell-land"],
        d,
        fill: a.sea ? "#8fbdd6" : landTint(a),
        dataset: { area: a.id },
      });
      cell.append(s("title", null, a.name));
      (a.sea ? cellsSea : cellsLand).append(cell);
      this.cellNodes.set(a.id, cell);
      if (a.sea && a.city) {
        // an island with a city: a small land blob in the middle of its sea cell
        const r = Math.max(8, inradius(a, shape.pts) * 0.42);
        const isl = blob(a, r, strHash(a.id) + 11).map((p) => ({ x: p.x, y: p.y + r * 0.15 }));
        cellsSea.append(s("path", { class: "island", d: pathOf(isl), fill: landTint({ id: a.id, terrain: "island" }) }));
      }
      const r = inradius(a, shape.pts);
      this.anchors.set(a.id, { x: a.x, y: a.y, r: Math.max(r, 14), area: a });
      for (const e of shape.edges) {
        const other = areas[e.j];
        if (!other || apart(a, other)) continue; // water between: the crossing is a link
        touching.add(`${a.id}|${other.id}`);
        if (e.j < i) continue; // each shared edge once
        let type = borderType.get(`${a.id}|${other.id}`);
        if (!type) type = hasBorders ? "none" : "land";
        if (a.sea && other.sea && type === "none") type = "open";
        borderLayer.append(s("path", { class: `border border-${cssName(type)}`, d: pathOf(e.pts, false) }));
      }
    });
    // links between areas that border each other without touching on the drawing
    for (const b of this.board.borders) {
      if (touching.has(`${b.a}|${b.b}`)) continue;
      const A = this.board.byId.get(b.a);
      const B = this.board.byId.get(b.b);
      if (!A || !B || A.x === undefined || B.x === undefined) continue;
      const mx = (A.x + B.x) / 2;
      const my = (A.y + B.y) / 2;
      const dx = B.x - A.x;
      const dy = B.y - A.y;
      const bend = 0.12;
      const cx = mx - dy * bend;
      const cy = my + dx * bend;
      linkLayer.append(
        s("path", {
          class: `link link-${cssName(b.type)}`,
          dataset: { a: b.a, b: b.b },
          d: `M${A.x.toFixed(1)},${A.y.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${B.x.toFixed(1)},${B.y.toFixed(1)}`,
        }),
      );
    }
    this.labelLayer = labelLayer;
    this.placeLabels();
    const highlight = s("g", { class: "highlights" });
    const pieces = s("g", { class: "pieces" });
    const overlay = s("g", { class: "overlay" });
    this.layers = { pieces, overlay, labels: labelLayer, highlight };
    this.viewport = s("g", { class: "viewport" }, cellsSea, cellsLand, borderLayer, linkLayer, highlight, labelLayer, pieces, overlay);
    svg.append(this.viewport);
    this.svg = svg;
    clear(this.container).append(svg);
    this.wire();
  }

  // a layer for adapters: "pieces" (units, cities), "overlay" (markers above everything)
  layer(name) {
    return this.layers[name] || this.layers.pieces;
  }

  clearPieces() {
    clear(this.layers.pieces);
    clear(this.layers.overlay);
  }

  // where to draw things in an area: {x, y, r}
  anchor(id) {
    return this.anchors.get(String(id));
  }

  // A place that is not an area of the map but where a move may start or end (Revolution's
  // command blocks), at the point the adapter draws it: arrows and rings find it by its id,
  // and an arrow stops at the edge of the box of half-sizes ``w`` by ``h`` drawn there.
  setAnchor(id, { x, y, w = 0, h = 0 }) {
    this.anchors.set(String(id), { x, y, r: Math.max(w, h, 14), w, h });
  }

  relabel() {
    this.placeLabels(); // names change length with the language: place them again
  }

  // The area names, placed by labels.js so none overlaps another or the pieces' room; a name
  // moved away from its area gets a leader line.
  placeLabels() {
    this.labelItems = [];
    for (const a of this.board.areas) {
      const anchor = this.anchors.get(a.id);
      if (anchor) this.labelItems.push({ id: a.id, text: this.label(a), x: a.x, y: a.y, r: anchor.r, sea: !!a.sea });
    }
    this.labelSpots = placeLabels(this.labelItems, this.fontSize, { bounds: this.homeBox() });
    this.drawLabels(this.labelSpots);
    this.shownSpots = this.labelSpots;
    if (this.layers.pieces) this.avoidPieces();
  }

  homeBox() {
    const v = this.home;
    return v ? { x0: v.x, y0: v.y, x1: v.x + v.w, y1: v.y + v.h } : null;
  }

  drawLabels(spots) {
    const layer = this.labelLayer;
    clear(layer);
    for (const it of this.labelItems) {
      const p = spots.get(it.id);
      if (p.leader) {
        layer.append(s("line", { class: "label-leader", x1: it.x.toFixed(1), y1: it.y.toFixed(1), x2: p.x.toFixed(1), y2: (p.y - p.size * 0.3).toFixed(1) }));
      }
      layer.append(
        s("text", { class: it.sea ? "label label-sea" : "label", x: p.x.toFixed(1), y: p.y.toFixed(1), "font-size": p.size.toFixed(1), dataset: { area: it.id } }, it.text),
      );
    }
  }

  // After the pieces are drawn: a name that lies on a piece (a stack grown past the room kept
  // for it, a city's marker) moves to the nearest free spot, the other names staying where they
  // are; with the pieces gone it returns to its own place. Called after every drawing of pieces.
  avoidPieces() {
    if (!this.labelSpots || !this.svg.isConnected) return;
    const m = this.viewport.getScreenCTM();
    if (!m) return;
    const inv = m.inverse();
    const world = (x, y) => {
      const pt = this.svg.createSVGPoint();
      pt.x = x;
      pt.y = y;
      return pt.matrixTransform(inv);
    };
    const pieces = [];
    // an area's pieces, and what an adapter draws outside the areas but wants kept clear of names
    for (const node of this.layers.pieces.querySelectorAll("[data-area] > *, .keep-clear")) {
      const r = node.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      const a = world(r.left, r.top);
      const b = world(r.right, r.bottom);
      pieces.push({ x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) });
    }
    const hit = (box) => pieces.some((p) => overlapArea(box, p) > 0);
    const moving = this.labelItems.filter((it) => hit(this.labelSpots.get(it.id).box));
    let spots = this.labelSpots;
    if (moving.length) {
      const ids = new Set(moving.map((it) => it.id));
      const kept = this.labelItems.filter((it) => !ids.has(it.id)).map((it) => this.labelSpots.get(it.id).box);
      const moved = placeLabels(moving, this.fontSize, { placed: kept, zones: pieces, bounds: this.homeBox() });
      spots = new Map([...this.labelSpots, ...moved]);
    }
    if (spots !== this.shownSpots) {
      this.drawLabels(spots);
      this.shownSpots = spots;
    }
  }

  // targets: Map areaId → {label, actions}; everything else is inert
  setTargets(targets) {
    this.targets = targets;
    for (const [id, cell] of this.cellNodes) {
      const tgt = targets.get(id);
      cell.classList.toggle("target", !!tgt);
      if (tgt) {
        cell.setAttribute("tabindex", "0");
        cell.setAttribute("role", "button");
        cell.setAttribute("aria-label", tgt.label || this.board.byId.get(id).name);
      } else {
        cell.removeAttribute("tabindex");
        cell.removeAttribute("role");
        cell.removeAttribute("aria-label");
      }
    }
    this.svg.classList.toggle("has-targets", targets.size > 0);
  }

  setSelected(ids) {
    const set = new Set((ids || []).map(String));
    for (const [id, cell] of this.cellNodes) cell.classList.toggle("selected", set.has(id));
  }

  // --- zoom and pan ---------------------------------------------------------------------

  // Screen pixels per board unit where the board is first read: the whole board in its frame,
  // or, on a phone, where that would leave its names a few pixels high, the first view zoomed
  // until they read at about 9 px (at most 2.5 times). Pieces are sized to read at this scale.
  readingScale() {
    const w = this.svg ? this.svg.clientWidth : 0;
    const hgt = this.svg ? this.svg.clientHeight : 0;
    if (!w || !hgt) return 1;
    const whole = Math.min(w / this.home.w, hgt / this.home.h);
    const shown = this.fontSize * whole;
    if (window.innerWidth > 700 || shown >= 8.5) return whole; // a phone's screen, not a narrow map column
    return whole * Math.min(2.5, 9 / shown);
  }

  vbString() {
    const v = this.vb;
    return `${v.x.toFixed(2)} ${v.y.toFixed(2)} ${v.w.toFixed(2)} ${v.h.toFixed(2)}`;
  }

  applyView() {
    this.svg.setAttribute("viewBox", this.vbString());
  }

  // Room for what an adapter draws beyond the areas (a map's name above its frame): the whole
  // board's view grows to hold the box, and shows it at once if nothing is zoomed yet.
  extendHome({ x0, y0, x1, y1 }) {
    const h = this.home;
    const whole = ["x", "y", "w", "h"].every((k) => this.vb[k] === h[k]);
    const left = Math.min(h.x, x0);
    const top = Math.min(h.y, y0);
    this.home = { x: left, y: top, w: Math.max(h.x + h.w, x1) - left, h: Math.max(h.y + h.h, y1) - top };
    if (whole) {
      this.vb = { ...this.home };
      this.applyView();
    }
  }

  zoom(factor, cx, cy) {
    const v = this.vb;
    const minW = this.home.w / 8;
    const maxW = this.home.w * 1.3;
    const w = Math.max(minW, Math.min(maxW, v.w / factor));
    const k = w / v.w;
    if (cx === undefined) {
      cx = v.x + v.w / 2;
      cy = v.y + v.h / 2;
    }
    this.vb = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w, h: v.h * k };
    this.applyView();
  }

  reset() {
    this.vb = { ...this.home };
    this.applyView();
  }

  // focus the view on an area (keyboard users, "show me")
  centreOn(id) {
    const a = this.anchor(id);
    if (!a) return;
    this.vb.x = a.x - this.vb.w / 2;
    this.vb.y = a.y - this.vb.h / 2;
    this.applyView();
  }

  toWorld(clientX, clientY) {
    const pt = this.svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const m = this.svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = pt.matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  wire() {
    const svg = this.svg;
    svg.addEventListener(
      "wheel",
      (ev) => {
        ev.preventDefault();
        const p = this.toWorld(ev.clientX, ev.clientY);
        this.zoom(Math.exp(-ev.deltaY * (ev.deltaMode ? 0.05 : 0.0018)), p.x, p.y);
      },
      { passive: false },
    );
    const pointers = new Map();
    let moved = 0;
    let pinch = null;
    svg.addEventListener("pointerdown", (ev) => {
      if (ev.button !== undefined && ev.button > 0) return;
      pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      if (pointers.size === 1) moved = 0;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) };
      }
    });
    const end = (ev) => {
      pointers.delete(ev.pointerId);
      if (pointers.size < 2) pinch = null;
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    svg.addEventListener("pointerleave", end);
    svg.addEventListener("pointermove", (ev) => {
      const last = pointers.get(ev.pointerId);
      if (!last) return;
      const now = { x: ev.clientX, y: ev.clientY };
      if (pointers.size === 1) {
        const dx = now.x - last.x;
        const dy = now.y - last.y;
        moved += Math.abs(dx) + Math.abs(dy);
        if (moved > 6) {
          if (!svg.hasPointerCapture(ev.pointerId)) svg.setPointerCapture(ev.pointerId);
          const a = this.toWorld(last.x, last.y);
          const b = this.toWorld(now.x, now.y);
          this.vb.x -= b.x - a.x;
          this.vb.y -= b.y - a.y;
          this.applyView();
          svg.classList.add("dragging");
        }
      } else if (pointers.size === 2 && pinch) {
        pointers.set(ev.pointerId, now);
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        const mid = this.toWorld((a.x + b.x) / 2, (a.y + b.y) / 2);
        if (pinch.d > 0) this.zoom(d / pinch.d, mid.x, mid.y);
        pinch.d = d;
        moved = 100;
        return;
      }
      pointers.set(ev.pointerId, now);
    });
    svg.addEventListener(
      "click",
      (ev) => {
        svg.classList.remove("dragging");
        if (moved > 6) {
          ev.stopPropagation();
          ev.preventDefault();
          moved = 0;
          return;
        }
        const cell = ev.target.closest && ev.target.closest("[data-area]");
        const target = ev.target.closest && ev.target.closest("[data-target]");
        if (target) return; // adapter widgets handle their own clicks
        if (!cell) return;
        const id = cell.dataset.area;
        const tgt = this.targets.get(id);
        if (tgt) this.onTarget(id, tgt, ev);
        else if (this.onInspect) this.onInspect(id, ev);
      },
      true,
    );
    svg.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      const cell = ev.target.closest && ev.target.closest(".cell[data-area]");
      if (!cell) return;
      const tgt = this.targets.get(cell.dataset.area);
      if (!tgt) return;
      ev.preventDefault();
      this.onTarget(cell.dataset.area, tgt, ev);
    });
  }
}

function cssName(text) {
  return String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
