"""Never a 500 from a group's routes: generated requests over every group route, method and body (JSON of every
shape, plays almost right, lists of them) against a real group with plays; each answer a page or JSON with a
sentence."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

pytestmark = pytest.mark.slow  # a fuzz, like the layout and API fuzz: the full suite runs it

REQUESTS = 400
TEXT = st.one_of(st.text(max_size=8), st.sampled_from(["Ana", "ana", "lost-cities", "2025-05-01", "", "\u2800",
                                                       "0001-01-01T00:00:00+14:00", "9999-12-31"]))
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | TEXT,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                    max_leaves=10)
PLAYER = st.fixed_dictionaries({"name": TEXT, "score": st.integers(-10**6, 10**6) | TEXT},
                               optional={"rank": JSON, "winner": JSON, "start": JSON, "breakdown": JSON,
                                         "player_id": JSON})
PLAY = st.fixed_dictionaries({"game": st.sampled_from(["lost-cities", "simstown", "copenhagen", "chess"]) | JSON,
                              "players": st.lists(PLAYER, max_size=6) | JSON},
                             optional={"date": TEXT | JSON, "duration_min": JSON, "tiebreak": JSON, "id": JSON})
BODY = st.one_of(PLAY, st.lists(PLAY, max_size=3), JSON, st.fixed_dictionaries({"name": JSON, "to": JSON}))
METHODS = st.sampled_from(["GET", "POST", "PATCH", "DELETE", "PUT"])


@pytest.fixture
def group(client) -> tuple[str, str]:
    """A group with a play: (its code, the play's id)."""
    code = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    play = client.post(f"/api/groups/{code}/plays", json={"game": "simstown", "players": [{"name": "Ana", "score": 3}]})
    return code, play.get_json()["id"]


@settings(max_examples=REQUESTS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_group_request_is_answered_500(client, group, data):
    code, play = group
    where = data.draw(st.sampled_from([code, code.lower(), "ZZZZZZ", "", "%00"]))
    path = data.draw(st.sampled_from([
        "/api/groups", f"/api/groups/{where}", f"/api/groups/{where}/plays", f"/api/groups/{where}/plays/{play}",
        f"/api/groups/{where}/plays/NOPE", f"/api/groups/{where}/plays.csv", f"/api/groups/{where}/plays.json",
        f"/api/groups/{where}/players", f"/api/groups/{where}/rename", "/api/rooms", f"/g/{where}",
        f"/g/{where}/plays", f"/g/{where}/plays/{play}", f"/g/{where}/rooms", f"/g/{where}/rename", "/g"]))
    method, body = data.draw(METHODS), data.draw(BODY)
    if path == "/api/rooms":
        method, body = "POST", {"game": "simstown", "group": body}
    if path.startswith("/g"):
        answer = client.open(path, method=method, data=body if isinstance(body, dict) else {"name": str(body)})
    else:
        answer = client.open(path, method=method, json=body)
    assert answer.status_code < 500 or answer.status_code == 503, (method, path, body, answer.data[:300])
    if answer.status_code >= 400 and path.startswith("/api/"):
        assert answer.get_json()["error"]
