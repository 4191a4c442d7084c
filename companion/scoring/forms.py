"""What each game's score form asks, in the paper's order, with the layout's colours and glyphs.

Glossary:
- widget: one input of a player's card; `path` is where its value goes in the player's JSON
  (`rows_windows`, `expeditions.red.boxes`); `kind` picks the template macro.
- stepper: a number with - and + buttons and a numeric keypad; `optional` ones may stay empty.
- toggle: a yes/no box (Lost Cities' double circle).
- tally: tap the things done (Copenhagen's completed tracks); the value is how many are on.
- choice: pick one token value or none; `players` says for which player counts it is in play.
- entry: a list item made of widgets (a Monolyth prophecy: value and cubes), added when filled.
- section: a titled group of widgets, as the paper groups them.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from layouts import Game

from companion.scoring import copenhagen, monolyth, simstown


@dataclass(frozen=True)
class Mark:
    """A colour as the paper shows it: label, fill, glyph."""
    label: str
    rgb: str = ""
    glyph: str = ""

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
    high: int = 0
    optional: bool = False
    hint: str = ""
    options: tuple = ()
    """choice: (value, lowest player count, highest player count); tally: Marks."""
    parts: tuple = ()
    """entry: its widgets."""


@dataclass(frozen=True)
class Section:
    title: str
    widgets: list[Widget] = field(default_factory=list)


def mark(game: Game, colour: str) -> Mark:
    """The layout's colour as a Mark."""
    c = game.colours[colour]
    return Mark(c.label, c.rgb, c.glyph)


def stepper(path: str, label: str, high: int, hint: str = "", **more) -> Widget:
    """A number from 0 to `high`."""
    return Widget("stepper", path, more.pop("mark", Mark(label)), high=high, hint=hint, **more)


def copenhagen_form(game: Game) -> list[Section]:
    """Facade rows and columns, ability tracks, and empty cells for the tie-break."""
    v = game.values
    tracks = tuple(mark(game, c) for c in copenhagen.track_colours(game))
    return [
        Section("Facade: completed rows", [
            stepper("rows_windows", "All windows", v["facade_rows"], f"{v['row_windows']} each"),
            stepper("rows_bricks", "With a brick", v["facade_rows"], f"{v['row_bricks']} each")]),
        Section("Facade: completed columns", [
            stepper("columns_windows", "All windows", v["facade_columns"], f"{v['column_windows']} each"),
            stepper("columns_bricks", "With a brick", v["facade_columns"], f"{v['column_bricks']} each")]),
        Section("Ability tracks", [Widget("tally", "tracks_completed", Mark("Completed tracks"), options=tracks,
                                          hint=f"tap each track you completed: {v['track_completed']} each")]),
        Section("Tie-break", [stepper("empty_cells", "Empty facade cells", v["facade_rows"] * v["facade_columns"],
                                      "only counts when tied: fewer wins", optional=True)]),
    ]


def lost_cities_form(game: Game) -> list[Section]:
    """The eight columns left to right: six expeditions (boxes, double circle), artifacts, dice; bridges."""
    boxes = game.values["boxes"]
    return [
        Section("Expeditions: boxes filled", [
            Widget("stepper", f"expeditions.{c}.boxes", mark(game, c), high=boxes,
                   parts=(Widget("toggle", f"expeditions.{c}.doubled", Mark("doubled", glyph="◎")),))
            for c in game.colours]),
        Section("Other columns", [stepper("artifacts", "Artifacts", boxes, "boxes filled"),
                                  stepper("dice", "Dice", boxes, f"box {boxes}: exhausted, scores 0")]),
        Section("Bridges", [stepper("bridges", "Bridges won", game.values["bridges"],
                                    f"{game.values['bridge_points']} each")]),
    ]


def simstown_form(game: Game) -> list[Section]:
    """The score pad's rows: own chips per project type on the city plan, then districts reached."""
    fields, districts = simstown.fields_by_type(game), len(simstown.city_plan(game).districts)
    return [
        Section("Chips on the city plan", [
            stepper(kind, game.colours[kind].label, fields[kind], mark=mark(game, kind)) for kind in simstown.TYPES]),
        Section("Districts", [stepper("districts", "Districts with a chip", districts,
                                      f"{game.values['points_per_district']} each")]),
    ]


def monolyth_form(game: Game) -> list[Section]:
    """Structure token, level tokens bottom up, one prophecy per board side."""
    counts = range(game.players.min, game.players.max + 1)
    in_play = {n: monolyth.stacks(game, n) for n in counts}

    def choice(path: str, label: str, stack: str) -> Widget:
        values = sorted({t for n in counts for t in in_play[n].get(stack, [])}, reverse=True)
        return Widget("choice", path, Mark(label), options=tuple(
            (t, min(n for n in counts if t in in_play[n].get(stack, [])),
             max(n for n in counts if t in in_play[n].get(stack, []))) for t in values))

    levels = max(monolyth.height(game, n) for n in counts)
    tallest = game.values["board_size"] * levels
    return [
        Section("Structure", [choice("structure", "Structure token", "structure")]),
        Section("Level tokens", [choice("levels[]", game.tables[f"level-{n}"].label, f"level-{n}")
                                 for n in range(1, levels + 1)]),
        Section("Prophecies (one per side)", [
            Widget("entry", "prophecies[]", Mark(f"Prophecy {s}"), parts=(
                choice("value", f"Prophecy {s}: token", "prophecy"),
                stepper("cubes", f"Prophecy {s}: cubes", tallest,
                        "of its side's colour; scores the token when at least its number")))
            for s in range(1, monolyth.SIDES + 1)]),
    ]


FORMS = {"copenhagen": copenhagen_form, "lost-cities": lost_cities_form, "simstown": simstown_form,
         "monolyth": monolyth_form}


def form(game: Game) -> list[Section]:
    """The sections of a game's score form."""
    return FORMS[game.id](game)


def breakdown_labels(game: Game) -> dict[str, dict]:
    """Breakdown key -> how the result table shows it: label, and the colour chip where the paper has one."""
    if game.id == "copenhagen":
        marks = {"rows_windows": Mark("Rows of windows"), "rows_bricks": Mark("Rows with a brick"),
                 "columns_windows": Mark("Columns of windows"), "columns_bricks": Mark("Columns with a brick"),
                 "tracks_completed": Mark("Ability tracks")}
    elif game.id == "lost-cities":
        marks = {c: mark(game, c) for c in game.colours} | {
            "artifacts": Mark("Artifacts"), "dice": Mark("Dice"), "bridges": Mark("Bridges")}
    elif game.id == "simstown":
        marks = {"chips": Mark("Chips on the plan")} | {
            kind: replace(mark(game, kind), label=f"Most {game.colours[kind].label.lower()}")
            for kind in simstown.TYPES} | {"districts": Mark("Districts")}
    else:
        marks = {"structure": Mark("Structure"), "levels": Mark("Levels"), "prophecies": Mark("Prophecies")}
    return {key: {"label": m.label, "glyph": m.glyph, "rgb": m.rgb, "ink": m.ink if m.rgb else ""}
            for key, m in marks.items()}
