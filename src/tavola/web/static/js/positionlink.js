// A link to the analysis board that carries a position and the moves from it: base64url JSON
// ({p: position, m: moves, r: viewpoint}) in the fragment, so the server never sees it.

function encode(obj) {
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The shared board of a link's fragment (without its "#"); throws when it holds none.
export function readLink(fragment) {
  const bin = atob(fragment.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
}

export function analysisLink(position, moves, role = "") {
  const data = { p: position, m: moves };
  if (role) data.r = role;
  return `${location.origin}/analysis#${encode(data)}`;
}
