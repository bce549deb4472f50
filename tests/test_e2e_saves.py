"""End-to-end: saved games keep the people, replays read like a game, and the smaller
defects of issue 26 (Playwright, Debian's Chromium; desktop and phone).

A finished game downloaded and uploaded in a French lobby shows its seats' names and kinds
(in French), not "Player 1 · away"; its replay shows no presence, says the step and who
played and plays next (never "NAME to play"), and each move in words with its notation
beside it. A takeback request reads in the first person for its asker, and a spectator sees
it pending. When one person resigned first and the last person later, the end screen crowns
the last to resign. The lobby's computer levels and a broken upload's message are said in
the page's language. Screenshots go to test-artifacts/saves-*.png.
"""

from __future__ import annotations

import json
import random
import re
import urllib.request

import pytest
from browser import DESK, PHONE, browser, pages, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from test_e2e_play import act, create, finish_by_api, near_end, open_seat, view
from web_remote import request  # noqa: E402

from playwright.sync_api import expect  # isort: skip  (installed when the import above passed)


SIZES = {"desktop": DESK, "phone": PHONE}


server = served("e2e-saves")


@pytest.fixture(scope="module")
def saved(server, tmp_path_factory):
    """A finished game of Ann against a computer named Zaza, as downloaded."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "player": "random", "name": "Zaza"}]
    status, c = request(server, "POST", "/api/games/import", {"saved": near_end("safari", 5), "seats": seats})
    assert status == 201, c
    finish_by_api(server, c["id"], c["seats"][0]["token"], 5)
    with urllib.request.urlopen(f"{server}/api/games/{c['id']}/export") as r:
        text = r.read().decode()
    path = tmp_path_factory.mktemp("saves") / "saved.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_uploaded_game_keeps_its_people_and_its_replay_reads_like_a_game(server, pages, saved, size):
    assert json.loads(saved.read_text())["seats"][1] == {"name": "Zaza", "kind": "computer", "player": "random"}
    pg = pages.new(**SIZES[size], locale="fr-FR")
    pg.goto(server + "/")
    pg.set_input_files("#upload input[type=file]", str(saved))
    pg.click("#upload button[type=submit]")
    pg.wait_for_url("**/replay/**")
    pg.wait_for_function("() => window.page && window.page.view")
    seats = pg.locator("#seats")
    expect(seats).to_contain_text("Ann")
    expect(seats).to_contain_text("Zaza · ordinateur : coups au hasard")
    for word in ("Player", "absent", "away"):
        expect(seats).not_to_contain_text(word)
    expect(pg.locator("#status")).to_contain_text("Le début, avant")
    expect(pg.locator("#status")).to_contain_text("Ann joue ensuite")
    expect(pg.locator("#status")).not_to_contain_text("de jouer")  # no "À Ann de jouer": nobody is asked
    pg.goto(pg.url.split("#")[0] + "#step=9")
    pg.reload()
    pg.wait_for_function("() => window.page && window.page.view && window.page.view.replay.step === 9")
    status = pg.locator("#status")
    expect(status).to_contain_text("Coup 9 sur")
    expect(status).to_contain_text(re.compile(r"(Ann|Zaza) a joué"))
    last = pg.locator("#replay-last")
    expect(last).to_contain_text("Dernier :")
    code = last.locator("code.notation")
    expect(code).to_have_count(1)
    words = last.locator(".words").inner_text()
    assert words and code.inner_text() not in words  # the move in words, its notation beside it
    expect(pg.locator("#replay-next .words")).to_have_count(1)
    shot(pg, f"saves-replay-uploaded-fr-{size}.png")
    # and in English: no presence, no "to play"
    pg.evaluate("localStorage.setItem('savanna:lang', 'en')")
    pg.goto(pg.url)
    pg.reload()
    pg.wait_for_function("() => window.page && window.page.view")
    expect(pg.locator("#status")).not_to_contain_text("to play")
    expect(pg.locator("#seats")).not_to_contain_text("away")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_takeback_request_in_the_first_person_for_its_asker_and_shown_to_spectators(server, pages, size):
    c = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], seed=9)
    gid, ann_token = c["id"], c["seats"][0]["token"]
    v = view(server, gid)
    while v["current_player"] == 0:
        act(server, gid, ann_token, v["legal_actions"][0])
        v = view(server, gid)
    status, out = request(server, "POST", f"/api/games/{gid}/takeback", {"token": ann_token})
    assert status == 200, out
    ann, watcher = pages.new(**SIZES[size]), pages.new(**SIZES[size])
    open_seat(ann, server, c, 0)
    watcher.goto(f"{server}/play/{gid}")
    watcher.wait_for_function("() => window.page && window.page.view !== null")
    mine = ann.locator("#takeback-request")
    expect(mine).to_contain_text("You asked to take back your turn; waiting for Bo.")
    expect(mine).not_to_contain_text("Ann asks")
    expect(ann.locator("#takeback-withdraw")).to_be_visible()
    theirs = watcher.locator("#takeback-request")
    expect(theirs).to_contain_text("Ann asks to take back their last turn")
    expect(theirs).to_contain_text("Waiting for Bo to agree")
    expect(watcher.locator("#takeback-accept, #takeback-refuse, #takeback-withdraw")).to_have_count(0)
    for pg, who in ((ann, "asker"), (watcher, "spectator")):
        pg.locator("#takeback-request").scroll_into_view_if_needed()
        shot(pg, f"saves-takeback-{who}-{size}.png")
    ann.click("#takeback-withdraw")
    expect(watcher.locator("#takeback-request")).to_have_count(0)


def test_the_seat_that_resigned_first_is_not_crowned(server, pages):
    c = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], seed=21,
               resign_player="random")
    gid, tokens = c["id"], [s["token"] for s in c["seats"]]
    rng = random.Random(1)
    while True:  # play until Ann leads, at Bo's turn
        v = view(server, gid)
        if v["moves"] > 12 and v["seats"][0]["score"] > v["seats"][1]["score"] and v["current_player"] == 1:
            break
        act(server, gid, tokens[v["current_player"]], rng.choice(v["legal_actions"]))
    for t in tokens:
        assert request(server, "POST", f"/api/games/{gid}/resign", {"token": t})[0] == 200
    pg = pages.new()
    open_seat(pg, server, c, 1)
    expect(pg.locator("#status")).to_contain_text("Bo wins")
    rows = pg.locator("#summary table.scores tr")  # a heading, then best first
    expect(rows.nth(1)).to_contain_text("Bo")
    expect(rows.last).to_contain_text("Ann")
    shot(pg, "saves-resigned-both.png")


def test_the_lobby_says_the_levels_and_a_broken_upload_in_its_language(server, pages, tmp_path):
    pg = pages.new(locale="de-DE")
    pg.goto(server + "/")
    pg.wait_for_selector("select[name=level-1]")
    levels = pg.eval_on_selector_all("select[name=level-1] option", "os => os.map(o => o.textContent)")
    assert levels[:3] == ["leicht (zufällige Züge)", "mittel (schaut einen Zug voraus)", "schwer (sucht 1 s pro Zug)"]
    assert not any(re.search(r"\((random|greedy|mcts)", x) for x in levels)
    expect(pg.locator("#create")).to_contain_text("Ein Bildschirm für alle")
    pg = pages.new(locale="it-IT")
    pg.goto(server + "/")
    pg.wait_for_selector("select[name=level-1]")
    expect(pg.locator("#create")).to_contain_text("Tutti allo stesso schermo")
    expect(pg.locator("#create")).not_to_contain_text("Hotseat")
    pg = pages.new(**PHONE, locale="fr-FR")
    pg.goto(server + "/")
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "savanna-safari-game/1",\n "players": 2,\n "seed": 5 "actions": []}')
    pg.set_input_files("#upload input[type=file]", str(bad))
    pg.click("#upload button[type=submit]")
    note = pg.locator("#upload")
    expect(note).to_contain_text("Ce fichier n'est pas une partie enregistrée : ce n'est pas du JSON valide "
                                 "(ligne 3, colonne 12).")
    expect(note).not_to_contain_text("Expecting")  # the parser's English
    note.scroll_into_view_if_needed()
    shot(pg, "saves-upload-broken-fr-phone.png")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_africas_exchange_buttons_read_in_words_in_italian(server, pages, size):
    """The exchange's choices said in words ("Scambio con Bo: il tuo «maschera» per il suo
    «statua»"), the notation ("(E1:cauldron)") kept for the list of every choice in notation."""
    from savanna import africa

    g, rng = africa.new_game(players=2, seed=3), random.Random(3)
    while g.phase_name != "exchange":  # (a seed and choices that meet an object soon)
        acts = [str(a) for a in g.legal_actions()]
        pick = [a for a in acts if a.startswith("D")] if rng.random() < 0.7 else []
        g.apply(rng.choice(pick or acts))
    status, c = request(server, "POST", "/api/games/import",
                        {"saved": json.loads(g.to_json()), "seats": [{"kind": "human", "name": "Ann"},
                                                                   {"kind": "human", "name": "Bo"}]})
    assert status == 201, c
    pg = pages.new(**SIZES[size], locale="it-IT")
    open_seat(pg, server, c, g.current_player)
    buttons = pg.locator("#choices button.choice-button")
    expect(buttons.first).to_be_visible()
    texts = buttons.all_text_contents()
    assert any(t.startswith("Scambio con Bo") for t in texts), texts
    assert any("nessuno scambio" in t for t in texts), texts
    for t in texts:
        assert not re.search(r"\(?E\d|:[a-z]+\)", t), t  # no notation on a button
    # the panel's tabs say their names whole (Italian's are long)
    cut = pg.eval_on_selector_all(".tab", "ts => ts.filter(t => t.offsetParent && t.scrollWidth > t.clientWidth + 1)"
                                           ".map(t => t.textContent)")
    assert cut == [], cut
    shot(pg, f"saves-africa-exchange-it-{size}.png")
