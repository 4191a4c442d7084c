"""The layout reference, docs/reference.md with its pictures in docs/reference/, made from the code so it never
drifts from what `rollsheet check` accepts (`python -m docgen.reference` writes it; tests/test_reference.py
makes it again and compares, so a change of the models that leaves it stale fails): every block kind with its
keys, types, defaults and a picture drawn from a minimal example (docgen/examples.yaml) and the games that use
it; every table kind with its phases; every scoring field and rule kind; the expression language.

Glossary:
- kind: a member of a tagged union of the layout schema (a block `type`, a table or field `kind`).
- keys table: a model's keys from the published JSON Schema (layouts/schema.py), one row each.
- picture: a PNG of an example printable's blocks, drawn by the print kit itself.
"""
from __future__ import annotations

import json
import re
from io import BytesIO
from pathlib import Path
from typing import get_args

import layouts
from layouts.blocks import Block
from layouts.expressions import GRAMMAR, INSTEAD, MAX_LENGTH, SAID
from layouts.problems import union_members, union_tags
from layouts.schema import layout_schema
from layouts.scoring import AnyField, Check, Part, Scoring, Section, TieBreak
from layouts.table import Mechanic

EXAMPLES = Path(__file__).with_name("examples.yaml")
DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGE = DOCS / "reference.md"
PICTURES = DOCS / "reference"
DPI = 110

SCHEMA = layout_schema()
DEFS = SCHEMA["$defs"]


def def_name(model: type) -> str:
    """The name of a model's definition in the published schema (module-qualified where two share a name)."""
    long = f"{model.__module__.replace('.', '__')}__{model.__name__}"
    return long if long in DEFS else model.__name__


def kinds(union) -> dict[str, type]:
    """Tag -> model of a tagged union of the schema, in the schema's order."""
    members = union_members(get_args(union)[0] if hasattr(union, "__metadata__") else union)
    return {union_tags(member)[0]: member for member in members}


BLOCKS, TABLES, FIELDS = kinds(Block), kinds(Mechanic), kinds(AnyField)
RULES = {"let": None, "points": Part, "checks": Check, "tiebreak": TieBreak}
"""The scoring section's rule kinds besides its fields (`let`: named expressions, no keys of its own)."""
DOCUMENTED = {def_name(m) for m in [*BLOCKS.values(), *TABLES.values(), *FIELDS.values(), Part, Check, TieBreak,
                                    Scoring, Section]}
"""Definitions with a section of their own, not repeated inside others."""


def type_text(prop: dict) -> str:
    """A JSON Schema property's type in words: 'list of Column', 'number or null', "'left' | 'right'"."""
    if "$ref" in prop:
        return prop["$ref"].rsplit("/", 1)[-1].split("__")[-1]
    if prop.get("type") == ["object", "null"]:  # an optional mapping, nullable (layouts/schema.py)
        return f"{type_text(prop['then'])} or null"
    if "allOf" in prop:  # a tagged union, chained (layouts/schema.py)
        return " or ".join(type_text(option["then"]) for option in prop["allOf"])
    if "anyOf" in prop or "oneOf" in prop:
        return " or ".join(dict.fromkeys(type_text(p) for p in prop.get("anyOf", prop.get("oneOf"))))
    if "enum" in prop or "const" in prop:
        return " | ".join(f"`{value}`" for value in prop.get("enum", [prop.get("const")]))
    kind = prop.get("type", "any")
    if kind == "array" and "prefixItems" in prop:
        return "[" + ", ".join(type_text(p) for p in prop["prefixItems"]) + "]"
    if kind == "array":
        return f"list of {type_text(prop.get('items', {}))}"
    if kind == "object":
        inner = prop.get("additionalProperties") or next(iter(prop.get("patternProperties", {}).values()), None)
        return f"map of {type_text(inner)}" if isinstance(inner, dict) else "map"
    return {"integer": "whole number", "number": "number", "string": "text", "boolean": "true/false",
            "null": "null"}.get(kind, kind)


def keys_table(schema: dict) -> list[str]:
    """Markdown rows of a model's keys: key, type, default (or required), what it is."""
    rows = ["| key | type | default | what it is |", "| --- | --- | --- | --- |"]
    required = set(schema.get("required", []))
    for key, prop in schema.get("properties", {}).items():
        default = "required" if key in required else f"`{json.dumps(prop['default'])}`" if "default" in prop else ""
        said = prop.get("description", "").replace("|", "\\|")
        shown = type_text(prop).replace("|", "\\|")
        rows.append(f"| `{key}` | {shown} | {default} | {said} |")
    return rows


def inside(definition: dict, skip: set[str], seen: set[str] | None = None) -> list[str]:
    """The definitions a definition refers to, nested ones too, but those in `skip` (documented elsewhere)."""
    seen = set() if seen is None else seen
    for ref in re.findall(r"#/\$defs/([\w-]+)", json.dumps(definition.get("properties", {}))):
        if ref not in seen and ref not in skip:
            seen.add(ref)
            inside(DEFS[ref], skip, seen)
    return sorted(seen)


def model_section(level: str, title: str, model: type) -> list[str]:
    """A model's heading, its docstring's first paragraph, its keys and those of the models inside it."""
    schema = SCHEMA if model is layouts.Game else DEFS[def_name(model)]
    doc = (model.__doc__ or "").split("\n\n")[0].strip()
    out = [f"{level} {title}", "", *([" ".join(doc.split()), ""] if doc and not doc.startswith("Base") else [])]
    out += keys_table(schema) + [""]
    for name in inside(schema, DOCUMENTED):
        out += [f"**{name.split('__')[-1]}** (inside it):", "", *keys_table(DEFS[name]), ""]
    return out


def used_by() -> dict[str, list[str]]:
    """Block type -> the shipped games and templates that use it."""
    found: dict[str, list[str]] = {}
    for path in [*layouts.layout_files(layouts.HERE), *layouts.layout_files(layouts.TEMPLATES)]:
        game = layouts.load_file(path)
        for kind in {b.type for p in game.printables.values() for b in [*p.blocks, *p.back]}:
            found.setdefault(kind, []).append(game.id)
    return found


def when(model, name: str, form: str = "; %s") -> str:
    """The option a table kind needs for a move or phase, in `form` ('' for one it always has)."""
    return form % model.WHEN[name] if name in model.WHEN else ""


def page() -> str:
    """The reference page's Markdown."""
    from companion.rules.mechanics import kinds as mechanics

    users = used_by()
    out = ["# Layout reference", "", "<!-- Made by `python -m docgen.reference` from the code: edit the models, not "
           "this page. -->", "", "Made from the code (`rollsheet schema` is the same schema as JSON). A game's layout "
           "file holds the keys of **Game** below; see [Write your own game](authoring.md) for a walk through.", ""]
    out += model_section("##", "Game (the file)", layouts.Game)
    out += ["## Block kinds", "", "A printable's `blocks` are boxes in mm, each of one `type`:", ""]
    for kind, model in BLOCKS.items():
        games = ", ".join(sorted(users.get(kind, []))) or "none of the shipped games yet"
        out += model_section("###", f"`{kind}`", model)
        out += [f"![{kind}](reference/{kind}.png)", "", *MORE.get(kind, []), f"Used by: {games}.", ""]
    out += ["## Table kinds", "", "The companion's `table:` runs one mechanic; its phases are where a turn is "
            "(`prompts` names them), its moves what a seat may do (`labels` names their buttons).", ""]
    for kind, model in TABLES.items():
        phases = mechanics()[kind].PHASES
        out += model_section("###", f"`{kind}`", model)
        out += ["Phases: " + "; ".join(f"`{name}` (waiting for Ana to {text}{when(model, name)})"
                                       for name, text in phases.items()) + ".", "",
                "Moves: " + ", ".join(f"`{name}`{when(model, name, ' (%s)')}" for name in (*model.MOVES, "end")) + ".",
                ""]
    out += ["## Scoring", "", "The `scoring:` section: fields in titled `sections`, then the rules.", ""]
    out += model_section("###", "The section", Scoring)
    for kind, model in FIELDS.items():
        out += model_section("###", f"Field `{kind}`", model)
    for kind, model in RULES.items():
        out += model_section("###", f"Rule `{kind}`", model) if model else [
            "### Rule `let`", "", "Named values worked out per player, in order: `{name: expression}`.", ""]
    out += expressions()
    return "\n".join(out) + "\n"


def expressions() -> list[str]:
    """The expression language: what it may hold, its functions, and what to write instead of Python."""
    out = ["## Expressions", "", f"An expression may hold {GRAMMAR}; at most {MAX_LENGTH} characters.", "",
           "| function | what it gives |", "| --- | --- |"]
    out += [f"| `{name}()` | {said} |" for name, said in SAID.items()]
    out += ["", "| not allowed | write instead |", "| --- | --- |"]
    out += [f"| {form} | {instead} |" for form, instead in dict(INSTEAD.values()).items()]
    return out + [""]


def pictures() -> dict[str, bytes]:
    """Block type -> a PNG of its example, drawn by the print kit."""
    import pypdfium2
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from sheets.blocks import DRAWERS
    from sheets.context import Context
    from sheets.ink import Ink
    from sheets.units import Pen

    game, out = layouts.load_file(EXAMPLES), {}
    ctx = Context(game, Ink(), "http://192.168.1.20:5000", players=2).for_copy(1, 1)
    for name, spec in game.printables.items():
        pdf = BytesIO()
        canvas = Canvas(pdf, pagesize=(spec.size[0] * mm, spec.size[1] * mm), invariant=1)
        for block in spec.blocks:
            DRAWERS[block.type](Pen(canvas, spec.size[1]), block, ctx)
        canvas.save()
        png = BytesIO()
        pypdfium2.PdfDocument(pdf.getvalue())[0].render(scale=DPI / 72).to_pil().save(png, "PNG")
        out[name.replace("-", "_")] = png.getvalue()
    return out


def box_rows_geometry_text() -> list[str]:
    """How a box_rows block sizes its boxes, worked through on its example (the picture above)."""
    from layouts.blocks.box_rows import GAP

    block = layouts.load_file(EXAMPLES).printables["box-rows"].blocks[0]
    side, row_h, head = block.geometry()
    x, _, w, h = block.at
    slots = max(row.slots for row in block.rows)
    return [f"**Geometry.** A row is the block's height divided among its rows; its head takes `head` mm (default "
            f"one box side) and {GAP:g} mm. A *slot* is one box side plus {GAP:g} mm (the pitch). A row takes "
            f"`offset` + its boxes + its `gaps` + 1 for an `end` slots; the box side is the smallest of (width - "
            f"head - {GAP:g}) / the widest row's slots - {GAP:g}, the row height - {2 * GAP:g}, and `box`. So "
            f"`box: 10` on a block wide enough gives an 11 mm pitch, and box *n* of a row (from 1) starts at "
            f"x + head + {GAP:g} + (offset + *n* - 1 + the gaps before it) x pitch: rows with the same pitch line "
            f"up box over box. In the picture: `at: [{', '.join(f'{v:g}' for v in block.at)}]`, "
            f"`head: {block.head:g}`, "
            f"{len(block.rows)} rows of {row_h:.1f} mm, the widest {slots:g} slots: side = min(({w:g} - "
            f"{head:g} - {GAP:g}) / {slots:g} - {GAP:g}, {row_h:.1f} - {2 * GAP:g}) = {side:.2f} mm, pitch "
            f"{side + GAP:.2f} mm; the second row starts {block.rows[1].offset:g} slot in, at x = "
            f"{x + head + GAP + block.rows[1].offset * (side + GAP):.2f} mm.", ""]


MORE = {"box_rows": box_rows_geometry_text()}
"""More words for a block kind, after its picture."""


def write(page_file: Path = PAGE, folder: Path = PICTURES) -> None:
    """Write the reference page and its pictures (a picture of a kind no longer there is removed)."""
    page_file.write_text(page(), encoding="utf-8")
    folder.mkdir(exist_ok=True)
    drawn = pictures()
    for old in folder.glob("*.png"):
        if old.stem not in drawn:
            old.unlink()
    for kind, png in drawn.items():
        (folder / f"{kind}.png").write_bytes(png)


if __name__ == "__main__":
    write()
    print(f"wrote {PAGE} and {len(list(PICTURES.glob('*.png')))} pictures in {PICTURES}")
