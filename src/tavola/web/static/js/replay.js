// The replay page: step through a match from any viewpoint, export and import records.

import { api, boot, t, h, clear, $, showError, matchIdFromPage, onLangChange, gamesCatalogue, showTab } from "./core.js";
import { GameScreen, fetchBoard } from "./view.js";
import { unwrap, seatMap, rolesOf } from "./match.js";
import { LogBook, earlierQuery } from "./logbook.js";
import { analysisLink } from "./positionlink.js";

// Each step's view comes with the last LOG_TAIL entries of its log (the log_size says how many
// there are); older ones a page at a time when the reader asks. Views looked at only to find a
// turn's start come without their log.
const LOG_TAIL = 50;
const LOG_PAGE = 200;
const CACHE_MAX = 300;

const PLAY_ICON = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M4 2v12l10-6z" fill="currentColor"/></svg>';
const PAUSE_ICON = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M3 2h4v12H3zM9 2h4v12H9z" fill="currentColor"/></svg>';

const S = { id: null, match: null, roles: [], step: 0, total: 0, role: "", cache: new Map(), timer: null, turnKey: null, shown: null, book: null, record: null };
let screen;

// The view at `step` (withLog: with the end of its log; else without any of it).
async function viewAt(step, withLog = true, role = S.role) {
  const key = `${role}|${step}|${withLog ? "log" : "bare"}`;
  const hit = S.cache.get(key) || (withLog ? null : S.cache.get(`${role}|${step}|log`));
  if (hit) {
    S.cache.delete(key);
    S.cache.set(key, hit);
    return hit;
  }
  const q = new URLSearchParams({ step: String(step), log_tail: String(withLog ? LOG_TAIL : 0) });
  if (role) q.set("role", role);
  const data = await api(`/api/matches/${S.id}/replay?${q}`);
  if (data && typeof data.steps === "number" && data.steps !== S.total) setTotal(data.steps);
  const view = unwrap(data, "view");
  S.cache.set(key, view);
  while (S.cache.size > CACHE_MAX) S.cache.delete(S.cache.keys().next().value);
  return view;
}

// Older entries of the shown step's log, in front of those shown.
async function loadEarlier() {
  const view = S.shown;
  const book = S.book;
  if (!view || !book || !book.truncated) return;
  const q = new URLSearchParams({ step: String(view.step), ...earlierQuery(book, LOG_PAGE) });
  if (S.role) q.set("role", S.role);
  try {
    const page = await api(`/api/matches/${S.id}/log?${q}`);
    if (S.shown !== view || !book.prepend(page)) return;
    view.log = book.entries;
    view.log_from = book.base;
    view.log_step = book.anchor;
    screen.render(view, S.role || null);
  } catch (err) {
    showError(err);
  }
}

async function go(step) {
  step = Math.max(0, Math.min(S.total, step));
  let view;
  try {
    view = await viewAt(step);
  } catch (err) {
    showError(err);
    stop();
    return;
  }
  S.step = step;
  S.book = new LogBook();
  S.book.apply(view);
  view.log = S.book.entries;
  view.log_from = S.book.base;
  S.shown = view;
  screen.render(view, S.role || null);
  document.body.dataset.step = String(step);
  $("#rp-range").value = String(step);
  $("#rp-step").value = String(step);
  $("#rp-first").disabled = $("#rp-prev").disabled = step <= 0;
  $("#rp-last").disabled = $("#rp-next").disabled = step >= S.total;
  const turn = turnOf(view);
  $("#rp-turn-box").hidden = turn === null;
  if (turn !== null) $("#rp-turn-label").textContent = t(`replay.${S.turnKey}_n`, { n: turn }, `${S.turnKey} ${turn}`);
  const q = new URLSearchParams({ step: String(step) });
  if (S.role) q.set("role", S.role);
  history.replaceState(null, "", `${location.pathname}?${q}`);
  if (step >= S.total) stop();
}

function setTotal(n) {
  S.total = n;
  $("#rp-range").max = String(n);
  $("#rp-step").max = String(n);
  $("#rp-total").textContent = String(n);
}

function turnOf(view) {
  for (const key of ["turn", "round", "year", "game_turn"]) {
    if (typeof view[key] === "number") {
      S.turnKey = key;
      return view[key];
    }
  }
  return null;
}

// the first step where the turn differs from the current one, searching in one direction
async function jumpTurn(dir) {
  const bare = async (step) => viewAt(step, false);
  const here = turnOf(await bare(S.step));
  if (here === null) return;
  if (dir > 0) {
    let lo = S.step;
    let hi = S.total;
    if (turnOf(await bare(hi)) === here) return go(hi);
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (turnOf(await bare(mid)) === here) lo = mid;
      else hi = mid;
    }
    return go(hi);
  }
  // backwards: the start of the previous turn (or of this one when we are not at its start)
  let target = here;
  if (S.step > 0 && turnOf(await bare(S.step - 1)) !== here) target = turnOf(await bare(S.step - 1));
  let lo = 0;
  let hi = S.step;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (turnOf(await bare(mid)) < target) lo = mid;
    else hi = mid;
  }
  return go(turnOf(await bare(lo)) >= target ? lo : hi);
}

function play() {
  if (S.timer) return stop();
  if (S.step >= S.total) go(0);
  $("#rp-play").setAttribute("aria-pressed", "true");
  $("#rp-play").innerHTML = PAUSE_ICON;
  S.timer = setInterval(() => go(S.step + 1), 900);
}

function stop() {
  clearInterval(S.timer);
  S.timer = null;
  $("#rp-play").setAttribute("aria-pressed", "false");
  $("#rp-play").innerHTML = PLAY_ICON;
}

function fillRoles() {
  const sel = $("#rp-role");
  clear(sel);
  sel.append(h("option", { value: "" }, t("role.observer", null, "Observer")));
  for (const r of S.roles) sel.append(h("option", { value: r, selected: r === S.role }, screen.roleName(r)));
}

async function exportRecord() {
  try {
    const record = await api(`/api/matches/${S.id}/record`);
    const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `tavola-${S.match.game}-${S.id}.json` });
    document.body.append(a);
    a.click();
    setTimeout(() => {
      URL.revokeObjectURL(a.href);
      a.remove();
    }, 1000);
  } catch (err) {
    showError(err);
  }
}

// A game that starts from a position opens on the analysis board at the step shown.
async function analyseHere() {
  try {
    S.record = S.record || (await api(`/api/matches/${S.id}/record`));
    location.href = analysisLink(S.record.position, S.record.actions.slice(0, S.step), S.role);
  } catch (err) {
    showError(err);
  }
}

async function importRecord(file) {
  try {
    const data = await api("/api/records", { method: "POST", body: await file.text() });
    const match = unwrap(data, "match");
    location.href = `/replay/${encodeURIComponent(match.id)}`;
  } catch (err) {
    showError(err);
  }
}

async function main() {
  await boot();
  S.id = matchIdFromPage();
  try {
    S.match = unwrap(await api(`/api/matches/${S.id}`), "match");
  } catch (err) {
    clear($("#prompt")).append(h("p.prompt-text.error", null, err.status === 404 ? t("play.not_found", null, "This game does not exist.") : err.message));
    return;
  }
  S.roles = rolesOf(S.match);
  S.total = typeof S.match.step === "number" ? S.match.step : S.match.steps || 0;
  const [board, cat] = await Promise.all([fetchBoard(S.match.game, S.match.scenario, S.match.players), gamesCatalogue()]);
  const entry = ((cat && cat.games) || []).find((g) => g.id === S.match.game) || {};
  screen = new GameScreen(
    { map: $("#map"), prompt: $("#prompt"), choices: $("#choices"), players: $("#players"), log: $("#log"), extra: $("#board-extra"), dice: $("#dice"), result: $("#result-dialog") },
    { game: S.match.game, roles: S.roles, seats: seatMap(S.match), interactive: false, showResult: true, rulebook: entry.rulebook || "", loadEarlier },
  );
  await screen.init(board);
  document.title = `${t("replay.title", null, "Replay")} · ${S.match.game_title || entry.title || S.match.game} · Tavola`;
  const params = new URLSearchParams(location.search);
  S.role = S.roles.includes(params.get("role")) ? params.get("role") : "";
  fillRoles();
  setTotal(S.total);
  $("#rp-first").addEventListener("click", () => go(0));
  $("#rp-prev").addEventListener("click", () => go(S.step - 1));
  $("#rp-next").addEventListener("click", () => go(S.step + 1));
  $("#rp-last").addEventListener("click", () => go(S.total));
  $("#rp-play").addEventListener("click", play);
  $("#rp-range").addEventListener("input", (ev) => go(Number(ev.target.value)));
  $("#rp-jump").addEventListener("submit", (ev) => {
    ev.preventDefault();
    go(Number($("#rp-step").value) || 0);
  });
  $("#rp-turn-next").addEventListener("click", () => jumpTurn(1));
  $("#rp-turn-prev").addEventListener("click", () => jumpTurn(-1));
  $("#rp-role").addEventListener("change", (ev) => {
    S.role = ev.target.value;
    go(S.step);
  });
  $("#rp-export").addEventListener("click", exportRecord);
  $("#rp-import").addEventListener("change", (ev) => ev.target.files[0] && importRecord(ev.target.files[0]));
  $("#rp-analysis").hidden = !S.match.from_position;
  $("#rp-analysis").addEventListener("click", analyseHere);
  $("#zoom-in").addEventListener("click", () => screen.map && screen.map.zoom(1.4));
  $("#zoom-out").addEventListener("click", () => screen.map && screen.map.zoom(1 / 1.4));
  $("#zoom-reset").addEventListener("click", () => screen.map && screen.map.reset());
  const tabs = [...document.querySelectorAll("[role=tab]")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => {
      showTab(tab, tabs);
      if (tab.id === "tab-log") {
        $("#log").scrollTop = $("#log").scrollHeight;
        $("#log .log-entry.latest")?.scrollIntoView({ block: "nearest" });
      }
    });
  }
  document.addEventListener("keydown", (ev) => {
    if (ev.target.matches && ev.target.matches("input, textarea, select")) return;
    if (ev.key === "ArrowRight") go(S.step + 1);
    if (ev.key === "ArrowLeft") go(S.step - 1);
    if (ev.key === "Home") go(0);
    if (ev.key === "End") go(S.total);
  });
  onLangChange(() => {
    fillRoles();
    screen.relabel();
    go(S.step);
  });
  const start = params.has("step") ? Number(params.get("step")) : S.total;
  await go(Number.isFinite(start) ? start : S.total);
}

main();
