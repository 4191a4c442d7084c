"""Check a `scoring:` section against the rest of its layout: every name its expressions read exists.

Glossary (the names an expression may read; docs/authoring.md, "The `scoring:` section"):
- table names, everywhere: the game's house values by name, `values`, `tables`, `dice` (`dice.d6.count`,
  `dice.d6.faces`), `players` (how many), `stacks` (per token field: its lists in play), the `uses` names.
- player names, in lets, points, checks and the tie-break: the table names, then the player's fields and
  lets (a field hides a table name of the same name: write `values.name` for a hidden house value).
- member / entry names: a group member's (or an entry's) sub-fields, in rules with `each` / `over`;
  `this`, the value of each field in a rule with `each: [fields]`.
"""
from __future__ import annotations

import ast
from typing import Annotated

from pydantic import AfterValidator, ValidationInfo

from layouts.expressions import names, parse, placeholders
from layouts.problems import closest
from layouts.scoring import Entries, Group, Scoring, Token

NAMESPACES = ("values", "tables", "dice", "stacks")
READS = ("values", "tables", "dice", "lists", "printables")
"""The layout keys the check reads (declared before `scoring` in the Game model)."""


def fits_game(scoring: Scoring | None, info: ValidationInfo) -> Scoring | None:
    """The section, once every name and reference in it is known to the game (ValueError names the first)."""
    data = info.data
    if scoring is None or not set(READS) <= set(data):
        return scoring  # a section it reads failed: its own error says so, a second one would only confuse
    keys = {"values": set(data.get("values", {})), "tables": set(data.get("tables", {})),
            "dice": {die.id for die in data.get("dice", [])},
            "stacks": {f.id for f in scoring.fields if isinstance(f, Token)}}
    table = dict.fromkeys(keys["values"] | {"players"} | set(scoring.uses), "name") | dict.fromkeys(NAMESPACES, "space")
    player = table | dict.fromkeys([f.id for f in scoring.fields] + list(scoring.let), "name")
    inner = {f.id: dict.fromkeys([sub.id for sub in f.fields], "name") for f in scoring.fields
             if isinstance(f, (Group, Entries))}
    for where, text, scope in _expressions(scoring, table, player, inner):
        problem = _unknown(text, scope, keys)
        if problem:
            raise ValueError(f"{where}: {problem}")
    _references(scoring, data)
    return scoring


def _expressions(scoring: Scoring, table: dict, player: dict, inner: dict):
    """(where, expression, names it may read) for every expression of the section and its texts' {placeholders}."""
    for s, section in enumerate(scoring.sections):
        for f, field in enumerate(section.fields):
            at = f"sections[{s}].fields[{f}]"
            for sub, spec in [("", field)] + [(f".fields[{i}]", x) for i, x in enumerate(getattr(field, "fields", []))]:
                for key in ("max", "max_items", "allowed"):
                    if getattr(spec, key, None):
                        yield f"{at}{sub}.{key}", getattr(spec, key), table
                for key in ("label", "hint"):
                    for expression in placeholders(getattr(spec, key)):
                        yield f"{at}{sub}.{key}", expression, table
    for name, text in scoring.let.items():
        yield f"let.{name}", text, player
    for n, part in enumerate(scoring.points):
        for expression in placeholders(part.label):
            yield f"points[{n}].label", expression, table
        scope = player | _each(inner, part.each or part.over)
        for key in ("points", "when", "majority"):
            if getattr(part, key):
                yield f"points[{n}].{key}", getattr(part, key), scope
    for n, check in enumerate(scoring.checks):
        scope = player | _each(inner, check.each)
        for key in ("value", "total", "at_most", "require"):
            if getattr(check, key):
                yield f"checks[{n}].{key}", getattr(check, key), scope
        for expression in placeholders(check.message):
            yield f"checks[{n}].message", expression, scope | {"value": "name", "limit": "name"}
    if scoring.tiebreak:
        yield "tiebreak.by", scoring.tiebreak.by, player


def _each(inner: dict, each) -> dict:
    """The names a rule applied to `each` member or field reads besides the player's."""
    return {"this": "name"} if isinstance(each, list) else inner.get(each, {})


def _unknown(expression: str, scope: dict, keys: dict) -> str:
    """What an expression reads that the game does not have, or ''; `scope`: name -> "name" or "space"."""
    missing = sorted(names(expression) - set(scope))
    if missing:
        return (f"unknown name {missing[0]!r} in {expression!r}; {closest(missing[0], scope)}"
                f"the names here: {', '.join(sorted(scope))}")
    for node in ast.walk(parse(expression)):
        base = node.value if isinstance(node, (ast.Attribute, ast.Subscript)) else None
        if not (isinstance(base, ast.Name) and scope.get(base.id) == "space"):
            continue
        key = node.attr if isinstance(node, ast.Attribute) else getattr(node.slice, "value", None)
        if isinstance(key, str) and key not in keys[base.id]:
            return f"{base.id} has no {key!r} (it has: {', '.join(sorted(keys[base.id])) or 'none'})"
    return ""


def _references(scoring: Scoring, data: dict) -> None:
    """Token fields read tables-made shared lists; `uses` names blocks the printables have."""
    lists = data.get("lists", {})
    tokens = [(f"{f.id}", f) for f in scoring.fields if isinstance(f, Token)] + [
        (f"{f.id}.{sub.id}", sub) for f in scoring.fields if isinstance(f, Entries)
        for sub in f.fields if isinstance(sub, Token)]
    for where, field in tokens:
        for name in field.lists:
            if name not in lists or not lists[name].tables:
                raise ValueError(f"{where}.lists: {name!r} is not a list of tokens made from tables; "
                                 f"the game's lists: {', '.join(lists) or 'none'}")
    kinds = {block.type for printable in data.get("printables", {}).values() for block in printable.blocks}
    for name, kind in scoring.uses.items():
        if kind not in kinds:
            raise ValueError(f"uses.{name}: the printables have no {kind} block")


ScoringSection = Annotated[Scoring | None, AfterValidator(fits_game)]
"""A game's `scoring:` key: the section, checked against the game (it must come after the keys it reads)."""


def optional_reads(scoring: Scoring | None) -> list[str]:
    """`scoring.<rule>: ...` warnings for each part or check reading an optional field (or a let that does) that
    a player may leave empty: the rule then silently does not apply; a check `at` the field itself is meant so."""
    if scoring is None:
        return []
    maybe = {f.id for f in scoring.fields if getattr(f, "optional", False)}
    for name, text in scoring.let.items():
        if names(text) & maybe:
            maybe.add(name)
    inner = {f.id: {sub.id for sub in f.fields if getattr(sub, "optional", False)} for f in scoring.fields
             if isinstance(f, (Group, Entries))}
    rules = [(f"points[{n}]", part.each or part.over, [part.points, part.when, part.majority], None)
             for n, part in enumerate(scoring.points)]
    rules += [(f"checks[{n}]", check.each, [check.value, check.total, check.at_most, check.require], check.at)
              for n, check in enumerate(scoring.checks)]
    found = []
    for where, each, texts, at in rules:
        empty = maybe | inner.get(each, set()) if isinstance(each, str) else maybe
        read = sorted(set().union(*(names(text) for text in texts if text)) & empty - {at})
        if read:
            what = "this part scores nothing" if where.startswith("points") else "this check is skipped"
            found.append(f"scoring.{where}: reads {', '.join(read)}, which a player may leave empty (optional); "
                         f"then {what} without a word: make the field not optional, or its rule not need it")
    return found
