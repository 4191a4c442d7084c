"""Who is away (companion/rooms/presence.py): a seat is present while a stream of any process holds it, away from the
moment its last one ends; the seats a stream names, and the relay's presence messages."""
from __future__ import annotations

from companion.rooms.presence import Presence, seats_named, with_away
from companion.web.relay import arrived, message


def test_a_seat_is_away_once_its_last_stream_ends_and_present_again_when_one_comes_back():
    seen = Presence()
    assert seen.arrive([0, 1]) and seen.away_s() == {}
    seen.arrive([1])
    seen.depart([1])
    assert seen.away_s() == {}  # Ben's other phone still streams
    changes = seen.changes
    assert seen.depart([0, 1]) and set(seen.away_s()) == {0, 1} and seen.changes == changes + 1
    seen.arrive([1])
    assert set(seen.away_s()) == {0}
    state = with_away({"seats": [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Ben"}, {"seat": 2, "name": "Cy"}]},
                      seen)
    assert [seat["away_s"] for seat in state["seats"]] == [0, None, None]  # Cy: no stream ever named her


def test_a_seat_streamed_by_another_process_is_present_until_that_process_says_otherwise():
    seen = Presence()
    assert seen.heard("other:1", {"seats": [2], "away_s": {}}) and seen.away_s() == {}
    changes = seen.changes
    assert seen.arrive([2]) and seen.changes == changes  # the other processes hear of it; the phones, nothing new
    seen.depart([2])
    assert seen.away_s() == {}
    assert seen.heard("other:1", {"seats": [], "away_s": {}}) and set(seen.away_s()) == {2}


def test_a_process_that_watched_a_room_late_learns_who_left_from_the_process_that_saw_it():
    ana_and_ben = Presence()  # the process holding Ana's and Ben's streams
    ana_and_ben.arrive([0])
    ana_and_ben.arrive([1])
    latecomer = Presence()  # another process: its first stream of the room came after Ben's
    latecomer.arrive([])
    ana_and_ben.depart([1])
    changes = latecomer.changes
    assert latecomer.heard("other:1", ana_and_ben.told()) and latecomer.changes == changes + 1
    assert set(latecomer.away_s()) == {1}
    assert not latecomer.heard("other:1", ana_and_ben.told())  # told again: nothing new for the phones


def test_a_stream_names_whole_seat_ids_only():
    assert seats_named("2,0,x,-1,2,,99999") == [0, 2] and seats_named("") == []
    assert len(seats_named(",".join(map(str, range(50))))) == 8


def test_a_relay_message_of_presence_reaches_the_hub():
    calls = []

    class Loop:
        def call_soon(self, *call):
            calls.append(call)

    class Hub:
        def heard(self, *args): ...
        def arrived(self, *args): ...

    hub = Hub()
    arrived(b'K7QX2M presence host:42\n{"seats": [0, 3], "away_s": {"1": 4}}', Loop(), hub)
    arrived(b"K7QX2M 7 de\n", Loop(), hub)  # too large to carry its state: read it anew
    arrived(message("K7QX2M", {"version": 8}, "es", b'{"version":8,"log":[]}', 100), Loop(), hub)
    assert calls == [(hub.heard, "K7QX2M", "host:42", {"seats": [0, 3], "away_s": {"1": 4}}),
                     (hub.arrived, "K7QX2M", 7, None, None),
                     (hub.arrived, "K7QX2M", 8, b'{"version":8}', {"es": b'{"version":8,"log":[]}'})]
    assert message("K7QX2M", {"version": 8}, "es", b'{"version":8,"log":[]}', 40) == b"K7QX2M 8 es\n"
