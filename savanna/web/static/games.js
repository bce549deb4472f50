// @ts-check
// The games' own parts of the pages, found by the game's name. Which files a game has, the
// server's catalogue says (GET /api/catalogue: each game's description, with its scripts and
// styles); `load` adds a game's styles to the page and imports its modules, by the names the
// page's import map gives them ("savanna/<game>-ui.js"; the server builds the map from the same
// catalogue), and its modules register what they bring under the game's name: the lobby's
// texts (how to play, the options' headings), the words for its moves and scorings, the game
// page's part (`UI`). A game's module imports the ones whose parts it reads as it runs.
import * as Savanna from "./common.js";

const parts = {}; // name -> what the game's scripts registered, merged
const loading = new Map(); // url -> the promise of its <link> having loaded
let catalogue = null;

// what a game's script brings, merged with what its other scripts brought
function register(name, own) {
  parts[name] = Object.assign(parts[name] || {}, own);
  return parts[name];
}

function get(name) { return Object.prototype.hasOwnProperty.call(parts, name) ? parts[name] : null; }

// every game's parts registered so far, as [name, parts]
function all() { return Object.entries(parts); }

// the server's catalogue of games (asked once a page)
function fetchCatalogue() {
  if (!catalogue) catalogue = Savanna.api("/api/catalogue");
  return catalogue;
}

// a stylesheet of the static folder added to the page once
function style(name) {
  const url = `/static/${name}`;
  if (!loading.has(url)) {
    loading.set(url, new Promise((resolve, reject) => {
      const e = Object.assign(document.createElement("link"), { rel: "stylesheet", href: url });
      e.addEventListener("load", resolve);
      e.addEventListener("error", () => reject(new Error(url))); // the caller says what it could not show
      document.head.appendChild(e);
    }));
  }
  return loading.get(url);
}

// a game's module, by its name in the import map (a module loads once however often it is asked)
const script = name => import(`savanna/${name}`).catch(() => { throw new Error(`/static/${name}`); });

// a game's scripts and styles on the page; resolves to its parts once they have all loaded
// (rejects with the name of what is missing: a game the catalogue has not, a file)
async function load(name) {
  const entry = (await fetchCatalogue()).games.find(g => g.game === name);
  if (!entry) throw new Error(name);
  await Promise.all([...entry.styles.map(style), ...entry.scripts.map(script)]);
  return get(name);
}

export { register, get, all, fetchCatalogue as catalogue, load };
