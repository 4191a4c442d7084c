"""From a `rollsheet print` request to PDF files: which games and printables, how many, where."""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import layouts
from layouts.translations import overlay_path
from layouts.urls import url_problem
from layouts.write_ins import sheet_printables
from sheets.errors import OutputError, UsageError
from sheets.i18n import language_name
from sheets.ink import Ink
from sheets.paper import lay_out
from sheets.preflight import preflight
from sheets.render import Job, render

DEFAULT_PLAYERS = 4
MAX_COPIES = 1000
MAX_URL = 80
PROGRESS_FROM_SHEETS = 40


def check_request(copies: int, per_page: int | None, url: str | None, lang: str = "en", made_for: str = "home") -> None:
    """Refuse counts (a pad or sleeve is one sheet a page), a language and a companion URL we cannot print,
    before anything is loaded."""
    if made_for != "home" and per_page not in (None, 1):
        raise UsageError(f"--per-page {per_page}: --for {made_for} prints one sheet a page")
    if lang not in layouts.LANGUAGES:
        raise UsageError(f"--lang must be one of {', '.join(layouts.LANGUAGES)}, not {lang!r}")
    if not 1 <= copies <= MAX_COPIES:
        raise UsageError(f"--copies must be 1 to {MAX_COPIES}, not {copies} (print a larger run in batches)")
    if per_page is not None and per_page < 1:
        raise UsageError(f"--per-page must be 1 or more, not {per_page}")
    if url is None:
        return
    problem = url_problem("--companion-url", url)
    if problem:
        raise UsageError(problem)
    if len(url) > MAX_URL:
        raise UsageError(f"--companion-url is {len(url)} characters; a sheet's QR code takes at most {MAX_URL} "
                         f"(a longer address prints too dense to scan)")


def names_a_file(text: str) -> bool:
    """True when a command-line GAME is a layout file (ends in .yaml or holds a path separator), not a game id."""
    return text.endswith((".yaml", ".yml")) or "/" in text or os.sep in text


def choose_games(game: str | None, all_games: bool, lang: str = "en") -> list[tuple[layouts.Game, str]]:
    """The games asked for, in `lang`, each with its layout file: an id, a layout file, or --all."""
    if all_games == bool(game):
        raise UsageError("name one game (see `rollsheet list`) or a layout file, or use --all")
    if game and names_a_file(game):
        return [(layouts.load_file(game, _spoken(Path(game), lang)), game)]
    try:
        files = [layouts.game_file(gid) for gid in ([game] if game else layouts.game_ids())]
    except KeyError as error:
        raise UsageError(f"{error.args[0]}; {layouts.FOUND_HOW}") from None
    return [(layouts.load(path.stem, _spoken(path, lang)), str(path)) for path in files]


def _spoken(layout: Path, lang: str) -> str:
    """`lang`, when the layout has an overlay for it; UsageError naming the file to write."""
    if lang != "en" and not overlay_path(layout, lang).is_file():
        raise UsageError(f"{layout.stem} has no {language_name(lang)} ({lang}) translation: write "
                         f"{overlay_path(layout, lang)} (`rollsheet check` lists the texts it must hold)")
    return lang


def plan_jobs(games, what, players, copies, paper, ink, per_page, url, backs=False, all_games=False,
              lang="en", made_for="home", fillable=False) -> list[Job]:
    """The jobs for these games (in `lang`, for `made_for`); UsageError for anything we cannot print, LayoutError
    for a broken game. With `all_games`, cards whose back carries words print it; `fillable` gives the printables
    a player writes on form fields."""
    jobs = []
    for game, source in games:
        problems = preflight(game, source, lang)
        if problems:
            raise layouts.LayoutError(problems)
        count = _players(game, players, all_games)
        unknown = [w for w in what if w not in game.printables]
        if unknown and not all_games:
            raise UsageError(f"{game.id} has no printable {unknown[0]!r}; it has: {', '.join(game.printables)}")
        for name in [w for w in what if w in game.printables] or list(game.printables):
            spec = game.printables[name]
            try:
                lay_out(spec.size, paper, made_for, per_page, spec.gutter)
            except ValueError as error:
                raise UsageError(f"{game.id} {name}: {error}") from None
            with_back = backs or (all_games and any(block.type == "text" for block in spec.back))
            fields = fillable and name in sheet_printables(game)
            jobs.append(Job(game, name, count, copies, paper, Ink(ink), url, per_page, with_back, lang, made_for,
                            fields))
    if backs and not any(job.with_backs for job in jobs):
        raise UsageError("--backs: none of these printables has a card back (`back:` in the layout)")
    return jobs


def _players(game, players, all_games) -> int:
    if players is None:
        return min(max(DEFAULT_PLAYERS, game.players.min), game.players.max)
    if not game.players.min <= players <= game.players.max:
        if all_games:
            return min(max(players, game.players.min), game.players.max)
        raise UsageError(f"{game.name} is for {game.players.min}-{game.players.max} players, not {players}")
    return players


def output_name(job: Job) -> str:
    """`<game>-<printable>.pdf`, with `-pad` / `-sleeve`, `-letter` / `-mono` / `-de` when not for home / A4 (a pad
    has no paper size: its page is its sheet's) / colour / English, and `-fillable` with form fields."""
    paper = "a4" if job.made_for == "pad" else job.paper
    extras = [e for e in (job.made_for, paper, job.ink.mode, job.lang) if e not in ("home", "a4", "color", "en")]
    extras += ["fillable"] if job.fillable else []
    return "-".join([job.game.id, job.printable, *extras]) + ".pdf"


def prepare_out(out: Path) -> None:
    """Make the output folder and prove we can write there; UsageError naming why not."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise UsageError(f"--out {out}: is a file (or inside one), not a folder") from None
    except OSError as error:
        raise UsageError(f"--out {out}: cannot make this folder: {error.strerror}") from None
    try:
        tempfile.TemporaryFile(dir=out).close()
    except OSError as error:
        raise UsageError(f"--out {out}: cannot write there: {error.strerror}") from None


def write_pdf(path: Path, pdf: bytes) -> None:
    """Write the file whole or not at all: a failed write leaves any older file as it was."""
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        part.write_bytes(pdf)
        os.replace(part, path)
    except OSError as error:
        part.unlink(missing_ok=True)
        raise OutputError(f"cannot write {path}: {error.strerror}") from None


def write_jobs(jobs: list[Job], out: Path) -> Iterator[tuple[Path, Job, int]]:
    """Render and write each job, with a progress bar for long runs; yields (path, job, pages)."""
    from rich.progress import Progress

    total = sum(job.sheet_count for job in jobs)
    with Progress(transient=True, disable=total < PROGRESS_FROM_SHEETS) as bar:
        task = bar.add_task("printing", total=total)
        done = 0
        for job in jobs:
            pages = []
            pdf = render(job, lambda n, pages=pages, done=done: (pages.append(n), bar.update(task, completed=done + n)))
            done += job.sheet_count
            path = out / output_name(job)
            write_pdf(path, pdf)
            yield path, job, len(pages)
