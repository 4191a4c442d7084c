"""Driving a room as its phones do: seated players who send their name, seat token and the version
they drew, through Flask's test client or over HTTP to a real server."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor


class Http:
    """JSON calls to a running companion at `base`: (status, answer)."""

    def __init__(self, base: str):
        self.base = base

    def __call__(self, path: str, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data, {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)


class FlaskCalls:
    """The same calls through Flask's test client."""

    def __init__(self, client):
        self.client = client

    def __call__(self, path: str, body=None):
        response = self.client.post(path, json=body) if body is not None else self.client.get(path)
        return response.status_code, response.get_json()


class Table:
    """A room with seated players (a new one, or the room `code`); `move` sends the player's token and the version
    last seen."""

    def __init__(self, call, game_id: str, names=("Ana", "Ben"), players=None, code=None):
        self.call = call
        if code is None:
            status, answer = call("/api/rooms", {"game": game_id, "players": players or len(names)})
            assert status == 201, answer
            code = answer["code"]
        self.code, self.tokens = code, {}
        for name in names:
            self.sit(name)

    def sit(self, name: str):
        """Seat `name` and keep its token; (status, answer)."""
        status, answer = self.call(f"/api/rooms/{self.code}/seats", {"name": name})
        if status == 201:
            self.tokens[name] = answer["token"]
        return status, answer

    def state(self) -> dict:
        return self.call(f"/api/rooms/{self.code}")[1]

    def body(self, who: str, seen="now", **body) -> dict:
        """What a phone sends for `who`: name, token and (by default) the version it shows now."""
        sent = {"player": who, "token": self.tokens.get(who, "no-token"), **body}
        if seen is not None:
            sent["seen"] = self.state()["version"] if seen == "now" else seen
        return sent

    def move(self, who: str, action: str, seen="now", **body):
        """`who` makes a move; (status, answer)."""
        return self.call(f"/api/rooms/{self.code}/{action}", self.body(who, seen, **body))

    def ok(self, who: str, action: str, **body) -> dict:
        """A move that must succeed; the new state."""
        status, answer = self.move(who, action, **body)
        assert status == 200, answer
        return answer

    def cross(self, who: str, list_id: str, item: str, **body):
        """`who` crosses (or uncrosses, with crossed=False) a list item; (status, answer)."""
        return self.call(f"/api/rooms/{self.code}/lists/{list_id}/{item}", self.body(who, None, **body))

    def undo(self, who: str, seen="now"):
        return self.call(f"/api/rooms/{self.code}/undo", self.body(who, seen))


def opened(call, game_id: str, names=("Ana", "Ben"), marking: str | None = None) -> Table:
    """A room of `game_id` with `names` seated, its sheets `marking` (the room's default when None)."""
    status, answer = call("/api/rooms", {"game": game_id, "players": len(names),
                                         **({"marking": marking} if marking else {})})
    assert status == 201, answer
    return Table(call, game_id, names, code=answer["code"])


def mark(client, room: Table, seat: int, marks: dict, who: str = "Ana", request: str | None = None, **headers):
    """`who`'s phone changes marks on seat `seat`'s sheet: (status, answer)."""
    body = {"token": room.tokens.get(who), "marks": marks, **({"request": request} if request else {})}
    answer = client.patch(f"/api/rooms/{room.code}/sheets/{seat}", json=body, headers=headers)
    return answer.status_code, answer.get_json()


def together(count: int, work) -> list:
    """Run `work(i)` for i in 0..count-1 at the same moment (simultaneous taps); their results."""
    start = threading.Barrier(count)

    def run(i):
        start.wait()
        return work(i)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))
