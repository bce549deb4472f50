// What the page's modules find in a browser and Node has not, as little as they read when they
// load (the pure parts under test touch none of it): a document, a language, a storage.
const store = new Map();
globalThis.window ??= globalThis;
globalThis.navigator ??= { languages: ["en"], language: "en" };
globalThis.localStorage ??= {
  getItem: k => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: k => store.delete(k),
};
globalThis.document ??= {
  documentElement: {},
  cookie: "",
  addEventListener() {},
  createElementNS() { throw new Error("no DOM in unit tests"); },
  createElement() { throw new Error("no DOM in unit tests"); },
};
globalThis.location ??= { pathname: "/", search: "", hash: "" };
