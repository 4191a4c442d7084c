"""A real `rollsheet serve` (`python -m sheets.cli serve`) in a subprocess, for socket, limit and header tests."""
from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run_serve(*args, timeout: float = 30) -> subprocess.CompletedProcess:
    """`rollsheet serve ARGS` run to its end (for the ways it refuses to start)."""
    return subprocess.run([sys.executable, "-m", "sheets.cli", "serve", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


SERVE = [sys.executable, "-m", "sheets.cli", "serve"]


@contextmanager
def serving(data: Path, *args, command: list[str] = SERVE, stderr=subprocess.PIPE, port: int | None = None,
            start_s: float = 30):
    """Start `rollsheet serve` (or `command`) on a free loopback port (or `port`), waiting up to `start_s` for it;
    yield (base URL, process); always stop it."""
    port = port or free_port()
    process = subprocess.Popen([*command, "--host", "127.0.0.1", "--port", str(port), "--data", str(data),
                                *map(str, args)], cwd=ROOT, stdout=subprocess.PIPE, stderr=stderr, text=True)
    try:
        deadline = time.monotonic() + start_s
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    said = process.stderr.read() if process.stderr else ""
                    raise RuntimeError(f"the server did not start: {said}") from None
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}", process
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def call(base: str, path: str, body=None, headers: dict | None = None, method: str | None = None):
    """(status, headers, JSON or text answer) of a request; a dict `body` is sent as JSON."""
    data = json.dumps(body).encode() if isinstance(body, (dict, list)) else body
    sent = {"Content-Type": "application/json"} if isinstance(body, (dict, list)) else {}
    request = urllib.request.Request(base + path, data, {**sent, **(headers or {})}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, head, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, head, raw = error.code, error.headers, error.read()
    is_json = (head.get("Content-Type") or "").startswith("application/json")
    return status, head, json.loads(raw) if is_json else raw.decode("utf-8", "replace")


def serve_processes(pid: int) -> list[int]:
    """A `rollsheet serve` process and its live workers (`/proc/<pid>/task/<pid>/children`); [pid] once it is gone."""
    try:
        return [pid, *map(int, Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]
    except OSError:
        return [pid]


def within(seconds: float, condition, pause=lambda: time.sleep(0.05)) -> bool:
    """Whether `condition()` comes true within `seconds` (asked after each `pause`): a wait with a deadline."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        pause()
    return True


def raw(base: str, data: bytes, read_timeout: float = 10) -> bytes:
    """Send raw bytes on a new connection; everything the server answers until it closes or goes quiet."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=read_timeout) as conn:
        conn.sendall(data)
        answer = b""
        try:
            while chunk := conn.recv(65536):
                answer += chunk
        except (TimeoutError, ConnectionResetError):
            pass
    return answer


def exchange(base: str, data: bytes, timeout: float = 10) -> tuple[int, dict, bytes]:
    """Send one raw request on a new connection: (status, headers, body) of the answer, the body read by its
    Content-Length (an event stream: up to its first event); status 0 when no answer came."""
    host, port = base.removeprefix("http://").split(":")
    answer = b""
    with socket.create_connection((host, int(port)), timeout=timeout) as conn:
        conn.sendall(data)
        try:
            while not _complete(answer, data.startswith(b"HEAD ")) and (chunk := conn.recv(65536)):
                answer += chunk
        except (TimeoutError, ConnectionResetError):
            pass
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    status = lines[0].split()
    return (int(status[1]) if len(status) > 1 and status[1].isdigit() else 0), headers, body


def _complete(answer: bytes, head_only: bool) -> bool:
    """True once `answer` holds a whole head and its body (an event stream: its first event)."""
    head, found, body = answer.partition(b"\r\n\r\n")
    if not found:
        return False
    length = re.search(rb"\r\nContent-Length: (\d+)", head)
    if head_only:
        return True
    return len(body) >= int(length[1]) if length else body.count(b"\n\n") >= 2
