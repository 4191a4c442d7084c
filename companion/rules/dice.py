"""Dice rolled on the server: uniform faces from an injected random source.

Glossary:
- rng: anything with `randbelow(n)`; the default is the `secrets` module
  (cryptographic, uniform over 0..n-1, no modulo bias); a room's moves use its fair source
  (companion/rules/fairdice.py: derived from its seeds, every roll recorded for its proof).
- die (in a room): {"die": die id, "face": colour id or number, "held": bool, "used": bool}.
- faces: a layout die's faces, colour ids or numbers.
- shown dice (in log entries): [die id, face] pairs, written out by companion/rules/words.py.
"""
from __future__ import annotations

import secrets

from companion.rules.errors import malformed
from companion.rules.language import gettext
from layouts import Game


def roll_face(faces: list, rng=secrets):
    """One face of a die, each face equally likely."""
    return faces[rng.randbelow(len(faces))]


def roll_all(game: Game, rng=secrets) -> list[dict]:
    """A fresh roll of every die the game uses, in layout order."""
    return [{"die": die.id, "face": roll_face(die.faces, rng), "held": False, "used": False}
            for die in game.dice for _ in range(die.count)]


def dice_of(game: Game) -> list:
    """The layout's die for each die number, in the order `roll_all` rolls them."""
    return [die for die in game.dice for _ in range(die.count)]


def roll_chosen(game: Game, chosen: list[int], rng=secrets) -> list[dict]:
    """A fresh roll of the chosen dice (die numbers in the order `roll_all` rolls every die)."""
    every = dice_of(game)
    return [{"die": every[i].id, "face": roll_face(every[i].faces, rng), "held": False, "used": False} for i in chosen]


def reroll(dice: list[dict], chosen: list[int], game: Game, rng=secrets) -> list[dict]:
    """The dice with the chosen ones rolled again (faces looked up by die id)."""
    faces = {die.id: die.faces for die in game.dice}
    return [dict(d, face=roll_face(faces[d["die"]], rng)) if i in chosen else dict(d)
            for i, d in enumerate(dice)]


def dice_indexes(value: list[int] | None, count: int, what: str = "dice") -> list[int]:
    """Check die numbers against positions 0..count-1 (no repeats; none: []), or explain what is wrong."""
    if value is None:
        return []
    for i in value:
        if not 0 <= i < count:
            raise malformed(gettext("%(what)s: there is no die %(die)s; the dice are numbered 0 to %(last)s", what=what,
                                    die=i, last=count - 1))
    if len(set(value)) != len(value):
        raise malformed(gettext("%(what)s: a die is listed twice", what=what))
    return sorted(value)


def shown(dice: list[dict]) -> list[list]:
    """Dice as a log entry keeps them: [die id, face] pairs."""
    return [[d["die"], d["face"]] for d in dice]
