"""The published layout schema: JSON Schema (draft 2020-12) made from the layout's pydantic models.

`rollsheet schema` writes it and the package ships it as `layouts/layout.schema.json` (a test keeps
the file equal to what the models make), so an editor validates and completes a layout that names
it on its first line (`# yaml-language-server: $schema=...`, see SCHEMA_LINE).

Glossary:
- key: a property of the schema; each carries one line saying what it is, its model's own
  description or, for the keys many models share (`at`, `type`, `colour`...), GENERIC's.
- dialect: the JSON Schema draft the file follows (DIALECT).
"""
from __future__ import annotations

import json
from pathlib import Path

from layouts.model import Game

HERE = Path(__file__).resolve().parent
SCHEMA_FILE = HERE / "layout.schema.json"
DIALECT = "https://json-schema.org/draft/2020-12/schema"
GENERIC = {
    "type": "the kind of block; it decides the other keys",
    "kind": "the kind of this entry; it decides the other keys",
    "colour": "one of the game's colours (its id under `colours:`)",
    "label": "the words shown for it (translated by the language overlays)",
    "id": "its name, used to refer to it",
}
"""Descriptions of the keys many models share, where a model does not say more."""


def layout_schema() -> dict:
    """The JSON Schema of a layout file, every key described."""
    schema = Game.model_json_schema(by_alias=True)
    for definition in [schema, *schema.get("$defs", {}).values()]:
        for key, prop in definition.get("properties", {}).items():
            prop.pop("title", None)  # pydantic's titles only repeat the key
            if "description" not in prop and key in GENERIC:
                prop["description"] = GENERIC[key]
    return {"$schema": DIALECT, "title": "rollsheet layout", **{k: v for k, v in schema.items() if k != "title"}}


def schema_text() -> str:
    """The schema as the JSON text `rollsheet schema` writes and the package ships."""
    return json.dumps(layout_schema(), indent=1, ensure_ascii=False) + "\n"


def undescribed(schema: dict) -> list[str]:
    """`Model.key` for every key of the schema without a description (none, when the models are complete)."""
    definitions = {"Game": schema, **schema.get("$defs", {})}
    return [f"{name}.{key}" for name, definition in definitions.items()
            for key, prop in definition.get("properties", {}).items() if not prop.get("description")]


def schema_line(schema: Path | str) -> str:
    """The first line of a layout that points editors (yaml-language-server) at the schema."""
    return f"# yaml-language-server: $schema={schema}"
