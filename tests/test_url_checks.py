"""Issue 28 items 4, 7 and 10: the addresses a person gives the CLI are refused in one line with exit 2 when a
phone could not open them, `--proxy` is refused on a public address, and the language switch never sends a
phone to another site."""
from __future__ import annotations

import pytest

from layouts.urls import url_problem
from tests.serving import free_port, run_serve

UNUSABLE = {"unclosed IPv6": "http://[::1", "newline": "http://192.168.1.20:5000\nhttp://evil.example",
            "spaces": "http://dice example.org", "port 99999": "http://192.168.1.20:99999",
            "port 0": "http://192.168.1.20:0", "no host": "http://", "not http": "ftp://192.168.1.20",
            "backslash before @": "http://evil.example\\@good.example", "after the brackets": "http://[::1]x",
            "after the brackets, a port": "http://[::1]x:80"}


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in text, text
    return lines[0]


@pytest.mark.parametrize("url", UNUSABLE.values(), ids=UNUSABLE.keys())
def test_print_refuses_an_unusable_companion_url_in_one_line(cli, tmp_path, url):
    result = cli("print", "simstown", "--out", tmp_path, "--companion-url", url)
    assert result.exit_code == 2 and "--companion-url" in one_line(result.output)
    assert not list(tmp_path.glob("*.pdf"))


@pytest.mark.parametrize("url", [UNUSABLE["unclosed IPv6"], UNUSABLE["newline"], UNUSABLE["port 99999"]])
def test_print_refuses_an_unusable_rollsheet_url_in_one_line(cli, tmp_path, url):
    result = cli("print", "simstown", "--out", tmp_path, env={"ROLLSHEET_URL": url})
    assert result.exit_code == 2 and "--companion-url" in one_line(result.output)


@pytest.mark.parametrize("url", [UNUSABLE["unclosed IPv6"], UNUSABLE["newline"], UNUSABLE["spaces"],
                                 UNUSABLE["port 99999"]])
@pytest.mark.server
def test_serve_refuses_an_unusable_public_url_in_one_line_before_it_starts(tmp_path, url):
    result = run_serve("--port", free_port(), "--data", tmp_path, "--public-url", url)
    assert result.returncode == 2 and one_line(result.stderr).startswith("rollsheet serve: --public-url")
    assert result.stdout == ""


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "8.8.8.8"])
@pytest.mark.server
def test_proxy_is_refused_on_a_public_address(tmp_path, host):
    result = run_serve("--port", free_port(), "--data", tmp_path, "--host", host, "--proxy")
    assert result.returncode == 2 and "--proxy needs --host 127.0.0.1" in one_line(result.stderr)


@pytest.mark.parametrize("url", ["http://192.168.1.20:5000", "https://dice.example.org", "http://[fe80::1]:5000",
                                 "http://localhost:65535/"])
def test_an_address_a_phone_can_open_passes(url):
    assert url_problem("--public-url", url) is None


@pytest.mark.parametrize("target", ["/%09/evil.example", "/%0A/evil.example", "//evil.example", "/%5Cevil.example",
                                    "https://evil.example", "/%20/evil.example", "%09//evil.example", "/%E3%80%80/x"])
def test_the_language_switch_goes_back_only_to_a_page_of_this_site(client, target):
    answer = client.post("/language", data=f"lang=de&next={target}",
                         content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_the_language_switch_goes_back_to_the_page_it_was_chosen_on(client):
    answer = client.post("/language", data={"lang": "es", "next": "/score/simstown?room=K7QX2M"})
    assert answer.headers["Location"] == "/score/simstown?room=K7QX2M"
