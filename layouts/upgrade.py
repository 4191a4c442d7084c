"""Layout schema versions: a layout says `schema: N` (a file without it is version 1); one of an older
version is upgraded on reading, and `rollsheet upgrade FILE` rewrites it in place, so a user's game
never breaks silently with a new release; one newer than this code is refused in one line.

Glossary:
- CURRENT: the version this code reads and writes.
- step: the change from version n to n + 1 (STEPS[n]), a function of the raw YAML data giving the
  edits it makes; each step's docstring says what changed in the schema that release.
- edit: (path, value): the scalar at a key path (('colours', 'red', 'glyph')) becomes `value`, or
  the key is added to its mapping. Edits apply to the data on reading and to the file's text on
  `rollsheet upgrade`, where every other byte (comments, order, quoting) stays as the author wrote it.
"""
from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path

import yaml

from layouts.colours import MARK_CONTRAST, contrast_on_white, darker
from layouts.glyphs import suggested_shapes
from layouts.reading import LayoutError

CURRENT = 2
RGB = re.compile(r"^#[0-9a-fA-F]{6}$")


def _to_2(raw: dict) -> list[tuple[tuple, object]]:
    """Schema 2: a colour's glyph is a shape (`triangle`, layouts/glyphs.py), the same in every language;
    a schema-1 letter becomes the unused shape nearest its colour's hue. A colour whose rgb has under 3:1
    contrast on white paper prints its lines, glyphs and text in a darker `line` shade (schema 1 printed
    them in the pale rgb itself); the upgrade gives it the lightest shade that passes."""
    colours = raw.get("colours")
    readable = {name: colour for name, colour in (colours.items() if isinstance(colours, dict) else ())
                if isinstance(colour, dict) and isinstance(colour.get("rgb"), str) and RGB.match(colour["rgb"])}
    glyphs = {name: (c["rgb"], c["glyph"]) for name, c in readable.items() if isinstance(c.get("glyph"), str)}
    shapes = [(("colours", name, "glyph"), shape) for name, shape in suggested_shapes(glyphs).items()
              if shape != glyphs[name][1]]
    return shapes + [(("colours", name, "line"), darker(colour["rgb"])) for name, colour in readable.items()
                     if "line" not in colour and contrast_on_white(colour["rgb"]) < MARK_CONTRAST]


STEPS: dict[int, Callable[[dict], list[tuple[tuple, object]]]] = {1: _to_2}
"""Version n -> the step from n to n + 1."""


def version_of(raw: dict, source: Path | str) -> int:
    """The schema version a layout says it is written for (1 when it says none); LayoutError when it is
    not a version, or newer than this code reads."""
    version = raw.get("schema", 1)
    if type(version) is not int or version < 1:
        raise LayoutError([f"{source}: schema: the layout's schema version is a whole number from 1, "
                           f"not {version!r}"])
    if version > CURRENT:
        raise LayoutError([f"{source}: schema: written for layout schema {version}, newer than this rollsheet "
                           f"reads ({CURRENT}); upgrade rollsheet (pip install --upgrade rollsheet)"])
    return version


def edits(raw: dict, source: Path | str) -> list[tuple[tuple, object]]:
    """Every edit that brings a layout's data to CURRENT, applied to `raw` as it goes."""
    made = []
    for version in range(version_of(raw, source), CURRENT):
        step = STEPS[version](raw)
        for path, value in step:
            _set(raw, path, value)
        made += step
    return made


def upgraded(raw: dict, source: Path | str) -> dict:
    """A layout's raw data at the CURRENT schema (the data itself, changed in place)."""
    if version_of(raw, source) < CURRENT:
        edits(raw, source)
        raw["schema"] = CURRENT
    return raw


def upgrade_text(text: str, raw: dict, source: Path | str) -> str | None:
    """The text of a layout file (`raw`: its data, as read) rewritten for the CURRENT schema, with
    `schema: CURRENT` at its top; None when it is current already."""
    if version_of(raw, source) == CURRENT:
        return None
    before = copy.deepcopy(raw)
    for path, value in edits(raw, source):
        text = _edited(text, before, path, _scalar(value))
        _set(before, path, value)
    return _said_version(text)


def _set(raw: dict, path: tuple, value) -> None:
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def _scalar(value) -> str:
    """A value as YAML writes it: a plain word as it is (`triangle`), anything else quoted (`"#ad9111"`)."""
    return value if isinstance(value, str) and re.fullmatch(r"[a-z][a-z0-9_-]*", value) else \
        json.dumps(value, ensure_ascii=False)


def _has(raw, path: tuple) -> bool:
    for key in path:
        if not isinstance(raw, (dict, list)) or (isinstance(raw, dict) and key not in raw):
            return False
        raw = raw[key]
    return True


def _node(text: str, path: tuple):
    """The YAML node at a key path of the text."""
    node = yaml.compose(text)
    for key in path:
        node = node.value[key] if isinstance(node, yaml.SequenceNode) else \
            next(value for name, value in node.value if name.value == str(key))
    return node


def _edited(text: str, raw: dict, path: tuple, written: str) -> str:
    """The text with the scalar at `path` written anew, or its key added to its mapping (`raw`: the
    text's data)."""
    if _has(raw, path):
        node = _node(text, path)
        return text[:node.start_mark.index] + written + text[node.end_mark.index:]
    mapping = _node(text, path[:-1])
    if mapping.flow_style:  # {label: Yellow, rgb: "#e8c31a"}: before its closing brace
        end = text.rindex("}", 0, mapping.end_mark.index)
        return text[:end].rstrip() + f", {path[-1]}: {written}" + text[end:]
    last, indent = mapping.value[-1][1], mapping.value[0][0].start_mark.column
    at = text.index("\n", last.end_mark.index) if "\n" in text[last.end_mark.index:] else len(text)
    return text[:at] + "\n" + " " * indent + f"{path[-1]}: {written}" + text[at:]


def _said_version(text: str) -> str:
    """The text with its top-level `schema:` line set to CURRENT (added after the leading comments)."""
    lines = text.splitlines(keepends=True)
    for n, line in enumerate(lines):
        if line.startswith("schema:"):
            lines[n] = f"schema: {CURRENT}\n"
            return "".join(lines)
    first = next((n for n, line in enumerate(lines) if line.strip() and not line.startswith("#")), len(lines))
    return "".join(lines[:first] + [f"schema: {CURRENT}\n"] + lines[first:])
