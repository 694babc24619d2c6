// The part of a role's visible log this page holds: entries `base` .. `base + entries.length`.
//
// Views come with a window of the log (`log_from`, `log`, `log_size`, `log_step`: the step of
// entry `log_from - 1`). Entries carry the step of the action that wrote them and an undo cuts
// the log back where the taken-back action began, so two copies of one game's log that have an
// entry of the same step at the same index agree up to there. That lets every window be checked
// against what is held before it is applied: a window that does not fit is refused, and the page
// asks for the log afresh.

export class LogBook {
  constructor() {
    this.reset();
  }

  reset() {
    this.base = 0;
    this.entries = [];
    this.anchor = null; // the step of entry base - 1, when base > 0
    this.loaded = false;
  }

  get size() {
    return this.base + this.entries.length;
  }

  lastStep() {
    return this.entries.length ? this.entries[this.entries.length - 1].step : this.anchor;
  }

  // Query parameters asking for what this book lacks: its size and last step, or (nothing held
  // yet) only the last `tail` entries.
  params(tail) {
    if (!this.loaded) return { log_tail: String(tail) };
    const out = { log_from: String(this.size) };
    const last = this.lastStep();
    if (this.size > 0 && typeof last === "number") out.log_step = String(last);
    return out;
  }

  // Apply a view's window. False when it does not fit what is held (reset, then ask again).
  apply(view) {
    const log = Array.isArray(view.log) ? view.log : [];
    if (typeof view.log_from !== "number") {
      // a whole log
      this.base = 0;
      this.anchor = null;
      this.entries = log.slice();
      this.loaded = true;
      return true;
    }
    const from = view.log_from;
    if (!this.loaded || from <= this.base || from > this.size) {
      // nothing held is kept (or there would be a gap): the window starts over at log_from
      this.base = from;
      this.anchor = from > 0 ? view.log_step ?? null : null;
      this.entries = log.slice();
    } else {
      const held = this.entries[from - 1 - this.base];
      if (view.log_step !== null && view.log_step !== undefined && held.step !== view.log_step) return false;
      this.entries.length = from - this.base;
      for (const ev of log) this.entries.push(ev);
    }
    this.loaded = true;
    return typeof view.log_size !== "number" || this.size === view.log_size;
  }

  // Older entries (a page of GET /log from `from` to `base`, plus the first held entry when
  // there is one, to check they belong to the same log). False when they do not fit.
  prepend(page) {
    const log = Array.isArray(page.log) ? page.log : [];
    const from = page.log_from;
    if (typeof from !== "number" || from > this.base) return false;
    const older = log.slice(0, this.base - from);
    if (older.length !== this.base - from) return false;
    if (this.entries.length) {
      const check = log[this.base - from];
      if (!check || check.step !== this.entries[0].step) return false;
    }
    this.entries = older.concat(this.entries);
    this.base = from;
    this.anchor = from > 0 ? page.log_step ?? null : null;
    return true;
  }

  // Whether older entries exist that this book does not hold.
  get truncated() {
    return this.base > 0;
  }
}

// The URL query of a page of older entries for `book` (`pageSize` of them).
export function earlierQuery(book, pageSize) {
  const from = Math.max(0, book.base - pageSize);
  const to = book.base + (book.entries.length ? 1 : 0);
  return { log_from: String(from), log_to: String(to) };
}
