// The lobby: create a game (seats, computer strength, final scoring, hotseat),
// share its seat links, list games being played and finished ones, upload a save.
"use strict";

const { api, h, toast, copyText, Tokens } = window.Savanna;
const COLOURS = window.SavannaBoard.SEAT_COLOURS;
const COLOUR_NAMES = window.SavannaBoard.SEAT_NAMES;

// The turn in four steps, for a first game without the rulebook at hand.
const HOW_TO_PLAY = () => h("details", { class: "card", id: "how-to-play" },
  h("summary", {}, h("strong", {}, "How to play Carcassonne Safari")),
  h("ol", {},
    h("li", {}, "Place the drawn tile next to the others so that every edge matches: savanna to savanna, trail to trail, bush to bush. Rotate it with the arrows (or R) and click a highlighted space."),
    h("li", {}, "Then one of: put a meeple on a trail, bush or baobab of that tile (a baobab meeple draws two animal tokens at once); dig a watering hole at an open savanna corner with one of your animal tokens, or add a different animal to one (4, 5, 6 points); move a ranger; or pass."),
    h("li", {}, "At the end of the turn, finished trails and bush score for the players with most meeples there: 1, 3, 6, 10, 15 points for 1 to 5 different animals, plus 1 per bird in bush; a leader may add an animal token of a new kind. A surrounded baobab gives two tokens; a full watering hole gives 3 points to each digger."),
    h("li", {}, "A tile placed on a ranger's space sends it away: 3 points, then put it back on an empty space. When the last tile is played, each meeple on an unfinished trail or bush scores 1 point per animal and bird there, and each token in hand 1 point.")),
  h("p", { class: "muted small" }, "The full rules: the English rulebook. The move log on the game page uses the notation of the command line."));

const HOW_TO_PLAY_AFRICA = () => h("details", { class: "card", id: "how-to-play" },
  h("summary", {}, h("strong", {}, "How to play Africa")),
  h("ol", {},
    h("li", {}, "Each turn, either jump your explorer to any free space (that is the whole turn), or twice: move 0 to 2 spaces (not through face-down tiles or other explorers), then take one action."),
    h("li", {}, "Actions: discover a face-down tile next to you; move a face-up animal or nomads on or next to you to a better space (you score the improvement); build a base camp on an empty space, for points (1 per face-up animal, nomads and monument around it) or to explore (take the face-up gold and gems around it); or pass."),
    h("li", {}, "Discoveries: gold and gems score 1 or 2 and stay for a camp to take; an animal scores 1 plus 1 per like animal around it; nomads 1 per empty space around them; a monument gives a base camp; an object is yours, and you may exchange it with another player at once."),
    h("li", {}, "The game ends when the eleventh monument turns (+3 to its finder). Sets of like objects score 1/3/5/8/12; the most gold and the most gems score 10, the second most 6.")),
  h("p", { class: "muted small" }, "Click a highlighted hexagon on the map; every choice is also listed in notation."));

class Lobby {
  constructor(root) {
    this.root = root;
    this.seats = [{ kind: "human", name: "" }, { kind: "computer", player: "medium" }];
    this.game = "safari";
    this.info = null;
    this.init();
  }

  async init() {
    try { this.info = await api("/api/players"); }
    catch (e) { toast(`The server did not answer: ${e.message}`); return; }
    this.render();
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 5000);
  }

  levelOptions(selected) {
    const opts = this.info.levels.map(l => h("option", { value: l.level, selected: l.level === selected },
      `${l.level} (${l.player})`));
    const custom = !this.info.levels.some(l => l.level === selected);
    opts.push(h("option", { value: "custom", selected: custom }, "custom spec…"));
    return opts;
  }

  gameInfo() { return this.info.games.find(g => g.game === this.game) || this.info.games[0]; }

  ruleOptions() {
    return this.gameInfo().options.flatMap(o => o.type === "choice"
      ? h("fieldset", {}, h("legend", {}, "Final scoring of unfinished trails and bush"),
        o.choices.map(f => h("label", { class: "radio" },
          h("input", { type: "radio", name: o.name, value: f.value, checked: f.value === o.default }), ` ${f.value}: `,
          h("span", { class: "muted" }, f.description))))
      : [h("label", { class: "check" }, h("input", { type: "checkbox", name: o.name, checked: o.default,
        "aria-describedby": o.note ? `${o.name}-note` : null }),
        ` ${o.name === "hidden_treasure" ? "Hidden gold and gems" : o.name}: `, h("span", { class: "muted" }, o.description)),
        o.note ? h("p", { class: "muted small option-note", id: `${o.name}-note` }, o.note) : null]);
  }

  render() {
    const min = this.gameInfo().seats.min, max = this.gameInfo().seats.max;
    while (this.seats.length > max) this.seats.pop();
    const seatRows = this.seats.map((s, i) => {
      const row = h("div", { class: "seat-row", dataset: { seat: i } },
        h("span", { class: "swatch", style: `background:${COLOURS[i]}`, title: COLOUR_NAMES[i] }),
        h("select", { name: `kind-${i}`, "aria-label": `seat ${i + 1}: person or computer`,
          onchange: e => { s.kind = e.target.value; if (s.kind === "computer" && !s.player) s.player = "medium"; this.render(); } },
          h("option", { value: "human", selected: s.kind === "human" }, "person"),
          h("option", { value: "computer", selected: s.kind === "computer" }, "computer")),
        s.kind === "human"
          ? h("input", { name: `name-${i}`, value: s.name || "", placeholder: `Player ${i + 1}`, maxlength: this.info.limits.name,
            "aria-label": `seat ${i + 1} name`, oninput: e => { s.name = e.target.value; } })
          : h("span", { class: "level" },
            h("select", { name: `level-${i}`, "aria-label": `seat ${i + 1} strength`,
              onchange: e => { s.player = e.target.value === "custom" ? "mcts:time=2" : e.target.value; this.render(); } },
              this.levelOptions(s.player)),
            this.info.levels.some(l => l.level === s.player) ? null
              : h("input", { name: `spec-${i}`, value: s.player, "aria-label": "player spec", title: "e.g. mcts:time=2 or greedy",
                oninput: e => { s.player = e.target.value; } })),
        this.seats.length > min ? h("button", { type: "button", class: "icon", title: "remove this seat",
          onclick: () => { this.seats.splice(i, 1); this.render(); } }, "✕") : null);
      return row;
    });
    const form = h("form", { id: "create", class: "card", onsubmit: e => this.create(e) },
      h("h2", {}, "New game"),
      h("label", { class: "game-choice" }, "Game ", h("select", { name: "game", id: "game-select",
        onchange: e => { this.game = e.target.value; this.render(); } },
        this.info.games.map(g => h("option", { value: g.game, selected: g.game === this.game }, g.name)))),
      h("div", { class: "seat-rows" }, seatRows),
      this.seats.length < max ? h("button", { type: "button", id: "add-seat",
        onclick: () => { this.seats.push({ kind: "computer", player: "medium" }); this.render(); } }, "+ add a seat") : null,
      this.ruleOptions(),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "hotseat" }),
        " Hotseat: every person plays at this screen"),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "listed", checked: true }), " List it in the lobby"),
      h("details", {}, h("summary", {}, "More"), h("label", {}, "Seed ", h("input", { name: "seed", type: "number", placeholder: "random" }))),
      h("button", { type: "submit", class: "primary", id: "create-button" }, "Create game"));
    const upload = h("form", { class: "card", id: "upload", onsubmit: e => this.upload(e) },
      h("h2", {}, "Load a saved game"),
      h("p", { class: "muted" }, "A game saved by the command line (savanna play --save) or downloaded here. Finished games open as replays; others go on at this screen."),
      h("input", { type: "file", name: "file", accept: ".json,application/json", "aria-label": "saved game file" }),
      h("button", { type: "submit" }, "Upload"));
    this.lists = h("div", { id: "lists" });
    this.created = this.created || h("div", { id: "created" });
    this.root.innerHTML = "";
    this.root.append(
      h("header", { class: "bar" }, h("a", { href: "/", class: "brand" }, "savanna"), h("span", {}, "Carcassonne Safari"),
        h("span", { class: "spacer" }), h("a", { href: "/docs" }, "API")),
      h("div", { class: "lobby" }, h("div", { class: "col" }, form, this.created, upload), h("div", { class: "col" }, (this.game === "africa" ? HOW_TO_PLAY_AFRICA : HOW_TO_PLAY)(), this.lists)));
    if (this.lastLists) this.renderLists(this.lastLists);
  }

  async create(e) {
    e.preventDefault();
    const f = e.target.elements;
    const body = {
      seats: this.seats.map((s, i) => s.kind === "human" ? { kind: "human", name: (s.name || "").trim() || `Player ${i + 1}` }
        : { kind: "computer", player: s.player }),
      game: this.game, hotseat: f.hotseat.checked, listed: f.listed.checked,
    };
    for (const o of this.gameInfo().options) body[o.name] = o.type === "choice" ? f[o.name].value : f[o.name].checked;
    if (f.seed.value !== "") body.seed = parseInt(f.seed.value, 10);
    try {
      const c = await api("/api/games", { json: body });
      this.remember(c);
      this.showCreated(c);
    } catch (err) { toast(`Could not create the game: ${err.message}`); }
  }

  remember(c) {
    const humans = c.seats.filter(s => s.join_path);
    const links = humans.map(s => ({ seat: s.seat, name: s.name, link: s.join_link, path: s.join_path }));
    const mine = c.hotseat_token || (humans[0] && new URLSearchParams(humans[0].join_path.split("#")[1]).get("token"));
    Tokens.set(c.id, { token: mine || null, links });
  }

  showCreated(c) {
    const humans = c.seats.filter(s => s.join_path);
    if (c.hotseat_link || humans.length <= 1) {
      location.href = c.hotseat_link ? new URL(c.hotseat_link).pathname + new URL(c.hotseat_link).hash
        : humans.length ? humans[0].join_path : c.watch_path;
      return;
    }
    this.created.innerHTML = "";
    this.created.className = "card highlight";
    this.created.append(h("h2", {}, "Game created"),
      h("p", {}, "Send each person their own link: it is their seat's secret key. These links are shown once (also under Invite on the game page in this browser)."),
      h("ul", { class: "links" }, humans.map(s => h("li", {},
        h("span", { class: "swatch", style: `background:${COLOURS[s.seat]}` }), ` ${s.name}: `,
        h("button", { type: "button", onclick: () => copyText(s.join_link) }, "copy link"), " ",
        h("a", { href: s.join_path, class: "join", dataset: { seat: s.seat } }, "play this seat")))),
      h("p", {}, "Anyone can watch: ", h("button", { type: "button", onclick: () => copyText(c.watch_link) }, "copy watch link")),
      h("a", { class: "button primary", href: humans[0].join_path, id: "go" }, `Play as ${humans[0].name}`));
    this.created.scrollIntoView({ behavior: "smooth" });
  }

  async upload(e) {
    e.preventDefault();
    const file = e.target.elements.file.files[0];
    if (!file) { toast("Choose a saved game file first"); return; }
    if (file.size > 1024 * 1024) { toast("That file is too large for a saved game (over 1 MB)"); return; }
    const text = await file.text();
    try {
      const c = await api("/api/games/import", { json: text });
      this.remember(c);
      const v = await api(`/api/games/${c.id}`);
      location.href = v.status === "over" ? `/replay/${c.id}` : (c.hotseat_link ? new URL(c.hotseat_link).pathname + new URL(c.hotseat_link).hash : c.watch_path);
    } catch (err) { toast(`Upload refused: ${err.message}`); }
  }

  async refresh() {
    try { this.lastLists = await api("/api/games?limit=30"); this.renderLists(this.lastLists); }
    catch (e) { /* the next tick tries again */ }
  }

  renderLists(data) {
    const row = (g, over) => {
      const mine = Tokens.get(g.id).token;
      return h("li", { class: "game-item", dataset: { game: g.game } },
        h("span", { class: "game-tag" }, g.game === "africa" ? "Africa" : "Safari"),
        h("span", { class: "players" }, g.seats.map(s => h("span", { class: "who" },
          h("span", { class: "swatch", style: `background:${COLOURS[s.seat]}` }), ` ${s.name} `, h("strong", {}, String(s.score)),
          over && g.winners.includes(s.seat) ? " ★" : ""))),
        h("span", { class: "muted" }, over ? ` · ${g.moves} moves` : ` · turn ${g.turn || 1}, ${g.tiles_left ?? "?"} tiles left`),
        h("span", { class: "actions" },
          !over && mine ? h("a", { href: `/play/${g.id}#token=${encodeURIComponent(mine)}` }, "resume") : null,
          !over ? h("a", { href: `/play/${g.id}` }, "watch") : h("a", { href: `/replay/${g.id}` }, "replay")));
    };
    this.lists.innerHTML = "";
    this.lists.append(
      h("section", { class: "card" }, h("h2", {}, "Being played"),
        data.open.length ? h("ul", { class: "games" }, data.open.map(g => row(g, false))) : h("p", { class: "muted" }, "No game yet: create one.")),
      h("section", { class: "card" }, h("h2", {}, "Finished"),
        data.recent.length ? h("ul", { class: "games" }, data.recent.map(g => row(g, true))) : h("p", { class: "muted" }, "None yet.")));
  }
}

window.addEventListener("DOMContentLoaded", () => { window.lobby = new Lobby(document.getElementById("app")); });
