// Game messages with names, articles and plurals: the rules of tavola.core.i18n (Words) for the
// browser, so the page and `tavola play` read one catalogue the same way (a browser test
// renders every log line of sample games both ways and compares).
//
// {nation} a name; {unit:a} / {nation:the} with its article; {units#unit.any} a count with the
// noun in the plural form the count takes; {nation?take|takes} the words that agree with the
// name (the second for a singular one, "nation.patrimonium@number": "one"). Forms are catalogue
// entries: "unit.legion@a".

export const WORD_PREFIXES = ["nation.", "leader.", "unit.", "role.", "space.", "tech.", "res.", "pers.", "why.", "reason.", "card.", "piece.", "noun."];
export const AREA_ARGS = new Set(["area", "region", "from", "frm", "to", "at", "where", "city"]);

const PLACEHOLDER = /\{(\w+)(?:([:#])([\w.]+))?\}/g;
const AGREEMENT = /\{(\w+)\?([^|{}]*)\|([^{}]*)\}/g;
const VOWEL_SOUND = /^(?!uni|use|eu|one)[aeiou]/i;

const plurals = new Map();
export function pluralCategory(n, lang) {
  if (!plurals.has(lang)) plurals.set(lang, new Intl.PluralRules(lang));
  return plurals.get(lang).select(n);
}

export function number(v, lang) {
  if (Number.isInteger(v)) return String(v);
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(v);
}

export function tidy(text) {
  let out = text.replace(/\s+/g, " ").trim();
  out = out.replace(/\s+([.,;:!?)])/g, "$1").replace(/\(\s+/g, "(");
  return out.charAt(0).toUpperCase() + out.slice(1);
}

// words: { lang, lookup(key) -> string|undefined, area(value, arg) -> string|null }
export class Words {
  constructor(words) {
    this.lang = words.lang;
    this.lookup = words.lookup;
    this.area = words.area;
    this.missing = new Set();
  }

  nounKey(value) {
    if (typeof value !== "string") return null;
    for (const prefix of WORD_PREFIXES) if (this.lookup(prefix + value) !== undefined) return prefix + value;
    if (value.includes(".") && this.lookup(value) !== undefined) return value;
    return null;
  }

  name(value, arg) {
    if (typeof value === "boolean") return String(value);
    if (typeof value === "number") {
      if (AREA_ARGS.has(arg)) {
        const a = this.area(value, arg);
        if (a) return a;
      }
      return number(value, this.lang);
    }
    if (Array.isArray(value)) return value.map((v) => this.name(v, arg)).join(", ");
    if (value === null || value === undefined || value === "") return "";
    const a = this.area(value, arg);
    if (a) return a;
    const key = this.nounKey(value);
    if (key) return this.lookup(key);
    this.missing.add(String(value));
    return String(value);
  }

  form(value, arg, form) {
    const key = this.nounKey(value);
    if (key) {
      const hit = this.lookup(`${key}@${form}`);
      if (hit !== undefined) return hit;
    }
    const base = this.name(value, arg);
    if (this.lang !== "en" || !base) return base;
    if (form === "the") return `the ${base}`;
    return `${VOWEL_SOUND.test(base) ? "an" : "a"} ${base}`;
  }

  singular(value) {
    const key = this.nounKey(value);
    return !!key && this.lookup(`${key}@number`) === "one";
  }

  counted(n, noun, args) {
    const key = noun in args ? this.nounKey(args[noun]) : noun;
    const shown = this.name(n, "");
    if (!key || this.lookup(key) === undefined) {
      this.missing.add(String(noun in args ? args[noun] : noun));
      return shown;
    }
    const category = pluralCategory(typeof n === "number" ? n : 0, this.lang);
    let word = this.lookup(`${key}@${category}`);
    if (word === undefined && category !== "one") word = this.lookup(`${key}@other`);
    return `${shown} ${word !== undefined ? word : this.lookup(key)}`;
  }

  render(template, args) {
    args = args || {};
    const agreed = template.replace(AGREEMENT, (m, name, plural, singular) => (name in args && this.singular(args[name]) ? singular : plural));
    const out = agreed.replace(PLACEHOLDER, (m, name, sep, spec) => {
      if (!(name in args)) return m;
      if (sep === ":") return this.form(args[name], name, spec);
      if (sep === "#") return this.counted(args[name], spec, args);
      return this.name(args[name], name);
    });
    return tidy(out);
  }
}
