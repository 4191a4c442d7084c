"""Monolyth scoring (RULES.md section 4).

Glossary:
- stacks: the tokens in play for a player count, as the layout's token sheet prints them (3 players:
  level 1 = 5, 3, 2; level 4 only with 1-2 players; prophecies two of each value).
- structure: the player's structure token value, 0 without one.
- levels: the level token values the player took, at most one per level of their monolith.
- prophecies: `{"value": N, "cubes": M}` per prophecy token on a board side; scores N when M >= N.
- height: levels of the monolith at a table: one per level stack in play.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from layouts import Game

from companion.scoring.common import Count, PlayerInput

SIDES = 4
"""Sides of a player's square board, one prophecy each."""

class Prophecy(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    value: Count
    cubes: Count = 0


class Player(PlayerInput):
    structure: Count = 0
    levels: list[Count] = Field(default=[], max_length=8)
    prophecies: list[Prophecy] = Field(default=[], max_length=8)


TIEBREAK = None


def stacks(game: Game, player_count: int) -> dict[str, list[int]]:
    """Tokens in play, highest first: `level-N` for each level built, `structure`, `prophecy` (all of them)."""
    sheet = next(block for printable in game.printables.values() for block in printable.blocks
                 if block.type == "token_sheet")
    out: dict[str, list[int]] = {}
    for stack in sheet.stacks:
        tokens = stack.tokens(game.tables[stack.table].values, player_count)
        kind = "prophecy" if stack.table.startswith("prophecy") else stack.table
        if tokens:
            out[kind] = sorted(out.get(kind, []) + tokens, reverse=True)
    return out


def height(game: Game, player_count: int) -> int:
    """Levels of a monolith at this table."""
    return sum(kind.startswith("level-") for kind in stacks(game, player_count))


def problems(game: Game, players: list[Player]):
    """(field, message) for tokens not in play, taken twice, or prophecies on missing sides."""
    stack = stacks(game, len(players))
    tall = height(game, len(players))
    side = game.values["board_size"] * tall  # cubes a side of the monolith shows at most
    said = ", ".join
    for i, p in enumerate(players):
        at = f"players[{i}]."
        if p.structure and p.structure not in stack["structure"]:
            yield at + "structure", f"0 or a structure token: {said(map(str, stack['structure']))}"
        levels = [stack[f"level-{n}"] for n in range(1, tall + 1)]
        for j, value in enumerate(p.levels):
            if not any(value in tokens for tokens in levels):
                yield at + f"levels[{j}]", f"{value} is no level token; in play: {_listed(stack, 'level-')}"
        if len(p.levels) > tall:
            yield at + "levels", f"{len(p.levels)} level tokens, but the monolith has {tall} levels"
        elif not _fits([(i, value) for value in p.levels], levels):
            yield at + "levels", f"no way to take {said(map(str, p.levels))} one level each: {_listed(stack, 'level-')}"
        if len(p.prophecies) > SIDES:
            yield at + "prophecies", f"{len(p.prophecies)} prophecies, but a board has {SIDES} sides"
        for j, prophecy in enumerate(p.prophecies):
            if prophecy.value not in stack["prophecy"]:
                yield at + f"prophecies[{j}].value", f"{prophecy.value} is no prophecy token in play: " \
                                                     f"{said(map(str, sorted(set(stack['prophecy']))))}"
            if prophecy.cubes > side:
                yield at + f"prophecies[{j}].cubes", f"{prophecy.cubes} cubes, but a side shows at most {side}"
    held = [(i, value) for i, p in enumerate(players) for value in p.levels]
    if not _fits(held, [stack[f"level-{n}"] for n in range(1, tall + 1)]):
        yield "players", f"the players hold more level tokens than the stacks have: {_listed(stack, 'level-')}"
    yield from _taken_once(players, stack)


def _listed(stack: dict[str, list[int]], prefix: str) -> str:
    """'level 1: 5 3 2; level 2: 6 4 2' for the stacks whose name starts with `prefix`."""
    return "; ".join(f"{name.replace('-', ' ')}: {' '.join(map(str, v))}" for name, v in stack.items()
                     if name.startswith(prefix))


def _fits(held: list[tuple[int, int]], levels: list[list[int]], used: frozenset = frozenset()) -> bool:
    """Whether each (player, value) can be a distinct token of a level, no player taking a level twice."""
    if not held:
        return True
    (who, value), rest = held[0], held[1:]
    return any(value in tokens and ("player", who, n) not in used and ("token", n, value) not in used
               and _fits(rest, levels, used | {("player", who, n), ("token", n, value)})
               for n, tokens in enumerate(levels))


def _taken_once(players: list[Player], stack: dict[str, list[int]]):
    """(field, message) when players hold more of a structure or prophecy token than the game has."""
    for kind, held in (("structure", [(i, "structure", p.structure) for i, p in enumerate(players) if p.structure]),
                       ("prophecy", [(i, f"prophecies[{j}].value", q.value) for i, p in enumerate(players)
                                     for j, q in enumerate(p.prophecies)])):
        for k, (i, field, value) in enumerate(held):
            if sum(v == value for _, _, v in held[:k + 1]) > stack[kind].count(value):
                yield f"players[{i}].{field}", f"the game has {stack[kind].count(value)} {kind} token(s) of {value}, " \
                                               "and other players hold them"


def breakdowns(game: Game, players: list[Player]) -> list[dict[str, int]]:
    """Structure token, level tokens, fulfilled prophecies (N when at least N cubes show)."""
    return [{"structure": p.structure, "levels": sum(p.levels),
             "prophecies": sum(q.value for q in p.prophecies if q.cubes >= q.value)} for p in players]
