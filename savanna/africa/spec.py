"""Africa (Reiner Knizia) as the platform knows it (savanna/games.py): its one description."""

from __future__ import annotations

from savanna.games import BOOL, N_, GameSpec, Option

HIDDEN_TREASURE = Option(
    "hidden_treasure", BOOL, False, label=N_("hidden treasure"),
    help=N_("the rules' option: each player's gold and gem totals are shown only to that player until the final "
         "scoring"),
    note=N_("Hidden from the other players, spectators, the lobby, replays and the API: the totals. Not hidden, as at "
         "the table: gold and gems lie face up until a base camp that explores takes them, and the board and the "
         "move log show every such pick-up, so anyone watching closely, or stepping through the replay, can add "
         "up each player's totals."))

SPEC = GameSpec(
    name="africa",
    title=N_("Africa (Reiner Knizia)"),
    blurb=N_("Reiner Knizia's game of explorers turning face-down tiles on a map of the continent"),
    min_players=2,
    max_players=5,
    options=(HIDDEN_TREASURE,),
    stored=("hidden_treasure", "first_player", "data", "tile_layout", "revealed"),
    own_data=("data",),
    deal_settings=("tile_layout", "revealed"),
    engine="savanna.africa",
    evaluation="savanna.ai.africa_eval",
    advice="savanna.africa.advice",
    terminal="savanna.terminal.africa",
    research="savanna.research.africa_env",
    vector="savanna.research.africa_vector",
    view="savanna.web.views.africa",
    scripts=("animals-art.js", "africa-art.js", "africa-words.js", "africa-ui.js"),
    styles=("africa-ui.css",),
)
