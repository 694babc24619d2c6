// The play page: one match, live over a WebSocket, with hot-seat switching, chat and notes.

import { api, boot, t, h, clear, $, toast, showError, matchIdFromPage, onLangChange, relTime, ApiError, currentLang, gamesCatalogue, showTab } from "./core.js";
import { GameScreen, fetchBoard, botName } from "./view.js";
import { unwrap, seatMap, rolesOf, myRoles, inviteLinks, inviteRow } from "./match.js";
import { chime, soundEnabled, setSoundEnabled } from "./sound.js";
import { LogBook, earlierQuery } from "./logbook.js";
import { notifyTurn, closeTurnNotice, wireNotifyButton } from "./notify.js";

// The page holds the end of the log (LOG_TAIL entries at first) and asks only for what is new;
// older entries come a page at a time when the reader wants them.
const LOG_TAIL = 100;
const LOG_PAGE = 200;

// This page's id, named by its socket and its actions: the answer to an action carries the new
// view, so the server does not push that view to this page again (other pages still get it).
const PAGE = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

const S = {
  id: null,
  match: null,
  roles: [],
  mine: [],
  role: null, // the seat this browser acts for now (null: observer)
  view: null, // the newest view accepted (its log is the book of its role)
  shown: null, // the view on screen
  books: new Map(), // role ("" for the observer) -> LogBook
  renderQueued: false,
  drawnAt: -Infinity, // when the screen was last drawn (performance.now())
  ws: null,
  wsRetry: 0,
  busy: false,
  myTurn: false,
  ownStep: null, // the step this page's last action made, until others have moved after it
  baseTitle: document.title,
  chat: [],
  seatBots: ["random"], // what a seat may be given to (bot specs, from the catalogue)
};

let screen;

async function main() {
  await boot();
  S.id = matchIdFromPage();
  const params = new URLSearchParams(location.search);
  const invite = params.get("invite");
  if (invite) {
    try {
      await api(`/api/matches/${S.id}/join`, { method: "POST", body: { role: params.get("role"), invite } });
      toast(t("play.joined", null, "You joined the game."), "ok");
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409)) showError(err);
    }
    history.replaceState(null, "", location.pathname);
  }
  try {
    S.match = unwrap(await api(`/api/matches/${S.id}`), "match");
  } catch (err) {
    clear($("#prompt")).append(h("p.prompt-text.error", null, err.status === 404 ? t("play.not_found", null, "This game does not exist.") : String(err.message)));
    return;
  }
  if (S.match.status === "imported") {
    location.replace(`/replay/${encodeURIComponent(S.id)}`); // a record has no live game
    return;
  }
  S.roles = rolesOf(S.match);
  S.mine = myRoles(S.match).filter((r) => S.roles.includes(r));
  const [board, cat] = await Promise.all([fetchBoard(S.match.game, S.match.scenario, S.match.players), gamesCatalogue()]);
  const entry = ((cat && cat.games) || []).find((g) => g.id === S.match.game) || {};
  S.seatBots = (cat && (cat.seat_bots || cat.bots)) || S.seatBots;
  screen = new GameScreen(
    {
      map: $("#map"),
      prompt: $("#prompt"),
      choices: $("#choices"),
      players: $("#players"),
      log: $("#log"),
      extra: $("#board-extra"),
      dice: $("#dice"),
      result: $("#result-dialog"),
    },
    { game: S.match.game, roles: S.roles, seats: seatMap(S.match), interactive: S.mine.length > 0, showResult: true, onAct: act, rulebook: entry.rulebook || "", loadEarlier },
  );
  await screen.init(board);
  S.baseTitle = `${S.match.game_title || entry.title || S.match.game} · Tavola`;
  // Hot-seat with hidden information: the screen stays covered until the seat's player is there.
  S.curtain = !!entry.hidden_information && S.mine.length > 1;
  document.title = S.baseTitle;
  const wanted = params.get("role") || sessionStorage.getItem(`tavola.role.${S.id}`);
  S.role = S.mine.includes(wanted) ? wanted : S.mine[0] || null;
  wireControls();
  pinBelowBanner();
  renderInvites();
  if (S.curtain) raiseCurtain(S.role);
  await refresh();
  connect();
  loadChat();
  loadNotes();
  onLangChange(() => {
    screen.relabel();
    const live = $("#live");
    if (live && live.dataset.status) setLive(live.dataset.status);
    renderFairness();
    renderBanner();
    renderChat();
    renderInvites();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      closeTurnNotice();
      if (!S.ws || S.ws.readyState > 1) connect();
      refresh();
    }
  });
}

// --- the view --------------------------------------------------------------------------

function book(role = S.role) {
  const key = role || "";
  if (!S.books.has(key)) S.books.set(key, new LogBook());
  return S.books.get(key);
}

function query(params) {
  const q = new URLSearchParams(params).toString();
  return q ? `?${q}` : "";
}

async function refresh() {
  const params = { ...(S.role ? { role: S.role } : {}), ...book().params(LOG_TAIL) };
  try {
    show(await api(`/api/matches/${S.id}/view${query(params)}`));
  } catch (err) {
    showError(err);
  }
}

// A view from an answer or a push: the newest one is kept, its log window applied to the book
// of its role. The answer to this page's own action is drawn at once; pushes (bots can move
// faster than a screen can follow) are drawn once per frame at most.
function show(data, now = false) {
  if (data && data.view && data.match) {
    S.match = data.match;
    screen.seats = seatMap(S.match);
    renderFairness();
    renderPace();
  }
  const view = unwrap(data, "view");
  const role = data && "role" in data ? data.role || null : S.role;
  if (role !== S.role) return; // an answer for the seat this page no longer shows
  if (S.view && typeof view.step === "number" && view.step < S.view.step) return;
  const logs = book(role);
  if (!logs.apply(view)) {
    // the window does not fit the entries held (an undo we did not see): ask afresh
    logs.reset();
    refresh();
    return;
  }
  view.log = logs.entries;
  view.log_from = logs.base;
  if (S.view && S.view.step === view.step && sameView(S.view, view)) {
    // nothing new (a push of the view an answer brought, or the other way round)
    S.viewRole = role; // the same view is this seat's too
    if ((now && S.shown !== S.view) || S.shownRole !== S.role) draw();
    return;
  }
  S.view = view;
  S.viewRole = role;
  // hot-seat: when the acting seat has nothing to do, switch to one of mine that has
  const active = view.active || [];
  if (S.mine.length > 1 && !view.result && S.role && !active.includes(S.role)) {
    const next = S.mine.find((r) => active.includes(r));
    if (next) {
      switchRole(next, true);
      return;
    }
  }
  const mineActive = S.mine.some((r) => active.includes(r));
  // Others moved after this page's last action: a turn even if the answer to that action (which
  // may arrive after the pushes) never showed this player as waiting.
  const othersMoved = S.ownStep !== null && view.step > S.ownStep;
  if (othersMoved || !mineActive) S.ownStep = null;
  if (mineActive && (!S.myTurn || othersMoved) && !view.result && (view.step > 0 || document.hidden)) {
    chime();
    toast(t("play.your_turn", null, "Your turn!"), "turn", 2500);
    if (document.hidden) notifyTurn(S.baseTitle, t("play.your_turn", null, "Your turn!"), S.id);
  }
  S.myTurn = mineActive && !view.result;
  document.title = (S.myTurn ? "▶ " : "") + S.baseTitle;
  if (now) draw();
  else queueRender();
}

// Two views of one step that differ at most in their log windows.
function sameView(a, b) {
  const strip = (v) => JSON.stringify({ ...v, log: null, log_from: null, log_step: null, log_size: null });
  return a.log === b.log && strip(a) === strip(b);
}

// Pushes are drawn on the next frame, but when they come in a burst (bots move faster than
// anyone can follow) at most one frame every PUSH_GAP ms: the last view is always drawn.
const PUSH_GAP = 100;

function queueRender() {
  if (S.renderQueued) return;
  S.renderQueued = true;
  const run = () => {
    S.renderQueued = false;
    if (S.shown !== S.view) draw();
  };
  // hidden pages get no animation frames
  const frame = () => (document.hidden ? setTimeout(run, 0) : requestAnimationFrame(run));
  const wait = S.drawnAt + PUSH_GAP - performance.now();
  if (wait > 0) setTimeout(frame, wait);
  else frame();
}

function draw() {
  const view = S.view;
  // a hot-seat page that has just switched seats waits for the new seat's view: a render queued
  // before the switch would draw the last seat's view under the new seat's name
  if (!view || S.viewRole !== S.role) return;
  S.shown = view;
  S.shownRole = S.role;
  S.drawnAt = performance.now();
  screen.render(view, S.role);
  renderBanner();
  document.body.dataset.step = String(view.step);
  document.body.dataset.role = S.role || "";
  document.body.dataset.active = (view.active || []).join(" ");
  document.body.classList.toggle("game-over", !!view.result);
}

// Older log entries, a page at a time, in front of those held.
async function loadEarlier() {
  const role = S.role;
  const logs = book(role);
  if (!logs.truncated) return;
  const params = { ...(role ? { role } : {}), ...earlierQuery(logs, LOG_PAGE) };
  try {
    const page = await api(`/api/matches/${S.id}/log${query(params)}`);
    if (role !== S.role || book(role) !== logs) return;
    if (!logs.prepend(page)) {
      logs.reset();
      await refresh();
      return;
    }
    if (S.view) {
      S.view.log = logs.entries;
      S.view.log_from = logs.base;
      draw();
    }
  } catch (err) {
    showError(err);
  }
}

async function switchRole(role, auto = false) {
  if (role === S.role) return;
  S.role = role;
  sessionStorage.setItem(`tavola.role.${S.id}`, role);
  if (S.curtain) raiseCurtain(role);
  if (auto && S.mine.length > 1) {
    const b = $("#hotseat-banner");
    if (b) {
      b.classList.remove("flash");
      void b.offsetWidth;
      b.classList.add("flash");
    }
  }
  await refresh();
  connect();
  loadNotes();
}

// Between seats of a hot-seat game with hidden information, a screen that says whose turn it
// is and hides everything until that player says they are at the screen.
function raiseCurtain(role) {
  let curtain = $("#privacy-screen");
  if (!curtain) {
    curtain = h("div#privacy-screen.privacy-screen", { role: "dialog", "aria-modal": "true", "aria-labelledby": "privacy-title" });
    document.body.append(curtain);
  }
  clear(curtain);
  const name = screen ? screen.roleName(role) : role;
  // the page under the screen is hidden too (not only covered): nothing of the last seat's
  // hand can be scrolled to, printed or read aloud
  document.body.classList.add("curtained");
  const show = h("button.btn.btn-primary", { type: "button", onclick: () => {
    curtain.remove();
    document.body.classList.remove("curtained");
  } }, t("play.curtain_show", { role: name }, `I am ${name}: show my screen`));
  curtain.append(
    h("h2#privacy-title", null, t("play.curtain_title", { role: name }, `${name} to play`)),
    h("p", null, t("play.curtain_text", { role: name }, `Pass the device to ${name}. Nothing is shown until ${name} is at the screen.`)),
    show,
  );
  show.focus();
}

// The prompt bar and the map pin below the seat banner, whatever its height (one line on a
// laptop, two on a phone, more when several seats decide at once).
function pinBelowBanner() {
  const box = $("#seat-banner");
  if (!box || typeof ResizeObserver === "undefined") return;
  const set = () => document.documentElement.style.setProperty("--banner-h", `${box.offsetHeight || 4}px`);
  new ResizeObserver(set).observe(box);
  set();
}

// Who is deciding in a phase where several seats choose at once, and who has decided: seats
// that left the active list while no new one joined it.
function decisions(view) {
  const active = view.active || [];
  const before = S.phaseActive || [];
  if (active.some((r) => !before.includes(r)) || !active.length) S.decided = [];
  else S.decided = [...new Set([...(S.decided || []), ...before.filter((r) => !active.includes(r))])];
  S.phaseActive = active;
  if (active.length + S.decided.length < 2) return null;
  const names = (roles) => roles.map((r) => screen.roleName(r)).join(", ");
  const parts = [];
  if (active.length) parts.push(t("play.deciding", { roles: names(active) }, `Deciding: ${names(active)}`));
  if (S.decided.length) parts.push(t("play.decided", { roles: names(S.decided) }, `Has decided: ${names(S.decided)}`));
  return h("div.banner.banner-decisions", { role: "status" }, parts.join(" · "));
}

function renderBanner() {
  const box = $("#seat-banner");
  clear(box);
  const view = S.view;
  if (!view) return;
  const decided = decisions(view);
  if (decided) box.append(decided);
  if (!S.mine.length) {
    box.append(h("div.banner.banner-observer", null, t("play.observing", null, "You are watching this game.")));
    return;
  }
  const color = screen.color(S.role);
  if (S.mine.length > 1) {
    const roleButtons = h(
      "div.seat-switch",
      { role: "group", "aria-label": t("play.seats", null, "Your seats") },
      S.mine.map((r) =>
        h(
          "button.seat-btn",
          {
            type: "button",
            "aria-pressed": String(r === S.role),
            dataset: { role: r },
            onclick: () => switchRole(r),
            title: screen.roleName(r),
          },
          h("span.swatch", { style: { background: screen.color(r) } }),
          h("span.seat-name", null, screen.roleName(r)),
          (view.active || []).includes(r) ? " •" : "",
        ),
      ),
    );
    box.append(
      h(
        "div#hotseat-banner.banner.banner-hotseat",
        { style: { "--seat": color }, role: "status", "aria-live": "polite" },
        h("span.banner-text", null, t("play.hotseat_now", { role: screen.roleName(S.role) }, `Hot-seat: ${screen.roleName(S.role)} to play`)),
        roleButtons,
      ),
    );
  } else {
    const active = (view.active || []).includes(S.role);
    box.append(
      h(
        `div.banner${active ? ".banner-turn" : ""}`,
        { style: { "--seat": color } },
        h("span.swatch", { style: { background: color } }),
        active ? t("play.you_are_turn", { role: screen.roleName(S.role) }, `Your turn, ${screen.roleName(S.role)}`) : t("play.you_are", { role: screen.roleName(S.role) }, `You play ${screen.roleName(S.role)}`),
      ),
    );
  }
}

async function act(action) {
  // nothing is sent from a seat's screen until that seat's own view is drawn (a hot-seat page
  // that has just switched seats still shows the last seat's choices)
  if (S.busy || !S.role || !S.shown || S.shownRole !== S.role) return;
  S.busy = true;
  document.body.classList.add("busy");
  try {
    // the step of the view the player acted on: if a newer one came meanwhile, the server says stale
    const body = { role: S.role, action, step: S.shown.step, page: PAGE };
    S.ownStep = S.shown.step + 1; // the step this action makes
    const view = await api(`/api/matches/${S.id}/actions${query(book().params(LOG_TAIL))}`, { method: "POST", body });
    show(view, true);
  } catch (err) {
    if (err.status === 409 || err.status === 422) {
      toast(err.message || t("error.409"), "warn");
      await refresh();
    } else {
      showError(err);
      // the action may be stored though its answer was lost, and no push brings this page
      // what its own action made: ask for the view
      await refresh();
    }
  } finally {
    // once not busy, the screen shows the newest view (a push may have overtaken the answer)
    if (S.view && S.shown !== S.view) draw();
    S.busy = false;
    document.body.classList.remove("busy");
  }
}

// --- live updates ------------------------------------------------------------------------

function connect() {
  if (S.ws) {
    const old = S.ws;
    old.onclose = null;
    old.onmessage = null;
    // closing a socket still connecting makes the browser warn: let it open, then close it
    if (old.readyState === WebSocket.CONNECTING) old.onopen = () => old.close();
    else old.close();
  }
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // only the log entries this page lacks: the first message carries what is new since the
  // last view, each push what is new since the one before
  const q = query({ ...(S.role ? { role: S.role } : {}), log: "delta", page: PAGE, ...book().params(LOG_TAIL) });
  const ws = new WebSocket(`${proto}//${location.host}/ws/matches/${encodeURIComponent(S.id)}${q}`);
  S.ws = ws;
  setLive("connecting");
  ws.onopen = () => {
    S.wsRetry = 0;
    setLive("live");
  };
  ws.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    if (msg.type === "view" && msg.view) show(msg);
    else if (msg.type === "chat" && msg.message) addChat(msg.message);
    else if (msg.type === "error") toast((msg.error && msg.error.message) || msg.message || "error", "error");
    else if (msg.type === "match" && msg.match) {
      S.match = unwrap(msg.match, "match");
      screen.seats = seatMap(S.match);
      renderInvites();
    }
  };
  ws.onclose = () => {
    if (S.ws !== ws) return;
    setLive("offline");
    const delay = Math.min(15000, 1000 * 2 ** S.wsRetry++);
    setTimeout(() => {
      if (S.ws === ws) {
        connect();
        refresh();
      }
    }, delay);
  };
}

function setLive(status) {
  const el = $("#live");
  if (!el) return;
  el.dataset.status = status;
  el.textContent = t(`live.${status}`, null, status);
}

// --- invites ----------------------------------------------------------------------------

// The creator's open seats (an invite link, or a bot if nobody comes) and the seats this page
// holds, each of which can be left to a bot for the rest of the game.
// The dice commitment, from the first view; the seed once the game is over (docs/fairness.md).
function renderFairness() {
  const el = $("#fairness");
  if (!el || !S.match) return;
  const c = S.match.dice_commitment;
  el.hidden = !c;
  if (!c) return;
  // drawn again only when it changes (the seed at the end) or the language does: an opened
  // explanation stays open between moves
  const seed = S.match.seed ?? null;
  const sig = `${c}|${seed}|${currentLang()}`;
  if (el.dataset.sig === sig) return;
  el.dataset.sig = sig;
  const open = !!el.querySelector("details[open]");
  const body = [
    h("p", null, t("play.fair_dice_why", null, "The dice of this game come from a secret number chosen before the first move.")),
    h("p", null, t("play.dice_commitment", null, "Dice commitment (SHA-256)"), " ", h("code", { title: c }, c)),
  ];
  if (seed !== null) body.push(h("p", null, t("play.dice_seed", null, "Seed"), " ", h("code", null, String(seed))));
  clear(el).append(h("details", { open }, h("summary", null, t("play.fair_dice", null, "Fair dice")), ...body));
}

// The bots' pace: seconds before each bot move (0: full speed). The match's creator picks it;
// everyone else sees it. Made once and then only updated, so pushes never close an open list.
const PACES = [0, 0.3, 1, 3];

function renderPace() {
  const el = $("#pace");
  if (!el || !S.match) return;
  const bots = (S.match.seats || []).some((s) => s.kind === "bot");
  el.hidden = !bots || S.match.status !== "active";
  if (el.hidden) return;
  let select = el.querySelector("select");
  if (!select) {
    select = h("select", { id: "pace-select", onchange: () => setPace(select) });
    el.append(h("label", { for: "pace-select" }), " ", select);
  }
  el.querySelector("label").textContent = t("play.pace", null, "Bots' pace");
  const delay = Number(S.match.bot_delay) || 0;
  const label = (d) => {
    const n = d.toLocaleString(currentLang()); // 0.3 in English, 0,3 in Italian
    return d === 0 ? t("play.pace_full", null, "Full speed") : t("play.pace_seconds", { n }, `${n} s a move`);
  };
  const values = PACES.includes(delay) ? PACES : [...PACES, delay].sort((a, b) => a - b);
  if (select.options.length !== values.length) {
    clear(select);
    values.forEach((d) => select.append(h("option", { value: String(d) }, label(d))));
  }
  values.forEach((d, i) => (select.options[i].textContent = label(d)));
  select.disabled = !S.match.can_pace;
  if (document.activeElement !== select) select.value = String(delay);
}

async function setPace(select) {
  try {
    const data = await api(`/api/matches/${S.id}/pace`, { method: "PUT", body: { bot_delay: Number(select.value) } });
    // Only the pace: a push may already have brought a later step (the bots run on meanwhile).
    const m = unwrap(data, "match");
    S.match = { ...S.match, bot_delay: m.bot_delay, can_pace: m.can_pace };
  } catch (err) {
    showError(err);
  }
  select.blur();
  renderPace();
}

function renderInvites() {
  renderFairness();
  renderPace();
  const box = $("#invites");
  if (!box || !S.match) return;
  clear(box);
  const links = inviteLinks(S.match);
  const roles = Object.keys(links);
  const live = S.match.status === "active";
  box.hidden = !S.mine.length || (!roles.length && !live);
  if (box.hidden) return;
  const name = (role) => (screen ? screen.roleName(role) : role);
  if (roles.length) {
    box.append(h("h3", null, t("play.invites", null, "Invite players")));
    for (const role of roles) {
      box.append(inviteRow(name(role), links[role]));
      if (live) box.append(botPicker(role, t("play.give_bot", null, "Give to a bot"), null));
    }
  }
  if (!live) return;
  box.append(
    h(
      "details.handover",
      null,
      h("summary", null, t("play.leave_title", null, "Leave a seat to a bot")),
      h("p.muted.small", null, t("play.leave_help", null, "The bot plays the seat from here to the end; you can still watch.")),
      S.mine.map((role) =>
        h("div.handover-row", null, h("span.invite-role", null, name(role)), botPicker(role, t("play.leave_button", null, "Leave to the bot"), t("play.leave_confirm", { role: name(role) }, `Leave ${name(role)} to the bot for the rest of the game?`))),
      ),
    ),
  );
}

function botPicker(role, label, question) {
  const select = h(
    "select",
    { "aria-label": t("play.bot_for", { role: screen ? screen.roleName(role) : role }, `Bot for ${role}`), dataset: { role } },
    S.seatBots.map((b) => h("option", { value: `bot:${b}`, selected: b === "mcts" }, botName(b))),
  );
  const go = async () => {
    if (question && !window.confirm(question)) return;
    try {
      await api(`/api/matches/${S.id}/seats/${encodeURIComponent(role)}`, { method: "PUT", body: { seat: select.value } });
      location.reload(); // the seats this page holds have changed: start afresh
    } catch (err) {
      showError(err);
    }
  };
  return h("div.bot-picker", null, select, h("button.btn.btn-small", { type: "button", dataset: { role }, onclick: go }, label));
}

// --- chat and notes -------------------------------------------------------------------------

async function loadChat() {
  if (!S.mine.length) {
    // watchers have no chat: asking would only be refused
    S.chat = [];
    $("#chat-form").hidden = true;
    renderChat();
    return;
  }
  try {
    const data = await api(`/api/matches/${S.id}/chat`);
    S.chat = Array.isArray(data) ? data : data.messages || data.chat || [];
  } catch (err) {
    S.chat = [];
    if (err.status === 401 || err.status === 403) $("#chat-form").hidden = true;
  }
  if (!S.mine.length) $("#chat-form").hidden = true;
  renderChat();
}

function addChat(message) {
  if (message.id !== undefined && S.chat.some((m) => m.id === message.id)) return;
  S.chat.push(message);
  renderChat();
  const tab = $("#tab-chat");
  if (tab && tab.getAttribute("aria-selected") !== "true") tab.classList.add("unread");
}

function renderChat() {
  const box = $("#chat-list");
  if (!box) return;
  clear(box);
  if (!S.chat.length) box.append(h("li.muted", null, t("chat.empty", null, "No messages yet.")));
  for (const m of S.chat) {
    const role = m.role || (Array.isArray(m.roles) && m.roles.length ? m.roles[0] : null);
    const who = m.author || m.username || m.user || m.name || (role && screen ? screen.roleName(role) : "") || t("chat.someone", null, "someone");
    const when = m.at || m.time || m.created || m.created_at;
    box.append(
      h(
        "li.chat-msg",
        null,
        h("span.chat-who", { style: role && screen ? { color: screen.color(role) } : null }, typeof who === "object" ? who.name || who.username || "" : who),
        when ? h("time.chat-when", { datetime: String(when) }, relTime(when)) : null,
        h("span.chat-text", null, m.text),
      ),
    );
  }
  box.scrollTop = box.scrollHeight;
}

let notesTimer = null;
async function loadNotes() {
  const area = $("#notes-text");
  const status = $("#notes-status");
  if (!area) return;
  if (!S.role) {
    $("#notes-panel-body").hidden = true;
    $("#notes-none").hidden = false;
    return;
  }
  $("#notes-role").textContent = screen.roleName(S.role);
  try {
    const data = await api(`/api/matches/${S.id}/notes/${encodeURIComponent(S.role)}`);
    area.value = (data && (data.text ?? data.notes)) || "";
    status.textContent = "";
  } catch (err) {
    area.value = "";
    if (err.status !== 404) status.textContent = err.message;
  }
}

async function saveNotes() {
  const status = $("#notes-status");
  if (!S.role) return;
  try {
    await api(`/api/matches/${S.id}/notes/${encodeURIComponent(S.role)}`, { method: "PUT", body: { text: $("#notes-text").value } });
    status.textContent = t("notes.saved", null, "Saved.");
  } catch (err) {
    status.textContent = err.message;
  }
}

// --- controls --------------------------------------------------------------------------------

function wireControls() {
  $("#zoom-in").addEventListener("click", () => screen.map && screen.map.zoom(1.4));
  $("#zoom-out").addEventListener("click", () => screen.map && screen.map.zoom(1 / 1.4));
  $("#zoom-reset").addEventListener("click", () => screen.map && screen.map.reset());
  const snd = $("#sound-toggle");
  const syncSound = () => snd.setAttribute("aria-pressed", String(soundEnabled()));
  syncSound();
  snd.addEventListener("click", () => {
    setSoundEnabled(!soundEnabled());
    syncSound();
    if (soundEnabled()) chime();
  });
  const bell = $("#notify-toggle");
  if (S.mine.length) wireNotifyButton(bell);
  else bell.hidden = true; // observers have no turn
  // tabs of the side panel
  const tabs = [...document.querySelectorAll("[role=tab]")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => selectTab(tab, tabs));
    tab.addEventListener("keydown", (ev) => {
      const i = tabs.indexOf(tab);
      if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
        const next = tabs[(i + (ev.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
        next.focus();
        selectTab(next, tabs);
      }
    });
  }
  $("#chat-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = $("#chat-input");
    const text = input.value.trim();
    if (!text) return;
    try {
      const data = await api(`/api/matches/${S.id}/chat`, { method: "POST", body: { text } });
      input.value = "";
      const m = data && (data.message || (data.text ? data : null));
      if (m) addChat(m);
      else loadChat();
    } catch (err) {
      showError(err);
    }
  });
  $("#notes-text").addEventListener("input", () => {
    $("#notes-status").textContent = t("notes.saving", null, "Saving…");
    clearTimeout(notesTimer);
    notesTimer = setTimeout(saveNotes, 700);
  });
  for (const dlg of document.querySelectorAll("dialog")) {
    dlg.addEventListener("click", (ev) => {
      if (ev.target === dlg) dlg.close();
    });
  }
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      const menu = document.getElementById("target-menu");
      if (menu) menu.remove();
    }
    if (ev.target.matches && ev.target.matches("input, textarea")) return;
    if (ev.key === "+" || ev.key === "=") screen.map && screen.map.zoom(1.4);
    if (ev.key === "-") screen.map && screen.map.zoom(1 / 1.4);
    if ((ev.key === "z" || ev.key === "u") && (ev.ctrlKey || ev.metaKey) && S.view && S.view.can_undo) {
      ev.preventDefault();
      act(["undo"]);
    }
  });
}

function selectTab(tab, tabs) {
  showTab(tab, tabs);
  tab.classList.remove("unread");
  if (tab.id === "tab-log") {
    const log = $("#log");
    log.scrollTop = log.scrollHeight;
    // and the newest entry on screen, should the log run below the window
    const last = log.querySelector(".log-entry:last-child");
    if (last) last.scrollIntoView({ block: "nearest" });
  }
}

main();
