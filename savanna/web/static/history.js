// @ts-check
// A game's history as a page holds it. A view carries only the latest entries ("history",
// after the first "history_from" actions; the server's views/history.py says how many); the
// older ones are asked for (GET /api/games/{id}/history?from=N&to=M, at most PAGE at a time)
// when a part of the page needs every move: the log panel, a replay's list, a reconnection
// after many moves. Pure (the fetching is given), so that Node's tests run it.

/** @typedef {import("./view-types.js").HistoryEntry} HistoryEntry */
/** @typedef {{ history: HistoryEntry[], history_from?: number, moves: number, takeback?: { count: number } | null }} Carrying */

export const PAGE = 500; // the most entries the server answers a request with

export class History {
  /** @param {(from: number, to: number) => Promise<{ entries: HistoryEntry[] }>} get the entries from+1 .. to */
  constructor(get) {
    this.get = get;
    /** @type {HistoryEntry[]} the first entries of the game, as asked for and as views brought them */
    this.older = [];
    this.line = 0; // takebacks seen: another line of play, whose entries may differ from those held
    /** @type {Promise<boolean> | null} */
    this.asking = null;
  }

  // A view came: its entries are kept after those held before them (so that what drops out of
  // the next views is still here); a takeback since the last one makes what is held of no use.
  /** @param {Carrying} view */
  take(view) {
    const line = view.takeback ? view.takeback.count : 0;
    if (line !== this.line) { this.line = line; this.older = []; }
    const from = view.history_from || 0;
    if (this.older.length >= from) {
      this.older.length = from;
      this.older.push(...view.history);
    }
  }

  // Whether every entry before the view's own is held.
  /** @param {Carrying} view */
  complete(view) { return this.older.length >= (view.history_from || 0); }

  // The view's whole history: the entries held before its own (as many as are held, the
  // first ones; all of them once `fill` has them).
  /** @param {Carrying} view @returns {HistoryEntry[]} */
  whole(view) {
    const from = view.history_from || 0;
    if (!from) return view.history;
    if (this.older.length < from) return view.history;
    return this.older.slice(0, from).concat(view.history);
  }

  // Ask for what is missing before the view's own entries, a page at a time; true when it is
  // all here (false: a takeback came in between, or the request failed: ask again later).
  /** @param {Carrying} view @returns {Promise<boolean>} */
  async fill(view) {
    if (this.complete(view)) return true;
    if (this.asking) await this.asking.catch(() => false);
    if (this.complete(view)) return true;
    const line = this.line, from = view.history_from || 0;
    this.asking = (async () => {
      while (this.older.length < from) {
        const start = this.older.length;
        const page = await this.get(start, Math.min(from, start + PAGE));
        if (this.line !== line || this.older.length !== start || !page.entries.length) return false;
        this.older.push(...page.entries);
      }
      if (this.older.length === from) this.older.push(...view.history); // as take() keeps them
      return true;
    })();
    try { return await this.asking; } catch (e) { return false; } finally { this.asking = null; }
  }
}

// The entries of `view` after those of `prev` (by move number: each view carries the latest
// ones only, from its own history_from).
/** @param {Carrying} view @param {Carrying | null} prev @returns {HistoryEntry[]} */
export function fresh(view, prev) {
  if (!prev) return [];
  const since = prev.moves;
  return (view.history || []).filter(m => m.move > since);
}
