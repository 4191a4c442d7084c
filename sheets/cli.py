"""`rollsheet`: print a game's sheets and cards, check layouts, serve the companion.

Exit codes: 0 done, 1 a layout is broken, 2 bad usage. Heavy modules (ReportLab,
Flask) are imported inside the commands that use them, so `--help` stays quick.
"""
from __future__ import annotations

from enum import Enum
from importlib.metadata import entry_points
from pathlib import Path
from typing import Annotated, Optional

import typer

app = typer.Typer(
    help="Print kit and table companion for Copenhagen, Lost Cities, Simstown and Monolyth.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None,
)


class PaperName(str, Enum):
    a4 = "a4"
    letter = "letter"
    a3 = "a3"


class InkName(str, Enum):
    color = "color"
    low = "low"
    mono = "mono"


def fail(message: str, code: int) -> None:
    """Print a message for a person on stderr and exit with `code`."""
    typer.echo(message, err=True)
    raise typer.Exit(code)


@app.command("list")
def list_games() -> None:
    """Show the games and the printables each one has."""
    import layouts

    for game_id in layouts.game_ids():
        game = layouts.load(game_id)
        typer.echo(f"{game_id}  ({game.name}, {game.players.min}-{game.players.max} players)")
        for name, spec in game.printables.items():
            per = "per player" if spec.per == "player" else "per table"
            typer.echo(f"    {name:<18} {spec.title} ({spec.size[0]:g} x {spec.size[1]:g} mm, {per})")


@app.command()
def check(files: Annotated[list[Path], typer.Argument(help="Layout files (.yaml) to check.")]) -> None:
    """Validate layout files and preflight them: every block inside the 8 mm margin on A4 and Letter."""
    import layouts
    from sheets.preflight import preflight

    problems = []
    for path in files:
        try:
            problems += preflight(layouts.load_file(path), str(path))
        except layouts.LayoutError as error:
            problems += error.problems
    for line in problems:
        typer.echo(line, err=True)
    if problems:
        raise typer.Exit(1)
    typer.echo(f"ok: {len(files)} layout{'s' if len(files) != 1 else ''} valid, all inside the safe area")


@app.command("print")
def print_sheets(
    game: Annotated[Optional[str], typer.Argument(help="Game id, see `rollsheet list`.")] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Print every printable of every game.")] = False,
    what: Annotated[Optional[list[str]], typer.Option("--what", help="Printable to print (repeatable); default all.")] = None,
    players: Annotated[Optional[int], typer.Option(help="Players at the table; default 4 (within the game's range).")] = None,
    copies: Annotated[int, typer.Option(help="Copies per player (or per table for shared sheets).")] = 1,
    paper: Annotated[PaperName, typer.Option(help="Paper size.")] = PaperName.a4,
    ink: Annotated[InkName, typer.Option(help="color, low (outlines and light tints) or mono (black only).")] = InkName.color,
    per_page: Annotated[Optional[int], typer.Option(help="Sheets or cards per page; default as many as fit.")] = None,
    companion_url: Annotated[Optional[str], typer.Option(envvar="ROLLSHEET_URL", help="Companion URL for the QR code, e.g. http://192.168.1.20:5000.")] = None,
    out: Annotated[Path, typer.Option(help="Folder for the PDFs.")] = Path("output"),
    backs: Annotated[bool, typer.Option("--backs", help="Follow each page of cards with their backs, for long-edge duplex.")] = False,
) -> None:
    """Print a game's sheets and cards as PDFs (or every game's with --all)."""
    import layouts
    from sheets.jobs import plan_jobs, write_jobs
    from sheets.errors import UsageError

    try:
        jobs = plan_jobs(game, all_games, what or [], players, copies, paper.value, ink.value, per_page,
                         companion_url, backs)
    except UsageError as error:
        fail(f"Error: {error}", 2)
    except layouts.LayoutError as error:
        fail(str(error), 1)
    for path, job, pages in write_jobs(jobs, out):
        backs = ", each followed by a page of backs" if job.with_backs else ""
        typer.echo(f"wrote {path}  ({job.sheet_count} sheets on {pages} pages{backs})")
    if not companion_url:
        typer.echo("No QR code printed: add --companion-url http://<this computer>:5000 "
                   "or set ROLLSHEET_URL (`rollsheet serve` shows the address).")


for _command in entry_points(group="rollsheet.commands"):
    app.command(_command.name)(_command.load())


def main() -> None:
    """Run the `rollsheet` command line."""
    app(prog_name="rollsheet")


if __name__ == "__main__":
    main()
