"""`rollsheet`: print a game's sheets and cards, check layouts, serve the companion.

Exit codes: 0 done, 1 a layout is broken or a PDF could not be written, 2 bad usage.
Heavy modules (ReportLab, Flask) are imported inside the commands that use them, so
`--help` stays quick.
"""
from __future__ import annotations

from enum import Enum
from importlib.metadata import entry_points
from pathlib import Path
from typing import Annotated, Optional

import typer

from sheets import authoring, checking
from sheets.shell import Command, LayoutsOption, fail, layout_folders

app = typer.Typer(
    help="Print kit and table companion for Copenhagen, Lost Cities, Simstown and Monolyth.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None,
)


class PaperName(str, Enum):
    a4 = "a4"
    letter = "letter"
    a3 = "a3"


class MadeFor(str, Enum):
    home = "home"
    pad = "pad"
    sleeve = "sleeve"


class InkName(str, Enum):
    color = "color"
    low = "low"
    mono = "mono"


@app.command("list", cls=Command)
def list_games(
    layouts_dirs: LayoutsOption = None,
    paths: Annotated[bool, typer.Option("--paths", help="Show where each game's file is, and the templates.")] = False,
) -> None:
    """Show the games (shipped and your own) and the printables each one has."""
    import layouts
    from layouts.plurals import plural

    broken = 0
    with layout_folders(layouts_dirs):
        if paths:
            return list_paths()
        for game_id in layouts.game_ids():
            try:
                game = layouts.load(game_id)
            except layouts.LayoutError as error:
                broken += 1
                more = f" (and {plural(len(error.problems) - 1, 'more problem')})" if len(error.problems) > 1 else ""
                typer.echo(f"{game_id}  BROKEN: {error.problems[0]}{more}")
                continue
            source = layouts.game_file(game_id)
            where = "" if source.parent == layouts.HERE else f"  from {source}"
            spoken = layouts.languages(game_id)
            languages = f"; {', '.join(spoken)}" if len(spoken) > 1 else ""
            typer.echo(f"{game_id}  ({game.name}, {game.players.min}-{game.players.max} players{languages}){where}")
            for name, spec in game.printables.items():
                per = "per player" if spec.per == "player" else "per table"
                typer.echo(f"    {name:<18} {spec.title} ({spec.size[0]:g} x {spec.size[1]:g} mm, {per})")
    if broken:
        fail(f"{plural(broken, 'broken game')}: `rollsheet check FILE` lists all its problems", 1)


def list_paths() -> None:
    """Each game with its file (and its overlays), then the templates `rollsheet new` copies."""
    import layouts
    from layouts.starting import templates
    from layouts.translations import overlays

    for game_id in layouts.game_ids():
        try:
            path = layouts.game_file(game_id)
        except layouts.LayoutError as error:
            typer.echo(f"{game_id}  BROKEN: {error.problems[0]}")
            continue
        spoken = ", ".join(f"{path.stem}.{lang}.yaml" for lang in overlays(path))
        typer.echo(f"{game_id}  {path}{f'  (and {spoken})' if spoken else ''}")
    typer.echo(f"templates ({', '.join(templates())})  {layouts.TEMPLATES}  (rollsheet new NAME --from TEMPLATE)")


@app.command("print", cls=Command)
def print_sheets(
    game: Annotated[Optional[str], typer.Argument(
        metavar="GAME", show_default=False,
        help="Game id (see `rollsheet list`) or a layout file (path/to/game.yaml).")] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Print every printable of every game.")] = False,
    what: Annotated[Optional[list[str]], typer.Option("--what", metavar="PRINTABLE", help=(
        "Printable to print (repeatable); default all."))] = None,
    players: Annotated[Optional[int], typer.Option(metavar="N", help=(
        "Players at the table; default 4 (within the game's range)."))] = None,
    copies: Annotated[int, typer.Option(metavar="N", help=(
        "Copies per player (or per table for shared sheets), 1 to 1000."))] = 1,
    paper: Annotated[PaperName, typer.Option(metavar="[a4|letter|a3]", help="Paper size.")] = PaperName.a4,
    ink: Annotated[InkName, typer.Option(metavar="[color|low|mono]", help=(
        "color, low (outlines and light tints) or mono (black only)."))] = InkName.color,
    per_page: Annotated[Optional[int], typer.Option(metavar="N", help=(
        "Sheets or cards per page; default as many as fit."))] = None,
    companion_url: Annotated[Optional[str], typer.Option(envvar="ROLLSHEET_URL", metavar="URL", help=(
        "Companion URL for the QR code, e.g. http://192.168.1.20:5000; at most 80 characters."))] = None,
    out: Annotated[Path, typer.Option(metavar="DIR", help="Folder for the PDFs.")] = Path("output"),
    backs: Annotated[bool, typer.Option("--backs", help=(
        "Follow each page of cards with their backs, for long-edge duplex "
        "(--all does for backs with words)."))] = False,
    made_for: Annotated[MadeFor, typer.Option("--for", metavar="[home|pad|sleeve]", help=(
        "home: as many as fit a page, cut marks; pad: for a print shop, one sheet a page at its trim size with "
        "3 mm bleed, crop marks and a blank glue edge at the top (--paper does not apply); sleeve: one sheet "
        "filling the page, no cut marks, for a sheet protector and a dry-erase pen."))] = MadeFor.home,
    lang: Annotated[str, typer.Option("--lang", envvar="ROLLSHEET_LANG", metavar="LANG", help=(
        "Language of every word on paper: en, or one the game has a translation for (`rollsheet list` shows "
        "them); adds -LANG to the file names."))] = "en",
    fillable: Annotated[bool, typer.Option("--fillable", help=(
        "PDF form fields on every place a player writes (checkboxes, number and text fields, colour choices), "
        "to fill in a PDF app on a tablet; adds -fillable to their file names."))] = False,
    layouts_dirs: LayoutsOption = None,
) -> None:
    """Print a game's sheets and cards as PDFs (or every game's with --all)."""
    import layouts
    from layouts.plurals import plural
    from sheets.errors import OutputError, UsageError
    from sheets.jobs import check_request, choose_games, plan_jobs, prepare_out, write_jobs

    try:
        with layout_folders(layouts_dirs):
            check_request(copies, per_page, companion_url, lang, made_for.value)
            games = choose_games(game, all_games, lang)
            jobs = plan_jobs(games, what or [], players, copies, paper.value, ink.value, per_page,
                             companion_url, backs, all_games, lang, made_for.value, fillable)
        prepare_out(out)
        for path, job, pages in write_jobs(jobs, out):
            backs = ", each followed by a page of backs" if job.with_backs else ""
            fields = ", with form fields" if job.fillable else ""
            typer.echo(f"wrote {path}  ({plural(job.sheet_count, 'sheet')} on {plural(pages, 'page')}{backs}{fields})")
    except UsageError as error:
        fail(f"Error: {error}", 2)
    except (layouts.LayoutError, OutputError) as error:
        fail(str(error), 1)
    if not companion_url:
        typer.echo("No QR code printed: add --companion-url http://<this computer>:5000 "
                   "or set ROLLSHEET_URL (`rollsheet serve` shows the address).")


app.command(cls=Command)(checking.check)
app.command(cls=Command)(authoring.new)
app.command(cls=Command)(authoring.schema)
app.command(cls=Command)(authoring.upgrade)
for _command in entry_points(group="rollsheet.commands"):
    _loaded = _command.load()
    if isinstance(_loaded, typer.Typer):  # a group of commands, e.g. `rollsheet db upgrade`
        app.add_typer(_loaded, name=_command.name)
    else:
        app.command(_command.name, cls=Command)(_loaded)


def main() -> None:
    """Run the `rollsheet` command line."""
    app(prog_name="rollsheet")


if __name__ == "__main__":
    main()
