// @ts-check
// The game page's words for what happens: moves and scorings in sentences, the legend of
// the board's highlights, takebacks, resigning and the your-turn alerts. The pages build
// them from the server's structured data (the view's history and its "scored" events),
// never from scores worked out here. What is a game's own (its moves, its scorings, the
// names of its things) its words script registers (SavannaGames: `words`), and the
// functions below look it up by the view's game.

import * as Games from "./games.js";
import { _, ngettext } from "./i18n.js";

const pts = p => (p >= 0 ? `+${p}` : `${p}`);
const range = (from, to) => from === to ? _("move {n}", { n: from }) : _("moves {from}–{to}", { from, to });

const W = {
  at: ([x, y]) => `(${x}, ${y})`,
  points: pts,
  noPoints: "•", // beside what scored nothing

  // the log and the final summary
  logTitle: () => _("Moves"),
  takenBack: n => ngettext("{n} takeback in this game", "{n} takebacks in this game", n),
  finalTitle: () => _("Final scoring"),
  finalNone: () => _("nothing"),
  finalEnded: who => _("The game ended when {who} resigned: no final scoring.", { who }),
  finalLine: parts => _("Final scoring: {parts}", { parts }),

  // the legend of the board's highlights
  legendTitle: () => _("Legend"),
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
  requestMine: names => _("You asked to take back your turn; waiting for {names}.", { names }),
  requestUndoes: (to, moves) => _("{moves} would be undone.", { moves: range(to + 1, moves) }),
  accept: () => _("Accept"), refuse: () => _("Refuse"), withdraw: () => _("Withdraw"),
  outcome: {
    done: (who, to, from) => _("{who}'s turn was taken back: {moves} undone.", { who, moves: range(to + 1, from) }),
    refused: (who, by) => _("{by} refused {who}'s takeback.", { who, by }),
    withdrawn: who => _("{who} withdrew the takeback request.", { who }),
  },
  asked: () => _("Takeback asked: the other players must agree."),
  resigned: (who, how) => how === "computer" ? _("{who} resigned: a computer plays the seat on.", { who }) : _("{who} resigned.", { who }),
  resignedTag: () => _("resigned"),

  // replays: the step, who played the last move and who plays the next (nobody is "to play")
  replayStep: (step, steps) => _("Move {step} of {steps}", { step, steps }),
  replayStart: steps => ngettext("The start, before {n} move", "The start, before {n} moves", steps),
  replayPlayed: who => _("{who} played", { who }),
  replayNext: who => _("{who} plays next", { who }),
  replayLast: () => _("Last:"),
  replayNextMove: () => _("Next:"),
  replayNone: () => _("nothing played yet"),

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

// a game's words (null for a game whose scripts have not come)
function of(game) { const g = Games.get(game); return g && g.words ? g.words : null; }

// the name of a thing from a game's data (an animal, a tile, a city), in the page's language
// where a game's words have it (else as the data says)
function name(s) {
  for (const [, g] of Games.all()) {
    const names = g.words && g.words.names;
    if (names && Object.prototype.hasOwnProperty.call(names, s)) return _(names[s]);
  }
  return s;
}

// A move of the history in words (its notation goes beside it).
function action(view, m, who) {
  const w = of(view.game);
  return (w && w.action(view, m, who)) || `${who}: ${m.action}`;
}

// A scoring event in words, without its points (shown beside it: "+10").
function scored(view, e, who) {
  const w = of(view.game), f = w && w.scored[e.what];
  return f ? f(who, e, view) : `${who}: ${e.what}`;
}

// A part of final scoring in words, without the player's name (the summary lists them by player).
function finalPart(view, e) {
  const w = of(view.game), f = w && w.finalPart[e.what];
  return f ? f(e, view) : e.what;
}

export { W, pts, action, scored, finalPart, name };
