"""A game's player input, from its layout's scoring fields: the JSON types, then the ranges.

Glossary:
- player model: the pydantic model of one posted player, built from the fields (unknown keys are errors,
  a missing count is 0, a missing group member is all zeros, optional counts may be null).
- data: a checked player as plain JSON-like data (groups keyed by member id), what expressions read.
- range problems: (field, message) for counts above their `max`, off their `step` or not one of their
  `allowed` values, tallies above their items, entries past `max_items`, and tokens not in play
  (companion/scoring/tokens.py).
- choice: posted as the chosen option's id; read by expressions as the option's points.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StrictBool, create_model

from companion.rules.language import gettext
from companion.scoring.common import Count, PlayerInput, ScoreError
from companion.scoring.rules import work_out
from companion.scoring.tokens import token_problem, tokens_problems
from layouts.expressions import ExprError, Unknown, evaluate
from layouts.kept import per_object
from layouts.scoring import Choice, Count as CountField, Entries, Flag, Group, Tally, Token, Tokens

MAX_ITEMS = 12
"""Longest list a player may post (levels, prophecies); a guard on the work one request can ask for."""

STRICT = ConfigDict(extra="forbid", frozen=True)


def player_model(fields: list, tables: tuple[dict, ...] = ()) -> type[PlayerInput]:
    """The model of one posted player with these scoring fields; with `tables` (the scopes of each table size), the
    API document also says each count's largest `max` over them and its step (range_problems checks them)."""
    return create_model("Player", __base__=PlayerInput, **{f.id: _typed(f, tables) for f in fields})


@per_object
def checking_model(fields: list) -> type[PlayerInput]:
    """The model that checks a posted player with these scoring fields, built once per loaded game (1.6 ms)."""
    return player_model(fields)


def _bounds(field, tables: tuple[dict, ...]) -> dict:
    """What the document says of a count's or tally's range: its largest `max` over `tables`, its step."""
    if isinstance(field, Tally):
        return {"maximum": len(field.items)}
    said = {"multipleOf": field.step} if field.step > 1 else {}
    try:
        most = [evaluate(field.max, table) for table in tables] if field.max is not None else []
    except (ExprError, Unknown):
        return said
    return {**said, "maximum": max(most)} if most and all(type(m) is int for m in most) else said


def _typed(field, tables: tuple[dict, ...] = ()) -> tuple:
    """(annotation, default) of one field."""
    if isinstance(field, Flag):
        return StrictBool, False
    if isinstance(field, Choice):
        ids = tuple(option.id for option in field.options)
        return Literal[ids], ids[0]
    if isinstance(field, Tokens):  # one token a list, at most
        return Annotated[list[Count], Field(max_length=min(MAX_ITEMS, len(field.lists)))], []
    if isinstance(field, Group):
        member = create_model(field.id, __config__=STRICT, **{f.id: _typed(f, tables) for f in field.fields})
        group = create_model(field.id, __config__=STRICT, **{
            m.replace("-", "_"): (member, Field(member(), alias=m)) for m in field.member_ids})
        return group, group()
    if isinstance(field, Entries):
        entry = create_model(field.id, __config__=STRICT, **{
            f.id: (_typed(f, tables)[0], ...) if n == 0 else _typed(f, tables) for n, f in enumerate(field.fields)})
        return Annotated[list[entry], Field(max_length=MAX_ITEMS)], []
    bounds = _bounds(field, tables) if tables and isinstance(field, (CountField, Tally)) else {}
    count = Annotated[Count, Field(json_schema_extra=bounds)] if bounds else Count
    if isinstance(field, CountField) and field.optional:
        return count | None, None
    return count, 0


def range_problems(fields: list, table: dict, tokens: dict, data: dict, at: str):
    """(field, message) for every value of one player outside its field's range, in form order."""
    for field in fields:
        value, path = data[field.id], at + field.id
        if isinstance(field, Group):
            for member in field.member_ids:
                yield from _inner(field.fields, table, tokens, value[member], f"{path}.{member}.")
        elif isinstance(field, Entries):
            most = evaluate(field.max_items, table)
            if len(value) > most:
                yield path, gettext("%(given)s given, but at most %(most)s", given=len(value), most=most)
            for n, entry in enumerate(value):
                yield from _inner(field.fields, table, tokens, entry, f"{path}[{n}].", empty=False)
        elif isinstance(field, Tokens):
            yield from tokens_problems(field, value, tokens, path)
        else:
            yield from _one(field, table, tokens, value, path)


def _inner(fields: list, table: dict, tokens: dict, data: dict, at: str, empty: bool = True):
    for field in fields:
        yield from _one(field, table, tokens, data[field.id], at + field.id, empty)


def _one(field, table: dict, tokens: dict, value, path: str, empty: bool = True):
    """The problem of one count, tally or token, if any."""
    if isinstance(field, Token):
        problem = token_problem(field, value, tokens, empty)
        if problem:
            yield path, problem
    elif isinstance(field, Tally) and value > len(field.items):
        yield path, gettext("must be at most %(most)s", most=len(field.items))
    elif isinstance(field, CountField) and value is not None:
        most = None if field.max is None else evaluate(field.max, table)
        legal = legal_values(field, table, path)
        if legal is not None and value not in legal:
            yield path, gettext("must be one of %(values)s", values=", ".join(map(str, legal)))
        elif most is not None and value > most:
            yield path, gettext("must be at most %(most)s", most=most)
        elif value % field.step:
            yield path, gettext("must be a multiple of %(step)s", step=field.step)


def legal_values(field: CountField, table: dict, where: str = "") -> list[int] | None:
    """A count's `allowed` values, lowest first (None: any value up to its max); ScoreError (on `game`)
    for a layout whose `allowed` is not a list of whole numbers."""
    if field.allowed is None:
        return None
    values = work_out(field.allowed, table, f"{where or field.id}.allowed")
    if not isinstance(values, list) or not all(type(v) is int and v >= 0 for v in values):
        raise ScoreError(gettext("the layout's allowed values of %(field)s (%(rule)s) are not whole numbers",
                                 field=field.id, rule=repr(field.allowed)), "game")
    return sorted(set(values))


def data_of(player: PlayerInput, fields: list) -> dict:
    """A checked player as plain data, name left out, each choice read as its option's points."""
    return _points_of_choices(fields, player.model_dump(by_alias=True, exclude={"name"}))


def _points_of_choices(fields: list, data: dict) -> dict:
    for field in fields:
        if isinstance(field, Choice):
            data[field.id] = next(o.points for o in field.options if o.id == data[field.id])
        elif isinstance(field, Group):
            for member in field.member_ids:
                _points_of_choices(field.fields, data[field.id][member])
    return data
