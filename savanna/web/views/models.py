"""The view's JSON as pydantic models: what GET /api/games/{id} answers and the socket sends (whole,
or as the patches that add up to it), for every game: the parts all views have in model_parts.py, each game's own in
<game>_models.py, beside its view module. The views stay the dicts the view modules
build (build.py, room.py, clocks.py and each game's module, whose docstrings say what each field
means); these models describe them, so that a JSON Schema can be generated from them
(static/view.schema.json, which the page's JSDoc types follow) and real views checked against it
(tests/test_view_schema.py).

Objects are closed (a field a view module adds must be described here, or the test of real views
fails), except the engines' events (a scoring's "what", "seat", "points" and where: each kind of
event has fields of its own, documented by the engine's `apply_explained`) and a few objects the
room keeps as the table wrote them (a takeback's request and outcome, a resignation's end).

    python -m savanna.web.views.models > savanna/web/static/view.schema.json
    python -m savanna.web.views.models --jsdoc > savanna/web/static/view-types.js
"""

from __future__ import annotations

import importlib
import json
from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import Field, TypeAdapter

from savanna import games

from .model_parts import ViewBase

GAME_VIEWS: tuple[type[ViewBase], ...] = tuple(
    importlib.import_module(f"savanna.web.views.{spec.name}_models").VIEW for spec in games.specs())
if TYPE_CHECKING:  # (the checker sees a ViewBase: the union is the registry's games, joined at run time)
    View = ViewBase
else:
    View = Annotated[Union[GAME_VIEWS], Field(discriminator="game")]  # (each game's module names its VIEW)
VIEW: TypeAdapter[ViewBase] = TypeAdapter(View)


def schema() -> dict[str, Any]:
    """The view's JSON Schema (static/view.schema.json)."""
    out = VIEW.json_schema(by_alias=True)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "savanna game view",
            "description": "A game's view: GET /api/games/{id} and the socket (savanna/web/views/models.py)", **out}


def schema_text() -> str:
    return json.dumps(schema(), indent=1, sort_keys=True) + "\n"


def _js_type(s: dict[str, Any]) -> str:
    """A JSON Schema's type as a JSDoc (TypeScript) type."""
    if "$ref" in s:
        ref: str = s["$ref"]
        return ref.rsplit("/", 1)[1]
    for union in ("anyOf", "oneOf"):
        if union in s:
            return "(" + " | ".join(_js_type(x) for x in s[union]) + ")"
    if "const" in s:
        return json.dumps(s["const"])
    if "enum" in s:
        return "(" + " | ".join(json.dumps(v) for v in s["enum"]) + ")"
    kind = s.get("type")
    if kind == "array":
        if "prefixItems" in s:
            return "[" + ", ".join(_js_type(x) for x in s["prefixItems"]) + "]"
        return f"Array<{_js_type(s.get('items', {}))}>"
    if kind == "object":
        extra = s.get("additionalProperties")
        return f"Object<string, {_js_type(extra) if isinstance(extra, dict) else 'any'}>"
    return {"integer": "number", "number": "number", "string": "string", "boolean": "boolean",
            "null": "null"}.get(kind or "", "any")


def jsdoc_text() -> str:
    """The view's types as JSDoc typedefs (static/view-types.js), from the schema: the pages'
    modules name them (`import("./view-types.js").View`) and TypeScript's checker reads them."""
    out = ["// @ts-check", "// The game view's types, generated from its JSON Schema (view.schema.json) by",
           "// savanna/web/views/models.py: python -m savanna.web.views.models --jsdoc. Do not edit.", ""]
    full = schema()
    defs = dict(full["$defs"])
    for name in sorted(defs):
        d = defs[name]
        out.append("/**")
        if d.get("description"):
            out += [f" * {line}".rstrip() for line in d["description"].splitlines()]
        out.append(f" * @typedef {{Object}} {name}")
        required = set(d.get("required", ()))
        for field, f in d.get("properties", {}).items():
            key = field if field in required else f"[{field}]"
            text = f" - {f['description']}" if f.get("description") else ""
            out.append(f" * @property {{{_js_type(f)}}} {key}{text}")
        out += [" */", ""]
    out += ["/**", " * A game's view, either game's (its \"game\" says which).", f" * @typedef {{{_js_type(full)}}} View",
            " */", "", "export {};", ""]
    return "\n".join(out)


if __name__ == "__main__":
    import sys

    print(jsdoc_text() if "--jsdoc" in sys.argv else schema_text(), end="")
