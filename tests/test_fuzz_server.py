"""The probes' fuzz, in CI (issue 28): 15,000+ requests against a real `rollsheet serve --proxy`, made three
ways: hypothesis-generated requests, seeded random ones and raw protocol (heads broken on purpose). Every
route, method and query, with the hostile headers the probes sent (Cookie, Origin, Host, Last-Event-ID,
Content-Length, X-Forwarded-For, X-Real-IP, Transfer-Encoding, Accept-Language) and Unicode digits where
numbers go. Every request is answered, none with a 500 (503 is the overload answer), and the server's log
holds no traceback. Each request declares a body it sends whole (or one the server refuses from its head),
so an answer is always due."""
from __future__ import annotations

import json
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import layouts
from tests.serving import call, exchange, serving

pytestmark = pytest.mark.slow

COUNTS = {"hypothesis": 4000, "random": 8000, "raw": 3500}
GAMES = layouts.game_ids()
DIGITS = "²³¹٣۴߅४১੨૩୪௫౬೭൮๙໐༣၄႕០᠑᥇᧐꘠꣐꤀꧐０"
"""Characters Python's str.isdigit() takes for digits, though no ASCII parser does."""
NUMBERS = ["0", "1", "-1", "--1", "1e3", "99999999999999999999", "0x10", " 1", "nan", "", "1.5", *DIGITS[:8]]
HOSTILE = {
    "Cookie": ["rollsheet-lang=\xff\xfe", "rollsheet-lang=de", "a=\xc3; rollsheet-lang=es", ";;;=", '"\\"', "x" * 3000],
    "Origin": ["http://[::1", "http://evil.example", "null", "\xff\xfe", "http://" + "a" * 300, "http://[", "//"],
    "Host": ["a" * 64, "a..b", "[::1", "%00", "[::1]:99999", "x:", ".", "a." * 140, "127.0.0.1:5000"],
    "Last-Event-ID": NUMBERS,
    "Content-Length": ["²", "-1", "1,2", "0x10", "٣", "99999999999", "+5"],
    "X-Forwarded-For": ["192.0.2.1", "::1", "2001:db8::1, 10.0.0.1", "garbage", "1.2.3.4, \xff", ",,,", "999.1.1.1",
                        "fe80::1%eth0", "::ffff:192.0.2.9"],
    "X-Real-IP": ["192.0.2.2", "²", "::ffff:1.1.1.1", "\xff"],
    "Accept-Language": ["de", "\xff", "*;q=x", "es-ES;q=0.5, de;q=2", "x" * 500],
    "Transfer-Encoding": ["chunked", "gzip", "identity"],
    "Sec-Fetch-Site": ["cross-site", "same-origin", "\xff"],
}
METHODS = ["GET", "GET", "POST", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH", "BREW"]
BODIES = [b"", b"{}", b'{"game": "simstown"}', b'{"player": "Ana", "token": "x", "seen": 1}', b"[" * 3000,
          b'{"name": "\\ud800"}', b"\xff\xfe", b"players=2&lang=de&next=/%09/evil.example", b"null",
          b'{"players": [{"name": "Ana"}], "room": "ZZZZZZ", "player": "Ana", "token": "x"}',
          b'{"name": "\xe3\x85\xa4"}']
TYPES = ["application/json", "application/x-www-form-urlencoded", "text/plain", None]


def routes(code: str, game: str, part: str) -> list[str]:
    """Every route, with a room code, a game and a free path part filled in."""
    return ["/", "/join", "/favicon.ico", "/language", "/api/rooms", f"/api/rooms/{code}", f"/api/rooms/{code}/events",
            f"/api/rooms/{code}/roll", f"/api/rooms/{code}/{part}", f"/api/rooms/{code}/seats",
            f"/api/rooms/{code}/seats/0/takeover", f"/api/rooms/{code}/seats/order", f"/api/rooms/{code}/undo",
            f"/api/rooms/{code}/lists/tiles/{part}", f"/api/games/{game}", f"/api/score/{game}", f"/score/{game}",
            f"/play/{game}", f"/r/{code}", f"/r/{code}/qr.svg", f"/static/{part}", f"/{part}"]


def queries(code: str, number: str) -> list[str]:
    """Queries the routes read, with hostile values; a long poll never waits (wait is 0 or not a number)."""
    value = quote(number, safe="")
    return ["", f"?since={value}&wait=0", f"?since={value}&wait={value}", f"?room={code}", f"?room={value}",
            f"?prefill={'%5B' * 3000}", f"?prefill={quote(json.dumps([{'name': 'Ana'}]))}", "?format=csv",
            f"?format={value}", f"?code={code}", "?running=1", "?since=%ff&wait=0", "?%ff=%fe", f"?lang={value}"]


def wire(text: str) -> bytes:
    """Text as a client puts it on the wire: latin-1 bytes where it can (\xff stays one byte), else UTF-8."""
    try:
        return text.encode("latin-1")
    except UnicodeEncodeError:
        return text.encode("utf-8")


def head_bytes(method: str, target: str, headers: list[tuple[str, str]], body: bytes) -> bytes:
    """A request with `headers`, closing its connection, and its body."""
    lines = [f"{method} {target} HTTP/1.1", *(f"{name}: {value}" for name, value in headers), "Connection: close"]
    return b"\r\n".join(map(wire, lines)) + b"\r\n\r\n" + body


def assembled(method, target, extra: list[tuple[str, str]], body: bytes, content_type) -> bytes:
    """A whole request: a Host unless `extra` names one, its Content-Length unless `extra` names a hostile one."""
    names = {name for name, _ in extra}
    headers = [*([("Host", "x")] if "Host" not in names else []), *extra]
    if content_type:
        headers.append(("Content-Type", content_type))
    if "Content-Length" not in names and "Transfer-Encoding" not in names and body:
        headers.append(("Content-Length", str(len(body))))
    elif "Content-Length" in names or "Transfer-Encoding" in names:
        body = b""  # the server refuses such a head before its body: none is sent
    return head_bytes(method, target, headers, body)


def one_random(rng: random.Random, codes: list[str]) -> bytes:
    """A seeded random request: any route, query, method and body, and up to four hostile headers."""
    code = rng.choice([*codes, "ZZZZZZ", "%ff", quote(rng.choice(DIGITS))])
    path = rng.choice(routes(code, rng.choice([*GAMES, "nope", "%ff"]), rng.choice(["R5", "x", "%ff", "a" * 300])))
    target = path + rng.choice(queries(rng.choice(codes), rng.choice(NUMBERS)))
    extra = [(name, rng.choice(HOSTILE[name])) for name in rng.sample(sorted(HOSTILE), rng.randint(0, 4))]
    return assembled(rng.choice(METHODS), target, extra, rng.choice(BODIES), rng.choice(TYPES))


BREAKS = [
    lambda head: head.replace(b"\r\n", b"\n"),
    lambda head: head.replace(b"Host: x\r\n", b"Host x\r\n"),
    lambda head: head.replace(b"Host: x\r\n", b"Host: x\r\n folded\r\n"),
    lambda head: head.replace(b"Host: x\r\n", b"Host: x\r\nHost: y\r\n"),
    lambda head: head.replace(b"Host: x\r\n", b"Ho st: x\r\n"),
    lambda head: head.replace(b"Host: x\r\n", b"Host: x\x00y\r\n"),
    lambda head: head.replace(b"Host: x\r\n", b"X-Filler: " + b"a" * 70_000 + b"\r\nHost: x\r\n"),
    lambda head: head.replace(b"HTTP/1.1", b"HTTP/2.0", 1),
    lambda head: head.replace(b"HTTP/1.1", b"HTTP/1.0", 1).replace(b"Host: x\r\n", b""),
    lambda head: head.replace(b" HTTP/1.1", b"", 1),
    lambda head: head.replace(b"GET /", b"GET http://x/", 1),
    lambda head: b"OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    lambda head: head.replace(b"GET", b"G\xffT", 1),
    lambda head: head.replace(b"Host: x\r\n", b"Host: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n"),
    lambda head: head.replace(b"Host: x\r\n", b"Host: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n"),
    lambda head: head + head,
    lambda head: b"\r\n\r\n" + head,
]


def one_raw(rng: random.Random, codes: list[str]) -> bytes:
    """A head broken on purpose (line endings, folds, NULs, versions, sizes), or with bytes of it replaced."""
    target = rng.choice(routes(rng.choice(codes), "simstown", "x")) + rng.choice(queries(rng.choice(codes), "1"))
    head = head_bytes("GET", target, [("Host", "x")], b"")
    if rng.random() < 0.3:
        spots = [i for i in range(len(head) - 4) if head[i] not in b"\r\n"]
        broken = bytearray(head)
        for spot in rng.sample(spots, 3):
            broken[spot] = rng.choice([0, 9, 0x7F, 0xFF, 0xC3, ord("%"), ord(":"), ord(" ")])
        return bytes(broken)
    return rng.choice(BREAKS)(head)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real `rollsheet serve --proxy`, its log in a file, rooms of every game open: (base, codes, log)."""
    folder = tmp_path_factory.mktemp("fuzz")
    log = folder / "serve.log"
    with open(log, "w") as written, serving(folder, "--proxy", "--threads", 4, stderr=written) as (base, _):
        codes = [call(base, "/api/rooms", {"game": game})[2]["code"] for game in GAMES]
        yield base, codes, log


def sent_all(base: str, requests: list[bytes]) -> Counter:
    """Send the requests four at a time: how many got each status (0: no answer)."""
    with ThreadPoolExecutor(4) as pool:
        return Counter(pool.map(lambda data: exchange(base, data, timeout=15)[0], requests))


def wrong(statuses: Counter) -> dict:
    """The statuses no request may get: none at all, or a server error other than 503 (overloaded)."""
    return {status: n for status, n in statuses.items() if status == 0 or (status >= 500 and status != 503)}


def test_seeded_random_requests_with_hostile_headers_get_no_500(server):
    base, codes, _ = server
    rng = random.Random(28)
    statuses = sent_all(base, [one_random(rng, codes) for _ in range(COUNTS["random"])])
    assert sum(statuses.values()) == COUNTS["random"] and wrong(statuses) == {}, statuses


def test_broken_heads_are_answered_and_never_with_a_500(server):
    base, codes, _ = server
    rng = random.Random(2628)
    statuses = sent_all(base, [one_raw(rng, codes) for _ in range(COUNTS["raw"])])
    assert wrong(statuses) == {}, statuses
    assert statuses[400] > COUNTS["raw"] // 4 and statuses[431] > 0


def test_hypothesis_requests_get_no_500(server):
    base, codes, _ = server
    answered = Counter()

    @settings(max_examples=COUNTS["hypothesis"], deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(method=st.sampled_from(METHODS), code=st.sampled_from(codes) | st.text(DIGITS + "ZK7%", max_size=8),
           path_index=st.integers(0, 21), query_index=st.integers(0, 13),
           number=st.sampled_from(NUMBERS) | st.text(max_size=6), part=st.text(max_size=12),
           extra=st.lists(st.tuples(st.sampled_from(sorted(HOSTILE)), st.integers(0, 99)), max_size=4,
                          unique_by=lambda pair: pair[0]),
           body=st.sampled_from(BODIES) | st.binary(max_size=64) | st.text(max_size=20).map(str.encode),
           content_type=st.sampled_from(TYPES))
    def one(method, code, path_index, query_index, number, part, extra, body, content_type):
        path = routes(quote(code, safe=""), "copenhagen", quote(part, safe=""))[path_index]
        target = path + queries(codes[0], number)[query_index]
        headers = [(name, HOSTILE[name][i % len(HOSTILE[name])]) for name, i in extra]
        status = exchange(base, assembled(method, target, headers, body, content_type), timeout=15)[0]
        answered[status] += 1
        assert status != 0 and (status < 500 or status == 503), (method, target, headers, body)

    one()
    assert sum(answered.values()) >= COUNTS["hypothesis"]


def test_the_server_log_holds_no_traceback_and_the_tables_still_play(server):
    base, codes, log = server
    assert all(call(base, f"/api/rooms/{code}")[0] == 200 for code in codes)
    text = log.read_text()
    assert "Traceback" not in text and " 500 " not in text, text[-3000:]
