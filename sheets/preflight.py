"""Print preflight: would anything of a layout fall outside the safe area on A4 or Letter?"""
from __future__ import annotations

from layouts import Game
from sheets.paper import impose

CHECKED_PAPERS = ("a4", "letter")


def preflight(game: Game, source: str) -> list[str]:
    """One `FILE: path: message` line for each block or sheet that would not print whole."""
    problems = []
    for name, spec in game.printables.items():
        where = f"{source}: printables.{name}"
        width, height = spec.size
        for paper in CHECKED_PAPERS:
            try:
                impose(spec.size, paper, gutter=spec.gutter)
            except ValueError as error:
                problems.append(f"{where}.size: {error} (8 mm margin)")
        for field, i, block in [("blocks", i, b) for i, b in enumerate(spec.blocks)] + \
                [("back", i, b) for i, b in enumerate(spec.back)]:
            x, y, w, h = block.at
            if x + w > width + 1e-6:
                problems.append(f"{where}.{field}[{i}].at: reaches {x + w:g} mm across, past the sheet's "
                                f"{width:g} mm (would cross the 8 mm safe margin)")
            if y + h > height + 1e-6:
                problems.append(f"{where}.{field}[{i}].at: reaches {y + h:g} mm down, past the sheet's "
                                f"{height:g} mm (would cross the 8 mm safe margin)")
    return problems
