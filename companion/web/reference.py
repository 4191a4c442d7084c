"""The API reference page of the docs, written from the OpenAPI document (docgen/api_reference.py builds it).

Glossary:
- entry: one path and method: its summary, its path and query parameters, its body's keys (name, type, required,
  what it is) and its answers by status.
- type: a schema said short: `integer ≥ 0`, `string | null`, `array of integer`, `PhoneState` for a component.
"""
from __future__ import annotations

import json
import tempfile

HEADER = """# API reference

Generated from the companion's OpenAPI 3.1 document when the docs are built: the same document a running
companion serves at `GET /api/openapi.json` ([download this one](../openapi.json)). How the routes work
together, with examples: [The companion's API](../api.md).
"""


def built_document(layout_folders: str = "") -> dict:
    """The document of a companion serving the shipped games (and those in `layout_folders`), no server needed."""
    import os

    from companion.web.app import create_app
    from companion.web.openapi import document

    before = os.environ.get("ROLLSHEET_LAYOUTS")
    os.environ["ROLLSHEET_LAYOUTS"] = layout_folders
    try:
        with tempfile.TemporaryDirectory() as folder:
            app = create_app({"DATABASE": f"{folder}/reference.sqlite3"})
            with app.app_context():
                return json.loads(json.dumps(document(app)))
    finally:
        os.environ.pop("ROLLSHEET_LAYOUTS") if before is None else os.environ.update(ROLLSHEET_LAYOUTS=before)


def said(schema: dict) -> str:
    """A schema's type, said short."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return f"[{name}](#{name.lower()})"
    if "anyOf" in schema:
        return " | ".join(said(option) for option in schema["anyOf"])
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    kind = schema.get("type", "any")
    if kind == "array":
        return f"array of {said(schema.get('items', {}))}"
    if kind == "object" and "additionalProperties" in schema and isinstance(schema["additionalProperties"], dict):
        return f"object of {said(schema['additionalProperties'])}"
    bounds = [f"≥ {schema['minimum']}" if "minimum" in schema else "",
              f"≤ {schema['maximum']}" if "maximum" in schema else "",
              f"{schema.get('minLength', 0)}-{schema['maxLength']} characters" if "maxLength" in schema else ""]
    return " ".join([kind, *filter(None, bounds)])


def keys_table(schema: dict) -> list[str]:
    """A table of an object schema's keys: name, type, required, what it is."""
    if not schema.get("properties"):
        return []
    required = set(schema.get("required", []))
    rows = ["| key | type | required | what it is |", "|---|---|---|---|"]
    for key, inner in schema["properties"].items():
        text = inner.get("description", "").replace("|", "\\|").replace("\n", " ")
        rows.append(f"| `{key}` | {said(inner).replace('|', '&#124;')} | {'yes' if key in required else ''} | {text} |")
    return rows


def page(document: dict) -> str:
    """The reference page in Markdown: every entry, then every component's keys."""
    schemas, lines = document["components"]["schemas"], [HEADER]
    for path, methods in document["paths"].items():
        for method, entry in methods.items():
            lines += [f"## {method.upper()} `{path}`", "", entry["summary"], ""]
            parameters = [f"`{p['name']}` ({p['in']}{', ' + p['description'] if p.get('description') else ''})"
                          for p in entry.get("parameters", [])]
            lines += [f"Parameters: {'; '.join(parameters)}.", ""] if parameters else []
            if "requestBody" in entry:
                body = entry["requestBody"]["content"]["application/json"]["schema"]
                lines += [f"Body: {said(body)}", ""]
            answers = [f"{status} {', '.join(said(c['schema']) for c in answer.get('content', {}).values())}"
                       for status, answer in entry["responses"].items()]
            lines += ["Answers: " + "; ".join(answers) + ".", ""]
    lines += ["## Schemas", ""]
    for name, schema in schemas.items():
        lines += [f"### {name}", "", schema.get("description", "").replace("\n", " "), "", *keys_table(schema), ""]
    return "\n".join(lines)
