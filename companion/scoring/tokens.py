"""Tokens taken from the game's shared lists (Monolyth's stacks): in play for the player count, held once.

Glossary:
- tokens: list id -> the values of its tokens in play, highest first (companion/scoring/facts.py).
- token field: one value from its lists (0: none, where `empty` allows it).
- tokens field: a list of values, at most one from each of its lists (Monolyth's level tokens: a value
  such as 2 may come from several levels, so the lists are matched to the values, a player never taking
  two from one list).
- held once: the players together hold no more tokens of a value than its lists have.
"""
from __future__ import annotations

from collections import Counter

from companion.rules.language import gettext, ngettext


def _pool(field, tokens: dict) -> list[int]:
    """Every token of the field's lists in play."""
    return [value for name in field.lists for value in tokens.get(name, [])]


def _listed(field, tokens) -> str:
    """'Level 1: 5 3 2; Level 2: 6 4 2' for the field's lists in play, by their names (companion/scoring/facts.py)."""
    return "; ".join(f"{tokens.labels[name]}: {' '.join(map(str, tokens[name]))}" for name in field.lists
                     if name in tokens)


def token_problem(field, value: int, tokens: dict, empty: bool) -> str:
    """Why one token value is not in play, or ''."""
    pool = _pool(field, tokens)
    if (value == 0 and empty) or value in pool:
        return ""
    choices = ", ".join(map(str, sorted(set(pool), reverse=True)))
    if empty:
        return gettext("0 (none) or a token in play: %(choices)s", choices=choices)
    return gettext("%(value)s is no token in play: %(choices)s", value=value, choices=choices)


def tokens_problems(field, values: list[int], tokens: dict, path: str):
    """(field, message) for one player's tokens field: values in play, one per list, as many as lists."""
    lists = [tokens[name] for name in field.lists if name in tokens]
    for n, value in enumerate(values):
        if not any(value in stack for stack in lists):
            yield f"{path}[{n}]", gettext("%(value)s is no token in play: %(choices)s", value=value,
                                          choices=_listed(field, tokens))
    if len(values) > len(lists):
        yield path, ngettext("%(given)s tokens, but %(num)s list is in play, one token each",
                             "%(given)s tokens, but %(num)s lists are in play, one token each", len(lists),
                             given=len(values))
    elif not _fits([(0, value) for value in values], lists):
        yield path, gettext("no way to take %(values)s one from each list: %(choices)s",
                            values=", ".join(map(str, values)), choices=_listed(field, tokens))


def held_once_problems(fields: list, players: list[dict], tokens: dict):
    """(field, message) where the players together hold more tokens than the lists have."""
    for field in fields:
        if field.kind == "tokens":
            held = [(i, value) for i, data in enumerate(players) for value in data[field.id]]
            if not _fits(held, [tokens[name] for name in field.lists if name in tokens]):
                yield "players", gettext("the players hold more tokens than the lists have: %(choices)s",
                                         choices=_listed(field, tokens))
        elif field.kind == "token":
            yield from _counted(field, [(f"players[{i}].{field.id}", data[field.id])
                                        for i, data in enumerate(players) if data[field.id]], tokens)
        elif field.kind == "entries":
            for sub in (s for s in field.fields if s.kind == "token"):
                yield from _counted(sub, [(f"players[{i}].{field.id}[{n}].{sub.id}", entry[sub.id])
                                          for i, data in enumerate(players)
                                          for n, entry in enumerate(data[field.id])], tokens)


def _counted(field, held: list[tuple[str, int]], tokens: dict):
    """The first holding of a value beyond the tokens of that value in play."""
    have, seen = Counter(_pool(field, tokens)), Counter()
    for path, value in held:
        seen[value] += 1
        if seen[value] > have[value]:
            yield path, ngettext("the game has %(num)s token of %(value)s, and other players hold it",
                                 "the game has %(num)s tokens of %(value)s, and other players hold them",
                                 have[value], value=value)
            return


def _fits(held: list[tuple[int, int]], lists: list[list[int]], used: Counter | None = None) -> bool:
    """Whether each (player, value) can be a token of a list, no player taking two from one list."""
    if not held:
        return True
    used = used if used is not None else Counter()
    (who, value), rest = held[0], held[1:]
    for n, stack in enumerate(lists):
        if value in stack and not used[("player", who, n)] and used[("token", n, value)] < stack.count(value):
            used.update([("player", who, n), ("token", n, value)])
            if _fits(rest, lists, used):
                return True
            used.subtract([("player", who, n), ("token", n, value)])
    return False
