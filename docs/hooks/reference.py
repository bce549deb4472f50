"""MkDocs hook: the reference parts of the docs, generated from the code at every build, so
that they cannot drift from it.

A page asks for one with a marker line, replaced by the generated Markdown:

    <!-- generated: rest -->     the REST API, from the web app's OpenAPI document
    <!-- generated: socket -->   the WebSocket's client messages, from edge/socket.py's MESSAGES
    <!-- generated: cli -->      the command line, from savanna/cli.py's argparse parser
    <!-- generated: errors -->   the error codes and their HTTP statuses, from table/errors.py

Each source is read by one small function (`openapi`, `socket_messages`, `cli_commands`)
returning plain data; the rest only formats it. To document typed models instead of the
present tables, change those functions and keep the formatting.
"""

from __future__ import annotations

import argparse
import functools
import pathlib
import re
import sys
import tempfile
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^<!-- generated: (\w+) -->$", re.M)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return MARKER.sub(lambda m: GENERATORS[m.group(1)](), markdown)


# --- the sources ---------------------------------------------------------------------------

def _import_savanna() -> None:
    if str(ROOT) not in sys.path:  # the checkout being documented, installed or not
        sys.path.insert(0, str(ROOT))


@functools.cache
def openapi() -> dict[str, Any]:
    """The web app's OpenAPI document: the app on a throwaway SQLite file, computer play off.
    Only the document is asked for: the app never starts (no lifespan, no server)."""
    _import_savanna()
    from savanna.web.app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        return create_app(str(pathlib.Path(tmp) / "docs.db"), autoplay=False).openapi()


def socket_messages() -> list[dict[str, Any]]:
    """The client messages the game WebSocket answers: type, fields, required fields, an
    example, whether it changes the game, and its handler's first docstring line."""
    _import_savanna()
    from savanna.web.edge.socket import MESSAGES

    return [{"type": m.type, "fields": list(m.fields), "required": list(m.required),
             "example": m.example, "changes": m.changes,
             "doc": (m.handle.__doc__ or "").strip().split("\n")[0]}
            for m in MESSAGES.values()]


def cli_commands() -> list[dict[str, Any]]:
    """Each `savanna` subcommand: its description and its visible arguments."""
    _import_savanna()
    from savanna.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    commands = []
    for name, p in sub.choices.items():
        args = []
        for a in p._actions:
            if a.help == argparse.SUPPRESS or isinstance(a, argparse._HelpAction):
                continue
            if a.option_strings:
                takes = a.nargs != 0
                usage = a.option_strings[-1] + (f" {a.metavar or a.dest.upper()}" if takes else "")
                if a.choices and takes and not a.metavar:
                    usage = a.option_strings[-1] + " " + "|".join(map(str, a.choices))
            else:
                usage = a.metavar or a.dest.upper()
            text = a.help or ""
            if "%(" in text:  # argparse's own placeholders, filled as its help does
                text = text % {**vars(a), "prog": p.prog}
            args.append({"usage": usage, "help": text})
        commands.append({"name": name, "description": p.description or "", "args": args})
    return commands


def error_codes() -> list[dict[str, Any]]:
    """The error codes (table/errors.py's ERRORS) with their HTTP status, and the comment that
    says each (read from the source: the table keeps its explanations as comments)."""
    _import_savanna()
    import inspect

    from savanna.web.table import errors

    said = dict(re.findall(r'^\s*"(\w+)": \d+,\s*#\s*(.*)$', inspect.getsource(errors), re.M))
    return [{"code": code, "status": status,
             "means": re.sub(r"\s*\([\w/.]+\.py\)", "", said.get(code, "")).split("  #")[0].strip()}
            for code, status in errors.ERRORS.items()]


# --- the formatting ------------------------------------------------------------------------

def _text(text: str) -> str:
    """A docstring as one Markdown paragraph: what would read as HTML or emphasis escaped."""
    text = " ".join(text.split()).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace("*", "\\*")


def _cell(text: str) -> str:
    """Text fit for a Markdown table cell: one paragraph, its bars escaped."""
    return _text(text).replace("|", "\\|")


def _code_cell(text: str) -> str:
    """Code for a Markdown table cell: in backticks, one line (a bar in a code span divides no
    cells in Python-Markdown's tables)."""
    return "`" + " ".join(text.split()) + "`"


def _anchor(method: str, path: str) -> str:
    """A request's own anchor: post-api-games-game-id-actions."""
    return "-".join(re.findall(r"[a-z0-9]+", f"{method} {path}".lower()))


def _type(schema: dict[str, Any], components: dict[str, Any]) -> str:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[1]
    if "anyOf" in schema:
        return " or ".join(_type(s, components) for s in schema["anyOf"])
    if schema.get("type") == "array":
        return f"list of {_type(schema.get('items', {}), components)}"
    if "enum" in schema:
        return " or ".join(f"`{v}`" for v in schema["enum"])
    return schema.get("type", "any")


def rest() -> str:
    doc = openapi()
    components = doc.get("components", {}).get("schemas", {})
    groups: dict[str, list[tuple[str, str, dict]]] = {}
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            groups.setdefault((op.get("tags") or ["other"])[0], []).append((method.upper(), path, op))
    out = ["| request | what it does |", "|---|---|"]
    for tag, ops in groups.items():
        for method, path, op in ops:
            first = (op.get("description") or op.get("summary", "")).split(". ")[0].rstrip(".")
            out.append(f"| [`{method} {path}`](#{_anchor(method, path)}) | {_cell(first)} |")
    for tag, ops in groups.items():
        out += ["", f"## {tag.capitalize()}"]
        for method, path, op in ops:
            out += ["", f"### `{method} {path}` {{ #{_anchor(method, path)} }}", "", _text(op.get("description") or op["summary"])]
            params = [p for p in op.get("parameters", []) if p["in"] in ("query", "path")]
            if params:
                out += ["", "| parameter | in | type | required |", "|---|---|---|---|"]
                out += [f"| `{p['name']}` | {p['in']} | {_cell(_type(p.get('schema', {}), components))} | "
                        f"{'yes' if p.get('required') else 'no'} |" for p in params]
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            if body and "$ref" in body:
                name = _type(body, components)
                model = components.get(name, {})
                fields = model.get("properties", {})
                if fields:
                    required = set(model.get("required", []))
                    out += ["", f"Body (`{name}`):", "", "| field | type | required | what |", "|---|---|---|---|"]
                    out += [f"| `{f}` | {_cell(_type(s, components))} | {'yes' if f in required else 'no'} | "
                            f"{_cell(s.get('description', ''))} |" for f, s in fields.items()]
            ok = sorted(code for code in op.get("responses", {}) if code.startswith("2"))
            if ok:
                out += ["", f"Answers {', '.join(ok)} on success."]
    return "\n".join(out)


def socket() -> str:
    out = ["| message | fields (required in bold) | changes the game | example |", "|---|---|---|---|"]
    for m in socket_messages():
        fields = ", ".join(f"**`{f}`**" if f in m["required"] else f"`{f}`" for f in m["fields"]) or "none"
        example = m["example"] or "{" + ", ".join([f'"type": "{m["type"]}"'] + [f'"{f}": …' for f in m["fields"]]) + "}"
        out.append(f"| `{m['type']}` | {fields} | {'yes' if m['changes'] else 'no'} | {_code_cell(example)} |")
    notes = [f"- `{m['type']}`: {m['doc']}" for m in socket_messages() if m["doc"]]
    notes.append("- A message that changes the game, on a connection the session cookie let in, "
                 "is refused once that session has ended (logged out).")
    return "\n".join(out + ([""] + notes if notes else []))


def cli() -> str:
    out = []
    for c in cli_commands():
        out += [f"## `savanna {c['name']}`", "", _text(c["description"]), "",
                "| argument | what it does |", "|---|---|"]
        out += [f"| {_code_cell(a['usage'])} | {_cell(a['help'])} |" for a in c["args"]]
        out.append("")
    return "\n".join(out)


def errors() -> str:
    out = ["| code | HTTP status | when |", "|---|---|---|"]
    out += [f"| `{e['code']}` | {e['status']} | {_cell(e['means'])} |" for e in error_codes()]
    return "\n".join(out)


GENERATORS = {"rest": rest, "socket": socket, "cli": cli, "errors": errors}
