// Antike II: cities, temples, legions and galleys on the map; the rondel beside it; the
// nations' purses, personages and technologies in the player panels.

import { tokenRow, fmt, jumpHint, statsPanel, lastEntry, PLAYER_COLOURS } from "/static/games/generic.js";

const COLOURS = { ...PLAYER_COLOURS, grey: "#8c9296", gray: "#8c9296" };
const RES = { marble: "#f1ede4", iron: "#5f7384", gold: "#e3b23c", coin: "#b8862b", any: "url(#anyRes)" };
const SPACE_FILL = {
  ferrum: "#8fa3b5",
  templum: "#ece6d6",
  aurum: "#edcd6a",
  movere1: "#a8c79a",
  movere2: "#a8c79a",
  militia: "#d98c7a",
  marmor: "#f4efe6",
  scientia: "#b7a5d3",
};

function nations(ctx) {
  return (ctx.view && ctx.view.nations) || [];
}

export function nationColour(ctx, id) {
  const n = nations(ctx).find((x) => x.id === id) || ((ctx.board.raw.nations || []).find((x) => x.id === id));
  return (n && COLOURS[n.colour]) || n?.colour || "#777";
}

function nationName(ctx, id) {
  return ctx.gtext(`nation.${id}`) ?? id;
}

// a role plays one nation (or two in the two-player game): its first nation's colour
export function roleColour(role, ctx) {
  const list = nations(ctx).length ? nations(ctx) : ctx.board.raw.nations || [];
  const n = list.find((x) => x.role === role);
  return n ? COLOURS[n.colour] || n.colour : null;
}

export function roleName(role, ctx) {
  const list = nations(ctx).length ? nations(ctx) : ctx.board.raw.nations || [];
  const mine = list.filter((x) => x.role === role);
  if (mine.length > 1) return `${ctx.t(`role.${role}`, null, role)} (${mine.map((n) => nationName(ctx, n.id)).join(", ")})`;
  return null;
}

// --- the map ------------------------------------------------------------------------------

export function draw(ctx) {
  const { map, s, view, board } = ctx;
  if (!map) return;
  const layer = map.layer("pieces");
  const regions = view.regions || {};
  if (!map.svg.querySelector("#anyRes")) {
    map.svg.querySelector("defs").append(
      s(
        "linearGradient",
        { id: "anyRes", x1: 0, y1: 0, x2: 1, y2: 1 },
        s("stop", { offset: "0%", "stop-color": RES.marble }),
        s("stop", { offset: "33%", "stop-color": RES.marble }),
        s("stop", { offset: "33%", "stop-color": RES.iron }),
        s("stop", { offset: "66%", "stop-color": RES.iron }),
        s("stop", { offset: "66%", "stop-color": RES.gold }),
        s("stop", { offset: "100%", "stop-color": RES.gold }),
      ),
    );
  }
  const size = Math.max(7.5, Math.min(12, map.spacing * 0.1));
  for (const area of board.areas) {
    const a = map.anchor(area.id);
    if (!a) continue;
    const here = regions[area.id] || {};
    const site = area.site;
    const g = s("g", { class: "region-pieces", dataset: { area: area.id } });
    const cy = a.y + size * 0.2;
    if (here.city) {
      const colour = nationColour(ctx, here.city);
      const city = s("g", { class: "city", transform: `translate(${a.x.toFixed(1)},${cy.toFixed(1)})` });
      city.append(s("title", null, `${nationName(ctx, here.city)} — ${ctx.word(area.id)} (${ctx.gtext(`res.${here.token}`) ?? here.token})`));
      const w = size * 1.25;
      city.append(
        s("path", {
          d: `M${-w},${w * 0.8} L${-w},${-w * 0.15} L0,${-w * 1.05} L${w},${-w * 0.15} L${w},${w * 0.8} Z`,
          fill: colour,
          stroke: "#1b140e",
          "stroke-width": 1.1,
          "stroke-linejoin": "round",
        }),
      );
      city.append(s("circle", { cx: 0, cy: w * 0.22, r: w * 0.38, fill: RES[here.token] || "#fff", stroke: "#1b140e", "stroke-width": 0.8 }));
      g.append(city);
    } else if (site) {
      g.append(
        s(
          "circle",
          { class: "site", cx: a.x.toFixed(1), cy: cy.toFixed(1), r: (size * 0.85).toFixed(1), fill: RES[site] || "#fff", stroke: "#6b5a45", "stroke-width": 1.2, "stroke-dasharray": "2 1.5" },
          s("title", null, `${ctx.word(area.id)}: ${ctx.gtext(`res.${site}`) ?? site}`),
        ),
      );
    } else if (area.galley_symbol) {
      g.append(galleySymbol(ctx, a.x, cy, size));
    }
    if (here.temple) {
      const tx = a.x + size * 2.1;
      g.append(
        tokenRow(ctx, tx, cy - size * 0.1, [{ shape: "temple", color: here.temple === "neutral" ? "#d9d3c4" : "#fbf7ee", title: ctx.t(`antike.temple_${here.temple}`, null, `temple (${here.temple})`) }], size * 0.8),
      );
    }
    const units = here.units || {};
    const items = [];
    // the unit picked to move (§8.1) is ringed
    const picked = view.move && view.move.picked && view.move.picked.region === area.id ? view.move.picked.unit : null;
    const words = ctx.screen.words();
    for (const [nid, counts] of Object.entries(units)) {
      const colour = nationColour(ctx, nid);
      const ink = nid && (nations(ctx).find((n) => n.id === nid) || {}).colour === "yellow" ? "#231c15" : "#fff";
      const mine = nid === view.acting;
      if (counts[0]) items.push({ shape: "square", color: colour, count: counts[0], ink, ring: mine && picked === "legion", actions: tokenActions(ctx, area.id, mine, "legion"), title: `${nationName(ctx, nid)}: ${words.counted(counts[0], "unit.legion", {})}` });
      if (counts[1]) items.push({ shape: "ship", color: colour, count: counts[1], ink, ring: mine && picked === "galley", actions: tokenActions(ctx, area.id, mine, "galley"), title: `${nationName(ctx, nid)}: ${words.counted(counts[1], "unit.galley", {})}` });
    }
    if (items.length) g.append(tokenRow(ctx, a.x, cy + size * 2.5, items, size * 0.95));
    layer.append(g);
  }
}

// What a tap on a legion or galley token sends (the screen keeps those the rules offer): the
// mover's own unit is picked to move (§8.1) or, after a conquest, returned (§8.2); a hostile
// unit where the mover stands opens a battle there (§8.1).
function tokenActions(ctx, region, mine, unit) {
  const p = ctx.view.prompt || {};
  if (p.text === "prompt.loss") return mine && (p.args || {}).region === region ? [["unit", unit]] : [];
  if (p.text !== "prompt.move") return []; // arming (§7.1) places new units in cities: the cities are the targets
  return mine ? [[unit, region], ["attack", region]] : [["attack", region]];
}

function galleySymbol(ctx, x, y, size) {
  const { s } = ctx;
  return s(
    "path",
    {
      class: "galley-symbol",
      transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
      d: `M${-size * 1.3},0 L${size * 1.3},0 L${size * 0.8},${size * 0.8} L${-size * 0.8},${size * 0.8} Z M0,0 L0,${-size * 1.3} L${size * 0.9},${-size * 0.4} Z`,
      fill: "#2f5f80",
      "fill-opacity": 0.45,
    },
  );
}

export function selected(ctx) {
  const v = ctx.view;
  const out = [];
  if (v.move && v.move.picked) out.push(v.move.picked.region);
  if (v.battle) out.push(v.battle.region);
  return out;
}

// --- the rondel -----------------------------------------------------------------------------

export function claims(action) {
  return action[0] === "rondel";
}

export function claimHint(actions, ctx) {
  const text = ctx.t("antike.hint_rondel", { n: actions.length }, "Choose a highlighted space on the rondel.");
  return jumpHint(ctx, "#board-extra", text); // on a phone the rondel sits below the map
}

function spaces(ctx) {
  const list = ctx.board.raw.rondel || [];
  return list.length ? list.map((x) => x.id) : ["ferrum", "templum", "aurum", "movere1", "militia", "marmor", "scientia", "movere2"];
}

function shortSpace(ctx, id) {
  const full = ctx.gtext(`space.${id}`) ?? id;
  return full.split(" (")[0];
}

export function widgets(ctx) {
  const { h, s, view } = ctx;
  const ids = spaces(ctx);
  const n = ids.length;
  const R = 100;
  const r0 = 38;
  const svg = s("svg", { class: "rondel", viewBox: "-112 -112 224 224", role: "group", "aria-label": ctx.t("antike.rondel", null, "Rondel") });
  const legal = new Map();
  if (ctx.interactive) for (const a of view.actions || []) if (a[0] === "rondel") legal.set(a[1], a);
  const acting = view.acting;
  const actingNation = nations(ctx).find((x) => x.id === acting);
  const from = actingNation && actingNation.rondel ? ids.indexOf(actingNation.rondel) : -1;
  ids.forEach((id, i) => {
    const a0 = ((i - 0.5) / n) * Math.PI * 2 - Math.PI / 2;
    const a1 = ((i + 0.5) / n) * Math.PI * 2 - Math.PI / 2;
    const p = (r, a) => `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
    const d = `M${p(r0, a0)} L${p(R, a0)} A${R},${R} 0 0 1 ${p(R, a1)} L${p(r0, a1)} A${r0},${r0} 0 0 0 ${p(r0, a0)} Z`;
    const mid = (a0 + a1) / 2;
    const action = legal.get(id);
    const g = s("g", {
      class: "rondel-space",
      dataset: action ? { target: JSON.stringify(action), space: id } : { space: id },
      tabindex: action ? 0 : null,
      role: action ? "button" : null,
      "aria-label": action ? `${ctx.gtext("verb.rondel") ?? "Rondel"}: ${ctx.gtext(`space.${id}`) ?? id}` : null,
    });
    g.append(s("path", { class: "space", d, fill: SPACE_FILL[id] || "#ddd" }));
    g.append(s("title", null, ctx.gtext(`space.${id}`) ?? id));
    const lr = (R + r0) / 2 + 6;
    g.append(s("text", { class: "space-label", x: (lr * Math.cos(mid)).toFixed(1), y: (lr * Math.sin(mid) + 3).toFixed(1) }, shortSpace(ctx, id)));
    if (action && from >= 0) {
      const dist = (i - from + n) % n;
      const cost = Math.max(0, dist - 3);
      if (cost > 0) g.append(s("text", { class: "space-cost", x: (lr * Math.cos(mid)).toFixed(1), y: (lr * Math.sin(mid) + 13).toFixed(1) }, `+${cost}`));
    }
    if (action) {
      const fire = (ev) => {
        ev.preventDefault();
        ctx.act(action);
      };
      g.addEventListener("click", fire);
      g.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") fire(ev);
      });
    }
    svg.append(g);
  });
  // the nations' markers on their spaces
  const bySpace = new Map();
  for (const nat of nations(ctx)) {
    if (!nat.rondel) continue;
    if (!bySpace.has(nat.rondel)) bySpace.set(nat.rondel, []);
    bySpace.get(nat.rondel).push(nat);
  }
  for (const [id, list] of bySpace) {
    const i = ids.indexOf(id);
    const mid = (i / n) * Math.PI * 2 - Math.PI / 2;
    list.forEach((nat, k) => {
      const rr = r0 + 12 + k * 0;
      const spread = (k - (list.length - 1) / 2) * 0.16;
      const x = rr * Math.cos(mid + spread);
      const y = rr * Math.sin(mid + spread);
      const oct = [];
      for (let j = 0; j < 8; j++) {
        const a = (j / 8) * Math.PI * 2 + Math.PI / 8;
        oct.push(`${(x + 6 * Math.cos(a)).toFixed(1)},${(y + 6 * Math.sin(a)).toFixed(1)}`);
      }
      svg.append(s("polygon", { class: "marker", points: oct.join(" "), fill: COLOURS[nat.colour] || nat.colour }, s("title", null, nationName(ctx, nat.id))));
    });
  }
  svg.append(s("circle", { cx: 0, cy: 0, r: r0 - 4, fill: "#f7efdc", stroke: "#6b4f2d", "stroke-width": 1 }));
  svg.append(s("text", { x: 0, y: -4, "text-anchor": "middle", class: "space-label" }, ctx.t("antike.round_n", { n: view.round }, `Round ${view.round}`)));
  if (view.turn) {
    svg.append(s("circle", { cx: 0, cy: 10, r: 6, fill: nationColour(ctx, view.turn), stroke: "#1b140e", "stroke-width": 1 }));
  }
  const box = h("section.rondel-box", { "aria-label": ctx.t("antike.rondel", null, "Rondel") }, h("h3", null, ctx.t("antike.rondel", null, "Rondel")), svg);
  return [box];
}

// --- the players ------------------------------------------------------------------------------

export function playerStats() {
  return [];
}

function chip(h, colour, label, value, title) {
  return h(
    "span.res-chip",
    { title: title || label },
    h("span.res-dot", { style: { background: colour }, "aria-hidden": "true" }),
    h("span.visually-hidden", null, `${label}: `),
    String(value),
  );
}

export function playerBody(role, ctx) {
  const { h, view } = ctx;
  const mine = nations(ctx).filter((n) => n.role === role);
  if (!mine.length) return null;
  const target = view.target;
  const body = h("div.nations");
  for (const nat of mine) {
    const purse = nat.purse || {};
    const pers = nat.personages || {};
    const persText = Object.entries(pers)
      .filter(([, v]) => v)
      .map(([k, v]) => `${v} ${ctx.gtext(`pers.${k}`) ?? k}`)
      .join(", ");
    const block = h(
      "div.nation",
      { dataset: { nation: nat.id } },
      mine.length > 1 ? h("div.nation-name", null, h("span.swatch", { style: { background: COLOURS[nat.colour] } }), nationName(ctx, nat.id)) : null,
      h(
        "div.purse",
        { "aria-label": ctx.t("antike.purse", null, "Purse") },
        ["marble", "iron", "gold", "coin"].map((k) => chip(h, RES[k], ctx.gtext(`res.${k}`) ?? k, purse[k] ?? 0)),
      ),
      h(
        "dl.stats",
        null,
        stat(h, ctx.t("antike.personages", null, "Personages"), target ? `${nat.total} / ${target}` : nat.total, persText),
        stat(h, ctx.t("antike.cities", null, "Cities"), nat.cities),
        stat(h, ctx.t("antike.temples", null, "Temples"), nat.temples),
        nat.supply ? stat(h, ctx.t("antike.supply", null, "In supply"), supply(ctx, nat.supply), ctx.t("antike.supply_title", null, "legions, galleys, cities left in supply"), true) : null,
        nat.rondel ? stat(h, ctx.t("antike.space", null, "Rondel"), shortSpace(ctx, nat.rondel)) : null,
      ),
      nat.techs && nat.techs.length ? h("div.techs", null, nat.techs.map((tid) => h("span.tech-chip", { title: ctx.gtext(`tech.${tid}`) ?? tid }, (ctx.gtext(`tech.${tid}`) ?? tid).split(" (")[0]))) : null,
      nat.bellona ? h("span.badge.badge-bellona", { title: "Bellona" }, "Bellona") : null,
    );
    body.append(block);
  }
  return body;
}

const ICONS = {
  legion: "M-5,-5 H5 V5 H-5 Z",
  galley: "M-6,0 H6 L4,4 H-4 Z M-0.5,0 V-6 L4,-2 Z",
  city: "M-5,5 V-1 L0,-6 L5,-1 V5 Z",
};

function supply(ctx, sup) {
  const { h, s } = ctx;
  return h(
    "span.supply",
    null,
    ["legion", "galley", "city"].map((k) =>
      h(
        "span.supply-item",
        { title: ctx.gtext(`unit.${k}`) ?? k },
        s("svg", { viewBox: "-7 -7 14 14", width: 13, height: 13, "aria-hidden": "true" }, s("path", { d: ICONS[k], fill: "#5b4a3a" })),
        String(sup[k] ?? 0),
      ),
    ),
  );
}

function stat(h, label, value, title, wide = false) {
  return h(wide ? "div.stat.wide" : "div.stat", { title: title || label }, h("dt", null, label), h("dd", null, value ?? "–"));
}

export function infoPanel(ctx) {
  const { h, view } = ctx;
  const bank = view.bank || {};
  const first = view.first || {};
  const techs = ctx.board.raw.technologies || [];
  return statsPanel(
    ctx,
    [
      [ctx.t("stat.round", null, "Round"), view.round],
      [ctx.t("antike.turn", null, "Turn"), view.turn ? nationName(ctx, view.turn) : "–"],
      [ctx.t("antike.target", null, "Personages to win"), view.target],
      [ctx.t("antike.bank_coins", null, "Coins in the bank"), bank.coins],
      [ctx.t("antike.bank_temples", null, "Temples left"), bank.temples],
    ],
    techs.length
      ? h(
          "details.raw",
          null,
          h("summary", null, ctx.t("antike.technologies", null, "Technologies")),
          h(
            "table.tech-table",
            null,
            h("tbody", null, techs.map((tch) => h("tr", null, h("th", { scope: "row" }, ctx.gtext(`tech.${tch.id}`) ?? tch.id), h("td", null, `${tch.first} / ${tch.later}`), h("td", null, first[tch.id] ? nationName(ctx, first[tch.id]) : "–")))),
          ),
        )
      : null,
    view.battle ? h("p.battle-note", null, fmt(ctx, view.battle)) : null,
  );
}

// --- the battle panel -------------------------------------------------------------------------
// Antike's battles use no dice: a battle removes one unit of each side (§8.1), and either side
// may ask for the next. The panel shows the last battle of the log: where, who asked, the losses.
export function battle(ctx, log) {
  const i = lastEntry(log, "ev.battle");
  if (i < 0) return null;
  const ev = log[i];
  const args = ev.args || {};
  const side = (key, nation) => ({
    side: key,
    name: nationName(ctx, nation),
    color: nationColour(ctx, nation),
    mod: 0,
    shots: [],
    lost: [ctx.t("battle.one_lost", { unit: ctx.word(args.unit) }, `loses 1 ${args.unit}`)],
  });
  const region = ctx.word(args.region);
  return {
    key: `${ev.step}|${i}|${args.region}`,
    title: ctx.t("battle.title_plain", { area: region }, `Battle in ${region}`),
    subtitle: `${ctx.t("battle.asked", { nation: nationName(ctx, args.asked) }, `asked by ${args.asked}`)} ${ctx.t("battle.antike_rule", null, "")} (§8.1)`,
    sides: [side("attacker", args.nation), side("defender", args.other)],
    outcome: "",
  };
}

// --- buttons: what each choice costs, what the nation holds -----------------------------------
function acting(ctx) {
  const v = ctx.view || {};
  return nations(ctx).find((n) => n.id === v.acting) || nations(ctx).find((n) => n.role === ctx.role) || null;
}

// "marble (3 held)" on pay and trade buttons; a technology's price (§7: the first to develop it
// pays the higher price); the supply left on the arming buttons.
export function nounLabel(action, ctx) {
  const [verb, noun] = action;
  const me = acting(ctx);
  if (!me) return null;
  if ((verb === "pay" || verb === "resource") && me.purse && noun in me.purse) {
    return ctx.t("antike.held", { what: ctx.word(noun), n: me.purse[noun] }, `${noun} (${me.purse[noun]} held)`);
  }
  if (verb === "advance") {
    const tech = (ctx.board.raw.technologies || []).find((x) => x.id === noun);
    if (!tech) return null;
    const first = !nations(ctx).some((n) => (n.techs || []).includes(noun));
    return ctx.t("antike.price", { what: ctx.word(noun), n: first ? tech.first : tech.later }, `${noun} · ${first ? tech.first : tech.later} gold`);
  }
  if ((verb === "legion" || verb === "galley" || verb === "unit") && me.supply && noun in me.supply) {
    return ctx.t("antike.in_supply", { what: ctx.word(noun), n: me.supply[noun] }, `${noun} (${me.supply[noun]} in supply)`);
  }
  return null;
}

// Under the prompt of a step that spends resources: what the nation holds, and when the iron,
// marble or gold has run out, that only Done is left (§6: 2 iron a unit, 5 marble a temple).
const SPENDS = { "prompt.militia": ["iron", 2], "prompt.templum": ["marble", 5], "prompt.scientia": ["gold", 0], "prompt.found": ["marble", 1] };

export function promptNote(ctx) {
  const p = ctx.view && ctx.view.prompt;
  if (p && p.text === "prompt.move" && ctx.interactive && (ctx.view.actions || []).some((a) => a[0] === "legion" || a[0] === "galley")) {
    const fight = (ctx.view.actions || []).some((a) => a[0] === "attack");
    return fight
      ? ctx.t("antike.tap_unit_or_battle", null, "Choose a legion or galley of yours on the map to move it, or a hostile unit standing with yours to open a battle.")
      : ctx.t("antike.tap_unit", null, "Choose a legion or galley of yours on the map to move it.");
  }
  const me = acting(ctx);
  if (!p || !me || !me.purse || !(p.text in SPENDS)) return null;
  const [res, need] = SPENDS[p.text];
  const held = ["marble", "iron", "gold", "coin"].filter((k) => k in me.purse).map((k) => `${me.purse[k]} ${ctx.word(k)}`).join(", ");
  const short = need && me.purse[res] + (me.purse.coin || 0) < need;
  return short
    ? ctx.t("antike.short", { held, what: ctx.word(res) }, `You hold ${held}: not enough ${res} for another; Done ends this step.`)
    : ctx.t("antike.holding", { held }, `You hold ${held}.`);
}
