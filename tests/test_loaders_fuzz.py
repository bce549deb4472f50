"""Every loader refuses a malformed file with a ValueError naming what is wrong, and nothing else
escapes (issue 26, point 10): both games' saved games, Safari's tile sets (safari-tiles/1) and
Africa's game data (africa-data/1), each read as parsed JSON and as text.

The files fuzzed are real ones (saves of games played on every option: a user's own tile set
or game data, orders of draws, a fixed layout and tiles face up, explicit chance), and their
fields are found by walking them (tests/fuzz_json.py): a field a save gains later is fuzzed
with no change here. Two kinds of test per loader: a sweep, every field given each kind of
JSON value (null, booleans, 0, -1, huge and not finite numbers, empty, long and odd strings,
lists, objects, nested past the recursion limit), deleted, repeated and with an unknown
neighbour; and Hypothesis, one to three mutations at once of any kind.

A load must end in a game (a tile set, game data), or in a ValueError whose message names a
field that was changed (or one that depends on it, or, for a save whose settings changed,
says that its actions do not replay or its scores differ), within two seconds of CPU time.

By default each runs in a few seconds: the sweep gives every field of every file three of the
values (in turn, so each value meets many fields) and Hypothesis tries 25 files per loader.
The long run, marked slow, sweeps every value over every field and tries
SAVANNA_FUZZ_EXAMPLES files per loader (default 1000):
`SAVANNA_SLOW=1 pytest -n 0 tests/test_loaders_fuzz.py`.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import time
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from fuzz_json import Mutation, fields, mutated, sweep
from savanna import africa, safari
from savanna.safari.tileset import packaged_data

QUICK = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
LONG = settings(max_examples=int(os.environ.get("SAVANNA_FUZZ_EXAMPLES", "1000")), deadline=None,
                suppress_health_check=list(HealthCheck))
SECONDS = 2.0  # of CPU time, for a load, refused or not, of files whose real versions load in milliseconds


# ------------------------------------------------------------------ the files


def played(g, n: int | None, seed: int = 1):
    """`g` after `n` random legal actions (None: to its end)."""
    rng = random.Random(seed)
    while not g.is_terminal() and (n is None or len(g.history) < n):
        acts = g.legal_actions() if not g.is_chance_node() else [a for a, _ in g.chance_outcomes()]
        g.apply(rng.choice(acts))
    return g


def safari_saves() -> list[str]:
    own = packaged_data("reconstruction-1")
    own["version"] = "mine"
    return [
        played(safari.new_game(players=3, seed=5), None).to_json(),
        played(safari.new_game(players=2, seed=8, final_scoring="majority", tiles=own,
                               tile_order=["S05/1", "S03/2", "S01/1"], token_order="AGEZL"), 14).to_json(),
        played(safari.new_game(players=2, seed=3, chance="explicit"), 16).to_json(),
    ]


def africa_saves() -> list[str]:
    return [
        played(africa.new_game(players=3, seed=5, hidden_treasure=True, first_player=1,
                               tile_layout={"f2": "elephant", "g2": "statue", "h2": "gold-2"},
                               revealed=["f2", "k2"]), 90).to_json(),
        played(africa.new_game(players=2, seed=8, data=africa.default_data()), 20).to_json(),
        played(africa.new_game(players=2, seed=3, chance="explicit"), 24).to_json(),
    ]


SAFARI_SAVES = safari_saves()
AFRICA_SAVES = africa_saves()
TILE_SETS = [json.dumps(packaged_data(v)) for v in ("real-1", "reconstruction-1")]
GAME_DATA = [json.dumps(africa.default_data())]


# ------------------------------------------------------------------ the loaders


def as_text(doc: Any) -> str | None:
    """`doc` as JSON text (a number of any size written out in full), or None if it nests past
    the recursion limit."""
    digits = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(doc)
    except RecursionError:
        return None
    finally:
        sys.set_int_max_str_digits(digits)


def both(from_data: Callable, from_text: Callable) -> Callable:
    """The outcomes of loading parsed data, and its JSON text when it has one: the two must
    agree on loading or not. (A tile set or game data of None is the default: not a file.)"""
    def load(doc) -> list[str | None]:
        if doc is None:
            return [outcome(from_text, "null")]
        out = [outcome(from_data, doc)]
        text = as_text(doc)
        if text is not None:
            out.append(outcome(from_text, text))
            assert (out[0] is None) == (out[1] is None), f"parsed JSON: {out[0]!r}; as text: {out[1]!r}"
        return out
    return load


def outcome(load: Callable, doc: Any) -> str | None:
    """None if `doc` loads, the ValueError's message if it is refused; any other exception escapes."""
    try:
        load(doc)
    except ValueError as e:
        return str(e)
    return None


def africa_data(doc):
    africa.load_data(doc)
    africa.new_game(players=2, seed=1, data=doc)


LOADERS = {
    "safari save": (SAFARI_SAVES, both(safari.from_dict, safari.from_json), "saved game"),
    "africa save": (AFRICA_SAVES, both(africa.from_dict, africa.from_json), "saved game"),
    "safari tile set": (TILE_SETS, both(safari.load_tiles, safari.load_tiles), ""),
    "africa data": (GAME_DATA, both(africa_data, africa_data), ""),
}

# ------------------------------------------------------------------ what a refusal says

# the words a message may name a field by, besides its key
ALIASES = {"tiles": ("tile",), "cells": ("start cell",), "ranger_spaces": ("ranger",), "data": ("game data",),
           "animal_tokens": ("animal",), "copies": ("tile",), "savanna_corners": ("corner",), "rows": ("map",),
           "cities": ("map", "cit"), "features": ("feature",), "edges": ("edge",), "scores": ("score",),
           "over": ("over",), "tile_order": ("tile_order",), "token_order": ("token_order",)}
# the fields whose check a change of the key's can fail first: an order of draws holds more of
# an animal than the set now has, the seed's (or the layout's) tiles put an object where the
# file turns a tile face up, a map drawn otherwise has another number of discovery spaces
DEPENDENTS = {"animal_tokens": ("token_order",), "seed": ("revealed",), "tile_layout": ("revealed",),
              "map": ("discovery spaces",), "rows": ("discovery spaces",), "cities": ("discovery spaces",)}
# what a save whose settings changed may say: its actions are no longer the game's
REPLAY = ("cannot be replayed", "the actions give scores", "the file says the game is", "'actions' has")
# a refusal of the whole file, by its size
WHOLE = re.compile(r"^(saved game: |)(tile set|game data) has \d+ characters as JSON; at most \d+ allowed$")


def names(path: tuple) -> set[str]:
    out = set()
    for k in path:
        if isinstance(k, str) and len(k.strip("_")) >= 2:
            k = k.rstrip("_")
            out |= {k, k.replace("_", " "), *ALIASES.get(k, ()), *DEPENDENTS.get(k, ())}
            if k.endswith("s"):
                out.add(k[:-1])
    return out


def check_refusal(message: str, mutations: list[Mutation], prefix: str) -> None:
    """A refusal names a field that was changed; a save's message begins 'saved game'."""
    assert message.startswith(prefix), f"{message!r} does not begin with {prefix!r}"
    assert len(message) < 1000, f"a message of {len(message)} characters: {message[:200]!r}..."
    if any(not m.path for m in mutations) or any(r in message for r in REPLAY) or WHOLE.match(message):
        return
    words = set().union(*(names(m.path) for m in mutations))
    assert any(re.search(rf"(?<![a-z]){re.escape(w)}", message, re.I) for w in words), \
        f"{message!r} names none of {sorted(words)}"


def run(name: str, doc: Any, mutations: list[Mutation]) -> None:
    _, load, prefix = LOADERS[name]
    t = time.process_time()
    messages = load(doc)
    took = time.process_time() - t
    for message in messages:
        if message is not None:
            check_refusal(message, mutations, prefix)
    assert took < SECONDS, f"{mutations} took {took:.2f} s"


# ------------------------------------------------------------------ the tests


def test_the_files_load_and_hold_every_option():
    for name, (docs, load, _) in LOADERS.items():
        for text in docs:
            assert load(json.loads(text)) == [None, None]
    safari_fields = set().union(*(fields(json.loads(t)) for t in SAFARI_SAVES))
    assert {"tiles", "tile_order.*", "token_order", "chance", "final_scoring", "tiles.tiles.*.features.*.edges.*",
            "tiles.start.cells.*.at.*", "actions.*", "scores.*", "over"} <= safari_fields
    africa_fields = set().union(*(fields(json.loads(t)) for t in AFRICA_SAVES))
    assert {"tile_layout.f2", "revealed.*", "first_player", "hidden_treasure", "chance", "data.map.rows.*",
            "data.tiles.*.kind", "over"} <= africa_fields


@pytest.mark.parametrize("edges", [None, 0, [], {}, [None], [0], [[]], [{}], [""], ["NE"], "N"])
def test_a_feature_whose_edges_are_not_side_letters_is_refused_naming_them(edges):
    # (the cases: a TypeError escaped tileset.py); [] is a baobab's, so a trail's is changed
    data = packaged_data("real-1")
    tile = next(t for t in data["tiles"] if any(f["kind"] == "trail" for f in t["features"]))
    next(f for f in tile["features"] if f["kind"] == "trail")["edges"] = edges
    says = (rf"^tile {tile['id']}: a trail needs at least one edge$" if edges == [] else
            rf"^tile {tile['id']}: feature \d \(trail\): edges must be a list of distinct sides N, E, S, W, "
            rf"not {re.escape(repr(edges))}$")
    with pytest.raises(ValueError, match=says):
        safari.load_tiles(data)
    save = json.loads(SAFARI_SAVES[1])  # (a save holding its own tile set)
    save["tiles"]["tiles"][0]["features"][0]["edges"] = edges
    if edges != []:
        with pytest.raises(ValueError, match=r"^saved game: tile S\d+: feature 1 \(\w+\): edges must be"):
            safari.from_dict(save)


@pytest.mark.parametrize("field, value, says", [
    ("tile_layout", {"f2": ["elephant"]}, "tile_layout: f2: ['elephant'] is not a tile"),
    ("tile_layout", {"f2": {"id": "elephant"}}, "tile_layout: f2: {'id': 'elephant'} is not a tile"),
    ("tile_layout", {"f2": None}, "tile_layout: f2: None is not a tile"),
    ("revealed", [["f2"]], "revealed: ['f2'] is not a space name"),
    ("revealed", [{"f2": 1}], "revealed: {'f2': 1} is not a space name"),
    ("revealed", [None], "revealed: None is not a space name"),
])
def test_an_africa_save_whose_layout_or_revealed_holds_lists_or_objects_is_refused(field, value, says):
    # (the cases: a TypeError escaped game.py and board.py)
    save = json.loads(AFRICA_SAVES[0])
    save[field] = value
    with pytest.raises(ValueError, match=re.escape(f"saved game: {says}")):
        africa.from_dict(save)
    with pytest.raises(ValueError, match=re.escape(f"saved game: {says}")):
        africa.from_json(json.dumps(save))


def swept(name: str, quick: bool) -> None:
    docs, _, _ = LOADERS[name]
    tried, failed, done = 0, {}, set()
    for text in docs:
        doc = json.loads(text)
        for m in sweep(doc, quick, done):
            try:
                run(name, m.apply(doc), [m])
            except Exception as e:  # (all of them listed at the end, one per kind)
                failed.setdefault(f"{type(e).__name__}: {str(e)[:300]}", m)
            tried += 1
    assert not failed, f"{len(failed)} kinds of failure:\n" + "\n".join(f"{m!r}\n    {e}" for e, m in failed.items())
    assert tried > 100


@pytest.mark.parametrize("name", LOADERS)
def test_every_field_of_every_file_is_refused_or_loaded(name):
    swept(name, quick=True)


@pytest.mark.slow
@pytest.mark.parametrize("name", LOADERS)
def test_every_field_of_every_file_with_every_value(name):
    swept(name, quick=False)


def fuzzed(name: str, how: settings) -> None:
    docs = LOADERS[name][0]

    @how
    @given(mutated(docs))
    def fuzz(case):
        doc, mutations = case
        note(repr(mutations))
        run(name, doc, mutations)

    fuzz()


@pytest.mark.parametrize("name", LOADERS)
def test_fuzzed_files_are_refused_or_loaded(name):
    fuzzed(name, QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("name", LOADERS)
def test_many_fuzzed_files_are_refused_or_loaded(name):
    fuzzed(name, LONG)
