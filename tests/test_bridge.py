"""Flask behind the loop: a request that waited too long for a worker is refused (503), never run late."""
from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.store import group_commit
from companion.web import bridge
from companion.web.threads import Threads


def test_a_request_that_waited_past_the_limit_is_refused_and_not_run(monkeypatch):
    monkeypatch.setattr(bridge, "QUEUE_WAIT_S", 0.05)
    release, ran = threading.Event(), []

    async def scene():
        pool = bridge.Pool(app=None, threads=1, queue=10, address=("127.0.0.1", 5000))
        holding = threading.Event()
        blocking = asyncio.ensure_future(pool.run(lambda: holding.set() or release.wait(5)))
        await asyncio.get_running_loop().run_in_executor(None, holding.wait, 5)  # it holds the one turn
        late = asyncio.ensure_future(pool.run(ran.append, "late move"))
        await asyncio.sleep(0.2)
        release.set()
        await blocking
        with pytest.raises(bridge.Busy):
            await late
        assert await pool.run(ran.append, "next move") is None
        pool.threads.shutdown()

    with ThreadPoolExecutor(1) as apart:
        apart.submit(asyncio.run, scene()).result()
    assert ran == ["next move"]


def in_a_scene(scene) -> None:
    """Run the coroutine `scene` on a loop of its own, apart from pytest's thread."""
    with ThreadPoolExecutor(1) as apart:
        apart.submit(asyncio.run, scene()).result()


def test_no_more_requests_run_at_once_than_the_pool_has_turns():
    release, started = threading.Event(), []

    def computing():
        started.append("first")
        release.wait(5)

    async def scene():
        pool = bridge.Pool(app=None, threads=1, queue=10, address=("127.0.0.1", 5000))
        first = asyncio.ensure_future(pool.run(computing))
        await asyncio.sleep(0.05)
        second = asyncio.ensure_future(pool.run(started.append, "second"))
        await asyncio.sleep(0.2)
        assert started == ["first"]  # a spare thread is there, but the one turn is taken
        release.set()
        await asyncio.gather(first, second)
        assert started == ["first", "second"]
        pool.threads.shutdown()

    in_a_scene(scene)


def test_a_request_waiting_for_its_commit_lets_the_next_one_run():
    committed, ran = threading.Event(), []

    def waiting_for_its_commit():
        with group_commit.ASIDE.get()():
            committed.wait(5)
        return "moved"

    async def scene():
        pool = bridge.Pool(app=None, threads=1, queue=10, address=("127.0.0.1", 5000))
        first = asyncio.ensure_future(pool.run(waiting_for_its_commit))
        await asyncio.sleep(0.05)
        await asyncio.wait_for(pool.run(ran.append, "next move"), 2)  # runs while the first waits
        assert not first.done()
        committed.set()
        assert await first == "moved"
        pool.threads.shutdown()

    in_a_scene(scene)
    assert ran == ["next move"]


def test_a_jobs_error_is_raised_where_it_is_awaited_and_shutdown_lets_the_queued_jobs_run():
    async def scene():
        threads = Threads(1, "test")
        with pytest.raises(ZeroDivisionError):
            await threads.run(lambda: 1 / 0)
        release, ran = threading.Event(), []
        threads.run(release.wait, 5).cancel()  # its request went away: its result is dropped, the thread goes on
        queued = threads.run(ran.append, "queued")
        release.set()
        await queued
        threads.run(ran.append, "last")
        await asyncio.get_running_loop().run_in_executor(None, threads.shutdown)
        assert ran == ["queued", "last"] and not any(thread.is_alive() for thread in threads.threads)

    in_a_scene(scene)


def test_jobs_one_at_a_time_go_to_the_same_thread_and_jobs_beyond_the_threads_wait_their_turn():
    async def scene():
        threads = Threads(3, "test")
        names = [await threads.run(lambda: threading.current_thread().name) for _ in range(5)]
        assert len(set(names)) == 1 and len(threads.threads) == 1  # the thread idle last works on, its caches warm
        # (SQLite's pages), and no other thread was started for nothing
        release, order = threading.Event(), []
        busy = [threads.run(release.wait, 5) for _ in range(3)]
        waiting = [threads.run(order.append, n) for n in range(4)]  # every thread is busy: these wait, then run
        release.set()
        await asyncio.gather(*busy, *waiting)
        assert sorted(order) == [0, 1, 2, 3] and len(threads.threads) == 3  # never more than its count
        await asyncio.get_running_loop().run_in_executor(None, threads.shutdown)

    in_a_scene(scene)
