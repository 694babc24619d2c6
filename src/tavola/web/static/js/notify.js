// Turn notices through the browser's Notification API, besides the title marker and the chime.
// Permission is asked only when the player presses the bell, never on load; the choice to be
// notified is kept in this browser.

import { t, toast } from "./core.js";

const KEY = "tavola.notify";
let current = null;

export function notifySupported() {
  return typeof window.Notification === "function";
}

function wanted() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

function setWanted(on) {
  try {
    localStorage.setItem(KEY, on ? "1" : "0");
  } catch {
    /* storage may be disabled */
  }
}

// Notices are on: the player asked for them and the browser allows them.
export function notifyReady() {
  return notifySupported() && Notification.permission === "granted" && wanted();
}

// A notice that it is this page's player's turn (the page is hidden: nobody sees the title).
export function notifyTurn(title, body, tag) {
  if (!notifyReady()) return null;
  try {
    closeTurnNotice();
    current = new Notification(title, { body, tag: `tavola-${tag}`, lang: document.documentElement.lang || "en" });
    current.onclick = () => {
      window.focus();
      closeTurnNotice();
    };
    return current;
  } catch {
    return null; // some browsers allow notices only from a service worker
  }
}

export function closeTurnNotice() {
  if (current) {
    try {
      current.close();
    } catch {
      /* already gone */
    }
    current = null;
  }
}

// The bell button: asks for permission when pressed, then switches notices on and off.
export function wireNotifyButton(button) {
  if (!button) return;
  if (!notifySupported()) {
    button.hidden = true;
    return;
  }
  const sync = () => {
    button.setAttribute("aria-pressed", String(notifyReady()));
    button.title = t(Notification.permission === "denied" ? "play.notify_blocked" : "play.notify", null, "Notify me when it is my turn");
  };
  sync();
  button.addEventListener("click", async () => {
    if (Notification.permission === "granted") {
      setWanted(!wanted());
    } else if (Notification.permission === "denied") {
      toast(t("play.notify_blocked", null, "This browser blocks notifications from this site."), "warn");
    } else {
      let answer = "default";
      try {
        answer = await Notification.requestPermission();
      } catch {
        answer = Notification.permission;
      }
      setWanted(answer === "granted");
      if (answer === "granted") toast(t("play.notify_on", null, "You will be notified when it is your turn."), "ok", 2500);
    }
    sync();
  });
}
