// @ts-check
// The lobby: create a game (which game, seats, computer strength, the game's options,
// hotseat), share its seat links, list games being played and finished ones, upload a save.
// The games and their options are the server's catalogue (GET /api/catalogue), their texts
// translated here; a game's own texts (how to play, its options' headings) come with its
// scripts, added to the page when the game is chosen. With an account (accounts.js): the
// header's account links, the log-in and register form, "my games", rated games, seats
// invited by account name or left open, and the open seats of others' games to take.

import * as Games from "./games.js";
import * as Accounts from "./accounts.js";
import * as T from "./clocktext.js";
import * as I18n from "./i18n.js";
import { api, h, toast, copyText, Tokens, errorText, seatName, levelName, playerWords } from "./common.js";
import { _, ngettext } from "./i18n.js";
import { SEAT_COLOURS as COLOURS, SEAT_NAMES as COLOUR_NAMES } from "./board.js";

// a bound of GET /api/players' "clocks" ([min, max] or {min, max}) as [min, max]
const bound = b => (Array.isArray(b) ? b : b ? [b.min, b.max] : [0, Infinity]);

// a game's tag in the lists: its name, capitalised
const tag = game => game.charAt(0).toUpperCase() + game.slice(1);

// What of a computer seat's player (a level or a spec such as "mcts:time=3") is over this
// server's limits (GET /api/players "limits"): a sentence, or null. The server checks every
// spec itself; this says it in the form before a game is asked for.
function specProblem(spec, info) {
  const level = info.levels.find(l => l.level === spec);
  const text = (level ? level.player : spec || "").trim();
  const colon = text.indexOf(":");
  const options = {};
  if (colon >= 0) {
    for (const part of text.slice(colon + 1).split(",")) {
      const eq = part.indexOf("=");
      if (eq > 0) options[part.slice(0, eq).trim()] = Number(part.slice(eq + 1).trim());
    }
  }
  const lim = info.limits;
  if (options.time > lim.time) return _("{player} thinks {time} s a move: this server allows at most {limit} s", { player: text, time: options.time, limit: lim.time });
  if (options.iterations > lim.iterations) return _("{player}: this server allows at most {n} iterations a move", { player: text, n: lim.iterations });
  return null;
}

// a game's time control as a lobby row shows it (null: untimed)
function clockBadge(g) {
  const control = g.clock && g.clock.control;
  return control ? h("span", { class: "badge clock-badge", title: T.words(control), dataset: { clock: T.short(control) } }, T.short(control)) : null;
}

// The seed field's text as the exact digits of a JSON integer (leading zeros dropped), "" for
// no seed, or null if it is not a whole number of at most `bits` bits. Through BigInt, never
// a Number: a Number keeps 53 bits, and a larger seed would silently become another one.
function seedDigits(text, bits) {
  const t = text.trim();
  if (t === "") return "";
  if (!/^-?[0-9]+$/.test(t)) return null;
  const n = BigInt(t);
  return (n < 0n ? -n : n) < 2n ** BigInt(bits) ? n.toString() : null;
}

class Lobby {
  constructor(root) {
    this.root = root;
    // a human seat's `how`: "link" (a join link, its name given here), "account" (invited by
    // an account's name) or "open" (the first logged-in person to take it)
    /** @type {Array<Record<string, any>>} */
    this.seats = [{ kind: "human", how: "link", name: "" }, { kind: "computer", player: "medium" }];
    this.account = null; // GET /api/me, or null when nobody is logged in here
    this.rated = false;
    // the time control chosen: kind "none" (untimed), "realtime" (a preset's index, or "custom"
    // with its minutes, seconds and increment) or "correspondence" (days a move)
    /** @type {{ kind: string, preset: number | "custom", minutes: number, seconds: number, increment: number, days: number }} */
    this.clock = { kind: "none", preset: 2, minutes: 10, seconds: 0, increment: 5, days: 3 };
    this.onTime = "computer";
    this.game = null; // the chosen game's name (the catalogue's default at first)
    this.info = null; // GET /api/players: the computer players, levels and limits
    this.catalogue = null; // GET /api/catalogue: the games
    this.seedText = "";
    this.errors = { create: null, upload: null }; // {message, wait}: shown in the form until the next try
    this.waitUntil = 0; // Date.now() before which the server refuses to create (429 Retry-After)
    this.pending = false;
    this.init();
  }

  async init() {
    try { [this.info, this.catalogue, this.account] = await Promise.all([api("/api/players"), Games.catalogue(), Accounts.me()]); }
    catch (e) { toast(_("The server did not answer: {reason}", { reason: e.message })); return; }
    document.title = "savanna · " + _(this.entry(this.catalogue.default).name);
    await this.choose(this.catalogue.default);
    this.render();
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 5000);
    window.addEventListener("hashchange", () => this.showAccount());
    this.showAccount();
  }

  // the header's "Log in" (/#account): the form unfolded and its name field focused
  showAccount() {
    if (location.hash !== "#account" || !this.accountBox) return;
    this.accountBox.open = true;
    this.accountBox.scrollIntoView({ block: "start" });
    document.getElementById("entry-name").focus();
  }

  levelOptions(selected) {
    const opts = this.info.levels.map(l => {
      const over = specProblem(l.level, this.info) !== null; // e.g. hard (1 s a move) on a server allowing less
      return h("option", { value: l.level, selected: l.level === selected, disabled: over && l.level !== selected },
        `${levelName(l.level)} (${playerWords(l.player)})` + (over ? " · " + _("over the limit") : ""));
    });
    const custom = !this.info.levels.some(l => l.level === selected);
    opts.push(h("option", { value: "custom", selected: custom }, _("custom spec…")));
    return opts;
  }

  // A person's seat: by a join link (its name typed here), invited by an account's name, or
  // open; in a rated game no join link, and the first seat is the creator's own account.
  humanSeat(s, i) {
    const how = s.how || "link";
    const own = this.rated && i === 0;
    const field = how === "link"
      ? h("input", { name: `name-${i}`, value: s.name || "", placeholder: _("Player {n}", { n: i + 1 }), maxlength: this.info.limits.name,
        "aria-label": _("seat {n} name", { n: i + 1 }), oninput: e => { s.name = e.target.value; } })
      : how === "account"
        ? h("input", { name: `account-${i}`, value: s.account || "", placeholder: _("account name"), maxlength: 24, readonly: own,
          autocapitalize: "none", spellcheck: "false", "aria-label": _("seat {n}: the account invited", { n: i + 1 }),
          oninput: e => { s.account = e.target.value; this.checkForm(); } })
        : h("span", { class: "muted small open-note" }, _("the first person logged in to take it"));
    return h("span", { class: "level" },
      h("select", { name: `how-${i}`, "aria-label": _("seat {n}: how the person comes", { n: i + 1 }), disabled: own,
        onchange: e => { s.how = e.target.value; this.render(); } },
      h("option", { value: "link", selected: how === "link", disabled: this.rated }, _("join link")),
      h("option", { value: "account", selected: how === "account" }, _("invite by name")),
      h("option", { value: "open", selected: how === "open" }, _("open seat"))),
      field);
  }

  // A rated game (only logged in): the creator's seat is their account's, every other person's
  // seat invited by name or open, the deal the server's (no seed), no hotseat.
  setRated(on) {
    this.rated = on && !!this.account;
    if (this.rated) {
      this.seats[0] = { kind: "human", how: "account", account: this.account.name };
      for (const s of this.seats.slice(1)) if (s.kind === "human" && s.how === "link") s.how = "open";
      this.seedText = "";
    } else if (this.seats[0].how === "account" && this.seats[0].account === this.account?.name) {
      this.seats[0] = { kind: "human", how: "link", name: this.account ? this.account.name : "" };
    }
    this.render();
  }

  entry(game) { return this.catalogue.games.find(g => g.game === game) || this.catalogue.games[0]; }
  gameInfo() { return this.entry(this.game); }

  // The game `game` chosen, once its files are on the page (without them, its own texts are left out).
  async choose(game) {
    try { await Games.load(game); } catch (e) { /* the catalogue's texts stand alone */ }
    this.game = game;
  }

  // what the chosen game's scripts say of the lobby: {howToPlay, options}
  own() { return Games.get(this.game) || {}; }

  // The game's options as the catalogue gives them: a choice as radio buttons, a yes or no as
  // a checkbox, each with its description (and note), under the game's own heading for it.
  ruleOptions() {
    const own = this.own().options || {};
    return this.gameInfo().options.flatMap(o => {
      const mine = own[o.name] || {};
      const title = mine.title ? _(mine.title) : tag(_(o.label));
      const value = v => (mine.values && mine.values[v] ? _(mine.values[v]) : String(v));
      return o.type === "choice"
        ? h("fieldset", {}, h("legend", {}, title),
          o.choices.map(c => h("label", { class: "radio" },
            h("input", { type: "radio", name: o.name, value: c.value, checked: c.value === o.default }), " " + value(c.value) + ": ",
            h("span", { class: "muted" }, _(c.description)))))
        : [h("label", { class: "check" }, h("input", { type: "checkbox", name: o.name, checked: o.default,
          "aria-describedby": o.note ? `${o.name}-note` : null }),
          " " + title + ": ", h("span", { class: "muted" }, _(o.description))),
          o.note ? h("p", { class: "muted small option-note", id: `${o.name}-note` }, _(o.note)) : null];
    });
  }

  // The game's "how to play" card, from its scripts' texts.
  howToPlay() {
    const how = this.own().howToPlay;
    if (!how) return null;
    return h("details", { class: "card", id: "how-to-play" },
      h("summary", {}, h("strong", {}, _(how.title))),
      h("ol", {}, how.steps.map(step => h("li", {}, _(step)))),
      h("p", { class: "muted small" }, _(how.note)));
  }

  render() {
    const min = this.gameInfo().seats.min, max = this.gameInfo().seats.max;
    while (this.seats.length > max) this.seats.pop();
    const seatRows = this.seats.map((s, i) => {
      const row = h("div", { class: "seat-row", dataset: { seat: i } },
        h("span", { class: "swatch", style: `background:${COLOURS[i]}`, title: _(COLOUR_NAMES[i]) }),
        h("select", { name: `kind-${i}`, "aria-label": _("seat {n}: person or computer", { n: i + 1 }),
          disabled: this.rated && i === 0,
          onchange: e => { s.kind = e.target.value; if (s.kind === "computer" && !s.player) s.player = "medium"; if (!s.how) s.how = this.rated ? "account" : "link"; this.render(); } },
          h("option", { value: "human", selected: s.kind === "human" }, _("person")),
          h("option", { value: "computer", selected: s.kind === "computer" }, _("computer"))),
        s.kind === "human"
          ? this.humanSeat(s, i)
          : h("span", { class: "level" },
            h("select", { name: `level-${i}`, "aria-label": _("seat {n} strength", { n: i + 1 }),
              onchange: e => { s.player = e.target.value === "custom" ? `mcts:time=${Math.min(2, this.info.limits.time)}` : e.target.value; this.render(); } },
              this.levelOptions(s.player)),
            this.info.levels.some(l => l.level === s.player) ? null
              : h("input", { name: `spec-${i}`, value: s.player, "aria-label": _("player spec"),
                title: _("e.g. {example} or greedy (at most {limit} s a move on this server)", { example: `mcts:time=${Math.min(2, this.info.limits.time)}`, limit: this.info.limits.time }),
                oninput: e => { s.player = e.target.value; this.checkForm(); } })),
        this.seats.length > min && !(this.rated && i === 0) ? h("button", { type: "button", class: "icon", title: _("remove this seat"), "aria-label": _("remove this seat"),
          onclick: () => { this.seats.splice(i, 1); this.render(); } }, "✕") : null);
      return row;
    });
    const form = h("form", { id: "create", class: "card", onsubmit: e => this.create(e) },
      h("h2", {}, _("New game")),
      h("label", { class: "game-choice" }, _("Game") + " ", h("select", { name: "game", id: "game-select",
        onchange: e => this.choose(e.target.value).then(() => this.render()) },
        this.catalogue.games.map(g => h("option", { value: g.game, selected: g.game === this.game }, _(g.name))))),
      h("div", { class: "seat-rows" }, seatRows),
      this.seats.length < max ? h("button", { type: "button", id: "add-seat",
        onclick: () => { this.seats.push({ kind: "computer", player: "medium" }); this.render(); } }, _("+ add a seat")) : null,
      this.seats.some(s => s.kind === "computer") && (this.info.levels.some(l => specProblem(l.level, this.info))
        || this.seats.some(s => s.kind === "computer" && !this.info.levels.some(l => l.level === s.player)))
        ? h("p", { class: "muted small seat-note", id: "think-limit" }, _("A computer player thinks at most {limit} s a move on this server.", { limit: this.info.limits.time })) : null,
      this.info.limits.computer_only ? null
        : h("p", { class: "muted small seat-note", id: "people-note" }, _("A game here needs at least one person: computers play only against people.")),
      this.account ? h("label", { class: "check" }, h("input", { type: "checkbox", name: "rated", id: "rated", checked: this.rated,
        "aria-describedby": "rated-note", onchange: e => this.setRated(e.target.checked) }), " " + _("Rated game")) : null,
      this.account ? h("p", { class: "muted small option-note", id: "rated-note" }, this.rated
        ? _("Your seat is yours; every other person's is invited by account name or open. The server deals; no takebacks, no hints, no hotseat. When it ends, the ratings change.")
        : _("Counts for the players' ratings.")) : null,
      this.ruleOptions(),
      this.timeControl(),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "hotseat", disabled: this.rated }),
        " " + _("Hotseat: every person plays at this screen")),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "listed", checked: true }), " " + _("List it in the lobby")),
      h("label", { class: "resign-choice" }, _("If a person resigns:") + " ",
        h("select", { name: "on_resign", id: "on-resign", onchange: e => { this.onResign = e.target.value; } },
          h("option", { value: "computer", selected: this.onResign !== "end" }, _("a computer player takes the seat")),
          h("option", { value: "end", selected: this.onResign === "end" }, _("the game ends"))),
        " ", h("select", { name: "resign_player", id: "resign-player", "aria-label": _("the computer player that takes the seat") },
          this.info.levels.filter(l => !specProblem(l.level, this.info)).map(l => h("option", { value: l.level, selected: l.level === "medium" }, levelName(l.level))))),
      h("details", { open: this.seedText.trim() !== "" }, h("summary", {}, _("More")),
        h("label", {}, _("Seed") + " ", h("input", { name: "seed", id: "seed", type: "text", inputmode: "numeric", autocomplete: "off", disabled: this.rated,
          maxlength: 80, placeholder: _("random"), value: this.seedText, "aria-describedby": "seed-note",
          oninput: e => { this.seedText = e.target.value; this.checkForm(); } })),
        h("p", { class: "muted small", id: "seed-note" }, _("A whole number of up to {bits} bits (every digit counts), or empty for a random deal.", { bits: this.seedBits() })
          + " " + _("Every player is told that the order was chosen."))),
      h("ul", { id: "form-hints", class: "form-hints", "aria-live": "polite", hidden: true }),
      this.errorBox("create"),
      h("button", { type: "submit", class: "primary", id: "create-button" }, _("Create game")));
    const upload = h("form", { class: "card", id: "upload", onsubmit: e => this.upload(e) },
      h("h2", {}, _("Load a saved game")),
      h("p", { class: "muted" }, _("A game saved by the command line ({command}) or downloaded here. Finished games open as replays; others go on at this screen.", { command: "savanna play --save" })),
      h("input", { type: "file", name: "file", accept: ".json,application/json", "aria-label": _("saved game file") }),
      this.errorBox("upload"),
      h("button", { type: "submit" }, _("Upload")));
    this.lists = h("div", { id: "lists" });
    this.mineBox = h("div", { id: "mine" });
    this.created = this.created || h("div", { id: "created" });
    this.root.innerHTML = "";
    this.root.append(
      h("header", { class: "bar account-bar" }, h("a", { href: "/", class: "brand" }, "savanna"), h("span", { id: "lobby-title" }, _(this.gameInfo().name)),
        h("span", { class: "spacer" }), h("nav", { class: "bar-links", "aria-label": _("Accounts") }, Accounts.barLinks(this.account)),
        h("a", { href: "/docs" }, "API"), I18n.switcher()),
      h("div", { class: "lobby" }, h("div", { class: "col" }, this.accountCard(), form, this.created, upload),
        h("div", { class: "col" }, this.mineBox, this.howToPlay(), this.lists)));
    if (this.lastLists) this.renderLists(this.lastLists);
    if (this.lastMine) this.renderMine(this.lastMine);
    this.checkForm();
  }

  // Logged out: the log-in and register form, folded (open when the address asks for #account);
  // logged in, nothing here (the header has the account's links).
  accountCard() {
    if (this.account) return null;
    this.accountBox = this.accountBox || h("details", { class: "card", id: "account", open: location.hash === "#account" },
      h("summary", {}, h("strong", {}, _("Log in or register")), " ",
        h("span", { class: "muted small" }, _("for rated games and seats that follow you"))),
      Accounts.entryForm(() => location.assign("/")));
    return this.accountBox;
  }

  seedBits() { return this.info.limits.seed_bits || 256; }

  // The time control: untimed, real time (a preset of the server's, or a base and an increment
  // of one's own) or correspondence (days a move); with more than two seats, what a flag fall does.
  timeControl() {
    const info = this.info.clocks;
    if (!info) return null;
    const c = this.clock;
    const presets = info.presets.map(T.preset);
    const change = () => { this.render(); };
    const num = (key, label, attrs) => h("label", { class: "clock-field" }, label + " ",
      h("input", { type: "number", id: `clock-${key}`, name: `clock_${key}`, value: c[key], inputmode: "decimal", step: "any", ...attrs,
        oninput: e => { c[key] = e.target.value; this.checkForm(); } }));
    const fields = [];
    if (c.kind === "realtime") {
      fields.push(h("select", { id: "clock-preset", name: "clock_preset", "aria-label": _("base time and increment"),
        onchange: e => { c.preset = e.target.value === "custom" ? "custom" : +e.target.value; change(); } },
      presets.map((p, i) => h("option", { value: i, selected: c.preset === i }, `${T.short(p)} · ${T.words(p)}`)),
      h("option", { value: "custom", selected: c.preset === "custom" }, _("your own…"))));
      if (c.preset === "custom") {
        fields.push(h("span", { class: "clock-custom" }, num("minutes", _("minutes"), { min: 0 }), num("seconds", _("seconds"), { min: 0 }),
          num("increment", _("+ seconds a turn"), { min: 0 })));
      }
    } else if (c.kind === "correspondence") {
      fields.push(h("select", { id: "clock-days", name: "clock_days", "aria-label": _("days a move"), onchange: e => { c.days = +e.target.value; } },
        info.days.map(d => h("option", { value: d, selected: c.days === d }, ngettext("{n} day a move", "{n} days a move", d)))));
    }
    const timed = c.kind !== "none";
    return h("fieldset", { id: "time-control" }, h("legend", {}, _("Time control")),
      h("div", { class: "clock-choice" },
        h("select", { id: "clock-kind", name: "clock_kind", "aria-label": _("Time control"), onchange: e => { c.kind = e.target.value; change(); } },
          h("option", { value: "none", selected: c.kind === "none" }, _("untimed")),
          h("option", { value: "realtime", selected: c.kind === "realtime" }, _("real time: a clock for each player")),
          h("option", { value: "correspondence", selected: c.kind === "correspondence" }, _("correspondence: days a move"))),
        fields),
      timed && this.seats.length > 2 ? h("label", { class: "on-time-choice" }, _("If a player runs out of time:") + " ",
        h("select", { name: "on_time", id: "on-time", onchange: e => { this.onTime = e.target.value; } },
          h("option", { value: "computer", selected: this.onTime === "computer" }, _("a computer player takes the seat")),
          h("option", { value: "end", selected: this.onTime === "end" }, _("the game ends")),
          h("option", { value: "skip", selected: this.onTime === "skip" }, _("the others play on without that seat")))) : null,
      timed ? h("p", { class: "muted small", id: "clock-note" }, c.kind === "realtime"
        ? _("Each player's clock runs on their turn, and the increment is added when it ends. Out of time, a player ranks last. A first move not made in time aborts the game.")
        : _("Each move is due within the days chosen, from the start of the turn; everyone sees the deadline in their own time zone.")) : null);
  }

  // The time control as POST /api/games takes it: {base, increment}, {days}, or null (untimed).
  clockBody() {
    const c = this.clock;
    if (!this.info.clocks || c.kind === "none") return null;
    if (c.kind === "correspondence") return { days: c.days };
    if (c.preset !== "custom") return T.preset(this.info.clocks.presets[c.preset]);
    return { base: Number(c.minutes || 0) * 60 + Number(c.seconds || 0), increment: Number(c.increment || 0) };
  }

  // what is wrong with one's own time control, in sentences
  clockProblems() {
    const body = this.clockBody();
    if (!body || body.days) return [];
    const b = this.info.clocks.bounds || {};
    const [bmin, bmax] = bound(b.base), [imin, imax] = bound(b.increment);
    const out = [];
    if (!Number.isFinite(body.base) || body.base < bmin || body.base > bmax)
      out.push(_("The base time must be from {min} s to {max} s ({hours} hours).", { min: bmin, max: bmax, hours: bmax / 3600 }));
    if (!Number.isFinite(body.increment) || body.increment < imin || body.increment > imax)
      out.push(_("The increment must be from {min} s to {max} s.", { min: imin, max: imax }));
    return out;
  }

  // What keeps the form from creating a game on this server, said in the form (#form-hints)
  // while the Create button waits: nothing, or sentences.
  problems() {
    const out = [];
    if (!this.info.limits.computer_only && this.seats.every(s => s.kind === "computer"))
      out.push(_("This server plays games with at least one person in them: make one of the seats a person."));
    this.seats.forEach((s, i) => {
      const why = s.kind === "computer" ? specProblem(s.player, this.info) : null;
      if (why) out.push(_("Seat {n}: {problem}.", { n: i + 1, problem: why }));
    });
    const invited = [];
    this.seats.forEach((s, i) => {
      if (s.kind !== "human") return;
      if (this.rated && (s.how || "link") === "link") out.push(_("Seat {n}: in a rated game every person's seat is invited by name or open.", { n: i + 1 }));
      if (s.how !== "account") return;
      const name = (s.account || "").trim();
      if (!name) out.push(_("Seat {n}: write the name of the account you invite.", { n: i + 1 }));
      else if (invited.includes(name.toLowerCase())) out.push(_("Seat {n}: {name} is invited twice.", { n: i + 1, name }));
      invited.push(name.toLowerCase());
    });
    out.push(...this.clockProblems());
    if (seedDigits(this.seedText, this.seedBits()) === null)
      out.push(_("The seed must be a whole number of at most {bits} bits, or empty for a random deal.", { bits: this.seedBits() }));
    return out;
  }

  checkForm() {
    const problems = this.problems();
    const box = document.getElementById("form-hints");
    if (box) { box.replaceChildren(...problems.map(p => h("li", {}, p))); box.hidden = !problems.length; }
    const waiting = Date.now() < this.waitUntil;
    const create = /** @type {HTMLButtonElement | null} */ (document.getElementById("create-button"));
    if (create) create.disabled = this.pending || waiting || problems.length > 0;
    const upload = /** @type {HTMLButtonElement | null} */ (document.querySelector("#upload button[type=submit]"));
    if (upload) upload.disabled = this.pending || waiting;
    this.seats.forEach((s, i) => {
      const spec = this.root.querySelector(`input[name=spec-${i}]`);
      if (spec) spec.setAttribute("aria-invalid", String(specProblem(s.player, this.info) !== null));
    });
    const seed = document.getElementById("seed");
    if (seed) seed.setAttribute("aria-invalid", String(seedDigits(this.seedText, this.seedBits()) === null));
  }

  // The server's refusal of the last try, in the form it came from (which: "create" or "upload").
  errorBox(which) {
    const e = this.errors[which];
    return h("div", { id: `${which}-error`, class: "form-error", role: "alert", hidden: !e },
      e ? h("span", { class: "message" }, /[.!?)]$/.test(e.message) ? e.message : `${e.message}.`) : null,
      e && e.wait ? h("span", { class: "retry-wait" }, this.waitText()) : null);
  }

  waitText() {
    const left = Math.ceil((this.waitUntil - Date.now()) / 1000);
    return " " + (left > 0 ? _("You can try again in {n} s.", { n: left }) : _("You can try again now."));
  }

  showErrors() {
    for (const which of ["create", "upload"]) {
      const old = document.getElementById(`${which}-error`);
      if (old) old.replaceWith(this.errorBox(which));
    }
    this.checkForm();
  }

  // A refused request: the server's message in the form; over the creation limit (429) the
  // buttons wait for its Retry-After, counting down.
  failed(which, err, what) {
    const message = err.status ? `${what}: ${Accounts.accountError(err)}` : what + ": " + _("the server did not answer ({reason}).", { reason: err.message });
    const wait = err.status === 429 ? (err.retryAfter ?? 60) : null;
    if (wait !== null) {
      this.waitUntil = Math.max(this.waitUntil, Date.now() + wait * 1000);
      if (!this.waitTimer) this.waitTimer = setInterval(() => this.tick(), 1000);
    }
    this.errors[which] = { message, wait: wait !== null };
    this.showErrors();
  }

  tick() {
    for (const e of document.querySelectorAll(".retry-wait")) e.textContent = this.waitText();
    if (Date.now() >= this.waitUntil) { clearInterval(this.waitTimer); this.waitTimer = null; this.checkForm(); }
  }

  async create(e) {
    e.preventDefault();
    if (this.pending || Date.now() < this.waitUntil || this.problems().length) { this.checkForm(); return; }
    const f = e.target.elements;
    const body = {
      seats: this.seats.map(s => s.kind !== "human" ? { kind: "computer", player: s.player }
        : s.how === "account" ? { kind: "human", account: s.account.trim() }
          : s.how === "open" ? { kind: "human", open: true } : { kind: "human", name: (s.name || "").trim() || null }),
      game: this.game, hotseat: !this.rated && f.hotseat.checked, listed: f.listed.checked,
      on_resign: f.on_resign.value, resign_player: f.resign_player.value,
    };
    const clock = this.clockBody();
    if (clock) {
      body.clock = clock;
      if (this.seats.length > 2) body.on_time = this.onTime;
    }
    for (const o of this.gameInfo().options) body[o.name] = o.type === "choice" ? f[o.name].value : f[o.name].checked;
    // The seed's digits go into the JSON text as they are (the API reads a JSON integer of any
    // size exactly): through a Number (parseInt, JSON.stringify) a seed over 2**53 would change.
    let text = JSON.stringify(body);
    if (this.rated) text = `${text.slice(0, -1)},"rated":true}`;
    const seed = this.rated ? "" : seedDigits(this.seedText, this.seedBits());
    if (seed) text = `${text.slice(0, -1)},"seed":${seed}}`;
    this.errors.create = null;
    this.pending = true;
    this.showErrors();
    try {
      const c = await api("/api/games", { json: text });
      this.remember(c);
      this.showCreated(c);
    } catch (err) { this.failed("create", err, _("The game was not created")); }
    finally { this.pending = false; this.checkForm(); }
  }

  remember(c) {
    const humans = c.seats.filter(s => s.join_path);
    const links = humans.map(s => ({ seat: s.seat, name: s.name, link: s.join_link, path: s.join_path }));
    const mine = c.hotseat_token || (humans[0] && new URLSearchParams(humans[0].join_path.split("#")[1]).get("token"));
    Tokens.set(c.id, { token: mine || null, links, creator: c.creator_token || null });
  }

  // my own seat in the game made from this form: the one invited by my account's name
  mySeat() {
    const me = this.account && this.account.name.toLowerCase();
    return me ? this.seats.findIndex(s => s.kind === "human" && s.how === "account" && (s.account || "").trim().toLowerCase() === me) : -1;
  }

  showCreated(c) {
    const humans = c.seats.filter(s => s.join_path);
    const mine = this.mySeat() >= 0 ? `/play/${c.id}` : null; // the session plays my seat, no token
    if (mine && !humans.length) { location.href = mine; return; }
    if (!mine && (c.hotseat_link || humans.length <= 1)) {
      location.href = c.hotseat_link ? new URL(c.hotseat_link).pathname + new URL(c.hotseat_link).hash
        : humans.length ? humans[0].join_path : c.watch_path;
      return;
    }
    this.created.innerHTML = "";
    this.created.className = "card highlight";
    this.created.append(h("h2", {}, _("Game created")),
      h("p", {}, _("Send each person their own link: it is their seat's secret key. These links are shown once (also under Invite on the game page in this browser).")),
      h("ul", { class: "links" }, humans.map(s => h("li", {},
        h("span", { class: "swatch", style: `background:${COLOURS[s.seat]}` }), ` ${seatName(s)}: `,
        h("button", { type: "button", onclick: () => copyText(s.join_link) }, _("copy link")), " ",
        h("a", { href: s.join_path, class: "join", dataset: { seat: s.seat } }, _("play this seat"))))),
      h("p", {}, _("Anyone can watch:") + " ", h("button", { type: "button", onclick: () => copyText(c.watch_link) }, _("copy watch link"))),
      mine ? h("a", { class: "button primary", href: mine, id: "go" }, _("Play"))
        : h("a", { class: "button primary", href: humans[0].join_path, id: "go" }, _("Play as {who}", { who: seatName(humans[0]) })));
    this.created.scrollIntoView({ behavior: "smooth" });
  }

  async upload(e) {
    e.preventDefault();
    const file = e.target.elements.file.files[0];
    const refuse = message => { this.errors.upload = { message }; this.showErrors(); };
    if (!file) { refuse(_("Choose a saved game file first.")); return; }
    if (file.size > 1024 * 1024) { refuse(_("That file is too large for a saved game (over 1 MB).")); return; }
    if (this.pending || Date.now() < this.waitUntil) return;
    const text = await file.text();
    if (!text.trim()) { refuse(_("This file is empty: it is not a saved game.")); return; }
    this.errors.upload = null;
    this.pending = true;
    this.showErrors();
    try {
      const c = await api("/api/games/import", { json: text });
      this.remember(c);
      const v = await api(`/api/games/${c.id}`);
      location.href = v.status === "over" ? `/replay/${c.id}` : (c.hotseat_link ? new URL(c.hotseat_link).pathname + new URL(c.hotseat_link).hash : c.watch_path);
    } catch (err) {
      if (err.code === "bad_json") { // the server's parser's words are English: where it stopped, in ours
        refuse(err.line ? _("This file is not a saved game: it is not valid JSON (line {line}, column {column}).", { line: err.line, column: err.column })
          : _("This file is not a saved game: it is not valid JSON."));
      } else this.failed("upload", err, _("Upload refused"));
    } finally { this.pending = false; this.checkForm(); }
  }

  async refresh() {
    try { this.lastLists = await api("/api/games?limit=30"); this.renderLists(this.lastLists); }
    catch (e) { /* the next tick tries again */ }
    if (!this.account) return;
    try { this.lastMine = await api("/api/me/games"); this.renderMine(this.lastMine); }
    catch (e) { /* the next tick tries again */ }
  }

  // My games (GET /api/me/games): those waiting for my move first, then the others being played.
  renderMine(data) {
    const waiting = new Set((data.to_move || []).map(g => g.id));
    const games = [...(data.to_move || []), ...(data.playing || []).filter(g => !waiting.has(g.id))];
    const row = g => h("li", { class: "game-item" + (waiting.has(g.id) ? " to-move" : ""), dataset: { id: g.id, game: g.game } },
      h("span", { class: "game-tag" }, tag(g.game)), g.rated ? h("span", { class: "badge rated" }, _("rated")) : null, clockBadge(g),
      h("span", { class: "players" }, g.seats.map(s => h("span", { class: "who" },
        h("span", { class: "swatch", style: `background:${COLOURS[s.seat]}` }), ` ${seatName(s)}` + (s.seat === g.seat ? " (" + _("you") + ")" : "")))),
      waiting.has(g.id) ? h("strong", { class: "your-turn" }, _("your turn")) : null,
      h("span", { class: "actions" }, h("a", { href: `/play/${g.id}`, class: "play" }, waiting.has(g.id) ? _("play") : _("open"))));
    this.mineBox.replaceChildren(h("section", { class: "card" + (waiting.size ? " highlight" : ""), id: "my-games" },
      h("h2", {}, _("My games")),
      games.length ? h("ul", { class: "games" }, games.map(row)) : h("p", { class: "muted" }, _("None being played: create one, or take an open seat.")),
      h("p", { class: "small" }, h("a", { href: "/games", id: "all-my-games" }, _("Your games, with their deadlines")), " · ",
        h("a", { href: Accounts.profilePath(this.account.name) }, _("Finished games and ratings on your profile")))));
  }

  // Take an open seat of a listed game: my account claims it, and the game opens.
  async take(g, seat) {
    try { await api(`/api/games/${encodeURIComponent(g.id)}/seats/${seat}/take`, { method: "POST" }); }
    catch (e) { toast(_("Not taken: {reason}", { reason: Accounts.accountError(e) })); this.refresh(); return; }
    location.href = `/play/${g.id}`;
  }

  openSeats(games) {
    const open = games.filter(g => (g.open_seats || []).length);
    if (!open.length) return null;
    return h("section", { class: "card", id: "open-seats" }, h("h2", {}, _("Open seats")),
      this.account ? null : h("p", { class: "muted small" }, h("a", { href: "/#account", id: "login-to-take" }, _("Log in to take a seat."))),
      h("ul", { class: "games" }, open.map(g => h("li", { class: "game-item", dataset: { id: g.id, game: g.game } },
        h("span", { class: "game-tag" }, tag(g.game)), g.rated ? h("span", { class: "badge rated" }, _("rated")) : null,
        h("span", { class: "players" }, g.seats.filter(s => !g.open_seats.includes(s.seat)).map(s => h("span", { class: "who" },
          h("span", { class: "swatch", style: `background:${COLOURS[s.seat]}` }), ` ${seatName(s)}`))),
        h("span", { class: "actions" }, g.open_seats.map(n => h("button", { type: "button", class: "take", dataset: { seat: n },
          disabled: !this.account, onclick: () => this.take(g, n) },
        h("span", { class: "swatch", style: `background:${COLOURS[n]}` }), " " + _("take seat {n}", { n: n + 1 })))))))); 
  }

  // The creator deletes an unfinished game (its creator token is kept in this browser).
  async remove(g) {
    const names = g.seats.map(seatName).join(", ");
    if (!window.confirm(_("Delete the unfinished game of {names}? Its players lose it.", { names }))) return;
    try {
      await api(`/api/games/${encodeURIComponent(g.id)}`, { method: "DELETE", json: { token: Tokens.get(g.id).creator } });
      toast(_("Game deleted"), "info");
      this.refresh();
    } catch (e) { toast(_("Not deleted: {reason}", { reason: errorText(e) })); }
  }

  renderLists(data) {
    const row = (g, over) => {
      const mine = Tokens.get(g.id).token;
      const creator = Tokens.get(g.id).creator;
      return h("li", { class: "game-item", dataset: { game: g.game } },
        h("span", { class: "game-tag" }, tag(g.game)), g.rated ? h("span", { class: "badge rated" }, _("rated")) : null, clockBadge(g),
        h("span", { class: "players" }, g.seats.map(s => h("span", { class: "who" },
          h("span", { class: "swatch", style: `background:${COLOURS[s.seat]}` }), ` ${seatName(s)} `, h("strong", {}, String(s.score)),
          over && g.winners.includes(s.seat) ? " ★" : ""))),
        h("span", { class: "muted" }, " · " + (over ? ngettext("{n} move", "{n} moves", g.moves)
          : _("turn {n}", { n: g.turn || 1 }) + ", " + (g.tiles_left === null || g.tiles_left === undefined ? _("? tiles left")
            : ngettext("{n} tile left", "{n} tiles left", g.tiles_left)))),
        h("span", { class: "actions" },
          !over && mine ? h("a", { href: `/play/${g.id}#token=${encodeURIComponent(mine)}` }, _("resume")) : null,
          !over ? h("a", { href: `/play/${g.id}` }, _("watch")) : h("a", { href: `/replay/${g.id}` }, _("replay")),
          !over && creator ? h("button", { type: "button", class: "delete", dataset: { delete: g.id }, title: _("you created it: delete it"),
            onclick: () => this.remove(g) }, _("delete")) : null));
    };
    this.lists.innerHTML = "";
    this.lists.append(this.openSeats(data.open) || "",
      h("section", { class: "card" }, h("h2", {}, _("Being played")),
        data.open.length ? h("ul", { class: "games" }, data.open.map(g => row(g, false))) : h("p", { class: "muted" }, _("No game yet: create one."))),
      h("section", { class: "card" }, h("h2", {}, _("Finished")),
        data.recent.length ? h("ul", { class: "games" }, data.recent.map(g => row(g, true))) : h("p", { class: "muted" }, _("None yet."))));
  }
}

// the page, once drawn (the browser tests read it)
export let lobby = null;

window.addEventListener("DOMContentLoaded", () => I18n.ready.then(() => {
  lobby = new Lobby(document.getElementById("app"));
}));
