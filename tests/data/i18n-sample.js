// tests/test_web_i18n.py: one sentence left in English among translated ones
const a = _("Place the tile");
const b = h("p", {}, "Place the tile on the board");
const c = ngettext("{n} bird", "{n} birds", 2, { who: _("the trail") });
const d = "choice fit now";
