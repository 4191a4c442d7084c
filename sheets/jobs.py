"""From a `rollsheet print` request to PDF files: which printables, how many, where."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import layouts
from sheets.errors import UsageError
from sheets.ink import Ink
from sheets.paper import impose
from sheets.preflight import preflight
from sheets.render import Job, render

DEFAULT_PLAYERS = 4
PROGRESS_FROM_SHEETS = 40


def plan_jobs(game_id, all_games, what, players, copies, paper, ink, per_page, url, backs=False) -> list[Job]:
    """The jobs a print request asks for; UsageError for anything we cannot print."""
    if copies < 1:
        raise UsageError(f"--copies must be 1 or more, not {copies}")
    if per_page is not None and per_page < 1:
        raise UsageError(f"--per-page must be 1 or more, not {per_page}")
    if url and urlparse(url).scheme not in ("http", "https"):
        raise UsageError(f"--companion-url must start with http:// or https://, not {url!r}")
    if all_games == bool(game_id):
        raise UsageError("name one game (see `rollsheet list`) or use --all")
    games = layouts.game_ids() if all_games else [game_id]
    jobs = []
    for gid in games:
        try:
            game = layouts.load(gid)
        except KeyError as error:
            raise UsageError(error.args[0]) from None
        problems = preflight(game, f"layouts/{gid}.yaml")
        if problems:
            raise layouts.LayoutError(problems)
        count = _players(game, players, all_games)
        unknown = [w for w in what if w not in game.printables]
        if unknown and not all_games:
            raise UsageError(f"{gid} has no printable {unknown[0]!r}; it has: {', '.join(game.printables)}")
        for name in [w for w in what if w in game.printables] or list(game.printables):
            job = Job(game, name, count, copies, paper, Ink(ink), url, per_page, backs)
            try:
                impose(game.printables[name].size, paper, per_page, game.printables[name].gutter)
            except ValueError as error:
                raise UsageError(f"{gid} {name}: {error}") from None
            jobs.append(job)
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
    """`<game>-<printable>.pdf`, with `-letter` / `-mono` when not A4 / colour."""
    extras = [e for e in (job.paper, job.ink.mode) if e not in ("a4", "color")]
    return "-".join([job.game.id, job.printable, *extras]) + ".pdf"


def write_jobs(jobs: list[Job], out: Path) -> Iterator[tuple[Path, Job, int]]:
    """Render and write each job, with a progress bar for long runs; yields (path, job, pages)."""
    from rich.progress import Progress

    out.mkdir(parents=True, exist_ok=True)
    total = sum(job.sheet_count for job in jobs)
    with Progress(transient=True, disable=total < PROGRESS_FROM_SHEETS) as bar:
        task = bar.add_task("printing", total=total)
        done = 0
        for job in jobs:
            pages = []
            pdf = render(job, lambda n: (pages.append(n), bar.update(task, completed=done + n)))
            done += job.sheet_count
            path = out / output_name(job)
            path.write_bytes(pdf)
            yield path, job, len(pages)
