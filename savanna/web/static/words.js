// The game page's words for what happens: moves and scorings in sentences, the
// scoring choice, the legend of the board's highlights, takebacks, resigning and
// the your-turn alerts. Every such sentence of the page is here, in one place (a
// catalogue per language to come): the pages build them from the server's
// structured data (the view's history and its "scored" events), never from
// scores worked out here.
"use strict";

(() => {
const { _, ngettext, N_ } = window.SavannaI18n;
const pts = p => (p >= 0 ? `+${p}` : `${p}`);
const range = (from, to) => from === to ? _("move {n}", { n: from }) : _("moves {from}–{to}", { from, to });

// the names of things that come from the game's data (Safari's animals, Africa's tiles and
// cities), in the page's language where the catalogue has them (else as the data says)
const NAMES = {
  ape: N_("ape"), elephant: N_("elephant"), giraffe: N_("giraffe"), lion: N_("lion"), zebra: N_("zebra"),
  rhino: N_("rhino"), statue: N_("statue"), cauldron: N_("cauldron"), robe: N_("robe"), mask: N_("mask"),
  nomads: N_("nomads"), nomad: N_("nomad"), monument: N_("monument"), gold: N_("gold"), gems: N_("gems"),
  object: N_("object"), animal: N_("animal"),
  Algiers: N_("Algiers"), Cairo: N_("Cairo"), Dakar: N_("Dakar"), Zanzibar: N_("Zanzibar"), "Cape Town": N_("Cape Town"),
  trail: N_("trail"), bush: N_("bush"), baobab: N_("baobab"),
};
// "a lion", "an ape": the animal with its article, as the sentences that take it need it
const WITH_ARTICLE = { ape: N_("an ape"), elephant: N_("an elephant"), giraffe: N_("a giraffe"), lion: N_("a lion"),
  zebra: N_("a zebra") };
function name(s) { return Object.prototype.hasOwnProperty.call(NAMES, s) ? _(NAMES[s]) : s; }

const EN = {
  animal: { A: "ape", E: "elephant", G: "giraffe", L: "lion", Z: "zebra" },
  kinds: n => ngettext("{n} kind of animal", "{n} kinds of animal", n),
  animals: n => ngettext("{n} animal", "{n} animals", n),
  birds: n => ngettext("{n} bird", "{n} birds", n),
  tokens: n => ngettext("{n} token", "{n} tokens", n),
  tiles: n => ngettext("{n} tile", "{n} tiles", n),
  at: ([x, y]) => `(${x}, ${y})`,
  points: pts,
  noPoints: "•", // beside what scored nothing (a baobab's tokens, a base camp that explored)

  // Safari's actions
  safari: {
    T: (who, p) => p.r ? _("{who} places a tile at ({x}, {y}), turned {r}°", { who, x: p.x, y: p.y, r: p.r })
      : _("{who} places a tile at ({x}, {y})", { who, x: p.x, y: p.y }),
    M: (who, p) => p.feature === "baobab" ? _("{who} puts a meeple on the baobab", { who })
      : p.feature === "trail" ? _("{who} puts a meeple on the trail", { who })
        : p.feature === "bush" ? _("{who} puts a meeple on the bush", { who })
          : _("{who} puts a meeple on the {feature}", { who, feature: p.feature }),
    D: (who, p, an) => _("{who} digs a watering hole with {animal}", { who, animal: an(p.animal) }),
    X: (who, p, an) => _("{who} expands a watering hole with {animal}", { who, animal: an(p.animal) }),
    R: (who, p) => _("{who} moves a ranger to ({x}, {y})", { who, x: p.to[0], y: p.to[1] }),
    "R>": (who, p) => _("{who} puts the ranger back at ({x}, {y})", { who, x: p.x, y: p.y }),
    "+": (who, p, an) => p.animal === "none" ? _("{who} adds no token", { who }) : _("{who} adds {animal} token", { who, animal: an(p.animal) }),
    pass: who => _("{who} passes", { who }),
  },
  // what Safari's actions scored (the view's history "scored" events)
  safariScored: {
    feature: (who, e, an) => {
      const kinds = EN.kinds(e.animals.length + (e.added ? 1 : 0));
      let s = e.kind === "bush" ? _("{who} scores the completed bush: {kinds}", { who, kinds })
        : _("{who} scores the completed trail: {kinds}", { who, kinds });
      if (e.added) s += " " + _("({animal} added)", { animal: an(e.added) });
      if (e.birds) s += ", " + EN.birds(e.birds);
      if (e.leaders.length > 1) s += ", " + _("shared by {n} leaders", { n: e.leaders.length });
      return s;
    },
    dig: who => _("{who}: a new watering hole", { who }),
    expand: (who, e) => _("{who}: the watering hole has {tokens} now", { who, tokens: EN.tokens(e.tokens) }),
    hole: (who, e) => e.meeples > 1 ? _("{who}: the watering hole is complete ({n} meeples, scored once)", { who, n: e.meeples })
      : _("{who}: the watering hole is complete", { who }),
    ranger: who => _("{who}: a ranger sent away", { who }),
    baobab: (who, e) => _("{who}: the baobab is surrounded; the meeple comes back, {tokens} drawn", { who, tokens: EN.tokens(e.tokens) }),
    final_feature: (who, e) => `${who}: ${EN.finalPart.final_feature(e)}`,
    final_tokens: (who, e) => `${who}: ${EN.finalPart.final_tokens(e)}`,
  },
  // final scoring's parts, in the summary under each player's name
  finalPart: {
    final_feature: e => (e.kind === "bush" ? _("an unfinished bush, {animals}", { animals: EN.animals(e.animals) })
      : _("an unfinished trail, {animals}", { animals: EN.animals(e.animals) })) + (e.birds ? `, ${EN.birds(e.birds)}` : ""),
    final_tokens: e => {
      const n = Object.values(e.tokens).reduce((a, b) => a + b, 0);
      return ngettext("{n} token left in supply", "{n} tokens left in supply", n);
    },
    final: e => _("objects {objects}, gold {gold}, gems {gems}", { objects: pts(e.objects), gold: pts(e.gold), gems: pts(e.gems) }),
  },
  finalLine: parts => _("Final scoring: {parts}", { parts }),
  safariChoice: {
    title: (kind, animals) => {
      const what = kind === "bush" ? _("Scoring: the bush") : kind === "trail" ? _("Scoring: the trail") : _("Scoring: the {kind}", { kind });
      return what + " " + (animals ? `(${animals})` : _("(no animals)"));
    },
    ask: () => _("You lead it. Add one of your animal tokens of a kind not on it, for more points?"),
    none: p => _("No token: {points}", { points: pts(p) }),
    add: (animal, letter, p, more) => _("Add {animal} ({letter}): {points} ({more})", { animal, letter, points: pts(p), more: pts(more) }),
  },

  // Africa's actions
  africa: {
    P: (who, sp, where) => _("{who} starts in {where}", { who, where }),
    S: (who, sp, where, stay) => stay ? _("{who} stays on {where}", { who, where }) : _("{who} steps to {where}", { who, where }),
    jump: who => _("{who} jumps", { who }),
    J: (who, sp, where) => _("{who} lands on {where}", { who, where }),
    D: (who, sp, where) => _("{who} discovers the tile on {where}", { who, where }),
    A: (who, sp, where) => _("{who} moves the animal on {where}", { who, where }),
    N: (who, sp, where) => _("{who} moves the nomads on {where}", { who, where }),
    ">": (who, sp, where) => _("{who} puts it on {where}", { who, where }),
    "B+": who => _("{who} builds a base camp for points", { who }),
    "B$": who => _("{who} builds a base camp to explore", { who }),
    E: (who, other, kind, all) => all ? _("{who} exchanges all their new objects for {other}'s {kind}s", { who, other, kind })
      : _("{who} exchanges a new object for {other}'s {kind}", { who, other, kind }),
    keep: who => _("{who} keeps the new object", { who }),
    pass: who => _("{who} passes", { who }),
  },
  africaScored: {
    treasure: (who, e) => _("{who} discovers {tile}", { who, tile: tileName(e.tile) }),
    animal: (who, e) => _("{who}'s {tile} joins {n} of its kind", { who, tile: tileName(e.tile), n: e.same }),
    nomads: (who, e) => ngettext("{who}'s nomads have {n} empty space around them", "{who}'s nomads have {n} empty spaces around them", e.empty, { who }),
    move: (who, e) => _("{who} moves the {tile} from {from} to {space}: {before} → {after}",
      { who, tile: tileName(e.tile), from: e.from, space: e.space, before: e.before, after: e.after }),
    camp: (who, e) => _("{who}'s base camp has {tiles} around it", { who, tiles: EN.tiles(e.points) }),
    explore: (who, e) => e.tiles ? _("{who}'s base camp takes {tiles} of treasure", { who, tiles: EN.tiles(e.tiles) })
      : _("{who}'s base camp finds no treasure around it", { who }),
    monument: (who, e) => e.last ? _("{who} finds the last monument: the game ends", { who })
      : e.camp ? _("{who} finds a monument and takes a base camp", { who }) : _("{who} finds a monument", { who }),
    final: (who, e) => `${who}: ${EN.finalPart.final(e)}`,
  },

  // the log and the final summary
  logTitle: () => _("Moves"),
  takenBack: n => ngettext("{n} takeback in this game", "{n} takebacks in this game", n),
  finalTitle: () => _("Final scoring"),
  finalNone: () => _("nothing"),
  finalEnded: who => _("The game ended when {who} resigned: no final scoring.", { who }),

  // the legend of the board's highlights
  legendTitle: () => _("Legend"),
  legend: {
    safari: [
      ["fit now", N_("where the drawn tile fits as it is turned (click to place)")],
      ["fit", N_("where it fits turned another way")],
      ["empty", N_("an empty space next to the tiles")],
      ["last-placed", N_("the tile placed last")],
      ["scoring-highlight", N_("the trail or bush being scored")],
      ["choice", N_("a choice: a meeple spot, a ranger, an animal")],
      ["hole-choice", N_("a watering hole to dig or expand")],
      ["ranger-dest", N_("where a ranger may go")],
    ],
    africa: [
      ["hex-choice kind-S", N_("a space to step to, or an action here")],
      ["hex-choice kind-D", N_("a face-down tile to discover")],
      ["hex-choice kind-J", N_("a space to jump to")],
      ["hex-choice kind-target", N_("where the animal or nomads may go")],
      ["last-move", N_("the spaces of the last action")],
    ],
  },
  legendSeats: () => _("seat colours"),

  // takebacks and resigning
  takeBack: () => _("Take back my turn"),
  askTakeBack: () => _("Ask to take back my turn"),
  moveRange: range,
  takeBackTitle: (to, moves) => _("Undoes {moves}: your last turn and every move after it", { moves: range(to + 1, moves) }),
  takeBackNothing: () => _("You have no turn to take back yet"),
  resign: () => _("Resign…"),
  resignTitle: () => _("Resign this game?"),
  resignComputer: player => _("Your seat passes to a computer player ({player}), which plays it on. You rank last.", { player }),
  resignEnd: () => _("The game ends now, as it stands (no final scoring). You rank last."),
  resignLast: () => _("You are the last person in this game: it ends now (no final scoring)."),
  resignConfirm: () => _("Resign"),
  cancel: () => _("Cancel"),
  requestFor: (who, to, moves) => _("{who} asks to take back their last turn: {moves} would be undone.", { who, moves: range(to + 1, moves) }),
  requestWaiting: names => _("Waiting for {names} to agree…", { names }),
  accept: () => _("Accept"), refuse: () => _("Refuse"), withdraw: () => _("Withdraw"),
  outcome: {
    done: (who, to, from) => _("{who}'s turn was taken back: {moves} undone.", { who, moves: range(to + 1, from) }),
    refused: (who, by) => _("{by} refused {who}'s takeback.", { who, by }),
    withdrawn: who => _("{who} withdrew the takeback request.", { who }),
  },
  asked: () => _("Takeback asked: the other players must agree."),
  resigned: (who, how) => how === "computer" ? _("{who} resigned: a computer plays the seat on.", { who }) : _("{who} resigned.", { who }),
  resignedTag: () => _("resigned"),

  // your turn
  yourTurnTitle: () => _("● Your turn"),
  yourTurnBody: game => _("It is your turn in game {game}.", { game }),
  sound: () => _("Sound"),
  soundTitle: () => _("a short sound when it becomes your turn"),
  notify: () => _("Notify me"),
  notifyTitle: () => _("a notification when it becomes your turn and this tab is in the background"),
  notifyOn: () => _("Notifications on"),
  notifyBlocked: () => _("Notifications are blocked for this site (the browser's settings can allow them)"),
  notifyMissing: () => _("This browser has no notifications"),
};

// an Africa tile's name: "gold (2)", "cauldron", in the page's language
function tileName(id) {
  const m = /^(gold|gems)-(\d)$/.exec(id || "");
  return m ? `${name(m[1])} (${m[2]})` : name((id || "").replace(/-/g, " "));
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
    const own = (view.animals || {})[letter] || W.animal[letter] || letter;
    if (WITH_ARTICLE[own]) return _(WITH_ARTICLE[own]);
    return (/^[aeiou]/i.test(own) ? "an " : "a ") + own; // an animal of the tile set's own
  };
}

// an animal's name, by its letter: the tile set's name for it, in the page's language
function animalName(view, letter) { return name((view.animals || {})[letter] || W.animal[letter] || letter); }

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
      const where = sp && sp.city ? `${name(sp.city)} (${x[2]})` : x[2];
      return W.africa[x[1]](who, x[2], where, x[1] === "S" && explorerBefore(view, m) === x[2]);
    }
    if ((x = /^E(\d+):([a-z-]+)(\*?)$/.exec(a))) {
      const other = view.seats[+x[1]] ? window.Savanna.seatName(view.seats[+x[1]]) : _("seat {n}", { n: +x[1] });
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
  const an = letter => animalName(view, letter);
  return f ? f(who, e, an) : `${who}: ${e.what}`;
}

// A part of final scoring in words, without the player's name (the summary lists them by player).
function finalPart(e) {
  const f = W.finalPart[e.what];
  return f ? f(e) : e.what;
}

window.SavannaWords = { W, action, scored, finalPart, tileName, withArticle, name, animalName };
})();
