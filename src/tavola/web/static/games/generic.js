// The fallback view adapter: shows any game's view as readable panels and puts whatever is
// keyed by area on the map as counters, so an unknown game is still playable. Game adapters
// (static/games/<game-id>.js) override some of these functions and reuse the helpers.

const STANDARD = new Set(["active", "step", "result", "prompt", "actions", "can_undo", "log", "colors", "names", "role_names", "rulebook"]);
const PLAYER_MAPS = ["players", "nations", "seats", "factions", "empires"];
const AREA_FIELDS = ["area", "region", "where", "at", "location", "space"];

// The players' colours of the games whose sides are colours (a game adds its own).
export const PLAYER_COLOURS = {
  yellow: "#e2b21c",
  red: "#c0392b",
  green: "#2e8b57",
  blue: "#2e6db4",
  black: "#2f2a25",
};

export function label(ctx, key) {
  return ctx.gtext(`stat.${key}`) ?? ctx.gtext(`view.${key}`) ?? ctx.t(`stat.${key}`, null, humanize(key));
}

function humanize(id) {
  const text = String(id).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function fmt(ctx, value) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "boolean") return value ? "✓" : "–";
  if (Array.isArray(value)) {
    if (!value.length) return "–";
    if (value.every((v) => typeof v !== "object")) return value.map((v) => ctx.word(v)).join(", ");
    return String(value.length);
  }
  if (typeof value === "object") {
    return Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined && v !== false && v !== 0)
      .map(([k, v]) => (typeof v === "number" ? `${ctx.word(k)} ${v}` : typeof v === "object" ? ctx.word(k) : `${ctx.word(k)}: ${ctx.word(v)}`))
      .join(", ") || "–";
  }
  if (typeof value === "string") return ctx.word(value);
  return String(value);
}

function isRoleMap(ctx, v) {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => ctx.roles.includes(k));
}

function isAreaMap(ctx, v) {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  if (!keys.length) return false;
  const hits = keys.filter((k) => ctx.screen.areaOf(k)).length;
  return hits >= Math.max(1, keys.length * 0.8);
}

function areaField(item) {
  if (!item || typeof item !== "object") return undefined;
  for (const f of AREA_FIELDS) if (item[f] !== undefined && item[f] !== null) return item[f];
  return undefined;
}

function isPlacedList(ctx, v) {
  return Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === "object" && ctx.screen.areaOf(areaField(x)));
}

export function playerEntry(ctx, role) {
  for (const key of PLAYER_MAPS) {
    const m = ctx.view[key];
    if (m && typeof m === "object" && !Array.isArray(m) && m[role] && typeof m[role] === "object") return m[role];
  }
  return null;
}

export function playerStats(role, ctx) {
  const rows = [];
  const view = ctx.view;
  for (const [key, value] of Object.entries(view)) {
    if (STANDARD.has(key) || PLAYER_MAPS.includes(key)) continue;
    if (isRoleMap(ctx, value) && role in value && typeof value[role] !== "object") rows.push({ label: label(ctx, key), value: fmt(ctx, value[role]) });
    else if (isRoleMap(ctx, value) && role in value && value[role] && !isAreaMap(ctx, value[role])) rows.push({ label: label(ctx, key), value: fmt(ctx, value[role]) });
  }
  const entry = playerEntry(ctx, role);
  if (entry) {
    for (const [key, value] of Object.entries(entry)) {
      if (isAreaMap(ctx, value) || isPlacedList(ctx, value)) continue;
      if (["name", "color", "colour", "role", "id"].includes(key)) continue;
      if (value && typeof value === "object" && !Array.isArray(value) && Object.values(value).some((v) => typeof v === "object")) continue;
      rows.push({ label: label(ctx, key), value: fmt(ctx, value) });
    }
  }
  return rows;
}

export function privatePanel() {
  return null;
}

// Top-level facts that are not per player and not on the map: round, phase, tracks...
export function infoPanel(ctx) {
  const view = ctx.view;
  const rows = [];
  const extra = [];
  for (const [key, value] of Object.entries(view)) {
    if (STANDARD.has(key) || PLAYER_MAPS.includes(key)) continue;
    if (isRoleMap(ctx, value) || isAreaMap(ctx, value) || isPlacedList(ctx, value)) continue;
    if (value === null || typeof value !== "object") rows.push([label(ctx, key), fmt(ctx, value)]);
    else if (Array.isArray(value) && value.every((v) => typeof v !== "object")) rows.push([label(ctx, key), fmt(ctx, value)]);
    else extra.push([key, value]);
  }
  if (!rows.length && !extra.length) return null;
  const { h } = ctx;
  return h(
    "section.info-panel",
    { "aria-label": ctx.t("play.game_info", null, "Game") },
    h("h3", null, ctx.t("play.game_info", null, "Game")),
    rows.length ? h("dl.stats", null, rows.map(([k, v]) => h("div.stat", null, h("dt", null, k), h("dd", null, v)))) : null,
    extra.map(([key, value]) => h("details.raw", null, h("summary", null, label(ctx, key)), tree(ctx, value))),
  );
}

// The index of the newest log entry with message ``msg`` (-1: none): a battle panel's start.
export function lastEntry(log, msg) {
  for (let i = log.length - 1; i >= 0; i--) if (log[i].msg === msg) return i;
  return -1;
}

// The game panel of facts in rows ([label, value] pairs, "–" for a value not set) and any more
// parts below them: the adapters' infoPanel.
export function statsPanel(ctx, rows, ...more) {
  const { h } = ctx;
  return h(
    "section.info-panel",
    { "aria-label": ctx.t("play.game_info", null, "Game") },
    h("h3", null, ctx.t("play.game_info", null, "Game")),
    h("dl.stats", null, rows.map(([k, v]) => h("div.stat", null, h("dt", null, k), h("dd", null, v ?? "–")))),
    ...more,
  );
}

function tree(ctx, value) {
  const { h } = ctx;
  if (value === null || typeof value !== "object") return h("span", null, fmt(ctx, value));
  if (Array.isArray(value)) return h("ol.tree", null, value.map((v) => h("li", null, tree(ctx, v))));
  return h(
    "dl.tree",
    null,
    Object.entries(value).map(([k, v]) => h("div", null, h("dt", null, ctx.word(k)), h("dd", null, tree(ctx, v)))),
  );
}

export function widgets() {
  return [];
}

export function claims() {
  return false;
}

export function selected() {
  return [];
}

// A hint under the prompt that takes the player to the choices drawn beside the map (on a
// phone they sit below it): scrolls there and puts the focus on the first.
export function jumpHint(ctx, selector, text) {
  return ctx.h(
    "button.link-button",
    {
      type: "button",
      onclick: () => {
        const box = document.querySelector(selector);
        if (!box) return;
        box.scrollIntoView({ behavior: "smooth", block: "center" });
        const first = box.querySelector("[data-target]");
        if (first) first.focus({ preventScroll: true });
      },
    },
    text,
  );
}

// --- drawing helpers (shared by the game adapters) ---------------------------------------

// A row of tokens centred at (x, y): items [{color, count, shape, title, ink}].
export function tokenRow(ctx, x, y, items, size = 11) {
  const { s } = ctx;
  const g = s("g", { class: "token-row" });
  const gap = size * 2.15;
  const x0 = x - ((items.length - 1) * gap) / 2;
  items.forEach((it, i) => {
    const cx = x0 + i * gap;
    const node = s("g", { class: `token token-${it.shape || "disc"}`, transform: `translate(${cx.toFixed(1)},${y.toFixed(1)})` });
    if (it.title) node.append(s("title", null, it.title));
    // the actions a tap on the token would send (the screen keeps those the rules offer)
    if (it.actions && it.actions.length) node.dataset.actions = JSON.stringify(it.actions);
    if (it.ring) node.append(s("circle", { class: "token-ring", r: size * 1.55 }));
    const fill = it.color || "#6b5a45";
    if (it.shape === "square") node.append(s("rect", { x: -size, y: -size, width: size * 2, height: size * 2, rx: size * 0.3, fill }));
    else if (it.shape === "ship") node.append(s("path", { d: `M${-size * 1.2},${-size * 0.2} L${size * 1.2},${-size * 0.2} L${size * 0.75},${size * 0.8} L${-size * 0.75},${size * 0.8} Z M${-size * 0.1},${-size * 0.2} L${-size * 0.1},${-size * 1.25} L${size * 0.8},${-size * 0.45} Z`, fill }));
    else if (it.shape === "house") node.append(s("path", { d: `M0,${-size * 1.2} L${size * 1.1},${-size * 0.2} L${size * 0.9},${-size * 0.2} L${size * 0.9},${size} L${-size * 0.9},${size} L${-size * 0.9},${-size * 0.2} L${-size * 1.1},${-size * 0.2} Z`, fill }));
    else if (it.shape === "temple") {
      node.append(s("path", { d: `M${-size},${-size * 0.35} L0,${-size * 1.15} L${size},${-size * 0.35} Z M${-size},${size * 0.75} L${size},${size * 0.75} L${size},${size} L${-size},${size} Z`, fill }));
      for (const dx of [-0.65, 0, 0.65]) node.append(s("rect", { x: size * dx - size * 0.14, y: -size * 0.3, width: size * 0.28, height: size * 1.05, fill }));
    } else node.append(s("circle", { r: size, fill }));
    if (it.text) {
      node.append(s("text", { class: "token-count", y: (size * 0.38).toFixed(1), "font-size": (size * 0.95).toFixed(1), fill: it.ink || "#fff" }, it.text));
    } else if (it.count !== undefined && it.count !== null && it.count !== 1) {
      node.append(s("text", { class: "token-count", y: (it.shape === "ship" ? size * 0.55 : size * 0.38).toFixed(1), "font-size": (size * 1.05).toFixed(1), fill: it.ink || "#fff" }, String(it.count)));
    }
    g.append(node);
  });
  return g;
}

function ownerOf(ctx, item) {
  for (const f of ["owner", "role", "player", "nation", "side", "color"]) if (item && ctx.roles.includes(item[f])) return item[f];
  return null;
}

// Put every area-keyed part of the view on the map as counters.
export function draw(ctx) {
  const { map, view } = ctx;
  if (!map) return;
  const perArea = new Map(); // areaId -> Map(key -> {color, count, title})
  const bump = (noun, key, color, count, title) => {
    const area = ctx.screen.areaOf(noun);
    if (!area) return;
    if (!perArea.has(area.id)) perArea.set(area.id, new Map());
    const m = perArea.get(area.id);
    const cur = m.get(key) || { color, count: 0, title };
    cur.count += count;
    m.set(key, cur);
  };
  const visit = (value, owner, key) => {
    if (isAreaMap(ctx, value)) {
      for (const [a, v] of Object.entries(value)) {
        if (typeof v === "number") bump(a, `${owner}|${key}`, owner ? ctx.color(owner) : null, v, `${owner ? ctx.roleName(owner) + " " : ""}${label(ctx, key)}`);
        else if (isRoleMap(ctx, v)) for (const [r, n] of Object.entries(v)) bump(a, `${r}|${key}`, ctx.color(r), typeof n === "number" ? n : 1, `${ctx.roleName(r)} ${label(ctx, key)}`);
        else if (ctx.roles.includes(v)) bump(a, `${v}|${key}`, ctx.color(v), 1, `${ctx.roleName(v)} ${label(ctx, key)}`);
        else if (Array.isArray(v)) bump(a, `${owner}|${key}`, owner ? ctx.color(owner) : null, v.length, label(ctx, key));
        else if (v && typeof v === "object") {
          const o = ownerOf(ctx, v) || owner;
          bump(a, `${o}|${key}`, o ? ctx.color(o) : null, typeof v.count === "number" ? v.count : 1, label(ctx, key));
        } else if (v === true) bump(a, `${owner}|${key}`, owner ? ctx.color(owner) : null, 1, label(ctx, key));
      }
    } else if (isPlacedList(ctx, value)) {
      for (const item of value) {
        const o = ownerOf(ctx, item) || owner;
        const kind = item.type || item.kind || key;
        bump(areaField(item), `${o}|${kind}`, o ? ctx.color(o) : null, typeof item.count === "number" ? item.count : 1, `${o ? ctx.roleName(o) + " " : ""}${ctx.word(kind)}`);
      }
    }
  };
  for (const [key, value] of Object.entries(view)) {
    if (STANDARD.has(key)) continue;
    if (PLAYER_MAPS.includes(key) && value && typeof value === "object") {
      for (const [r, entry] of Object.entries(value)) {
        if (entry && typeof entry === "object") for (const [k2, v2] of Object.entries(entry)) visit(v2, ctx.roles.includes(r) ? r : null, k2);
      }
      continue;
    }
    if (isRoleMap(ctx, value)) {
      for (const [r, v] of Object.entries(value)) visit(v, r, key);
      continue;
    }
    visit(value, null, key);
  }
  const layer = map.layer("pieces");
  for (const [id, m] of perArea) {
    const a = map.anchor(id);
    if (!a) continue;
    const items = [...m.values()].filter((x) => x.count > 0).map((x) => ({ ...x, color: x.color || "#6b5a45" }));
    if (items.length) layer.append(tokenRow(ctx, a.x, a.y + Math.min(a.r * 0.25, 10), items, Math.max(7, Math.min(11, a.r * 0.22))));
  }
}
