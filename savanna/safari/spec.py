"""Carcassonne Safari as the platform knows it (savanna/games.py): its one description."""

from __future__ import annotations

from savanna.games import CHOICE, N_, Choice, GameSpec, Option

from .tileset import DEFAULT_TILE_SET, LEGACY_TILE_SET

FINAL_SCORING = Option(
    "final_scoring", CHOICE, "all", label=N_("final scoring"),
    help=N_("which meeples on an unfinished trail or bush score at the end"),
    choices=(Choice("all", N_("English rulebook: every player with a meeple on an unfinished trail or bush "
                              "scores it at the end")),
             Choice("majority", N_("German edition: only the players with most meeples there"))))

TILES = Option(  # the command line's only: the web app deals new games on the default set
    "tiles", CHOICE, DEFAULT_TILE_SET, label="tiles", lobby=False,
    help=f"the tile set (default {DEFAULT_TILE_SET}, the real tiles; {LEGACY_TILE_SET} is the invented set old "
         "saves were played on)",
    choices=(Choice(DEFAULT_TILE_SET, "the real tiles, read one by one from pictures of them"),
             Choice(LEGACY_TILE_SET, "the set invented before any picture was found, kept so that old saves replay")))

SPEC = GameSpec(
    name="safari",
    title=N_("Carcassonne Safari"),
    blurb=N_("Klaus-Jürgen Wrede's tile-laying game: trails, bush, watering holes and baobabs"),
    min_players=2,
    max_players=5,
    options=(FINAL_SCORING, TILES),
    stored=("final_scoring", "tiles", "tile_order", "token_order"),
    own_data=("tiles",),
    deal_settings=("tile_order", "token_order"),
    engine="savanna.safari",
    evaluation="savanna.ai.safari_eval",
    advice="savanna.safari.advice",
    terminal="savanna.terminal.safari",
    research="savanna.research.safari_env",
    vector="savanna.research.safari_vector",
    view="savanna.web.views.safari",
    routes="savanna.web.edge.safari_tiles",
    scripts=("animals-art.js", "safari-art.js", "safari-geometry.js", "safari-board.js", "safari-words.js",
             "safari-ui.js", "safari-motion.js"),
    styles=("safari-ui.css",),
)
