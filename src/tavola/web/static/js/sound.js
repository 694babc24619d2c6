// A short two-note chime, made in the browser: the samples are computed here, wrapped in a
// tiny WAV file and played through the Web Audio API (an <audio> element if that fails).

let url = null;
let audioCtx = null;

function wavBytes() {
  const rate = 22050;
  const notes = [
    [659.25, 0.0, 0.22],
    [987.77, 0.12, 0.38],
  ];
  const length = Math.floor(rate * 0.52);
  const data = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    const t = i / rate;
    let v = 0;
    for (const [freq, start, dur] of notes) {
      if (t < start || t > start + dur) continue;
      const local = t - start;
      const env = Math.min(1, local / 0.01) * Math.exp(-local * 9);
      v += env * (Math.sin(2 * Math.PI * freq * local) + 0.25 * Math.sin(4 * Math.PI * freq * local));
    }
    data[i] = Math.max(-1, Math.min(1, v * 0.3)) * 32767;
  }
  const buf = new ArrayBuffer(44 + data.byteLength);
  const dv = new DataView(buf);
  const str = (o, s) => [...s].forEach((c, k) => dv.setUint8(o + k, c.charCodeAt(0)));
  str(0, "RIFF");
  dv.setUint32(4, 36 + data.byteLength, true);
  str(8, "WAVE");
  str(12, "fmt ");
  dv.setUint32(16, 16, true);
  dv.setUint16(20, 1, true); // PCM
  dv.setUint16(22, 1, true); // mono
  dv.setUint32(24, rate, true);
  dv.setUint32(28, rate * 2, true);
  dv.setUint16(32, 2, true);
  dv.setUint16(34, 16, true);
  str(36, "data");
  dv.setUint32(40, data.byteLength, true);
  new Int16Array(buf, 44).set(data);
  return buf;
}

export function soundEnabled() {
  try {
    return localStorage.getItem("tavola.sound") !== "off";
  } catch {
    return true;
  }
}

export function setSoundEnabled(on) {
  try {
    localStorage.setItem("tavola.sound", on ? "on" : "off");
  } catch {
    /* ignore */
  }
}

export async function chime() {
  if (!soundEnabled()) return;
  // before the user's first click or key an AudioContext may not start (the browser warns)
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  const bytes = wavBytes();
  try {
    const AC = window.AudioContext || window.webkitAudioContext;
    audioCtx = audioCtx || new AC();
    if (audioCtx.state === "suspended") await audioCtx.resume();
    const buffer = await audioCtx.decodeAudioData(bytes.slice(0));
    const src = audioCtx.createBufferSource();
    src.buffer = buffer;
    src.connect(audioCtx.destination);
    src.start();
    return;
  } catch {
    /* fall back to an audio element */
  }
  try {
    url = url || URL.createObjectURL(new Blob([bytes], { type: "audio/wav" }));
    await new Audio(url).play();
  } catch {
    /* autoplay refused until the user interacts: stay silent */
  }
}
