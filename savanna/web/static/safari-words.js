// @ts-check
// Carcassonne Safari's words: its moves and scorings in sentences (from the view's history
// and its "scored" events), the names of its animals and features, the scoring choice, the
// legend of its board's highlights, and the lobby's how to play and option texts.

import * as Games from "./games.js";
import { _, ngettext, N_ } from "./i18n.js";
import { pts } from "./words.js";

// the names of the things of the tile data, in the page's language where the catalogue has them
const NAMES = {
  ape: N_("ape"), elephant: N_("elephant"), giraffe: N_("giraffe"), lion: N_("lion"), zebra: N_("zebra"),
  trail: N_("trail"), bush: N_("bush"), baobab: N_("baobab"),
};
// "a lion", "an ape": the animal with its article, as the sentences that take it need it
const WITH_ARTICLE = { ape: N_("an ape"), elephant: N_("an elephant"), giraffe: N_("a giraffe"), lion: N_("a lion"),
  zebra: N_("a zebra") };
const ANIMAL = { A: "ape", E: "elephant", G: "giraffe", L: "lion", Z: "zebra" }; // the packaged sets' letters
const name = s => Object.prototype.hasOwnProperty.call(NAMES, s) ? _(NAMES[s]) : s;

const kinds = n => ngettext("{n} kind of animal", "{n} kinds of animal", n);
const animals = n => ngettext("{n} animal", "{n} animals", n);
const birds = n => ngettext("{n} bird", "{n} birds", n);
const tokens = n => ngettext("{n} token", "{n} tokens", n);

// An action in notation, parsed; {kind: "?"} when it is none of these.
function parse(a) {
  let m;
  if ((m = /^T(-?\d+),(-?\d+)@(\d+)$/.exec(a))) return { kind: "T", x: +m[1], y: +m[2], r: +m[3] };
  if ((m = /^M:(\w+)(?::([NESW]))?$/.exec(a))) return { kind: "M", feature: m[1], side: m[2] || null };
  if ((m = /^([DX])(-?\d+),(-?\d+):([NS][EW])=([A-Z])$/.exec(a))) return { kind: m[1], x: +m[2], y: +m[3], corner: m[4], animal: m[5] };
  if ((m = /^R(-?\d+),(-?\d+)>(-?\d+),(-?\d+)$/.exec(a))) return { kind: "R", from: [+m[1], +m[2]], to: [+m[3], +m[4]] };
  if ((m = /^R>(-?\d+),(-?\d+)$/.exec(a))) return { kind: "R>", x: +m[1], y: +m[2] };
  if ((m = /^\+([A-Z]|none)$/.exec(a))) return { kind: "+", animal: m[1] };
  if (a === "pass") return { kind: "pass" };
  if (a === "out") return { kind: "out" };
  return { kind: "?" };
}

// an animal's name, by its letter: the tile set's name for it, in the page's language
function animalName(view, letter) { return name((view.animals || {})[letter] || ANIMAL[letter] || letter); }

// "a lion", "an ape": the animal's name with its article, from the view's names
function withArticle(view) {
  return letter => {
    const own = (view.animals || {})[letter] || ANIMAL[letter] || letter;
    if (WITH_ARTICLE[own]) return _(WITH_ARTICLE[own]);
    return (/^[aeiou]/i.test(own) ? "an " : "a ") + own; // an animal of the tile set's own
  };
}

// the moves of the history
const ACTIONS = {
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
  out: who => _("{who} leaves the game; the others play on", { who }),
};

// final scoring's parts, in the summary under each player's name
const FINAL_PART = {
  final_feature: e => (e.kind === "bush" ? _("an unfinished bush, {animals}", { animals: animals(e.animals) })
    : _("an unfinished trail, {animals}", { animals: animals(e.animals) })) + (e.birds ? `, ${birds(e.birds)}` : ""),
  final_tokens: e => {
    const n = Object.values(e.tokens).reduce((a, b) => a + b, 0);
    return ngettext("{n} token left in supply", "{n} tokens left in supply", n);
  },
};

// what the actions scored (the view's history "scored" events)
const SCORED = {
  feature: (who, e, view) => {
    const k = kinds(e.animals.length + (e.added ? 1 : 0));
    let s = e.kind === "bush" ? _("{who} scores the completed bush: {kinds}", { who, kinds: k })
      : _("{who} scores the completed trail: {kinds}", { who, kinds: k });
    if (e.added) s += " " + _("({animal} added)", { animal: animalName(view, e.added) });
    if (e.birds) s += ", " + birds(e.birds);
    if (e.leaders.length > 1) s += ", " + _("shared by {n} leaders", { n: e.leaders.length });
    return s;
  },
  dig: who => _("{who}: a new watering hole", { who }),
  expand: (who, e) => _("{who}: the watering hole has {tokens} now", { who, tokens: tokens(e.tokens) }),
  hole: (who, e) => e.meeples > 1 ? _("{who}: the watering hole is complete ({n} meeples, scored once)", { who, n: e.meeples })
    : _("{who}: the watering hole is complete", { who }),
  ranger: who => _("{who}: a ranger sent away", { who }),
  baobab: (who, e) => _("{who}: the baobab is surrounded; the meeple comes back, {tokens} drawn", { who, tokens: tokens(e.tokens) }),
  final_feature: (who, e) => `${who}: ${FINAL_PART.final_feature(e)}`,
  final_tokens: (who, e) => `${who}: ${FINAL_PART.final_tokens(e)}`,
};

// the scoring choice: a leader of a completed feature may add an animal token
const CHOICE = {
  title: (kind, named) => {
    const what = kind === "bush" ? _("Scoring: the bush") : kind === "trail" ? _("Scoring: the trail") : _("Scoring: the {kind}", { kind });
    return what + " " + (named ? `(${named})` : _("(no animals)"));
  },
  ask: () => _("You lead it. Add one of your animal tokens of a kind not on it, for more points?"),
  none: p => _("No token: {points}", { points: pts(p) }),
  add: (animal, letter, p, more) => _("Add {animal} ({letter}): {points} ({more})", { animal, letter, points: pts(p), more: pts(more) }),
};

// The coach's reasons for a move (a hint's, a review's), each a short phrase: the coach's
// facts (savanna/safari/advice.py lists them), then what the turn scores that they do not say
// (a watering hole completed, a baobab surrounded, others' points). A fact this page does not
// know is left out.
const COACH_ON = { trail: N_("puts your meeple on the trail"), bush: N_("puts your meeple on the bush"),
  baobab: N_("puts your meeple on the baobab"), hole: N_("puts your meeple on the watering hole") };
const COACH_FACTS = {
  closes: f => f.kind === "bush" ? _("closes your bush with {kinds}: {points}", { kinds: kinds(f.kinds), points: pts(f.points) })
    : _("closes your trail with {kinds}: {points}", { kinds: kinds(f.kinds), points: pts(f.points) }),
  fits: (f, view) => _("{animal} fits this watering hole: {points}", { animal: withArticle(view)(f.animal), points: pts(f.points) }),
  meeple: f => COACH_ON[f.on] ? _(COACH_ON[f.on]) : null,
  meeple_kept: () => _("keeps your meeple free"),
  token: (f, view) => _("adds your {animal} token", { animal: animalName(view, f.animal) }),
  ranger: f => f.points ? _("sends a ranger away and puts it at ({x}, {y}): {points}", { x: f.space[0], y: f.space[1], points: pts(f.points) })
    : _("puts the ranger at ({x}, {y})", { x: f.space[0], y: f.space[1] }),
};
const COACH_SAID = new Set(["feature", "dig", "expand", "ranger"]); // the seat's own scorings its facts say
const COACH_SCORED = {
  hole: e => _("completes the watering hole: {points}", { points: pts(e.points) }),
  baobab: e => _("surrounds the baobab: your meeple comes back with {tokens}", { tokens: tokens(e.tokens) }),
};
function reasons(view, m, seat, who) {
  const out = [];
  for (const f of m.facts || []) {
    const said = COACH_FACTS[f.fact] ? COACH_FACTS[f.fact](f, view) : null;
    if (said) out.push(said);
  }
  for (const e of m.events || []) {
    if (e.what.startsWith("final") || (e.seat === seat && COACH_SAID.has(e.what))) continue;
    if (e.seat === seat && COACH_SCORED[e.what]) out.push(COACH_SCORED[e.what](e));
    else if (SCORED[e.what]) out.push(`${SCORED[e.what](who(e.seat), e, view)}: ${pts(e.points)}`);
  }
  return out;
}

// A move of the history in words, or null for one this does not know.
function action(view, m, who) {
  const p = parse(m.action);
  const f = ACTIONS[p.kind];
  return f ? f(who, p, withArticle(view)) : null;
}

Games.register("safari", {
  words: { names: NAMES, name, parse, action, scored: SCORED, finalPart: FINAL_PART, choice: CHOICE, animalName, coach: { reasons } },
  // what the board's highlights mean (the swatches use the board's own classes)
  legend: [
    ["fit now", N_("where the drawn tile fits as it is turned (click to place)")],
    ["fit", N_("where it fits turned another way")],
    ["empty", N_("an empty space next to the tiles")],
    ["last-placed", N_("the tile placed last")],
    ["scoring-highlight", N_("the trail or bush being scored")],
    ["choice", N_("a choice: a meeple spot, a ranger, an animal")],
    ["hole-choice", N_("a watering hole to dig or expand")],
    ["ranger-dest", N_("where a ranger may go")],
  ],
  // the turn in four steps, for a first game without the rulebook at hand
  howToPlay: {
    title: N_("How to play Carcassonne Safari"),
    steps: [
      N_("Place the drawn tile next to the others so that every edge matches: savanna to savanna, trail to trail, bush to bush. Rotate it with the arrows (or R) and click a highlighted space."),
      N_("Then one of: put a meeple on a trail, bush or baobab of that tile (a baobab meeple draws two animal tokens at once); dig a watering hole at an open savanna corner with one of your animal tokens, or add a different animal to one (4, 5, 6 points); move a ranger; or pass."),
      N_("At the end of the turn, finished trails and bush score for the players with most meeples there: 1, 3, 6, 10, 15 points for 1 to 5 different animals, plus 1 per bird in bush; a leader may add an animal token of a new kind. A surrounded baobab gives two tokens; a full watering hole gives 3 points to each digger."),
      N_("A tile placed on a ranger's space sends it away: 3 points, then put it back on an empty space. When the last tile is played, each meeple on an unfinished trail or bush scores 1 point per animal and bird there, and each token in hand 1 point."),
    ],
    note: N_("The full rules: the English rulebook. The move log on the game page uses the notation of the command line."),
  },
  // the lobby's heading of an option, and its values' names
  options: { final_scoring: { title: N_("Final scoring of unfinished trails and bush"), values: { all: N_("all"), majority: N_("majority") } } },
});
