"""A layout's schema errors said for a person: where (`blocks[3].text`) and what to write instead.

Pydantic's error locations are walked through the layout's models, so every line names the real
key path (union tags left out) and, for a key it does not know or a key it misses, the keys of the
thing it belongs to:
- unknown key: the valid keys and the closest one ("did you mean `row_note`?");
- missing key: the key's name and what needs it;
- an unknown block `type` or field `kind`: the closest kind and all of them;
- a choice of words (`align: centre`): the closest allowed word.
"""
from __future__ import annotations

import difflib
import re
from types import UnionType
from typing import Annotated, Literal, Union, get_args, get_origin

from pydantic import BaseModel

TAGS = ("type", "kind")
"""The keys that pick the kind of a block, a mechanic or a scoring field."""
BUILTIN = ("int", "str", "float", "bool", "list", "dict", "none")


def lines(root: type[BaseModel], errors: list[dict]) -> list[str]:
    """One `path: message` line per problem of data validated as `root`; where every member of a union
    failed at one path (`count: 'many'`: not a number, not a value's name) the layout's own sentence
    is kept, else the members' messages are joined."""
    found: dict[str, list[str]] = {}
    for error in errors:
        path, owner = walk(root, error["loc"])
        said = message(error, owner)
        if error["type"] == "value_error" and path in found and found[path][0] != said:
            found[path] = [said]  # the layout's own sentence says more than pydantic's
        elif said not in found.setdefault(path, []):
            found[path].append(said)
    return [f"{path}: {', or '.join(said)}" for path, said in found.items()]


def walk(root: type[BaseModel], loc: tuple) -> tuple[str, type | None]:
    """The key path a location names ('blocks[3].text') and the model the last key belongs to."""
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
    return shown or "(top)", _owner(root, loc)


def _owner(root: type[BaseModel], loc: tuple) -> type | None:
    """The model holding the key at the end of `loc` (None: it is not a model's key)."""
    kind = root
    for part in loc[:-1]:
        kind, _ = _step(kind, part)
    return _model(kind)


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


def message(error: dict, owner: type[BaseModel] | None) -> str:
    """Pydantic's message for a person: what is wrong and what to write instead."""
    kind, key, ctx = error["type"], error["loc"][-1] if error["loc"] else "", error.get("ctx") or {}
    if kind == "extra_forbidden":
        if owner is None:
            return "unknown key (misspelt, or not part of the layout schema)"
        valid = keys(owner)
        return f"unknown key {key!r}; {closest(key, valid)}{described(owner)} has: {', '.join(valid)}"
    if kind == "missing":
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
    text = error["msg"].removeprefix("Value error, ").replace("\n", "\\n")  # one line, even quoting a cell map
    return f"the name {error['loc'][-2]!r}: {text}" if key == "[key]" and len(error["loc"]) > 1 else text
