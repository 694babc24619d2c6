// The analysis board: open a position (pasted, uploaded, or a worked example), try any legal
// move for the side to act, step back and forward, and share it all as a link. The server is
// stateless (POST /api/analysis): each request carries the position and the moves from it.

import { api, boot, h, clear, $, showError, toast, currentLang, onLangChange } from "./core.js";
import { GameScreen, fetchBoard } from "./view.js";

const WORDS = {
  en: {
    title: "Analysis board",
    open_title: "Open a position",
    paste: "Paste a position (YAML or JSON) or a worked-example file",
    upload: "Upload a file",
    example: "or a worked example",
    open: "Open",
    moves: "Moves",
    start: "Back to the position",
    back: "Step back",
    forward: "Step forward",
    move: "Move",
    viewpoint: "Viewpoint",
    to_act: "The side to act",
    share: "Share a link",
    link: "Link",
    copied: "Link copied",
    empty: "Open a position to analyse it.",
    nothing: "Paste a position or choose a file first.",
    start_item: "the position",
  },
  it: {
    title: "Scacchiera d'analisi",
    open_title: "Apri una posizione",
    paste: "Incolla una posizione (YAML o JSON) o il file di un esempio del regolamento",
    upload: "Carica un file",
    example: "o un esempio del regolamento",
    open: "Apri",
    moves: "Mosse",
    start: "Torna alla posizione",
    back: "Indietro",
    forward: "Avanti",
    move: "Mossa",
    viewpoint: "Punto di vista",
    to_act: "Chi deve agire",
    share: "Condividi un link",
    link: "Link",
    copied: "Link copiato",
    empty: "Apri una posizione per analizzarla.",
    nothing: "Prima incolla una posizione o scegli un file.",
    start_item: "la posizione",
  },
};

function w(key) {
  return (WORDS[currentLang()] || WORDS.en)[key] || WORDS.en[key] || key;
}

// A = what the board shows: the position (as the server wrote it back), the moves played from
// it, the moves stepped back over (for forward), the chosen viewpoint, the last answer.
const A = { start: null, moves: [], ahead: [], role: "", data: null, screen: null, key: "" };

function relabel() {
  for (const el of document.querySelectorAll("[data-an]")) el.textContent = w(el.dataset.an);
  for (const el of document.querySelectorAll("[data-an-attr]")) {
    for (const pair of el.dataset.anAttr.split(";")) {
      const [attr, key] = pair.split(":");
      el.setAttribute(attr, w(key));
    }
  }
  document.title = `${w("title")} · Tavola`;
}

// --- the link: the position and the moves, base64url JSON in the fragment -----------------------
function encode(obj) {
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
}

function linkNow() {
  const data = { p: A.start, m: A.moves };
  if (A.role) data.r = A.role;
  return `${location.origin}${location.pathname}#${encode(data)}`;
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
  A.screen.render(data.view, data.role);
  fillRoles();
  fillMoves();
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

function fillRoles() {
  const sel = $("#an-role");
  clear(sel);
  sel.append(h("option", { value: "" }, w("to_act")));
  for (const r of (A.data && A.data.roles) || []) sel.append(h("option", { value: r, selected: r === A.role }, A.screen ? A.screen.roleName(r) : r));
}

function fillMoves() {
  const list = $("#an-moves");
  clear(list);
  list.append(h("li.an-move", null, h("button.btn.btn-small.btn-ghost", { type: "button", onclick: () => jump(0) }, w("start_item"))));
  A.moves.forEach((m, i) => {
    const [role, ...action] = m;
    const label = `${A.screen ? A.screen.roleName(role) : role}: ${action.join(" ")}`;
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
    toast(w("copied"));
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
      await open({ position: file.position });
    } catch (err) {
      error(err.message);
    }
    return;
  }
  const text = $("#an-text").value.trim();
  if (!text) {
    error(w("nothing"));
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
      for (const other of tabs) {
        const on = other === tab;
        other.setAttribute("aria-selected", String(on));
        other.tabIndex = on ? 0 : -1;
        document.getElementById(other.getAttribute("aria-controls")).hidden = !on;
      }
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
  });
  loadExamples();
  document.body.dataset.analysis = "ready";
  if (location.hash.length > 1) {
    let shared;
    try {
      shared = decode(location.hash.slice(1));
    } catch {
      error("the link does not hold a position");
      return;
    }
    await open({ position: shared.p }, Array.isArray(shared.m) ? shared.m : [], shared.r || "");
  }
}

main();
