"""Schema of a layout's `scoring:` section: what a player reads off the sheet, what it is worth, what must add up.

Glossary (the fields are layouts/scoring_fields.py):
- let: a named value worked out per player from its fields (`chips: houses + parks`).
- part: one entry of a player's breakdown: `points` (an expression), only `when` true, only for the
  players with the largest `majority` (shared on ties, nobody when it is 0); `each` member of a group
  (one part per member) or each field of a list (one part per field, its value read as `this`), or
  summed `over` entries.
- check: `value` (per player) or `total` (summed over the players so far) `at_most` a limit, or a
  `require`d condition; `message` names the problem at field `at` ({value} and {limit} fill in);
  `each` member of a group or each field of a list (`this`) checked alike.
- uses: names for blocks of the printables whose numbers rules read (see companion/scoring/facts.py).
- tiebreak: among players tied on points, `fewer` or `more` of `by` wins; `house`: a house rule.
Expressions and {placeholders} are layouts/expressions.py; the names they read are in docs/authoring.md.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from layouts.blocks.base import ColourRef, Strict, Words
from layouts.problems import closest
from layouts.scoring_fields import (
    AnyField,
    Choice,
    Count,
    Entries,
    Expr,
    FieldId,
    Flag,
    Group,
    Section,
    Tally,
    Text,
    Token,
    Tokens,
)

__all__ = ["AnyField", "Check", "Choice", "Count", "Entries", "Expr", "Flag", "Group", "Part", "Scoring", "Section",
           "Tally", "TieBreak", "Token", "Tokens"]

Each = FieldId | list[FieldId]
"""A group's id (every member) or a list of field ids (every field, read as `this`)."""


class Part(Strict):
    id: FieldId | None = Field(None, description="the breakdown key; left out with `each`")
    label: Text = Field("", description="in the result's breakdown; default the colour's label, or the id")
    colour: ColourRef | None = Field(None, description="shows the colour's swatch in the breakdown")
    points: Expr = Field(description="what the part is worth (an expression)")
    when: Expr | None = Field(None, description="the part scores only when this holds (a threshold bonus)")
    majority: Expr | None = Field(None, description="only the players with the most of this score it (shared on ties)")
    each: Each | None = Field(None, description="a group (one part per member) or a list of fields (one part per "
                                                "field, its value read as `this`)")
    over: FieldId | None = Field(None, description="entries: the points of every entry, summed")

    @model_validator(mode="after")
    def _named(self):
        if (self.id is None) == (self.each is None):
            raise ValueError("give a part either an id or `each: <group>` (one part per member)")
        if self.each and self.over:
            raise ValueError("a part is `each` member of a group or summed `over` entries, not both")
        return self


class Check(Strict):
    at: str | None = Field(None, pattern=r"^[a-z][a-z0-9_]*(\.[A-Za-z0-9_-]+)*$",
                           description="the field the message is about; with `each: [fields]`, each field")
    value: Expr | None = Field(None, description="a player's number, compared with `at_most`")
    total: Expr | None = Field(None, description="summed over the players so far, compared with `at_most`")
    at_most: Expr | None = Field(None, description="the largest `value` or `total` allowed")
    require: Expr | None = Field(None, description="a condition every player's numbers must meet")
    each: Each | None = Field(None, description="a group (checked for every member; `at` is inside it) or a list "
                                                "of fields (checked for each, its value read as `this`)")
    message: Text = Field(description="what the form says at `at` when the check fails")

    @model_validator(mode="after")
    def _one_rule(self):
        if [self.value, self.total, self.require].count(None) != 2:
            raise ValueError("a check has one of: value + at_most, total + at_most, require")
        if (self.at_most is None) != (self.require is not None):
            raise ValueError("at_most goes with value or total, and only with them")
        if self.each and self.total:
            raise ValueError("a total adds up over players; it cannot be checked for each member")
        if (self.at is None) != isinstance(self.each, list):
            raise ValueError("give a check `at: <field>`, or `each: [fields]` without `at` (each field is checked)")
        return self


class TieBreak(Strict):
    by: Expr = Field(description="the number compared among players tied on points")
    wins: Literal["fewer", "more"] = Field(description="who wins the tie: fewer or more of `by`")
    what: Words = Field(min_length=1, description='for sentences: "Ana wins on fewer empty cells"')
    house: bool = Field(False, description="a house rule, said so in the sentence")


class Scoring(Strict):
    uses: dict[FieldId, Literal["region_map", "box_columns"]] = Field(
        {}, description="names for a printable's blocks whose numbers rules read, e.g. {sheet: box_columns}")
    let: dict[FieldId, Expr] = Field({}, description="named values worked out per player, in order")
    sections: list[Section] = Field(min_length=1, description="the form's titled groups of fields")
    points: list[Part] = Field(min_length=1, description="the breakdown: what each part is worth")
    checks: list[Check] = Field([], description="what a player's numbers must meet; the first failing one is said")
    tiebreak: TieBreak | None = Field(None, description="who wins among players tied on points")

    @property
    def fields(self) -> list:
        """Every top-level field, in form order."""
        return [field for section in self.sections for field in section.fields]

    def field(self, field_id: str):
        """The top-level field with this id."""
        return next(field for field in self.fields if field.id == field_id)

    @model_validator(mode="after")
    def _ids(self):
        ids = [f.id for f in self.fields] + list(self.let) + list(self.uses)
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"field, let and uses names repeat: {', '.join(repeated)}")
        kinds = {f.id: f.kind for f in self.fields}
        for where, name, kind in ([(f"points[{n}].each", p.each, "group") for n, p in enumerate(self.points)]
                                  + [(f"points[{n}].over", p.over, "entries") for n, p in enumerate(self.points)]
                                  + [(f"checks[{n}].each", c.each, "group") for n, c in enumerate(self.checks)]):
            if isinstance(name, list):
                unknown = [field for field in name if field not in kinds or kinds[field] in ("group", "entries")]
                if unknown:
                    raise ValueError(f"{where}: {unknown[0]!r} is not a field of numbers; the fields: "
                                     f"{', '.join(f for f, k in kinds.items() if k not in ('group', 'entries'))}")
            elif name is not None and kinds.get(name) != kind:
                raise ValueError(f"{where}: {name!r} is not a {kind} field")
        for n, check in enumerate(self.checks):
            problem = check.at and self._unnamed(check.at, check.each)
            if problem:
                raise ValueError(f"checks[{n}].at: {problem}")
        return self

    def _unnamed(self, at: str, each) -> str:
        """What is wrong with a check's `at` (a field, `group.member.field`, or a field of its `each` group), or ''."""
        ids = [f.id for f in self.fields]
        if isinstance(each, str):
            subs = [sub.id for sub in self.field(each).fields]
            return "" if at in subs else (f"{at!r} is not a field of {each} (the check's `each`); "
                                          f"{closest(at, subs)}its fields: {', '.join(subs)}")
        first, *rest = at.split(".")
        if first not in ids:
            return f"{at!r} is not a field; {closest(first, ids)}the fields: {', '.join(ids)}"
        field = self.field(first)
        if not rest:
            return ""
        if not isinstance(field, Group) or len(rest) != 2 or rest[0] not in field.member_ids:
            return (f"{at!r}: a field is named by its id, a group's by <group>.<member>.<field>"
                    + (f"; the members of {first}: {', '.join(field.member_ids)}" if isinstance(field, Group) else ""))
        subs = [sub.id for sub in field.fields]
        return "" if rest[1] in subs else f"{at!r}: {first} has no field {rest[1]!r}; its fields: {', '.join(subs)}"
