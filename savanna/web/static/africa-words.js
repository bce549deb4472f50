// @ts-check
// Africa's words: its moves and scorings in sentences (from the view's history and its
// "scored" events), the names of its tiles and cities, the legend of its map's highlights,
// and the lobby's how to play and option texts.

import * as I18n from "./i18n.js";
import * as Savanna from "./common.js";
import * as Games from "./games.js";
import { _, ngettext, N_ } from "./i18n.js";
import { pts } from "./words.js";

// the names of the things of the game's data, in the page's language where the catalogue has them
const NAMES = {
  elephant: N_("elephant"), giraffe: N_("giraffe"), lion: N_("lion"), zebra: N_("zebra"), rhino: N_("rhino"),
  statue: N_("statue"), cauldron: N_("cauldron"), robe: N_("robe"), mask: N_("mask"),
  nomads: N_("nomads"), nomad: N_("nomad"), monument: N_("monument"), gold: N_("gold"), gems: N_("gems"),
  object: N_("object"), animal: N_("animal"),
  Algiers: N_("Algiers"), Cairo: N_("Cairo"), Dakar: N_("Dakar"), Zanzibar: N_("Zanzibar"), "Cape Town": N_("Cape Town"),
};
const name = s => Object.prototype.hasOwnProperty.call(NAMES, s) ? _(NAMES[s]) : s;
const tiles = n => ngettext("{n} tile", "{n} tiles", n);

// a tile's name: "gold (2)", "cauldron", in the page's language
function tileName(id) {
  const m = /^(gold|gems)-(\d)$/.exec(id || "");
  return m ? `${name(m[1])} (${m[2]})` : name((id || "").replace(/-/g, " "));
}

// Where the seat's explorer stood before move m: the space of its last start, step or jump
// among the moves the view holds (by their numbers: a view carries the latest ones).
function explorerBefore(view, m) {
  const hist = view.history || [];
  for (let i = hist.length - 1; i >= 0; i--) {
    const e = hist[i];
    if (e.move >= m.move) continue;
    const x = e.seat === m.seat && /^[PSJ]([a-z]+\d+)$/.exec(e.action);
    if (x) return x[1];
  }
  return null;
}

// the moves of the history
const ACTIONS = {
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
  out: who => _("{who} leaves the game; the others play on", { who }),
};

// final scoring's part, in the summary under each player's name
const FINAL_PART = {
  final: e => _("objects {objects}, gold {gold}, gems {gems}", { objects: pts(e.objects), gold: pts(e.gold), gems: pts(e.gems) }),
};

// what the actions scored (the view's history "scored" events)
const SCORED = {
  treasure: (who, e) => _("{who} discovers {tile}", { who, tile: tileName(e.tile) }),
  animal: (who, e) => _("{who}'s {tile} joins {n} of its kind", { who, tile: tileName(e.tile), n: e.same }),
  nomads: (who, e) => ngettext("{who}'s nomads have {n} empty space around them", "{who}'s nomads have {n} empty spaces around them", e.empty, { who }),
  move: (who, e) => _("{who} moves the {tile} from {from} to {space}: {before} → {after}",
    { who, tile: tileName(e.tile), from: e.from, space: e.space, before: e.before, after: e.after }),
  camp: (who, e) => _("{who}'s base camp has {tiles} around it", { who, tiles: tiles(e.points) }),
  explore: (who, e) => e.tiles ? _("{who}'s base camp takes {tiles} of treasure", { who, tiles: tiles(e.tiles) })
    : _("{who}'s base camp finds no treasure around it", { who }),
  monument: (who, e) => e.last ? _("{who} finds the last monument: the game ends", { who })
    : e.camp ? _("{who} finds a monument and takes a base camp", { who }) : _("{who} finds a monument", { who }),
  final: (who, e) => `${who}: ${FINAL_PART.final(e)}`,
};

// The coach's reasons for a move (a hint's, a review's), each a short phrase: the coach's
// facts (savanna/africa/advice.py lists them), then what the turn scores that they do not say
// (a discovery's, an exploring camp's treasure, others' points). A fact this page does not
// know is left out.
const COACH_FACTS = {
  step: (f, view, who, seat) => (view.board || []).some(sp => sp.space === f.to && (sp.explorers || []).includes(seat))
    ? _("stays on {space}", { space: f.to }) : _("walks to {space}", { space: f.to }),
  jump: f => _("jumps to {space}", { space: f.to }),
  discovers: f => _("discovers the tile on {space}", { space: f.space }),
  moves: f => f.what === "nomads" ? _("moves the nomads from {from} to {to}: {points}", { from: f.space, to: f.to, points: pts(f.points) })
    : _("moves the animal from {from} to {to}: {points}", { from: f.space, to: f.to, points: pts(f.points) }),
  camp: f => f.for === "explore" ? _("builds a base camp to explore") : _("builds a base camp for points: {points}", { points: pts(f.points) }),
  exchange: (f, view, who) => _("exchanges the new object for {who}'s {kind}", { who: who(f.with), kind: tileName(f.object) }),
  takes: f => {
    const what = Object.entries(f.tiles || {}).map(([id, n]) => (n > 1 ? `${tileName(id)} ×${n}` : tileName(id)));
    return what.length ? _("takes {tiles}", { tiles: I18n.list(what) }) : null;
  },
  set: f => _("your set of {kind} objects grows to {n}", { kind: name(f.object), n: f.count }),
  majority: f => f.place === "first" ? _("gives you the most {kind}", { kind: name(f.kind) })
    : _("gives you the second most {kind}", { kind: name(f.kind) }),
  nothing: () => _("no action"),
};
const COACH_SAID = new Set(["move", "camp"]); // the seat's own scorings its facts say
const COACH_SCORED = {
  treasure: e => _("discovers {tile}: {points}", { tile: tileName(e.tile), points: pts(e.points) }),
  animal: e => _("the {tile} joins {n} of its kind: {points}", { tile: tileName(e.tile), n: e.same, points: pts(e.points) }),
  nomads: e => ngettext("the nomads have {n} empty space around them: {points}", "the nomads have {n} empty spaces around them: {points}",
    e.empty, { points: pts(e.points) }),
  explore: e => e.tiles ? _("the base camp takes {tiles} of treasure", { tiles: tiles(e.tiles) }) : _("the base camp finds no treasure"),
  monument: e => _("finds a monument: {points}", { points: pts(e.points) }),
};
function reasons(view, m, seat, who) {
  const out = [];
  for (const f of m.facts || []) {
    const said = COACH_FACTS[f.fact] ? COACH_FACTS[f.fact](f, view, who, seat) : null;
    if (said) out.push(said);
  }
  for (const e of m.events || []) {
    if (e.what === "final" || (e.seat === seat && COACH_SAID.has(e.what))) continue;
    if (e.seat === seat && COACH_SCORED[e.what]) out.push(COACH_SCORED[e.what](e));
    else if (SCORED[e.what]) out.push(`${SCORED[e.what](who(e.seat), e)}: ${pts(e.points)}`);
  }
  return out;
}

// A move of the history in words.
function action(view, m, who) {
  const a = m.action;
  let x;
  if ((x = /^([PSJDAN>])([a-z]+\d+)$/.exec(a))) {
    const sp = (view.board || []).find(s => s.space === x[2]);
    const where = sp && sp.city ? `${name(sp.city)} (${x[2]})` : x[2];
    return ACTIONS[x[1]](who, x[2], where, x[1] === "S" && explorerBefore(view, m) === x[2]);
  }
  if ((x = /^E(\d+):([a-z-]+)(\*?)$/.exec(a))) {
    const other = view.seats[+x[1]] ? Savanna.seatName(view.seats[+x[1]]) : _("seat {n}", { n: +x[1] });
    return ACTIONS.E(who, other, tileName(x[2]), !!x[3]);
  }
  return ACTIONS[a] ? ACTIONS[a](who) : null;
}

Games.register("africa", {
  words: { names: NAMES, name, tileName, action, scored: SCORED, finalPart: FINAL_PART, coach: { reasons } },
  // what the map's highlights mean (the swatches use the map's own classes)
  legend: [
    ["hex-choice kind-S", N_("a space to step to, or an action here")],
    ["hex-choice kind-D", N_("a face-down tile to discover")],
    ["hex-choice kind-J", N_("a space to jump to")],
    ["hex-choice kind-target", N_("where the animal or nomads may go")],
    ["last-move", N_("the spaces of the last action")],
  ],
  howToPlay: {
    title: N_("How to play Africa"),
    steps: [
      N_("Each turn, either jump your explorer to any free space (that is the whole turn), or twice: move 0 to 2 spaces (not through face-down tiles or other explorers), then take one action."),
      N_("Actions: discover a face-down tile next to you; move a face-up animal or nomads on or next to you to a better space (you score the improvement); build a base camp on an empty space, for points (1 per face-up animal, nomads and monument around it) or to explore (take the face-up gold and gems around it); or pass."),
      N_("Discoveries: gold and gems score 1 or 2 and stay for a camp to take; an animal scores 1 plus 1 per like animal around it; nomads 1 per empty space around them; a monument gives a base camp; an object is yours, and you may exchange it with another player at once."),
      N_("The game ends when the eleventh monument turns (+3 to its finder). Sets of like objects score 1/3/5/8/12; the most gold and the most gems score 10, the second most 6."),
    ],
    note: N_("Click a highlighted hexagon on the map; every choice is also listed in notation."),
  },
  // the lobby's heading of an option
  options: { hidden_treasure: { title: N_("Hidden gold and gems") } },
});
