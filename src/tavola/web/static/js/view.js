// The game screen shared by the play and replay pages: the map with the game adapter's pieces,
// the prompt and the choices, player panels, the log with its dice, and the end-of-game dialog.

import { api, t, gameText, h, s, clear, humanize, currentLang, hasUi, gamesCatalogue } from "./core.js";
import { MapView, normalizeBoard } from "./board.js";
import { Words, number } from "./words.js";
import { sinceEntries, marks, drawMarks, summary } from "./since.js";
import * as generic from "../games/generic.js";

const WORD_PREFIXES = ["noun.", "nation.", "role.", "space.", "tech.", "res.", "unit.", "pers.", "card.", "leader.", "piece.", "area.", "region."];

// Log entries that open a round or a turn: shown as headings, so the log reads turn by turn.
const TURN_MSG = /(^|\.)(turn|round)$/;

const STANDARD_KEYS = new Set(["active", "step", "result", "prompt", "actions", "can_undo", "log"]);

// Pleasant versions of colour names used as role names, and a palette for the rest.
const NAMED = {
  red: "#c0392b",
  blue: "#2e6db4",
  green: "#2e8b57",
  yellow: "#d4a017",
  orange: "#e07b22",
  purple: "#7d4e9e",
  violet: "#7d4e9e",
  black: "#34302b",
  white: "#f4f1e8",
  brown: "#8a5a32",
  grey: "#7f8c8d",
  gray: "#7f8c8d",
  pink: "#d06c9c",
  cyan: "#1c9aa8",
};
const PALETTE = ["#c0392b", "#2e6db4", "#2e8b57", "#d4a017", "#7d4e9e", "#e07b22", "#1c9aa8", "#8a5a32"];

export function roleColor(role, roles, view) {
  const fromView = view && view.colors && view.colors[role];
  if (typeof fromView === "string") return NAMED[fromView] || fromView;
  if (NAMED[role]) return NAMED[role];
  const i = Math.max(0, (roles || []).indexOf(role));
  return PALETTE[i % PALETTE.length];
}

export function inkOn(color) {
  const c = color.replace("#", "");
  if (c.length !== 6) return "#fff";
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16));
  return r * 0.3 + g * 0.59 + b * 0.11 > 160 ? "#231c15" : "#ffffff";
}

export async function loadAdapter(game) {
  const entry = (((await gamesCatalogue()) || {}).games || []).find((g) => g.id === game);
  if (entry && entry.script === false) return { ...generic }; // drawn by the generic view alone
  try {
    const mod = await import(`/static/games/${encodeURIComponent(game)}/${encodeURIComponent(game)}.js`);
    return { ...generic, ...(mod.default || mod) };
  } catch {
    return { ...generic };
  }
}

// --- the screen ------------------------------------------------------------------------

export class GameScreen {
  // els: {map, prompt, choices, players, log, extra, banner}; opts: {game, roles, seats, interactive, onAct}
  constructor(els, opts) {
    this.els = els;
    this.opts = opts;
    this.game = opts.game;
    this.roles = opts.roles || [];
    this.seats = opts.seats || {};
    this.view = null;
    this.viewer = null;
    this.selected = [];
  }

  async init(boardRaw) {
    this.adapter = await loadAdapter(this.game);
    this.board = normalizeBoard(boardRaw);
    this.nationNames = new Map();
    for (const n of [].concat(this.board.raw.nations || [])) {
      if (n && typeof n === "object" && (n.key || n.id)) this.nationNames.set(String(n.key || n.id), n);
    }
    this.aliases = new Map();
    for (const a of this.board.areas) {
      this.aliases.set(String(a.id), a.id);
      if (a.key !== undefined) this.aliases.set(String(a.key), a.id);
    }
    // pieces the board names but does not draw as areas (Maria's generals and trains)
    this.pieceNames = new Map();
    for (const n of [].concat(this.board.raw.names || [])) {
      if (n && typeof n === "object" && n.id !== undefined && n.name) this.pieceNames.set(String(n.id), n);
    }
    this.legend();
    if (this.board.areas.length) {
      this.map = new MapView(this.els.map, this.board, {
        onTarget: (id, tgt, ev) => this.pickTarget(id, tgt, ev),
        onInspect: (id, ev) => this.inspect(id, ev),
        label: (area) => this.areaLabel(area),
      });
      // the page sizes the map's column to the board's shape (tavola.css, wide screens)
      document.documentElement.style.setProperty("--board-aspect", (this.map.home.w / this.map.home.h).toFixed(3));
    } else {
      this.map = null;
      const wrap = this.els.map.closest(".board-wrap");
      if (wrap) wrap.hidden = true;
      document.body.classList.add("no-map");
    }
  }

  // The kinds of border and crossing the legend names, only those this map draws (Revolution's
  // provinces share land borders only; Maria draws its roads instead), once the board is drawn.
  legendLines() {
    const list = this.els.map && this.els.map.closest(".board-wrap")?.querySelector(".map-legend ul");
    if (!list || !this.map || !this.map.svg) return;
    this.linesChecked = true;
    for (const li of list.querySelectorAll(":scope > li:not(.legend-piece)")) {
      const line = li.querySelector("path.border, path.link");
      const kind = line && [...line.classList].find((c) => /^(border|link)-/.test(c));
      if (!kind) continue;
      const drawn = [...this.map.svg.querySelectorAll(`.viewport .${kind}`)].some((n) => n.closest("g.borders, g.links")?.style.display !== "none");
      li.style.display = drawn ? "" : "none";
    }
  }

  // The game's own pieces in the map legend (adapter.legend: [svg, label] pairs), after the
  // borders every map shares.
  legend() {
    const list = this.els.map && this.els.map.closest(".board-wrap")?.querySelector(".map-legend ul");
    if (!list || !this.adapter.legend) return;
    list.querySelectorAll(".legend-piece").forEach((li) => li.remove());
    let items = [];
    try {
      items = this.adapter.legend(this.ctx()) || [];
    } catch (err) {
      console.error("adapter legend failed", err);
    }
    for (const [icon, label] of items) list.append(h("li.legend-piece", null, icon, h("span", null, label)));
  }

  // --- words ---------------------------------------------------------------------------

  // A final score in the game's own unit (result.score: Maria's is the share of a victory
  // condition met), else in points.
  scoreText(n) {
    return this.gtext("result.score", { n }) ?? t("play.score_n", { n }, `${n} pts`);
  }

  gtext(key, args) {
    return gameText(this.game, key, args);
  }

  // An area's name: the one printed on the board in every language (Italia's map speaks Latin
  // throughout, not Latin beside Italian), unless the game's catalogue names it (area.<key>).
  areaLabel(area) {
    const named = this.gtext(`area.${area.key ?? area.id}`);
    if (named !== undefined) return named;
    return area.label && typeof area.label === "string" ? area.label : area.name;
  }

  areaOf(noun) {
    if (noun === null || noun === undefined) return null;
    const id = this.aliases && this.aliases.get(String(noun));
    return id === undefined ? null : this.board.byId.get(id);
  }

  roleName(role) {
    if (role === null || role === undefined) return t("role.observer", null, "Observer");
    if (this.adapter && this.adapter.roleName) {
      const named = this.adapter.roleName(role, this.ctx());
      if (named) return named;
    }
    const names = this.view && (this.view.names || this.view.role_names);
    if (names && names[role]) {
      const n = names[role];
      return typeof n === "object" ? n[currentLang()] || n.en : n;
    }
    return this.gtext(`role.${role}`) ?? this.gtext(`nation.${role}`) ?? (hasUi(`role.${role}`) ? t(`role.${role}`) : this.gtext(role) ?? humanize(role));
  }

  color(role) {
    if (this.adapter && this.adapter.roleColour) {
      const c = this.adapter.roleColour(role, this.ctx());
      if (c) return c;
    }
    return roleColor(role, this.roles, this.view);
  }

  // a readable name for an id: an area, a role, or a catalogue entry under a known prefix
  word(noun, fallback = true) {
    const area = this.areaOf(noun);
    if (area) return this.areaLabel(area);
    const piece = noun !== null && noun !== undefined && this.pieceNames && this.pieceNames.get(String(noun));
    if (piece) return (currentLang() === "it" && piece.name_it) || piece.name;
    if (this.roles.includes(noun)) return this.roleName(noun);
    if (typeof noun === "number") return String(noun);
    for (const prefix of [...((this.adapter && this.adapter.prefixes) || []), ...WORD_PREFIXES]) {
      const hit = this.gtext(`${prefix}${noun}`);
      if (hit !== undefined) return hit;
    }
    const nation = this.nationNames && this.nationNames.get(String(noun));
    if (nation) {
      const local = currentLang() === "it" ? nation.name_it : null;
      if (local || nation.name) return local || nation.name;
    }
    if (hasUi(`noun.${noun}`)) return t(`noun.${noun}`);
    return fallback ? humanize(noun) : String(noun);
  }

  verbLabel(verb) {
    return this.gtext(`action.${verb}`) ?? this.gtext(`verb.${verb}`) ?? (hasUi(`verb.${verb}`) ? t(`verb.${verb}`) : humanize(verb));
  }

  actionLabel(action) {
    if (this.adapter && this.adapter.actionLabel) {
      const custom = this.adapter.actionLabel(action, this.ctx());
      if (custom) return custom;
    }
    const [verb, ...rest] = action;
    if (!rest.length) return this.verbLabel(verb);
    const full = this.gtext(`action.${verb}.${rest.join(".")}`);
    if (full) return full;
    const args = { noun: this.word(rest[0]), n: rest[0] };
    const tmpl = this.gtext(`action.${verb}`);
    if (tmpl && tmpl.includes("{")) return tmpl.replace(/\{(\w+)\}/g, (m, k) => (k in args ? args[k] : m));
    return `${this.verbLabel(verb)}: ${rest.map((p) => this.word(p)).join(" → ")}`;
  }

  nounLabel(action) {
    if (this.adapter && this.adapter.nounLabel) {
      const custom = this.adapter.nounLabel(action, this.ctx());
      if (custom) return custom;
    }
    const words = this.actionNouns(action);
    if (words) return words;
    return action.slice(1).map((p) => this.word(p)).join(" · ");
  }

  // An action's nouns in words as the game gives them (prompt.nouns, in the order of the
  // actions: Rules.action_nouns), the terminal's words too; null where the game gives none.
  actionNouns(action) {
    const view = this.view;
    const nouns = view && view.prompt && view.prompt.nouns;
    if (!nouns) return null;
    if (this.nounsFor !== view) {
      this.nounsFor = view;
      this.nounsByAction = new Map((view.actions || []).map((a, i) => [JSON.stringify(a), nouns[i]]));
    }
    const n = this.nounsByAction.get(JSON.stringify(action));
    return n ? this.message(n.msg, n.args) : null;
  }

  // The names, articles and plurals of the game's catalogue (words.js; tavola.core.i18n alike).
  words() {
    return new Words({
      lang: currentLang(),
      lookup: (k) => this.gtext(k),
      // an area, or a piece the board names (Maria's generals and trains), as the terminal's
      // Words.for_board reads the board's names
      area: (v) => {
        const area = this.areaOf(v);
        if (area) return this.areaLabel(area);
        // pieces the board names (Maria's generals and trains), as tavola.core.i18n names them
        const piece = v !== null && v !== undefined && this.pieceNames && this.pieceNames.get(String(v));
        return piece ? (currentLang() === "it" && piece.name_it) || piece.name : null;
      },
    });
  }

  message(key, args) {
    const template = this.gtext(key);
    if (template !== undefined) return this.words().render(template, args);
    const words = this.words();
    const rest = Object.entries(args || {})
      .map(([k, v]) => `${k} ${words.name(v, k)}`)
      .join(", ");
    return rest ? `${humanize(key)} (${rest})` : humanize(key);
  }

  // The role whose colour marks a log entry: the owner of the nation it is about, else the
  // role that acted (a bot's turn-over entry names the next nation, not the one that acted).
  entryRole(ev) {
    const args = ev.args || {};
    const nation = args.nation ?? args.attacker;
    if (typeof nation === "string") {
      if (this.roles.includes(nation)) return nation;
      const info = this.nationNames && this.nationNames.get(nation);
      for (const r of info ? [info.role, info.colour, info.color] : []) if (r && this.roles.includes(r)) return r;
    }
    return ev.role;
  }

  ctx() {
    return {
      screen: this,
      view: this.view,
      board: this.board,
      map: this.map,
      role: this.viewer,
      roles: this.roles,
      game: this.game,
      color: (r) => this.color(r),
      roleName: (r) => this.roleName(r),
      word: (n) => this.word(n),
      gtext: (k, a) => this.gtext(k, a),
      t,
      h,
      s,
      act: (a) => this.act(a),
      interactive: !!this.opts.interactive,
    };
  }

  // --- rendering -------------------------------------------------------------------------

  render(view, viewer) {
    const menu = document.getElementById("target-menu");
    if (menu) menu.remove(); // a choice from the previous view
    // read the log's scroll position before anything changes: reading layout after the
    // changes would make the browser lay the whole page out once more
    const logBox = this.els.log;
    this.logShown = !!logBox && !logBox.closest("[hidden]");
    this.logAtBottom = this.logShown && logBox.scrollHeight - logBox.scrollTop - logBox.clientHeight < 40;
    this.view = view;
    this.viewer = viewer;
    const ctx = this.ctx();
    this.claimed = new Set();
    if (this.map) {
      this.map.clearPieces();
      try {
        this.adapter.draw(ctx);
      } catch (err) {
        console.error("adapter draw failed", err);
      }
      this.wirePieces();
      this.map.avoidPieces();
      if (!this.linesChecked) this.legendLines();
    }
    this.readableZoom();
    this.renderSince();
    this.renderExtra(ctx);
    this.renderPrompt(ctx);
    this.renderPlayers(ctx);
    this.renderLog();
    this.renderBattle();
    this.renderResult();
  }

  // Reports beside the board (the battle panel, the since-your-turn line) never lie over it: at
  // the top of the side column on a wide screen, above the map on a narrow one.
  placeAside(node, wrap) {
    const side = document.querySelector(".side");
    const narrow = window.matchMedia("(max-width: 980px)").matches || !side;
    const host = narrow ? wrap : side;
    const other = host.querySelector(":scope > .battle-panel, :scope > .since-bar");
    if (other && other !== node && node.classList.contains("since-bar")) other.after(node);
    else host.prepend(node);
  }

  // A phone shows a whole board at a size where its names are a few pixels high: the first
  // view starts zoomed until they read at about 9 px, on the areas the player may choose (or
  // the middle of the board); the ⤢ tool shows the whole board.
  readableZoom() {
    if (this.zoomedOnce || !this.map || !this.map.svg) return;
    const svg = this.map.svg;
    const w = svg.clientWidth;
    const hgt = svg.clientHeight;
    if (!w || !hgt) return;
    this.zoomedOnce = true;
    const scale = Math.min(w / this.map.vb.w, hgt / this.map.vb.h);
    const factor = this.map.readingScale() / scale;
    if (factor < 1.01) return;
    const ids = [...this.sortActions().targets.keys()];
    const pts = ids.map((id) => this.map.anchor(id)).filter(Boolean);
    const cx = pts.length ? pts.reduce((a, p) => a + p.x, 0) / pts.length : this.map.home.x + this.map.home.w / 2;
    const cy = pts.length ? pts.reduce((a, p) => a + p.y, 0) / pts.length : this.map.home.y + this.map.home.h / 2;
    this.map.zoom(factor);
    // centred on the choices, but kept inside the board: no strip of empty sea at an edge
    const { vb, home } = this.map;
    const within = (v, lo, span, room) => (span <= room ? lo + (span - room) / 2 : Math.max(lo, Math.min(lo + span - room, v)));
    vb.x = within(cx - vb.w / 2, home.x, home.w, vb.w);
    vb.y = within(cy - vb.h / 2, home.y, home.h, vb.h);
    this.map.applyView();
  }

  // Pieces the player may pick on the map: an adapter marks a counter with the actions that
  // would take it (data-actions, best first); the first of them in the legal set makes the
  // counter a target (a tap or Enter sends it), the others stay inert. The browser never sends
  // an action the server did not offer.
  wirePieces() {
    const legal = new Map(((this.opts.interactive && this.view.actions) || []).map((a) => [JSON.stringify(a), a]));
    for (const node of this.map.layer("pieces").querySelectorAll("[data-actions]")) {
      let action = null;
      try {
        action = JSON.parse(node.dataset.actions).map((a) => legal.get(JSON.stringify(a))).find(Boolean) || null;
      } catch {
        action = null;
      }
      if (!action) continue;
      const label = this.pieceLabel(action, node);
      node.dataset.target = JSON.stringify(action);
      node.classList.add("piece-target");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", label);
      const title = node.querySelector(":scope > title");
      if (title) title.textContent = `${title.textContent} · ${label}`;
      const fire = (ev) => {
        ev.preventDefault();
        ev.stopPropagation();
        this.act(action);
      };
      node.addEventListener("click", fire);
      node.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") fire(ev);
      });
    }
  }

  // What a tap on a piece does, in words: "Gather: infantry", "Put back: Brennus".
  pieceLabel(action) {
    return `${this.verbLabel(action[0])}: ${this.nounLabel(action)}`;
  }

  // The place on the map a log entry's argument names: the adapter's own (Revolution's
  // command blocks, whose ids are also provinces'), else the area.
  placeOf(value, key, entry) {
    if (value === undefined || value === null) return null;
    const own = this.adapter.markPlace ? this.adapter.markPlace(this.ctx(), entry, key, value) : null;
    if (own) return this.map && this.map.anchor(own) ? { id: own } : null;
    return this.areaOf(value);
  }

  // --- since your last turn ----------------------------------------------------------------
  // The others' moves since this seat last acted, drawn on the map, and a line that says how
  // many; "Hide" clears the marks until something new happens.
  renderSince() {
    const wrap = this.els.map && this.els.map.closest(".board-wrap");
    if (!this.map || !wrap) return;
    const entries = sinceEntries(this.view.log || [], this.opts.interactive ? this.viewer : null);
    const list = marks(entries, (v, key, e) => this.placeOf(v, key, e));
    const key = entries.length ? `${entries[0].step}|${entries[entries.length - 1].step}|${entries.length}` : "";
    let bar = document.getElementById("since-bar");
    if (!list.length || this.sinceHidden === key) {
      if (bar) bar.remove();
      return;
    }
    drawMarks(this.map, s, list, (m) => {
      const own = m.nation && this.adapter.nationColour ? this.adapter.nationColour(this.ctx(), m.nation) : null;
      return own || (m.role ? this.color(m.role) : "#8e3420");
    });
    const text = summary(list, t, currentLang());
    if (!bar) {
      bar = h("div#since-bar.since-bar", { role: "status" });
      this.placeAside(bar, wrap);
    }
    clear(bar).append(
      h("span.since-text", null, text),
      h("button.btn.btn-small.btn-ghost", { type: "button", onclick: () => {
        this.sinceHidden = key;
        this.render(this.view, this.viewer);
      } }, t("since.hide", null, "Hide")),
    );
  }

  // --- the battle panel --------------------------------------------------------------------
  // The last battle of the log the page holds, as the adapter reads it (adapter.battle): both
  // sides with their units' dice, the number each die needed, the hits, the losses and the
  // odds before the roll. It stays until the player closes it, and comes back with the next.
  renderBattle() {
    const wrap = this.els.map && this.els.map.closest(".board-wrap");
    if (!wrap || !this.adapter.battle) return;
    this.oddsSeen = this.oddsSeen || new Map();
    this.battleClosed = this.battleClosed || new Set();
    const now = this.view.battle;
    if (now && now.odds) this.oddsSeen.set(`${now.area}|${now.round}`, now.odds);
    let report = null;
    try {
      report = this.adapter.battle(this.ctx(), this.view.log || []);
    } catch (err) {
      console.error("adapter battle failed", err);
    }
    let panel = document.getElementById("battle-panel");
    if (!report || this.battleClosed.has(report.key)) {
      if (panel) panel.remove();
      return;
    }
    // where the battle of the panel was fought, ringed on the map while the panel is open
    const where = report.area !== undefined && report.area !== null ? this.areaOf(report.area) : null;
    if (where && this.map) drawMarks(this.map, s, [{ kind: "fight", at: where }], () => "#8e3420").classList.add("battle-mark");
    const odds = report.oddsKey ? this.oddsSeen.get(report.oddsKey) : null;
    // a battle fought over several steps (Maria's cards) is drawn again as it goes on
    const sig = `${report.key}|${report.version ?? ""}|${currentLang()}|${odds ? 1 : 0}`;
    if (panel && panel.dataset.sig === sig) return;
    if (panel) panel.remove();
    panel = this.battlePanel(report, odds);
    panel.dataset.sig = sig;
    this.placeAside(panel, wrap);
  }

  battlePanel(report, odds) {
    const close = h("button.btn.btn-small.battle-close", {
      type: "button",
      "aria-label": t("battle.close", null, "Close the battle report"),
      onclick: () => {
        this.battleClosed.add(report.key);
        document.getElementById("battle-panel")?.remove();
      },
    }, "✕");
    const side = (sd) =>
      h(
        "section.battle-side",
        { dataset: { side: sd.side } },
        h(
          "h4",
          null,
          h("span.swatch", { style: { background: sd.color } }),
          `${sd.name} `,
          h("span.muted.small", null, sd.side === "attacker" ? t("battle.attacker", null, "attacker") : t("battle.defender", null, "defender")),
        ),
        // every modifier with its reason and rule where the game gives them, else the total
        sd.mods && sd.mods.length
          ? h("ul.battle-mods.small", null, sd.mods.map((m) => h("li.battle-mod", null, h("b", null, m.value > 0 ? `+${m.value}` : String(m.value)), ` ${m.why}`)))
          : sd.mod
            ? h("p.battle-mod.small", null, t("battle.modifier", { mod: sd.mod > 0 ? `+${sd.mod}` : String(sd.mod) }, `modifier ${sd.mod}`))
            : null,
        sd.needs && sd.needs.length ? h("p.battle-needs.small.muted", null, sd.needs.join("; ")) : null,
        h(
          "ol.battle-dice",
          { hidden: !sd.shots.length },
          sd.shots.map((shot) =>
            h(
              "li.battle-die",
              { class: shot.hit ? "battle-die hit" : "battle-die miss", title: `${shot.label}: ${shot.die} (${t("battle.needs", { n: shot.need }, `needs ${shot.need}+`)})` },
              h("span.die-face", { style: shot.hit ? { background: sd.color, color: inkOn(sd.color) } : {} }, String(shot.die)),
              h("span.die-unit", null, shot.short || shot.label),
              h("span.die-need", null, `${shot.need}+`),
            ),
          ),
        ),
        // cards played instead of dice (Maria, §11.1), each with the score it made
        sd.cards && sd.cards.length ? h("p.battle-cards", null, sd.cards.map((c) => (report.renderCard ? report.renderCard(c) : c.name))) : null,
        sd.shots.length
          ? h(
              "p.battle-hits",
              null,
              t("battle.hits", { n: sd.shots.filter((x) => x.hit).length }, `${sd.shots.filter((x) => x.hit).length} hits`),
              // what the hits did where it is not one enemy unit each (the adapter says why)
              sd.hitsWhy ? h("span.battle-hits-why", null, sd.hitsWhy) : null,
            )
          : null,
        sd.lost.length ? h("ul.battle-lost", null, sd.lost.map((x) => h("li", null, x))) : null,
      );
    const pct = (p) => `${(100 * p).toFixed(p > 0 && p < 0.01 ? 1 : 0)}%`;
    return h(
      "aside#battle-panel.battle-panel",
      { role: "region", "aria-label": report.title, dataset: { key: report.key } },
      h("header.battle-head", null, h("h3", null, report.title), close),
      report.subtitle ? h("p.muted.small.battle-sub", null, report.subtitle) : null,
      report.chance && !odds ? h("p.battle-odds.small", null, report.chance) : null,
      odds
        ? h(
            "p.battle-odds.small",
            null,
            t(
              "battle.odds",
              { a: pct(odds.attacker), d: pct(odds.defender) },
              `Before the roll: attacker ${pct(odds.attacker)}, defender ${pct(odds.defender)}`,
            ),
            // the rest of the hundred: both sides wiped out
            odds.both >= 0.005 ? ` ${t("battle.odds_both", { b: pct(odds.both) }, `Both sides destroyed: ${pct(odds.both)}.`)}` : null,
          )
        : null,
      h("div.battle-sides", null, report.sides.map(side)),
      report.outcome ? h("p.battle-outcome", null, report.outcome) : null,
    );
  }

  relabel() {
    this.legend();
    this.resultShown = null; // the result dialog is written again in the new language
    this.logDone = null;
    if (this.els.log) clear(this.els.log);
    if (this.map) this.map.relabel();
    if (this.view) this.render(this.view, this.viewer);
  }

  renderExtra(ctx) {
    const box = this.els.extra;
    if (!box) return;
    clear(box);
    let widgets = [];
    try {
      widgets = this.adapter.widgets(ctx) || [];
    } catch (err) {
      console.error("adapter widgets failed", err);
    }
    for (const w of [].concat(widgets)) if (w) box.append(w);
    box.hidden = !box.childNodes.length;
  }

  // The legal actions split into map targets, adapter-claimed widgets and plain buttons.
  sortActions() {
    const actions = (this.view && this.view.actions) || [];
    const targets = new Map();
    const buttons = [];
    for (const action of actions) {
      const [verb, noun] = action;
      if (verb === "undo") continue;
      if (this.adapter.claims && this.adapter.claims(action, this.ctx())) continue;
      const areaVerb = !this.adapter.areaVerbs || this.adapter.areaVerbs.includes(verb);
      const area = action.length === 2 && areaVerb ? this.areaOf(noun) : null;
      if (area && this.map && this.map.cellNodes.has(area.id)) {
        if (!targets.has(area.id)) targets.set(area.id, { label: "", actions: [] });
        targets.get(area.id).actions.push(action);
      } else {
        buttons.push(action);
      }
    }
    for (const [id, tgt] of targets) {
      const area = this.board.byId.get(id);
      tgt.label = tgt.actions.map((a) => (a.length === 2 ? `${this.verbLabel(a[0])}: ${this.areaLabel(area)}` : this.actionLabel(a))).join(" / ");
    }
    return { targets, buttons };
  }

  renderPrompt() {
    const box = this.els.prompt;
    const choices = this.els.choices;
    const view = this.view;
    clear(box);
    clear(choices);
    const { targets, buttons } = this.sortActions();
    const interactive = this.opts.interactive;
    if (this.map) this.map.setTargets(interactive ? targets : new Map());
    if (this.map) this.map.setSelected(this.adapter.selected ? this.adapter.selected(this.ctx()) : []);

    if (view.result) {
      const res = view.result;
      const winners = (res.winners || []).map((r) => this.roleName(r)).join(", ");
      const scores = res.scores || {};
      box.append(
        h("p.prompt-text", null, t("play.over", null, "The game is over.")),
        h(
          "p.result-summary",
          null,
          winners ? t("result.winners", { names: winners }, `Winner: ${winners}`) : t("result.draw", null, "No winner."),
          " · ",
          [...this.roles]
            .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0))
            .map((r) => `${this.roleName(r)} ${typeof scores[r] === "number" ? number(scores[r], currentLang()) : "–"}`)
            .join(" · "),
        ),
      );
      return;
    }
    const p = view.prompt;
    if (p && interactive) {
      // the prompt as the game words it by what is offered now (Italia: "put some back" only
      // once the group has moved, §8.3), as the terminal shows it too
      const text = this.message(p.say || p.text, p.args);
      box.append(h("p.prompt-text", { id: "prompt-text" }, text));
      if (p.rule) box.append(" ", this.ruleLink(p.rule));
      if (targets.size) box.append(h("p.prompt-hint", null, this.mapHint(targets)));
      if (this.adapter.promptNote) {
        // what the player has chosen so far (gathered units, bought units...), from the adapter
        let note = null;
        try {
          note = this.adapter.promptNote(this.ctx());
        } catch (err) {
          console.error("adapter promptNote failed", err);
        }
        if (note) box.append(h("p.prompt-hint.prompt-note", null, note));
      }
      const claimed = (view.actions || []).filter((a) => this.adapter.claims && this.adapter.claims(a, this.ctx()));
      if (claimed.length && this.adapter.claimHint) box.append(h("p.prompt-hint.claim", null, this.adapter.claimHint(claimed, this.ctx())));
    } else {
      const waiting = (view.active || []).map((r) => this.roleName(r)).join(", ");
      box.append(h("p.prompt-text.waiting", { id: "prompt-text" }, waiting ? t("play.waiting_for", { roles: waiting }, `Waiting for ${waiting}`) : t("play.waiting", null, "Waiting…")));
    }
    if (!interactive) return;
    // buttons grouped by verb; "done"/"pass" last and set apart
    const groups = new Map();
    for (const a of buttons) {
      const key = a.length > 1 ? a[0] : "";
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(a);
    }
    const finishers = new Set(["done", "pass", "end", "end_turn", "finish", "skip"]);
    const plain = groups.get("") || [];
    groups.delete("");
    for (const [verb, list] of groups) {
      const g = h("div.choice-group", { role: "group", "aria-label": this.verbLabel(verb) }, h("span.choice-label", null, this.verbLabel(verb)));
      for (const a of list) g.append(this.button(a, this.nounLabel(a), "choice"));
      choices.append(g);
    }
    const lead = plain.filter((a) => !finishers.has(a[0]));
    const tail = plain.filter((a) => finishers.has(a[0]));
    if (lead.length || tail.length || view.can_undo) {
      const row = h("div.choice-row");
      for (const a of lead) row.append(this.button(a, this.actionLabel(a), "choice"));
      if (view.can_undo) row.append(this.button(["undo"], t("verb.undo", null, "Undo"), "undo"));
      for (const a of tail) row.append(this.button(a, this.actionLabel(a), "finish"));
      choices.append(row);
    }
  }

  // What a click on the highlighted areas does: the game's own words when all of them do one
  // thing (hint.<verb>: Italia's capital, which a newcomer would not guess during the buying),
  // else the plain "choose a highlighted area" (a tap on a phone, a click elsewhere).
  mapHint(targets) {
    const verbs = new Set([...targets.values()].flatMap((tgt) => tgt.actions.map((a) => a[0])));
    const only = verbs.size === 1 ? [...verbs][0] : null;
    if (only && this.gtext(`hint.${only}`) !== undefined) return this.message(`hint.${only}`, { n: targets.size });
    return t("play.hint_map", { n: targets.size }, "Choose a highlighted area on the map.");
  }

  button(action, label, kind) {
    return h(
      `button.btn.btn-${kind}`,
      {
        type: "button",
        dataset: { action: JSON.stringify(action) },
        onclick: () => this.act(action),
      },
      label,
    );
  }

  ruleLink(rule) {
    const sec = String(rule).replace(/^§\s*/, "");
    return h(
      "button.rule-link",
      {
        type: "button",
        "aria-haspopup": "dialog",
        title: t("play.rule_title", { rule: `§${sec}` }, `Rulebook section §${sec}`),
        onclick: () => this.openRule(`§${sec}`),
      },
      `§${sec}`,
    );
  }

  // The rulebook's section index (titles and summaries), fetched once per game.
  async rules() {
    if (!this.rulesIndex) {
      this.rulesIndex = api(`/api/rules/${encodeURIComponent(this.game)}`).catch(() => []);
    }
    return this.rulesIndex;
  }

  async openRule(ref) {
    const dlg = document.getElementById("rule-dialog");
    if (!dlg) return;
    const index = await this.rules();
    const list = Array.isArray(index) ? index : [];
    const i = list.findIndex((x) => x.ref === ref || `§${x.id}` === ref);
    const sec = i >= 0 ? list[i] : null;
    const lang = currentLang();
    const pick = (v) => (v && typeof v === "object" ? v[lang] || v.en : v);
    const book = this.opts.rulebook || "";
    const asked = this.view && this.view.prompt ? this.message(this.view.prompt.text, this.view.prompt.args) : "";
    const nav = (j, label) =>
      j >= 0 && j < list.length
        ? h("button.btn.btn-small.btn-ghost", { type: "button", onclick: () => this.openRule(list[j].ref) }, label.replace("{ref}", list[j].ref))
        : null;
    clear(dlg.querySelector(".rule-body")).append(
      h("h2", null, sec ? `${sec.ref} ${pick(sec.title) || ""}` : t("play.rule_heading", { rule: ref }, `Rule ${ref}`)),
      book ? h("p.rule-book", null, book) : null,
      sec && pick(sec.summary) ? h("p.rule-summary", null, pick(sec.summary)) : h("p", null, t("play.rule_none", { rule: ref }, `See section ${ref} of the rulebook.`)),
      asked && this.view.prompt && `§${String(this.view.prompt.rule).replace(/^§\s*/, "")}` === ref ? h("blockquote.rule-asked", null, asked) : null,
      sec ? h("div.rule-nav", null, nav(i - 1, "◂ {ref}"), nav(i + 1, "{ref} ▸")) : null,
    );
    if (!dlg.open) {
      if (dlg.showModal) dlg.showModal();
      else dlg.setAttribute("open", "");
    }
  }

  pickTarget(id, tgt, ev) {
    if (!this.opts.interactive) return;
    if (tgt.actions.length === 1) {
      this.act(tgt.actions[0]);
      return;
    }
    // several verbs on one area: a small menu next to the pointer
    const old = document.getElementById("target-menu");
    if (old) old.remove();
    const area = this.board.byId.get(id);
    const menu = h("div#target-menu.menu", { role: "menu", "aria-label": this.areaLabel(area) }, h("div.menu-title", null, this.areaLabel(area)));
    for (const a of tgt.actions) {
      menu.append(
        h(
          "button.btn.btn-choice",
          {
            type: "button",
            role: "menuitem",
            onclick: () => {
              menu.remove();
              this.act(a);
            },
          },
          this.verbLabel(a[0]),
        ),
      );
    }
    menu.append(h("button.btn.btn-ghost", { type: "button", onclick: () => menu.remove() }, t("common.cancel", null, "Cancel")));
    const x = ev && ev.clientX ? ev.clientX : innerWidth / 2;
    const y = ev && ev.clientY ? ev.clientY : innerHeight / 2;
    menu.style.left = `${Math.min(x, innerWidth - 200)}px`;
    menu.style.top = `${Math.min(y, innerHeight - 60 - 44 * tgt.actions.length)}px`;
    document.body.append(menu);
    menu.querySelector("button").focus();
    const away = (e) => {
      if (!menu.contains(e.target)) {
        menu.remove();
        document.removeEventListener("pointerdown", away, true);
      }
    };
    setTimeout(() => document.addEventListener("pointerdown", away, true), 0);
  }

  act(action) {
    if (this.opts.onAct) this.opts.onAct(action);
  }

  // A tap or click on an area that is not a choice: a card with what stands there (the titles
  // the game gave its counters), the way a player would lift a stack to look under it.
  inspect(id, ev) {
    document.getElementById("area-card")?.remove();
    const area = this.board.byId.get(id);
    if (!area || !this.map) return;
    const lines = [...this.map.layer("pieces").querySelectorAll(`[data-area="${CSS.escape(String(id))}"] title`)].map((n) => n.textContent).filter(Boolean);
    if (!lines.length) return;
    const card = h("div#area-card.menu.area-card", { role: "dialog", "aria-label": this.areaLabel(area) }, h("div.menu-title", null, this.areaLabel(area)), h("ul", null, lines.map((x) => h("li", null, x))));
    const x = ev && ev.clientX ? ev.clientX : innerWidth / 2;
    const y = ev && ev.clientY ? ev.clientY : innerHeight / 2;
    card.style.left = `${Math.max(4, Math.min(x, innerWidth - 260))}px`;
    card.style.top = `${Math.max(4, Math.min(y, innerHeight - 40 - 24 * lines.length))}px`;
    document.body.append(card);
    const away = (e) => {
      if (!card.contains(e.target)) {
        card.remove();
        document.removeEventListener("pointerdown", away, true);
      }
    };
    setTimeout(() => document.addEventListener("pointerdown", away, true), 0);
  }

  renderPlayers(ctx) {
    const box = this.els.players;
    if (!box) return;
    clear(box);
    const view = this.view;
    const active = new Set(view.active || []);
    const scores = view.result && view.result.scores;
    for (const role of this.roles) {
      let rows = [];
      try {
        rows = this.adapter.playerStats(role, ctx) || [];
      } catch (err) {
        console.error(err);
      }
      const seat = this.seats[role];
      const holder = seatLabel(seat);
      const color = this.color(role);
      const card = h(
        "section.player",
        { class: ["player", active.has(role) && "active", role === this.viewer && "me"].filter(Boolean).join(" "), dataset: { role }, "aria-label": this.roleName(role) },
        h(
          "header.player-head",
          null,
          h("span.swatch", { style: { background: color }, "aria-hidden": "true" }),
          h("strong.player-name", null, this.roleName(role)),
          holder ? h("span.player-holder", null, holder) : null,
          active.has(role) ? h("span.badge.badge-turn", null, t("play.to_move", null, "to move")) : null,
          scores && role in scores ? h("span.badge.badge-score", null, this.scoreText(scores[role])) : null,
        ),
        rows.length
          ? h(
              "dl.stats",
              null,
              rows.map((r) => h("div.stat", { title: r.title || r.label }, h("dt", null, r.label), h("dd", null, r.value))),
            )
          : null,
      );
      let priv = null;
      try {
        priv = this.adapter.privatePanel ? this.adapter.privatePanel(role, ctx) : null;
      } catch (err) {
        console.error(err);
      }
      if (priv) card.append(priv);
      let body = null;
      try {
        body = this.adapter.playerBody ? this.adapter.playerBody(role, ctx) : null;
      } catch (err) {
        console.error(err);
      }
      if (body) card.append(body);
      box.append(card);
    }
    let info = null;
    try {
      info = this.adapter.infoPanel(ctx);
    } catch (err) {
      console.error(err);
    }
    if (info) box.append(info);
  }

  // The log on screen is the window the page holds (view.log from index view.log_from). Only
  // what changed is built: entries appended, a tail taken back by an undo, older entries loaded
  // in front; everything again after a jump of the window or a language change.
  renderLog() {
    const box = this.els.log;
    if (!box) return;
    const view = this.view;
    const log = view.log || [];
    const base = typeof view.log_from === "number" ? view.log_from : 0;
    const sig = (ev) => `${ev.step}|${ev.msg}|${JSON.stringify(ev.args || {})}`;
    let list = box.querySelector(".log-list");
    let done = this.logDone; // {base, keys}: what the list shows
    const atBottom = this.logAtBottom;
    if (!log.length) {
      clear(box);
      this.logDone = null;
      this.logSeen = false;
      this.syncEarlier(box, base);
      if (!base) box.append(h("p.muted", null, t("log.empty", null, "Nothing has happened yet.")));
      this.markLatest(box, log);
    this.renderDice(log);
      return;
    }
    // how many of the shown entries are still there: the same entry at the same index means
    // the same log up to it
    let keep = 0;
    if (list && done && base <= done.base && done.base <= base + log.length) {
      keep = Math.min(done.keys.length, base + log.length - done.base);
      while (keep > 0 && sig(log[done.base + keep - 1 - base]) !== done.keys[keep - 1]) keep--;
    }
    if (!keep) {
      clear(box);
      list = h("ol.log-list");
      box.append(list);
      done = { base, keys: [] };
    } else {
      while (list.children.length > keep) list.lastChild.remove();
      done.keys.length = keep;
    }
    this.syncEarlier(box, base);
    // older entries in front
    if (base < done.base) {
      const before = this.logShown ? box.scrollHeight : 0;
      const frag = document.createDocumentFragment();
      const keys = [];
      let prev = null;
      for (let i = 0; i < done.base - base; i++) {
        frag.append(this.logEntry(log[i], prev));
        keys.push(sig(log[i]));
        prev = log[i].step;
      }
      const first = list.firstElementChild;
      if (first && String(prev) === first.dataset.step) first.classList.remove("new-step");
      list.prepend(frag);
      done = { base, keys: keys.concat(done.keys) };
      if (this.logShown && !atBottom) box.scrollTop += box.scrollHeight - before;
    }
    // new entries at the end
    const shown = done.base + done.keys.length - base;
    let prev = shown > 0 ? log[shown - 1].step : null;
    const frag = document.createDocumentFragment();
    for (let i = shown; i < log.length; i++) {
      frag.append(this.logEntry(log[i], prev));
      done.keys.push(sig(log[i]));
      prev = log[i].step;
    }
    list.append(frag);
    this.foldRepeats(list);
    this.logDone = done;
    // a hidden log is scrolled down when its tab opens
    if (this.logShown && (atBottom || !this.logSeen)) {
      box.scrollTop = box.scrollHeight;
      this.logSeen = true;
    }
    this.markLatest(box, log);
    this.renderDice(log);
  }

  // The entries of the newest step stand out (in a replay: the step being shown).
  markLatest(box, log) {
    for (const li of box.querySelectorAll(".log-entry.latest")) li.classList.remove("latest");
    const last = log.length ? log[log.length - 1].step : null;
    if (last === null || last === undefined) return;
    for (const li of box.querySelectorAll(`.log-entry[data-step="${last}"]`)) li.classList.add("latest");
  }

  logEntry(ev, prevStep) {
    const role = this.entryRole(ev);
    return h(
      "li.log-entry",
      {
        dataset: { step: ev.step ?? "", repeat: `${ev.msg}|${role ?? ""}|${(ev.args || {}).nation ?? ""}`, args: JSON.stringify(ev.args || {}), replaces: ev.replaces ? "1" : "" },
        class: ["log-entry", ev.step !== prevStep && "new-step", TURN_MSG.test(ev.msg) && "log-turn"].filter(Boolean).join(" "),
      },
      role ? h("span.log-role", { style: { background: this.color(role), color: inkOn(this.color(role)) }, title: this.roleName(role) }, this.roleName(role).slice(0, 1)) : null,
      h("span.log-text", null, this.message(ev.msg, ev.args)),
      ev.dice ? dice(ev.dice) : null,
    );
  }

  // Repeats fold under their newest entry, with a button that opens the earlier ones (a fold
  // opened stays open). Within a turn, for one message about one nation: every back-and-forth
  // (a move and the move back, its two places exchanged; a choice the game marks as replacing
  // the earlier ones, such as a capital declared again), and three or more entries that differ
  // in one value at most; then any run of three or more entries alike left (one message about
  // one nation: a string of payments).
  foldRepeats(list) {
    this.openFolds = this.openFolds || new Set();
    list.querySelectorAll(".log-fold").forEach((b) => b.remove());
    const items = [...list.children];
    for (const li of items) li.classList.remove("folded");
    const taken = new Set();
    const groups = [];
    const args = (li) => JSON.parse(li.dataset.args || "{}");
    const near = (x, y) => {
      const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
      let differ = 0;
      for (const k of keys) if (JSON.stringify(x[k]) !== JSON.stringify(y[k])) differ++;
      return differ <= 1;
    };
    // args with two values exchanged: a move from A to B and one from B to A
    const reverses = (x, y) => {
      const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])];
      const differ = keys.filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]));
      return differ.length === 2 && JSON.stringify(x[differ[0]]) === JSON.stringify(y[differ[1]]) && JSON.stringify(x[differ[1]]) === JSON.stringify(y[differ[0]]);
    };
    // the back-and-forth groups among entries of one message about one nation (in log order):
    // entries joined by a reversal, or all of the entries that replace the earlier ones
    const backAndForth = (same) => {
      const out = [];
      const replacing = same.filter((li) => li.dataset.replaces);
      if (replacing.length >= 2) out.push(replacing);
      const rest = same.filter((li) => !li.dataset.replaces);
      const group = new Map(); // entry -> its group (an array shared by the entries joined)
      for (let j = 1; j < rest.length; j++) {
        for (let i = j - 1; i >= 0; i--) {
          if (!reverses(args(rest[i]), args(rest[j]))) continue;
          const g = group.get(rest[i]) || [rest[i]];
          g.push(rest[j]);
          for (const li of g) group.set(li, g);
          break;
        }
      }
      for (const g of new Set(group.values())) out.push(g.sort((a, b) => rest.indexOf(a) - rest.indexOf(b)));
      return out;
    };
    let turn = [];
    const closeTurn = () => {
      const byKey = new Map();
      for (const li of turn) {
        if (!li.dataset.repeat.split("|")[2]) continue;
        if (!byKey.has(li.dataset.repeat)) byKey.set(li.dataset.repeat, []);
        byKey.get(li.dataset.repeat).push(li);
      }
      for (const same of byKey.values()) {
        for (const group of backAndForth(same)) {
          group.forEach((li) => taken.add(li));
          groups.push(group);
        }
        const left = same.filter((li) => !taken.has(li));
        if (!left.length) continue;
        const newest = args(left[left.length - 1]);
        const group = left.filter((li) => near(args(li), newest));
        if (group.length < 3) continue;
        group.forEach((li) => taken.add(li));
        groups.push(group);
      }
      turn = [];
    };
    for (const li of items) {
      if (li.classList.contains("log-turn")) closeTurn();
      else turn.push(li);
    }
    closeTurn();
    // then the runs among the entries left
    const rest = items.filter((li) => !taken.has(li));
    let start = 0;
    for (let i = 1; i <= rest.length; i++) {
      if (i < rest.length && rest[i].dataset.repeat === rest[start].dataset.repeat) continue;
      if (i - start >= 3 && !rest[start].classList.contains("log-turn")) groups.push(rest.slice(start, i));
      start = i;
    }
    for (const group of groups) {
      const last = group[group.length - 1];
      const key = `${group[0].dataset.step}|${group[0].dataset.repeat}`;
      const open = this.openFolds.has(key);
      const earlier = group.slice(0, -1);
      for (const li of earlier) li.classList.toggle("folded", !open);
      const n = earlier.length;
      last.append(
        h(
          "button.log-fold",
          {
            type: "button",
            "aria-expanded": String(open),
            title: t("log.unfold_title", { n }, `${n} earlier entries like this one`),
            onclick: () => {
              if (open) this.openFolds.delete(key);
              else this.openFolds.add(key);
              this.foldRepeats(list);
            },
          },
          open ? t("log.fold", null, "Fold") : t("log.unfold", { n }, `+${n} like it`),
        ),
      );
    }
  }

  // "Show earlier entries" above the list when the page holds only the end of the log.
  syncEarlier(box, base) {
    let button = box.querySelector(".log-earlier");
    if (!base || !this.opts.loadEarlier) {
      if (button) button.remove();
      return;
    }
    if (!button) {
      button = h("button.btn.btn-small.btn-ghost.log-earlier", { type: "button", onclick: () => this.opts.loadEarlier() });
      box.prepend(button);
    }
    button.textContent = t("log.earlier", { n: base }, `Show earlier entries (${base} more)`);
  }

  // the dice of the latest step, shown beside the prompt
  renderDice(log) {
    if (!this.els.dice) return;
    clear(this.els.dice);
    if (this.adapter.battle) return; // the battle panel shows who rolled what
    const last = log[log.length - 1];
    const rolled = [];
    for (let i = log.length - 1; last && i >= 0 && log[i].step === last.step; i--) {
      if (log[i].dice) rolled.unshift(...log[i].dice);
    }
    if (rolled.length) this.els.dice.append(h("span.dice-label", null, t("play.dice", null, "Dice")), dice(rolled));
  }

  renderResult() {
    const dlg = this.els.result;
    if (!dlg) return;
    const res = this.view.result;
    if (!res) {
      if (dlg.open) dlg.close();
      return;
    }
    if (this.resultShown === this.view.step) return;
    this.resultShown = this.view.step;
    const scores = res.scores || {};
    const order = [...this.roles].sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
    const winners = new Set(res.winners || []);
    const body = dlg.querySelector(".result-body");
    clear(body).append(
      h("h2", null, t("result.title", null, "Game over")),
      h(
        "p.result-winners",
        null,
        winners.size
          ? t("result.winners", { names: [...winners].map((r) => this.roleName(r)).join(", ") }, `Winner: ${[...winners].map((r) => this.roleName(r)).join(", ")}`)
          : t("result.draw", null, "No winner."),
      ),
      res.reason ? h("p.muted", null, this.gtext(`reason.${res.reason}`) ?? t(`reason.${res.reason}`, null, humanize(res.reason))) : null,
      h(
        "table.scores",
        null,
        h("thead", null, h("tr", null, h("th", { scope: "col" }, t("result.player", null, "Player")), h("th", { scope: "col" }, t("result.score", null, "Score")))),
        h(
          "tbody",
          null,
          order.map((r) =>
            h(
              "tr",
              { class: winners.has(r) ? "winner" : "" },
              h("th", { scope: "row" }, h("span.swatch", { style: { background: this.color(r) } }), this.roleName(r), winners.has(r) ? " ★" : ""),
              h("td", null, typeof scores[r] === "number" ? number(scores[r], currentLang()) : "–"),
            ),
          ),
        ),
      ),
    );
    if (this.opts.showResult && dlg.showModal && !dlg.open) dlg.showModal();
  }
}

export function seatLabel(seat) {
  if (!seat) return "";
  if (typeof seat === "string") {
    if (seat.startsWith("bot:")) return t("seat.bot_named", { name: botName(seat.slice(4)) }, `bot ${seat.slice(4)}`);
    return seat;
  }
  if (seat.bot || seat.kind === "bot") return t("seat.bot_named", { name: botName(seat.bot || seat.name || "") }, `bot ${seat.bot || ""}`);
  if (seat.kind === "open") return t("seat.open", null, "open seat");
  const player = seat.player || seat.user;
  // a guest's name is a made-up id ("guest-3f9a1c"): it says nothing to the other players
  const guest = !!(player && typeof player === "object" && player.guest);
  const name = guest ? "" : player ? (typeof player === "string" ? player : player.name || player.username || "") : seat.username || "";
  if (seat.kind === "hotseat") return name ? t("seat.hotseat_of", { name }, `${name} (hot-seat)`) : t("seat.hotseat", null, "hot-seat");
  if (seat.kind === "none") return "";
  return guest ? t("seat.guest", null, "guest") : name;
}

// A bot seat's spec (``mcts:hard:think=1.0``) as words: the bot and its level.
export function botName(spec) {
  const [name, ...rest] = String(spec).split(":");
  const base = hasUi(`bot.${name}`) ? t(`bot.${name}`) : humanize(name);
  const level = rest.find((p) => hasUi(`bot.level.${p}`));
  return level ? t("bot.with_level", { name: base, level: t(`bot.level.${level}`) }, `${base}, ${level}`) : base;
}

// Dice as small SVG faces (pips for 1..6, numbers otherwise).
const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.28, 0.28], [0.72, 0.72]],
  3: [[0.26, 0.26], [0.5, 0.5], [0.74, 0.74]],
  4: [[0.28, 0.28], [0.72, 0.28], [0.28, 0.72], [0.72, 0.72]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.28, 0.24], [0.72, 0.24], [0.28, 0.5], [0.72, 0.5], [0.28, 0.76], [0.72, 0.76]],
};

export function dice(values) {
  const box = h("span.dice", { role: "img", "aria-label": `${t("play.dice", null, "Dice")}: ${values.join(", ")}` });
  // pips only when every face shown is a six-sided one; a d10 reads as numerals throughout
  const pips = values.every((v) => PIPS[v]) && !values.some((v) => v > 6);
  for (const v of values) {
    const face = s("svg", { class: "die", viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" }, s("rect", { x: 1, y: 1, width: 22, height: 22, rx: 5 }));
    if (pips) for (const [x, y] of PIPS[v]) face.append(s("circle", { cx: x * 24, cy: y * 24, r: 2.4 }));
    else face.append(s("text", { x: 12, y: 16.5, "text-anchor": "middle", "font-size": 12 }, String(v)));
    box.append(face);
  }
  return box;
}

export async function fetchBoard(game, scenario, players) {
  try {
    return await api(`/api/boards/${encodeURIComponent(game)}/${encodeURIComponent(scenario)}?players=${players}`);
  } catch {
    return {};
  }
}

export { STANDARD_KEYS };
