// @ts-check
// The page's language: chosen from the browser's languages (the first one this app has),
// or the one picked in the page's switch (remembered in this browser), else English.
// Every sentence of the pages goes through _() or ngettext() with English as the message
// id; the translations are gettext catalogues (savanna/web/locale/) that the server serves
// as JSON, one per language, with which plural form goes with which CLDR category. Named
// placeholders ("{who} passes") are filled from an object; numbers are formatted for the
// language by Intl. A page waits for `ready` before drawing itself.

const LANGUAGES = { en: "English", fr: "Français", it: "Italiano", de: "Deutsch" };
const KEY = "savanna:lang";

function stored() { try { return localStorage.getItem(KEY); } catch (e) { return null; } }

// the first supported language among the browser's, by its primary subtag ("fr-CA" -> fr)
function pick() {
  const own = stored();
  if (own && LANGUAGES[own]) return own;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES[primary]) return primary;
  }
  return "en";
}

const lang = pick();
document.documentElement.lang = lang;
let messages = {}; // msgid -> translation, or msgid -> [plural forms]
let plural = { one: 0, other: 1 }; // CLDR category -> index of the gettext plural form
const rules = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(lang);

// English needs no catalogue (the message ids are its sentences); a catalogue that does not
// come leaves the page in English rather than blank
const ready = lang === "en" ? Promise.resolve() : fetch(`/api/messages/${lang}`)
  .then(r => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}`))))
  .then(c => { messages = c.messages || {}; plural = c.plural || plural; })
  .catch(e => { console.warn(`no ${lang} catalogue: ${e.message}`); });

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (all, name) => {
    if (!(name in params)) return all;
    const v = params[name];
    return typeof v === "number" ? numbers.format(v) : String(v);
  });
}

// a sentence in the page's language, its {placeholders} filled from params
function _(msgid, params) {
  const t = messages[msgid];
  return fill(typeof t === "string" && t ? t : msgid, params);
}

// the form for n ({n} is filled with it too)
function ngettext(singular, pluralText, n, params) {
  const forms = messages[singular];
  const all = { n, ...params };
  if (Array.isArray(forms) && forms.every(f => f)) {
    const i = plural[rules.select(n)];
    return fill(forms[i === undefined ? forms.length - 1 : i], all);
  }
  return fill(n === 1 ? singular : pluralText, all);
}

// marks a sentence for the catalogue where it is written; translated where it is shown
function N_(msgid) { return msgid; }

function number(n) { return numbers.format(n); }

// "Ann and Bob", "Ann, Bob et Cy": names joined as the language joins them
function list(items) { return new Intl.ListFormat(lang, { type: "conjunction" }).format(items); }

// the switch: a select of the languages by their own names; a change reloads the page in it
function switcher() {
  const select = document.createElement("select");
  select.id = "lang-select";
  select.className = "lang-select";
  select.setAttribute("aria-label", _("Language"));
  select.title = _("Language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const o = document.createElement("option");
    o.value = code;
    o.lang = code;
    o.textContent = name;
    o.selected = code === lang;
    select.appendChild(o);
  }
  select.addEventListener("change", () => {
    try { localStorage.setItem(KEY, select.value); } catch (e) { /* private mode: this page only */ }
    location.reload();
  });
  return select;
}

export { lang, LANGUAGES, ready, _, ngettext, N_, number, list, switcher };
