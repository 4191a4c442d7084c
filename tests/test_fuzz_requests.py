"""Never a 500, whatever comes in: 2,000 generated requests over every route, method, query and body.

A quarter of them aim at what once broke (issue 16, items 1 and 2): state-changing requests to
real rooms whose JSON nests far too deep or whose text holds lone surrogates. The rest roam:
real and made-up room codes, actions, list items and games, every method, odd queries, bodies
that are not UTF-8, forms, and JSON of every shape.
"""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import layouts

REQUESTS = 2000
GAMES = layouts.game_ids()
ACTIONS = {"copenhagen": "roll", "lost-cities": "roll", "simstown": "roll", "monolyth": "move"}
SURROGATES = st.text(st.characters(categories=["Cs"]), min_size=1, max_size=3)
TEXT = st.one_of(st.text(max_size=8), SURROGATES, st.sampled_from(["Ana", "red", "piece", "block", "R5"]))
JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 30) | st.floats(allow_nan=True) | TEXT,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                    max_leaves=12)
KEYS = st.sampled_from(["player", "game", "players", "hold", "dice", "from", "to", "steps", "take", "crossed",
                        "again", "setup", "room", "name", "text"])
DEEP = st.integers(990, 5000).flatmap(lambda n: st.sampled_from([b"[" * n + b"]" * n,
                                                                  b'{"player":' * n + b"1" + b"}" * n]))
ATTACKS = st.one_of(DEEP, st.builds(lambda name, game: json.dumps(
    {"player": name, "game": game, "steps": 1, "players": [{"name": name}], "room": None}),
    SURROGATES, st.sampled_from(GAMES)))
BODIES = st.one_of(st.dictionaries(KEYS, JSON, max_size=5).map(json.dumps), JSON.map(json.dumps), DEEP, st.none(),
                   st.binary(max_size=40), st.sampled_from(["players=2", "", "{", "null"]))
TYPES = st.sampled_from(["application/json", "application/json", None, "text/plain",
                         "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
METHODS = st.sampled_from(["GET", "POST", "POST", "PUT", "DELETE", "HEAD", "OPTIONS"])
SEGMENT = st.text(max_size=10).map(lambda text: quote(text, safe=""))


@st.composite
def aimed(draw, rooms):
    """A state-changing request to a real room, with a body that nests too deep or holds lone surrogates."""
    game, code = draw(st.sampled_from(sorted(rooms.items())))
    path = draw(st.sampled_from(["/api/rooms", f"/api/rooms/{code}/{ACTIONS[game]}",
                                 f"/api/rooms/{code}/lists/tiles/R5", f"/api/score/{game}"]))
    return "POST", path, draw(ATTACKS), "application/json"


@st.composite
def roaming(draw, rooms):
    """Any method on any route, with real or made-up parts, any query and any body."""
    code = draw(st.sampled_from(sorted(rooms.values())) | SEGMENT)
    game = draw(st.sampled_from(GAMES) | SEGMENT)
    action = draw(st.sampled_from(["roll", "reroll", "recolour", "use", "pick", "refuse", "next", "move"]) | SEGMENT)
    item = draw(st.sampled_from(["tiles/R5", "bridges/red", "level-1/5", "prophecy/4a"]) | SEGMENT)
    path = draw(st.sampled_from([
        "/", "/join", "/favicon.ico", "/api/rooms", f"/api/rooms/{code}", f"/api/rooms/{code}/{action}",
        f"/api/rooms/{code}/lists/{item}", f"/api/games/{game}", f"/api/score/{game}", f"/score/{game}",
        f"/play/{game}", f"/r/{code}", f"/r/{code}/qr.svg", f"/static/{action}.js", f"/{code}"]))
    query = draw(st.sampled_from(["", "?since=1&wait=0", "?format=csv", "?format=json", "?format=x", "?code=",
                                  "?room=" + code, "?since=x", "?code=" + code]))
    return draw(METHODS), path + query, draw(BODIES), draw(TYPES)


@pytest.mark.server
def test_two_thousand_generated_requests_answer_no_500(tmp_path):
    from companion.web.app import create_app

    client = create_app({"TESTING": True, "DATABASE": str(tmp_path / "fuzz.sqlite3")}).test_client()
    rooms = {game: client.post("/api/rooms", json={"game": game}).get_json()["code"] for game in GAMES}
    answered = []

    @settings(max_examples=REQUESTS, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(request=st.one_of(aimed(rooms), roaming(rooms), roaming(rooms), roaming(rooms)),
           origin=st.sampled_from([None, None, "http://localhost", "http://evil.example"]))
    def one_request(request, origin):
        method, path, body, content_type = request
        response = client.open(path, method=method, data=body, content_type=content_type,
                               headers={"Origin": origin} if origin else {})
        answered.append(response.status_code)
        assert response.status_code < 500, (method, path, body, response.get_data()[:200])

    one_request()
    assert len(answered) >= REQUESTS
