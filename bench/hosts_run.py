"""The bench's hosts (`--hosts N`): N `rollsheet serve` on one PostgreSQL behind a real HAProxy (tests/hosts.py,
running docs/haproxy.cfg), what they cost together, and the figures of a host killed half-way (`--kill-host`).

Glossary:
- hosts' CPU: user + system seconds of every host (its `serve` and its workers, server_process.cpu_s), counted
  over the hosts alive at both ends of the run (a killed host's seconds are left out).
- served again: seconds from the kill until every room had a move answered again, the longest wait over the
  rooms (a room moves once a second, so about 1 s when nothing failed).
"""
from __future__ import annotations

from live_phones import Tally
from server_process import cpu_s


def hosts_cpu(pids: list[int]) -> dict[int, float]:
    """CPU seconds of each host still running, by its `serve` pid."""
    spent = {}
    for pid in pids:
        try:
            spent[pid] = cpu_s(pid)
        except OSError:  # killed
            pass
    return spent


def cpu_between(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds the hosts alive at both ends spent between two `hosts_cpu` readings."""
    return sum(after[pid] - before[pid] for pid in after if pid in before)


def served_again_s(tally: Tally, killed_at: float) -> float:
    """Seconds from `killed_at` until every room had a move answered again (the longest wait over the rooms)."""
    first = {}
    for (code, _), answered in tally.changes.items():
        if answered >= killed_at:
            first[code] = min(first.get(code, answered), answered)
    waits = [first.get(code, float("inf")) - killed_at for code in tally.acknowledged]
    return max(waits, default=0.0)
