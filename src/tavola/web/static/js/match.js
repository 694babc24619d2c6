// Reading a match as the server describes it: its settings, its seats and which seats this
// browser holds. The shapes are read loosely so small changes of the API do not break pages.

import { h, t, toast } from "./core.js";

export function unwrap(data, key) {
  return data && typeof data === "object" && data[key] && typeof data[key] === "object" ? data[key] : data;
}

// {role: seat} whatever the server's shape (a map, or a list of {role, ...})
export function seatMap(match) {
  const raw = match.seats || match.roles_seats || {};
  if (Array.isArray(raw)) {
    const out = {};
    for (const s of raw) if (s && s.role) out[s.role] = s;
    return out;
  }
  return raw;
}

export function rolesOf(match) {
  if (Array.isArray(match.roles)) return match.roles.map((r) => (typeof r === "string" ? r : r.role));
  return Object.keys(seatMap(match));
}

export function seatKind(seat) {
  if (!seat) return "";
  if (typeof seat === "string") return seat.startsWith("bot:") ? "bot" : seat;
  if (seat.kind) return seat.kind === "me" ? "human" : seat.kind;
  if (seat.bot) return "bot";
  if (seat.open) return "open";
  return seat.type || "human";
}

// The roles this browser may play in this match.
export function myRoles(match) {
  for (const key of ["my_roles", "mine", "your_roles", "you"]) {
    if (Array.isArray(match[key])) return match[key];
  }
  const seats = seatMap(match);
  return Object.keys(seats).filter((r) => {
    const s = seats[r];
    return s && typeof s === "object" && (s.mine === true || s.yours === true || s.you === true);
  });
}

export function inviteLinks(match) {
  const out = {};
  const seats = seatMap(match);
  const inv = match.invites || match.invite_links || {};
  for (const [role, seat] of Object.entries(seats)) {
    const link = (seat && typeof seat === "object" && (seat.invite_url || seat.invite_link || seat.invite)) || inv[role];
    if (link && seatKind(seat) === "open") out[role] = absolute(link, match, role);
  }
  for (const [role, link] of Object.entries(inv)) if (!out[role] && typeof link === "string") out[role] = absolute(link, match, role);
  return out;
}

function absolute(link, match, role) {
  if (/^https?:/.test(link)) return link;
  if (link.startsWith("/")) return location.origin + link;
  // a bare token: the play page joins with it
  return `${location.origin}/play/${encodeURIComponent(match.id)}?role=${encodeURIComponent(role)}&invite=${encodeURIComponent(link)}`;
}

export function matchTitle(match, catalogue) {
  const g = catalogue && catalogue.find ? catalogue.find((x) => x.id === match.game) : null;
  return (g && g.title) || match.title || match.game;
}

export function inviteRow(label, link) {
  const input = h("input.invite-link", { type: "text", readonly: true, value: link, "aria-label": label, onfocus: (e) => e.target.select() });
  return h(
    "div.invite",
    null,
    h("span.invite-role", null, label),
    input,
    h(
      "button.btn.btn-small",
      {
        type: "button",
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(link);
          } catch {
            input.select();
            document.execCommand && document.execCommand("copy");
          }
          toast(t("common.copied", null, "Copied."), "ok", 1500);
        },
      },
      t("common.copy", null, "Copy"),
    ),
  );
}

