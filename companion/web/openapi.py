"""The OpenAPI 3.1 document of the companion's JSON API, written from the app's marked views and their models.

Glossary:
- component: a model's JSON Schema under `components.schemas`, named by its model; a name two different
  schemas share (each game's `Player`) gets the name of the model that uses it in front.
- live routes: the event stream is served on the event loop (companion/web/stream.py), not by a Flask view;
  its entry is written here.
"""
from __future__ import annotations

import re

from pydantic import BaseModel, TypeAdapter

import layouts
from companion.contract.answers import Problem
from companion.web.checks import MAX_BODY, STATE_CHANGING
from layouts import LayoutError

COMMON = (400, 429, 431, 503)
POSTED = (403, 411, 413, 415)
"""What a state-changing request (checks.py) may be refused besides COMMON: another site, a body's length or type."""
SAID = {200: "OK", 201: "Created", 400: "Malformed: a body's key, the address or the query", 403:
        "Not this caller's: another web site, or a seat the caller does not hold", 404: "No such game, room, move, "
        "list or item", 409: "Not possible now (the sentence says why)", 410: "The room closed for lack of play",
        411: "A body without Content-Length", 413: f"A body over {MAX_BODY // 1024} KB, or an import of more plays "
        "than it takes at once", 415: "A body that is not JSON", 422: "Over a group's cap of plays (docs/hosting.md)",
        429: "Too many requests of a kind from this client (Retry-After)", 431: "Request headers too large",
        503: "The server is full or busy: try again after Retry-After; nothing was done"}
RULE_PART = re.compile(r"<(?:(\w+):)?(\w+)>")


class Components:
    """The document's schemas, each model's written once."""

    def __init__(self):
        self.schemas: dict[str, dict] = {}
        self._made: dict[tuple, dict] = {}

    def ref(self, source, owner: str = "") -> dict:
        """A JSON Schema for `source` (a model, a type, or a function giving a schema), its definitions lifted."""
        if (source, owner) not in self._made:
            self._made[source, owner] = self._schema(source, owner)
        return self._made[source, owner]

    def _schema(self, source, owner: str) -> dict:
        if isinstance(source, type) and issubclass(source, BaseModel):
            schema = source.model_json_schema(mode="validation" if owner == "body" else "serialization")
        else:
            made = callable(source) and not isinstance(source, type)
            schema = source() if made else TypeAdapter(source).json_schema()
        return self._lift(schema, schema.get("title", owner))

    def used(self, paths: dict) -> dict:
        """The schemas `paths` refer to, directly or through another schema, by name (a layout's printables'
        blocks are not in the API's answers)."""
        found, waiting = set(), _refs(paths)
        while waiting:
            name = waiting.pop()
            if name not in found:
                found.add(name)
                waiting |= _refs(self.schemas[name])
        return {name: self.schemas[name] for name in sorted(found)}

    def _lift(self, schema: dict, owner: str) -> dict:
        """A reference to `schema` (by its title) among the components, with its definitions."""
        defs = {**schema.pop("$defs", {}), **({owner: schema} if schema.get("title") == owner else {})}
        same = {name: name for name in defs}
        names = {name: name if self.schemas.get(name, _renamed(inner, same)) == _renamed(inner, same)
                 else f"{owner}_{name}" for name, inner in defs.items()}
        for name, inner in defs.items():
            self.schemas[names[name]] = _renamed(inner, names)
        return {"$ref": f"#/components/schemas/{names[owner]}"} if owner in names else _renamed(schema, names)


def _refs(node) -> set[str]:
    """The component names `node` refers to."""
    if isinstance(node, dict):
        own = {node["$ref"].rsplit("/", 1)[1]} if isinstance(node.get("$ref"), str) else set()
        return own.union(*(_refs(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(_refs(item) for item in node))
    return set()


def _renamed(node, names: dict):
    """`node` with each `#/$defs/X` reference pointing at its component."""
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/$defs/"):
            return {**node, "$ref": "#/components/schemas/" + names[node["$ref"].removeprefix("#/$defs/")]}
        return {key: _renamed(value, names) for key, value in node.items()}
    if isinstance(node, list):
        return [_renamed(item, names) for item in node]
    return node


def served(app) -> bytes:
    """The document as JSON text, written again only when the served games change (writing it costs ~0.1 s)."""
    import json

    games = []
    for game_id in layouts.game_ids():
        try:
            games.append((game_id, id(layouts.load(game_id))))  # the same object while its files are unchanged
        except LayoutError:
            games.append((game_id, None))
    kept = app.extensions.get("rollsheet.openapi")
    if kept is None or kept[0] != games:
        kept = app.extensions["rollsheet.openapi"] = (games, json.dumps(document(app), ensure_ascii=False).encode())
    return kept[1]


def document(app) -> dict:
    """The OpenAPI 3.1 document of `app`'s marked views (the games it serves now: their moves and score posts)."""
    from importlib.metadata import version

    parts, paths = Components(), {}
    for rule in sorted(app.url_map.iter_rules(), key=lambda rule: rule.rule):
        operation = getattr(app.view_functions[rule.endpoint], "contract", None)
        if operation is None:
            continue
        template = RULE_PART.sub(r"{\2}", rule.rule)
        converters = {name: kind for kind, name in RULE_PART.findall(rule.rule)}
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            if operation.body is not None or operation.paths is None:
                paths.setdefault(template, {})[method.lower()] = _entry(
                    parts, operation, method, rule.endpoint, converters, operation.body)
            last = list(converters)[-1] if converters else ""
            for part, models in (operation.paths() if operation.paths else {}).items():
                paths.setdefault(template.replace("{%s}" % last, part), {})[method.lower()] = _entry(
                    parts, operation, method, f"{rule.endpoint}_{part}", {k: v for k, v in converters.items()
                                                                          if k != last}, models)
    paths.update(live_paths(parts))
    return {"openapi": "3.1.0",
            "info": {"title": "rollsheet companion", "version": version("rollsheet"),
                     "description": "The JSON API of the table companion (docs: The companion's API). Every refusal "
                                    "answers {\"error\": a sentence} in the caller's language."},
            "paths": dict(sorted(paths.items())), "components": {"schemas": parts.used(paths)}}


def _entry(parts: Components, operation, method: str, name: str, converters: dict, body) -> dict:
    """One operation of the document."""
    entry = {"summary": operation.summary, "operationId": name.replace(".", "_").replace("-", "_"),
             "parameters": [{"name": key, "in": "path", "required": True,
                             "schema": {"type": "integer", "minimum": 0} if kind == "int" else {"type": "string"}}
                            for key, kind in converters.items()]
             + [{"name": key, "in": "query", "required": False, "schema": schema, "description": said}
                for key, (schema, said) in operation.query.items()]}
    if body is not None:
        models = body if isinstance(body, list) else [body]
        schemas = [parts.ref(model, "body") for model in models]
        entry["requestBody"] = {"required": True, "content": {"application/json": {
            "schema": schemas[0] if len(schemas) == 1 else {"anyOf": schemas}}}}
    answers = {status: _content(parts, source) for status, source in operation.answers.items()}
    refusals = {*COMMON, *operation.refusals, *(POSTED if method in STATE_CHANGING else ())} - set(answers)
    answers.update({status: _content(parts, Problem) for status in refusals})
    entry["responses"] = {str(status): {"description": SAID.get(status, ""), **answers[status]}
                          for status in sorted(answers)}
    return entry


def _content(parts: Components, source) -> dict:
    """A response's content: JSON of `source`, or {media type: schema source}."""
    media = source if isinstance(source, dict) else {"application/json": source}
    return {"content": {kind: {"schema": parts.ref(schema) if schema is not None else {"type": "string"}}
                        for kind, schema in media.items()}}


def live_paths(parts: Components) -> dict:
    """The event stream's entry (companion/web/stream.py serves it on the event loop)."""
    from companion.contract.answers import Closed

    refusals = {str(status): {"description": SAID[status], **_content(parts, Problem)} for status in (404, *COMMON)}
    return {"/api/rooms/{code}/events": {"get": {
        "summary": "The room's versions as Server-Sent Events: `id:` the version, `data:` the state (a `heartbeat` "
                   "event, empty, every 5 s).", "operationId": "room_events",
        "parameters": [{"name": "code", "in": "path", "required": True, "schema": {"type": "string"}},
                       {"name": "since", "in": "query", "required": False, "schema": {"type": "string"},
                        "description": "resume after this version (a whole number; anything else counts as none)"},
                       {"name": "Last-Event-ID", "in": "header", "required": False, "schema": {"type": "string"},
                        "description": "what EventSource sends when it reconnects: the last version seen"}],
        "responses": {"200": {"description": "An endless event stream",
                              "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                      "410": {"description": SAID[410], **_content(parts, Closed)}, **dict(sorted(refusals.items()))}}}}
