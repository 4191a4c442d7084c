"""The published layout schema: JSON Schema (draft 2020-12) made from the layout's pydantic models.

`rollsheet schema` writes it and the package ships it as `layouts/layout.schema.json` (a test keeps
the file equal to what the models make), so an editor validates and completes a layout that names
it on its first line (`# yaml-language-server: $schema=...`, see SCHEMA_LINE).

Glossary:
- key: a property of the schema; each carries one line saying what it is, its model's own
  description or, for the keys many models share (`at`, `type`, `colour`...), GENERIC's.
- dialect: the JSON Schema draft the file follows (DIALECT).
- tagged union: a list entry of one of several kinds told apart by one key (a block's `type`, a table's or
  field's `kind`). Pydantic writes it as `oneOf` (+ `discriminator`, an OpenAPI keyword JSON Schema
  validators ignore), so a validator tried every kind and named the wrong one; the published schema says
  it as an `enum` of the tags and an `if`/`then` per tag (`chained`), which every common validator follows:
  its first message is about the kind written (`best_match` of the `jsonschema` package).
- optional mapping: a key holding a mapping or nothing (`table`, `scoring`, `declared_end`). Pydantic writes it as
  `anyOf` [the mapping, null], whose failure a validator may say first about the whole mapping ("... is not
  valid under any of the given schemas", check-jsonschema); the published schema says it as "if a mapping,
  then this one" (`nullable`), so the first message is the mistake inside it.
"""
from __future__ import annotations

import json
from pathlib import Path

from layouts.glyphs import SHAPES
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
    glyph = schema["$defs"]["Colour"]["properties"]["glyph"]
    glyph.update({"minLength": 1, "examples": list(SHAPES), "if": {"minLength": 3}, "then": {"enum": list(SHAPES)},
                  "else": {"maxLength": 2}})  # a shape's name, or a letter (schema 1): a misspelt shape is named so
    defs = schema["$defs"]
    schema = _bottom_up(schema, lambda node: _nullable(_union_chained(node, defs), defs))
    return {"$schema": DIALECT, "title": "rollsheet layout", **{k: v for k, v in schema.items() if k != "title"}}


def _bottom_up(node, rewrite):
    """The schema with `rewrite` applied to each of its mappings, the innermost first."""
    if isinstance(node, list):
        return [_bottom_up(item, rewrite) for item in node]
    if not isinstance(node, dict):
        return node
    return rewrite({key: _bottom_up(value, rewrite) for key, value in node.items()})


def _union_chained(node: dict, defs: dict) -> dict:
    """A tagged union (a `oneOf` of definitions sharing a `const` key) `chained`; any other mapping as it is."""
    refs = [option.get("$ref", "").rsplit("/", 1)[-1] for option in node.get("oneOf", [])]
    tag = next((key for key in ("type", "kind") if refs and all("const" in defs.get(ref, {}).get("properties", {})
                                                               .get(key, {}) for ref in refs)), None)
    return chained(node, tag, refs, defs) if tag else node


def chained(union: dict, tag: str, refs: list[str], defs: dict) -> dict:
    """A union as an enum of its tags and one `if` tag `then` definition each; a kind with a default tag (a
    field's `count`) is the one taken when the key is left out."""
    tags = {defs[ref]["properties"][tag]["const"]: ref for ref in refs}
    defaulted = [name for name, ref in tags.items() if "default" in defs[ref]["properties"][tag]]
    rest = {key: value for key, value in union.items() if key not in ("oneOf", "discriminator")}
    return {**rest, "type": "object", **({} if defaulted else {"required": [tag]}),
            "properties": {tag: {"enum": list(tags), "description": GENERIC[tag]}},
            "allOf": [{"if": {"properties": {tag: {"const": name}},
                              **({} if name in defaulted else {"required": [tag]})},
                       "then": {"$ref": f"#/$defs/{ref}"}} for name, ref in tags.items()]}


def _nullable(node: dict, defs: dict) -> dict:
    """An optional mapping (`anyOf` [a mapping, null]) said as "if a mapping, then this one"; any other as it is."""
    options = node.get("anyOf", [])
    mapping = [option for option in options if option != {"type": "null"}]
    if len(options) != 2 or len(mapping) != 1 or _type(mapping[0], defs) != "object":
        return node
    rest = {key: value for key, value in node.items() if key != "anyOf"}
    return {**rest, "type": ["object", "null"], "if": {"type": "object"}, "then": mapping[0]}


def _type(option: dict, defs: dict) -> str | None:
    """The JSON type an option of a union takes (through its `$ref`), if it says one."""
    ref = option.get("$ref")
    return (defs[ref.rsplit("/", 1)[-1]] if ref else option).get("type")


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
