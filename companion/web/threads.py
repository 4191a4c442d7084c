"""Threads that run the loop's blocking work (the app, the store) and hand each result back to the loop.

`concurrent.futures.ThreadPoolExecutor` behind `loop.run_in_executor` costs 120 k instructions a hand-over (a future
of its own with a condition and its lock, a second future chained to the loop's, its count of idle threads): as much
as a tenth of a move. Here a job is a tuple on a `queue.SimpleQueue` and its result is set on the loop's own future
with `call_soon_threadsafe`: 19 k.
"""
from __future__ import annotations

import asyncio
import queue
import threading

STOP = None
"""What a thread takes from the queue to end."""


class Threads:
    """`count` threads taking jobs in order; `run` (on the loop) awaits one job's result."""

    def __init__(self, count: int, name: str):
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.threads = [threading.Thread(target=self._work, name=f"{name}_{n}", daemon=True) for n in range(count)]
        for thread in self.threads:
            thread.start()

    def run(self, function, *args) -> asyncio.Future:
        """`function(*args)` on one of the threads: a future of the loop's, done with its result or its error."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self.jobs.put((loop, done, function, args))
        return done

    def shutdown(self) -> None:
        """Let the jobs queued and in progress finish, then end the threads (call it off the loop)."""
        for _ in self.threads:
            self.jobs.put(STOP)
        for thread in self.threads:
            thread.join()

    def _work(self) -> None:
        while True:
            job = self.jobs.get()
            if job is STOP:
                return
            _run(*job)
            del job  # no request kept alive while the thread waits for the next one


def _run(loop: asyncio.AbstractEventLoop, done: asyncio.Future, function, args: tuple) -> None:
    """Run one job and hand its result, or its error, to the loop."""
    try:
        result = function(*args)
    except BaseException as error:  # raised where the job is awaited, as run_in_executor does
        loop.call_soon_threadsafe(_settle, done, None, error)
    else:
        loop.call_soon_threadsafe(_settle, done, result, None)


def _settle(done: asyncio.Future, result, error: BaseException | None) -> None:
    """Set a job's outcome on its future, unless the loop gave up on it (its request was cancelled)."""
    if done.cancelled():
        return
    if error is None:
        done.set_result(result)
    else:
        done.set_exception(error)
