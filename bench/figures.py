"""A run's figures from what its phones and rollers saw: update latencies, percentiles, the per-second timeline.

Glossary:
- timeline: per second of the run, the moves answered (by when they were sent), their p50 and p99 and
  the busy answers (503) of that second, so a transient (a start-up or reconnect storm, a dead worker)
  is told apart from the steady state.
- window: the moves sent in a span of the run (e.g. the 5 s after a storm) and their p99.
"""
from __future__ import annotations

from live_phones import Tally


def update_latencies(tally: Tally, phones: int) -> tuple[list[float], int]:
    """Seconds from each change's answer to each phone of its room seeing it; and how many never did."""
    first_seen = {}
    for code, number, old, new, at in tally.sightings:
        for version in range(old + 1, new + 1):
            first_seen.setdefault((code, number, version), at)
    latencies, unseen = [], 0
    for (code, version), answered in tally.changes.items():
        for number in range(phones):
            at = first_seen.get((code, number, version))
            if at is None:
                unseen += 1
            else:
                latencies.append(max(0.0, at - answered))
    return latencies, unseen


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of values; 0 when there are none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))] if ordered else 0.0


def window(tally: Tally, start: float, end: float) -> list[float]:
    """The latencies of the moves sent between `start` and `end` (perf_counter seconds)."""
    return [took for sent, took in zip(tally.moved_at, tally.roll_s, strict=True) if start <= sent < end]


def timeline(tally: Tally, start: float, seconds: int) -> list[tuple[int, int, float, float, int]]:
    """(second, moves, p50 ms, p99 ms, busy answers) for each second of the run from `start`."""
    rows = []
    for second in range(seconds):
        took = window(tally, start + second, start + second + 1)
        busy = sum(1 for at in tally.busy_at if start + second <= at < start + second + 1)
        rows.append((second, len(took), percentile(took, 50) * 1000, percentile(took, 99) * 1000, busy))
    return rows
