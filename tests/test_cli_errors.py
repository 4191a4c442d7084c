"""`rollsheet check` and `print` on hostile input: one clear line and a non-zero exit, never a traceback."""
from __future__ import annotations

import errno
import os
import pathlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import layouts
from sheets import jobs
from tests.test_layout_files import BAD_TEXT

ROOT = Path(__file__).parent.parent


def rollsheet(*args, timeout=60) -> subprocess.CompletedProcess:
    """`python -m sheets.cli ARGS...` as a real process from the repository root."""
    return subprocess.run([sys.executable, "-m", "sheets.cli", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def one_clear_line(output: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in output, output
    return lines[0]


@pytest.mark.parametrize("kind", BAD_TEXT)
def test_check_refuses_unusable_text_in_one_line(cli, tmp_path, kind):
    data, message = BAD_TEXT[kind]
    path = tmp_path / "game.yaml"
    path.write_bytes(data)
    result = cli("check", path)
    assert result.exit_code == 1
    assert message in one_clear_line(result.output)


def test_check_names_a_duplicate_key_and_its_lines(cli, tmp_path):
    text = (layouts.HERE / "lost-cities.yaml").read_text()
    first = text.splitlines().index("name: \"Lost Cities: Roll & Write\"") + 1
    path = tmp_path / "mine.yaml"
    path.write_text(text + "name: Lost Cities again\n")
    result = cli("check", path)
    assert result.exit_code == 1
    last = len(text.splitlines()) + 1
    assert one_clear_line(result.output) == f"{path}: line {last}: duplicate key 'name' (first on line {first})"


@pytest.mark.process
@pytest.mark.parametrize("make, message", [
    (lambda p: os.mkfifo(p), "a named pipe, not a layout file"),
    (lambda p: p.symlink_to("/dev/zero"), "a device, not a layout file"),
])
def test_check_never_waits_on_a_pipe_or_reads_an_endless_device(tmp_path, make, message):
    path = tmp_path / "game.yaml"
    make(path)
    done = rollsheet("check", path, timeout=20)
    assert done.returncode == 1
    assert one_clear_line(done.stderr) == f"{path}: cannot read: {message}"


def test_check_says_a_symlink_loop_in_one_line(cli, tmp_path):
    path = tmp_path / "loop.yaml"
    path.symlink_to(path)
    result = cli("check", path)
    assert result.exit_code == 1
    assert one_clear_line(result.output) == f"{path}: cannot read: Too many levels of symbolic links"


@pytest.mark.process
@pytest.mark.parametrize("kind", ["binary", "deep block", "alias bomb"])
def test_check_as_a_process_exits_1_without_a_traceback(tmp_path, kind):
    path = tmp_path / "game.yaml"
    path.write_bytes(BAD_TEXT[kind][0])
    done = rollsheet("check", path)
    assert done.returncode == 1 and BAD_TEXT[kind][1] in one_clear_line(done.stderr)


def test_print_refuses_an_out_that_is_a_file(cli, tmp_path):
    (tmp_path / "taken").write_text("notes")
    for out in (tmp_path / "taken", tmp_path / "taken" / "inside"):
        result = cli("print", "lost-cities", "--out", out)
        assert result.exit_code == 2
        assert one_clear_line(result.output) == f"Error: --out {out}: is a file (or inside one), not a folder"
    assert (tmp_path / "taken").read_text() == "notes"


@pytest.mark.process
@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="needs Linux's /sys, where nobody may write")
@pytest.mark.parametrize("out, message", [
    ("/sys/kernel", "cannot write there"),
    ("/sys/kernel/rollsheet", "cannot make this folder"),
])
def test_print_refuses_an_out_it_cannot_write(out, message):
    done = rollsheet("print", "lost-cities", "--out", out)
    assert done.returncode == 2
    assert one_clear_line(done.stderr).startswith(f"Error: --out {out}: {message}: ")


@pytest.mark.process
def test_print_to_dev_full_says_it_is_no_folder():
    done = rollsheet("print", "lost-cities", "--out", "/dev/full")
    assert done.returncode == 2
    assert one_clear_line(done.stderr) == "Error: --out /dev/full: is a file (or inside one), not a folder"


def test_a_full_disk_is_one_line_and_leaves_the_older_pdf_whole(cli, tmp_path, monkeypatch):
    assert cli("print", "lost-cities", "--out", tmp_path).exit_code == 0
    older = (tmp_path / "lost-cities-score-sheet.pdf").read_bytes()

    def disk_full(path, data):
        with open(path, "wb") as file:
            file.write(data[:100])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(pathlib.Path, "write_bytes", disk_full)
    result = cli("print", "lost-cities", "--players", "3", "--out", tmp_path)
    assert result.exit_code == 1
    pdf = tmp_path / "lost-cities-score-sheet.pdf"
    assert one_clear_line(result.output) == f"cannot write {pdf}: No space left on device"
    assert pdf.read_bytes() == older
    assert [p.name for p in tmp_path.iterdir()] == [pdf.name]


@pytest.mark.process
@pytest.mark.skipif(not shutil.which("unshare"), reason="needs unshare to mount a tiny tmpfs")
def test_a_really_full_disk_is_one_line(tmp_path):
    small = tmp_path / "small"
    small.mkdir()
    mount = f"mount -t tmpfs -o size=16k tmpfs {small}"
    probe = subprocess.run(["unshare", "-rm", "sh", "-c", mount], capture_output=True, text=True, timeout=60)
    if probe.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs in a user namespace here: {probe.stderr.strip()}")
    command = f"{mount} && cd {ROOT} && {sys.executable} -m sheets.cli print copenhagen --out {small}"
    done = subprocess.run(["unshare", "-rm", "sh", "-c", command], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert one_clear_line(done.stderr).endswith(": No space left on device")
    assert done.stderr.startswith(f"cannot write {small}/copenhagen-")


@pytest.mark.parametrize("args, message", [
    (["--copies", str(jobs.MAX_COPIES + 1)], f"--copies must be 1 to {jobs.MAX_COPIES}, not {jobs.MAX_COPIES + 1}"),
    (["--copies", "1000000000"], f"--copies must be 1 to {jobs.MAX_COPIES}, not 1000000000"),
    (["--companion-url", "http://t.local/" + "x" * jobs.MAX_URL],
     f"--companion-url is {jobs.MAX_URL + 15} characters; a sheet's QR code takes at most {jobs.MAX_URL}"),
    (["--companion-url", "http://"], "must start with http:// or https:// and name a host"),
])
def test_print_bounds_copies_and_the_url_up_front(cli, tmp_path, args, message):
    result = cli("print", "lost-cities", *args, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert message in one_clear_line(result.output)
    assert not (tmp_path / "out").exists()


@pytest.mark.process
def test_a_huge_url_from_the_environment_is_refused_as_a_process(tmp_path):
    env = {**os.environ, "ROLLSHEET_URL": "http://t.local/" + "x" * 5000}
    done = subprocess.run([sys.executable, "-m", "sheets.cli", "print", "lost-cities", "--out", tmp_path],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--companion-url is 5015 characters" in one_clear_line(done.stderr)


def test_the_longest_url_allowed_still_scans_on_the_smallest_qr_code(cli, tmp_path):
    from tests.printing import decode_qr, render_png

    url = "http://" + "a" * (jobs.MAX_URL - 16) + ".lan:5000"
    assert len(url) == jobs.MAX_URL
    result = cli("print", "copenhagen", "--what", "shape-sheet", "--companion-url", url, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    png = render_png(tmp_path / "copenhagen-shape-sheet.pdf", tmp_path)[0]
    assert decode_qr(png) == [f"{url}/play/copenhagen"]


def test_help_states_the_limits(cli):
    text = " ".join(cli("print", "--help").output.split())
    assert f"1 to {jobs.MAX_COPIES}" in text
    assert f"at most {jobs.MAX_URL} characters" in text


def commands(group, *words):
    """Every command of the command line, as the words that call it (`db upgrade`)."""
    for name, command in group.commands.items():
        yield from commands(command, *words, name) if hasattr(command, "commands") else [(*words, name)]


def test_every_help_shows_what_to_write_not_python_types(cli):
    from typer.main import get_command

    from sheets.cli import app

    called = list(commands(get_command(app)))
    assert {("new",), ("print",), ("serve",), ("db", "copy")} <= set(called)
    for words in called:
        text = cli(*words, "--help").output
        assert not re.search(r"<\w+|\{[A-Z]", text), f"{' '.join(words)}: {text}"
    usage = {" ".join(words): cli(*words, "--help").output.splitlines()[0].split(" ", 2)[2] for words in called}
    assert (usage["new"], usage["upgrade"], usage["check"], usage["print"]) == (
        "new [OPTIONS] NAME", "upgrade [OPTIONS] FILE...", "check [OPTIONS] [FILE|GAME]...", "print [OPTIONS] [GAME]")
