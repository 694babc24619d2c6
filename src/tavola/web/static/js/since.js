// "Since your last turn": what the others did after the viewer last acted, read from the log
// the page holds. Moves (an entry whose args name a `from`/`frm` and a `to` area) become arrows
// on the map; battles, conquests and raids (an entry about one area whose message names one)
// become rings; a line sums it up. A watcher, or a replay, sees the last step's moves.

import { pluralCategory } from "./words.js";

const FIGHT = /battle|conquer|raid|raze|pillage|roll|block/;

// The entries to show: after the viewer's own last entry, those of others (at most `cap`).
export function sinceEntries(log, viewer, cap = 80) {
  if (!log.length) return [];
  let from = -1;
  if (viewer) {
    for (let i = log.length - 1; i >= 0; i--) {
      if (log[i].role === viewer) {
        from = i;
        break;
      }
    }
  }
  if (!viewer || from === log.length - 1) {
    // nothing new since this seat acted (or no seat): the last step's entries
    const last = log[log.length - 1].step;
    let i = log.length - 1;
    while (i > 0 && log[i - 1].step === last) i--;
    return viewer ? [] : log.slice(i);
  }
  return log.slice(from + 1).filter((e) => e.role !== viewer).slice(-cap);
}

// Moves and fights among the entries: [{kind: "move", from, to, role}] / [{kind: "fight", at}].
// ``placeOf(value, key, entry)`` finds the place an entry's argument names ({id} of an anchor
// of the map: an area, or a place an adapter adds such as a command block), or null.
export function marks(entries, placeOf) {
  const out = [];
  for (const e of entries) {
    const a = e.args || {};
    const fromKey = "from" in a ? "from" : "frm";
    const from = placeOf(a[fromKey], fromKey, e);
    const to = placeOf(a.to, "to", e);
    if (from && to && from.id !== to.id) {
      out.push({ kind: "move", from, to, role: e.role, nation: a.nation });
      continue;
    }
    const atKey = "area" in a ? "area" : "region";
    const at = placeOf(a[atKey], atKey, e);
    if (at && FIGHT.test(e.msg)) out.push({ kind: "fight", at, role: e.role, msg: e.msg });
  }
  return out;
}

// How far from an anchor's centre, along (ux, uy), the box drawn there ends (0: none).
function edge(P, ux, uy) {
  if (!P.w || !P.h) return 0;
  return Math.min(Math.abs(ux) > 1e-6 ? P.w / Math.abs(ux) : Infinity, Math.abs(uy) > 1e-6 ? P.h / Math.abs(uy) : Infinity) + 3;
}

// Arrows and rings in the map's overlay layer (under nothing the player clicks).
export function drawMarks(map, s, list, colour) {
  const layer = map.layer("overlay");
  const g = s("g", { class: "since", "pointer-events": "none" });
  const seen = new Set();
  const w = Math.max(2, map.spacing * 0.028);
  for (const m of list) {
    if (m.kind === "move") {
      const key = `${m.from.id}>${m.to.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const A = map.anchor(m.from.id);
      const B = map.anchor(m.to.id);
      if (!A || !B) continue;
      const dx = B.x - A.x;
      const dy = B.y - A.y;
      const len = Math.hypot(dx, dy) || 1;
      const ux = dx / len;
      const uy = dy / len;
      // from the edge of what is drawn at each end (a command block), or just off the centre
      const cut = (P) => Math.min(len * 0.35, Math.max(edge(P, ux, uy), Math.min(len * 0.2, 14)));
      const cutA = cut(A);
      const cutB = cut(B);
      const x1 = A.x + ux * cutA;
      const y1 = A.y + uy * cutA;
      const x2 = B.x - ux * cutB;
      const y2 = B.y - uy * cutB;
      const head = w * 3.2;
      const c = colour(m);
      g.append(
        s("path", {
          class: "since-arrow",
          d: `M${x1.toFixed(1)},${y1.toFixed(1)} L${(x2 - ux * head * 0.6).toFixed(1)},${(y2 - uy * head * 0.6).toFixed(1)}`,
          stroke: c,
          "stroke-width": w,
          dataset: { from: m.from.id, to: m.to.id },
        }),
        s("path", {
          class: "since-head",
          d: `M${x2.toFixed(1)},${y2.toFixed(1)} L${(x2 - ux * head - uy * head * 0.6).toFixed(1)},${(y2 - uy * head + ux * head * 0.6).toFixed(1)} L${(x2 - ux * head + uy * head * 0.6).toFixed(1)},${(y2 - uy * head - ux * head * 0.6).toFixed(1)} Z`,
          fill: c,
        }),
      );
    } else {
      const key = `@${m.at.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const A = map.anchor(m.at.id);
      if (!A) continue;
      g.append(s("circle", { class: "since-fight", cx: A.x, cy: A.y, r: Math.max(12, Math.min(A.r * 0.8, map.spacing * 0.35)), stroke: colour(m), "stroke-width": w, dataset: { area: m.at.id } }));
    }
  }
  layer.prepend(g);
  return g;
}

// "Since your last turn: 6 moves and 1 battle."
export function summary(list, t, lang) {
  const moves = list.filter((m) => m.kind === "move").length;
  const fights = new Set(list.filter((m) => m.kind === "fight").map((m) => m.at.id)).size;
  const part = (n, key, en) => t(`${key}.${pluralCategory(n, lang) === "one" ? "one" : "other"}`, { n }, `${n} ${en}`);
  const bits = [];
  if (moves) bits.push(part(moves, "since.moves", "moves"));
  if (fights) bits.push(part(fights, "since.fights", "battles"));
  return bits.length ? t("since.summary", { what: bits.join(t("since.and", null, " and ")) }, `Since your last turn: ${bits.join(" and ")}.`) : "";
}
