"""A layout's words in other languages: an overlay file `<game>.<lang>.yaml` beside `<game>.yaml`.

An overlay is a flat mapping from the path of every text of the layout (as `rollsheet check` writes
paths: `printables.score-sheet.blocks[0].text`) to that text in the language; the layout stays the
one source of every number, colour and box. It must hold exactly the layout's texts, with the same
{placeholders}: a missing or extra path is an error naming it.

Glossary:
- words: the texts people read, the schema fields marked `Words` (layouts/blocks/base.py), with their
  defaults (a `name_line` without a label still prints "Name").
- language: `en` (the layout as written), or a code with an overlay file beside it (`de`, `es`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from types import UnionType
from typing import Annotated, Union, get_args, get_origin

from pydantic import BaseModel

from layouts import plurals
from layouts.blocks.base import WORDS

LANGUAGES = ("en", "de", "es")
"""The languages rollsheet speaks; `en` is the layouts' own."""
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
INDEX = re.compile(r"\[(\d+)\]")


@lru_cache(maxsize=256)
def overlay_path(layout: Path, lang: str) -> Path:
    """Where a layout's overlay for `lang` lives: `copenhagen.de.yaml` beside `copenhagen.yaml` (worked out once: a
    request's game is looked up by it)."""
    return layout.with_name(f"{layout.stem}.{lang}.yaml")


def overlays(layout: Path) -> dict[str, Path]:
    """The overlay files beside a layout by language code, known or not: {"de": .../copenhagen.de.yaml}."""
    prefix = f"{layout.stem}."
    return {path.stem[len(prefix):]: path for path in sorted(layout.parent.glob("*.yaml"))
            if path.stem.startswith(prefix)}


def layout_of(path: Path) -> Path:
    """The layout a file belongs to: `copenhagen.yaml` for `copenhagen.de.yaml` beside it; else the file itself."""
    base = path.with_name(f"{path.stem.split('.')[0]}{path.suffix}")
    return base if base != path and base.is_file() else path


def _marked(annotation) -> bool:
    """Whether a type is (or may be) Words."""
    if get_origin(annotation) is Annotated:
        return WORDS in get_args(annotation)[1:] or _marked(get_args(annotation)[0])
    if get_origin(annotation) in (Union, UnionType):
        return any(_marked(arg) for arg in get_args(annotation))
    return False


def _items(annotation):
    """The element type of a list or dict type (through Optional and Annotated), or None."""
    origin = get_origin(annotation)
    if origin is Annotated or origin in (Union, UnionType):
        return next((found for arg in get_args(annotation) if (found := _items(arg)) is not None), None)
    if origin in (list, tuple, dict):
        return get_args(annotation)[-1] if get_args(annotation) else None
    return None


def words(model: BaseModel, path: str = "") -> dict[str, str]:
    """Every text of a layout model people read, by its path: {"colours.red.label": "Red", ...}."""
    out: dict[str, str] = {}
    for name, field in type(model).model_fields.items():
        marked = WORDS in field.metadata or _marked(field.annotation)
        _collect(getattr(model, name), marked, _items(field.annotation), f"{path}.{name}" if path else name, out)
    return out


def _collect(value, marked: bool, items, path: str, out: dict) -> None:
    if isinstance(value, str):
        if marked and value.strip():
            out[path] = value
    elif isinstance(value, BaseModel):
        out.update(words(value, path))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _collect(item, _marked(items), _items(items), f"{path}[{i}]", out)
    elif isinstance(value, dict):
        for key, item in value.items():
            _collect(item, _marked(items), _items(items), f"{path}.{key}", out)


def problems(english: dict[str, str], overlay: object, source: str) -> list[str]:
    """One `FILE: path: message` line for each text an overlay lacks, adds or changes the placeholders of,
    and for each translation left at a place whose text moved (see `_shifted`)."""
    if not isinstance(overlay, dict):
        return [f"{source}: (top): an overlay maps each text's path to its translation, not {type(overlay).__name__}"]
    moved = _shifted(english, overlay)
    found = []
    for path, text in english.items():
        note = _moved_note(path, moved)
        if path not in overlay:
            found.append(f"{source}: {path}: missing translation of {text!r}{note}")
        elif not isinstance(overlay[path], str) or not overlay[path].strip():
            found.append(f"{source}: {path}: the translation must be text")
        elif set(_placeholders(overlay[path])) != set(_placeholders(text)):
            found.append(f"{source}: {path}: keep the placeholders of {text!r}: "
                         f"{', '.join(sorted(set(_placeholders(text)))) or 'none'}")
        elif note:
            found.append(f"{source}: {path}: is now {text!r}, still translated {overlay[path]!r}{note}; check it")
    found += [f"{source}: {path}: not a text of the layout"
              f"{_moved_note(str(path), moved) or ' (misspelt, or the text is gone)'}"
              for path in overlay if path not in english]
    return found


def _shifted(english: dict[str, str], overlay: dict) -> dict[str, int]:
    """The lists of a layout whose entries were added, removed or moved since the overlay was written, each with
    the first place that changed: {"lists.bridges.items": 6}.

    A translation is kept by its place (`items[7]`), so an entry put in before it leaves it at a place that
    now holds another text. A list counts as shifted when the overlay misses a text at one place of it and
    holds the same key at another place that has none (`items[8].label` missing, `items[6].label` no text);
    the outermost such list is named (a block put in shifts the items of every block after it).
    """
    missing = [path for path in english if path not in overlay]
    extra = [path for path in overlay if isinstance(path, str) and path not in english]
    places: dict[tuple[str, str], tuple[set[int], set[int]]] = {}  # (list, key after the place): missing, extra
    for side, paths in enumerate((missing, extra)):
        for path in paths:
            for index in INDEX.finditer(path):
                places.setdefault((path[:index.start()], path[index.end():]), (set(), set()))[side].add(int(index[1]))
    every: dict[str, set[int]] = {}
    for (name, _), (lacking, stray) in places.items():
        every.setdefault(name, set()).update(lacking | stray)
    moved = {name for (name, _), (lacking, stray) in places.items() if lacking and stray}
    return {name: min(every[name]) for name in moved if not any(name.startswith(f"{outer}[") for outer in moved)}


def _moved_note(path: str, moved: dict[str, int]) -> str:
    """What a path's line adds when it is at or after the first changed place of a shifted list ('' otherwise)."""
    for name, first in moved.items():
        place = INDEX.match(path, len(name)) if path.startswith(f"{name}[") else None
        if place and int(place[1]) >= first:
            return (f" ({name} changed from [{first}] on: entries were added, removed or moved, and a translation "
                    f"stays at its place; move each to its text's new place)")
    return ""


def _placeholders(text: str) -> list[str]:
    """A text's {placeholders}, a plural block standing for the one it counts (`{value, plural, ...}`: {value})."""
    return [f"{{{name}}}" for name in plurals.counted(text)] + PLACEHOLDER.findall(plurals.without_blocks(text))


def translated(raw: dict, overlay: dict[str, str]) -> dict:
    """The raw layout (as read from YAML) with each path's text replaced by the overlay's."""
    for path, text in overlay.items():
        node, steps = raw, [name if name else int(index) for name, index in STEP.findall(path)]
        for step in steps[:-1]:
            node = node[_key(node, step)]
        node[_key(node, steps[-1])] = text
    return raw


def _key(node, step):
    """The key of a raw YAML node a path step names (YAML keys may be numbers: `marks: {12: END}`)."""
    if isinstance(node, list) or step in node or not str(step).lstrip("-").isdigit():
        return step
    return int(step)
