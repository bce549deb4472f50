"""End-to-end: the web app in French, Italian and German (Playwright, Debian's Chromium).

A browser whose language is fr-FR, it-IT or de-DE gets the lobby and the game page in
it (`<html lang>`, the sentences, no English left where a sentence was), on a desktop and
on a phone; the page's switch changes the language and is remembered; a game is played
some moves in French, its move log and live region speaking French. Screenshots of the
lobby and the game page in each language at both sizes go to test-artifacts/.
"""

from __future__ import annotations

import random
import re

import pytest

from browser import DESK, PHONE, browser, pages, shot  # noqa: F401 (fixtures; skips this module without a browser)
from test_e2e_browser import click_a_choice, server  # noqa: F401 (fixture)
from test_e2e_mobile import create, no_sideways_scroll
from playwright.sync_api import expect  # isort: skip  (installed when the import above passed)

# what each language says where English says "Create game", "How to play Carcassonne Safari",
# "Your turn" (the game page, a person's turn) and the drawn tile's panel title
SAID = {
    "fr": {"create": "Créer la partie", "how": "Comment jouer à Carcassonne Safari", "turn": "À vous de jouer",
           "tile": "Tuile", "log": "Coups", "places": "pose une tuile"},
    "it": {"create": "Crea partita", "how": "Come si gioca a Carcassonne Safari", "turn": "Tocca a te",
           "tile": "Tessera", "log": "Mosse", "places": "piazza una tessera"},
    "de": {"create": "Partie erstellen", "how": "So spielt man Carcassonne Safari", "turn": "Du bist am Zug",
           "tile": "Plättchen", "log": "Züge", "places": "legt ein Plättchen"},
}
ENGLISH_LOBBY = ["Create game", "How to play", "New game", "Load a saved game", "Being played", "person"]
ENGLISH_GAME = ["Your turn", "Copy watch link", "Download", "Your choices", "land tiles left", "Legend", "Moves"]


def game_for(server: str, name: str) -> str:
    """A game of a person against the easy computer; the person's join path."""
    c = create(server, {"seats": [{"kind": "human", "name": name}, {"kind": "computer", "player": "easy"}]})
    return next(s["join_path"] for s in c["seats"] if s.get("join_path"))


def english_in(pg, sentences: list[str]) -> list[str]:
    """Which of these English words and sentences the page shows (as whole words)."""
    text = pg.evaluate("document.body.innerText")
    return [e for e in sentences if re.search(rf"\b{re.escape(e)}\b", text)]


@pytest.mark.parametrize("lang", ["fr", "it", "de"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_lobby_and_the_game_page_come_in_the_browsers_language(server, pages, lang, size):
    said = SAID[lang]
    pg = pages.new(**{**(DESK if size == "desktop" else PHONE), "locale": f"{lang}-{lang.upper()}"})
    pg.goto(server + "/")
    expect(pg.locator("#create-button")).to_have_text(said["create"])
    assert pg.evaluate("document.documentElement.lang") == lang
    expect(pg.locator("#how-to-play")).to_contain_text(said["how"])
    expect(pg.locator("#lang-select")).to_have_value(lang)
    assert not english_in(pg, ENGLISH_LOBBY), f"English left in the {lang} lobby"
    if size == "phone":
        no_sideways_scroll(pg, f"the {lang} lobby")
    shot(pg, f"i18n-lobby-{lang}-{size}.png")

    pg.goto(server + game_for(server, "Ann"))
    pg.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
    assert pg.evaluate("document.documentElement.lang") == lang
    expect(pg.locator("#status")).to_contain_text(said["turn"])
    expect(pg.locator("#drawn .panel-title")).to_contain_text(said["tile"])
    if size == "desktop":
        expect(pg.locator("#lang-select")).to_be_visible()
        assert not english_in(pg, ENGLISH_GAME), f"English left on the {lang} game page"
    else:
        expect(pg.locator("#tab-moves")).to_have_text(said["log"])
        no_sideways_scroll(pg, f"the {lang} game page")
    shot(pg, f"i18n-game-{lang}-{size}.png")


def test_an_english_browser_gets_english_and_the_switch_changes_the_language_for_good(server, pages):
    pg = pages.new(**{**DESK, "locale": "en-US"})
    pg.goto(server + "/")
    expect(pg.locator("#create-button")).to_have_text("Create game")
    assert pg.evaluate("document.documentElement.lang") == "en"
    pg.select_option("#lang-select", "de")  # the page comes again, in German
    expect(pg.locator("#create-button")).to_have_text(SAID["de"]["create"])
    assert pg.evaluate("document.documentElement.lang") == "de"
    pg.reload()  # remembered in this browser
    expect(pg.locator("#create-button")).to_have_text(SAID["de"]["create"])
    pg.goto(server + game_for(server, "Ann"))
    expect(pg.locator("#status")).to_contain_text(SAID["de"]["turn"])
    pg.select_option("#lang-select", "it")  # in the game page's header too
    expect(pg.locator("#status")).to_contain_text(SAID["it"]["turn"])
    assert pg.evaluate("document.documentElement.lang") == "it"
    pg.select_option("#lang-select", "en")
    expect(pg.locator("#status")).to_contain_text("Your turn")


def test_on_a_phone_the_switch_is_in_the_menu(server, pages):
    pg = pages.new(**{**PHONE, "locale": "fr-FR"})
    pg.goto(server + game_for(server, "Ann"))
    expect(pg.locator("#status")).to_contain_text(SAID["fr"]["turn"])
    expect(pg.locator("#lang-select")).to_be_hidden()  # folded into the ☰ menu
    pg.locator("#bar-menu").tap()
    expect(pg.locator("#lang-select")).to_be_visible()
    pg.select_option("#lang-select", "de")
    expect(pg.locator("#status")).to_contain_text(SAID["de"]["turn"])


def test_a_game_is_played_in_french_with_its_log_and_live_region_in_french(server, pages):
    rng = random.Random(3)
    pg = pages.new(**{**DESK, "locale": "fr-FR"})
    pg.goto(server + game_for(server, "Anne"))
    played = 0
    while played < 6:
        pg.wait_for_function("() => document.body.dataset.myTurn === 'yes' || document.body.dataset.status === 'over'")
        moves = pg.evaluate("window.page.view.moves")
        if click_a_choice(pg, rng) != "open a choice":
            pg.wait_for_function(f"() => window.page.view.moves > {moves}", timeout=15000)
            played += 1
    log = pg.locator("#log")
    expect(log.locator(".words").first).to_contain_text("Anne pose une tuile en (")
    expect(log).to_contain_text("Ordinateur 2 (facile) pose une tuile")  # the computer's seat is named in French too
    heard = "\n".join(pg.evaluate("window.page.announcer.heard"))
    assert "Anne pose une tuile" in heard and "À vous de jouer" in heard, heard
    assert "places a tile" not in heard and "Your turn" not in heard, heard
    log_text = log.inner_text()
    assert "places a tile" not in log_text and "passes" not in log_text, log_text
    shot(pg, "i18n-game-fr-played.png")


def test_the_server_refusing_a_move_is_said_in_the_pages_language(server, pages):
    pg = pages.new(**{**DESK, "locale": "it-IT"})
    pg.goto(server + game_for(server, "Ada"))
    pg.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
    pg.evaluate("window.page.send('T99,99@0')")  # not a legal move: the server's code is illegal_action
    expect(pg.locator("#toasts")).to_contain_text("Questa mossa non è consentita ora.")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_africa_in_german_names_its_cities_and_says_its_choices_in_german(server, pages, size):
    pg = pages.new(**{**(DESK if size == "desktop" else PHONE), "locale": "de-DE"})
    c = create(server, {"game": "africa", "seats": [{"kind": "human", "name": "Ute"}, {"kind": "computer", "player": "easy"}]})
    pg.goto(server + next(s["join_path"] for s in c["seats"] if s.get("join_path")))
    pg.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
    cities = pg.evaluate("[...document.querySelectorAll('.city-name')].map(t => t.textContent)")  # SVG text
    assert {"Algier", "Kairo", "Dakar", "Sansibar", "Kapstadt"} == set(cities), cities
    expect(pg.locator("#status")).to_contain_text("Du bist am Zug · deinen Forscher auf eine Stadt stellen")
    labels = pg.evaluate("[...document.querySelectorAll('svg#board .mark-label')].map(t => t.textContent)")
    assert labels and set(labels) == {"Start"}, labels
    if size == "phone":
        no_sideways_scroll(pg, "Africa in German")
    shot(pg, f"i18n-africa-de-{size}.png")


def test_the_tile_gallery_in_italian(server, pages):
    pg = pages.new(locale="it-IT")
    pg.goto(server + "/tiles")
    pg.wait_for_function("() => document.body.dataset.ready === 'yes'")
    expect(pg.locator("h1")).to_contain_text("Set di tessere real-1")
    expect(pg.locator("#group-start h2")).to_have_text("Tessera iniziale")
    labels = " ".join(pg.locator(".type-label").all_inner_texts())  # the features' names
    assert "sentiero" in labels and "boscaglia" in labels and not re.search(r"\b(trail|bush)\b", labels), labels
    assert pg.evaluate("document.documentElement.lang") == "it"
    shot(pg, "i18n-tiles-it-desktop.png")
