"""`rollsheet check`: every layout's errors first, then what it may want a look at (registered by sheets/cli.py).

Glossary:
- error: a line that makes the check fail: the layout, its sheets or its scoring are wrong.
- translation note: a line about a language overlay (`game.de.yaml: ...`): a text missing, extra or moved, or
  too long in that language; it fails the check too, but is counted unless `--translations` lists it, so the
  layout's own errors stay in view while a copied game is rewritten.
- note: a hint that does not fail the check (a letter glyph, a rule reading an optional field).
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from sheets.shell import LayoutsOption, fail, layout_folders


def check(
    files: Annotated[Optional[list[Path]], typer.Argument(
        metavar="FILE|GAME", show_default=False, help="Layout files (.yaml) or game ids to check with their "
        "overlays (an overlay stands for its layout); default every game found (shipped, ROLLSHEET_LAYOUTS, "
        "--layouts).")] = None,
    translations: Annotated[bool, typer.Option("--translations", help=(
        "List each problem of the language overlays (as naming an overlay FILE does); without it they are counted "
        "after the layout's errors."))] = False,
    layouts_dirs: LayoutsOption = None,
) -> None:
    """Validate layouts and their language overlays, and preflight them in every language: every block
    inside the 8 mm margin on A4, Letter and A3, every text readable at 7 pt or more."""
    import layouts
    from layouts.plurals import plural
    from layouts.translations import layout_of

    errors, translated, notes, overlays = [], [], [], 0
    with layout_folders(layouts_dirs):
        files = [game_or_file(str(path)) for path in files or []]
        translations = translations or any(layout_of(path) != path for path in files)
        names = list(dict.fromkeys(str(layout_of(path)) for path in files)) if files else layouts.game_ids()
        for name in names:
            try:
                path = Path(name) if files else layouts.game_file(name)
            except layouts.LayoutError as error:
                errors += error.problems
                continue
            found, noted, checked = checked_layout(path, game_in_folder(path) if files else name)
            errors += [line for line in found if not in_overlay(line, path)]
            translated += [line for line in found if in_overlay(line, path)]
            notes += noted
            overlays += checked
    for line in errors:
        typer.echo(line, err=True)
    for line in translated if translations else []:
        typer.echo(line, err=True)
    if translated and not translations:
        typer.echo(f"{plural(len(translated), 'translation problem')} in the language overlays: "
                   f"`rollsheet check --translations` lists them", err=True)
    for line in notes:
        typer.echo(f"note: {line}")
    if errors or translated:
        raise typer.Exit(1)
    typer.echo(f"ok: {plural(len(names), 'layout')} valid with {plural(overlays, 'translation')}, all inside the "
               f"safe area and readable at 7 pt")


def checked_layout(path: Path, named: str | None) -> tuple[list[str], list[str], int]:
    """A layout's problems in every language, its notes, and how many overlays were checked."""
    import layouts
    from layouts.glyphs import letter_notes
    from layouts.scoring_names import optional_reads
    from sheets.preflight import preflight_languages

    load = (lambda lang: layouts.load(named, lang)) if named else (lambda lang: layouts.load_file(path, lang))
    try:
        found, checked = preflight_languages(path, load)
    except layouts.LayoutError as error:
        return error.problems, [], 0
    game = load("en")
    notes = letter_notes({c: (colour.rgb, colour.glyph) for c, colour in game.colours.items()}, str(path))
    return found, notes + [f"{path}: {line}" for line in optional_reads(game.scoring)], checked


def in_overlay(line: str, layout: Path) -> bool:
    """Whether a problem line is about one of the layout's language overlays (`game.de.yaml: ...`)."""
    from layouts.translations import overlays

    return any(line.startswith(f"{overlay}:") for overlay in overlays(layout).values())


def game_or_file(name: str) -> Path:
    """A command line's layout file, or the file of the game id it names (exit 2 for an unknown id)."""
    import layouts
    from sheets.jobs import names_a_file

    try:
        return Path(name) if names_a_file(name) or Path(name).exists() else layouts.game_file(name)
    except KeyError as error:
        fail(f"Error: {error.args[0]}, or name a layout file; {layouts.FOUND_HOW}", 2)


def game_in_folder(path: Path) -> str | None:
    """The game id of a file in a layouts folder (read as `list` reads it: its id must be its name), or None."""
    import layouts

    try:
        folder = path.resolve().parent
    except (OSError, RuntimeError):  # a symlink loop: load_file says it cannot be read, in one line
        return None
    return path.stem if folder in layouts.folders() and path.stem in layouts.game_ids() else None
