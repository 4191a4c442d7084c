"""Game layouts: find and load `<game>.yaml` files into frozen, validated models.

Glossary:
- game id: `copenhagen`, `lost-cities`, `simstown`, `monolyth`, or a user game's id; a
  game found in a folder is named by its file (`kniffel.yaml` must say `id: kniffel`).
- layouts folders: the shipped one (this package), then each folder in ROLLSHEET_LAYOUTS
  (os.pathsep-separated, like PATH); every `*.yaml` in them is a game.
- LayoutError: everything wrong with one file, one `FILE: path.to.field: message` line each.
- language: `en` (the layout as written) or a language with an overlay file beside the layout
  (`copenhagen.de.yaml`, layouts/translations.py); overlays are not games.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from layouts import problems, translations
from layouts.model import Game, fill_values
from layouts.reading import LayoutError, read_yaml
from layouts.translations import LANGUAGES, overlay_path
from layouts.upgrade import upgraded

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
"""Example games shipped to start from (`rollsheet new NAME --from kniffel`); not games themselves."""
ENV_VAR = "ROLLSHEET_LAYOUTS"
FOUND_HOW = (f"a game of your own is found through {ENV_VAR} or --layouts DIR; `rollsheet list --paths` shows where "
             "each game is")
"""How to make a game of one's own known, said where an id is unknown."""

__all__ = ["ENV_VAR", "FOUND_HOW", "LANGUAGES", "TEMPLATES", "Game", "LayoutError", "extra_folders", "fill_values",
           "folders", "game_file", "game_ids", "languages", "layout_files", "load", "load_file",
           "settled"]


def folders() -> list[Path]:
    """Where games are found: the shipped folder, then each folder named in ROLLSHEET_LAYOUTS."""
    return list(_resolved(os.environ.get(ENV_VAR, ""), os.getcwd()))


@lru_cache(maxsize=16)
def _resolved(setting: str, cwd: str) -> tuple[Path, ...]:
    """The folders of a ROLLSHEET_LAYOUTS value (relative to `cwd`), absolute, each once."""
    named = [HERE, *(Path(cwd, entry) for entry in setting.split(os.pathsep) if entry)]
    return tuple(dict.fromkeys(folder.resolve() for folder in named))


@contextmanager
def extra_folders(more: list[Path]) -> Iterator[None]:
    """Add folders to ROLLSHEET_LAYOUTS while the block runs (`--layouts DIR`)."""
    before = os.environ.get(ENV_VAR)
    if more:
        os.environ[ENV_VAR] = os.pathsep.join([*([before] if before else []), *map(str, more)])
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = before


def _game_files() -> dict[str, list[Path]]:
    """Each game id with the files named after it, in folder order; nothing is parsed."""
    found: dict[str, list[Path]] = {}
    for folder in folders():
        try:
            listed = _yaml_files(folder, folder.stat().st_mtime_ns)
        except OSError:
            continue  # the CLI says when a folder is missing
        for game_id, path in listed:
            found.setdefault(game_id, []).append(path)
    return found


@lru_cache(maxsize=64)
def _yaml_files(folder: Path, mtime_ns: int) -> tuple[tuple[str, Path], ...]:
    """(stem, file) of each layout in a folder as listed at `mtime_ns` (adding a file changes it)."""
    return tuple((path.stem, path) for path in layout_files(folder))


def layout_files(folder: Path) -> list[Path]:
    """The games in a folder: each `*.yaml` but hidden files and language overlays (`copenhagen.de.yaml`)."""
    return sorted(path for path in folder.glob("*.yaml") if not path.name.startswith(".") and "." not in path.stem)


def game_ids() -> list[str]:
    """The ids of every game found, shipped and the user's (cheap: no file is read)."""
    return sorted(_game_files())


def game_file(game_id: str) -> Path:
    """The file of a game; KeyError names the known games, LayoutError two files with one id."""
    found = _game_files()
    if game_id not in found:
        raise KeyError(f"unknown game {game_id!r}; choose from {', '.join(sorted(found))}")
    first, *others = found[game_id]
    if others:
        raise LayoutError([f"{other}: id: game {game_id!r} is already defined by {first}; rename one of "
                           f"the two files (a game's id is its file name)" for other in others])
    return first


def load(game_id: str, lang: str = "en") -> Game:
    """A game's layout, shipped or the user's, in a language; read again when a file changes (within `settled`,
    its files are looked at once)."""
    seen = _SETTLED.get()
    if seen is not None and (game_id, lang) in seen:
        return seen[game_id, lang]
    path = game_file(game_id)
    game = _load_named(path, _stamp(path), lang, _stamp(overlay_path(path, lang)) if lang != "en" else None)
    if seen is not None:
        seen[game_id, lang] = game
    return game


_SETTLED: ContextVar[dict | None] = ContextVar("settled", default=None)


@contextmanager
def settled() -> Iterator[None]:
    """While the block runs (one request), each game is looked up once: one version of it, its files' stats taken
    once (a move looked them up three times)."""
    token = _SETTLED.set({})
    try:
        yield
    finally:
        _SETTLED.reset(token)


def _stamp(path: Path) -> tuple[int, int] | None:
    """When a file last changed and its size (None: there is no such file)."""
    try:
        changed = path.stat()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise LayoutError([f"{path}: cannot read: {error.strerror}"]) from None
    return changed.st_mtime_ns, changed.st_size


def languages(game_id: str) -> list[str]:
    """The languages a game speaks: `en` and each language with an overlay file."""
    path = game_file(game_id)
    return [lang for lang in LANGUAGES if lang == "en" or overlay_path(path, lang).is_file()]


@lru_cache(maxsize=64)
def _load_named(path: Path, stamp, lang: str, overlay_stamp) -> Game:
    """A game found in a folder: its id must be its file name (the key it is looked up by)."""
    if stamp is None:
        raise LayoutError([f"{path}: cannot read: the file is gone"])
    if lang != "en" and overlay_stamp is None:
        raise LayoutError([f"{overlay_path(path, lang)}: no {lang!r} translation of this game: write this file "
                           f"(rollsheet check lists what it needs)"])
    game = load_file(path, lang)
    if game.id != path.stem:
        raise LayoutError([f"{path}: id: {game.id!r} differs from the file name {path.stem!r}; a game in a "
                           f"layouts folder is named by its file: rename the file or the id"])
    return game


def load_file(path: str | Path, lang: str = "en") -> Game:
    """Read and validate any layout file, the shipped ones or a user's variant, in a language
    (its overlay file beside it must hold exactly the layout's texts)."""
    path = Path(path)
    raw = read_yaml(path)
    game = _validated(raw, path)
    if lang == "en":
        return game
    overlay_file = overlay_path(path, lang)
    overlay = read_yaml(overlay_file)
    wrong = translations.problems(translations.words(game), overlay, str(overlay_file))
    if wrong:
        raise LayoutError(wrong)
    return _validated(translations.translated(read_yaml(path), overlay), overlay_file, path)


def _validated(raw, path: Path, layout: Path | None = None) -> Game:
    """The game of a layout's raw data, upgraded to today's schema (`layout`: the file the data came
    from, when `path` is the overlay whose words it holds)."""
    if not isinstance(raw, dict):
        raise LayoutError([f"{path}: (top): a layout is a mapping of keys, not {type(raw).__name__}"])
    raw = upgraded(raw, layout or path)
    try:
        return Game.model_validate(raw, context=_references(raw))
    except ValidationError as error:
        raise LayoutError([f"{path}: {line}" for line in problems.lines(Game, error.errors())]) from None


def _references(raw: dict) -> dict:
    """The names blocks may refer to, read ahead so errors point at the referring field.

    Only well-formed entries are offered (names that are strings, values that are whole
    numbers); a malformed one is reported where it stands, not where it is used. A section
    that is malformed, missing though required, or left out beside a misspelt key (`colors:`)
    is None: its own line says so, and the references to it are not checked.
    """

    def given(section: str, form: type):
        value = raw.get(section)
        if isinstance(value, form):
            return value
        left_out = section not in raw and not Game.model_fields[section].is_required()
        return form() if left_out and not problems.closest(section, [k for k in raw if isinstance(k, str)]) else None

    colours, tables, values, shapes = (given("colours", dict), given("tables", dict), given("values", dict),
                                       given("shapes", list))
    return {"colours": None if colours is None else [name for name in colours if isinstance(name, str)],
            "tables": None if tables is None else [name for name in tables if isinstance(name, str)],
            "values": None if values is None else {name: number for name, number in values.items() if isinstance(
                name, str) and isinstance(number, int) and not isinstance(number, bool)},
            "shapes": None if shapes is None else [s["id"] for s in shapes if isinstance(s, dict)
                                                   and isinstance(s.get("id"), str)]}
