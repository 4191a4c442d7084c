"""`rollsheet new`, `schema` and `upgrade`: starting a game of your own, the schema for editors, and
bringing an older layout file to today's schema (registered on the command line by sheets/cli.py)."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Annotated, Optional

import typer

from sheets.shell import LayoutsOption, fail, layout_folders

NAME_PATTERN = r"^[a-z][a-z0-9-]*$"


def new(
    name: Annotated[str, typer.Argument(metavar="NAME", show_default=False, help=(
        "The new game's id and file name: lower case letters, digits and -, e.g. harbour."))],
    source: Annotated[Optional[str], typer.Option("--from", metavar="GAME", help=(
        "Start from this game (shipped or yours), a template (fives, kniffel, knister, qwixx, three-rows) or a "
        "layout file; default the small complete game fives."))] = None,
    out: Annotated[Optional[Path], typer.Option(metavar="DIR", help=(
        "Folder to write into; default the first ROLLSHEET_LAYOUTS folder (made if missing), else this one."))] = None,
    with_languages: Annotated[bool, typer.Option("--with-languages", help=(
        "Copy its German and Spanish overlays too (to keep in step with every text you change); default English only."
        ))] = False,
    layouts_dirs: LayoutsOption = None,
) -> None:
    """Write a starting layout for a game of your own (its language overlays too with --with-languages)."""
    import re

    import layouts
    from layouts.starting import DEFAULT, schema_beside, source_file, starting_files

    if not re.match(NAME_PATTERN, name):
        fail(f"Error: NAME {name!r}: a game id is lower case letters, digits and -, starting with a letter", 2)
    with layout_folders(layouts_dirs, make_first=out is None):
        if name in layouts.game_ids():
            fail(f"Error: a game {name!r} exists already ({layouts.game_file(name)}); choose another NAME", 2)
        try:
            files = starting_files(name, source_file(source or DEFAULT), with_languages)
        except KeyError as error:
            fail(f"Error: --from: {error.args[0]}", 2)
        folder = out or next(iter(layouts.folders()[1:]), Path.cwd())
    taken = [folder / file for file in files if (folder / file).exists()]
    if taken:
        fail(f"Error: {taken[0]} exists already; choose another NAME or --out", 2)
    folder.mkdir(parents=True, exist_ok=True)
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")
        typer.echo(f"wrote {folder / file}")
    schema_file = schema_beside(folder)
    if schema_file:
        typer.echo(f"wrote {schema_file}  (the layout schema its first line names, for editors)")
    found = folder.resolve() in layouts.folders()
    typer.echo(f"next: rollsheet check {name}{'' if found else f' --layouts {folder}'}  "
               f"(editors read the schema named on its first line)")


def schema(out: Annotated[Optional[Path], typer.Option(
        metavar="FILE", help="Write it to this file; default standard output.")] = None) -> None:
    """Write the layout JSON Schema (every block kind, key, type, default and what it is), for editors."""
    from layouts.schema import schema_text

    if out is None:
        typer.echo(schema_text(), nl=False)
        return
    out.write_text(schema_text(), encoding="utf-8")
    typer.echo(f"wrote {out}")


def upgrade(files: Annotated[list[Path], typer.Argument(metavar="FILE", show_default=False, help=(
        "Layout files to bring to today's layout schema, in place (each keeps a FILE.bak copy)."))]) -> None:
    """Rewrite layout files written for an older layout schema, keeping every comment and a .bak copy."""
    import layouts
    from layouts.reading import read_yaml
    from layouts.upgrade import CURRENT, upgrade_text, version_of

    problems = []
    for path in files:
        try:
            raw = read_yaml(path)
            if not isinstance(raw, dict):
                raise layouts.LayoutError([f"{path}: (top): a layout is a mapping of keys"])
            before = version_of(raw, path)
            text = upgrade_text(path.read_text(encoding="utf-8"), raw, path)
            if text is None:
                typer.echo(f"{path}: already at layout schema {CURRENT}")
                continue
            shutil.copy2(path, path.with_name(path.name + ".bak"))
            path.write_text(text, encoding="utf-8")
            typer.echo(f"{path}: upgraded from layout schema {before} to {CURRENT} (the old file is {path.name}.bak)")
            layouts.load_file(path)
        except layouts.LayoutError as error:
            problems += error.problems
    for line in problems:
        typer.echo(line, err=True)
    if problems:
        raise typer.Exit(1)
