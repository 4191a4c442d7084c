"""The group page's charts' geometry: round ticks, the highest score drawn highest, every player a marker glyph and
a dash of their own, and a distribution whose bars hold every score once."""
from __future__ import annotations

from itertools import pairwise

from companion.groups import charts


def play(*scores: tuple[str, int]) -> dict:
    return {"players": [{"name": name, "score": score} for name, score in scores]}


def test_ticks_are_round_and_cover_the_scores():
    assert charts.ticks(0, 47) == [0, 10, 20, 30, 40, 50]
    assert charts.ticks(-23, 61) == [-40, -20, 0, 20, 40, 60, 80]
    assert charts.ticks(0, 1) == [0, 1]
    assert charts.ticks(5, 5) == [5, 6]


def test_scores_over_time_put_higher_scores_higher_and_tell_players_apart_without_colour():
    chart = charts.over_time([play(("Ana", 12), ("Ben", 30)), play(("Ana", 40)), play(("Ben", -5), ("Ana", 0))],
                             ["Ana", "Ben"])
    ana, ben = chart["series"]
    assert [score for _, _, score in ana["points"]] == [12, 40, 0] and [s for _, _, s in ben["points"]] == [30, -5]
    y = {score: py for series in chart["series"] for _, py, score in series["points"]}
    assert y[40] < y[30] < y[12] < y[0] < y[-5]
    assert chart["top"] <= min(y.values()) and max(y.values()) <= chart["bottom"]
    assert ana["marker"] != ben["marker"] and ana["dash"] != ben["dash"]
    assert [x for x, _, _ in ana["points"]] == chart["x"] and chart["x"][0] == chart["left"]
    assert chart["x"][-1] == chart["right"] and ben["path"].startswith(f"M{chart['x'][0]} ")


def test_each_of_eight_players_gets_its_own_glyph_and_dash():
    names = [f"P{i}" for i in range(8)]
    series = charts.over_time([play(*((name, i) for i, name in enumerate(names)))], names)["series"]
    assert len({s["marker"] for s in series}) == 8 and len({s["dash"] for s in series}) == 8
    assert all(charts.mark(s["marker"], 10, 10).startswith("M10.0 10.0") for s in series)


def test_the_distribution_counts_every_score_once_in_round_contiguous_ranges():
    scores = [-12, -3, 0, 4, 9, 9, 10, 27, 58]
    bins = charts.distribution(scores)["bins"]
    assert sum(b["count"] for b in bins) == len(scores) and len(bins) <= charts.MOST_BINS
    assert all(b["high"] + 1 == after["low"] for b, after in pairwise(bins))
    assert bins[0]["low"] <= min(scores) and bins[-1]["high"] >= max(scores) and bins[0]["low"] % 10 == 0
    tallest = max(bins, key=lambda b: b["count"])
    assert tallest["y"] == min(b["y"] for b in bins)
    assert [(b["low"], b["high"], b["count"]) for b in charts.distribution([7, 7, 7])["bins"]] == [(7, 7, 3)]
