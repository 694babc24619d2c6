// Shared helpers of every page: the API client, the message catalogues, DOM building,
// the language switch and small notices.

export const LANGS = ["en", "it"];

// --- the HTTP API ------------------------------------------------------------------

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

export async function api(path, { method = "GET", body, raw = false } = {}) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", t("error.network"));
  }
  if (raw) return res;
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { text };
    }
  }
  if (!res.ok) {
    const e = (data && (data.error || data.detail)) || {};
    const message = typeof e === "string" ? e : e.message || (Array.isArray(e) ? e.map((d) => d.msg).join("; ") : "");
    throw new ApiError(res.status, e.code, message || `HTTP ${res.status}`);
  }
  return data;
}

// --- message catalogues --------------------------------------------------------------

const state = { lang: "en", ui: {}, games: {}, loaded: false };

// The games, their scenarios and the bots (GET /api/catalogue), asked once per page.
let gamesAsked = null;
export function gamesCatalogue() {
  if (!gamesAsked) gamesAsked = api("/api/catalogue").catch(() => ({}));
  return gamesAsked;
}

export function currentLang() {
  return state.lang;
}

function initialLang() {
  let stored = null;
  try {
    stored = localStorage.getItem("tavola.lang");
  } catch {
    /* storage may be disabled */
  }
  const candidates = [stored, document.documentElement.dataset.lang, document.documentElement.lang];
  for (const c of candidates) if (c && LANGS.includes(c)) return c;
  const nav = (navigator.language || "en").slice(0, 2);
  return LANGS.includes(nav) ? nav : "en";
}

// Entries may be plain strings or {en, it} objects; keep the string in `lang`.
function pick(entry, lang) {
  if (entry == null) return undefined;
  if (typeof entry === "string") return entry;
  if (typeof entry === "object") return entry[lang] ?? entry.en;
  return String(entry);
}

function flatten(map, lang) {
  const out = {};
  if (!map || typeof map !== "object") return out;
  for (const [k, v] of Object.entries(map)) {
    const s = pick(v, lang);
    if (typeof s === "string") out[k] = s;
  }
  return out;
}

export async function loadCatalogue(lang) {
  let data = {};
  try {
    data = (await api(`/api/i18n/${lang}`)) || {};
  } catch {
    data = {};
  }
  const ui = data.ui || data.interface || data.web || {};
  state.ui = flatten(ui, lang);
  const games = {};
  const rawGames = data.games || data.game || {};
  for (const [gid, cat] of Object.entries(rawGames)) games[gid] = flatten(cat, lang);
  if (data.messages) games["*"] = flatten(data.messages, lang);
  if (data.core) games["*"] = { ...(games["*"] || {}), ...flatten(data.core, lang) };
  if (!data.ui && !data.interface && !data.web && !data.games && !data.messages && !data.core) {
    // a flat answer: every key in one map
    state.ui = flatten(data, lang);
  }
  state.games = games;
  state.lang = lang;
  state.loaded = true;
  document.documentElement.lang = lang;
  return state;
}

export function fill(text, args) {
  if (!args) return text;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in args && args[name] != null ? String(args[name]) : m));
}

// An interface string. `fallback` is used when the key is unknown (then the key itself).
export function t(key, args, fallback) {
  const text = state.ui[key];
  if (text === undefined) return fill(fallback ?? key, args);
  return fill(text, args);
}

export function hasUi(key) {
  return key in state.ui;
}

// A game message: the game's catalogue first, then the shared one, then the interface.
export function gameText(game, key, args) {
  for (const cat of [state.games[game], state.games["*"]]) {
    if (cat && key in cat) return fill(cat[key], args);
  }
  if (key in state.ui) return fill(state.ui[key], args);
  return undefined;
}

// Replace the text of every [data-i18n] element (and [data-i18n-attr="attr:key;..."]).
export function applyI18n(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const key = node.dataset.i18n;
    if (key in state.ui) node.textContent = state.ui[key];
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key && key in state.ui) node.setAttribute(attr, state.ui[key]);
    }
  }
}

const langListeners = [];
export function onLangChange(fn) {
  langListeners.push(fn);
}

export async function setLang(lang) {
  if (!LANGS.includes(lang)) return;
  try {
    localStorage.setItem("tavola.lang", lang);
  } catch {
    /* ignore */
  }
  document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  api("/api/me", { method: "PUT", body: { lang } }).catch(() => {});
  await loadCatalogue(lang);
  applyI18n();
  syncLangSwitch();
  for (const fn of langListeners) fn(lang);
}

function syncLangSwitch() {
  for (const b of document.querySelectorAll("[data-set-lang]")) {
    b.setAttribute("aria-pressed", String(b.dataset.setLang === state.lang));
  }
}

// --- DOM -------------------------------------------------------------------------------

// h("div.card#x", {onclick, "aria-label": ...}, child, "text", [children])
export function h(tag, attrs, ...children) {
  const m = tag.match(/^([a-z0-9-]+)((?:[.#][\w-]+)*)$/i);
  const node = document.createElement(m ? m[1] : tag);
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === ".") node.classList.add(part.slice(1));
      else node.id = part.slice(1);
    }
  }
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

const SVGNS = "http://www.w3.org/2000/svg";
export function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

function setAttrs(node, attrs) {
  if (!attrs) return;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.setAttribute("class", Array.isArray(v) ? v.filter(Boolean).join(" ") : v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(node.style, v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(node, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export const $ = (sel, root = document) => root.querySelector(sel);

// --- notices -------------------------------------------------------------------------

export function toast(message, kind = "info", ms = 4000) {
  // "Your turn!" shows in the top bar, never over the board or the prompt (on a phone the
  // corner of the screen is the map's)
  const top = kind === "turn" ? document.querySelector(".topbar") : null;
  let box = top ? document.getElementById("turn-toast") : document.getElementById("toasts");
  if (top && !box) {
    box = h("div#turn-toast", { "aria-live": "polite", role: "status" });
    top.append(box);
  }
  if (!box) {
    box = h("div#toasts", { "aria-live": "polite", role: "status" });
    document.body.append(box);
  }
  // the same notice twice in a row is shown once, its time renewed
  for (const old of box.querySelectorAll(".toast")) {
    if (old.textContent === message && !old.classList.contains("leaving")) old.remove();
  }
  const item = h(`div.toast.toast-${kind}`, null, message);
  box.append(item);
  while (box.children.length > (top ? 1 : 3)) box.firstChild.remove();
  setTimeout(() => item.classList.add("leaving"), ms);
  setTimeout(() => item.remove(), ms + 400);
}

// Show one tab's panel and hide the others' (ARIA tabs: the chosen tab selected and the one
// reached by Tab, each panel named by its tab's aria-controls).
export function showTab(tab, tabs) {
  for (const other of tabs) {
    const on = other === tab;
    other.setAttribute("aria-selected", String(on));
    other.tabIndex = on ? 0 : -1;
    document.getElementById(other.getAttribute("aria-controls")).hidden = !on;
  }
}

export function showError(err) {
  const msg = err instanceof ApiError ? errorText(err) : String(err && err.message ? err.message : err);
  toast(msg, "error", 6000);
}

export function errorText(err) {
  const key = `error.${err.status}`;
  const general = hasUi(key) ? t(key) : "";
  if (err.message && general && !err.message.startsWith("HTTP")) return `${general}: ${err.message}`;
  return general || err.message;
}

// --- words ---------------------------------------------------------------------------

export function humanize(id) {
  const text = String(id).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function matchIdFromPage() {
  const main = document.querySelector("[data-match-id]");
  if (main && main.dataset.matchId) return main.dataset.matchId;
  const m = location.pathname.match(/\/(?:play|replay)\/([^/?#]+)/);
  return m ? decodeURIComponent(m[1]) : null;
}

export function relTime(iso) {
  if (!iso) return "";
  const when = typeof iso === "number" ? new Date(iso * (iso < 1e12 ? 1000 : 1)) : new Date(iso);
  if (Number.isNaN(when.getTime())) return "";
  try {
    const diff = (when.getTime() - Date.now()) / 1000;
    const rtf = new Intl.RelativeTimeFormat(state.lang, { numeric: "auto" });
    const abs = Math.abs(diff);
    if (abs < 60) return rtf.format(Math.round(diff), "second");
    if (abs < 3600) return rtf.format(Math.round(diff / 60), "minute");
    if (abs < 86400) return rtf.format(Math.round(diff / 3600), "hour");
    return rtf.format(Math.round(diff / 86400), "day");
  } catch {
    return when.toLocaleString();
  }
}

// --- who am I --------------------------------------------------------------------------

export async function me() {
  try {
    return await api("/api/me");
  } catch {
    return {};
  }
}

export function userName(info) {
  if (!info) return "";
  const u = info.user;
  if (u && typeof u === "object") return u.guest ? "" : u.username || u.name || "";
  if (typeof u === "string") return u;
  return "";
}

// --- page start ----------------------------------------------------------------------

// Load the catalogue, translate the static page, wire the language switch and sign-out.
export async function boot() {
  // Controls answer from the first moment: a click made while the words still load is not lost.
  for (const b of document.querySelectorAll("[data-set-lang]")) {
    b.addEventListener("click", () => setLang(b.dataset.setLang));
  }
  const out = document.querySelector("[data-action=logout]");
  if (out) {
    out.addEventListener("click", async (ev) => {
      ev.preventDefault();
      try {
        await api("/api/auth/logout", { method: "POST" });
      } catch (err) {
        showError(err);
        return;
      }
      location.href = "/";
    });
  }
  await loadCatalogue(initialLang());
  applyI18n();
  syncLangSwitch();
  document.body.classList.add("ready");
  return state;
}
