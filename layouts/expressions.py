"""A small safe expression language for a layout's scoring rules: parsed once, evaluated over plain data.

Glossary:
- expression: Python-like text read with `ast` and a whitelist, never `eval`: whole numbers, 'text'
  (only as a key), names, `a.key`, `a[i]`, `[a, b]`, + - * // %, comparisons, `x in [a, b]`,
  and/or/not, `x if test else y`, and the FUNCTIONS below; at most MAX_LENGTH characters. No
  attribute of a Python object is ever reached: values are ints, bools, None, strings, lists and dicts.
- scope: name -> value, what an expression may read.
- unknown: a name whose value is None (an optional field left empty); the whole expression is then
  unknown (`Unknown` is raised) and the rule using it does not apply.
- sheet groups: in a score field's `from_marks:`, a sheet's marks by group (companion/rules/marks), each group a list of
  its places' marks in reading order, None where unmarked; marked(), last(), count(), full() and across() read them.
- key on many: `a.key` on a list of dicts, or on a dict of dicts (a group, e.g. one entry per colour),
  reads `key` of every item: `expeditions.boxes` is the list of every expedition's boxes.
"""
from __future__ import annotations

import ast
import operator
import re
from collections.abc import Mapping
from functools import cache

from layouts import plurals

FUNCTIONS = {
    "sum": lambda items: sum(_numbers(items)),
    "len": lambda items: len(_listed(items)),
    "max": lambda *items: max(_numbers(items[0] if len(items) == 1 else items), default=0),
    "min": lambda *items: min(_numbers(items[0] if len(items) == 1 else items), default=0),
    "atleast": lambda items, low: sum(n >= low for n in _numbers(items)),
    "marked": lambda items: sum(item is not None for item in _cells(items)),
    "last": lambda items: next((item for item in reversed(_cells(items)) if item is not None), 0),
    "count": lambda items, value: sum(item == value for item in _cells(items)),
    "full": lambda lines: sum(None not in _cells(line) for line in _lined(lines)),
    "full_with": lambda lines, kind: sum(None not in _cells(line) and any(_is(item, kind) for item in _cells(line))
                                         for line in _lined(lines)),
    "across": lambda lines: [list(line) for line in zip(*(_cells(line) for line in _lined(lines)), strict=True)],
}
SAID = {"sum": "the items of a list added up", "len": "how many items a list has",
        "max": "the largest of a list, or of its values (0 for none)",
        "min": "the smallest of a list, or of its values (0 for none)",
        "atleast": "atleast(list, n): how many items are n or more",
        "marked": "how many places of a sheet's group (or of all its groups) are marked: crossed, written, filled",
        "last": "the last mark of a group in reading order (the rightmost number of a row), 0 for none",
        "count": "count(group, value): how many places hold the value (the cells of a colour)",
        "full": "how many lines (rows or columns of a grid) are marked in every place",
        "full_with": "full_with(lines, kind): full lines with a mark of that kind (`brick`: `red.brick`)",
        "across": "the columns of a grid given by its rows (and the other way round)"}
"""What each function gives (the reference says it)."""

ARITHMETIC = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
              ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod}
COMPARE = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
           ast.Gt: operator.gt, ast.GtE: operator.ge}
MEMBERSHIP = {ast.In: operator.contains, ast.NotIn: lambda items, value: value not in items}
ALLOWED = (ast.Expression, ast.Constant, ast.Name, ast.Load, ast.Attribute, ast.Subscript, ast.List, ast.UnaryOp,
           ast.USub, ast.Not, ast.BinOp, ast.BoolOp, ast.And, ast.Or, ast.Compare, ast.IfExp, ast.Call,
           *ARITHMETIC, *COMPARE, *MEMBERSHIP)
GRAMMAR = ("whole numbers, names, a.key, a[i], [a, b], + - * // %, == != < <= > >=, x in [a, b], and or not, "
           "x if test else y, " + ", ".join(f"{name}()" for name in FUNCTIONS))
"""What an expression may hold, said in every refusal."""
INSTEAD = {
    ast.Pow: ("`**` (a power)", "multiply (`x * x`) or read a table (`tables.name[x]`)"),
    ast.Div: ("`/`", "the numbers are whole: divide with `//`"),
    ast.BitOr: ("`|`", "write `or`"), ast.BitAnd: ("`&`", "write `and`"), ast.Invert: ("`~`", "write `not`"),
    ast.Is: ("`is`", "compare with `==`"), ast.IsNot: ("`is not`", "compare with `!=`"),
    ast.Tuple: ("`(a, b)`", "write a list `[a, b]`"), ast.Set: ("`{a, b}`", "write a list `[a, b]`"),
    ast.Dict: ("`{key: value}`", "name values in `values:` or `let:`"),
    ast.NamedExpr: ("`:=`", "name the value in `let:`"), ast.Lambda: ("`lambda`", "name the value in `let:`"),
    ast.Slice: ("a slice `a[i:j]`", "read single items `a[i]`"),
    ast.ListComp: ("a comprehension", "give a rule `each: [field, ...]`, or use sum(), len(), atleast()"),
    ast.GeneratorExp: ("a comprehension", "give a rule `each: [field, ...]`, or use sum(), len(), atleast()"),
}
"""Python forms an expression may not use, with what to write instead."""
MAX_LENGTH = 500
"""Characters in one expression (the shipped layouts' longest is 142): longer rules are split into lets."""
PLACEHOLDER = re.compile(r"\{([^{}]+)\}")


class ExprError(ValueError):
    """An expression that cannot be read, or cannot be worked out on the data it was given."""


class Unknown(Exception):
    """The expression read a name whose value is not given (None)."""


@cache
def parse(text: str) -> ast.Expression:
    """The expression's syntax tree; ExprError says what is not allowed and what to write instead."""
    if len(text) > MAX_LENGTH:
        raise ExprError(f"{quoted(text)} is {len(text):,} characters; an expression is at most {MAX_LENGTH}: "
                        f"name its parts in `let:` and add them up")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as error:
        raise ExprError(f"{quoted(text)} is not an expression ({error.msg}); it may hold {GRAMMAR}") from None
    except (RecursionError, MemoryError):
        raise ExprError(f"{quoted(text)} is nested too deeply; name its parts in `let:`") from None
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and type(node.value) not in (int, str, bool):
            raise ExprError(f"{quoted(text)}: {node.value!r} is not allowed: only whole numbers, true/false "
                            f"and 'text' keys")
        if isinstance(node, ast.Call) and (node.keywords or not isinstance(node.func, ast.Name)
                                           or node.func.id not in FUNCTIONS):
            raise ExprError(f"{quoted(text)}: the functions are {', '.join(FUNCTIONS)}")
        if not isinstance(node, ALLOWED):
            form, instead = INSTEAD.get(type(node), (f"`{ast.unparse(node)}`" if isinstance(node, ast.expr)
                                                     else type(node).__name__, "rewrite it"))
            raise ExprError(f"{quoted(text)}: {form} is not allowed: {instead}; an expression may hold {GRAMMAR}")
    return tree


def quoted(text: str, most: int = 60) -> str:
    """An expression quoted for a message, cut short when long."""
    return repr(text if len(text) <= most else text[:most - 3] + "...")


def names(expression: str) -> set[str]:
    """The names an expression reads, functions left out."""
    tree = parse(expression)
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and id(node) not in called}


def placeholders(text: str) -> list[str]:
    """The expressions inside a text's {braces}, those its plural blocks count too (layouts/plurals.py)."""
    return plurals.counted(text) + PLACEHOLDER.findall(plurals.without_blocks(text))


def evaluate(text: str, scope: Mapping):
    """The expression's value over `scope`; Unknown when it reads an empty name, ExprError when it cannot."""
    return _eval(parse(text).body, scope)


def fill(text: str, scope: Mapping, lang: str = "en") -> str:
    """The text with each {expression} replaced by its value, each plural block by its form in `lang`."""
    text = plurals.fill_counts(text, lang, lambda expression: evaluate(expression, scope))
    return PLACEHOLDER.sub(lambda match: str(evaluate(match.group(1), scope)), text)


def _eval(node: ast.AST, scope: Mapping):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in scope:
            raise ExprError(f"unknown name {node.id!r}")
        if scope[node.id] is None:
            raise Unknown(node.id)
        return scope[node.id]
    if isinstance(node, ast.Attribute):
        return _key(_eval(node.value, scope), node.attr)
    if isinstance(node, ast.Subscript):
        return _item(_eval(node.value, scope), _eval(node.slice, scope))
    if isinstance(node, ast.List):
        return [_eval(item, scope) for item in node.elts]
    if isinstance(node, ast.UnaryOp):
        value = _eval(node.operand, scope)
        return not value if isinstance(node.op, ast.Not) else -_number(value)
    if isinstance(node, ast.BinOp):
        left, right = _eval(node.left, scope), _eval(node.right, scope)
        if isinstance(node.op, ast.Add) and isinstance(left, list) and isinstance(right, list):
            return left + right
        if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and _number(right) == 0:
            raise ExprError("division by zero")
        return ARITHMETIC[type(node.op)](_number(left), _number(right))
    if isinstance(node, ast.BoolOp):
        want = isinstance(node.op, ast.Or)
        for value in node.values:
            if bool(result := _eval(value, scope)) == want:
                return result
        return result
    if isinstance(node, ast.Compare):
        left = _eval(node.left, scope)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _eval(right_node, scope)
            if type(op) in MEMBERSHIP:
                held = MEMBERSHIP[type(op)](_listed(right), left)
            else:
                held = COMPARE[type(op)](_number(left), _number(right))
            if not held:
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        return _eval(node.body if _eval(node.test, scope) else node.orelse, scope)
    args = [_eval(arg, scope) for arg in node.args]  # ast.Call, the last kind parse() lets through
    try:
        return FUNCTIONS[node.func.id](*args)
    except TypeError:
        raise ExprError(f"{node.func.id}() was given the wrong number or kind of values") from None


def _key(value, key: str):
    if isinstance(value, Mapping) and key in value:
        return value[key]
    items = list(value.values()) if isinstance(value, Mapping) else value
    if isinstance(items, list) and items and all(isinstance(item, Mapping) and key in item for item in items):
        return [item[key] for item in items]
    raise ExprError(f"no {key!r} here")


def _item(value, index):
    try:
        return value[index]
    except (IndexError, KeyError, TypeError):
        raise ExprError(f"no item {index!r} (there are {len(value) if hasattr(value, '__len__') else 0})") from None


def _number(value) -> int:
    if not isinstance(value, int):  # true and false are ints too: 1 and 0
        raise ExprError(f"{value!r} is not a number")
    return int(value)


def _listed(items) -> list:
    if not isinstance(items, list):
        raise ExprError(f"{items!r} is not a list")
    return items


def _lined(items) -> list:
    """A group's places, or a grid's lines, in order: a list, or the values of a dict (rows by id)."""
    return _listed(list(items.values()) if isinstance(items, Mapping) else items)


def _cells(items) -> list:
    """Every mark of a group, or of a grid's lines, in reading order."""
    return [cell for item in _lined(items) for cell in (_cells(item) if isinstance(item, (list, Mapping)) else [item])]


def _is(mark, kind: str) -> bool:
    """Whether a mark is of a kind: the kind itself, or a colour's (`red.brick` is a brick)."""
    return isinstance(mark, str) and (mark == kind or mark.endswith("." + kind))


def _numbers(items) -> list[int]:
    return [_number(item) for item in _listed(list(items) if isinstance(items, tuple) else items)]
