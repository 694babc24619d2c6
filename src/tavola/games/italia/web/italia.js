// Italia I and II: units stacked by nation on the 48 areas, cities and ruins, the nations'
// gold, victory points, capitals and submissions in the player panels.

import { tokenRow, statsPanel, lastEntry, PLAYER_COLOURS } from "/static/games/generic.js";

const COLOURS = { ...PLAYER_COLOURS, white: "#f4f1e8", brown: "#8a5a32", orange: "#e07b22", purple: "#7d4e9e" };

export const areaVerbs = ["area", "city", "capital", "rebuild", "raid", "block", "fight", "exit"];
export const prefixes = ["unit.", "nation.", "leader."];

function nationInfo(ctx, key) {
  return (ctx.board.raw.nations || []).find((n) => n.key === key) || {};
}

function colourOf(ctx, key) {
  return nationShade(ctx, key);
}

function unitName(ctx, kind) {
  return ctx.gtext(`unit.${kind}`) ?? kind;
}

// Each nation its own shade of its player's colour (the five yellow nations of Italia I differ
// at a glance), in the order the board lists them.
const SHADES = [0, -0.32, 0.38, -0.55, 0.62, -0.18];

function mix(hex, amount) {
  const c = hex.replace("#", "");
  if (c.length !== 6) return hex;
  const to = amount < 0 ? 0 : 255;
  const k = Math.abs(amount);
  const ch = [0, 2, 4].map((i) => Math.round(parseInt(c.slice(i, i + 2), 16) * (1 - k) + to * k));
  return `#${ch.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

function ink(hex) {
  const c = hex.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16));
  return r * 0.3 + g * 0.59 + b * 0.11 > 150 ? "#231c15" : "#ffffff";
}

// the colour of a nation's marks on the map (arrows of its moves, its counters)
export function nationColour(ctx, key) {
  return nationShade(ctx, key);
}

export function nationShade(ctx, key) {
  const info = nationInfo(ctx, key);
  const base = COLOURS[info.colour] || info.colour || "#777777";
  const same = (ctx.board.raw.nations || []).filter((n) => n.colour === info.colour);
  const i = Math.max(0, same.findIndex((n) => n.key === key));
  return mix(base, SHADES[i % SHADES.length]);
}

// A nation's short mark on its counters: the first letters of its name in the page's language;
// where two nations would share one (Romani d'Occidente, Romani d'Africa: ROM), the first letter
// and the start of the name's last word (ROC, RAF).
function mark(ctx, key) {
  const name = (k) => ctx.word(k).replace(/^(the|i|gli|le)\s+/i, "");
  const first = (k) => name(k).replace(/[^\p{L}]/gu, "").slice(0, 3).toUpperCase();
  const mine = first(key);
  const others = (ctx.board.raw.nations || []).filter((n) => n.key !== key);
  if (!others.some((n) => first(n.key) === mine)) return mine;
  const words = name(key).split(/[^\p{L}]+/u).filter(Boolean);
  return (words[0].slice(0, 1) + words[words.length - 1].slice(0, 2)).toUpperCase();
}

// The unit type drawn the way wargame counters draw it: infantry a crossed box, knights a
// slashed one, a legion the crossed box under an eagle's bar, a consular legion two bars,
// foederati a crossed box with a ring, an elephant its trunk.
function symbol(s, kind, w, h, colour) {
  const g = s("g", { class: `unit-symbol unit-${kind}`, stroke: colour, fill: "none", "stroke-width": Math.max(0.9, w * 0.09) });
  const x0 = -w / 2;
  const y0 = -h / 2;
  const box = () => g.append(s("rect", { x: x0, y: y0, width: w, height: h }));
  const cross = () => g.append(s("path", { d: `M${x0},${y0} L${-x0},${-y0} M${x0},${-y0} L${-x0},${y0}` }));
  if (kind === "knight") {
    box();
    g.append(s("path", { d: `M${x0},${-y0} L${-x0},${y0}` }));
  } else if (kind === "elephant") {
    box();
    g.append(s("path", { d: `M${x0 + w * 0.2},${-y0 - h * 0.15} Q${x0 + w * 0.2},${y0 + h * 0.2} ${x0 + w * 0.55},${y0 + h * 0.25} Q${-x0 - w * 0.1},${y0 + h * 0.3} ${-x0 - w * 0.15},${-y0 - h * 0.1}` }));
  } else {
    box();
    cross();
    if (kind === "legion" || kind === "consular") g.append(s("path", { d: `M${x0 - w * 0.08},${y0 - h * 0.32} L${-x0 + w * 0.08},${y0 - h * 0.32}` }));
    if (kind === "consular") g.append(s("path", { d: `M${x0 - w * 0.08},${y0 - h * 0.6} L${-x0 + w * 0.08},${y0 - h * 0.6}` }));
    if (kind === "foederati") g.append(s("circle", { r: Math.min(w, h) * 0.22, fill: colour }));
  }
  return g;
}

// A fleet on its counter: a hull under a sail.
function ship(s, w, h, colour) {
  const x = w / 2;
  const y = h / 2;
  return s("path", {
    class: "unit-symbol unit-fleet",
    d: `M${-x},${(y * 0.1).toFixed(2)} L${x},${(y * 0.1).toFixed(2)} L${(x * 0.65).toFixed(2)},${y} L${(-x * 0.65).toFixed(2)},${y} Z M${(-x * 0.08).toFixed(2)},0 L${(-x * 0.08).toFixed(2)},${-y} L${(x * 0.6).toFixed(2)},${(-y * 0.15).toFixed(2)} Z`,
    fill: colour,
  });
}

function anchorPath(x, y, r) {
  return `M${x},${y - r} L${x},${y + r} M${x - r * 0.8},${y + r * 0.3} Q${x},${y + r * 1.4} ${x + r * 0.8},${y + r * 0.3} M${x - r * 0.5},${y - r * 0.45} L${x + r * 0.5},${y - r * 0.45}`;
}

// The nation's mark in units of the counter's size: three capitals fit its width.
const MARK = 0.95;

// One counter: the nation's shade, the unit type drawn, the nation's mark, the count.
function counter(ctx, x, y, size, grp) {
  const { s } = ctx;
  const fill = nationShade(ctx, grp.nation);
  const fg = ink(fill);
  const data = { nation: grp.nation, kind: grp.kind, n: grp.n };
  if (grp.actions && grp.actions.length) data.actions = JSON.stringify(grp.actions);
  const g = s("g", { class: `counter counter-${grp.kind}${grp.gathered ? " gathered" : ""}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, dataset: data });
  g.append(s("title", null, grp.title));
  const w = size * 2.5;
  const h = size * 2.3;
  if (grp.kind === "leader") {
    g.append(s("circle", { r: size * 1.15, fill, stroke: "#2b2118", "stroke-width": 0.8 }));
    const r1 = size * 0.8;
    const r2 = size * 0.34;
    const pts = [];
    for (let k = 0; k < 10; k++) {
      const ang = -Math.PI / 2 + (k * Math.PI) / 5;
      const r = k % 2 ? r2 : r1;
      pts.push(`${(Math.cos(ang) * r).toFixed(2)},${(Math.sin(ang) * r).toFixed(2)}`);
    }
    g.append(s("polygon", { points: pts.join(" "), fill: fg }));
  } else {
    g.append(s("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: size * 0.25, fill, stroke: grp.damaged ? "#8e3420" : "#2b2118", "stroke-width": grp.damaged ? 1.6 : 0.8, "stroke-dasharray": grp.damaged || grp.aboard ? "2 1.5" : null }));
    const sym = grp.kind === "fleet" ? ship(s, w * 0.56, h * 0.34, fg) : symbol(s, grp.kind, w * 0.46, h * 0.24, fg);
    sym.setAttribute("transform", `translate(0,${(-h * 0.2).toFixed(2)})`);
    g.append(sym);
    // the nation's mark, the counter's largest writing: it reads at the board's first view
    g.append(s("text", { class: "counter-mark", y: (h * 0.4).toFixed(2), "font-size": (size * MARK).toFixed(2), fill: fg }, mark(ctx, grp.nation)));
    if (grp.aboard) {
      // aboard a fleet: a small anchor in the corner
      g.append(s("path", { class: "counter-aboard", d: anchorPath(w / 2 - size * 0.45, -h / 2 + size * 0.5, size * 0.32), stroke: fg, fill: "none", "stroke-width": Math.max(0.6, size * 0.09) }));
    }
  }
  if (grp.gathered) {
    // picked up to move: a bright ring round the counter
    g.prepend(s("rect", { class: "gathered-ring", x: -w / 2 - size * 0.35, y: -h / 2 - size * 0.35, width: w + size * 0.7, height: h + size * 0.7, rx: size * 0.5 }));
  }
  if (grp.n > 1) {
    const bx = grp.kind === "leader" ? size * 0.95 : w / 2;
    const by = grp.kind === "leader" ? -size * 0.95 : -h / 2;
    // the count large enough to read at a laptop's first view of the whole board
    g.append(s("circle", { cx: bx, cy: by, r: size * 0.8, fill: "#fffaf0", stroke: "#2b2118", "stroke-width": 0.7 }));
    g.append(s("text", { class: "counter-count", x: bx, y: by + size * 0.36, "font-size": (size * 1.05).toFixed(2), fill: "#2b2118" }, String(grp.n)));
  }
  return g;
}

// Counters sized for the scale the board is first read at: the nation's mark at least
// READ_PX pixels, as large as the board's spacing allows and no larger than needed.
const READ_PX = 8.6;

export function counterSize(map) {
  const readable = READ_PX / MARK / map.readingScale();
  return Math.min(Math.max(7, Math.min(10, map.spacing * 0.085), readable), Math.max(10, map.spacing * 0.18));
}

// The area whose units the prompt is about (the group being gathered, the battle, the area to
// leave) and the nation choosing there: its counters there may be tapped (pickActions).
// Only the steps whose unit choices are about the units of that area (a reaction's units come
// from another area than the prompt names).
const FOCUS = {
  "it.p.move.group": "at",
  "it.p.excess": "area",
  "it.p.retreat.battle": "area",
  "it.p.retreat.elephant": "area",
  "it.p.retreat.clear": "area",
  "it.p.retreat.submit": "area",
  "it.p.retreat.raid": "area",
  "it.p.retreat.leaders": "area",
  "it.p.battle.attacker_aims": "area",
  "it.p.battle.defender_aims": "area",
};

function focus(ctx) {
  const p = ctx.view.prompt;
  const key = p && FOCUS[p.text];
  const args = (p && p.args) || {};
  const area = key && args[key] !== undefined ? ctx.screen.areaOf(args[key]) : null;
  return area && args.nation ? { area: String(area.id), nation: args.nation, aims: p.text.endsWith("_aims") } : null;
}

// The actions a tap on a counter would send, best first (the screen keeps the first the rules
// offer): take one more unit of its kind into the group, or put one back; a leader by name; a
// fleet by its place in the area; a unit aboard a fleet by its kind (§9.6).
function pickActions(area, grp, units) {
  if (grp.aboard) return grp.gathered ? [] : grp.kind === "leader" ? grp.leaders.map((key) => ["leader", key]) : [["unit", grp.kind]];
  if (grp.kind === "leader") return grp.leaders.map((key) => (grp.gathered ? ["drop", key] : ["leader", key]));
  if (grp.kind === "fleet") {
    const out = [];
    units.forEach((u, j) => {
      if (u.kind === "fleet" && u.nation === grp.nation && !u.gathered) out.push(["fleet", j]);
    });
    return grp.gathered ? [] : out;
  }
  if (grp.gathered) return [["drop", grp.kind]];
  return grp.damaged ? [["unit", `${grp.kind}*`], ["unit", grp.kind]] : [["unit", grp.kind]];
}

export function draw(ctx) {
  const { map, s, view } = ctx;
  if (!map) return;
  const layer = map.layer("pieces");
  const size = counterSize(map);
  const here = focus(ctx);
  for (const area of view.areas || []) {
    const a = map.anchor(String(area.id));
    if (!a) continue;
    const g = s("g", { class: "area-pieces", dataset: { area: area.id } });
    if (area.city) {
      g.append(
        tokenRow(ctx, a.x, a.y - size * 0.1, [{ shape: "house", color: area.city === "ruin" ? "#9b8f7e" : "#f6f0e2", title: ctx.t(`italia.${area.city}`, null, area.city) }], size * 0.7),
      );
    }
    // one counter per nation and kind (damaged units apart), with the count
    // the units aboard the fleets are counters of their own (anchored), tapped on their own
    const groups = new Map();
    const add = (u, aboard) => {
      const key = `${u.nation}|${u.kind}|${u.damaged ? 1 : 0}|${u.gathered ? 1 : 0}|${aboard ? 1 : 0}`;
      if (!groups.has(key)) groups.set(key, { nation: u.nation, kind: u.kind, damaged: !!u.damaged, gathered: !!u.gathered, aboard, n: 0, names: [], leaders: [] });
      const grp = groups.get(key);
      grp.n += 1;
      if (u.leader) grp.leaders.push(u.leader);
      if (u.leader) grp.names.push(ctx.word(u.leader));
      else if (u.name) grp.names.push(u.name);
    };
    for (const u of area.units || []) add(u, false);
    for (const u of area.units || []) for (const c of u.cargo || []) add(c, true);
    const items = [...groups.values()];
    const atSea = !!(ctx.board.byId && ctx.board.byId.get(String(area.id)) || {}).sea;
    for (const grp of items) {
      const what = ctx.screen.words().counted(grp.n, `unit.${grp.kind}`, {});
      if (here && here.area === String(area.id)) {
        // the choosing nation's own counters; in a battle, the enemy's counters it aims at (§10.4)
        if (here.aims) grp.actions = here.nation !== grp.nation ? [grp.damaged ? ["target", `${grp.kind}*`] : null, ["target", grp.kind]].filter(Boolean) : [];
        else if (here.nation === grp.nation && (!grp.aboard || atSea)) grp.actions = pickActions(area, grp, area.units || []);
      }
      const notes = [grp.damaged ? ctx.t("italia.damaged", null, "damaged") : null, grp.aboard ? ctx.t("italia.aboard", null, "aboard a fleet") : null].filter(Boolean);
      grp.title = `${ctx.word(grp.nation)}: ${what}${grp.names.length ? ` (${grp.names.join(", ")})` : ""}${notes.map((x) => ` (${x})`).join("")}`;
    }
    const perRow = 3;
    const step = size * 2.6;
    for (let r = 0; r * perRow < items.length; r++) {
      const row = items.slice(r * perRow, r * perRow + perRow);
      const x0 = a.x - ((row.length - 1) * step) / 2;
      row.forEach((grp, k) => g.append(counter(ctx, x0 + k * step, a.y + size * 1.9 + r * step, size, grp)));
    }
    layer.append(g);
  }
}

// The legend of Italia's pieces: each unit type as drawn, leaders, fleets, cities.
export function legend(ctx) {
  const { s } = ctx;
  const grp = (kind) => ({ nation: (ctx.board.raw.nations || [])[0]?.key, kind, n: 1, title: "" });
  return ["infantry", "legion", "consular", "foederati", "knight", "elephant", "fleet", "leader"]
    .filter((kind) => ctx.gtext(`unit.${kind}`) !== undefined && (kind !== "foederati" || ctx.game === "italia-ii") && (kind !== "knight" || ctx.game === "italia-ii") && (!["consular", "elephant"].includes(kind) || ctx.game === "italia-i"))
    .map((kind) => {
      const svg = s("svg", { width: 26, height: 24, viewBox: "-13 -12 26 24", "aria-hidden": "true" }, counter(ctx, 0, 0, 9, grp(kind)));
      return [svg, ctx.gtext(`unit.${kind}`)];
    });
}

export function selected(ctx) {
  const b = ctx.view.battle;
  const here = focus(ctx);
  return [...new Set([b ? String(b.area) : null, here ? here.area : null].filter(Boolean))];
}

export function roleColour(role) {
  return COLOURS[role] || null;
}

export function playerStats() {
  return [];
}

// Victory points with the half point the cards give (§11.0) written as ½: 2.5 is "2½".
function vpText(vp) {
  if (typeof vp !== "number" || Number.isInteger(vp)) return vp;
  return `${vp < 0 ? "−" : ""}${Math.abs(Math.trunc(vp)) || ""}½`;
}

export function playerBody(role, ctx) {
  const { h, view } = ctx;
  const mine = (view.nations || []).filter((n) => n.role === role);
  if (!mine.length) return null;
  const table = nationTable(ctx, mine);
  // a half point is explained where it shows
  if (!mine.some((n) => typeof n.vp === "number" && n.vp % 1)) return table;
  return h(
    "div.nation-block",
    null,
    table,
    h("p.vp-note.small.muted", null, ctx.t("italia.vp_half", null, "½: half a victory point. A nation's card values some kills, areas and regions at half a point (§11.0).")),
  );
}

function nationTable(ctx, mine) {
  const { h, view } = ctx;
  return h(
    "table.nation-table",
    null,
    h(
      "thead",
      null,
      h("tr", null, h("th", { scope: "col" }, ctx.t("italia.nation_col", null, "Nation")), h("th", { scope: "col" }, ctx.t("stat.gold", null, "Gold")), h("th", { scope: "col" }, ctx.t("stat.vp", null, "VP")), h("th", { scope: "col" }, ctx.t("italia.capital", null, "Capital"))),
    ),
    h(
      "tbody",
      null,
      mine.map((n) =>
        h(
          "tr",
          { dataset: { nation: n.key }, class: view.nation === n.key ? "current" : "" },
          h(
            "th",
            { scope: "row" },
            h("span.swatch", { style: { background: colourOf(ctx, n.key) } }),
            " ",
            ctx.word(n.key),
            n.ruler ? h("span.muted.small", { title: ctx.t("italia.ruler", null, "Submitted to") }, ` → ${ctx.word(n.ruler)}`) : null,
          ),
          h("td", null, n.gold),
          h("td", { class: n.vp % 1 ? "vp-half" : null }, vpText(n.vp)),
          h("td", null, n.capital ? ctx.word(n.capital) : "–"),
        ),
      ),
    ),
  );
}

export function infoPanel(ctx) {
  const { h, view } = ctx;
  const b = view.battle;
  return statsPanel(
    ctx,
    [
      [ctx.t("stat.round", null, "Round"), view.round],
      [ctx.t("italia.nation", null, "Nation to play"), view.nation ? ctx.word(view.nation) : "–"],
    ],
    b
      ? h(
          "p.battle-note",
          null,
          ctx.t("italia.battle", { area: ctx.word(String(b.area)), attacker: ctx.word(b.attacker), defender: ctx.word(b.defender) }, `Battle in ${b.area}`),
        )
      : null,
    b ? battleOdds(ctx, b) : null,
  );
}

// The odds of the battle being fought (the view's battle.odds: the chance that the attacker
// wins, that the defender holds, that both sides are destroyed), as a bar and figures. They are
// exact unless the battle is too big to compute at once (odds.exact false): then estimated,
// and said so; an estimate has no figure for both destroyed.
function battleOdds(ctx, b) {
  const { h } = ctx;
  const odds = b.odds;
  if (!odds || typeof odds !== "object") return null;
  const exact = odds.exact !== false;
  const parts = [
    ["attacker", ctx.t("italia.odds_attacker", { attacker: ctx.word(b.attacker) }, "attacker wins"), colourOf(ctx, b.attacker)],
    ["both", ctx.t("italia.odds_both", null, "both destroyed"), "#9b8f7e"],
    ["defender", ctx.t("italia.odds_defender", { defender: ctx.word(b.defender) }, "defender holds"), colourOf(ctx, b.defender)],
  ].filter(([key]) => typeof odds[key] === "number" && Number.isFinite(odds[key]) && (exact || key !== "both"));
  if (!parts.length) return null;
  let pct;
  try {
    pct = new Intl.NumberFormat(document.documentElement.lang || "en", { style: "percent", maximumFractionDigits: 1 });
  } catch {
    pct = { format: (p) => `${Math.round(p * 1000) / 10}%` };
  }
  const title = exact
    ? ctx.t("italia.odds", null, "Odds of the battle")
    : ctx.t("italia.odds_estimated", null, "Odds of the battle (estimated)");
  return h(
    "section.battle-odds",
    { "aria-label": title, dataset: { exact: String(exact) } },
    h("h4.odds-title", null, title),
    h(
      "div.odds-bar",
      { "aria-hidden": "true" },
      parts.map(([key, label, colour]) =>
        h(`span.odds-${key}`, { style: { width: `${Math.max(0, Math.min(1, odds[key])) * 100}%`, background: colour }, title: `${label}: ${pct.format(odds[key])}` }),
      ),
    ),
    h(
      "dl.odds-list",
      null,
      parts.map(([key, label, colour]) =>
        h(
          "div.odds-item",
          { dataset: { side: key } },
          h("dt", null, h("span.swatch", { style: { background: colour } }), label),
          h("dd", null, pct.format(odds[key])),
        ),
      ),
    ),
  );
}

export function nounLabel(action, ctx) {
  const [verb, noun] = action;
  if (typeof noun !== "string" && verb !== "fleet") return null;
  if (verb === "fleet") return ctx.t("italia.fleet_n", { n: Number(noun) + 1 }, `fleet ${Number(noun) + 1}`);
  const m = String(noun).match(/^([a-z_]+)(\*)?(@sea)?(?:\.(\d+))?$/);
  if (!m) return null;
  const [, kind, damaged, sea, index] = m;
  let text = ctx.gtext(`unit.${kind}`) ?? (verb === "leader" || verb === "drop" ? ctx.word(kind) : null);
  if (!text) return null;
  if (damaged) text += ` (${ctx.t("italia.damaged", null, "damaged")})`;
  if (sea) text += ` ${ctx.t("italia.at_sea", null, "at sea")}`;
  if (index !== undefined) text += ` #${Number(index) + 1}`;
  const cost = price(action, ctx);
  if (cost !== null) text = ctx.t("italia.price", { what: text, cost }, `${text} · ${cost} gold`);
  return text;
}

// --- the battle panel -------------------------------------------------------------------------
// The last land battle round of the log: each side's dice with the unit that rolled it and the
// number it needed (§10.2), then the losses, retreats and the result that followed in the same
// step. A raid rolls against 7 (§10.6).
const SIDE_EVENTS = new Set(["it.lost", "it.lost_leader", "it.retreat", "it.deserts", "it.stack_removed"]);
const OUTCOME = new Set([...SIDE_EVENTS, "it.battle_over", "it.raided", "it.raid_failed", "it.pillaged", "it.damaged", "it.lone_leader", "it.defects", "it.converted", "it.conversion_lost", "it.submits"]);

// "infantry hits on 7+, on 9+ with the modifiers": each unit type that rolled, once.
function needs(ctx, shots, raw) {
  const units = ctx.board.raw.units || {};
  const seen = new Map();
  (raw || []).forEach(([kind, , need], i) => {
    const base = units[kind] && units[kind].to_hit;
    if (typeof base !== "number" || seen.has(kind)) return;
    const unit = shots[i].label;
    seen.set(
      kind,
      base === need
        ? ctx.t("battle.need_base", { unit, base }, `${unit} hits on ${base}+`)
        : ctx.t("battle.need_mod", { unit, base, need }, `${unit} hits on ${base}+, on ${need}+ with the modifiers`),
    );
  });
  return [...seen.values()];
}

// Whose unit each first hit of the roll damaged (a two-hit unit, §10.2): the attacker's hits
// are taken first, so the defender's damaged units come first, as many as the attacker hit,
// and only of a kind the defender has in the battle.
function damagedBy(events, roll) {
  const out = new Map();
  const hitsA = (roll.shots_a || []).filter((x) => x[3]).length;
  const kindsD = new Set((roll.shots_d || []).map((x) => x[0]));
  let onDefender = 0;
  for (const e of events) {
    if (e.msg !== "it.damaged") continue;
    const defender = !roll.raid && onDefender < hitsA && kindsD.has(e.args.unit);
    if (defender) onDefender += 1;
    out.set(e, defender ? "defender" : "attacker");
  }
  return out;
}

// Why a side's hits are not its enemy's losses: a raid strikes the city (§10.7), a two-hit unit
// is damaged by the first (§10.2), hits beyond the units aimed at are lost (§10.4).
function hitsWhy(ctx, roll, sd, killed, damaged) {
  const hits = sd.shots.filter((x) => x.hit).length;
  const say = (key, a) => ctx.screen.message(key, a);
  if (!hits) return "";
  if (roll.raid && sd.side === "attacker") return say("it.why.raid", {});
  const spare = hits - killed - damaged.length;
  if (!damaged.length && spare <= 0) return "";
  const parts = [];
  if (killed) parts.push(say("it.why.lost", { n: killed }));
  for (const e of damaged) parts.push(say("it.why.damaged", { unit: e.args.unit }));
  if (spare > 0) parts.push(say("it.why.spare", { n: spare }));
  return parts.join(" ");
}

// The chance, before the dice, that at least one raider's die hits (§10.7: one hit ruins the
// city); a die needing n hits on n..10 (a 1 always misses).
function raidChance(ctx, roll) {
  const miss = (roll.shots_a || []).reduce((p, [, , need]) => p * Math.min(1, Math.max(0, (need - 1) / 10)), 1);
  const p = `${Math.round((1 - miss) * 100)}%`;
  return ctx.t("battle.raid_chance", { p }, `Chance before the roll that the raid ruins the city: ${p}.`);
}

export function battle(ctx, log) {
  const i = lastEntry(log, "it.roll");
  if (i < 0) return null;
  const roll = log[i];
  const args = roll.args || {};
  const after = [];
  for (let j = i + 1; j < log.length && log[j].step === roll.step && log[j].msg !== "it.roll"; j++) after.push(log[j]);
  const message = (e) => ctx.screen.message(e.msg, e.args);
  // this battle's area only, and not the units removed over the stacking limit (§8.0) when the
  // step went on past the battle: those are the log's, not the battle's
  const stacked = new Set();
  after.forEach((e, k) => {
    if (e.msg !== "it.stack_removed") return;
    stacked.add(e);
    const next = after[k + 1];
    if (next && next.msg === "it.lost" && next.args.nation === e.args.nation && next.args.unit === e.args.unit) stacked.add(next);
  });
  const here = after.filter((e) => !stacked.has(e) && (!e.args || e.args.area === undefined || String(e.args.area) === String(args.area)));
  const damaged = damagedBy(here, roll);
  const side = (key, nation, mod, shots, mods) => ({
    side: key,
    name: ctx.word(nation),
    color: colourOf(ctx, nation),
    mod,
    // each modifier with the rule that gives it (§10.2)
    mods: (mods || []).map(([why, value]) => ({ value, why: ctx.gtext(`mod.${why}`) ?? why })),
    shots: (shots || []).map(([kind, die, need, hit]) => ({ die, need, hit: !!hit, label: unitName(ctx, kind), short: unitName(ctx, kind) })),
    lost: here.filter((e) => (SIDE_EVENTS.has(e.msg) && e.args && e.args.nation === nation) || damaged.get(e) === key).map(message),
  });
  const sides = [side("attacker", args.attacker, args.mod_a, roll.shots_a, roll.mods_a), side("defender", args.defender, args.mod_d, roll.shots_d, roll.mods_d)];
  // what each side's hits did, where they did more or less than kill one unit each
  sides.forEach((sd, k) => {
    const other = sides[1 - k];
    const otherNation = k ? args.attacker : args.defender;
    sd.hitsWhy = hitsWhy(ctx, roll, sd, here.filter((e) => e.msg === "it.lost" && e.args && e.args.nation === otherNation).length, here.filter((e) => damaged.get(e) === other.side));
  });
  // why each die needed its number: the unit's to-hit number (§10.2) and where the modifiers took it
  if (!roll.raid) for (const sd of sides) sd.needs = needs(ctx, sd.shots, roll[sd.side === "attacker" ? "shots_a" : "shots_d"]);
  // the outcome says what the battle did; what the step went on to (a campaign begun, its gold) is
  // the log's, not the battle's
  const rest = here.filter((e) => OUTCOME.has(e.msg) && !damaged.has(e) && !(SIDE_EVENTS.has(e.msg) && e.args && [args.attacker, args.defender].includes(e.args.nation)));
  const round = roll.round || 1;
  const area = ctx.word(String(args.area));
  return {
    key: `${roll.step}|${args.area}|${round}`,
    area: args.area,
    // a raid is not won or held: its odds are the chance that a die strikes the city (§10.7)
    oddsKey: roll.raid ? null : `${args.area}|${round}`,
    chance: roll.raid ? raidChance(ctx, roll) : null,
    title: roll.raid
      ? ctx.t("battle.raid_title", { area }, `Raid on ${area}`)
      : ctx.t("battle.title", { area, round }, `Battle in ${area}, round ${round}`),
    subtitle: ctx.screen.message("it.battle", { area: args.area, attacker: args.attacker, defender: args.defender }),
    sides,
    outcome: rest.filter((e) => e.msg !== "it.vp").map(message).join(" "),
  };
}

// --- choices: what is chosen so far, what things cost ------------------------------------------

// "Gathered in Apulia: 2 infantry units, the leader Pyrrhus" while a group is being formed; the
// units bought and not yet placed during the buying step.
export function promptNote(ctx) {
  const { view } = ctx;
  const words = ctx.screen.words();
  const gathered = [];
  let where = null;
  for (const area of view.areas || []) {
    const mine = (area.units || []).filter((u) => u.gathered);
    if (!mine.length) continue;
    where = area;
    const kinds = new Map();
    for (const u of mine) {
      if (u.kind === "leader") gathered.push(ctx.t("italia.leader_named", { name: ctx.word(u.leader || u.name) }, `leader ${u.name}`));
      else kinds.set(u.kind, (kinds.get(u.kind) || 0) + 1);
    }
    for (const [kind, n] of kinds) gathered.unshift(words.counted(n, `unit.${kind}`, {}));
  }
  const p = view.prompt || {};
  if (String(p.text).startsWith("it.p.reinf") && p.args && p.args.leader) {
    // which leader comes: the prompt says "the leader"
    const name = ctx.word(p.args.leader);
    return ctx.t("italia.leader_arrives", { name }, `The leader ${name} arrives with the reinforcements.`);
  }
  const tap = tapHint(ctx);
  if (where) {
    const text = ctx.t("italia.gathered", { area: ctx.word(String(where.id)), units: gathered.join(", ") }, `Gathered in ${where.id}: ${gathered.join(", ")}`);
    return tap ? `${text} ${tap}` : text;
  }
  if (tap) return tap;
  if (view.bought && view.bought.length) {
    return ctx.t("italia.bought", { units: pendingText(ctx, view.bought) }, `Bought: ${view.bought}`);
  }
  return null;
}

// What a tap on the map's counters does now, when some may be tapped: gather and put back in a
// group, choose a target in a battle, choose the units that leave.
function tapHint(ctx) {
  const here = focus(ctx);
  const verbs = new Set((ctx.view.actions || []).map((a) => a[0]));
  if (!here || !ctx.interactive) return null;
  const area = ctx.word(here.area);
  if (here.aims && verbs.has("target")) return ctx.t("italia.tap_target", { area }, `Choose an enemy counter in ${area} on the map to aim at it.`);
  if (ctx.view.prompt.text === "it.p.move.group") {
    if (verbs.has("drop")) return ctx.t("italia.tap_gather_drop", { area }, `Choose a counter in ${area} on the map to gather it.`);
    if (verbs.has("unit") || verbs.has("leader") || verbs.has("fleet")) return ctx.t("italia.tap_gather", { area }, `Choose a counter in ${area} on the map to gather it.`);
    return null;
  }
  if (verbs.has("unit") || verbs.has("leader")) return ctx.t("italia.tap_choose", { area }, `Choose a counter in ${area} on the map.`);
  return null;
}

function pendingText(ctx, pending) {
  const words = ctx.screen.words();
  const kinds = new Map();
  for (const p of pending) {
    const kind = Array.isArray(p) ? p[0] : typeof p === "object" && p ? p.kind : p;
    kinds.set(kind, (kinds.get(kind) || 0) + 1);
  }
  return [...kinds].map(([kind, n]) => words.counted(n, `unit.${kind}`, {})).join(", ");
}

// A unit's price on its buy button (when the board gives the units' costs, §6.2).
function price(action, ctx) {
  const [verb, kind] = action;
  const unit = verb === "buy" && (ctx.board.raw.units || {})[kind];
  return unit && typeof unit.cost === "number" ? unit.cost : null;
}
