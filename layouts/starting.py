"""A new game to start from: a template or any game copied under a new name (with its language overlays if asked).

Glossary:
- template: an example game shipped in layouts/templates (`fives`, a small complete game, is the
  default; `kniffel`, `qwixx`); not a game until copied into a layouts folder.
- source: what `rollsheet new NAME --from SOURCE` copies: a game id, a template or a layout file.
- renamed: the copy's `id:` is NAME (its file name), its `name:` NAME's words; in each overlay the
  name's translation follows; a `bgg_id:` is left out (the copy is another game for BG Stats); the first
  line names the schema for editors: the copy of it beside the new game (SCHEMA_FILE's name).
"""
from __future__ import annotations

import re
from pathlib import Path

from layouts import TEMPLATES, game_file, game_ids
from layouts.schema import SCHEMA_FILE, schema_line
from layouts.translations import overlays

DEFAULT = "fives"
SCHEMA_COMMENT = re.compile(r"^# yaml-language-server: \$schema=.*\n", re.M)


def templates() -> list[str]:
    """The names of the shipped templates."""
    return sorted(path.stem for path in TEMPLATES.glob("*.yaml") if "." not in path.stem)


def source_file(source: str) -> Path:
    """The layout file a `--from` names: a game, else a template, else a file; KeyError names the choices."""
    if source in game_ids():
        return game_file(source)
    if source in templates():
        return TEMPLATES / f"{source}.yaml"
    if Path(source).is_file():
        return Path(source)
    raise KeyError(f"no game or template {source!r}; the templates: {', '.join(templates())}; "
                   f"the games: {', '.join(game_ids())}")


def title(name: str) -> str:
    """The game name a new id suggests: 'harbour-nights' -> 'Harbour nights'."""
    return name.replace("-", " ").capitalize()


def starting_files(name: str, source: Path, languages: bool = False) -> dict[str, str]:
    """File name -> text of a new game `name` copied from a layout file (its overlays too with `languages`), renamed."""
    said = f'name: "{title(name)}"'
    files = {f"{name}.yaml": _renamed(source.read_text(encoding="utf-8"), name, said)}
    for lang, overlay in overlays(source).items() if languages else ():
        text = overlay.read_text(encoding="utf-8")
        files[f"{name}.{lang}.yaml"] = re.sub(r"^name:.*$", said, text, count=1, flags=re.M)
    return files


def _renamed(text: str, name: str, said: str) -> str:
    text = re.sub(r"^id:.*$", f"id: {name}", text, count=1, flags=re.M)
    text = re.sub(r"^name:.*$", said, text, count=1, flags=re.M)
    text = re.sub(r"^bgg_id:.*\n", "", text, count=1, flags=re.M)
    return schema_line(SCHEMA_FILE.name) + "\n" + SCHEMA_COMMENT.sub("", text)


def schema_beside(folder: Path) -> Path | None:
    """Copy the layout schema into a folder of games, where their first lines name it, unless the same one is
    there already; the file written, or None."""
    target = folder / SCHEMA_FILE.name
    if target.is_file() and target.read_bytes() == SCHEMA_FILE.read_bytes():
        return None
    target.write_bytes(SCHEMA_FILE.read_bytes())
    return target
