"""Threads that run the loop's blocking work (the app, the store) and hand each result back to the loop.

`concurrent.futures.ThreadPoolExecutor` behind `loop.run_in_executor` costs 120 k instructions a hand-over (a future
of its own with a condition and its lock, a second future chained to the loop's, its count of idle threads): as much
as a tenth of a move. Here a job is a tuple handed to a thread's own `queue.SimpleQueue` and its result is set on the
loop's own future with `call_soon_threadsafe`: 19 k. The job goes to the thread that became idle last: a thread
that works on keeps its caches (SQLite's pages of its connection, valid while no other connection wrote), where
taking turns among all of them read the pages again at every move (11 reads and 10 futex calls a move alone, a
fifth of its system time).

Glossary:
- inbox: a thread's own queue; it holds the next job, or STOP.
- backlog: jobs that came while every thread was busy, taken in order by the next thread done.
"""
from __future__ import annotations

import asyncio
import queue
import threading
from collections import deque

STOP = ("stop",)
"""What a thread takes from its inbox to end."""


class Threads:
    """At most `count` threads, each started when a job finds none idle; `run` (on the loop) hands a job to the one idle
    last and awaits its result."""

    def __init__(self, count: int, name: str):
        self.most, self.name = count, name
        self.lock, self.idle, self.backlog, self.stopping = threading.Lock(), [], deque(), False
        self.threads: list[threading.Thread] = []

    def run(self, function, *args) -> asyncio.Future:
        """`function(*args)` on one of the threads: a future of the loop's, done with its result or its error."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        job = (loop, done, function, args)
        with self.lock:
            if self.idle:
                inbox = self.idle.pop()
            elif len(self.threads) < self.most:
                inbox = self._started()
            else:
                self.backlog.append(job)
                return done
        inbox.put(job)
        return done

    def _started(self) -> queue.SimpleQueue:
        """A new thread's inbox (the thread waiting on it)."""
        inbox = queue.SimpleQueue()
        name = f"{self.name}_{len(self.threads)}"
        thread = threading.Thread(target=self._work, args=(inbox,), name=name, daemon=True)
        self.threads.append(thread)
        thread.start()
        return inbox

    def shutdown(self) -> None:
        """Let the jobs queued and in progress finish, then end the threads (call it off the loop)."""
        with self.lock:
            self.stopping, idle, self.idle = True, self.idle, []
        for inbox in idle:
            inbox.put(STOP)
        for thread in self.threads:
            thread.join()

    def _work(self, inbox: queue.SimpleQueue) -> None:
        job = inbox.get()
        while job is not STOP:
            loop, done, function, args = job
            outcome = _outcome(function, args)
            with self.lock:  # idle again before the loop hears of the result, so its next job comes here
                job = self.backlog.popleft() if self.backlog else STOP if self.stopping else None
                if job is None:
                    self.idle.append(inbox)
            loop.call_soon_threadsafe(_settle, done, *outcome)
            del done, function, args, outcome  # no request kept alive while the thread waits for its next job
            if job is None:
                job = inbox.get()


def _outcome(function, args: tuple) -> tuple:
    """(result, None) of `function(*args)`, or (None, its error): raised where the job is awaited, as run_in_executor
    does."""
    try:
        return function(*args), None
    except BaseException as error:
        return None, error


def _settle(done: asyncio.Future, result, error: BaseException | None) -> None:
    """Set a job's outcome on its future, unless the loop gave up on it (its request was cancelled)."""
    if done.cancelled():
        return
    if error is None:
        done.set_result(result)
    else:
        done.set_exception(error)
