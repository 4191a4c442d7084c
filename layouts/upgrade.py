"""Layout schema versions: a layout says `schema: N` (a file without it is version 1); one of an older
version is upgraded on reading, and `rollsheet upgrade FILE` rewrites it in place, so a user's game
never breaks silently with a new release; one newer than this code is refused in one line.

Glossary:
- CURRENT: the version this code reads and writes.
- step: the change from version n to n + 1 (STEPS[n]), a function of the raw YAML data giving the
  edits it makes; each step's docstring says what changed in the schema that release.
- edit: (path, value): the scalar at a key path (('colours', 'red', 'glyph')) becomes `value`.
  Edits apply to the data on reading and to the file's text on `rollsheet upgrade`, where every
  other byte (comments, order, quoting) stays as the author wrote it.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import yaml

from layouts.reading import LayoutError

CURRENT = 1
STEPS: dict[int, Callable[[dict], list[tuple[tuple, object]]]] = {}
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
    spans = [(_span(text, path), value) for path, value in edits(raw, source)]
    for (start, end), value in sorted(spans, key=lambda span: span[0], reverse=True):
        text = text[:start] + json.dumps(value, ensure_ascii=False) + text[end:]
    return _said_version(text)


def _set(raw: dict, path: tuple, value) -> None:
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def _span(text: str, path: tuple) -> tuple[int, int]:
    """Where the scalar at `path` is written in the text (start and end offsets)."""
    node = yaml.compose(text)
    for key in path:
        if isinstance(node, yaml.SequenceNode):
            node = node.value[key]
        else:
            node = next(value for name, value in node.value if name.value == str(key))
    return node.start_mark.index, node.end_mark.index


def _said_version(text: str) -> str:
    """The text with its top-level `schema:` line set to CURRENT (added after the leading comments)."""
    lines = text.splitlines(keepends=True)
    for n, line in enumerate(lines):
        if line.startswith("schema:"):
            lines[n] = f"schema: {CURRENT}\n"
            return "".join(lines)
    first = next((n for n, line in enumerate(lines) if line.strip() and not line.startswith("#")), len(lines))
    return "".join(lines[:first] + [f"schema: {CURRENT}\n"] + lines[first:])
