"""`rollsheet serve`: the address and QR code it shows, and rooms that outlive a restart."""
from __future__ import annotations

import re

import waitress

from companion import cli, rooms
from tests.qrread import decode_terminal


def test_serve_prints_the_phone_url_and_its_qr_code(monkeypatch, capsys, tmp_path):
    started = {}
    monkeypatch.setattr(waitress, "serve", lambda app, **options: started.update(app=app, **options))
    monkeypatch.setattr(cli, "lan_address", lambda: "192.168.1.20")
    cli.serve(host="0.0.0.0", port=5123, data=tmp_path, threads=64)
    out = capsys.readouterr().out
    assert "http://192.168.1.20:5123" in out
    assert cli.terminal_qr("http://192.168.1.20:5123") in out
    assert started["port"] == 5123 and started["threads"] == 64
    assert started["app"].config["DATABASE"] == str(tmp_path / "rollsheet.sqlite3")
    assert started["app"].config["LIVE_WAITERS"] < 64


def test_terminal_qr_code_scans_to_the_url(tmp_path):
    assert decode_terminal(cli.terminal_qr("http://192.168.1.20:5123"), tmp_path) == "http://192.168.1.20:5123"


def test_a_named_host_is_the_url_shown():
    assert cli.phone_url("10.0.0.7", 8000) == "http://10.0.0.7:8000"


def test_rooms_survive_a_restart(tmp_path):
    first = cli.make_app(tmp_path)
    with first.test_request_context():
        code = rooms.create("simstown")
        _, ana = rooms.take_seat(code, {"name": "Ana"})
        rolled = rooms.act(code, "roll", {"player": "Ana", "token": ana["token"]})
    second = cli.make_app(tmp_path)
    with second.test_request_context():
        assert rooms.state(code) == rolled
        again = rooms.act(code, "roll", {"player": "Ana", "token": ana["token"], "hold": [0]})
        assert again["version"] == rolled["version"] + 1


def test_cli_module_imports_no_web_server():
    source = open(cli.__file__, encoding="utf-8").read()
    top = source.split("\ndef ", 1)[0]
    assert not re.search(r"^(import|from) (flask|waitress|companion)", top, re.M)
