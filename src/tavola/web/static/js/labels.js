// Area names placed so that no two overlap and none sits where an area's pieces go.
//
// A greedy pass over the areas, the most crowded first: each name tries spots around its
// area's centre (above first, where the pieces leave room), at full size and then smaller;
// when every spot near its area is taken it goes further out with a leader line to its area.
// Widths are measured with the font the map uses (a canvas), so the boxes are the drawn ones.

const canvas = typeof document !== "undefined" ? document.createElement("canvas") : null;

function textWidth(text, size, italic) {
  const ctx = canvas && canvas.getContext("2d");
  if (!ctx) return text.length * size * 0.6;
  const serif = getComputedStyle(document.documentElement).getPropertyValue("--serif") || "serif";
  ctx.font = `${italic ? "italic " : ""}700 ${size}px ${serif}`;
  // the letter-spacing of .label (0.02em) is not in the canvas measure
  return ctx.measureText(text).width + text.length * size * 0.02;
}

// The box of a label drawn with text-anchor middle at (x, baseline y).
// A little more than the glyphs' own box: the halo stroke, and a hair of room between names.
function boxAt(x, y, w, size) {
  return { x0: x - w / 2 - 1.5, y0: y - size * 1.02, x1: x + w / 2 + 1.5, y1: y + size * 0.4 };
}

function overlap(a, b) {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

// Where an area's pieces are drawn (game adapters put them on and under the centre).
export function pieceZone(anchor, size) {
  return { x0: anchor.x - size * 2.3, y0: anchor.y - size * 0.55, x1: anchor.x + size * 2.3, y1: anchor.y + size * 2.7 };
}

// items: [{id, text, x, y, r, sea}]; size: the font size. Returns {id: {x, y, size, leader, box}}.
// By default each area keeps room for its pieces (pieceZone), which a name may still touch at a
// cost; `placed` gives boxes already taken (other names) and `zones` the boxes of the pieces
// actually drawn, which a name must keep clear of as of another name.
export function overlapArea(a, b) {
  return overlap(a, b);
}

// `bounds` (the board's box) keeps names whole on the board's first view: a name pushed past its
// edge was cut off there ("Calabri").
export function placeLabels(items, size, { placed = [], zones = null, bounds = null } = {}) {
  placed = [...placed];
  const weight = zones ? 1 : 0.25; // drawn pieces matter as names do; the reserved room less
  zones = zones || items.map((it) => pieceZone(it, size));
  const out = new Map();
  const order = [...items].sort((a, b) => a.r - b.r);
  const clash = (box) => {
    let sum = 0;
    if (bounds) sum += ((box.x1 - box.x0) * (box.y1 - box.y0) - overlap(box, bounds)) * 4;
    for (const p of placed) sum += overlap(box, p);
    for (const z of zones) sum += overlap(box, z) * weight;
    return sum;
  };
  for (const it of order) {
    let best = null;
    const up = Math.min(it.r * 0.55, size * 2.2);
    for (const scale of [1, 0.9, 0.8]) {
      const fs = size * scale;
      const w = textWidth(it.text, fs, it.sea);
      const spots = [
        [0, -up],
        [0, -up - fs * 0.6],
        [0, -up + fs * 0.5],
        [0, -up - fs * 1.2],
        [-w * 0.35, -up],
        [w * 0.35, -up],
        [-w * 0.35, -up - fs * 0.8],
        [w * 0.35, -up - fs * 0.8],
        [0, size * 3.6],
        [-w * 0.5 - size * 2.4, size * 0.6],
        [w * 0.5 + size * 2.4, size * 0.6],
      ];
      for (const [dx, dy] of spots) {
        const x = it.x + dx;
        const y = it.y + dy;
        const box = boxAt(x, y, w, fs);
        const cost = clash(box);
        if (!best || cost < best.cost) best = { x, y, size: fs, box, cost, leader: false };
        if (cost === 0) break;
      }
      if (best.cost === 0) break;
    }
    if (best.cost > 0) {
      // further out, in rings, with a leader line back to the area
      const fs = size * 0.8;
      const w = textWidth(it.text, fs, it.sea);
      for (let ring = 1; ring <= 8 && best.cost > 0; ring++) {
        for (let k = 0; k < 12; k++) {
          const ang = (Math.PI * 2 * k) / 12 - Math.PI / 2;
          const dist = up + ring * fs * 1.3;
          const x = it.x + Math.cos(ang) * (dist + w * 0.3 * Math.abs(Math.cos(ang)));
          const y = it.y + Math.sin(ang) * dist;
          const box = boxAt(x, y, w, fs);
          const cost = clash(box);
          const hard = placed.some((p) => overlap(box, p) > 0) || (weight === 1 && zones.some((z) => overlap(box, z) > 0));
          if (!hard && cost < best.cost) best = { x, y, size: fs, box, cost, leader: true };
          if (best.cost === 0) break;
        }
      }
    }
    placed.push(best.box);
    out.set(it.id, { x: best.x, y: best.y, size: best.size, leader: best.leader, box: best.box });
  }
  return out;
}
