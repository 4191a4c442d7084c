"""The phone score form of any game, made from its layout's scoring sections, with its colours and glyphs.

Glossary:
- widget: one input of a player's card; `path` is where its value goes in the player's JSON
  (`rows_windows`, `expeditions.red.boxes`, `levels[]` appends); `kind` picks the template macro.
- stepper: a count with - and + buttons (by its step, or to the next of its legal `values`) and a numeric
  keypad; `optional` ones may stay empty.
- toggle: a yes/no box (a flag; Lost Cities' double circle rides on its expedition's stepper as a part).
- tally: tap the things done (Copenhagen's completed tracks); the value is how many are on.
- choice: pick one token value or none; each option says for which player counts it is in play.
- select: pick one of a choice field's named options (the hand a line made), each with its points.
- entry: a list item made of widgets (a Monolyth prophecy: token and cubes), sent once its first is set.
- section: a titled group of widgets, as the paper groups them.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.scoring.facts import table_scope, tokens_in_play
from companion.scoring.inputs import legal_values
from layouts import Game
from layouts.expressions import evaluate, fill
from layouts.glyphs import is_shape
from layouts.scoring import Choice, Entries, Flag, Group, Tally, Token, Tokens


@dataclass(frozen=True)
class Mark:
    """A colour as the paper shows it: label, fill, glyph."""
    label: str
    rgb: str = ""
    glyph: str = ""

    @property
    def shape(self) -> bool:
        """True when the glyph is a shape (the companion serves its image), False for a letter."""
        return is_shape(self.glyph)

    @property
    def ink(self) -> str:
        """Text colour readable on `rgb`: black on light fills, white on dark ones."""
        red, green, blue = (int(self.rgb[i:i + 2], 16) for i in (1, 3, 5))
        return "#111" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#fff"


@dataclass(frozen=True)
class Widget:
    kind: str
    path: str
    mark: Mark
    high: int | None = None
    step: int = 1
    optional: bool = False
    hint: str = ""
    options: tuple = ()
    """choice: (value, lowest player count, highest player count); select: (id, label, points); tally: Marks."""
    values: tuple = ()
    """stepper: its legal values, lowest first, when the layout names them (else every step up to `high`)."""
    parts: tuple = ()
    """entry: its widgets; stepper: the toggles riding on it."""


@dataclass(frozen=True)
class Section:
    title: str
    widgets: list[Widget] = field(default_factory=list)


def mark(game: Game, colour: str | None, label: str = "") -> Mark:
    """A label with the layout's colour (fill and glyph) where there is one; the label defaults to the colour's."""
    if colour is None:
        return Mark(label)
    c = game.colours[colour]
    return Mark(label or c.label, c.rgb, c.glyph)


class _Form:
    """What the widgets of one game need: its scopes and tokens for every player count it allows."""

    def __init__(self, game: Game):
        self.game = game
        self.counts = range(game.players.min, game.players.max + 1)
        self.tables = [table_scope(game, n) for n in self.counts]
        self.tokens = {n: tokens_in_play(game, n) for n in self.counts}

    def largest(self, expression: str | None) -> int | None:
        """An expression's largest value over the player counts (None for no expression)."""
        return None if expression is None else max(evaluate(expression, table) for table in self.tables)

    def widgets(self, spec, path: str, label: str = "") -> list[Widget]:
        """The widgets of one field at `path`, labelled `label` (default its own)."""
        named = label or fill(spec.label, self.tables[-1]) or ("" if spec.colour else spec.id)
        shown = mark(self.game, spec.colour, named)
        hint = fill(spec.hint, self.tables[-1])
        if isinstance(spec, Group):
            return [w for member in spec.member_ids for w in self.member(spec, member, f"{path}.{member}")]
        if isinstance(spec, Entries):
            return [Widget("entry", f"{path}[]", Mark(f"{shown.label} {n}"), parts=tuple(
                w for sub in spec.fields for w in self.widgets(sub, sub.id, f"{shown.label} {n}: {sub.label}")))
                for n in range(1, self.largest(spec.max_items) + 1)]
        if isinstance(spec, Tokens):
            return [self.choice(spec, f"{path}[]", self.game.lists[name].label, [name]) for name in spec.lists]
        if isinstance(spec, Token):
            return [self.choice(spec, path, shown.label, spec.lists)]
        if isinstance(spec, Tally):
            return [Widget("tally", path, shown, hint=hint, options=tuple(mark(self.game, c) for c in spec.items))]
        if isinstance(spec, Flag):
            return [Widget("toggle", path, Mark(shown.label, shown.rgb, spec.glyph or shown.glyph), hint=hint)]
        if isinstance(spec, Choice):
            return [Widget("select", path, shown, hint=hint, options=tuple(
                (option.id, fill(option.label, self.tables[-1]), option.points) for option in spec.options))]
        values = sorted({v for table in self.tables for v in legal_values(spec, table) or ()})
        return [Widget("stepper", path, shown, high=max(values) if values else self.largest(spec.max), step=spec.step,
                       optional=spec.optional, hint=hint, values=tuple(values))]

    def member(self, group: Group, member: str, path: str) -> list[Widget]:
        """A group member's steppers or selects, each labelled `member: field` (the first in the member's colour),
        with its flags as toggles on the first; only toggles, each labelled so, when it has no other field."""
        shown = member_mark(self.game, group, member, self.tables[-1])
        main = [f for f in group.fields if not isinstance(f, Flag)]
        flags = [f for f in group.fields if isinstance(f, Flag)]

        def named(spec) -> str:
            own = fill(spec.label, self.tables[-1])
            return f"{shown.label}: {own}" if own else shown.label

        if not main:
            return [self.widgets(f, f"{path}.{f.id}", named(f))[0] for f in flags]
        toggles = tuple(self.widgets(f, f"{path}.{f.id}")[0] for f in flags)
        out = [self.widgets(f, f"{path}.{f.id}", named(f))[0] for f in main]
        out[0] = replace(out[0], mark=replace(shown, label=out[0].mark.label), parts=toggles)
        return out

    def choice(self, spec: Token, path: str, label: str, lists: list[str]) -> Widget:
        """Pick one token of `lists`, each option with the player counts it is in play for."""
        seen: dict[int, list[int]] = {}
        for n in self.counts:
            for value in {v for name in lists for v in self.tokens[n].get(name, [])}:
                seen.setdefault(value, []).append(n)
        return Widget("choice", path, Mark(label), options=tuple(
            (value, min(counts), max(counts)) for value, counts in sorted(seen.items(), reverse=True)))


def member_mark(game: Game, group: Group, member_id: str, table: dict) -> Mark:
    """How a group member shows: its colour, or its own label (and colour, when it has one)."""
    named = group.member(member_id)
    return mark(game, member_id) if named is None else mark(game, named.colour, fill(named.label, table))


def form(game: Game) -> list[Section]:
    """The sections of a game's score form."""
    maker = _Form(game)
    return [Section(section.title, [w for spec in section.fields for w in maker.widgets(spec, spec.id)])
            for section in game.scoring.sections]


def breakdown_labels(game: Game) -> dict[str, dict]:
    """Breakdown key -> how the result table shows it: label, and the colour chip where the paper has one."""
    marks, table = {}, table_scope(game, game.players.max)
    for part in game.scoring.points:
        if isinstance(part.each, list):
            marks |= {f: mark(game, game.scoring.field(f).colour, fill(game.scoring.field(f).label, table) or f)
                      for f in part.each}
        elif part.each:
            group = game.scoring.field(part.each)
            marks |= {member: member_mark(game, group, member, table) for member in group.member_ids}
        else:
            marks[part.id] = mark(game, part.colour, fill(part.label, table) or part.id)
    return {key: {"label": m.label, "glyph": m.glyph, "rgb": m.rgb, "ink": m.ink if m.rgb else ""}
            for key, m in marks.items()}
