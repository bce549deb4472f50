// @ts-check
// The accounts' part of every page: who is logged in (GET /api/me), the header's links (one's
// profile, account, log out; the leaderboards), the register and log-in form, and what the
// server's refusals of an account's request mean, in the page's language. Accounts are
// optional: without one, a person plays through join links as before.

import * as I18n from "./i18n.js";
import * as Savanna from "./common.js";
import { api, h, errorText } from "./common.js";
import { _, N_ } from "./i18n.js";

// The accounts' refusals by code (edge/accounts.py, table/accounts.py); a code with several
// causes is told apart by the server's English message. English pages show the server's own.
const ERRORS = {
  name_taken: N_("That name is taken (names are the same in any case)."),
  bad_login: N_("Unknown name or wrong password."),
  wrong_password: N_("That is not your current password."),
  bad_csrf_token: N_("This page's security token is not your session's: reload the page and try again."),
  bad_origin: N_("This request came from a page of another site: refused, to protect your account."),
  rate_limited: N_("Too many tries."),
  not_open: N_("That seat is not open."),
  already_seated: N_("You have a seat in this rated game already."),
};
function accountError(err) {
  const en = I18n.lang === "en";
  const m = String(err.message || "");
  if (en) return m;
  if (err.code === "weak_password")
    return /common/.test(m) ? _("That password is one of the 10,000 most common: choose another.")
      : _("A password has at least 8 characters.");
  if (err.code === "bad_name")
    return /computer/.test(m) ? _("That is a computer player's name: people choose another.")
      : _("A name has 2 to 24 characters: letters, digits, spaces, _ or -, with no space at either end nor two together.");
  if (err.code === "unknown_account") {
    const named = /named '([^']*)'/.exec(m);
    return named ? _("No account is named {name}.", { name: named[1] }) : _("No account has that name.");
  }
  if (ERRORS[err.code]) return _(ERRORS[err.code]);
  return errorText(err);
}

// the page's account: GET /api/me, or null when nobody is logged in here (no session cookie:
// its readable twin, savanna_csrf, is missing, and no request is made)
let mine = null;
function me() {
  if (!mine) {
    mine = !/(?:^|;\s*)savanna_csrf=/.test(document.cookie) ? Promise.resolve(null)
      : api("/api/me").catch(e => { if (e.status === 401) return null; throw e; });
  }
  return mine;
}

const profilePath = name => `/players/${encodeURIComponent(name)}`;

async function logOut() {
  try { await api("/api/session", { method: "DELETE" }); }
  catch (e) { Savanna.toast(_("Not logged out: {reason}", { reason: accountError(e) })); return; }
  location.href = "/";
}

// the header's account links: the leaderboards; logged in, one's name (to one's profile), one's
// account and a log-out button; else a link to the lobby's log-in form
function barLinks(account) {
  const out = [h("a", { href: "/games", id: "your-games-link" }, _("Your games")),
    h("a", { href: "/leaderboard", id: "leaderboard-link" }, _("Leaderboards"))];
  if (account) {
    out.push(h("a", { href: profilePath(account.name), id: "me-link", class: "me", title: _("your profile") }, account.name),
      h("a", { href: "/account", id: "account-link" }, _("My account")),
      h("button", { type: "button", id: "logout", onclick: logOut }, _("Log out")));
  } else {
    out.push(h("a", { href: "/#account", id: "login-link" }, _("Log in")));
  }
  return out;
}

// a page's header: the brand, its title, the account links and the language switch (on a
// narrow screen the links wrap to a line of their own)
function header(title, account) {
  return h("header", { class: "bar account-bar" }, h("a", { href: "/", class: "brand" }, "savanna"),
    title ? h("span", { class: "page-title" }, title) : null, h("span", { class: "spacer" }),
    h("nav", { class: "bar-links", "aria-label": _("Accounts") }, barLinks(account)), I18n.switcher());
}

// A refusal in a form: its sentence, and after a 429 a count-down to when a new try may go
// (the form's submit button waits as long).
function errorBox(id) {
  const box = h("div", { id, class: "form-error", role: "alert", hidden: true });
  let timer = null;
  box.show = (err, button) => {
    clearInterval(timer);
    const said = accountError(err), text = said.charAt(0).toUpperCase() + said.slice(1);
    box.replaceChildren(h("span", { class: "message" }, /[.!?)]$/.test(text) ? text : `${text}.`));
    box.hidden = false;
    if (err.status === 429) {
      const until = Date.now() + (err.retryAfter ?? 60) * 1000;
      const wait = h("span", { class: "retry-wait" });
      box.append(wait);
      const tick = () => {
        const left = Math.ceil((until - Date.now()) / 1000);
        wait.textContent = left > 0 ? _("You can try again in {n} s.", { n: left }) : _("You can try again now.");
        if (button) button.disabled = left > 0;
        if (left <= 0) clearInterval(timer);
      };
      tick();
      timer = setInterval(tick, 1000);
    }
  };
  box.clear = () => { clearInterval(timer); box.hidden = true; box.replaceChildren(); };
  return box;
}

// The form to log in or register (one form, switched between the two): `done(login)` after
// the server set the session cookie.
function entryForm(done, mode = "login") {
  const form = h("form", { id: "entry-form", class: "entry-form", dataset: { mode } });
  const draw = () => {
    const login = mode === "login";
    const error = errorBox("entry-error");
    const submit = h("button", { type: "submit", class: "primary", id: "entry-submit" }, login ? _("Log in") : _("Register"));
    form.dataset.mode = mode;
    form.replaceChildren(
      h("h2", { id: "entry-title" }, login ? _("Log in") : _("Register")),
      h("p", { class: "muted small" }, login ? _("With an account your seats follow you to any device, and rated games count.")
        : _("An account is optional: games through links need none. A name of 2 to 24 characters, a password of at least 8.")),
      h("div", { class: "fields" },
        h("label", {}, _("Name"), h("input", { name: "name", id: "entry-name", autocomplete: "username", required: true,
          minlength: 2, maxlength: 24, autocapitalize: "none", spellcheck: "false" })),
        h("label", {}, _("Password"), h("input", { name: "password", id: "entry-password", type: "password", required: true,
          minlength: login ? null : 8, maxlength: 256, autocomplete: login ? "current-password" : "new-password" }))),
      error, h("div", { class: "form-actions" }, submit,
        h("button", { type: "button", class: "link", id: "entry-switch", onclick: () => { mode = login ? "register" : "login"; draw(); } },
          login ? _("New here? Register") : _("Have an account? Log in"))));
    form.onsubmit = async e => {
      e.preventDefault();
      const f = form.elements;
      error.clear();
      submit.disabled = true;
      try {
        const out = await api(login ? "/api/session" : "/api/accounts", { json: { name: f.name.value, password: f.password.value } });
        mine = null;
        done(out);
      } catch (err) {
        error.show(err, submit);
        if (err.status !== 429) submit.disabled = false;
      }
    };
  };
  draw();
  return form;
}

// a date as the page's language writes it (the day, or the day and time)
function when(iso, withTime = false) {
  if (!iso) return "";
  const d = new Date(iso);
  return new Intl.DateTimeFormat(I18n.lang, withTime ? { dateStyle: "medium", timeStyle: "short" }
    : { dateStyle: "medium" }).format(d);
}

// a rating as players write it: "1532", never "1,532"
const ratings = new Intl.NumberFormat(I18n.lang, { useGrouping: false, maximumFractionDigits: 0 });
const rating = n => ratings.format(n);

export { me, barLinks, header, entryForm, errorBox, accountError, logOut, profilePath, when, rating };
