"""Pick specs of a roll-and-draft table (layouts/table.py): whether picked dice match one, and how a
person reads it ("1 colour die and 1 number die").

Glossary:
- pick spec: die id -> how many of that die a pick holds: n, or [fewest, most]; a key may name several
  dice with `|` (`red|yellow|green|blue: [0, 1]`: at most one of those coloured dice).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from companion.language import Speaker
from companion.table.words import colour_text


@lru_cache(maxsize=64)
def _bounds(spec: tuple) -> tuple[frozenset, tuple]:
    """A pick spec's (items) dice named, and (dice, fewest, most) per key."""
    bounds = tuple((tuple(key.split("|")), *((n, n) if isinstance(n, int) else n)) for key, n in spec)
    return frozenset(die for dice, _, _ in bounds for die in dice), bounds


def fits(spec: dict, counts: Counter) -> bool:
    """Whether picked dice (die id -> how many) match a pick spec, each key counting the dice it names."""
    named, bounds = _bounds(tuple(spec.items()))
    return counts.keys() <= named and all(low <= sum(counts[d] for d in dice) <= high for dice, low, high in bounds)


def die_name(game, die_id: str, say: Speaker) -> str:
    """A die in a sentence: its colour's name when its id is one of the game's colours, else the catalogue's
    word for a die id layouts commonly use (colour, number, white, d6), else the id as written."""
    if die_id in game.colours:
        return colour_text(game, die_id)
    # TRANSLATORS: a die named by what it shows, in "1 colour die and 1 number die".
    common = {"colour": say.pgettext("die", "colour"), "number": say.pgettext("die", "number"),
              "white": say.pgettext("die", "white"), "d6": say.pgettext("die", "d6")}
    return common.get(die_id, die_id)


def spec_text(spec: dict, game, say: Speaker) -> str:
    """A pick spec for a person: '1 colour die and 1 number die', '0 to 2 white dice', '0 to 1 red or blue die'."""
    def part(key: str, n) -> str:
        count = str(n) if isinstance(n, int) else say.gettext("%(low)s to %(high)s", low=n[0], high=n[1])
        dice = say.listing([die_name(game, die, say) for die in key.split("|")], style="or")
        return say.ngettext("%(count)s %(dice)s die", "%(count)s %(dice)s dice", n if isinstance(n, int) else n[1],
                            count=count, dice=dice)

    return say.listing([part(key, n) for key, n in spec.items()])


def pick_texts(game, say: Speaker) -> dict[str, str]:
    """The game's picks for a person, as the phone's board says them: {"active_pick", "others_pick"}."""
    return {name: spec_text(getattr(game.table, name), game, say) for name in ("active_pick", "others_pick")}
