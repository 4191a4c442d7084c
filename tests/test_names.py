"""Issue 28 item 8: a name is kept in one form (NFKC), must show a letter or digit, and may not read like a
name already seated (Unicode's confusables skeleton)."""
from __future__ import annotations

import unicodedata

import pytest

from companion import names
from tests.tables import Table


@pytest.mark.parametrize("look_alike", ["\u0410na", "\u0391na", "AN\u0410", "An\u0430"])
def test_a_name_with_letters_of_another_script_that_read_as_a_seated_one_is_refused(call, look_alike):
    room = Table(call, "simstown", ("Ana",), players=3)
    status, answer = room.sit(look_alike)
    assert status == 409 and "looks too much like Ana" in answer["error"]
    assert [seat["name"] for seat in room.state()["seats"]] == ["Ana"]


@pytest.mark.parametrize("seated, look_alike", [("Kim", "Kirn"), ("Bob", "B0b"), ("Al", "AI")])
def test_letters_that_read_as_others_are_refused_too(call, seated, look_alike):
    room = Table(call, "simstown", (seated,), players=3)
    assert room.sit(look_alike)[0] == 409


@pytest.mark.parametrize("same", ["\uff21\uff4e\uff41", "\U0001d400\U0001d427\U0001d41a",
                                  unicodedata.normalize("NFD", "Ana"), "ana"])
def test_fullwidth_math_bold_and_decomposed_forms_are_the_seated_name_itself(call, same):
    room = Table(call, "simstown", ("Ana",), players=3)
    status, answer = room.sit(same)
    assert status == 409 and "Ana is seated already" in answer["error"]


def test_a_name_is_kept_in_nfkc_so_the_table_reads_plain_letters(call):
    room = Table(call, "simstown", (), players=3)
    assert room.sit("\uff22\uff45\uff4e")[0] == 201
    assert room.sit(unicodedata.normalize("NFD", "Zoé"))[0] == 201
    assert [seat["name"] for seat in room.state()["seats"]] == ["Ben", "Zoé"]


@pytest.mark.parametrize("blank", ["\u2800", "\u3164", "\u115f", "\u0301\u0308", "\u2800 \u3164", "\uffa0"])
def test_a_name_without_a_letter_or_digit_that_shows_is_refused(call, blank):
    room = Table(call, "simstown", (), players=3)
    status, answer = room.sit(blank)
    assert status == 400 and "a letter or a digit that shows" in answer["error"]


def test_names_that_differ_to_a_reader_sit_side_by_side(call):
    room = Table(call, "simstown", ("Ana", "Anna", "José"), players=4)
    assert room.sit("Jose")[0] == 201 and len(room.state()["seats"]) == 4


def test_the_look_alike_refusal_is_said_in_the_phones_language(client):
    code = client.post("/api/rooms", json={"game": "simstown"}).get_json()["code"]
    client.post(f"/api/rooms/{code}/seats", json={"name": "Ana"})
    answer = client.post(f"/api/rooms/{code}/seats", json={"name": "\u0410na"}, headers={"Accept-Language": "de"})
    assert answer.status_code == 409 and "sieht Ana zu ähnlich" in answer.get_json()["error"]


def test_a_skeleton_is_unicodes_prototype_of_each_character():
    assert names.skeleton("\u0410na") == names.skeleton("Ana") == "ana"
    assert names.skeleton("Kim") == names.skeleton("Kirn")
    assert names.skeleton("José") != names.skeleton("Jose")
