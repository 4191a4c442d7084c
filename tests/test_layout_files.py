"""Reading layout files: anything that is not a sane UTF-8 YAML file is refused in one line, never hangs."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

import layouts
from layouts import reading

SHIPPED = layouts.layout_files(layouts.HERE)
LOST_CITIES = layouts.HERE / "lost-cities.yaml"

BAD_TEXT = {
    "binary": (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "not a text file (it holds NUL bytes)"),
    "latin-1": ("id: caf\xe9\nname: Caf\xe9\n".encode("latin-1"), "line 1: not UTF-8 text (byte 0xe9)"),
    "utf-16": ("id: cafe\n".encode("utf-16"), "UTF-16 text; save the file as UTF-8"),
    "deep flow": (b"a: " + b"[" * 100_000 + b"]" * 100_000, "line 1: nested deeper than 64 levels"),
    "deep block": (b"- " * 100_000 + b"x", "line 1: nested deeper than 64 levels"),
    "alias bomb": (b"a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n" + b"".join(
        f"{c}: &{c} [{', '.join([f'*{p}'] * 10)}]\n".encode() for p, c in zip("abcdefgh", "bcdefghi", strict=True)),
        "line 6: more than 200,000 values once aliases are expanded"),
    "alias loop": (b"a: &x [1, *x]\n", "line 1: an alias inside the value it refers to (a loop)"),
    "control character": (b"id: a\x07b\n", "line 1: "),
    "impossible date": (b"id: x\nwhen: 2024-13-45\n", "line 2: month must be in 1..12"),
    "huge number": (b"id: x\ncount: " + b"9" * 5000, "line 2: Exceeds the limit (4300 digits)"),
}


def written(tmp_path: Path, data: bytes, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def problems(path) -> list[str]:
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    return error.value.problems


@pytest.mark.parametrize("kind", BAD_TEXT)
def test_unusable_text_is_refused_in_one_line(tmp_path, kind):
    data, message = BAD_TEXT[kind]
    path = written(tmp_path, data)
    assert len(problems(path)) == 1
    assert problems(path)[0].startswith(f"{path}: ")
    assert message in problems(path)[0]


def test_a_utf8_bom_is_fine(tmp_path):
    with_bom = written(tmp_path, b"\xef\xbb\xbf" + LOST_CITIES.read_bytes())
    assert layouts.load_file(with_bom) == layouts.load_file(LOST_CITIES)


@pytest.mark.parametrize("path, kind", [("/dev/zero", "a device"), ("/dev/null", "a device")])
def test_devices_are_refused_without_reading(path, kind):
    assert problems(path) == [f"{path}: cannot read: {kind}, not a layout file"]


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    assert problems(fifo) == [f"{fifo}: cannot read: a named pipe, not a layout file"]


def test_a_folder_is_refused(tmp_path):
    assert problems(tmp_path) == [f"{tmp_path}: cannot read: a folder, not a layout file"]


def test_a_file_over_a_megabyte_is_refused(tmp_path):
    path = written(tmp_path, b"# padding\n" * 100_001)
    assert problems(path) == [f"{path}: cannot read: over 1,000,000 bytes; a layout file is at most that"]


@pytest.mark.parametrize("text, line", [
    ("id: lost-cities\nname: A\nid: other\n", "line 3: duplicate key 'id' (first on line 1)"),
    ("colours: {red: {label: R}, red: {label: S}}\n", "line 1: duplicate key 'red' (first on line 1)"),
    ("values:\n  boxes: 9\n  bridge: 2\n  boxes: 8\n", "line 4: duplicate key 'boxes' (first on line 2)"),
])
def test_a_key_given_twice_is_refused_naming_key_and_lines(tmp_path, text, line):
    path = written(tmp_path, text.encode())
    assert problems(path) == [f"{path}: {line}"]


@pytest.mark.parametrize("loader", reading.LOADERS, ids=lambda loader: loader.__name__)
def test_every_loader_reads_the_shipped_layouts_as_yaml_does(loader):
    for path in SHIPPED:
        assert yaml.load(path.read_text(encoding="utf-8"), Loader=loader) == yaml.safe_load(path.read_text())


@pytest.mark.parametrize("loader", reading.LOADERS, ids=lambda loader: loader.__name__)
@pytest.mark.parametrize("kind", ["deep flow", "deep block", "alias bomb", "alias loop"])
def test_every_loader_keeps_the_bounds(loader, kind):
    with pytest.raises(yaml.YAMLError):
        yaml.load(BAD_TEXT[kind][0].decode(), Loader=loader)


@pytest.mark.parametrize("loader", reading.LOADERS, ids=lambda loader: loader.__name__)
def test_every_loader_refuses_duplicate_keys_but_allows_merges(loader):
    with pytest.raises(yaml.constructor.ConstructorError, match="duplicate key 'a'"):
        yaml.load("{a: 1, b: 2, a: 3}", Loader=loader)
    assert yaml.load("base: &b {a: 1, b: 2}\nmine:\n  <<: *b\n  a: 3\n", Loader=loader)["mine"] == {"a": 3, "b": 2}


def test_the_c_parser_is_used_when_pyyaml_has_it():
    assert reading.LOADERS[0].__name__ == ("FastLoader" if yaml.__with_libyaml__ else "PureLoader")
