"""docs/fair-dice.md holds: its test vectors, its example proof and its Python are the companion's dice."""
from __future__ import annotations

import json
import re
from pathlib import Path

from companion.rules import fairdice

PAGE = (Path(__file__).parent.parent / "docs" / "fair-dice.md").read_text(encoding="utf-8")
SEED = re.search(r"^Seed `([0-9a-f]{64})`", PAGE, re.MULTILINE)[1]
COMMITMENT = re.search(r"whose\ncommitment is `([0-9a-f]{64})`", PAGE)[1]


def fenced(language: str) -> str:
    """The page's code block in `language`."""
    return re.search(rf"```{language}\n(.*?)```", PAGE, re.DOTALL)[1]


def vectors() -> list[dict]:
    """The rows of the page's test vector table."""
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \| `([0-9a-f]{64})` \| (\d+) \| ([0-9a-f]+) = (\d+) \| (\w+) \|$", PAGE,
                      re.MULTILINE)
    return [{"counter": int(c), "seats": [] if seeds == "(none)" else seeds.split(", "), "block": block,
             "below": int(n), "bytes": first, "x": int(x), "result": None if result == "rejected" else int(result)}
            for c, seeds, block, n, first, x, result in rows]


def test_the_vectors_are_the_companions_blocks_and_numbers():
    rows = vectors()
    assert len(rows) == 8 and any(row["result"] is None for row in rows)
    assert fairdice.commitment(SEED) == COMMITMENT
    for row in rows:
        block = fairdice.block(SEED, row["seats"], row["counter"])
        assert block.hex() == row["block"]
        assert block[:len(row["bytes"]) // 2].hex() == row["bytes"] and int(row["bytes"], 16) == row["x"]
        assert fairdice.number_below(row["below"], block) == row["result"]


def test_the_example_proof_checks_and_says_its_seat_seeds_as_the_vectors_do():
    proof = json.loads(fenced("json"))
    assert fairdice.checked(proof) == 5
    assert proof["seed"] == SEED and [s["seed"] for s in proof["seats"]] == vectors()[-1]["seats"]


def test_the_pages_python_derives_what_the_companion_derives():
    names: dict = {}
    exec(compile(fenced("python"), "docs/fair-dice.md", "exec"), names)
    seats = [{"seed": seed, "from": 0 if i == 0 else 3} for i, seed in enumerate(vectors()[-1]["seats"])]
    for counter in range(40):
        for below in (2, 6, 47, 300, 70_000):
            assert names["number_below"](below, SEED, seats, counter) == fairdice.derived(SEED, seats, counter, below)
    assert names["number_below"](6, SEED, seats, 24) == (0, 26)  # the rejected block is skipped
