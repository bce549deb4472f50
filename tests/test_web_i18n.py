"""The web pages' languages: every sentence the JavaScript marks for translation is in
the French, Italian and German catalogues, translated, with the same placeholders, and
the catalogues are up to date with the code; the server serves them with their plural
rule (savanna/web/i18n.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("babel")
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from savanna.web.edge import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "savanna" / "web" / "locale"
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def extract() -> set:
    """The message ids pybabel finds in the pages' JavaScript now, as babel.cfg says (its
    patterns are from the repository's root)."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {**DEFAULT_KEYWORDS, "N_": None}
    return {message for _file, _line, message, _comments, _context
            in extract_from_dir(ROOT, method_map, options_map, keywords=keywords)}


@pytest.fixture(scope="module")
def template():
    with (LOCALE / "messages.pot").open("rb") as f:
        return {m.id: m for m in read_po(f) if m.id}


@pytest.fixture(scope="module", params=TRANSLATED)
def catalogue(request):
    with i18n.po_path(request.param).open("rb") as f:
        return request.param, read_po(f, locale=request.param)


def test_the_template_holds_every_message_of_the_code(template):
    now = extract()
    new = sorted(str(k) for k in set(now) - set(template))
    gone = sorted(str(k) for k in set(template) - set(now))
    assert not new, f"messages in the JavaScript missing from messages.pot (run pybabel extract, see babel.cfg): {new}"
    assert not gone, f"messages in messages.pot no longer in the JavaScript (run pybabel extract): {gone}"
    assert len(now) > 300  # the pages' sentences, not a handful


def test_every_message_written_in_the_code_is_in_the_template(template):
    # a cross-check of the extractor: a _() it cannot see (babel skips one nested in a template
    # literal's ${...} with braces, or in another call's arguments) would stay English
    singular = {k[0] if isinstance(k, tuple) else k for k in template}
    written = re.compile(r'\b(?:_|N_|ngettext)\(\s*"((?:[^"\\]|\\.)*)"')
    unseen = [(p.name, m.group(1)) for p in sorted((ROOT / "savanna" / "web" / "static").glob("*.js"))
              for m in written.finditer(p.read_text(encoding="utf-8")) if m.group(1) not in singular]
    assert not unseen, f"messages pybabel does not extract (write them outside ${{...}} and nested calls): {unseen}"


def test_every_catalogue_translates_every_message_with_its_placeholders(template, catalogue):
    lang, cat = catalogue
    problems = []
    for msgid, source in template.items():
        m = cat.get(msgid)
        if m is None:
            problems.append(f"missing: {msgid!r}")
            continue
        if m.fuzzy:
            problems.append(f"fuzzy: {msgid!r}")
        forms = list(m.string) if isinstance(msgid, tuple) else [m.string]
        if isinstance(msgid, tuple) and len(forms) != cat.num_plurals:
            problems.append(f"{len(forms)} plural forms, not {cat.num_plurals}: {msgid!r}")
        wanted = set(PLACEHOLDER.findall(msgid[-1] if isinstance(msgid, tuple) else msgid))
        for form in forms:
            if not form:
                problems.append(f"untranslated: {msgid!r}")
            elif isinstance(msgid, tuple):
                # a plural form may leave out {n} (one form may say "one"), never add another name
                if not set(PLACEHOLDER.findall(form)) <= wanted or not wanted - {"n"} <= set(PLACEHOLDER.findall(form)):
                    problems.append(f"placeholders {sorted(set(PLACEHOLDER.findall(form)))} not {sorted(wanted)}: {form!r}")
            elif set(PLACEHOLDER.findall(form)) != wanted:
                problems.append(f"placeholders {sorted(set(PLACEHOLDER.findall(form)))} not {sorted(wanted)}: {form!r}")
    extra = [m.id for m in cat if m.id and m.id not in template]
    assert not extra, f"{lang}: obsolete messages (run pybabel update): {extra}"
    assert not problems, f"{lang}:\n" + "\n".join(problems)


def test_no_english_sentence_is_left_in_a_catalogue(template, catalogue):
    # names, notation and symbols may read the same in English; a sentence of several words may not
    lang, cat = catalogue
    same = [m.id for m in cat if m.id and not isinstance(m.id, tuple) and m.string == m.id and len(m.id.split()) > 3]
    assert not same, f"{lang}: left in English: {same}"


def test_the_served_catalogue_has_the_translations_and_the_plural_rule():
    fr = i18n.catalogue("fr")
    assert fr["messages"]["{who} passes"] == "{who} passe"
    assert fr["messages"]["{n} bird"] == ["{n} oiseau", "{n} oiseaux"]
    # French says "0 oiseau" (form 0) and, of a million, "many", which gettext's (n > 1) makes form 1
    assert fr["plural"] == {"one": 0, "many": 1, "other": 1}
    assert i18n.catalogue("de")["plural"] == {"one": 0, "other": 1}
    assert i18n.catalogue("en")["messages"] == {}


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(KeyError, match="no catalogue for language 'xx'; there are: en, fr, it, de"):
        i18n.catalogue("xx")


def test_a_plural_rule_that_contradicts_the_language_is_refused():
    # German's "one" is n == 1; a catalogue claiming (n > 1) would put 0 in the "one" form
    with pytest.raises(ValueError, match="plural category 'other'"):
        i18n.plural_categories("de", "(n > 1)")


def test_the_server_serves_a_catalogue_and_names_the_languages_it_has(tmp_path):
    from fastapi.testclient import TestClient

    from web_apps import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", autoplay=False)) as client:
        r = client.get("/api/messages/it")
        assert r.status_code == 200 and r.json()["lang"] == "it"
        assert r.json()["messages"]["Pass"] == "Passa"
        assert "max-age" in r.headers["cache-control"]
        bad = client.get("/api/messages/xx")
        assert bad.status_code == 404 and bad.json()["code"] == "not_found"
        assert "there are: en, fr, it, de" in bad.json()["message"]


# Sentences in the JavaScript that no person reads: a thrown patch error, a console warning,
# a CSS selector (each is found by the scan below, and is not for translation).
NOT_FOR_PEOPLE = {"button, a, input, select, textarea, summary", "patch: no ${op.path}",
                  "no ${lang} catalogue: ${e.message}"}
ENGLISH = re.compile(r"\b(the|an?|to|of|is|are|on|and|or|your|you|no|not|this|with|for|in|at|it|its|be|has|have)\b", re.I)
# what may come before a `/` that starts a regular expression rather than divides
_BEFORE_REGEX = {"return", "typeof", "case", "do", "else", "in", "of", "instanceof", "new", "delete", "void", "throw",
                 "yield", "await"}


def _skip_quoted(src: str, i: int) -> int:
    """The index just past the string literal ('...' or "...") that starts at `i`."""
    quote, i = src[i], i + 1
    while i < len(src) and src[i] != quote:
        i += 2 if src[i] == "\\" else 1
    return i + 1


def _skip_template(src: str, i: int) -> int:
    """The index just past the template literal that starts at `i`, its ${...} parts (and any
    string, template or braces in them) included."""
    i += 1
    while i < len(src) and src[i] != "`":
        if src[i] == "\\":
            i += 2
        elif src.startswith("${", i):
            depth, i = 1, i + 2
            while i < len(src) and depth:
                c = src[i]
                if c in "'\"":
                    i = _skip_quoted(src, i)
                elif c == "`":
                    i = _skip_template(src, i)
                else:
                    depth += {"{": 1, "}": -1}.get(c, 0)
                    i += 1
        else:
            i += 1
    return i + 1


def js_tokens(src: str) -> list[tuple[str, str, int]]:
    """The tokens of a script as (type, text, line): "name", "number", "string", "template_string",
    "regexp" and one-character "operator"s; comments and blanks left out. Enough of JavaScript's
    lexical grammar for the scan below (a `/` starts a regular expression where no value
    precedes it)."""
    out: list[tuple[str, str, int]] = []
    i, line = 0, 1
    while i < len(src):
        c, start = src[i], i
        if c.isspace():
            i += 1
        elif src.startswith("//", i):
            end = src.find("\n", i)
            i = len(src) if end < 0 else end
        elif src.startswith("/*", i):
            i = src.index("*/", i + 2) + 2
        elif c in "'\"":
            i = _skip_quoted(src, i)
            out.append(("string", src[start:i], line))
        elif c == "`":
            i = _skip_template(src, i)
            out.append(("template_string", src[start:i], line))
        elif c.isalpha() or c in "_$":
            m = re.compile(r"[\w$]+").match(src, i)
            i = m.end()
            out.append(("name", m.group(), line))
        elif c.isdigit():
            m = re.compile(r"[\w.]+").match(src, i)
            i = m.end()
            out.append(("number", m.group(), line))
        elif c == "/" and (not out or out[-1][1] in _BEFORE_REGEX
                           or (out[-1][0] == "operator" and out[-1][1] not in ")]}")):
            i += 1
            in_class = False
            while i < len(src) and (in_class or src[i] != "/"):
                if src[i] == "\\":
                    i += 1
                elif src[i] in "[]":
                    in_class = src[i] == "["
                i += 1
            i = re.compile(r"/[a-z]*").match(src, i).end()
            out.append(("regexp", src[start:i], line))
        else:
            i += 1
            out.append(("operator", c, line))
        line += src.count("\n", start, i)
    return out


def untranslated_sentences(path: Path) -> list[tuple[int, str]]:
    """String literals of a page's script that read as English words and are not the
    message of a _(), ngettext() or N_() call (js_tokens)."""
    tokens = js_tokens(path.read_text(encoding="utf-8"))
    calls: list[str | None] = []  # the function of each open parenthesis
    found = []
    for i, (kind, text, line) in enumerate(tokens):
        if kind == "operator" and text == "(":
            calls.append(tokens[i - 1][1] if i and tokens[i - 1][0] == "name" else None)
        elif kind == "operator" and text == ")" and calls:
            calls.pop()
        elif kind in ("string", "template_string") and not (calls and calls[-1] in ("_", "ngettext", "N_")):
            text = text[1:-1]
            words = re.sub(r"\$\{[^}]*\}", " ", text)
            if (len(re.findall(r"[A-Za-z']{2,}", words)) >= 2 and ENGLISH.search(words)
                    and not re.search(r"[#.\[]\w|=>|\w-\w", words) and text not in NOT_FOR_PEOPLE):
                found.append((line, text))
    return found


def test_the_scan_reads_javascript_as_a_lexer_does():
    src = ('a = b / 2; r = /["\'`]\\/[/]x/g.test(s); // "the end of it"\n'
           '/* "not a string of ours" */ t = `a ${f(`in ${"the x"}`)} b`; w = "to the end";')
    tokens = js_tokens(src)
    assert [t for t in tokens if t[0] in ("string", "template_string", "regexp")] == [
        ("regexp", "/[\"'`]\\/[/]x/g", 1), ("template_string", '`a ${f(`in ${"the x"}`)} b`', 2),
        ("string", '"to the end"', 2)]
    assert ("operator", "/", 1) in tokens  # b / 2 divides


def test_no_sentence_of_the_pages_is_written_without_its_translation():
    static = ROOT / "savanna" / "web" / "static"
    found = {p.name: untranslated_sentences(p) for p in sorted(static.glob("*.js"))}
    assert not {k: v for k, v in found.items() if v}, f"English outside _() (wrap it, then pybabel extract): {found}"
    # the scan does see a sentence outside _()
    sample = ROOT / "tests" / "data" / "i18n-sample.js"
    assert [s for _, s in untranslated_sentences(sample)] == ["Place the tile on the board"]


def test_the_page_offers_the_languages_the_server_has():
    script = (ROOT / "savanna" / "web" / "static" / "i18n.js").read_text(encoding="utf-8")
    offered = re.search(r"const LANGUAGES = \{([^}]*)\}", script).group(1)
    assert re.findall(r"(\w+):", offered) == list(i18n.LANGUAGES)
    for lang in i18n.LANGUAGES[1:]:
        assert i18n.po_path(lang).exists(), f"{lang} is offered but has no catalogue"
