"""The documentation's promises: the MkDocs site builds with no broken link or anchor
(`mkdocs build --strict`, its API and command-line pages generated from the code), every
`savanna` command the README and the pages show is one the command line accepts, every bench
command names a script and flags it has, and the user documentation tells no issue's story.
(The Python examples run in tests/test_project.py.)"""

from __future__ import annotations

import os
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

from savanna.cli import build_parser

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "screenshots" not in p.parts)
READMES = [ROOT / "README.md", *PAGES]


def _code_lines(path: pathlib.Path) -> list[str]:
    """The lines of a page's code: ```sh (or unnamed) fenced blocks and 4-space indented ones."""
    lines, fence = [], None
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            fence = None if fence is not None else line[3:].strip()
            continue
        if fence in ("sh", "bash", "") or (fence is None and line.startswith("    ")):
            lines.append(line.strip())
    return lines


def _commands(prefixes: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    found = []
    for path in READMES:
        for line in _code_lines(path):
            line = line.split(" # ")[0].strip().rstrip("&").strip()
            for prefix in prefixes:
                if line.startswith(prefix):
                    found.append((f"{path.relative_to(ROOT)}: {line}", shlex.split(line[len(prefix):])))
    return found


SAVANNA = _commands(("savanna ", ".venv/bin/savanna "))
BENCH = _commands(("python bench/", ".venv/bin/python bench/"))


def test_the_docs_site_builds_strict(tmp_path):
    """`mkdocs build --strict`: a broken link or anchor, or a generated page that fails, fails it."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"),
                          "-d", str(tmp_path / "site")], capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    rest = (tmp_path / "site" / "api" / "rest" / "index.html").read_text()
    assert "/api/games/{game_id}/actions" in rest and "ActionIn" in rest  # generated from the OpenAPI
    socket = (tmp_path / "site" / "api" / "socket" / "index.html").read_text()
    assert "takeback_answer" in socket  # from edge/socket.py's MESSAGES
    cli = (tmp_path / "site" / "cli" / "index.html").read_text()
    assert "--max-think" in cli and "--hidden-treasure" in cli  # from the command line's parser


def test_the_readme_is_short_and_points_into_the_docs():
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 300
    for link in re.findall(r"\]\((docs/[^)#]+)", text):
        assert (ROOT / link).exists(), link


def test_the_documentation_tells_no_issue_stories():
    for path in READMES:
        assert not re.search(r"\bissues?\b|issue ?\d", path.read_text(), re.I), f"{path.relative_to(ROOT)} speaks of an issue"


def test_the_docs_show_savanna_commands():
    assert len(SAVANNA) >= 20 and len(BENCH) >= 15


@pytest.mark.parametrize("where, argv", SAVANNA, ids=[w for w, _ in SAVANNA])
def test_every_savanna_command_shown_is_accepted_by_the_command_line(where, argv):
    try:
        build_parser().parse_args(argv)
    except SystemExit as e:
        pytest.fail(f"{where}: the command line refuses it (exit {e.code})")


@pytest.mark.parametrize("where, argv", BENCH, ids=[w for w, _ in BENCH])
def test_every_bench_command_shown_names_a_script_and_flags_it_has(where, argv):
    script = ROOT / "bench" / argv[0]
    assert script.exists(), where
    source = script.read_text()
    for flag in (a.split("=")[0] for a in argv[1:] if a.startswith("--")):
        assert f'"{flag}"' in source or f"'{flag}'" in source, f"{where}: {script.name} has no {flag}"


SUMMARIES = [(line, argv) for line, argv in SAVANNA if "--summarize" in argv and "bench/" in line]


def test_the_strength_page_runs_its_summaries():
    assert len(SUMMARIES) >= 2


@pytest.mark.parametrize("where, argv", SUMMARIES, ids=[w for w, _ in SUMMARIES])
def test_a_summary_of_kept_results_runs_as_written_and_gives_the_figures_the_page_states(where, argv):
    """`savanna arena --summarize bench/...` over the results files kept in bench/, as a reader
    types it (the shell expanding the glob): the figures the page gives are the summary's."""
    command = where.split(": ", 1)[1]
    command = re.sub(r"^(\.venv/bin/)?savanna ", f"{shlex.quote(sys.executable)} -m savanna ", command)
    run = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"})
    assert run.returncode == 0, run.stdout + run.stderr
    page = (ROOT / where.split(":", 1)[0]).read_text()
    if "mcts-vs-greedy" in command:
        said, shown = ["174–25, 1 tie", "87.2% (81.9–91.2%)", "159.8 vs 124.7", "13,155 s"], \
            ["174 – 25 greedy, 1 tied", "87.2%", "81.9–91.2", "159.8", "124.7", "wall time 13155"]
    else:
        said, shown = ["won all 100", "96.3–100%", "174.7 to 21.6", "+153.2"], \
            ["100 – 0", "96.3–100.0", "174.7", "21.6", "+153.2"]
    assert all(s in page for s in said), said
    assert all(s in run.stdout for s in shown), run.stdout


def test_the_arena_pages_ray_start_sets_what_the_cluster_test_starts_with():
    """docs/research/arena.md's one-machine cluster: the variables tests/test_arena.py's cluster
    is started with (loopback only, workers at normal priority)."""
    from test_arena import RAY_LOOPBACK_START_ENV

    start = next(line for line in _code_lines(DOCS / "research" / "arena.md") if " ray start " in line)
    assert {k: v for k, v in (w.split("=", 1) for w in start.split(" ray start ")[0].split())} == RAY_LOOPBACK_START_ENV
    assert "--node-ip-address 127.0.0.1" in start


def test_the_mail_pages_urls_are_what_savanna_serve_accepts():
    from savanna.web.live.smtp import parse_smtp

    urls = [line for line in _code_lines(DOCS / "operate" / "mail.md") if line.startswith(("smtp://", "smtps://"))]
    urls += re.findall(r"--smtp '([^']+)'", (DOCS / "operate" / "mail.md").read_text())
    assert len(urls) == 3
    for url in urls:
        assert parse_smtp(url).sender.startswith("savanna@"), url


# flags of other tools that the pages quote, with the tool
OTHER_TOOLS = {"--generate": "ray get-auth-token", "--head": "ray start", "--node-ip-address": "ray start",
               "--gil": "py-spy record", "--no-fuzzy-matching": "pybabel", "--no-location": "pybabel",
               "--sort-output": "pybabel", "--strict": "mkdocs build"}


def test_every_flag_the_pages_name_is_one_the_command_line_or_a_bench_script_has():
    """A flag named anywhere in the README or the pages (prose included) is a `savanna` flag
    (the hidden former names too), a bench script's, or another tool's listed above: a flag
    renamed or dropped in the code fails here until the pages say the new one."""
    import argparse

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    flags = {o for p in sub.choices.values() for a in p._actions for o in a.option_strings}
    bench = " ".join(f.read_text() for f in (ROOT / "bench").glob("*.py"))
    unknown = sorted({f"{path.relative_to(ROOT)}: {flag}"
                      for path in READMES if path.name not in ("safari.md", "africa.md")
                      for flag in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", path.read_text())
                      if flag not in flags and f'"{flag}"' not in bench and f"'{flag}'" not in bench
                      and flag not in OTHER_TOOLS})
    assert not unknown, unknown


def test_every_error_the_pages_quote_with_its_status_is_the_servers():
    """"409 `seat_taken`" in a page: that code is the server's, answered with that status."""
    from savanna.web.table.errors import ERRORS

    quoted = {(path.relative_to(ROOT), int(status), code) for path in READMES
              for status, code in re.findall(r"\b([1-5]\d\d) `([a-z_]+)`", path.read_text())}
    assert len(quoted) >= 10
    wrong = sorted(f"{path}: {status} {code}" for path, status, code in quoted if ERRORS.get(code) != status)
    assert not wrong, wrong
