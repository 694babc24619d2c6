// The analysis board: open a position (pasted, uploaded, or a worked example), try any legal
// move for the side to act, step back and forward, and share it all as a link. The server is
// stateless (POST /api/analysis): each request carries the position and the moves from it.
// In a game with hidden information the board plays from one role's viewpoint: the server
// sends only what that role sees, and plays the other roles' moves itself (a move
// [role, "@bot"]), so their secrets never reach this page.

import { api, boot, h, clear, $, showError, toast, t, onLangChange, showTab } from "./core.js";
import { GameScreen, fetchBoard } from "./view.js";
import { analysisLink, readLink } from "./positionlink.js";

// A = what the board shows: the position (as the server wrote it back), the moves played from
// it, the moves stepped back over (for forward), the chosen viewpoint, the last answer.
const A = { start: null, moves: [], ahead: [], role: "", data: null, screen: null, key: "" };
const BOT = "@bot";

function relabel() {
  document.title = `${t("analysis.title")} · Tavola`;
}

function linkNow() {
  return analysisLink(A.start, A.moves, A.role);
}

// --- talking to the server ---------------------------------------------------------------------
async function ask(source) {
  const body = { ...source, actions: A.moves };
  if (A.role) body.role = A.role;
  return api("/api/analysis", { method: "POST", body });
}

function error(message) {
  const box = $("#an-error");
  box.textContent = message || "";
  box.hidden = !message;
}

// Open a new position: text (YAML/JSON, from paste or a file) or data; `moves` replay at once.
async function open(source, moves = [], role = "") {
  const keep = { moves: A.moves, ahead: A.ahead, role: A.role };
  A.moves = moves;
  A.ahead = [];
  A.role = role;
  let data;
  try {
    data = await ask(source);
  } catch (err) {
    Object.assign(A, keep);
    error(err.message);
    return false;
  }
  error("");
  A.start = data.start;
  await show(data);
  $("#an-open-box").open = false;
  return true;
}

// Replay the moves from the position as they stand now, and show the answer.
async function refresh() {
  try {
    await show(await ask({ position: A.start }));
  } catch (err) {
    showError(err);
  }
}

async function show(data) {
  const key = `${data.game}|${data.scenario}|${data.players}`;
  if (!A.screen || A.key !== key) {
    A.key = key;
    const board = await fetchBoard(data.game, data.scenario, data.players);
    clear($("#map"));
    A.screen = new GameScreen(
      { map: $("#map"), prompt: $("#prompt"), choices: $("#choices"), players: $("#players"), log: $("#log"), extra: $("#board-extra"), dice: $("#dice"), result: $("#result-dialog") },
      { game: data.game, roles: data.roles, seats: {}, interactive: true, showResult: false, onAct: (action) => play(action) },
    );
    await A.screen.init(board);
  }
  A.data = data;
  if (data.hidden) A.role = data.role; // one viewpoint throughout
  A.screen.render(data.view, data.role);
  fillRoles();
  fillMoves();
  fillSecret();
  document.body.dataset.step = String(A.moves.length);
  $("#an-step").textContent = String(A.moves.length);
  $("#an-start").disabled = $("#an-back").disabled = A.moves.length === 0;
  $("#an-forward").disabled = A.ahead.length === 0;
  $("#an-share").disabled = false;
  if (!$("#an-link").hidden) $("#an-link").value = linkNow();
}

// A move for the role whose turn it is (the board offers only its legal moves).
async function play(action) {
  const role = A.data && A.data.role;
  if (!role) return;
  A.moves.push([role, ...action]);
  A.ahead = [];
  await refresh();
}

async function back(all = false) {
  if (!A.moves.length) return;
  do A.ahead.push(A.moves.pop());
  while (all && A.moves.length);
  await refresh();
}

async function forward() {
  if (!A.ahead.length) return;
  A.moves.push(A.ahead.pop());
  await refresh();
}

// Hidden information: whose eyes the board sees with, what the position left unknown (and the
// seed filled in), and the others' moves, made on the server without showing them.
function fillSecret() {
  const data = A.data;
  const box = $("#an-secret");
  box.hidden = !(data && data.hidden);
  if (box.hidden) return;
  $("#an-hidden").textContent = t("analysis.hidden", { role: A.screen.roleName(data.role) });
  const list = $("#an-filled");
  clear(list);
  for (const ev of data.filled || []) list.append(h("li", null, A.screen.message(ev.msg, ev.args)));
  const others = data.others || [];
  const button = $("#an-others");
  button.hidden = !others.length;
  button.textContent = t("analysis.others", { roles: others.map((r) => A.screen.roleName(r)).join(", ") });
}

async function playOthers() {
  const others = (A.data && A.data.others) || [];
  if (!others.length) return;
  for (const r of others) A.moves.push([r, BOT]);
  A.ahead = [];
  await refresh();
}

function fillRoles() {
  const sel = $("#an-role");
  clear(sel);
  if (!(A.data && A.data.hidden)) sel.append(h("option", { value: "" }, t("analysis.to_act")));
  for (const r of (A.data && A.data.roles) || []) sel.append(h("option", { value: r, selected: r === A.role }, A.screen ? A.screen.roleName(r) : r));
}

function fillMoves() {
  const list = $("#an-moves");
  clear(list);
  list.append(h("li.an-move", null, h("button.btn.btn-small.btn-ghost", { type: "button", onclick: () => jump(0) }, t("analysis.start_item"))));
  A.moves.forEach((m, i) => {
    const [role, ...action] = m;
    const what = action.length === 1 && action[0] === BOT ? t("analysis.bot_move") : action.join(" ");
    const label = `${A.screen ? A.screen.roleName(role) : role}: ${what}`;
    list.append(h("li.an-move", null, h("button.btn.btn-small.btn-ghost", { type: "button", onclick: () => jump(i + 1) }, label)));
  });
}

async function jump(count) {
  while (A.moves.length > count) A.ahead.push(A.moves.pop());
  while (A.moves.length < count && A.ahead.length) A.moves.push(A.ahead.pop());
  await refresh();
}

async function share() {
  const link = linkNow();
  history.replaceState(null, "", link);
  const box = $("#an-link");
  box.hidden = false;
  box.value = link;
  box.select();
  try {
    await navigator.clipboard.writeText(link);
    toast(t("analysis.copied"));
  } catch {
    // no clipboard here: the link stays selected in its box
  }
}

async function loadExamples() {
  let list = [];
  try {
    list = await api("/api/analysis/examples");
  } catch {
    return;
  }
  const sel = $("#an-example");
  for (const ex of list) {
    sel.append(h("option", { value: `${ex.game}/${ex.name}` }, `${ex.game} §${ex.section}${ex.title ? ` · ${ex.title}` : ""}`));
  }
}

async function openForm(ev) {
  ev.preventDefault();
  const chosen = $("#an-example").value;
  if (chosen) {
    try {
      const file = await api(`/api/analysis/examples/${chosen}`);
      // the book's moves are played, so the arrows step through them (checks left out)
      await open({ position: file.position }, (file.actions || []).filter(Array.isArray));
    } catch (err) {
      error(err.message);
    }
    return;
  }
  const text = $("#an-text").value.trim();
  if (!text) {
    error(t("analysis.nothing"));
    return;
  }
  await open({ text });
}

async function main() {
  await boot();
  relabel();
  $("#an-open-form").addEventListener("submit", openForm);
  $("#an-file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    const text = await file.text();
    $("#an-text").value = text;
    $("#an-example").value = "";
    await open({ text });
  });
  $("#an-start").addEventListener("click", () => back(true));
  $("#an-back").addEventListener("click", () => back());
  $("#an-forward").addEventListener("click", forward);
  $("#an-share").addEventListener("click", share);
  $("#an-others").addEventListener("click", playOthers);
  $("#an-role").addEventListener("change", (ev) => {
    A.role = ev.target.value;
    refresh();
  });
  $("#zoom-in").addEventListener("click", () => A.screen && A.screen.map && A.screen.map.zoom(1.4));
  $("#zoom-out").addEventListener("click", () => A.screen && A.screen.map && A.screen.map.zoom(1 / 1.4));
  $("#zoom-reset").addEventListener("click", () => A.screen && A.screen.map && A.screen.map.reset());
  const tabs = [...document.querySelectorAll("[role=tab]")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => {
      showTab(tab, tabs);
    });
  }
  document.addEventListener("keydown", (ev) => {
    if (ev.target.matches && ev.target.matches("input, textarea, select")) return;
    if (ev.key === "ArrowLeft") back();
    if (ev.key === "ArrowRight") forward();
  });
  onLangChange(() => {
    relabel();
    if (A.screen) A.screen.relabel();
    fillRoles();
    fillMoves();
    fillSecret();
  });
  loadExamples();
  document.body.dataset.analysis = "ready";
  if (location.hash.length > 1) {
    let shared;
    try {
      shared = readLink(location.hash.slice(1));
    } catch {
      error(t("analysis.bad_link"));
      return;
    }
    await open({ position: shared.p }, Array.isArray(shared.m) ? shared.m : [], shared.r || "");
  }
}

main();
