"""Move bodies from the mechanics' declared moves: the API document's entry for each `POST /api/rooms/<code>/<move>`.

Glossary:
- move model: bodies.Moving (request, player, token, seen) with the move's own keys, one field per `Param` of
  its mechanic's declaration (companion/rules/contract.py): the same type `mechanic.canonical` reads the key
  with, its default and description. No key beside those (a key a move does not take is refused, 400).
- variants: one move name may take other keys in another mechanic; its entry then takes either body.
A new table kind's moves appear here by themselves, for every game this companion serves that uses it.
"""
from __future__ import annotations

from pydantic import ConfigDict, Field, ValidationError, create_model

import layouts
from companion.contract.bodies import Moving
from companion.rules import mechanics
from layouts import LayoutError


def declared_moves() -> dict[str, list[dict]]:
    """Each move name the served games' mechanics declare, with each set of keys (name -> Param) it takes."""
    found: dict[str, list[dict]] = {}
    for game_id in layouts.game_ids():
        try:
            mechanic = mechanics.mechanic_of(layouts.load(game_id))
        except LayoutError:
            continue  # a broken user layout serves no moves
        for name, move in (mechanic.moves() if mechanic else {}).items():
            variants = found.setdefault(name, [])
            if not any(_same(move.params, known) for known in variants):
                variants.append(move.params)
    return dict(sorted(found.items()))


def _same(params: dict, known: dict) -> bool:
    """Whether two moves take the same keys, each of the same type and default."""
    return params.keys() == known.keys() and all(
        (p.kind, p.default) == (known[key].kind, known[key].default) for key, p in params.items())


def _optional(param) -> bool:
    """Whether a key may be left out: its default is a value of its type."""
    try:
        param.adapter.validate_python(param.default, strict=True)
    except ValidationError:
        return False
    return True


class ClosedMoving(Moving):
    """A move's body: the keys every move carries and the move's own, no others."""

    model_config = ConfigDict(extra="forbid")


def move_model(name: str, params: dict, variant: int = 0):
    """The request model of move `name` taking the keys `params`."""
    fields = {key: (param.kind, Field(param.default if _optional(param) else ..., description=param.description))
              for key, param in params.items()}
    title = "".join(part.title() for part in name.split("-"))
    return create_model(f"{title}Body{variant or ''}", __base__=ClosedMoving, __doc__=f"The body of a `{name}` move.",
                        **fields)


def move_bodies() -> dict[str, list]:
    """Each declared move's request models (one per variant), by the path part that names it."""
    return {name: [move_model(name, params, n) for n, params in enumerate(variants)]
            for name, variants in declared_moves().items()}
