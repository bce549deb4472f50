// @ts-check
// One's account (/account): the sessions (this one marked, the others ended one by one), a
// new password (the other sessions end), and deleting the account (its password asked, then
// confirmed). Not logged in: the log-in form, and this page again after it.

import * as A from "./accounts.js";
import * as Mail from "./mail.js";
import * as I18n from "./i18n.js";
import { api, h, toast } from "./common.js";
import { _, ngettext } from "./i18n.js";

class AccountPage {
  constructor(root) { this.root = root; this.load(); }

  async load() {
    let account;
    try { account = await A.me(); } catch (e) { toast(_("The server did not answer: {reason}", { reason: e.message })); return; }
    document.title = "savanna · " + _("My account");
    const main = h("main", { class: "account-main" });
    this.root.replaceChildren(A.header(_("My account"), account), main);
    if (!account) {
      main.append(h("section", { class: "card", id: "account" }, A.entryForm(() => location.reload())));
      return;
    }
    this.account = account;
    main.append(
      h("section", { class: "card", id: "account-summary" }, h("h1", {}, account.name),
        h("p", { class: "muted" }, _("Account created on {date}.", { date: A.when(account.created) })),
        h("p", {}, h("a", { href: A.profilePath(account.name), id: "profile-link" }, _("Your profile: ratings and games")))),
      this.sessionsCard(account.sessions),
      this.passwordCard(),
      this.deleteCard());
    const mail = await Mail.accountCard(account); // (when the server sends mail)
    if (mail) document.getElementById("sessions").before(mail);
  }

  sessionsCard(sessions) {
    const rows = sessions.map(s => h("tr", { dataset: { session: s.id }, class: s.current ? "current" : null },
      h("td", {}, h("span", { class: "agent" }, shortAgent(s.agent) || _("unknown browser")),
        s.current ? h("strong", { class: "this-one" }, " · " + _("this one")) : null),
      h("td", { dataset: { label: _("Address") } }, s.address || "–"),
      h("td", { dataset: { label: _("Logged in") } }, A.when(s.created, true)),
      h("td", { dataset: { label: _("Last seen") } }, A.when(s.last_seen, true)),
      h("td", {}, s.current ? null : h("button", { type: "button", class: "end-session", onclick: () => this.end(s) }, _("End")))));
    return h("section", { class: "card", id: "sessions" }, h("h2", {}, _("Sessions")),
      h("p", { class: "muted small" }, _("Where your account is logged in, the last used first. End one you do not know, then change your password.")),
      h("div", { class: "table-wrap" }, h("table", { class: "data" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, _("Browser")), h("th", { scope: "col" }, _("Address")),
          h("th", { scope: "col" }, _("Logged in")), h("th", { scope: "col" }, _("Last seen")), h("th", { scope: "col" }, h("span", { class: "sr-only" }, _("End"))))),
        h("tbody", {}, rows))));
  }

  async end(s) {
    try { await api(`/api/me/sessions/${encodeURIComponent(s.id)}`, { method: "DELETE" }); }
    catch (e) { toast(_("Not ended: {reason}", { reason: A.accountError(e) })); return; }
    toast(_("Session ended"), "info");
    const { sessions } = await api("/api/me/sessions");
    document.getElementById("sessions").replaceWith(this.sessionsCard(sessions));
  }

  passwordCard() {
    const error = A.errorBox("password-error");
    const button = h("button", { type: "submit", class: "primary", id: "password-submit" }, _("Change password"));
    const form = h("form", { class: "card", id: "password" }, h("h2", {}, _("Change password")),
      h("p", { class: "muted small" }, _("Your other sessions end: log in there again with the new password.")),
      h("div", { class: "fields" },
        h("label", {}, _("Current password"), h("input", { type: "password", name: "password", required: true, autocomplete: "current-password" })),
        h("label", {}, _("New password"), h("input", { type: "password", name: "new_password", required: true, minlength: 8, autocomplete: "new-password" })),
        h("label", {}, _("New password again"), h("input", { type: "password", name: "again", required: true, minlength: 8, autocomplete: "new-password" }))),
      error, h("div", { class: "form-actions" }, button));
    form.onsubmit = async e => {
      e.preventDefault();
      const f = form.elements;
      error.clear();
      if (f.new_password.value !== f.again.value) {
        error.show({ code: "mismatch", message: _("The two new passwords differ.") });
        return;
      }
      button.disabled = true;
      try {
        const out = await api("/api/me/password", { json: { password: f.password.value, new_password: f.new_password.value } });
        form.reset();
        toast(ngettextEnded(out.ended), "info");
        const { sessions } = await api("/api/me/sessions");
        document.getElementById("sessions").replaceWith(this.sessionsCard(sessions));
      } catch (err) { error.show(err, button); }
      finally { if (!error.querySelector(".retry-wait")) button.disabled = false; }
    };
    return form;
  }

  deleteCard() {
    const error = A.errorBox("delete-error");
    const button = h("button", { type: "submit", class: "danger", id: "delete-submit" }, _("Delete my account"));
    const form = h("form", { class: "card danger-zone", id: "delete" }, h("h2", {}, _("Delete the account")),
      h("p", { class: "muted small" }, _("Your games stay, under your name, which then no longer links to you; the name is free again. This cannot be undone.")),
      h("p", { class: "muted small", id: "delete-resigns" }, _("Your seats in games not yet over are resigned.")),
      h("div", { class: "fields" },
        h("label", {}, _("Password"), h("input", { type: "password", name: "password", required: true, autocomplete: "current-password" }))),
      error, h("div", { class: "form-actions" }, button));
    form.onsubmit = async e => {
      e.preventDefault();
      error.clear();
      if (!window.confirm(_("Delete the account {name} for good?", { name: this.account.name }))) return;
      button.disabled = true;
      try {
        await api("/api/me", { method: "DELETE", json: { password: form.elements.password.value } });
        location.href = "/";
      } catch (err) { error.show(err, button); button.disabled = err.status === 429; }
    };
    return form;
  }
}

function ngettextEnded(n) {
  return ngettext("Password changed; {n} other session ended.", "Password changed; {n} other sessions ended.", n);
}

// the server's summary of a session's browser ("Firefox on Linux", else the start of its
// User-Agent), in the page's language
function shortAgent(agent) {
  const m = /^(\S+) on (\S+)$/.exec(agent || "");
  return m ? _("{browser} on {system}", { browser: m[1], system: m[2] }) : agent;
}

// accounts.html serves /account, /players/{name} and /leaderboard: each script starts on its own
// the page, once drawn (the browser tests read it)
export let accountPage = null;

if (location.pathname === "/account") window.addEventListener("DOMContentLoaded", () => I18n.ready.then(() => {
  accountPage = new AccountPage(document.getElementById("app"));
}));
