"""`rollsheet serve`: the address and QR code it shows, its flags, and one clear line for every start-up problem."""
from __future__ import annotations

import os
import re
import socket

import pytest

from companion import cli, rooms
from tests.qrread import decode_terminal
from tests.serving import call, free_port, run_serve, serving


@pytest.mark.server
def test_serve_prints_the_phone_url_and_its_qr_code(tmp_path):
    with serving(tmp_path) as (base, process):
        lines = []
        while not lines or "Stop with Ctrl+C." not in lines[-1]:
            lines.append(process.stdout.readline())
        out = "".join(lines)
    assert f"open {base} on this computer only (phones cannot reach 127.0.0.1: serve with --host 0.0.0.0 to let " \
           "them in)" in out
    assert cli.terminal_qr(base) in out and decode_terminal(cli.terminal_qr(base), tmp_path) == base
    assert str(tmp_path / "rollsheet.sqlite3") in out and "30 days" in out


def test_terminal_qr_code_scans_to_the_url(tmp_path):
    assert decode_terminal(cli.terminal_qr("http://192.168.1.20:5123"), tmp_path) == "http://192.168.1.20:5123"


def test_only_a_loopback_host_reaches_no_phone():
    assert [cli.is_loopback(host) for host in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "192.168.1.20", "box")] \
        == [True, True, True, False, False, False]


def test_a_named_host_is_the_url_shown():
    assert cli.phone_url("10.0.0.7", 8000) == "http://10.0.0.7:8000"
    assert cli.phone_url("::1", 8000) == "http://[::1]:8000"


@pytest.mark.server
def test_join_links_use_the_public_url_never_the_host_header(tmp_path):
    with serving(tmp_path, "--public-url", "https://dice.example.org") as (base, _):
        status, _, answer = call(base, "/api/rooms", {"game": "simstown"}, {"Host": "evil.example"})
        assert status == 201 and answer["url"] == f"https://dice.example.org/r/{answer['code']}"
        page = call(base, f"/r/{answer['code']}", headers={"Host": "evil.example"})[2]
        assert f"https://dice.example.org/r/{answer['code']}" in page and "evil.example" not in page


@pytest.mark.server
def test_without_a_public_url_links_use_the_printed_address(tmp_path):
    with serving(tmp_path) as (base, _):
        answer = call(base, "/api/rooms", {"game": "simstown"}, {"Host": "evil.example:80"})[2]
        assert answer["url"] == f"{base}/r/{answer['code']}"


def test_rooms_survive_a_restart(tmp_path):
    first = cli.make_app(tmp_path)
    service = first.extensions["rollsheet.rooms"]
    with first.test_request_context():
        code = rooms.create(service, "simstown")
        _, ana = rooms.take_seat(service, code, {"name": "Ana"})
        rolled = rooms.act(service, code, "roll", {"player": "Ana", "token": ana["token"]})
    second = cli.make_app(tmp_path)
    service = second.extensions["rollsheet.rooms"]
    with second.test_request_context():
        assert rooms.state(service, code) == rolled
        again = rooms.act(service, code, "hold", {"player": "Ana", "token": ana["token"], "dice": [0]})
        assert again["version"] == rolled["version"] + 1


def one_line(result) -> str:
    """The single line a refused start printed on stderr (and no traceback)."""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


@pytest.mark.server
def test_a_port_in_use_is_one_line_and_exit_1(tmp_path):
    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        result = run_serve("--host", "127.0.0.1", "--port", port, "--data", tmp_path)
    assert result.returncode == 1 and f"port {port} is in use" in one_line(result)


@pytest.mark.server
def test_ports_outside_1_to_65535_are_refused_before_anything_starts(tmp_path):
    for port in (-1, 0, 99999):
        result = run_serve("--port", port, "--data", tmp_path)
        assert result.returncode == 2 and f"--port must be 1-65535, not {port}" in one_line(result)
        assert result.stdout == ""


@pytest.mark.server
def test_an_unknown_host_is_one_line_and_exit_2(tmp_path):
    for host in ("no.such.host.invalid", "300.1.2.3"):
        result = run_serve("--host", host, "--port", free_port(), "--data", tmp_path)
        assert result.returncode == 2 and f"cannot listen on --host {host!r}" in one_line(result)


@pytest.mark.server
def test_a_host_of_another_machine_is_one_line_and_exit_1(tmp_path):
    result = run_serve("--host", "192.0.2.1", "--port", free_port(), "--data", tmp_path)
    assert result.returncode == 1 and "192.0.2.1 is not an address of this machine" in one_line(result)


@pytest.mark.server
def test_data_that_is_a_file_or_cannot_be_made_is_one_line(tmp_path):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    result = run_serve("--port", free_port(), "--data", a_file)
    assert result.returncode == 2 and "is a file; give a folder" in one_line(result)
    result = run_serve("--port", free_port(), "--data", "/sys/rollsheet")
    assert result.returncode == 1 and "cannot use --data /sys/rollsheet: Operation not permitted" in one_line(result)


@pytest.mark.server
def test_a_damaged_database_is_named_left_untouched_and_the_way_out_said(tmp_path):
    database = tmp_path / "rollsheet.sqlite3"
    database.write_bytes(b"this is not a database, just text " * 200)
    before = database.read_bytes()
    result = run_serve("--host", "127.0.0.1", "--port", free_port(), "--data", tmp_path)
    line = one_line(result)
    assert result.returncode == 1 and str(database) in line and "left untouched" in line and ".broken" in line
    assert database.read_bytes() == before


@pytest.mark.server
def test_bad_flag_values_are_one_line_and_exit_2(tmp_path):
    for flags, message in [(["--public-url", "dice.example.org"], "--public-url must start with http:// or https://"),
                           (["--layouts", tmp_path / "nowhere"], "is not a folder"),
                           (["--keep-days", "0"], "--keep-days must be more than 0"),
                           (["--threads", "0"], "--threads must be 1-64")]:
        result = run_serve("--port", free_port(), "--data", tmp_path, *flags)
        assert result.returncode == 2 and message in one_line(result)


def test_layouts_folders_join_rollsheet_layouts_as_for_print(monkeypatch, tmp_path):
    import companion.web.server

    seen = {}
    (tmp_path / "more").mkdir()
    monkeypatch.setenv("ROLLSHEET_LAYOUTS", "/srv/games")
    monkeypatch.setattr(companion.web.server, "serve",
                        lambda app, *args, **kw: seen.update(layouts=os.environ["ROLLSHEET_LAYOUTS"]))
    monkeypatch.setattr(companion.web.server, "run", lambda started: None)
    cli.serve(host="127.0.0.1", port=free_port(), data=tmp_path, threads=2, max_connections=100, keep_days=30,
              public_url=None, layouts=[tmp_path, tmp_path / "more"], proxy=False, workers=1, database=None)
    assert seen["layouts"] == os.pathsep.join(["/srv/games", str(tmp_path.resolve()),
                                               str((tmp_path / "more").resolve())])


def test_cli_module_imports_no_web_server():
    source = open(cli.__file__, encoding="utf-8").read()
    top = source.split("\ndef ", 1)[0]
    assert not re.search(r"^(import|from) (flask|waitress|tornado|companion)", top, re.M)


@pytest.mark.server
def test_ctrl_c_stops_the_server_cleanly(tmp_path):
    import signal

    with serving(tmp_path) as (base, process):
        assert call(base, "/api/rooms", {"game": "simstown"})[0] == 201
        process.send_signal(signal.SIGINT)
        assert process.wait(10) == 0 and "Traceback" not in process.stderr.read()
