"""A layout's scoring rules worked out over checked players: lets, checks, points, the tie-break value.

Glossary:
- player scope: what a player's rules read: their lets, their fields, then the table scope
  (companion/scoring/facts.py); a member or entry scope puts one group member's or entry's fields first.
- unknown: a rule reading an optional field left empty does not apply (a check passes, a part scores 0,
  the tie-break value is not given).
- RuleError: a rule the layout states but that cannot be worked out on these numbers (a table too short
  for a count, say): a mistake in the layout, reported as a ScoreError on `game`.
"""
from __future__ import annotations

from collections import ChainMap

from companion.rules.language import current, gettext
from companion.scoring.common import ScoreError
from layouts.expressions import ExprError, Unknown, evaluate, fill, names
from layouts.scoring import Scoring


def work_out(text: str, scope, where: str):
    """The expression's value; None when unknown; ScoreError (on `game`) when the layout's rule fails."""
    try:
        return evaluate(text, scope)
    except Unknown:
        return None
    except ExprError as error:
        raise ScoreError(gettext("the layout's scoring rule %(where)s (%(rule)s) cannot be worked out: %(problem)s",
                                 where=where, rule=repr(text), problem=error), "game") from None


def player_scope(scoring: Scoring, table: dict, data: dict) -> ChainMap:
    """A player's scope: lets (worked out in order), fields, table names."""
    lets: dict = {}
    scope = ChainMap(lets, data, table)
    for name, text in scoring.let.items():
        lets[name] = work_out(text, scope, f"let.{name}")
    return scope


def each_scope(scoring: Scoring, each, scope: ChainMap) -> list[tuple[str | None, ChainMap]]:
    """(key, scope) for every member or field a rule's `each` names: a member's fields, or a field as `this`;
    [(None, scope)] for a rule without `each`."""
    if each is None:
        return [(None, scope)]
    if isinstance(each, list):
        return [(field, scope.new_child({"this": scope[field]})) for field in each]
    return [(member, scope.new_child(scope[each][member])) for member in scoring.field(each).member_ids]


def read_fields(scoring: Scoring, text: str) -> list[str]:
    """The player's fields an expression reads, directly or through lets, in the layout's order."""
    read, todo = set(), set(names(text))
    while todo:
        name = todo.pop()
        read.add(name)
        todo |= names(scoring.let[name]) - read if name in scoring.let else set()
    return [field.id for field in scoring.fields if field.id in read]


def check_problems(scoring: Scoring, scope: ChainMap, at: str, unsure: frozenset = frozenset()):
    """(field, message) for every per-player check one player fails, in order: at the check's `at`, then
    (field, message, the check's `at`) at every other field its value (or condition) reads, the one typed among them.
    A check reading a field in `unsure` (out of range) waits until that field is fixed."""
    for n, check in enumerate(scoring.checks):
        if check.total:
            continue
        read = read_fields(scoring, check.require or check.value)
        if unsure & {*read, *([check.each] if isinstance(check.each, str) else check.each or [])}:
            continue
        for key, inner in each_scope(scoring, check.each, scope):
            path = check.at if key is None else key if check.at is None else f"{check.each}.{key}.{check.at}"
            if check.require:
                held = work_out(check.require, inner, f"checks[{n}]")
                failed, value, limit = held is not None and not held, None, None
            else:
                value = work_out(check.value, inner, f"checks[{n}]")
                limit = work_out(check.at_most, inner, f"checks[{n}]")
                failed = value is not None and limit is not None and value > limit
            if failed:
                message = fill(check.message, inner.new_child({"value": value, "limit": limit}), current())
                yield at + path, message
                if check.each is None:
                    yield from ((at + field, message, at + path) for field in read if field != check.at)


def total_problems(scoring: Scoring, scopes: list[ChainMap]):
    """(field, message) where the players so far hold more of something than the limit (`total` checks)."""
    for n, check in enumerate(c for c in scoring.checks if c.total):
        running = 0
        for i, scope in enumerate(scopes):
            running += work_out(check.total, scope, f"checks[{n}]") or 0
            limit = work_out(check.at_most, scope, f"checks[{n}]")
            if limit is not None and running > limit:
                yield f"players[{i}].{check.at}", fill(check.message, scope.new_child({"value": running,
                                                                                       "limit": limit}), current())


def breakdowns(scoring: Scoring, scopes: list[ChainMap]) -> list[dict[str, int]]:
    """Each player's points by part, in the layout's order."""
    out: list[dict[str, int]] = [{} for _ in scopes]
    for n, part in enumerate(scoring.points):
        where = f"points[{n}]"
        if part.majority:
            values = [work_out(part.majority, scope, where) or 0 for scope in scopes]
            best = max(values, default=0)
            eligible = [best > 0 and value == best for value in values]
        else:
            eligible = [True] * len(scopes)
        for parts, scope, allowed in zip(out, scopes, eligible, strict=True):
            if part.each:
                for key, inner in each_scope(scoring, part.each, scope):
                    parts[key] = _points(part, inner, where) if allowed else 0
            elif part.over:
                parts[part.id] = sum(_points(part, scope.new_child(entry), where) for entry in scope[part.over]) \
                    if allowed else 0
            else:
                parts[part.id] = _points(part, scope, where) if allowed else 0
    return out


def _points(part, scope, where: str) -> int:
    """A part's points in one scope: 0 unless `when` holds; 0 when unknown."""
    if part.when and not work_out(part.when, scope, where):
        return 0
    points = work_out(part.points, scope, where)
    if points is not None and not isinstance(points, int):
        raise ScoreError(gettext("the layout's scoring rule %(where)s gives %(points)s, not a number of points",
                                 where=where, points=repr(points)), "game")
    return int(points or 0)


def tiebreak_values(scoring: Scoring, scopes: list[ChainMap]) -> list[int | None]:
    """Each player's tie-break value, None when not given (or the game has no tie-break)."""
    if scoring.tiebreak is None:
        return [None] * len(scopes)
    return [work_out(scoring.tiebreak.by, scope, "tiebreak.by") for scope in scopes]
