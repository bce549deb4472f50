"""GET /api/catalogue: the games as their descriptions give them (savanna/games.py), which the
pages build the lobby's game menu and option controls from and load each game's files by."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from web_apps import create_app

from savanna import games

STATIC = Path(__file__).resolve().parent.parent / "savanna" / "web" / "static"


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory):
    db = tmp_path_factory.mktemp("catalogue") / "g.db"
    with TestClient(create_app(f"sqlite:///{db}", autoplay=False)) as client:
        r = client.get("/api/catalogue")
        assert r.status_code == 200
        return r.json()


def test_the_catalogue_lists_every_game_as_its_description_gives_it(catalogue):
    assert catalogue["default"] == games.DEFAULT_GAME == "safari"
    assert [g["game"] for g in catalogue["games"]] == games.names() == ["safari", "africa"]
    assert catalogue["games"] == [s.catalogue() for s in games.specs()]


def test_each_game_gives_its_seats_and_the_options_the_lobby_offers(catalogue):
    safari, africa = catalogue["games"]
    assert safari["name"] == "Carcassonne Safari" and africa["name"] == "Africa (Reiner Knizia)"
    assert safari["seats"] == {"min": 2, "max": 5, "default": 2}
    assert africa["seats"] == {"min": 2, "max": 5, "default": 2}
    # the tile set is the command line's option only: the web app deals on the default set
    assert [o["name"] for o in safari["options"]] == ["final_scoring"]
    scoring = safari["options"][0]
    assert scoring["type"] == "choice" and scoring["default"] == "all"
    assert [c["value"] for c in scoring["choices"]] == ["all", "majority"]
    assert scoring["choices"][1]["description"] == "German edition: only the players with most meeples there"
    [treasure] = africa["options"]
    assert treasure["name"] == "hidden_treasure" and treasure["type"] == "bool" and treasure["default"] is False
    assert "choices" not in treasure and treasure["note"].startswith("Hidden from the other players")
    for option in (scoring, treasure):
        assert option["label"] and option["description"]


def test_every_script_and_style_a_game_names_is_served_from_the_static_folder(catalogue):
    for g in catalogue["games"]:
        assert g["scripts"], f"{g['game']} names no script"
        for name in g["scripts"] + g["styles"]:
            assert (STATIC / name).is_file(), f"{g['game']} names {name}, which static/ does not have"

