"""No generic module names a game: outside `savanna/games.py`, the engine packages and the
modules that are per game by design (their paths carry a game's name: `ai/safari_eval.py`,
`terminal/africa/`, ...), the code knows a game only through its description, so a third
game drops in without editing it. What counts as a game's name and where it is allowed both
come from `savanna.games`."""

from __future__ import annotations

import re
from pathlib import Path

from savanna import games

ROOT = Path(__file__).resolve().parent.parent

# (folder, file kinds) scanned: the Python, and the pages' scripts, styles and HTML
SCANNED = [("savanna", (".py", ".js", ".css", ".html"))]


def game_words() -> list[str]:
    """What names a game, in lower case: its name and the proper names of its title
    ("carcassonne", "knizia")."""
    words = set()
    for s in games.specs():
        words.add(s.name.lower())
        words.update(w.lower() for w in re.findall(r"[A-Za-z]+", s.title) if w[0].isupper() and len(w) > 3)
    return sorted(words)


def allowed(path: str) -> bool:
    """Whether the file at `path` (relative to the repository, with /) may name games: the
    registry, an engine package, or a file or folder whose path carries a game's name."""
    if path == "savanna/games.py" or generated(path):
        return True
    for s in games.specs():
        if path.startswith(s.engine.replace(".", "/") + "/") or s.name in path.lower():
            return True
    return False


def generated(path: str) -> bool:
    """Whether the file is made by a command from every game's own modules (its head says so,
    and "Do not edit"): a third game's is made again, not edited (static/view-types.js)."""
    file = ROOT / path
    if not file.is_file():
        return False
    head = file.read_text(encoding="utf-8").splitlines()[:4]
    return any("generated" in line for line in head) and any("Do not edit" in line for line in head)


def names_in(text: str, words: list[str]) -> list[tuple[int, str]]:
    """(line number, line) of each line of `text` naming one of `words`, in any case."""
    pattern = re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if pattern.search(line)]


def offences(roots: list[tuple[str, tuple[str, ...]]], base: Path = ROOT) -> list[str]:
    """"path:line: text" for every line of a file under `roots` (folder, file kinds) that names a
    game where it may not."""
    words = game_words()
    out = []
    for folder, kinds in roots:
        for file in sorted((base / folder).rglob("*")):
            path = file.relative_to(base).as_posix()
            if not file.is_file() or not path.endswith(kinds) or allowed(path):
                continue
            out += [f"{path}:{n}: {line}" for n, line in names_in(file.read_text(encoding="utf-8"), words)]
    return out


def test_no_generic_module_names_a_game():
    found = offences(SCANNED)
    assert not found, "generic modules naming a game (read it from savanna.games instead):\n" + "\n".join(found)


def test_the_check_finds_a_name_where_it_may_not_be(tmp_path):
    name = games.names()[-1]
    engine = games.spec(name).engine.replace(".", "/")
    planted = {
        "savanna/arena/schedule.py": f'"""Seats."""\n\nif game == "{name}":  # planted\n    pass\n',
        "savanna/terminal/loop.py": f"# the loop, as {name.upper()} plays it\n",
        f"{engine}/rules.py": f"# {name}'s rules: allowed in its engine\n",
        f"savanna/ai/{name}_eval.py": f"# {name}'s evaluation: allowed, per game by design\n",
        "savanna/web/app.py": f"# {name}: named in the web app's core\n",
        "savanna/web/static/lobby.js": f"const first = '{name}';\n",
        f"savanna/web/static/{name}-ui.js": f"// {name}'s page: allowed\n",
        "savanna/cli.py": "# no game here\n",
    }
    for path, text in planted.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    found = offences(SCANNED, base=tmp_path)
    assert found == [f'savanna/arena/schedule.py:3: if game == "{name}":  # planted',
                     f"savanna/terminal/loop.py:1: # the loop, as {name.upper()} plays it",
                     f"savanna/web/app.py:1: # {name}: named in the web app's core",
                     f"savanna/web/static/lobby.js:1: const first = '{name}';"]
    title_word = next(w for w in game_words() if w not in games.names())  # e.g. a designer's name
    assert names_in(f"ok\nby {title_word.title()}", game_words()) == [(2, f"by {title_word.title()}")]
