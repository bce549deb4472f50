"""The accounts' pages are served (their browser tests are tests/test_e2e_accounts.py): /account,
/players/{name} for any name (the script asks the API; nothing of the name is written into the
page) and /leaderboard, one HTML page whose scripts the server has, and the lobby's with them."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from web_apps import create_app

PAGES = {"/account": "account.js", "/players/Zaza": "player.js", "/players/a%20b%3Cscript%3E": "player.js",
         "/leaderboard": "leaderboard.js", "/leaderboard?game=africa": "leaderboard.js", "/": "lobby.js"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(str(tmp_path_factory.mktemp("pages") / "games.db"), autoplay=False)
    with TestClient(app) as c:
        yield c


def modules_of(client, entries):
    """The scripts a page loads: its entry modules and every module they import, in turn."""
    seen, todo = [], list(entries)
    while todo:
        src = todo.pop()
        if src in seen:
            continue
        seen.append(src)
        text = client.get(src).text
        todo += ["/static/" + name for name in re.findall(r'(?:from|import)\s*\(?\s*"\./([\w.-]+)"', text)]
    return seen


@pytest.mark.parametrize("path", PAGES)
def test_each_accounts_page_is_served_with_its_scripts(client, path):
    r = client.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert r.headers["cache-control"] == "no-cache"
    scripts = modules_of(client, re.findall(r'<script type="module" src="(/static/[\w.-]+)"', r.text))
    assert f"/static/{PAGES[path]}" in scripts and "/static/accounts.js" in scripts
    assert ("/static/accounts.js" in scripts) and (path == "/" or r.text == client.get("/account").text)
    assert "<script>" not in r.text and "Zaza" not in r.text  # no inline script, nothing of the request
    for src in scripts:
        assert client.get(src).status_code == 200, src
