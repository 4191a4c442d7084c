"""What every `rollsheet` command shares: one line for a person and an exit code, the --layouts option."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Optional

import typer
from typer.core import TyperArgument, TyperCommand

LayoutsOption = Annotated[Optional[list[Path]], typer.Option(
    "--layouts", file_okay=False, metavar="DIR",
    help="Also find games in this folder, every *.yaml a game but overlays (game.de.yaml); repeatable, adds to "
         "ROLLSHEET_LAYOUTS.")]


class _Argument(TyperArgument):
    """An argument shown by its metavar alone, as people write it (`NAME`, `[GAME]`, `FILE...`), not with its
    Python type (`NAME <str>`) nor typer's `{NAME}` for a required one."""

    def display_type_rich(self, ctx) -> None:
        """No type beside the name in the help's list of arguments."""
        return None

    def get_usage_pieces(self, ctx) -> list[str]:
        """The argument in the usage line: `NAME`, `[GAME]` when it may be left out, `...` when repeatable."""
        shown = self.metavar if self.required else f"[{self.metavar}]"
        return [f"{shown}..." if self.nargs != 1 else shown]


class Command(TyperCommand):
    """A `rollsheet` command: its arguments are shown by their metavars (_Argument)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for param in self.params:
            if type(param) is TyperArgument:
                param.__class__ = _Argument


def fail(message: str, code: int) -> None:
    """Print a message for a person on stderr and exit with `code`."""
    typer.echo(message, err=True)
    raise typer.Exit(code)


@contextmanager
def layout_folders(more: list[Path] | None, make_first: bool = False) -> Iterator[None]:
    """Find games in `more` too while a command runs; exit 2 (one line naming the fix) for a folder that is not
    there, but make the first ROLLSHEET_LAYOUTS folder when `make_first` (`rollsheet new` writes into it)."""
    import layouts

    for folder in more or []:
        if not folder.is_dir():
            fail(f"Error: --layouts {folder}: {'not a folder' if folder.exists() else 'no such folder'}", 2)
    named = layouts.folders()[1:]
    if make_first and named and not named[0].exists():
        try:
            named[0].mkdir(parents=True)
        except OSError as error:
            fail(f"Error: {layouts.ENV_VAR} names {named[0]}, which cannot be made ({error.strerror}); "
                 f"name a folder you may write to, or give --out DIR", 2)
    with layouts.extra_folders(more or []):
        missing = next((folder for folder in layouts.folders() if not folder.is_dir()), None)
        if missing is not None:
            fix = f"is a file, not a folder; set {layouts.ENV_VAR} to a folder" if missing.exists() \
                else f"does not exist; make it with mkdir -p {missing}"
            fail(f"Error: {layouts.ENV_VAR} names {missing}, which {fix}", 2)
        yield
