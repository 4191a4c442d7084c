"""A map of regions on a cell grid: numbered districts, the streets between them, projects.

Glossary:
- grid: the map's size in cells, [columns, rows]; a cell is one field (room for one chip).
- CellRect: [column, row, width, height] in cells, from the map's top-left cell (0, 0).
- street: a band of cells between districts, drawn as a road with an optional name; the streets
  form one network and every district borders it.
- district: a numbered rectangle of cells holding projects (numbered 1, 2, ... in order).
- project: a rectangle of fields of one type (a colour of the game with its icon).
"""
from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import Field, model_validator

from layouts.blocks.base import ColourRef, Icon, Strict, Words
from layouts.blocks.places import Marked, Place, Rect, place_row

FIELD = 2.6
"""mm from a cell's edge to its field's square."""
Count = Annotated[int, Field(ge=1, le=60)]
CellRect = tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)], Count, Count]


def rect_cells(rect: CellRect) -> set[tuple[int, int]]:
    """The (column, row) cells a CellRect covers."""
    c, r, w, h = rect
    return {(c + i, r + j) for i in range(w) for j in range(h)}


class Street(Strict):
    cells: CellRect = Field(description="[column, row, width, height] in cells")
    name: Words = Field("", description="the street's name, printed along it")


class Project(Strict):
    type: str = Field(description="one of the map's types")
    cells: CellRect = Field(description="[column, row, width, height] in cells")

    @property
    def fields(self) -> int:
        """How many fields (cells) the project has."""
        return self.cells[2] * self.cells[3]


class District(Strict):
    cells: CellRect = Field(description="[column, row, width, height] in cells")
    projects: list[Project] = Field([], description="the district's projects")

    @model_validator(mode="after")
    def _has_project(self):
        if not self.projects:
            raise ValueError("projects: this district has no project; every district needs at least one")
        return self


class RegionMap(Marked):
    """A city plan (or any map of numbered regions) drawn on a grid of square cells.

    Places: `<id>.d<district>.p<project>.<n>`, a cross (a chip) on the n-th field of a project in reading order.
    """

    default_id = "map"
    type: Literal["region_map"]
    grid: tuple[Count, Count] = Field(description="columns and rows of cells")
    types: dict[ColourRef, Icon] = Field(min_length=1, description="project type (a colour) and its icon")
    fields_per_project: tuple[Count, Count] = Field((1, 60), description="fewest and most fields of a project")
    streets: list[Street] = Field([], description="the streets: one network every district borders")
    districts: list[District] = Field(min_length=1, description="the numbered districts, 1, 2, ...")

    @cached_property
    def field_count(self) -> int:
        """All fields of all projects."""
        return sum(p.fields for d in self.districts for p in d.projects)

    def frame(self) -> tuple[float, float, float]:
        """Left and top (mm) of the map's grid, centred in its box, and the side of one cell."""
        x, y, w, h = self.at
        cols, rows = self.grid
        cell = min(w / cols, h / rows)
        return x + (w - cols * cell) / 2, y + (h - rows * cell) / 2, cell

    def project_fields(self, project: Project) -> list[Rect]:
        """The square of each field of a project, in reading order."""
        left, top, cell = self.frame()
        side = cell - 2 * FIELD
        return [(left + c * cell + FIELD, top + r * cell + FIELD, side, side)
                for c, r in sorted(rect_cells(project.cells), key=lambda cell: (cell[1], cell[0]))]

    def places(self, block_id: str) -> list[Place]:
        """Per district and project, in order: a cross per field, the project its group."""
        found = []
        for d, district in enumerate(self.districts, 1):
            for p, project in enumerate(district.projects, 1):
                group = f"{block_id}.d{d}.p{p}"
                found += place_row(block_id, group, "cross", self.project_fields(project), colour=project.type)
        return found

    @model_validator(mode="after")
    def _plan_consistent(self):
        cols, rows = self.grid
        plan = rect_cells((0, 0, cols, rows))
        taken: dict[tuple[int, int], str] = {}

        def claim(where: str, rect: CellRect, within: list[tuple[set, str]], owners: tuple[str, ...]):
            cells = rect_cells(rect)
            for area, name in within:
                if not cells <= area:
                    raise ValueError(f"{where}.cells: {list(rect)} reaches outside {name}")
            for cell in sorted(cells):
                if taken.get(cell, "").startswith(owners):
                    raise ValueError(f"{where}.cells: {list(rect)} overlaps {taken[cell]} at cell {list(cell)}")
            taken.update((cell, where) for cell in cells)

        whole = [(plan, f"the {cols} x {rows} plan")]
        for i, street in enumerate(self.streets):
            claim(f"streets[{i}]", street.cells, whole, ())
        low, high = self.fields_per_project
        for d, district in enumerate(self.districts):
            where = f"districts[{d}]"
            claim(where, district.cells, whole, ("streets", "districts"))
            for p, project in enumerate(district.projects):
                at = f"{where}.projects[{p}]"
                if project.type not in self.types:
                    raise ValueError(f"{at}.type: unknown type {project.type!r}; "
                                     f"this map has: {', '.join(self.types)}")
                if not low <= project.fields <= high:
                    raise ValueError(f"{at}.cells: {project.fields} fields; a project has {low}-{high}")
                claim(at, project.cells, whole + [(rect_cells(district.cells), f"district {d + 1}")],
                      (f"{where}.projects",))
        return self

    @model_validator(mode="after")
    def _streets_reach_every_district(self):
        if not self.streets:
            return self
        streets = [rect_cells(street.cells) for street in self.streets]
        network, reached = streets[0], {0}
        while True:
            joined = {i for i, cells in enumerate(streets) if i not in reached and _neighbours(cells) & network}
            if not joined:
                break
            reached |= joined
            network = network.union(*(streets[i] for i in joined))
        if len(reached) < len(streets):
            first = min(set(range(len(streets))) - reached)
            raise ValueError(f"streets[{first}]: does not join the other streets; every street must be reachable")
        for d, district in enumerate(self.districts):
            if not _neighbours(rect_cells(district.cells)) & network:
                raise ValueError(f"districts[{d}].cells: district {d + 1} borders no street; "
                                 f"every district must be reachable by streets")
        return self


def _neighbours(cells: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The cells that share an edge with any of `cells` (and `cells` themselves)."""
    return {(c + dc, r + dr) for c, r in cells for dc, dr in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))}
