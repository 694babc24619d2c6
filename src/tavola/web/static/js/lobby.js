// The lobby: create a game (game, scenario, players, options, seats), list my games, join by
// an invitation link, import a record for replay.

import { api, boot, t, h, clear, $, showError, onLangChange, relTime, humanize, gameText } from "./core.js";
import { unwrap } from "./match.js";
import { roleColor, fetchBoard, botName } from "./view.js";

const S = { games: [], bots: [], game: null, seats: [] };

// --- the catalogue, read loosely ------------------------------------------------------------

function normGames(data) {
  let games = data && (data.games || data.catalogue || data);
  if (games && !Array.isArray(games) && typeof games === "object") games = Object.entries(games).map(([id, g]) => ({ id, ...g }));
  if (!Array.isArray(games)) games = [];
  return games.map((g) => {
    let scenarios = g.scenarios || [];
    if (!Array.isArray(scenarios)) scenarios = Object.entries(scenarios).map(([name, sc]) => ({ name, ...sc }));
    return {
      ...g,
      id: g.id || g.game,
      title: g.title || g.name || humanize(g.id || g.game),
      scenarios: scenarios.map((sc) => ({
        ...sc,
        name: sc.name || sc.id,
        title: sc.title || humanize(sc.name || sc.id),
        players: Array.isArray(sc.players) ? sc.players : [sc.players || sc.default_players || 2],
        default_players: sc.default_players || (Array.isArray(sc.players) ? sc.players[0] : sc.players),
        options: Array.isArray(sc.options) ? sc.options : Object.entries(sc.options || {}).map(([name, o]) => ({ name, ...(typeof o === "object" ? o : { default: o }) })),
      })),
      bots: g.bots || null,
    };
  });
}

function normBots(data, game) {
  let bots = (game && game.bots) || (data && (data.seat_bots || data.bots)) || ["random"];
  if (!Array.isArray(bots) && typeof bots === "object") bots = Object.keys(bots);
  return bots.map((b) => (typeof b === "string" ? b : b.name || b.id));
}

function rolesFor(sc, players) {
  const r = sc.roles;
  if (Array.isArray(r)) {
    if (r.length && Array.isArray(r[0])) return r.find((x) => x.length === players) || r[r.length - 1].slice(0, players);
    return r.slice(0, players);
  }
  if (r && typeof r === "object" && r[players]) return r[players];
  return Array.from({ length: players }, (_, i) => `seat${i + 1}`);
}

// --- the create form --------------------------------------------------------------------------

function gameTitle(g) {
  return gameText(g.id, "game.title") ?? gameText(g.id, `${g.id}.title`) ?? g.title;
}

function renderGames() {
  const box = $("#game-picker");
  clear(box);
  for (const g of S.games) {
    const on = S.game && S.game.id === g.id;
    box.append(
      h(
        "label.game-choice",
        { class: on ? "game-choice checked" : "game-choice" },
        h("input", {
          type: "radio",
          name: "game",
          value: g.id,
          checked: on,
          onchange: () => {
            S.game = g;
            renderGames();
            renderScenarios();
          },
        }),
        h("span.game-title", null, gameTitle(g)),
        g.description || gameText(g.id, "game.blurb") ? h("span.game-blurb", null, gameText(g.id, "game.blurb") ?? g.description) : null,
      ),
    );
  }
}

function scenarioTitle(sc) {
  return gameText(S.game.id, `scenario.${sc.name}`) ?? sc.title;
}

function renderScenarios() {
  const sel = $("#scenario");
  const prev = sel.value;
  clear(sel);
  for (const sc of S.game.scenarios) sel.append(h("option", { value: sc.name, selected: sc.name === prev }, scenarioTitle(sc)));
  renderPlayers();
}

function scenario() {
  return S.game.scenarios.find((sc) => sc.name === $("#scenario").value) || S.game.scenarios[0];
}

function renderPlayers() {
  const sel = $("#players");
  const sc = scenario();
  const prev = Number(sel.value) || sc.default_players;
  clear(sel);
  for (const n of sc.players) sel.append(h("option", { value: n, selected: n === (sc.players.includes(prev) ? prev : sc.default_players) }, String(n)));
  renderOptions();
  renderSeats();
}

// "§HR-10.4" (a house rule changing §10.4) in words: "house rule, changes §10.4".
function ruleWords(rule) {
  const m = String(rule).match(/^§?HR-(.+)$/);
  if (!m) return rule;
  return /^\d/.test(m[1]) ? t("lobby.house_rule_of", { section: `§${m[1]}` }, `(house rule, changes §${m[1]})`) : t("lobby.house_rule", null, "(house rule)");
}

function optLabel(o) {
  return gameText(S.game.id, `option.${o.name}`) ?? (o.label || humanize(o.name));
}

function renderOptions() {
  const sc = scenario();
  const box = $("#options-list");
  clear(box);
  $("#options").hidden = !sc.options.length;
  for (const o of sc.options) {
    const choices = o.choices || [false, true];
    const isBool = choices.length === 2 && choices.every((c) => typeof c === "boolean");
    const rule = o.rule ? h("span.rule-ref", null, ` ${ruleWords(o.rule)}`) : null;
    if (isBool) {
      box.append(h("label.check", null, h("input", { type: "checkbox", name: `opt-${o.name}`, checked: !!o.default, dataset: { option: o.name, kind: "bool" } }), " ", optLabel(o), rule));
    } else {
      box.append(
        h(
          "label.field",
          null,
          h("span", null, optLabel(o), rule),
          h(
            "select",
            { name: `opt-${o.name}`, dataset: { option: o.name, kind: "choice" } },
            choices.map((c, i) => h("option", { value: String(i), selected: c === o.default }, gameText(S.game.id, `option.${o.name}.${c}`) ?? String(c))),
          ),
        ),
      );
    }
  }
}

function seatChoices() {
  const bots = normBots(S.catalogue, S.game);
  return [
    ["me", t("seat.me", null, "Me")],
    ["hotseat", t("seat.hotseat_long", null, "Hot-seat (this screen)")],
    ["open", t("seat.open_long", null, "Invite someone")],
    ...bots.map((b) => [`bot:${b}`, t("seat.bot_named", { name: gameText(S.game.id, `bot.${b}`) ?? botName(b) }, `Bot: ${b}`)]),
  ];
}

function roleLabel(role, i) {
  if (/^seat\d+$/.test(role)) return t("seat.n", { n: i + 1 }, `Seat ${i + 1}`);
  return gameText(S.game.id, `role.${role}`) ?? gameText(S.game.id, `nation.${role}`) ?? t(`role.${role}`, null, humanize(role));
}

function renderSeats(preset) {
  const sc = scenario();
  const players = Number($("#players").value) || sc.default_players;
  const roles = rolesFor(sc, players);
  paintSeats(S.game.id, sc.name, players, roles);
  const box = $("#seats-list");
  const old = {};
  for (const sel of box.querySelectorAll("select")) old[sel.dataset.role] = sel.value;
  clear(box);
  const choices = seatChoices();
  // a newcomer's opponents: the search bot at its normal level, if the server has it
  const firstBot = choices.find(([v]) => v === "bot:mcts") || choices.find(([v]) => v.startsWith("bot:"));
  roles.forEach((role, i) => {
    let value = old[role] || (i === 0 ? "me" : firstBot ? firstBot[0] : "open");
    if (preset === "bots") value = i === 0 ? "me" : firstBot ? firstBot[0] : "open";
    if (preset === "hotseat") value = i === 0 ? "me" : "hotseat";
    if (preset === "open") value = i === 0 ? "me" : "open";
    const id = `seat-${i}`;
    box.append(
      h(
        "div.seat-row",
        null,
        h("label", { for: id, class: "seat-role" }, h("span.swatch", { dataset: { role } }), roleLabel(role, i)),
        h(
          "select",
          {
            id,
            dataset: { role },
            onchange: (ev) => {
              if (ev.target.value === "me") {
                for (const other of box.querySelectorAll("select")) if (other !== ev.target && other.value === "me") other.value = "hotseat";
              }
            },
          },
          choices.map(([v, label]) => h("option", { value: v, selected: v === value }, label)),
        ),
      ),
    );
  });
}

const boards = new Map();

// The seats' colours as the play page will show them (a board may name each role's colour).
async function paintSeats(game, scenario, players, roles) {
  const key = `${game}|${scenario}|${players}`;
  if (!boards.has(key)) boards.set(key, fetchBoard(game, scenario, players));
  const board = await boards.get(key);
  const colors = {};
  for (const n of [].concat((board && board.nations) || [])) if (n && n.role && n.colour && !(n.role in colors)) colors[n.role] = n.colour;
  for (const sw of document.querySelectorAll("#seats-list .swatch[data-role]")) sw.style.background = roleColor(sw.dataset.role, roles, { colors });
  // the nations each seat plays, when a seat plays more than one or is named by a colour
  const nations = {};
  for (const n of [].concat((board && board.nations) || [])) {
    const role = n && (n.role || n.colour);
    if (!role || !roles.includes(role)) continue;
    (nations[role] = nations[role] || []).push(gameText(game, `nation.${n.key ?? n.id}`) ?? n.name ?? humanize(String(n.key ?? n.id)));
  }
  for (const label of document.querySelectorAll("#seats-list .seat-role")) {
    const role = label.querySelector(".swatch").dataset.role;
    label.querySelector(".seat-nations")?.remove();
    const list = nations[role] || [];
    if (list.length && !(list.length === 1 && list[0] === label.textContent.trim())) label.append(h("span.seat-nations", null, list.join(", ")));
  }
}

async function create(ev) {
  ev.preventDefault();
  const err = $("#create-form .form-error");
  err.hidden = true;
  const sc = scenario();
  const options = {};
  for (const el of $("#options-list").querySelectorAll("[data-option]")) {
    const o = sc.options.find((x) => x.name === el.dataset.option);
    options[o.name] = el.dataset.kind === "bool" ? el.checked : (o.choices || [])[Number(el.value)];
  }
  const seats = {};
  for (const sel of $("#seats-list").querySelectorAll("select")) seats[sel.dataset.role] = sel.value;
  const body = { game: S.game.id, scenario: sc.name, players: Number($("#players").value), options, seats };
  const seed = $("#seed").value;
  if (seed !== "") body.seed = Number(seed);
  const button = $("#create-button");
  button.disabled = true;
  try {
    const data = await api("/api/matches", { method: "POST", body });
    const match = unwrap(data, "match");
    location.href = `/play/${encodeURIComponent(match.id)}`;
  } catch (e) {
    err.textContent = e.message;
    err.hidden = false;
    button.disabled = false;
  }
}

// --- my games --------------------------------------------------------------------------------

async function loadMine() {
  const list = $("#games-list");
  let matches = [];
  try {
    const data = await api("/api/matches?mine=1");
    matches = Array.isArray(data) ? data : data.matches || [];
  } catch (e) {
    clear(list).append(h("li.muted", null, e.message));
    return;
  }
  clear(list);
  $("#mine").classList.toggle("has-games", matches.length > 0);
  if (!matches.length) {
    list.append(h("li.muted.empty", null, t("lobby.no_games", null, "No games yet. Create one!")));
    return;
  }
  const over = (m) => m.status === "over" || m.status === "finished" || !!m.result;
  matches.sort((a, b) => (b.my_turn ? 1 : 0) - (a.my_turn ? 1 : 0) || (over(a) ? 1 : 0) - (over(b) ? 1 : 0) || String(b.updated || b.updated_at || "").localeCompare(String(a.updated || a.updated_at || "")));
  for (const m of matches) {
    const g = S.games.find((x) => x.id === m.game);
    const title = g ? gameTitle(g) : m.game;
    const sc = g && g.scenarios.find((x) => x.name === m.scenario);
    const active = m.active || m.active_roles || [];
    let status;
    if (over(m)) status = h("span.badge.badge-over", null, t("lobby.finished", null, "finished"));
    else if (m.my_turn) status = h("span.badge.badge-turn", null, t("lobby.your_turn", null, "your turn"));
    else if (m.status === "open" || m.status === "waiting") status = h("span.badge", null, t("lobby.waiting_players", null, "waiting for players"));
    else status = h("span.badge.badge-wait", null, active.length ? t("lobby.turn_of", { roles: active.map((r) => gameText(m.game, `role.${r}`) ?? humanize(r)).join(", ") }, `${active.join(", ")} to play`) : t("lobby.in_play", null, "in play"));
    const when = m.updated || m.updated_at || m.created || m.created_at;
    list.append(
      h(
        "li.game-item",
        { class: m.my_turn ? "game-item my-turn" : "game-item" },
        h(
          "a.game-link",
          { href: over(m) ? `/replay/${encodeURIComponent(m.id)}` : `/play/${encodeURIComponent(m.id)}` },
          h("span.game-item-title", null, title),
          h("span.game-item-sub", null, [sc ? scenarioTitle(sc) : m.scenario, m.players ? t("lobby.n_players", { n: m.players }, `${m.players} players`) : null, typeof m.round === "number" ? t("lobby.round_n", { n: m.round }, `round ${m.round}`) : typeof m.step === "number" ? t("lobby.moves_n", { n: m.step }, `${m.step} moves`) : null].filter(Boolean).join(" · ")),
          when ? h("span.game-item-when", null, relTime(when)) : null,
        ),
        status,
      ),
    );
  }
}

// --- page ------------------------------------------------------------------------------------

async function main() {
  await boot();
  try {
    S.catalogue = await api("/api/catalogue");
  } catch (e) {
    showError(e);
    S.catalogue = {};
  }
  S.games = normGames(S.catalogue);
  const wanted = new URLSearchParams(location.search).get("game");
  S.game = S.games.find((g) => g.id === wanted) || S.games.find((g) => g.id === "antike-ii") || S.games[0];
  if (S.game) {
    renderGames();
    renderScenarios();
  } else {
    $("#create-form").replaceChildren(h("p.muted", null, t("lobby.no_catalogue", null, "No games are available.")));
  }
  $("#scenario").addEventListener("change", renderPlayers);
  $("#players").addEventListener("change", () => renderSeats());
  for (const b of document.querySelectorAll("[data-preset]")) b.addEventListener("click", () => renderSeats(b.dataset.preset));
  $("#create-form").addEventListener("submit", create);
  $("#refresh-games").addEventListener("click", loadMine);
  $("#join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const raw = $("#join-link").value.trim();
    if (!raw) return;
    try {
      const url = new URL(raw, location.origin);
      location.href = url.pathname + url.search;
    } catch {
      showError(new Error(t("lobby.bad_link", null, "That is not a link.")));
    }
  });
  $("#import-file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    try {
      const data = await api("/api/records", { method: "POST", body: await file.text() });
      const match = unwrap(data, "match");
      location.href = `/replay/${encodeURIComponent(match.id)}`;
    } catch (e) {
      showError(e);
    }
  });
  onLangChange(() => {
    if (!S.game) return;
    const keep = { scenario: $("#scenario").value, players: $("#players").value };
    renderGames();
    renderScenarios();
    $("#scenario").value = keep.scenario;
    renderPlayers();
    $("#players").value = keep.players;
    renderSeats();
    loadMine();
  });
  await loadMine();
  setInterval(() => {
    if (document.visibilityState === "visible") loadMine();
  }, 20000);
}

main();
