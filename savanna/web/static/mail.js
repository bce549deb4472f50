// @ts-check
// The players' mail on the pages (edge/mail_routes.py): the seat's "e-mail me when it is my
// turn" field on the game page, and the account page's address. Shown only when the server sends
// mail (GET /api/mail). An address is the holder's alone: the server shows it to nobody else.

import * as I18n from "./i18n.js";
import { api, h, toast, errorText } from "./common.js";
import { _ } from "./i18n.js";

let enabled = null;
function mailOn() {
  if (!enabled) enabled = api("/api/mail").then(r => !!r.enabled).catch(() => false);
  return enabled;
}

// the form of an address: `current` shown, `save(address)` and `remove()` called; its ids start with `id`
function addressForm(id, title, hint, current, save, remove) {
  const input = h("input", { type: "email", id: `${id}-input`, name: "email", autocomplete: "email", maxlength: 254,
    placeholder: "ann@example.org", value: current || "", required: true });
  const said = h("p", { class: "form-error", id: `${id}-error`, role: "alert", hidden: true });
  const stop = h("button", { type: "button", id: `${id}-remove`, hidden: !current }, _("Stop the mails"));
  const form = h("form", { class: "mail-form", id },
    h("label", {}, title, input), h("p", { class: "muted small" }, hint), said,
    h("div", { class: "buttons" }, h("button", { type: "submit", class: "primary", id: `${id}-save` }, _("Save")), stop));
  const failed = e => { said.textContent = errorText(e); said.hidden = false; };
  form.onsubmit = async e => {
    e.preventDefault();
    said.hidden = true;
    try {
      const out = await save(input.value.trim());
      input.value = out.email;
      stop.hidden = false;
      toast(_("Mails go to {email}", { email: out.email }), "info");
    } catch (err) { failed(err); }
  };
  stop.onclick = async () => {
    said.hidden = true;
    try { await remove(); input.value = ""; stop.hidden = true; toast(_("No more mails"), "info"); }
    catch (err) { failed(err); }
  };
  return form;
}

// the game page's field for the seat this browser (or account) plays alone, in a timed game (the
// only ones that mail); null if none
function seatField(page, mine) {
  if (mine.length !== 1 || page.view.seats[mine[0]].hotseat || !page.view.clock) return null;
  if (page.mailField) return page.mailField;
  const box = h("details", { class: "mail-seat", id: "mail-seat", hidden: true },
    h("summary", {}, _("E-mail me when it is my turn")));
  page.mailField = box;
  const seat = mine[0];
  const key = page.token ? { token: page.token } : {};
  mailOn().then(async on => {
    if (!on) return;
    const q = new URLSearchParams({ seat, ...key });
    let current = null;
    try { current = (await api(`/api/games/${encodeURIComponent(page.id)}/email?${q}`)).email; } catch (e) { return; }
    const path = `/api/games/${encodeURIComponent(page.id)}/email`;
    box.append(addressForm("mail-seat-form", _("Your e-mail address"),
      _("In a game over days, a mail when it is your turn; in a timed game, when your time runs low. Only you see this address; it is forgotten when the game ends."),
      current,
      email => api(path, { json: { ...key, seat, email, lang: I18n.lang } }),
      () => api(path, { json: { ...key, seat, email: null } })));
    if (current) box.open = true;
    box.hidden = false;
  });
  return box;
}

// the account page's card (when the server sends mail)
async function accountCard(account) {
  if (!(await mailOn())) return null;
  return h("section", { class: "card", id: "email" }, h("h2", {}, _("E-mail")),
    addressForm("email-form", _("Your e-mail address"),
      _("A mail when it is your turn in a game over days, and when your time runs low in a timed game. Only you see this address."),
      account.email,
      email => api("/api/me/email", { method: "PUT", json: { email, lang: I18n.lang } }),
      () => api("/api/me/email", { method: "DELETE" })));
}

export { seatField, accountCard, mailOn };
