"""Never a 500: any action with any body answers 200 or a 4xx with a message."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import layouts

pytestmark = pytest.mark.slow  # a fuzz, like tests/test_fuzz_server.py: the full suite runs it

JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=8)
KEYS = st.sampled_from(["player", "hold", "dice", "from", "to", "steps", "take", "crossed", "again", "setup", "seen",
                        "order"])
BODIES = st.dictionaries(KEYS, JSON | st.sampled_from(["Ana", "red", "joker", "piece", "block", True]), max_size=5)
ACTIONS = st.sampled_from(["roll", "reroll", "recolour", "use", "take", "pick", "refuse", "hold", "next", "move", "fly",
                           "undo", "seats", "seats/order", "seats/1/takeover", "lists/tiles/R5", "lists/bridges/red",
                           "lists/level-1/5", "lists/prophecy/4a", "lists/x/y"])
PLAYERS = st.sampled_from(["Ana", "Ben"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_id=st.sampled_from(layouts.game_ids()),
       steps=st.lists(st.tuples(PLAYERS, ACTIONS, BODIES), min_size=1, max_size=8))
def test_any_request_answers_a_state_or_a_reason(client, game_id, steps):
    code = client.post("/api/rooms", json={"game": game_id, "players": 2}).get_json()["code"]
    tokens = {name: client.post(f"/api/rooms/{code}/seats", json={"name": name}).get_json()["token"]
              for name in ("Ana", "Ben")}
    for player, action, body in steps:
        sent = dict({"player": player, "token": tokens[player]}, **body)
        response = client.post(f"/api/rooms/{code}/{action}", json=sent)
        assert response.status_code in (200, 201, 400, 403, 404, 409)
        answer = response.get_json()
        assert answer.get("version") or answer.get("token") if response.status_code < 300 else answer["error"]
