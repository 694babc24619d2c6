// Sign in, sign up; then back to where the user came from.

import { api, boot, t, $, showTab } from "./core.js";

// Only a page of this site: the address is resolved as the browser would (a backslash, a tab
// or a second slash can turn "/..." into another host) and kept only if it stays here.
function next() {
  const n = new URLSearchParams(location.search).get("next");
  if (!n || !n.startsWith("/")) return "/";
  try {
    const url = new URL(n, location.origin);
    return url.origin === location.origin ? url.pathname + url.search + url.hash : "/";
  } catch {
    return "/";
  }
}

function wire(form, path, check) {
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = form.querySelector(".form-error");
    err.hidden = true;
    const data = Object.fromEntries(new FormData(form));
    const problem = check ? check(data) : null;
    if (problem) {
      err.textContent = problem;
      err.hidden = false;
      return;
    }
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await api(path, { method: "POST", body: { username: data.username.trim(), password: data.password } });
      location.href = next();
    } catch (e) {
      err.textContent = e.status === 401 ? t("login.wrong", null, "Wrong username or password.") : e.message;
      err.hidden = false;
      button.disabled = false;
    }
  });
}

async function main() {
  // The tabs and forms answer from the first moment: a click made while the page's words are
  // still loading (a slow connection) must not be lost.
  const tabs = [$("#tab-signin"), $("#tab-signup")];
  const select = (tab) => showTab(tab, tabs);
  for (const tab of tabs) tab.addEventListener("click", () => select(tab));
  if (location.hash === "#signup") select(tabs[1]);
  wire($("#form-signin"), "/api/auth/login");
  wire($("#form-signup"), "/api/auth/signup", (d) => (d.password !== d.password2 ? t("login.mismatch", null, "The passwords differ.") : null));
  await boot();
}

main();
