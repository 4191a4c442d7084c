"""The score form opened from a room: the seated players in seat order, with what the room knows."""
from __future__ import annotations

import json
import re

from tests.tables import Table


def prefill(client, game_id, code):
    page = client.get(f"/score/{game_id}?room={code}").get_data(as_text=True)
    return page, json.loads(re.search(r'<script type="application/json" id="prefill">(.*?)</script>', page, re.S)[1])


def test_the_form_starts_with_the_seats_in_turn_order_and_the_bridges_they_won(call, client):
    room = Table(call, "lost-cities", ("Ana", "Ben", "Cy"))
    call(f"/api/rooms/{room.code}/seats/order", room.body("Ana", None, order=[1, 0, 2]))
    room.cross("Ana", "bridges", "red")
    room.cross("Ben", "bridges", "red")
    room.cross("Ana", "bridges", "dice")
    page, players = prefill(client, "lost-cities", room.code)
    assert players == [{"name": "Ben", "bridges": 1}, {"name": "Ana", "bridges": 2}, {"name": "Cy", "bridges": 0}]
    assert f'href="/r/{room.code}"' in page


def test_the_form_starts_with_the_monolyth_tokens_each_player_took(call, client):
    room = Table(call, "monolyth", ("Ana", "Ben"))
    room.cross("Ana", "prophecy", "10b")
    room.cross("Ana", "structure", "12")
    room.cross("Ben", "level-1", "5")
    room.cross("Ana", "level-1", "3")
    room.cross("Ana", "level-2", "6")
    _, players = prefill(client, "monolyth", room.code)
    assert players == [{"name": "Ana", "structure": 12, "levels": [6, 3], "prophecies": [{"value": 10}]},
                       {"name": "Ben", "levels": [5]}]


def test_a_form_for_an_unknown_room_or_another_game_starts_empty(call, client):
    room = Table(call, "simstown", ("Ana",))
    assert prefill(client, "lost-cities", room.code)[1] == []
    assert prefill(client, "lost-cities", "ZZZZZZ")[1] == []
    assert prefill(client, "simstown", room.code)[1] == [{"name": "Ana"}]
