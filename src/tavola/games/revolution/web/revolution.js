// Revolution: The Dutch Revolt. On the map, each province's tokens in the countryside, its
// cities and towns with their tokens and card holders, and the province card with the tokens
// against the limit. Beside the map: the phase track with the turn order and who has played
// the phase, the command blocks with their armies and sieges, the support boxes space by space,
// the Allegiance track, the bishoprics and universities, and each faction's treasury, stock
// and VP by source. Choices that end in a count (tokens to place or move, coins to spend) are
// one click each: a row per place with a button per count.

import { tokenRow, jumpHint, statsPanel } from "/static/games/generic.js";
import { currentLang } from "/static/js/core.js";

const COLOURS = { yellow: "#d9a81e", red: "#b8322a", green: "#2e8b57", blue: "#2e6db4", orange: "#e07b22" };
const NEUTRAL = "#9a9184";
const INK = "#2b2119";
const OWNERS = 6; // five factions and the neutrals, in the state's order
const ABANDONED = 10;
const BEGGARS = 6;
// Choices whose noun is a province, taken by a click on the map; the others name regions
// (command blocks), cities or boxes and stay buttons (region ids share names with provinces).
export const areaVerbs = ["ask", "neutral"];
// Verbs whose last element is a count: shown as one row per target, a button per count.
const COUNTED = { place: 1, overflow: 2, support: 2, city: 1, spend: 1, box: 1 };

function info(ctx) {
  return ctx.board.raw.revolution || {};
}

function tr(ctx, key, args, fallback) {
  const hit = ctx.gtext(`ui.${key}`, args);
  if (hit !== undefined) return hit;
  return String(fallback).replace(/\{(\w+)\}/g, (m, k) => (args && k in args ? args[k] : m));
}

function factionIds(ctx) {
  return (info(ctx).factions || []).map((f) => f.id);
}

function ownerColour(ctx, o) {
  if (o === 5) return NEUTRAL;
  if (o === BEGGARS) return "#1d4f6e";
  const f = (info(ctx).factions || [])[o];
  return f ? COLOURS[f.colour] || f.colour : "#777";
}

function ownerName(ctx, o) {
  if (o === 5) return tr(ctx, "neutral", null, "neutral");
  if (o === BEGGARS) return tr(ctx, "beggars", null, "Water Beggars");
  const id = factionIds(ctx)[o];
  return id ? ctx.word(id) : "–";
}

function named(ctx, id) {
  return ctx.word(id);
}

function inkFor(colour) {
  return colour === COLOURS.yellow || colour === COLOURS.orange ? "#231c15" : "#fff";
}

// the factions a role plays (two each in the 2-player game, §3.1)
function factionsOf(ctx, role) {
  const v = ctx.view || {};
  const ids = factionIds(ctx);
  return (v.factions || []).filter((o) => v.seat && v.seat[ids[o]] === role);
}

export function roleColour(role, ctx) {
  const mine = factionsOf(ctx, role);
  return mine.length ? ownerColour(ctx, mine[0]) : null;
}

export function nationColour(ctx, id) {
  const i = factionIds(ctx).indexOf(id);
  return i >= 0 ? ownerColour(ctx, i) : null;
}

function tally(list) {
  return list.reduce((a, b) => a + b, 0);
}

function tokensTitle(ctx, counts) {
  return counts
    .map((k, o) => (k ? `${ownerName(ctx, o)} ${k}` : null))
    .filter(Boolean)
    .join(", ");
}

// --- the map ----------------------------------------------------------------------------------

// Where a province's cities and towns stand: a row under its tokens, in the board's order.
function placeSpots(map, I, size) {
  const spots = new Map();
  for (const prov of I.provinces || []) {
    const a = map.anchor(prov.id);
    if (!a) continue;
    const gap = size * 2.3;
    const x0 = a.x - ((prov.places.length - 1) * gap) / 2;
    prov.places.forEach((pid, k) => spots.set(pid, { x: x0 + k * gap, y: a.y + size * 4.6 }));
  }
  return spots;
}

// Rivers (§6.13): each leg from province to province, past the cities and towns the course
// names (overflow by river cannot pass one held by an opposing faction).
function drawRivers(ctx, layer, spots) {
  const { map, s } = ctx;
  const g = s("g", { class: "rivers" });
  for (const river of info(ctx).rivers || []) {
    for (const leg of river.legs) {
      const A = map.anchor(leg.a);
      const B = map.anchor(leg.b);
      if (!A || !B) continue;
      const pts = [A, ...leg.past.map((pid) => spots.get(pid)).filter(Boolean), B];
      let d = `M${pts[0].x.toFixed(1)},${pts[0].y.toFixed(1)}`;
      if (pts.length === 2) {
        // a gentle bend, so two legs between the same provinces stay apart
        const dx = B.x - A.x;
        const dy = B.y - A.y;
        d += ` Q${((A.x + B.x) / 2 - dy * 0.1).toFixed(1)},${((A.y + B.y) / 2 + dx * 0.1).toFixed(1)} ${B.x.toFixed(1)},${B.y.toFixed(1)}`;
      } else {
        for (const p of pts.slice(1)) d += ` L${p.x.toFixed(1)},${p.y.toFixed(1)}`;
      }
      const past = leg.past.map((pid) => ctx.word(pid)).join(", ");
      const title = `${river.name}: ${ctx.word(leg.a)} – ${ctx.word(leg.b)}${past ? ` (${tr(ctx, "river_past", { places: past }, "past {places}")})` : ""}`;
      g.append(s("path", { class: "river", d, dataset: { river: river.id, a: leg.a, b: leg.b } }, s("title", null, title)));
    }
  }
  layer.append(g);
}

// The command blocks (§6.4), each drawn at the middle of its provinces with its boxes (armies
// in their owner's colour, orange set-up boxes ringed), and the white arrows between blocks
// along which armies move (§6.8): a head at each end an army may move to. The arrows go under
// the provinces' pieces (``arrows``), the blocks over them (``blocks``), kept clear of names.
function drawBlocks(ctx, size) {
  const { map, s, view } = ctx;
  const I = info(ctx);
  const centre = new Map();
  for (const reg of I.regions || []) {
    const pts = reg.provinces.map((p) => map.anchor(p)).filter(Boolean);
    if (!pts.length) continue;
    centre.set(reg.id, { x: pts.reduce((t, p) => t + p.x, 0) / pts.length, y: pts.reduce((t, p) => t + p.y, 0) / pts.length - size * 1.2 });
  }
  const g = s("g", { class: "block-arrows" });
  const blocks = s("g", { class: "command-blocks" });
  const box = size * 1.3;
  // each block is a place of the map: the last moves' arrows start and end at its frame
  for (const reg of I.regions || []) {
    const c = centre.get(reg.id);
    if (c) map.setAnchor(blockAnchor(reg.id), { x: c.x, y: c.y, w: (reg.boxes * box) / 2 + size * 0.3, h: box / 2 + size * 0.3 });
  }
  const drawn = new Set();
  for (const reg of I.regions || []) {
    for (const to of reg.arrows) {
      const key = [reg.id, to].sort().join("|");
      if (drawn.has(key)) continue;
      drawn.add(key);
      const A = centre.get(reg.id);
      const B = centre.get(to);
      if (!A || !B) continue;
      const back = ((I.regions || []).find((r) => r.id === to) || { arrows: [] }).arrows.includes(reg.id);
      const dx = B.x - A.x;
      const dy = B.y - A.y;
      const len = Math.hypot(dx, dy) || 1;
      const ux = dx / len;
      const uy = dy / len;
      // from the edge of one block to the edge of the other
      const cut = Math.min(len * 0.3, box * 3.2);
      const x1 = A.x + ux * cut;
      const y1 = A.y + uy * cut;
      const x2 = B.x - ux * cut;
      const y2 = B.y - uy * cut;
      const head = (x, y, vx, vy) => {
        const w = size * 0.9;
        return `M${(x - vx * w * 1.6 + vy * w).toFixed(1)},${(y - vy * w * 1.6 - vx * w).toFixed(1)} L${x.toFixed(1)},${y.toFixed(1)} L${(x - vx * w * 1.6 - vy * w).toFixed(1)},${(y - vy * w * 1.6 + vx * w).toFixed(1)}`;
      };
      let d = `M${x1.toFixed(1)},${y1.toFixed(1)} L${x2.toFixed(1)},${y2.toFixed(1)} ${head(x2, y2, ux, uy)}`;
      if (back) d += ` ${head(x1, y1, -ux, -uy)}`;
      const words = back ? `${ctx.word(reg.id)} ↔ ${ctx.word(to)}` : `${ctx.word(reg.id)} → ${ctx.word(to)}`;
      const arrow = s("g", { class: "block-arrow", dataset: { a: reg.id, b: to, oneway: back ? "false" : "true" } });
      arrow.append(s("path", { class: "block-arrow-edge", d }), s("path", { class: "block-arrow-line", d }), s("title", null, words));
      g.append(arrow);
    }
  }
  (I.regions || []).forEach((reg, r) => {
    const c = centre.get(reg.id);
    if (!c) return;
    const cells = (view.blocks && view.blocks[r]) || [];
    const width = reg.boxes * box + size * 0.6;
    const node = s("g", { class: "command-block keep-clear", transform: `translate(${c.x.toFixed(1)},${c.y.toFixed(1)})`, dataset: { region: reg.id } });
    node.append(s("rect", { class: "command-block-frame", x: -width / 2, y: -box / 2 - size * 0.3, width, height: box + size * 0.6, rx: size * 0.3 }));
    const armies = [];
    for (let b = 0; b < reg.boxes; b += 1) {
      const cell = cells[b] ?? -1;
      const owner = cell >= ABANDONED ? cell - ABANDONED : cell;
      const x = -width / 2 + size * 0.3 + b * box;
      node.append(
        s("rect", {
          class: ["block-box", reg.orange.includes(b) && "orange", owner >= 0 && "army", cell >= ABANDONED && "abandoned"].filter(Boolean).join(" "),
          x: x + box * 0.08,
          y: -box / 2 + box * 0.08,
          width: box * 0.84,
          height: box * 0.84,
          fill: owner >= 0 ? ownerColour(ctx, owner) : "#fbf7ee",
          dataset: owner >= 0 ? { owner: factionIds(ctx)[owner] } : {},
        }),
      );
      if (owner >= 0) armies.push(ownerName(ctx, owner) + (cell >= ABANDONED ? ` (${tr(ctx, "abandoned", null, "abandoned")})` : ""));
    }
    node.append(s("title", null, `${tr(ctx, "block_of", { region: ctx.word(reg.id) }, "Command block {region}")}: ${armies.join(", ") || tr(ctx, "empty", null, "empty")}`));
    blocks.append(node);
  });
  return { arrows: g, blocks };
}

// The anchor of a region's command block on the map.
function blockAnchor(region) {
  return `block:${region}`;
}

// The log names regions by ids that provinces share: an army's march (§6.8) goes from block to
// block, and whatever happens "in the {region} block" (battles, §6.9) happens at the block.
export function markPlace(ctx, entry, key, value) {
  if (key === "region" || (entry.msg === "ev.march" && (key === "frm" || key === "to"))) return blockAnchor(value);
  return null;
}

export function draw(ctx) {
  const { map, s, view, board } = ctx;
  if (!map || !view || !view.country) return;
  const I = info(ctx);
  const layer = map.layer("pieces");
  const placeIndex = new Map((I.places || []).map((p, i) => [p.id, i]));
  const besieged = new Set((view.sieges || []).map((x) => x.city));
  const size = Math.max(5, Math.min(9, map.spacing * 0.07));
  const spots = placeSpots(map, I, size);
  drawRivers(ctx, layer, spots);
  const { arrows, blocks } = drawBlocks(ctx, size);
  layer.append(arrows);
  board.areas.forEach((area, p) => {
    const a = map.anchor(area.id);
    if (!a) return;
    const prov = (I.provinces || [])[p] || { places: [] };
    const g = s("g", { class: "province-pieces", dataset: { area: area.id } });
    // the province card: tokens in the province against its limit, in the holder's colour
    let total = tally(view.country[p]);
    for (const pid of prov.places) total += tally(view.places[placeIndex.get(pid)] || []);
    const holder = view.province_card[p];
    const chipColour = holder >= 0 ? ownerColour(ctx, holder) : "#fbf7ee";
    const over = total > area.limit;
    const chip = s("g", { class: `province-card${over ? " over-limit" : ""}`, transform: `translate(${a.x.toFixed(1)},${(a.y - size * 2.6).toFixed(1)})` });
    chip.append(
      s("rect", { x: -size * 1.7, y: -size * 0.85, width: size * 3.4, height: size * 1.7, rx: size * 0.35, fill: chipColour, stroke: over ? "#b3261e" : INK, "stroke-width": over ? size * 0.3 : size * 0.12 }),
      s("text", { class: "token-count", y: (size * 0.38).toFixed(1), "font-size": (size * 1.05).toFixed(1), fill: holder >= 0 ? inkFor(chipColour) : INK }, `${total}/${area.limit}`),
      s("title", null, tr(ctx, "province_title", { name: ctx.word(area.id), n: total, limit: area.limit, holder: holder >= 0 ? ownerName(ctx, holder) : tr(ctx, "nobody", null, "nobody") }, "{name}: {n} tokens, limit {limit}; card: {holder}")),
    );
    g.append(chip);
    // the countryside
    const items = [];
    view.country[p].forEach((k, o) => {
      if (k) items.push({ color: ownerColour(ctx, o), count: k, ink: inkFor(ownerColour(ctx, o)), title: `${ctx.word(area.id)}, ${tr(ctx, "countryside", null, "countryside")}: ${ownerName(ctx, o)} ${k}` });
    });
    if (items.length) g.append(tokenRow(ctx, a.x, a.y + size * 2.2, items, size));
    // cities (squares, in the card holder's colour, the tokens counted) and towns (discs)
    const places = prov.places.map((pid) => ({ pid, i: placeIndex.get(pid), meta: I.places[placeIndex.get(pid)] }));
    places.forEach((pl) => {
      const counts = view.places[pl.i] || [];
      const n = tally(counts);
      const { x, y } = spots.get(pl.pid);
      const node = s("g", { class: `place ${pl.meta.city ? "city" : "town"}${besieged.has(pl.i) ? " besieged" : ""}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, dataset: { place: pl.pid } });
      const lines = [`${named(ctx, pl.pid)}: ${tokensTitle(ctx, counts) || tr(ctx, "empty", null, "empty")}`];
      if (pl.meta.city) {
        const card = view.city_card[pl.i];
        const fill = card >= 0 ? ownerColour(ctx, card) : "#fbf7ee";
        node.append(s("rect", { x: -size, y: -size, width: size * 2, height: size * 2, fill, stroke: INK, "stroke-width": size * 0.18 }));
        node.append(s("text", { class: "token-count", y: (size * 0.38).toFixed(1), "font-size": (size * 1.05).toFixed(1), fill: card >= 0 ? inkFor(fill) : INK }, String(n)));
        lines.push(tr(ctx, "card_of", { holder: card >= 0 ? ownerName(ctx, card) : tr(ctx, "nobody", null, "nobody") }, "card: {holder}"));
        // the tokens by owner, a bar under the square
        let bx = -size;
        counts.forEach((c, o) => {
          if (!c || !n) return;
          const w = (2 * size * c) / n;
          node.append(s("rect", { x: bx, y: size * 1.15, width: w, height: size * 0.5, fill: ownerColour(ctx, o) }));
          bx += w;
        });
      } else {
        const who = counts.findIndex((c) => c > 0);
        node.append(s("circle", { r: size * 0.8, fill: who >= 0 ? ownerColour(ctx, who) : "#fbf7ee", stroke: INK, "stroke-width": size * 0.16 }));
      }
      if (pl.meta.trade) node.append(s("circle", { r: size * 1.45, fill: "none", stroke: "#c9a227", "stroke-width": size * 0.22, "stroke-dasharray": `${size * 0.5} ${size * 0.3}` }));
      if (pl.meta.trade) lines.push(tr(ctx, "trade_city", null, "trade city"));
      const uni = view.university[pl.i];
      if (pl.meta.university || uni) lines.push(`${tr(ctx, "university", null, "university")}: ${tr(ctx, `university_${uni}`, null, ["none", "Catholic", "Reformed"][uni] || "–")}`);
      if (besieged.has(pl.i)) {
        node.append(s("circle", { r: size * 1.7, fill: "none", stroke: "#b3261e", "stroke-width": size * 0.3 }));
        lines.push(tr(ctx, "besieged", null, "besieged"));
      }
      node.append(s("title", null, lines.join(" · ")));
      g.append(node);
    });
    layer.append(g);
  });
  layer.append(blocks);
}

export function selected(ctx) {
  const v = ctx.view || {};
  const frame = v.decision === "arrange" && v.prompt && v.prompt.args ? v.prompt.args.province : null;
  return frame ? [frame] : [];
}

export function legend(ctx) {
  const { s } = ctx;
  const icon = (...kids) => s("svg", { viewBox: "-10 -10 20 20", width: 16, height: 16, "aria-hidden": "true" }, ...kids);
  return [
    [icon(s("rect", { x: -7, y: -7, width: 14, height: 14, fill: "#fbf7ee", stroke: INK, "stroke-width": 1.5 })), tr(ctx, "legend_city", null, "city: its card holder's colour, its tokens")],
    [icon(s("circle", { r: 6, fill: "#fbf7ee", stroke: INK, "stroke-width": 1.5 })), tr(ctx, "legend_town", null, "town: the colour of the token in it")],
    [icon(s("rect", { x: -9, y: -5, width: 18, height: 10, rx: 2, fill: "#fbf7ee", stroke: INK })), tr(ctx, "legend_card", null, "province card: tokens / limit")],
    [icon(s("circle", { r: 8, fill: "none", stroke: "#c9a227", "stroke-width": 2, "stroke-dasharray": "3 2" })), tr(ctx, "trade_city", null, "trade city")],
    [
      icon(
        s("rect", { x: -9.5, y: -5, width: 19, height: 10, rx: 2, fill: "#3b2f25", "fill-opacity": 0.82, stroke: "#fff" }),
        s("rect", { x: -8, y: -3.5, width: 7, height: 7, fill: COLOURS.red, stroke: "#6b5a45", "stroke-width": 0.8 }),
        s("rect", { x: 1, y: -3.5, width: 7, height: 7, fill: "#fbf7ee", stroke: COLOURS.orange, "stroke-width": 1.6 }),
      ),
      tr(ctx, "legend_block", null, "command block of a region: a box per army (§6.4)"),
    ],
    [
      icon(s("path", { d: "M-9,0 L9,0 M4,-4 L9,0 L4,4", fill: "none", stroke: "#3b2f25", "stroke-width": 4, "stroke-linecap": "round" }), s("path", { d: "M-9,0 L9,0 M4,-4 L9,0 L4,4", fill: "none", stroke: "#fff", "stroke-width": 2, "stroke-linecap": "round" })),
      tr(ctx, "legend_arrow", null, "white arrow: an army moves along it (§6.8)"),
    ],
    [icon(s("path", { d: "M-9,4 Q0,-8 9,2", fill: "none", stroke: "#3f86b8", "stroke-width": 3, "stroke-linecap": "round" })), tr(ctx, "legend_river", null, "river (§6.13)")],
  ];
}

// --- choices that end in a count ----------------------------------------------------------------

export function claims(action) {
  return action[0] in COUNTED;
}

export function claimHint(actions, ctx) {
  return jumpHint(ctx, ".rev-counts", tr(ctx, "hint_counts", { n: actions.length }, "Choose a place and how many: one click."));
}

function rowLabel(ctx, verb, head) {
  const v = ctx.view;
  const I = info(ctx);
  if (verb === "place") {
    const p = ctx.board.areas.findIndex((a) => a.id === head[0]);
    const area = ctx.board.areas[p];
    const prov = I.provinces[p];
    const placeIndex = new Map(I.places.map((x, i) => [x.id, i]));
    let total = tally(v.country[p]);
    for (const pid of prov.places) total += tally(v.places[placeIndex.get(pid)]);
    return `${ctx.word(head[0])} (${total}/${area.limit})`;
  }
  if (verb === "support") return `${ctx.word(head[0])} → ${head[1] === "treasury" ? tr(ctx, "treasury", null, "treasury") : ctx.word(head[1])}`;
  if (verb === "overflow") return `${ctx.word(head[0])} → ${ctx.word(head[1])}`;
  return ctx.word(head[0]);
}

function countsPanel(ctx) {
  const { h, view } = ctx;
  if (!ctx.interactive) return null;
  const rows = new Map();
  let verb = null;
  for (const a of view.actions || []) {
    if (!(a[0] in COUNTED)) continue;
    verb = verb || a[0];
    const head = a.slice(1, 1 + COUNTED[a[0]]);
    const key = `${a[0]}|${head.join("|")}`;
    if (!rows.has(key)) rows.set(key, { verb: a[0], head, actions: [] });
    rows.get(key).actions.push(a);
  }
  if (!rows.size) return null;
  const title = ctx.gtext(`action.${verb}`) ?? tr(ctx, `verb_${verb}`, null, verb);
  return h(
    "section.rev-panel.rev-counts",
    { "aria-label": title },
    h("h3", null, title),
    h(
      "table.rev-table",
      null,
      h(
        "tbody",
        null,
        [...rows.values()].map((row) =>
          h(
            "tr",
            null,
            h("th", { scope: "row" }, rowLabel(ctx, row.verb, row.head)),
            h(
              "td.rev-count-buttons",
              null,
              row.actions.map((a) =>
                h(
                  "button.btn.btn-small.btn-choice",
                  { type: "button", dataset: { target: JSON.stringify(a), action: JSON.stringify(a) }, title: `${rowLabel(ctx, row.verb, row.head)}: ${a[a.length - 1]}`, onclick: () => ctx.act(a) },
                  String(a[a.length - 1]),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

// --- labels of the other choices -------------------------------------------------------------------

function boxLabel(ctx, region, box) {
  return tr(ctx, "army_in", { region: ctx.word(region), box: Number(box) + 1 }, "{region} block, box {box}");
}

export function nounLabel(action, ctx) {
  const [verb, ...rest] = action;
  switch (verb) {
    case "maintain":
    case "disband":
      return boxLabel(ctx, rest[0], rest[1]);
    case "loot_town":
      return `${boxLabel(ctx, rest[0], rest[1])}: ${ctx.word(rest[2])}`;
    case "loot_token":
      return `${boxLabel(ctx, rest[0], rest[1])}: ${ctx.word(rest[2])}, ${ctx.word(rest[3])}`;
    case "besiege":
      return `${boxLabel(ctx, rest[0], rest[1])} → ${ctx.word(rest[2])}`;
    case "march":
      return `${boxLabel(ctx, rest[0], rest[1])} → ${ctx.word(rest[2])}`;
    case "convert":
      return `${boxLabel(ctx, rest[0], rest[1])}: ${ctx.word(rest[2])}, ${rest[3] === "neutral" ? tr(ctx, "neutral", null, "neutral") : ctx.word(rest[3])}`;
    case "beggars": {
      const [use, region, n, target] = rest;
      const what = tr(ctx, `beggars_${use}`, null, use);
      return `${ctx.word(region)}: ${what} (${n})${target ? ` ${ctx.word(target)}` : ""}`;
    }
    case "expel":
      return `${ctx.word(rest[0])}: ${rest[1] === "neutral" ? tr(ctx, "neutral", null, "neutral") : ctx.word(rest[1])}`;
    default:
      return null;
  }
}

// --- beside the map ----------------------------------------------------------------------------

function swatch(h, colour, title) {
  return h("span.swatch", { style: { background: colour }, title, "aria-hidden": title ? null : "true" });
}

function phasePanel(ctx) {
  const { h, view } = ctx;
  const I = info(ctx);
  const list = view.turn === 0 ? I.phases.turn0 : I.phases.turn;
  const ids = factionIds(ctx);
  const acting = view.acting;
  const byFaction = Array.isArray(view.to_play); // a phase played faction by faction (§4.1)
  const toPlay = new Set(view.to_play || []);
  const order = (view.order || []).map((o) => ids[o]);
  const status = (f) => {
    if (f === acting) return "acting";
    if (!acting || !byFaction) return "idle";
    return toPlay.has(f) ? "waiting" : "done";
  };
  return h(
    "section.rev-panel.rev-phases",
    { "aria-label": tr(ctx, "phases", null, "Phases") },
    h("h3", null, view.turn === 0 ? tr(ctx, "turn_zero", null, "Turn 0") : tr(ctx, "turn_n", { n: view.turn, last: I.last_turn }, "Turn {n} of {last}")),
    h(
      "ol.rev-phase-track",
      null,
      list.map(([name, rule]) =>
        h(
          "li",
          { class: name === view.phase ? "current" : "", dataset: { phase: name }, title: `${rule} ${tr(ctx, `phase_${name}`, null, name)}` },
          h("span.rev-rule", null, rule),
          " ",
          tr(ctx, `phase_${name}`, null, name),
        ),
      ),
    ),
    h(
      "ol.rev-order",
      { "aria-label": tr(ctx, "turn_order", null, "Turn order") },
      order.map((f) =>
        h(
          "li",
          { class: `rev-order-${status(f)}`, dataset: { faction: f, status: status(f) } },
          swatch(h, nationColour(ctx, f)),
          ctx.word(f),
          " ",
          status(f) === "idle" ? null : h("span.muted.small", null, tr(ctx, `status_${status(f)}`, null, status(f))),
        ),
      ),
    ),
  );
}

function blocksPanel(ctx) {
  const { h, view } = ctx;
  const I = info(ctx);
  const placeIds = I.places.map((p) => p.id);
  return h(
    "section.rev-panel.rev-blocks",
    { "aria-label": tr(ctx, "blocks", null, "Command blocks") },
    h("h3", null, tr(ctx, "blocks", null, "Command blocks")),
    h(
      "table.rev-table",
      null,
      h(
        "tbody",
        null,
        I.regions.map((reg, r) => {
          const sieges = (view.sieges || []).filter((x) => x.region === r);
          const blocking = view.beggars && view.beggars.blocking ? view.beggars.blocking[r] : 0;
          return h(
            "tr",
            { dataset: { region: reg.id } },
            h("th", { scope: "row", title: reg.provinces.map((p) => ctx.word(p)).join(", ") }, ctx.word(reg.id)),
            h(
              "td.rev-boxes",
              null,
              view.blocks[r].map((cell, b) => {
                const owner = cell >= ABANDONED ? cell - ABANDONED : cell;
                const siege = sieges.find((x) => x.box === b);
                const words = [boxLabel(ctx, reg.id, b)];
                if (reg.orange.includes(b)) words.push(tr(ctx, "orange_box", null, "orange box"));
                if (owner >= 0) words.push(ownerName(ctx, owner));
                if (cell >= ABANDONED) words.push(tr(ctx, "abandoned", null, "abandoned"));
                if (siege) words.push(`${tr(ctx, "besieging", null, "besieging")} ${ctx.word(placeIds[siege.city])}`);
                return h(
                  "span.rev-box",
                  {
                    class: ["rev-box", reg.orange.includes(b) && "orange", owner >= 0 && "army", cell >= ABANDONED && "abandoned"].filter(Boolean).join(" "),
                    style: owner >= 0 ? { background: ownerColour(ctx, owner) } : {},
                    title: words.join(" · "),
                    dataset: owner >= 0 ? { owner: factionIds(ctx)[owner] } : {},
                  },
                  siege ? "⚑" : "",
                );
              }),
              sieges
                .filter((x) => x.box < 0)
                .map((x) => h("span.rev-beggar-siege", { title: `${ownerName(ctx, BEGGARS)}: ${ctx.word(placeIds[x.city])}` }, "⚓")),
              blocking ? h("span.rev-blocking", { title: tr(ctx, "blocking", { n: blocking }, "{n} Water Beggars blocking") }, `⚓${blocking}`) : null,
            ),
          );
        }),
      ),
    ),
    h("p.small.muted", null, `${ownerName(ctx, BEGGARS)}: ${view.beggars_home}/${I.beggars.tokens}`),
  );
}

function boxName(ctx, box) {
  return currentLang() === "it" && box.name_it ? box.name_it : box.name;
}

function supportPanel(ctx) {
  const { h, view } = ctx;
  const I = info(ctx);
  return h(
    "section.rev-panel.rev-support",
    { "aria-label": tr(ctx, "support", null, "Support boxes") },
    h("h3", null, tr(ctx, "support", null, "Support boxes")),
    h(
      "table.rev-table",
      null,
      h(
        "tbody",
        null,
        I.boxes.map((box, b) =>
          h(
            "tr",
            { dataset: { box: box.id } },
            h("th", { scope: "row", title: `${box.factions.map((f) => ctx.word(f)).join(", ")} → ${box.enters.map((p) => ctx.word(p)).join(", ") || tr(ctx, "treasury", null, "treasury")}` }, boxName(ctx, box)),
            h(
              "td.rev-slots",
              null,
              box.slots.map((kind, k) => {
                const o = view.support[b][k];
                return h("span.rev-slot", {
                  class: `rev-slot slot-${kind}${o >= 0 ? " full" : ""}`,
                  style: o >= 0 ? { background: ownerColour(ctx, o) } : {},
                  title: `${tr(ctx, `slot_${kind}`, null, kind)}${o >= 0 ? `: ${ownerName(ctx, o)}` : ""}`,
                  dataset: o >= 0 ? { owner: factionIds(ctx)[o] } : {},
                });
              }),
            ),
          ),
        ),
      ),
    ),
  );
}

function allegiancePanel(ctx) {
  const { h, view } = ctx;
  const I = info(ctx);
  const spaces = I.allegiance.spaces.length;
  return h(
    "section.rev-panel.rev-allegiance",
    { "aria-label": tr(ctx, "allegiance", null, "Allegiance of Citizens") },
    h("h3", null, tr(ctx, "allegiance", null, "Allegiance of Citizens")),
    h(
      "table.rev-table",
      null,
      h(
        "thead",
        null,
        h("tr", null, h("th"), [...Array(spaces).keys()].map((i) => h("th", { class: i + 1 === I.allegiance.centre ? "centre" : "", title: I.allegiance.spaces[i].join(" / ") }, String(i + 1))), h("th", null, tr(ctx, "coins_spent", null, "coins"))),
      ),
      h(
        "tbody",
        null,
        I.cities.map((cid, k) => {
          const spent = view.spent[k] || [];
          return h(
            "tr",
            { dataset: { city: cid, space: view.allegiance[k] } },
            h("th", { scope: "row" }, ctx.word(cid)),
            [...Array(spaces).keys()].map((i) => h("td", { class: ["rev-space", i < 3 ? "catholic" : i > 3 ? "reformed" : "", i + 1 === view.allegiance[k] && "marker"].filter(Boolean).join(" ") }, i + 1 === view.allegiance[k] ? "●" : "")),
            h("td", null, spent.map((c, o) => (c ? h("span.rev-spent", { style: { color: ownerColour(ctx, o) }, title: ownerName(ctx, o) }, `${c} `) : null))),
          );
        }),
      ),
    ),
  );
}

function churchPanel(ctx) {
  const { h, view } = ctx;
  const I = info(ctx);
  const track = I.bishop_track;
  const unis = I.places.map((p, i) => ({ p, i })).filter(({ p }) => p.university);
  return h(
    "section.rev-panel.rev-church",
    { "aria-label": tr(ctx, "bishoprics", null, "Bishoprics") },
    h("h3", null, tr(ctx, "bishoprics", null, "Bishoprics")),
    h(
      "table.rev-table",
      null,
      h("thead", null, h("tr", null, h("th"), track.map((name) => h("th", { title: ctx.word(name) }, ctx.word(name))))),
      h(
        "tbody",
        null,
        I.bishoprics.map((pid, k) => {
          const marker = view.bishop_marker[k];
          return h(
            "tr",
            { dataset: { bishopric: pid, status: view.bishopric[k] } },
            h("th", { scope: "row" }, ctx.word(pid)),
            track.map((_, i) => h("td", { class: "rev-space" }, i === view.bishopric[k] ? h("span.rev-marker", { style: { background: marker >= 0 ? ownerColour(ctx, marker) : INK }, title: marker >= 0 ? ownerName(ctx, marker) : tr(ctx, "nobody", null, "nobody") }) : "")),
          );
        }),
      ),
    ),
    h("h3", null, tr(ctx, "universities", null, "Universities")),
    h(
      "ul.rev-unis",
      null,
      unis.map(({ p, i }) =>
        h("li", { dataset: { place: p.id, status: view.university[i] } }, `${ctx.word(p.id)}: ${tr(ctx, `university_${view.university[i]}`, null, ["none", "Catholic", "Reformed"][view.university[i]])}`),
      ),
    ),
  );
}

function vpPanel(ctx) {
  const { h, view } = ctx;
  const ids = factionIds(ctx);
  const sources = ["cities", "provinces", "objective"];
  return h(
    "section.rev-panel.rev-vp",
    { "aria-label": tr(ctx, "vp_title", null, "Victory points") },
    h("h3", null, tr(ctx, "vp_title", null, "Victory points")),
    h(
      "table.rev-table",
      null,
      h(
        "thead",
        null,
        h("tr", null, h("th"), h("th", null, tr(ctx, "treasury", null, "treasury")), h("th", null, tr(ctx, "stock", null, "stock")), sources.map((k) => h("th", null, tr(ctx, `vp_${k}`, null, k))), h("th", { title: tr(ctx, "vp_now_title", null, "as scored now") }, tr(ctx, "vp_now", null, "now")), h("th", { title: tr(ctx, "vp_scored_title", null, "at the last scoring") }, tr(ctx, "vp_scored", null, "VP"))),
      ),
      h(
        "tbody",
        null,
        (view.factions || []).map((o) => {
          const f = ids[o];
          const now = (view.vp_now || {})[f] || {};
          return h(
            "tr",
            { dataset: { faction: f } },
            h("th", { scope: "row" }, swatch(h, ownerColour(ctx, o)), ctx.word(f)),
            h("td.rev-treasury", null, String(view.treasury[o])),
            h("td.rev-stock", null, String(view.stock[o])),
            sources.map((k) => h(`td.rev-vp-${k}`, null, String(now[k] ?? 0))),
            h("td.rev-vp-now", null, String(sources.reduce((a, k) => a + (now[k] || 0), 0))),
            h("td.rev-vp-scored", null, String(view.vp2[o] / 2)),
          );
        }),
      ),
    ),
    h("p.small.muted", null, `${tr(ctx, "neutral_stock", null, "neutral tokens in the box")}: ${view.neutral_stock}`),
  );
}

export function widgets(ctx) {
  const v = ctx.view;
  if (!v || !v.country || !info(ctx).regions) return [];
  return [countsPanel(ctx), phasePanel(ctx), vpPanel(ctx), blocksPanel(ctx), supportPanel(ctx), allegiancePanel(ctx), churchPanel(ctx)].filter(Boolean);
}

// --- the players ---------------------------------------------------------------------------------

export function playerStats(role, ctx) {
  const v = ctx.view;
  if (!v || !v.treasury) return [];
  const ids = factionIds(ctx);
  const mine = factionsOf(ctx, role);
  const rows = [];
  for (const o of mine) {
    const pre = mine.length > 1 ? `${ctx.word(ids[o])}: ` : "";
    const armies = v.blocks.reduce((a, block) => a + block.filter((c) => c === o || c === o + ABANDONED).length, 0);
    rows.push({ label: `${pre}${tr(ctx, "treasury", null, "treasury")}`, value: String(v.treasury[o]) });
    rows.push({ label: `${pre}${tr(ctx, "stock", null, "stock")}`, value: String(v.stock[o]) });
    rows.push({ label: `${pre}${tr(ctx, "armies", null, "armies")}`, value: String(armies) });
    rows.push({ label: `${pre}${tr(ctx, "vp_scored", null, "VP")}`, value: String(v.vp2[o] / 2), title: tr(ctx, "vp_scored_title", null, "at the last scoring") });
  }
  return rows;
}

export function infoPanel(ctx) {
  const { h, view } = ctx;
  if (!view || !view.country) return null;
  const phase = tr(ctx, `phase_${view.phase}`, null, view.phase);
  return statsPanel(ctx, [
    [tr(ctx, "turn", null, "Turn"), String(view.turn)],
    [tr(ctx, "phase", null, "Phase"), phase],
    [tr(ctx, "acting", null, "Deciding"), view.acting ? ctx.word(view.acting) : "–"],
  ]);
}

export function privatePanel() {
  return null; // nothing in Revolution is secret (§2, §4.6)
}
