"""The store's queries of groups and their plays (companion/groups), in SQL both engines speak.

Glossary:
- group row: (name, created, last, location) of a group: `last` is its newest play (or when it was made), which
  `--keep-group-days` counts from; a deleted group (`deleted` set) has none until it is restored.
- player row: (id, name) of a name within a group; plays name their players by this id, so a rename is one row.
- play row: (id, game, played, duration in minutes or None, room or None, tie-break JSON text or None), then
  its players' rows (position, player id, name, score, rank, winner, start, breakdown JSON text) in position order,
  then `imported_from`: the id the play had where it was exported, when an import gave it another (or None).
- group room: a room opened from a group's page (its saved final score becomes a play of the group).
- group log: what was changed by hand (a play corrected, deleted, entered; names renamed or merged), newest first.
"""
from __future__ import annotations

from typing import NamedTuple

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS groups (code TEXT PRIMARY KEY, name TEXT NOT NULL, created {real} NOT NULL, "
    "last {real} NOT NULL)",
    "CREATE TABLE IF NOT EXISTS group_players (id TEXT PRIMARY KEY, group_code TEXT NOT NULL, name TEXT NOT NULL, "
    "folded TEXT NOT NULL, UNIQUE (group_code, folded))",
    "CREATE TABLE IF NOT EXISTS plays (id TEXT PRIMARY KEY, group_code TEXT NOT NULL, game TEXT NOT NULL, "
    "played {real} NOT NULL, duration INTEGER, room TEXT, tiebreak TEXT, entered {real} NOT NULL)",
    "CREATE INDEX IF NOT EXISTS plays_by_group ON plays (group_code, played)",
    "CREATE TABLE IF NOT EXISTS play_players (play TEXT NOT NULL, position INTEGER NOT NULL, player TEXT NOT NULL, "
    "score INTEGER NOT NULL, rank INTEGER NOT NULL, winner INTEGER NOT NULL, start INTEGER NOT NULL, "
    "breakdown TEXT NOT NULL, PRIMARY KEY (play, position))",
    "CREATE INDEX IF NOT EXISTS play_players_by_player ON play_players (player)",
    "CREATE TABLE IF NOT EXISTS group_rooms (room TEXT PRIMARY KEY, group_code TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS group_log (id {serial}, group_code TEXT NOT NULL, at {real} NOT NULL, "
    "kind TEXT NOT NULL, params TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS group_log_by_group ON group_log (group_code, id)",
]
"""Schema 5, the groups' tables, in each engine's words for a real number and an id column; a database whose
version was set back (it has them already) keeps its own."""
SOURCES = ["ALTER TABLE plays ADD COLUMN imported_from TEXT",
           "CREATE INDEX IF NOT EXISTS plays_by_source ON plays (group_code, imported_from)"]
"""Schema 6: a play imported under a new id keeps the id it was exported with, so importing it again skips it."""
DELETED = "ALTER TABLE groups ADD COLUMN deleted {real}"
"""Schema 8: when a group was deleted (NULL while it is not): it is kept, restorable, for groups.KEEP_DELETED_DAYS."""
LOCATION = "ALTER TABLE groups ADD COLUMN location TEXT"
"""Schema 9: where the group plays (NULL: not said), the `location` of its plays' BG Stats links."""
GROUP_TABLES = {"groups": "code", "group_players": "group_code", "plays": "group_code", "group_rooms": "group_code",
                "group_log": "group_code"}
"""Each table of a group's rows, by the column that names the group (a play's players go with their play)."""


def make_schema(connection, real: str, serial: str) -> None:
    """Schema 5: the groups' tables (`real`, `serial`: the engine's type of a real number and of an id column)."""
    for statement in SCHEMA:
        connection.execute(statement.format(real=real, serial=serial))


def add_sources(connection, columns: set[str]) -> None:
    """Schema 6: `plays.imported_from` (SOURCES), unless `columns` (the plays table's now) has it already (a database
    whose version was set back)."""
    for statement in SOURCES[1:] if "imported_from" in columns else SOURCES:
        connection.execute(statement)


def add_deleted(connection, real: str, columns: set[str]) -> None:
    """Schema 8: `groups.deleted` (DELETED), unless `columns` (the groups table's now) has it already."""
    if "deleted" not in columns:
        connection.execute(DELETED.format(real=real))


def add_location(connection, columns: set[str]) -> None:
    """Schema 9: `groups.location` (LOCATION), unless `columns` (the groups table's now) has it already."""
    if "location" not in columns:
        connection.execute(LOCATION)


class PlayRow(NamedTuple):
    """A play as stored, its players in position order."""

    id: str
    game: str
    played: float
    duration: int | None
    room: str | None
    tiebreak: str | None
    players: list[tuple]
    imported_from: str | None = None


class GroupQueries:
    """The group queries of a transaction (mixed into store.Queries, whose `run` and `lock` they use)."""

    # groups
    def add_group(self, code: str, name: str, now: float) -> bool:
        """Make group `code`; False when the code is taken."""
        return self.run("INSERT INTO groups (code, name, created, last) VALUES (?, ?, ?, ?) ON CONFLICT (code) DO "
                        "NOTHING", (code, name, now, now)).rowcount == 1

    def group(self, code: str) -> tuple | None:
        """(name, created, last, location) of group `code` (locked when the transaction writes), or None."""
        return self.run("SELECT name, created, last, location FROM groups WHERE code = ? AND deleted IS NULL"
                        + self.lock, (code,)).fetchone()

    def deleted_group(self, code: str) -> tuple | None:
        """(name, deleted) of group `code` when it is deleted (locked when the transaction writes), or None."""
        return self.run("SELECT name, deleted FROM groups WHERE code = ? AND deleted IS NOT NULL" + self.lock,
                        (code,)).fetchone()

    def set_group_deleted(self, code: str, at: float | None) -> None:
        """Mark a group deleted at `at` (None: restored)."""
        self.run("UPDATE groups SET deleted = ? WHERE code = ?", (at, code))

    def set_group_location(self, code: str, location: str | None) -> None:
        """Say where the group plays (None: not said)."""
        self.run("UPDATE groups SET location = ? WHERE code = ?", (location, code))

    def play_count(self, code: str) -> int:
        """How many plays group `code` holds."""
        return self.run("SELECT COUNT(*) FROM plays WHERE group_code = ?", (code,)).fetchone()[0]

    def touch_group(self, code: str, at: float) -> None:
        """The group was played at `at`: it is kept from then on."""
        self.run("UPDATE groups SET last = ? WHERE code = ? AND last < ?", (at, code, at))

    def purge_group(self, code: str) -> None:
        """Drop a group with its players, plays, rooms' links and log."""
        self.run("DELETE FROM play_players WHERE play IN (SELECT id FROM plays WHERE group_code = ?)", (code,))
        for table, column in GROUP_TABLES.items():
            self.run(f"DELETE FROM {table} WHERE {column} = ?", (code,))

    def idle_groups(self, before: float, deleted_before: float) -> list[str]:
        """The codes of the groups with no play since `before` or deleted before `deleted_before`."""
        return [row[0] for row in self.run("SELECT code FROM groups WHERE last < ? OR deleted < ?",
                                           (before, deleted_before)).fetchall()]

    # players
    def players(self, code: str) -> list[tuple]:
        """(id, name) of a group's players, by name."""
        return self.run("SELECT id, name FROM group_players WHERE group_code = ? ORDER BY folded, id",
                        (code,)).fetchall()

    def add_player(self, player: str, code: str, name: str, folded: str) -> None:
        """Add a name to a group."""
        self.run("INSERT INTO group_players (id, group_code, name, folded) VALUES (?, ?, ?, ?)",
                 (player, code, name, folded))

    def player_taken(self, player: str) -> bool:
        """Whether player id `player` names a player of any group here."""
        return self.run("SELECT 1 FROM group_players WHERE id = ?", (player,)).fetchone() is not None

    def rename_player(self, player: str, name: str, folded: str) -> None:
        """Give a player a new name."""
        self.run("UPDATE group_players SET name = ?, folded = ? WHERE id = ?", (name, folded, player))

    def shared_plays(self, player: str, other: str) -> int:
        """How many plays both players played in."""
        return self.run("SELECT COUNT(*) FROM play_players AS a JOIN play_players AS b ON a.play = b.play "
                        "WHERE a.player = ? AND b.player = ?", (player, other)).fetchone()[0]

    def merge_player(self, player: str, into: str) -> None:
        """Count a player's plays as `into`'s and drop the player."""
        self.run("UPDATE play_players SET player = ? WHERE player = ?", (into, player))
        self.run("DELETE FROM group_players WHERE id = ?", (player,))

    # plays
    def play_taken(self, play: str) -> str | None:
        """The group holding play id `play` (on this server), or None."""
        row = self.run("SELECT group_code FROM plays WHERE id = ?", (play,)).fetchone()
        return row and row[0]

    def holds_play(self, code: str, ids: list[str]) -> bool:
        """True when group `code` has a play whose id, or whose id where it was exported, is one of `ids`."""
        marks = ", ".join("?" * len(ids))
        return self.run(f"SELECT 1 FROM plays WHERE group_code = ? AND (id IN ({marks}) OR imported_from IN "
                        f"({marks}))", (code, *ids, *ids)).fetchone() is not None

    def save_play(self, code: str, row: PlayRow, entered: float) -> None:
        """Keep a play (a new one, or one corrected: its players are replaced)."""
        self.run("INSERT INTO plays (id, group_code, game, played, duration, room, tiebreak, entered, imported_from) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET game = excluded.game, played = "
                 "excluded.played, duration = excluded.duration, tiebreak = excluded.tiebreak",
                 (row.id, code, row.game, row.played, row.duration, row.room, row.tiebreak, entered,
                  row.imported_from))
        self.run("DELETE FROM play_players WHERE play = ?", (row.id,))
        for position, (player, score, rank, winner, start, breakdown) in enumerate(row.players):
            self.run("INSERT INTO play_players (play, position, player, score, rank, winner, start, breakdown) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (row.id, position, player, score, rank, int(winner),
                                                          int(start), breakdown))

    def plays(self, code: str, play: str | None = None) -> list[PlayRow]:
        """A group's plays, oldest first (only play `play`, when given)."""
        where, args = ("p.group_code = ? AND p.id = ?", (code, play)) if play else ("p.group_code = ?", (code,))
        rows = self.run("SELECT p.id, p.game, p.played, p.duration, p.room, p.tiebreak, pp.position, pp.player, "
                        "g.name, pp.score, pp.rank, pp.winner, pp.start, pp.breakdown, p.imported_from FROM plays AS p "
                        "JOIN "
                        "play_players AS pp ON pp.play = p.id JOIN group_players AS g ON g.id = pp.player WHERE "
                        f"{where} ORDER BY p.played, p.entered, p.id, pp.position", args).fetchall()
        plays: dict[str, PlayRow] = {}
        for row in rows:
            kept = plays.setdefault(row[0], PlayRow(*row[:6], [], row[14]))
            kept.players.append((row[7], row[8], row[9], row[10], bool(row[11]), bool(row[12]), row[13]))
        return list(plays.values())

    def play_of_room(self, code: str, room: str) -> str | None:
        """The id of the play a group's room saved, or None."""
        row = self.run("SELECT id FROM plays WHERE group_code = ? AND room = ?", (code, room)).fetchone()
        return row and row[0]

    def delete_play(self, play: str) -> None:
        """Drop a play and its players' scores."""
        self.run("DELETE FROM play_players WHERE play = ?", (play,))
        self.run("DELETE FROM plays WHERE id = ?", (play,))

    # the group's rooms
    def set_room_group(self, room: str, code: str) -> None:
        """Room `room` was opened from group `code`'s page."""
        self.run("INSERT INTO group_rooms (room, group_code) VALUES (?, ?) ON CONFLICT (room) DO UPDATE SET "
                 "group_code = excluded.group_code", (room, code))

    def group_of_room(self, room: str) -> str | None:
        """The code of the group a room was opened from, or None."""
        row = self.run("SELECT group_code FROM group_rooms WHERE room = ?", (room,)).fetchone()
        return row and row[0]

    def move_span(self, room: str, not_moves: tuple[str, ...]) -> tuple | None:
        """(time, seat) of a room's first move and time of its last (log entries of kinds not in `not_moves`),
        or None before the first move."""
        kinds = ", ".join("?" * len(not_moves))
        first = self.run(f"SELECT at, seat FROM room_log WHERE room = ? AND kind NOT IN ({kinds}) ORDER BY id LIMIT 1",
                         (room, *not_moves)).fetchone()
        if first is None:
            return None
        last = self.run(f"SELECT MAX(at) FROM room_log WHERE room = ? AND kind NOT IN ({kinds})",
                        (room, *not_moves)).fetchone()
        return first[0], first[1], last[0]

    # the group's log
    def add_group_entry(self, code: str, at: float, kind: str, params: str) -> None:
        """Log a change made to a group by hand."""
        self.run("INSERT INTO group_log (group_code, at, kind, params) VALUES (?, ?, ?, ?)", (code, at, kind, params))

    def group_stamp(self, code: str) -> int:
        """The id of a group's newest log entry: every change to the group logs one, so it names the group's state."""
        return self.run("SELECT MAX(id) FROM group_log WHERE group_code = ?", (code,)).fetchone()[0] or 0

    def group_entries(self, code: str, limit: int) -> list[tuple]:
        """(at, kind, params JSON text) of a group's newest `limit` log entries, newest first."""
        return self.run("SELECT at, kind, params FROM group_log WHERE group_code = ? ORDER BY id DESC LIMIT ?",
                        (code, limit)).fetchall()
