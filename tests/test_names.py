"""Issue 28 item 8: a name is kept in one form (NFKC), must show a letter or digit, and may not read like a
name already seated (Unicode's confusables skeleton)."""
from __future__ import annotations

import unicodedata
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.rules import names
from tests.tables import Http, Table


@pytest.mark.parametrize("look_alike", ["\u0410na", "\u0391na", "AN\u0410", "An\u0430"])
def test_a_name_with_letters_of_another_script_that_read_as_a_seated_one_is_refused(call, look_alike):
    room = Table(call, "simstown", ("Ana",), players=3)
    status, answer = room.sit(look_alike)
    assert status == 409 and "looks too much like Ana" in answer["error"]
    assert [seat["name"] for seat in room.state()["seats"]] == ["Ana"]


@pytest.mark.parametrize("invisible", ["\u3164", "\ufe0f", "\u034f", "\u2800", "\u115f", "\u1160", "\uffa0",
                                       "\u17b4", "\u17b5", "\U000e0100"])
def test_a_seated_name_with_a_character_that_draws_nothing_added_is_refused(call, invisible):
    room = Table(call, "simstown", ("Ana",), players=3)
    for look_alike in ("Ana" + invisible, "A" + invisible + "na"):
        status, answer = room.sit(look_alike)
        assert status == 409 and "looks too much like Ana" in answer["error"], repr(look_alike)
    assert [seat["name"] for seat in room.state()["seats"]] == ["Ana"]


def test_look_alikes_asking_for_seats_at_the_same_moment_get_one_seat(live_server):
    code = Http(live_server)("/api/rooms", {"game": "simstown"})[1]["code"]
    tried = ["Ana", "\u0410na", "An\u0430", "Ana\u3164", "\u0391na", "ANA", "\uff21\uff4e\uff41", "Ana\ufe0f"] * 3
    with ThreadPoolExecutor(len(tried)) as pool:
        statuses = list(pool.map(lambda name: Http(live_server)(f"/api/rooms/{code}/seats", {"name": name})[0], tried))
    assert statuses.count(201) == 1 and set(statuses) == {201, 409}
    assert len(Http(live_server)(f"/api/rooms/{code}")[1]["seats"]) == 1


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


def group_with(client, *players: str) -> str:
    """A group whose names are `players` (added by hand); its code."""
    code = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    for name in players:
        assert client.post(f"/api/groups/{code}/players", json={"name": name}).status_code == 201
    return code


@pytest.mark.parametrize("look_alike", ["\u0410na", "Ana\u3164", "Ana\ufe0f"])
def test_a_play_of_a_group_cannot_hold_two_names_that_read_alike(client, look_alike):
    code = group_with(client)
    answer = client.post(f"/api/groups/{code}/plays", json={"game": "simstown", "players": [
        {"name": "Ana", "score": 3}, {"name": look_alike, "score": 5}]})
    assert answer.status_code == 400 and answer.get_json()["field"] == "players[1].name"
    assert "looks too much like Ana" in answer.get_json()["error"]


def test_a_groups_new_name_or_rename_that_reads_like_one_of_its_names_is_refused(client):
    code = group_with(client, "Ana", "Ben")
    added = client.post(f"/api/groups/{code}/players", json={"name": "\u0410na"})
    assert added.status_code == 409 and "looks too much like Ana" in added.get_json()["error"]
    renamed = client.post(f"/api/groups/{code}/rename", json={"name": "Ben", "to": "Ana\u3164"})
    assert renamed.status_code == 409 and "looks too much like Ana" in renamed.get_json()["error"]
    renamed = client.post(f"/api/groups/{code}/rename", json={"name": "Ana", "to": "\u0410na"})  # its own look-alike
    assert renamed.status_code == 200 and sorted(renamed.get_json()["players"]) == ["Ben", "\u0410na"]
