"""Schema of a layout's `scoring:` section: what a player reads off the sheet, what it is worth, what must add up.

Glossary:
- field: one input of a player (JSON key = its id): `count` (a whole number, up to `max`, in steps of
  `step`; `optional` ones may stay empty), `flag` (true/false), `tally` (how many of `items` are done),
  `token` (the value of one token from the game's shared `lists`, 0 for none), `tokens` (a list of token
  values, at most one from each list), `group` (one object of sub-fields per member colour: an
  expedition's boxes and double circle), `entries` (a list of objects, at most `max_items`).
- section: a titled group of fields on the phone form, in the paper's order.
- let: a named value worked out per player from its fields (`chips: houses + parks`).
- part: one entry of a player's breakdown: `points` (an expression), only `when` true, only for the
  players with the largest `majority` (shared on ties, nobody when it is 0); `each` member of a group
  (one part per member colour) or summed `over` entries.
- check: `value` (per player) or `total` (summed over the players so far) `at_most` a limit, or a
  `require`d condition; `message` names the problem at field `at` ({value} and {limit} fill in).
- uses: names for blocks of the printables whose numbers rules read (see companion/scoring/facts.py).
- tiebreak: among players tied on points, `fewer` or `more` of `by` wins; `house`: a house rule.
Expressions and {placeholders} are layouts/expressions.py; the names they read are in docs/authoring.md.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union, get_args

from pydantic import AfterValidator, BeforeValidator, Discriminator, Field, Tag, model_validator

from layouts import plurals
from layouts.blocks.base import WORDS, ColourRef, Strict, Words
from layouts.expressions import ExprError, parse, placeholders

FieldId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]


def _expression(text: str) -> str:
    try:
        parse(text)
    except ExprError as error:
        raise ValueError(str(error)) from None
    return text


def _text(text: str) -> str:
    for expression in placeholders(text):
        _expression(expression)
    if plurals.problems(text):
        raise ValueError(plurals.problems(text)[0])
    return text


Expr = Annotated[str, BeforeValidator(lambda v: str(v) if type(v) is int else v), Field(min_length=1),
                 AfterValidator(_expression)]
"""An expression (layouts/expressions.py); a plain number is one too."""
Text = Annotated[str, WORDS, AfterValidator(_text)]
"""A text whose {expressions} are filled in."""


class Input(Strict):
    id: FieldId
    label: Text = Field("", description="on the form; default the colour's label")
    colour: ColourRef | None = None
    hint: Text = Field("", description="small text under the label")


class Count(Input):
    kind: Literal["count"] = "count"
    max: Expr | None = Field(None, description="largest value; no limit when left out")
    step: int = Field(1, ge=1, description="the value is a multiple of this (Kniffel's threes: 3)")
    optional: bool = Field(False, description="may be left empty (then rules reading it do not apply)")
    from_list: str | None = Field(None, description="a room's shared list: the form starts at the items the player crossed")


class Flag(Input):
    kind: Literal["flag"]
    glyph: str = Field("", max_length=2)


class Tally(Input):
    kind: Literal["tally"]
    items: list[ColourRef] = Field(min_length=1, description="the things to tap; the value is how many")


class Token(Input):
    kind: Literal["token"]
    lists: list[str] = Field(min_length=1, description="the shared lists (token stacks) it comes from")


class Tokens(Token):
    kind: Literal["tokens"]


def _kind(raw) -> str:
    return raw.get("kind", "count") if isinstance(raw, dict) else getattr(raw, "kind", "count")


def _one_of(*kinds: type[Input]):
    """A union of field kinds told apart by their `kind` key (`count` when left out)."""
    tagged = tuple(Annotated[kind, Tag(get_args(kind.model_fields["kind"].annotation)[0])] for kind in kinds)
    return Annotated[Union[tagged], Discriminator(_kind)]


GroupField = _one_of(Count, Flag)
EntryField = _one_of(Count, Flag, Token)


class Group(Input):
    kind: Literal["group"]
    members: list[ColourRef] = Field(min_length=1, description="one object per colour, keyed by its id")
    fields: list[GroupField] = Field(min_length=1)


class Entries(Input):
    kind: Literal["entries"]
    max_items: Expr
    fields: list[EntryField] = Field(min_length=1, description="an entry counts once its first field is filled")


AnyField = _one_of(Count, Flag, Tally, Token, Tokens, Group, Entries)


class Section(Strict):
    title: Words
    fields: list[AnyField] = Field(min_length=1)


class Part(Strict):
    id: FieldId | None = Field(None, description="the breakdown key; left out with `each`")
    label: Text = Field("", description="in the result's breakdown; default the colour's label, or the id")
    colour: ColourRef | None = None
    points: Expr
    when: Expr | None = None
    majority: Expr | None = None
    each: FieldId | None = Field(None, description="a group: one part per member")
    over: FieldId | None = Field(None, description="entries: the points of every entry, summed")

    @model_validator(mode="after")
    def _named(self):
        if (self.id is None) == (self.each is None):
            raise ValueError("give a part either an id or `each: <group>` (one part per member)")
        if self.each and self.over:
            raise ValueError("a part is `each` member of a group or summed `over` entries, not both")
        return self


class Check(Strict):
    at: str = Field(pattern=r"^[a-z][a-z0-9_]*(\.[A-Za-z0-9_-]+)*$", description="the field the message is about")
    value: Expr | None = None
    total: Expr | None = Field(None, description="summed over the players so far")
    at_most: Expr | None = None
    require: Expr | None = None
    each: FieldId | None = Field(None, description="a group: checked for every member; `at` is inside it")
    message: Text

    @model_validator(mode="after")
    def _one_rule(self):
        if [self.value, self.total, self.require].count(None) != 2:
            raise ValueError("a check has one of: value + at_most, total + at_most, require")
        if (self.at_most is None) != (self.require is not None):
            raise ValueError("at_most goes with value or total, and only with them")
        if self.each and self.total:
            raise ValueError("a total adds up over players; it cannot be checked for each member")
        return self


class TieBreak(Strict):
    by: Expr
    wins: Literal["fewer", "more"]
    what: Words = Field(min_length=1, description='for sentences: "Ana wins on fewer empty cells"')
    house: bool = Field(False, description="a house rule, said so in the sentence")


class Scoring(Strict):
    uses: dict[FieldId, Literal["region_map", "box_columns"]] = {}
    let: dict[FieldId, Expr] = {}
    sections: list[Section] = Field(min_length=1)
    points: list[Part] = Field(min_length=1)
    checks: list[Check] = []
    tiebreak: TieBreak | None = None

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
            if name is not None and kinds.get(name) != kind:
                raise ValueError(f"{where}: {name!r} is not a {kind} field")
        for n, check in enumerate(self.checks):
            if check.at.split(".")[0] not in kinds and not check.each:
                raise ValueError(f"checks[{n}].at: {check.at!r} is not a field")
        return self
