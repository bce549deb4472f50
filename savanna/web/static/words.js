// The game page's words for what happens: moves and scorings in sentences, the
// scoring choice, the legend of the board's highlights, takebacks, resigning and
// the your-turn alerts. Every such sentence of the page is here, in one place (a
// catalogue per language to come): the pages build them from the server's
// structured data (the view's history and its "scored" events), never from
// scores worked out here.
"use strict";

(() => {
const EN = {
  animal: { A: "ape", E: "elephant", G: "giraffe", L: "lion", Z: "zebra" },
  kinds: n => `${n} kind${n === 1 ? "" : "s"} of animal`,
  animals: n => `${n} animal${n === 1 ? "" : "s"}`,
  birds: n => `${n} bird${n === 1 ? "" : "s"}`,
  tokens: n => `${n} token${n === 1 ? "" : "s"}`,
  tiles: n => `${n} tile${n === 1 ? "" : "s"}`,
  at: ([x, y]) => `(${x}, ${y})`,
  points: p => (p >= 0 ? `+${p}` : `${p}`),
  noPoints: "•", // beside what scored nothing (a baobab's tokens, a base camp that explored)

  // Safari's actions
  safari: {
    T: (who, p) => `${who} places a tile at (${p.x}, ${p.y})${p.r ? `, turned ${p.r}°` : ""}`,
    M: (who, p) => p.feature === "baobab" ? `${who} puts a meeple on the baobab` : `${who} puts a meeple on the ${p.feature}`,
    D: (who, p, an) => `${who} digs a watering hole with ${an(p.animal)}`,
    X: (who, p, an) => `${who} expands a watering hole with ${an(p.animal)}`,
    R: (who, p) => `${who} moves a ranger to (${p.to[0]}, ${p.to[1]})`,
    "R>": (who, p) => `${who} puts the ranger back at (${p.x}, ${p.y})`,
    "+": (who, p, an) => p.animal === "none" ? `${who} adds no token` : `${who} adds ${an(p.animal)} token`,
    pass: who => `${who} passes`,
  },
  // what Safari's actions scored (the view's history "scored" events)
  safariScored: {
    feature: (who, e, an) => `${who} scores the completed ${e.kind}: ${EN.kinds(e.animals.length + (e.added ? 1 : 0))}`
      + (e.added ? ` (${an(e.added)} added)` : "") + (e.birds ? `, ${EN.birds(e.birds)}` : "")
      + (e.leaders.length > 1 ? `, shared by ${e.leaders.length} leaders` : ""),
    dig: who => `${who}: a new watering hole`,
    expand: (who, e) => `${who}: the watering hole has ${EN.tokens(e.tokens)} now`,
    hole: (who, e) => `${who}: the watering hole is complete` + (e.meeples > 1 ? ` (${e.meeples} meeples, scored once)` : ""),
    ranger: who => `${who}: a ranger sent away`,
    baobab: (who, e) => `${who}: the baobab is surrounded; the meeple comes back, ${EN.tokens(e.tokens)} drawn`,
    final_feature: (who, e) => `${who}: ${EN.finalPart.final_feature(e)}`,
    final_tokens: (who, e) => `${who}: ${EN.finalPart.final_tokens(e)}`,
  },
  // final scoring's parts, in the summary under each player's name
  finalPart: {
    final_feature: e => `an unfinished ${e.kind}, ${EN.animals(e.animals)}` + (e.birds ? `, ${EN.birds(e.birds)}` : ""),
    final_tokens: e => `${EN.tokens(Object.values(e.tokens).reduce((a, b) => a + b, 0))} left in supply`,
    final: e => `objects ${EN.points(e.objects)}, gold ${EN.points(e.gold)}, gems ${EN.points(e.gems)}`,
  },
  finalLine: parts => `Final scoring: ${parts}`,
  safariChoice: {
    title: (kind, animals) => `Scoring: the ${kind}` + (animals ? ` (${animals})` : " (no animals)"),
    ask: "You lead it. Add one of your animal tokens of a kind not on it, for more points?",
    none: p => `No token: ${EN.points(p)}`,
    add: (name, letter, p, more) => `Add ${name} (${letter}): ${EN.points(p)} (${EN.points(more)})`,
  },

  // Africa's actions
  africa: {
    P: (who, sp, where) => `${who} starts in ${where}`,
    S: (who, sp, where, stay) => stay ? `${who} stays on ${where}` : `${who} steps to ${where}`,
    jump: who => `${who} jumps`,
    J: (who, sp, where) => `${who} lands on ${where}`,
    D: (who, sp, where) => `${who} discovers the tile on ${where}`,
    A: (who, sp, where) => `${who} moves the animal on ${where}`,
    N: (who, sp, where) => `${who} moves the nomads on ${where}`,
    ">": (who, sp, where) => `${who} puts it on ${where}`,
    "B+": who => `${who} builds a base camp for points`,
    "B$": who => `${who} builds a base camp to explore`,
    E: (who, other, kind, all) => `${who} exchanges ${all ? "all their" : "a"} new object${all ? "s" : ""} for ${other}'s ${kind}${all ? "s" : ""}`,
    keep: who => `${who} keeps the new object`,
    pass: who => `${who} passes`,
  },
  africaScored: {
    treasure: (who, e) => `${who} discovers ${tileName(e.tile)}`,
    animal: (who, e) => `${who}'s ${tileName(e.tile)} joins ${e.same} of its kind`,
    nomads: (who, e) => `${who}'s nomads have ${e.empty} empty space${e.empty === 1 ? "" : "s"} around them`,
    move: (who, e) => `${who} moves the ${tileName(e.tile)} from ${e.from} to ${e.space}: ${e.before} → ${e.after}`,
    camp: (who, e) => `${who}'s base camp has ${EN.tiles(e.points)} around it`,
    explore: (who, e) => e.tiles ? `${who}'s base camp takes ${EN.tiles(e.tiles)} of treasure` : `${who}'s base camp finds no treasure around it`,
    monument: (who, e) => e.last ? `${who} finds the last monument: the game ends` : `${who} finds a monument` + (e.camp ? " and takes a base camp" : ""),
    final: (who, e) => `${who}: ${EN.finalPart.final(e)}`,
  },

  // the log and the final summary
  logTitle: "Moves",
  takenBack: n => `${n} takeback${n === 1 ? "" : "s"} in this game`,
  finalTitle: "Final scoring",
  finalNone: "nothing",
  finalEnded: (who) => `The game ended when ${who} resigned: no final scoring.`,

  // the legend of the board's highlights
  legendTitle: "Legend",
  legend: {
    safari: [
      ["fit now", "where the drawn tile fits as it is turned (click to place)"],
      ["fit", "where it fits turned another way"],
      ["empty", "an empty space next to the tiles"],
      ["last-placed", "the tile placed last"],
      ["scoring-highlight", "the trail or bush being scored"],
      ["choice", "a choice: a meeple spot, a ranger, an animal"],
      ["hole-choice", "a watering hole to dig or expand"],
      ["ranger-dest", "where a ranger may go"],
    ],
    africa: [
      ["hex-choice kind-S", "a space to step to, or an action here"],
      ["hex-choice kind-D", "a face-down tile to discover"],
      ["hex-choice kind-J", "a space to jump to"],
      ["hex-choice kind-target", "where the animal or nomads may go"],
      ["last-move", "the spaces of the last action"],
    ],
  },
  legendSeats: "seat colours",

  // takebacks and resigning
  takeBack: "Take back my turn",
  askTakeBack: "Ask to take back my turn",
  moveRange: (from, to) => from === to ? `move ${from}` : `moves ${from}–${to}`,
  takeBackTitle: (to, moves) => `Undoes ${EN.moveRange(to + 1, moves)}: your last turn and every move after it`,
  takeBackNothing: "You have no turn to take back yet",
  resign: "Resign…",
  resignTitle: "Resign this game?",
  resignComputer: player => `Your seat passes to a computer player (${player}), which plays it on. You rank last.`,
  resignEnd: "The game ends now, as it stands (no final scoring). You rank last.",
  resignLast: "You are the last person in this game: it ends now (no final scoring).",
  resignConfirm: "Resign",
  cancel: "Cancel",
  requestFor: (who, to, moves) => `${who} asks to take back their last turn: ${EN.moveRange(to + 1, moves)} would be undone.`,
  requestWaiting: names => `Waiting for ${names} to agree…`,
  accept: "Accept", refuse: "Refuse", withdraw: "Withdraw",
  outcome: {
    done: (who, to, from) => `${who}'s turn was taken back: ${EN.moveRange(to + 1, from)} undone.`,
    refused: (who, by) => `${by} refused ${who}'s takeback.`,
    withdrawn: who => `${who} withdrew the takeback request.`,
  },
  asked: "Takeback asked: the other players must agree.",
  resigned: (who, how) => how === "computer" ? `${who} resigned: a computer plays the seat on.` : `${who} resigned.`,
  resignedTag: "resigned",

  // your turn
  yourTurnTitle: "● Your turn",
  yourTurnBody: (game) => `It is your turn in game ${game}.`,
  sound: "Sound",
  soundTitle: "a short sound when it becomes your turn",
  notify: "Notify me",
  notifyTitle: "a notification when it becomes your turn and this tab is in the background",
  notifyOn: "Notifications on",
  notifyBlocked: "Notifications are blocked for this site (the browser's settings can allow them)",
  notifyMissing: "This browser has no notifications",
};

function tileName(id) {
  const m = /^(gold|gems)-(\d)$/.exec(id || "");
  return m ? `${m[1]} (${m[2]})` : (id || "").replace(/-/g, " ");
}

const W = EN;

function parseSafari(a) {
  let m;
  if ((m = /^T(-?\d+),(-?\d+)@(\d+)$/.exec(a))) return { kind: "T", x: +m[1], y: +m[2], r: +m[3] };
  if ((m = /^M:(\w+)(?::([NESW]))?$/.exec(a))) return { kind: "M", feature: m[1], side: m[2] || null };
  if ((m = /^([DX])(-?\d+),(-?\d+):([NS][EW])=([A-Z])$/.exec(a))) return { kind: m[1], animal: m[5] };
  if ((m = /^R(-?\d+),(-?\d+)>(-?\d+),(-?\d+)$/.exec(a))) return { kind: "R", to: [+m[3], +m[4]] };
  if ((m = /^R>(-?\d+),(-?\d+)$/.exec(a))) return { kind: "R>", x: +m[1], y: +m[2] };
  if ((m = /^\+([A-Z]|none)$/.exec(a))) return { kind: "+", animal: m[1] };
  if (a === "pass") return { kind: "pass" };
  return null;
}

// "a lion", "an ape": the animal's name with its article, from the view's names
function withArticle(view) {
  return letter => {
    const name = (view.animals || {})[letter] || W.animal[letter] || letter;
    return (/^[aeiou]/i.test(name) ? "an " : "a ") + name;
  };
}

// Where the seat's explorer stood before move m (Africa): the space of its last start, step or jump.
function explorerBefore(view, m) {
  for (let i = m.move - 2; i >= 0; i--) {
    const e = view.history[i];
    const x = e && e.seat === m.seat && /^[PSJ]([a-z]+\d+)$/.exec(e.action);
    if (x) return x[1];
  }
  return null;
}

// A move of the history in words (its notation goes beside it).
function action(view, m, who) {
  if (view.game === "africa") {
    const a = m.action;
    let x;
    if ((x = /^([PSJDAN>])([a-z]+\d+)$/.exec(a))) {
      const sp = (view.board || []).find(s => s.space === x[2]);
      const where = sp && sp.city ? `${sp.city} (${x[2]})` : x[2];
      return W.africa[x[1]](who, x[2], where, x[1] === "S" && explorerBefore(view, m) === x[2]);
    }
    if ((x = /^E(\d+):([a-z-]+)(\*?)$/.exec(a))) {
      const other = view.seats[+x[1]] ? view.seats[+x[1]].name : `seat ${x[1]}`;
      return W.africa.E(who, other, tileName(x[2]), !!x[3]);
    }
    return W.africa[a] ? W.africa[a](who) : `${who}: ${a}`;
  }
  const p = parseSafari(m.action);
  const f = p && W.safari[p.kind];
  return f ? f(who, p, withArticle(view)) : `${who}: ${m.action}`;
}

// A scoring event in words, without its points (shown beside it: "+10").
function scored(view, e, who) {
  const table = view.game === "africa" ? W.africaScored : W.safariScored;
  const f = table[e.what];
  const an = letter => ((view.animals || {})[letter] || W.animal[letter] || letter);
  return f ? f(who, e, an) : `${who}: ${e.what}`;
}

// A part of final scoring in words, without the player's name (the summary lists them by player).
function finalPart(e) {
  const f = W.finalPart[e.what];
  return f ? f(e) : e.what;
}

window.SavannaWords = { W, action, scored, finalPart, tileName, withArticle };
})();
