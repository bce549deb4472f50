"""The web pages' languages: the gettext catalogues in `locale/`, served as JSON.

The pages' sentences are written in English in the JavaScript (`_("...")`,
`ngettext(...)`) and extracted with Babel into `locale/messages.pot`; each language
has its catalogue `locale/<lang>/LC_MESSAGES/messages.po` (see docs/architecture/contributing.md for updating
them). English needs none: its message ids are its sentences.

A page chooses its plural form with the browser's `Intl.PluralRules`, which names a
CLDR category ("one", "few", "many", "other"); a gettext catalogue numbers its forms
by its own `Plural-Forms` expression. `catalogue()` gives the page the bridge: which
form index each category takes, worked out from the two rules over sample numbers.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.pofile import read_po

LOCALE = Path(__file__).parent.parent / "locale"
LANGUAGES = ("en", "fr", "it", "de")  # English first: the source language and the fallback
DOMAIN = "messages"
# numbers whose categories cover every integer case of the supported languages (0, 1, the
# teens, hundreds, millions: French and Italian say "many" of a million)
SAMPLES = [*range(0, 202), 1000, 10000, 100000, 1000000, 1000001, 2000000]


def po_path(lang: str) -> Path:
    """Where the catalogue of `lang` lives."""
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def plural_categories(lang: str, plural_expr: str) -> dict[str, int]:
    """CLDR plural category -> the gettext form the catalogue's `Plural-Forms` gives it.

    Raises ValueError if a category falls on two forms (the catalogue's rule and CLDR's
    disagree, and the page could not choose)."""
    form_of = gettext.c2py(plural_expr)
    locale = Locale.parse(lang)
    out: dict[str, int] = {}
    for n in SAMPLES:
        category, form = locale.plural_form(n), int(form_of(n))
        if out.setdefault(category, form) != form:
            raise ValueError(f"catalogue {lang}: plural category {category!r} is form {out[category]} "
                             f"and form {form} (n={n}); fix its Plural-Forms")
    return out


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, Any]:
    """The page's catalogue for `lang`: {"lang", "plural": {category: index}, "messages":
    {msgid: text or [forms]}}, translated messages only (fuzzy ones are left out: the page
    falls back to English for them). Read once per process. Raises KeyError for a language
    this app does not have."""
    if lang not in LANGUAGES:
        raise KeyError(f"no catalogue for language {lang!r}; there are: {', '.join(LANGUAGES)}")
    if lang == "en":
        return {"lang": "en", "plural": plural_categories("en", "(n != 1)"), "messages": {}}
    with po_path(lang).open("rb") as f:
        cat = read_po(f, locale=lang)
    messages: dict[str, Any] = {}
    for m in cat:
        if not m.id or m.fuzzy:
            continue
        if m.pluralizable:  # (then its id and string are tuples: singular and plural)
            forms = list(m.string or ())
            if all(forms):
                messages[str(m.id[0])] = forms
        elif m.string:
            messages[str(m.id)] = m.string
    return {"lang": lang, "plural": plural_categories(lang, cat.plural_expr), "messages": messages}
