"""Layout loading benchmark: parsing the shipped games with our bounded loader against PyYAML's own.

Run: `python bench/layout_bench.py`. Prints medians of interleaved runs (a noisy machine
moves every side alike) and exits 1 when a target is missed. `yaml.safe_load` (pure
Python) is how layouts were parsed before; `yaml.CSafeLoader` is the floor: libyaml
parsing and composing in C, with none of our bounds or the duplicate-key check.
"""
from __future__ import annotations

import statistics
import sys
import time

import yaml

import layouts
from layouts import reading

RUNS = 15
TARGETS = {"ours vs C floor (x)": 2.0, "speed-up over pure Python (x)": 3.0}


def main() -> int:
    """Time each way of parsing the four games, then the full load; print figures and targets."""
    paths = layouts.layout_files(layouts.HERE)
    texts = [path.read_text(encoding="utf-8") for path in paths]
    ways = {"yaml.safe_load (before)": yaml.SafeLoader, "yaml.CSafeLoader (floor)": yaml.CSafeLoader,
            **{f"reading.{loader.__name__}": loader for loader in reading.LOADERS}}
    ways = {name: (lambda loader=loader: [yaml.load(text, Loader=loader) for text in texts])
            for name, loader in ways.items()}
    ways["layouts.load_file (read, parse, validate)"] = lambda: [layouts.load_file(path) for path in paths]
    times = {name: [] for name in ways}
    for _ in range(RUNS):
        for name, work in ways.items():
            start = time.perf_counter()
            work()
            times[name].append(time.perf_counter() - start)
    ms = {name: statistics.median(values) * 1000 for name, values in times.items()}
    print(f"{len(paths)} shipped layouts, {sum(map(len, texts)) / 1000:.0f} KB, median of {RUNS} interleaved runs")
    for name, value in ms.items():
        print(f"  {name:<44} {value:7.1f} ms")
    ours = ms[f"reading.{reading.LOADERS[0].__name__}"]
    figures = {"ours vs C floor (x)": ours / ms["yaml.CSafeLoader (floor)"],
               "speed-up over pure Python (x)": ms["yaml.safe_load (before)"] / ours}
    missed = 0
    for name, value in figures.items():
        better_low = name.endswith("floor (x)")
        ok = value <= TARGETS[name] if better_low else value >= TARGETS[name]
        missed += not ok
        print(f"  {name:<44} {value:7.2f}   target {'<=' if better_low else '>='} {TARGETS[name]:<5} "
              f"{'ok' if ok else 'MISSED'}")
    print("all targets met" if not missed else f"{missed} target(s) missed")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
