"""A layout's schema errors said for a person: where (`blocks[3].text`) and what to write instead.

Pydantic's error locations are walked through the layout's models, so every line names the real
key path (union tags left out) and, for a key it does not know or a key it misses, the keys of the
thing it belongs to:
- unknown key: the valid keys and the closest one ("did you mean `row_note`?");
- missing key: the key's name and what needs it;
- an unknown block `type` or field `kind`: the closest kind and all of them;
- a choice of words (`align: centre`): the closest allowed word;
- a value of the wrong form (a type, a pattern, a bound, a length): what to write (layouts/wanted.py);
- a layout check naming a path inside its key (`scoring`: "points[1].points: ...") is placed at that path.
"""
from __future__ import annotations

import difflib
import re
from types import UnionType
from typing import Annotated, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from layouts.wanted import MISMATCHES, wanted

TAGS = ("type", "kind")
"""The keys that pick the kind of a block, a mechanic or a scoring field."""
BUILTIN = ("int", "str", "float", "bool", "list", "dict", "none")


RELATIVE = re.compile(r"^([A-Za-z_][\w-]*(?:\[\d+\])*(?:\.[\w-]+(?:\[\d+\])*)*): ")
"""A layout check's sentence that starts with the path it is about, below where it was raised (`points[1].points: `)."""


def lines(root: type[BaseModel], errors: list[dict]) -> list[str]:
    """One `path: message` line per problem of data validated as `root`, a misspelt key's first (it explains the
    lines its misspelling causes). Where a union's members failed at one path, a member's form error (not a
    number, not a mapping) is left out when another member's error says more (`count: many`: not a value's
    name; `members[1]`: a member without its label), else the members' messages are joined."""
    said: dict[str, list[str]] = {}
    mismatched: dict[str, list[str]] = {}
    misspelt: set[str] = set()
    for error in errors:
        for path, text in _placed(root, error):
            shelf = mismatched if error["type"] in MISMATCHES else said
            if text not in shelf.setdefault(path, []):
                shelf[path].append(text)
            if error["type"] == "extra_forbidden" and "did you mean" in text:
                misspelt.add(path)
    for path, texts in mismatched.items():
        if not any(other == path or other.startswith((f"{path}.", f"{path}[")) for other in said):
            said[path] = texts
    ordered = sorted(said, key=lambda path: path not in misspelt)
    return [f"{path}: {', or '.join(said[path])}" for path in ordered]


def _placed(root: type[BaseModel], error: dict) -> list[tuple[str, str]]:
    """The path a problem is about and its message, on one line: a layout check's sentence that names a path
    inside the key it was raised at (`scoring`: "points[1].points: ...") is placed at that path
    (`scoring.points[1].points`), and a check naming several paths, one a line, gives a line each."""
    path = walk(root, error["loc"][:-1] if _missing_entry(error) else error["loc"])
    text = message(root, error)
    parts = [RELATIVE.match(part) for part in text.split("\n")] if error["type"] == "value_error" else [None]
    if not all(parts):
        return [(path, text.replace("\n", "\\n"))]  # one line, even quoting a cell map
    return [(inside[1] if path == "(top)" else f"{path}{'' if inside[1].startswith('[') else '.'}{inside[1]}",
             inside.string[inside.end():]) for inside in parts]


def _missing_entry(error: dict) -> bool:
    """Whether an error is an entry missing from a list of fixed length (`at: [4, 3, 80]` has no [3])."""
    return error["type"] == "missing" and isinstance(error["loc"][-1], int)


def walk(root: type[BaseModel], loc: tuple) -> str:
    """The key path a location names ('blocks[3].text')."""
    shown, kind = "", root
    for part in loc:
        kind, step = _step(kind, part) if part != "[key]" else (None, None)
        if step is None:
            continue
        if isinstance(part, int):
            shown += f"[{part}]"
        elif not part.isprintable() or not part:
            shown += f".{part!r}" if shown else repr(part)  # a key with a line break, or empty
        else:
            shown += f".{part}" if shown else part
    return shown or "(top)"


def _owner(root: type[BaseModel], loc: tuple) -> type | None:
    """The model holding the key at the end of `loc` (None: it is not a model's key)."""
    return _model(_at(root, loc[:-1]))


def _at(root: type[BaseModel], loc: tuple):
    """The type a location leads to inside `root` (None where it is not followed)."""
    kind = root
    for part in loc:
        kind, _ = _step(kind, part)
    return kind


def _step(kind, part) -> tuple[object, str | None]:
    """The type that loc `part` leads to inside `kind`, and how it shows: 'key', 'index' or None (hidden)."""
    kind = _bare(kind)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        field = next((f for name, f in kind.model_fields.items() if part in (name, f.alias)), None)
        return (field.annotation, "key") if field else (None, "key")
    members = union_members(kind)
    if members:
        tagged = next((m for m in members if part in union_tags(m)), None)
        if tagged is not None:
            return tagged, None
        holding = next((m for m in members if _model(m) and part in _model(m).model_fields), None)
        if holding is not None:
            return _step(holding, part)
        return kind, None  # pydantic's name of a union member ('int', 'function-after[...]')
    origin = get_origin(kind)
    if origin in (list, tuple, set, frozenset) and isinstance(part, int):
        args = [a for a in get_args(kind) if a is not Ellipsis]
        return (args[min(part, len(args) - 1)] if args else None), "index"
    if origin is dict:
        return (None, None) if part == "[key]" else (get_args(kind)[1] if get_args(kind) else None, "key")
    if isinstance(part, str) and (part.startswith(("function-", "constrained-")) or "[" in part or part in BUILTIN):
        return None, None  # a union member's name where the type was not followed
    return None, "index" if isinstance(part, int) else "key"


def _bare(kind):
    while get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    return kind


def union_members(kind) -> list:
    """The alternatives of a union (nested unions flattened), None left out; [] for any other type."""
    if get_origin(kind) not in (Union, UnionType):
        return []
    found = []
    for arg in (_bare(arg) for arg in get_args(kind) if arg is not type(None)):
        found += union_members(arg) or [arg]
    return found


def _model(kind) -> type[BaseModel] | None:
    kind = _bare(kind)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return kind
    models = [m for m in union_members(kind) if isinstance(m, type) and issubclass(m, BaseModel)]
    return models[0] if len(models) == 1 else None


def union_tags(kind) -> tuple:
    """The tag values a union member is picked by (its `type` or `kind` literal)."""
    model = _model(kind)
    if model is None:
        return ()
    for tag in TAGS:
        if tag in model.model_fields and get_origin(model.model_fields[tag].annotation) is Literal:
            return get_args(model.model_fields[tag].annotation)
    return ()


def keys(model: type[BaseModel]) -> list[str]:
    """The keys a layout may give a model, as written in YAML."""
    return [field.alias or name for name, field in model.model_fields.items()]


def described(model: type[BaseModel]) -> str:
    """What a model is called in a sentence: 'a legend block', 'a legend item'."""
    tag = union_tags(model)
    if tag:
        noun = "block" if "type" in model.model_fields else "table" if model.__module__.endswith("table") else "field"
        return f"a {tag[0]} {noun}"
    return "a " + re.sub(r"(?<!^)(?=[A-Z])", " ", model.__name__.split("__")[-1]).lower()


def closest(word, choices) -> str:
    """'did you mean `x`? ' for the choice nearest a misspelt word, or ''."""
    found = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f"did you mean `{found[0]}`? " if found else ""


def message(root: type[BaseModel], error: dict) -> str:
    """Pydantic's message for a person: what is wrong and what to write instead."""
    kind, loc, ctx = error["type"], error["loc"], error.get("ctx") or {}
    key, owner = loc[-1] if loc else "", _owner(root, loc)
    if kind == "extra_forbidden":
        if owner is None:
            return "unknown key (misspelt, or not part of the layout schema)"
        valid = keys(owner)
        return f"unknown key {key!r}; {closest(key, valid)}{described(owner)} has: {', '.join(valid)}"
    if kind == "missing" and not _missing_entry(error):
        what = f" ({described(owner)} needs it; its keys: {', '.join(keys(owner))})" if owner else ""
        return f"missing key {key!r}{what}"
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        tags = re.findall(r"'([^']*)'", ctx.get("expected_tags", ""))
        name = "type" if "type" in ctx.get("discriminator", "") else "kind"
        if kind == "union_tag_not_found":
            return f"missing key {name!r}: one of {', '.join(tags)}"
        return f"unknown {name} {ctx.get('tag')!r}; {closest(ctx.get('tag'), tags)}the {name}s are: {', '.join(tags)}"
    if kind == "literal_error":
        allowed = re.findall(r"'([^']*)'", ctx.get("expected", ""))
        return f"{error['input']!r} is not allowed; {closest(error['input'], allowed)}use {ctx.get('expected')}"
    value_at = loc[:-1] if _missing_entry(error) else loc
    fix = wanted(error, _at(root, value_at), _description(root, value_at))
    if fix:
        return fix
    text = error["msg"].removeprefix("Value error, ")
    return f"the name {loc[-2]!r}: {text}" if key == "[key]" and len(loc) > 1 else text


def _description(root: type[BaseModel], loc: tuple) -> str:
    """What the key at the end of `loc` holds, as its model describes it ('' when it is no model's key)."""
    owner = _owner(root, loc) if loc else None  # a check of the whole layout has no key
    field = next((f for name, f in owner.model_fields.items() if loc[-1] in (name, f.alias)), None) if owner else None
    return (field.description or "") if field else ""
