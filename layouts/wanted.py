"""What a value of the wrong form should be, said as the fix: pydantic's error types (a type, a pattern, a
bound, a length) turned into one sentence for any key of a layout (layouts/problems.py says where).

Glossary:
- form error: the value is not of the type or shape the key asks for (`players: 4`, `at: [4, 3, 80]`,
  `rgb: gold`); a layout's own checks (value_error) say their fix themselves.
- mismatch: a form error saying the value is not of a type at all (`int_parsing`, `model_type`): in a
  union of forms, it only says that this form was not meant when another form explains more.
"""
from __future__ import annotations

import re
from typing import get_args

from layouts.plurals import plural

TYPES = {
    "int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
    "float_type": "a number", "float_parsing": "a number", "bool_type": "true or false",
    "bool_parsing": "true or false", "string_type": "text (in quotes where YAML would read a number or a list)",
    "list_type": "a list, [a, b, ...]", "tuple_type": "a list, [a, b, ...]",
    "dict_type": "a mapping, {key: value, ...}",
}
"""Error type -> what the key takes, for a value of another type."""
MISMATCHES = {*TYPES, "model_type", "model_attributes_type", "literal_error"}
PATTERNS = {
    r"^#[0-9a-fA-F]{6}$": "#rrggbb, e.g. #e9b81c",
    r"^[a-z][a-z0-9-]*$": "lower case letters, digits and -, starting with a letter, e.g. my-game",
    r"^[a-z][a-z0-9_]*$": "lower case letters, digits and _, starting with a letter, e.g. row_1",
    r"^[a-z0-9][a-z0-9_-]*$": "lower case letters, digits, _ and -, e.g. full-house",
    r"^[A-Za-z0-9-]+$": "letters, digits and -, e.g. level-1",
    r"^[A-Za-z0-9]+$": "letters and digits, e.g. R4a",
    r"^[a-z][a-z0-9_]*(\.[A-Za-z0-9_-]+)*$": "a field's id, or a path into it, e.g. expeditions.red.boxes",
}
"""Each pattern a layout's text keys must match, in words (a test holds every pattern of the schema here)."""
BOUNDS = {"greater_than_equal": ("ge", "{} or more"), "less_than_equal": ("le", "at most {}"),
          "greater_than": ("gt", "more than {}"), "less_than": ("lt", "less than {}")}
"""Error type -> the bound in its context and how the fix says it."""
LENGTHS = {"too_short": ("min_length", "at least", "item"), "too_long": ("max_length", "at most", "item"),
           "string_too_short": ("min_length", "at least", "character"),
           "string_too_long": ("max_length", "at most", "character")}
"""Error type -> the length in its context, how the fix says it and what it counts."""
CHOICES = re.compile(r"^\^\(([\w|-]+)\)\$$")
"""A pattern that is a choice of words: ^(player|table|pattern)$."""


def shown(value) -> str:
    """A value as a line quotes it: its repr, cut at 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def pattern_words(pattern: str) -> str:
    """What a pattern asks for, in words ("#rrggbb, e.g. #e9b81c"; "one of player, table, pattern")."""
    choices = CHOICES.match(pattern)
    if choices:
        return f"one of {', '.join(choices[1].split('|'))}"
    return PATTERNS.get(pattern, f"text matching {pattern}")


def wanted(error: dict, expected, holds: str) -> str | None:
    """The fix for a form error (None: not one), given the type `expected` there and what the key `holds`."""
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    if kind in TYPES:
        return f"write {TYPES[kind]}, not {shown(value)}"
    if kind in ("model_type", "model_attributes_type"):
        keys = _keys(expected)
        return f"write a mapping {{{', '.join(f'{key}: ...' for key in keys) or 'key: value'}}}, not {shown(value)}"
    if kind == "missing" and isinstance(error["loc"][-1], int) or ctx.get("field_type") == "Tuple":
        size = ctx.get("max_length") or len([arg for arg in get_args(expected) if arg is not Ellipsis])
        return f"write {size} values ({holds}), not {len(value) if isinstance(value, (list, tuple)) else 1}"
    if kind == "string_pattern_mismatch":
        return f"{shown(value)}: write {pattern_words(ctx['pattern'])}"
    if kind in BOUNDS:
        bound, said = BOUNDS[kind]
        return f"write {said.format(ctx[bound])}, not {shown(value)}"
    if kind in LENGTHS:
        bound, said, what = LENGTHS[kind]
        return f"write {said} {plural(ctx[bound], what)}, not {shown(value)}"
    return None


def _keys(model) -> list[str]:
    """The keys a mapping for a model must have (all of its keys when none is required)."""
    fields = getattr(model, "model_fields", {})
    named = {field.alias or name: field.is_required() for name, field in fields.items()}
    return [key for key, required in named.items() if required] or list(named)
