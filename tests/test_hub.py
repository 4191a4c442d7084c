"""The live hub: one encoding per room version, every watcher woken, nothing kept for rooms nobody watches."""
from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

from companion.web.live import Hub
from tests.serving import within


def run(scene) -> None:
    """Run an async scene on a loop of its own (a browser test may hold this thread's loop)."""
    with ThreadPoolExecutor(1) as apart:
        apart.submit(asyncio.run, scene()).result()


def test_watchers_of_a_room_share_one_encoding_and_wake_at_its_next_version():
    async def scene():
        hub, reads = Hub(lambda state, language: state), []
        hub.attach(asyncio.get_running_loop())

        async def read():
            reads.append(1)
            return {"version": 3, "dice": []}

        first, second = await asyncio.gather(hub.join("ROOM", read), hub.join("ROOM", read))
        assert first is second and reads == [1] and first.encoded("en") is second.encoded("en")
        changed = first.changed
        hub.publish("ROOM", {"version": 4, "dice": [6]})
        hub.publish("OTHER", {"version": 9})
        hub.publish("ROOM", {"version": 4, "dice": ["stale twin"]})
        await asyncio.wait_for(changed, 1)
        assert first.version == 4 and first.encoded("en") == b'{"version":4,"dice":[6]}'
        hub.leave("ROOM")
        hub.leave("ROOM")
        assert hub.channels == {}

    run(scene)


def test_an_older_state_published_late_never_replaces_a_newer_one():
    async def scene():
        hub = Hub(lambda state, language: state)
        hub.attach(asyncio.get_running_loop())

        async def read():
            return {"version": 7}

        channel = await hub.join("ROOM", read)
        hub.publish("ROOM", {"version": 6})
        await asyncio.sleep(0.01)
        assert channel.version == 7

    run(scene)


def test_a_version_is_written_out_once_per_language_however_many_phones_read_it():
    async def scene():
        written = []

        def write(state, language):
            written.append((state["version"], language))
            return dict(state, said=language)

        hub = Hub(write)
        hub.attach(asyncio.get_running_loop())

        async def read():
            return {"version": 1}

        channel = await hub.join("ROOM", read)
        frames = [channel.encoded(language) for language in ("de", "es", "de", "en", "es", "de")]
        assert frames[0] is frames[2] is frames[5] and frames[1] is frames[4]
        assert frames[0] == b'{"version":1,"said":"de"}' and frames[3] == b'{"version":1,"said":"en"}'
        hub.publish("ROOM", {"version": 2})
        await asyncio.wait_for(channel.changed, 1)
        assert channel.encoded("de") == b'{"version":2,"said":"de"}'
        assert written == [(1, "de"), (1, "es"), (1, "en"), (2, "de")]
        hub.leave("ROOM")

    run(scene)


def test_a_change_published_in_one_worker_wakes_the_watchers_of_another(tmp_path):
    from companion.web.relay import SocketRelay

    async def scene():
        loop = asyncio.get_running_loop()
        rereads = []

        async def reread(code):
            rereads.append(code)
            return {"version": 9, "dice": ["read anew"]}

        written = []
        here = Hub(lambda state, language: dict(state, said=language))
        there = Hub(lambda state, language: written.append(language) or dict(state, said=language))
        here.attach(loop, SocketRelay(str(tmp_path), 0, 2))
        taken = []  # what the rooms take in of a relayed state (its log entries, rooms.relayed)
        there.attach(loop, SocketRelay(str(tmp_path), 1, 2), reread,
                     lambda code, state: taken.append((code, dict(state), watched.version)))

        async def read():
            return {"version": 3, "dice": []}

        watched = await there.join("ROOM", read)
        changed = watched.changed
        here.publish("ROOM", {"version": 4, "dice": [6]})
        here.publish("UNWATCHED", {"version": 4})
        await asyncio.wait_for(changed, 1)
        assert watched.encoded("en") == b'{"version":4,"dice":[6],"said":"en"}' and rereads == []
        assert written == []  # written out once, by the process that made the change, in its request's language
        # taken in before the phones here are told (they had version 3); the unwatched room's state is not even read
        assert taken == [("ROOM", {"version": 4, "dice": [6]}, 3)]
        assert watched.encoded("de") == b'{"version":4,"dice":[6],"said":"de"}' and written == ["de"]
        changed = watched.changed
        there.arrived("ROOM", 5, None)  # a message too large to carry its state
        await asyncio.wait_for(changed, 1)
        assert rereads == ["ROOM"] and watched.version == 9
        for hub in (here, there):
            hub.relay.stop(loop)

    run(scene)


def test_a_worker_hands_its_changes_to_the_relays_own_thread_and_never_waits_for_a_peer(tmp_path):
    from companion.web.relay import SocketRelay

    class StuckPeer:
        """A peer whose queue is full: a send waits until the test lets it go."""

        def __init__(self):
            self.senders, self.go, self.closed = [], threading.Event(), False

        def sendto(self, data, peer):
            self.senders.append(threading.current_thread().name)
            self.go.wait(10)

        def close(self):
            self.closed = True

    async def scene():
        loop = asyncio.get_running_loop()
        hub, relay, peer = Hub(lambda state, language: state), SocketRelay(str(tmp_path), 0, 2), StuckPeer()
        relay.out = peer
        hub.attach(loop, relay)
        for version in (1, 2, 3):
            hub.publish("ROOM", {"version": version})  # returns at once though the peer takes none
        peer.go.set()
        relay.stop(loop)
        assert within(5, lambda: peer.closed) and peer.senders == ["relay"] * 3

    run(scene)
