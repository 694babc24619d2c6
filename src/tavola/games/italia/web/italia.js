// Italia I and II: units stacked by nation on the 48 areas, cities and ruins, the nations'
// gold, victory points, capitals and submissions in the player panels.

import { tokenRow } from "/static/games/generic.js";

const COLOURS = {
  yellow: "#e2b21c",
  red: "#c0392b",
  green: "#2e8b57",
  blue: "#2e6db4",
  black: "#2f2a25",
  white: "#f4f1e8",
  brown: "#8a5a32",
  orange: "#e07b22",
  purple: "#7d4e9e",
};
const LETTER = { infantry: "I", foederati: "F", legion: "L", consular: "C", knight: "K", elephant: "E", leader: "★" };

export const areaVerbs = ["area", "city", "capital", "rebuild", "raid", "block", "fight", "exit"];
export const prefixes = ["unit.", "nation.", "leader."];

function nationInfo(ctx, key) {
  return (ctx.board.raw.nations || []).find((n) => n.key === key) || {};
}

function colourOf(ctx, key) {
  const c = nationInfo(ctx, key).colour;
  return COLOURS[c] || c || "#777";
}

function unitName(ctx, kind) {
  return ctx.gtext(`unit.${kind}`) ?? kind;
}

export function draw(ctx) {
  const { map, s, view } = ctx;
  if (!map) return;
  const layer = map.layer("pieces");
  const size = Math.max(7, Math.min(11, map.spacing * 0.09));
  for (const area of view.areas || []) {
    const a = map.anchor(String(area.id));
    if (!a) continue;
    const g = s("g", { class: "area-pieces" });
    if (area.city) {
      g.append(
        tokenRow(ctx, a.x, a.y - size * 0.1, [{ shape: "house", color: area.city === "ruin" ? "#9b8f7e" : "#f6f0e2", title: ctx.t(`italia.${area.city}`, null, area.city) }], size * 0.8),
      );
    }
    // one token per nation and kind, with the count
    const groups = new Map();
    for (const u of area.units || []) {
      const key = `${u.nation}|${u.kind}`;
      if (!groups.has(key)) groups.set(key, { nation: u.nation, kind: u.kind, n: 0, names: [] });
      const grp = groups.get(key);
      grp.n += 1;
      if (u.name) grp.names.push(u.name);
    }
    const items = [...groups.values()].map((grp) => {
      const colour = colourOf(ctx, grp.nation);
      const ink = nationInfo(ctx, grp.nation).colour === "yellow" || nationInfo(ctx, grp.nation).colour === "white" ? "#231c15" : "#fff";
      const nation = ctx.word(grp.nation);
      return {
        shape: grp.kind === "fleet" ? "ship" : grp.kind === "leader" ? "disc" : "square",
        color: colour,
        ink,
        text: grp.kind === "fleet" ? (grp.n > 1 ? String(grp.n) : "") : `${LETTER[grp.kind] || grp.kind[0].toUpperCase()}${grp.n > 1 ? grp.n : ""}`,
        title: `${nation}: ${grp.n} × ${unitName(ctx, grp.kind)}${grp.names.length ? ` (${grp.names.join(", ")})` : ""}`,
      };
    });
    if (items.length) {
      const perRow = 3;
      for (let r = 0; r * perRow < items.length; r++) {
        g.append(tokenRow(ctx, a.x, a.y + size * 1.8 + r * size * 2.3, items.slice(r * perRow, r * perRow + perRow), size));
      }
    }
    layer.append(g);
  }
}

export function selected(ctx) {
  const b = ctx.view.battle;
  return b ? [String(b.area)] : [];
}

export function roleColour(role) {
  return COLOURS[role] || null;
}

export function playerStats() {
  return [];
}

export function playerBody(role, ctx) {
  const { h, view } = ctx;
  const mine = (view.nations || []).filter((n) => n.role === role);
  if (!mine.length) return null;
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
          h("td", null, n.vp),
          h("td", null, n.capital ? ctx.word(n.capital) : "–"),
        ),
      ),
    ),
  );
}

function stat(h, label, value) {
  return h("div.stat", null, h("dt", null, label), h("dd", null, value ?? "–"));
}

export function infoPanel(ctx) {
  const { h, view } = ctx;
  const b = view.battle;
  return h(
    "section.info-panel",
    null,
    h("h3", null, ctx.t("play.game_info", null, "Game")),
    h(
      "dl.stats",
      null,
      stat(h, ctx.t("stat.round", null, "Round"), view.round),
      stat(h, ctx.t("italia.nation", null, "Nation to play"), view.nation ? ctx.word(view.nation) : "–"),
    ),
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
  return text;
}
