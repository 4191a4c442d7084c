"""The group page's charts as geometry for inline SVG (templates/groups/charts.html draws it): pure, no colour needed.

Glossary:
- plot: the chart's drawing box inside its WIDTH x HEIGHT view box (MARGIN on each side, more for the axes' words).
- series: one player's scores of one game in play order: a line with its own dash and a marker glyph at each
  play (MARKERS, DASHES by the player's place in the legend), so players are told apart without colour.
- ticks: round values on the score axis (1, 2 or 5 times a power of ten apart), at most MOST_TICKS.
- bins: the distribution's bars: equal, round score ranges [low, high) and how many scores fall in each.
"""
from __future__ import annotations

import math

WIDTH, HEIGHT = 340, 210
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 12, 34
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "star", "plus", "ring")
DASHES = ("", "7 4", "2 3", "10 3 2 3", "1 5", "12 5", "5 2 1 2", "3 6")
MOST_TICKS = 6
MOST_BINS = 8


def mark(kind: str, x: float, y: float) -> str:
    """The SVG path of a marker glyph centred on (x, y), about 10 units across."""
    at = f"M{x:.1f} {y:.1f}"
    round_mark = "m-4.5 0a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0 -9 0"
    shapes = {"circle": round_mark, "ring": round_mark, "square": "m-4 -4h8v8h-8z", "triangle": "m0 -5.5l5.5 9.5h-11z",
              "diamond": "m0 -5.5l5.5 5.5l-5.5 5.5l-5.5 -5.5z", "cross": "m-4 -4l8 8m0 -8l-8 8",
              "plus": "m-5 0h10m-5 -5v10",
              "star": "m0 -5.5l1.6 3.5l3.8 .4l-2.9 2.6l.8 3.8l-3.3 -1.9l-3.3 1.9l.8 -3.8l-2.9 -2.6l3.8 -.4z"}
    return at + shapes[kind]


def step_for(span: float, most: int) -> int:
    """The smallest round step (1, 2, 5 x 10^k) that cuts `span` into at most `most` parts."""
    power = 10 ** max(0, math.floor(math.log10(max(span, 1))) - 1)
    while True:
        for factor in (1, 2, 5):
            if span / (factor * power) <= most:
                return factor * power
        power *= 10


def ticks(low: int, high: int) -> list[int]:
    """Round values from at or below `low` to at or above `high`."""
    step = step_for(high - low, MOST_TICKS - 1)
    first, last = math.floor(low / step) * step, math.ceil(high / step) * step
    return list(range(first, (last if last > first else first + step) + 1, step))


def _y(score: float, axis: list[int]) -> float:
    return round(TOP + (axis[-1] - score) / (axis[-1] - axis[0]) * (HEIGHT - TOP - BOTTOM), 1)


def over_time(plays: list[dict], names: list[str]) -> dict:
    """Each named player's scores in `plays` (one game's, oldest first) as lines over the plays."""
    scores = [p["score"] for play in plays for p in play["players"]]
    axis = ticks(min(0, min(scores)), max(scores))
    gap = (WIDTH - LEFT - RIGHT) / max(1, len(plays) - 1)
    x = [round(LEFT + (i * gap if len(plays) > 1 else (WIDTH - LEFT - RIGHT) / 2), 1) for i in range(len(plays))]
    series = []
    for place, name in enumerate(names):
        points = [(x[i], _y(p["score"], axis), p["score"]) for i, play in enumerate(plays)
                  for p in play["players"] if p["name"] == name]
        series.append({"name": name, "marker": MARKERS[place % len(MARKERS)], "dash": DASHES[place % len(DASHES)],
                       "points": points, "path": "M" + " L".join(f"{px} {py}" for px, py, _ in points)})
    return {"width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "top": TOP,
            "bottom": HEIGHT - BOTTOM, "ticks": [(value, _y(value, axis)) for value in axis], "x": x,
            "series": series}


def distribution(scores: list[int]) -> dict:
    """How the scores spread: bars over equal, round ranges."""
    width = step_for(max(scores) - min(scores) + 1, MOST_BINS)
    first = math.floor(min(scores) / width) * width
    counts = [0] * ((max(scores) - first) // width + 1)
    for score in scores:
        counts[(score - first) // width] += 1
    axis = ticks(0, max(counts))
    bar = (WIDTH - LEFT - RIGHT) / len(counts)
    bins = [{"low": first + i * width, "high": first + (i + 1) * width - 1, "count": count,
             "x": round(LEFT + i * bar + 2, 1), "width": round(bar - 4, 1), "y": _y(count, axis),
             "middle": round(LEFT + (i + 0.5) * bar, 1)} for i, count in enumerate(counts)]
    return {"width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "top": TOP,
            "bottom": HEIGHT - BOTTOM, "ticks": [(value, _y(value, axis)) for value in axis], "bins": bins}
