"""Dice anyone can verify: every roll and draw of a room derived from its secret seed, its seats' seeds and a counter.

Glossary (docs/fair-dice.md says it for another program, with test vectors):
- seed: 32 random bytes a room draws when it opens (hex), kept secret until its game ends.
- commitment: SHA-256 of the seed's bytes (hex), shown before any roll; the revealed seed must hash to it.
- seat seed: a text of 1 to 128 characters a seat may add when it sits; it counts from the counter of that
  moment on (`from`), so rolls made before it sat stay what they were.
- counter: how many blocks the room has used, from 0; each block is used once.
- block(c): HMAC-SHA256(key = seed, message = SHA-256 of each seat seed with `from` <= c, in the order they sat,
  then c as 8 bytes big-endian).
- a number below n: k = the fewest bytes that hold n - 1 (at least 1), x = the first k bytes of block(c)
  big-endian; x below the largest multiple of n within 256^k gives x mod n, any other x is rejected (no bias)
  and block(c + 1) is tried.
- record (the room state's "fair"): {"seed", "commitment", "seats": [{"seat", "seed", "from"}], "counter",
  "draws": [[version, counter, below, result], ...]}: each roll of a die or draw of a tile, at the room version
  of the move that made it, `counter` the first block it tried.
- proof: the record once revealed, as `GET /api/rooms/<code>/proof` answers and `rollsheet verify` checks it.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

SEED_BYTES = 32
SEAT_SEED_LONGEST = 128
PROOF_FORMAT = 1


class ProofError(Exception):
    """A proof that does not check (or is no proof), said in one sentence."""


def commitment(seed_hex: str) -> str:
    """The SHA-256 (hex) of a seed given in hex."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def opened() -> dict:
    """The record of a room that opens now: a fresh secret seed, its commitment, no seat seeds, no draws."""
    seed = secrets.token_hex(SEED_BYTES)
    return {"seed": seed, "commitment": commitment(seed), "seats": [], "counter": 0, "draws": []}


def seated(record: dict, seat: int, seat_seed: str) -> dict:
    """The record with a seat's seed added, counting from the record's counter now."""
    return dict(record, seats=[*record["seats"], {"seat": seat, "seed": seat_seed, "from": record["counter"]}])


def block(seed_hex: str, seat_seeds: list[str], counter: int) -> bytes:
    """The 32 bytes of block `counter`, derived from the seed and the seat seeds that count at that counter."""
    message = b"".join(hashlib.sha256(s.encode("utf-8")).digest() for s in seat_seeds) + counter.to_bytes(8, "big")
    return hmac.new(bytes.fromhex(seed_hex), message, hashlib.sha256).digest()


def number_below(n: int, block_bytes: bytes) -> int | None:
    """The number below `n` a block gives, or None when the block is rejected (it would bias the result)."""
    size = max(1, ((n - 1).bit_length() + 7) // 8)
    x, span = int.from_bytes(block_bytes[:size], "big"), 256 ** size
    return x % n if x < span - span % n else None


def derived(seed_hex: str, seats: list[dict], counter: int, n: int) -> tuple[int, int]:
    """(the number below `n` drawn from block `counter` on, the counter after it): rejected blocks are skipped."""
    while True:
        counting = [s["seed"] for s in seats if s["from"] <= counter]
        result = number_below(n, block(seed_hex, counting, counter))
        counter += 1
        if result is not None:
            return result, counter


class Source:
    """A room's random source for one move (`randbelow`, as the mechanics use): each draw noted in the record."""

    def __init__(self, record: dict, version: int):
        self.record, self.version = dict(record, draws=list(record["draws"])), version

    def randbelow(self, n: int) -> int:
        """A number 0..n-1, each equally likely, derived from the record's next blocks."""
        start = self.record["counter"]
        result, self.record["counter"] = derived(self.record["seed"], self.record["seats"], start, n)
        self.record["draws"].append([self.version, start, n, result])
        return result


def proof(record: dict, room: str, game: str, layout_schema: int, names: dict[int, str]) -> dict:
    """The whole record of a room's dice, seed revealed, as `rollsheet verify` reads it."""
    return {"proof": PROOF_FORMAT, "room": room, "game": game, "layout_schema": layout_schema,
            "commitment": record["commitment"], "seed": record["seed"],
            "seats": [dict(s, name=names.get(s["seat"])) for s in record["seats"]],
            "draws": [{"version": v, "counter": c, "below": n, "result": r} for v, c, n, r in record["draws"]],
            "counter": record["counter"]}


def _draw_fields(draw) -> tuple[int, int, int, int]:
    version, counter, below, result = (draw[key] for key in ("version", "counter", "below", "result"))
    if not all(isinstance(v, int) for v in (version, counter, below, result)) or not 1 <= below <= 2 ** 64:
        raise ValueError("a roll or draw's version, counter, below and result are whole numbers, below 1 to 2^64")
    return version, counter, below, result


def checked(proof: dict) -> int:
    """How many rolls and draws a proof holds, when the seed fits its commitment and every one re-derives to its
    result, each starting where the one before left the counter; ProofError names the first that does not."""
    try:
        seed, seats, draws = proof["seed"], proof["seats"], proof["draws"]
        if not all(isinstance(s["seed"], str) and isinstance(s["from"], int) for s in seats):
            raise ValueError("each seat has a text seed and a whole number from")
        if commitment(seed) != proof["commitment"]:
            raise ProofError("the seed does not hash to the commitment: it is not the seed the room showed")
        counter = 0
        for number, draw in enumerate(draws, 1):
            version, start, below, result = _draw_fields(draw)
            said = f"roll or draw {number} of {len(draws)} (version {version}, counter {start})"
            if start != counter:
                raise ProofError(f"{said} does not start at counter {counter}, where the one before left it")
            got, counter = derived(seed, seats, start, below)
            if got != result:
                raise ProofError(f"{said} does not check: the seeds give {got} below {below}, the proof says {result}")
        if proof.get("counter", counter) != counter:
            raise ProofError(f"the proof says the counter reached {proof['counter']}, its rolls and draws reach "
                             f"{counter}: a roll or draw is missing")
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ProofError(f"not a proof of rollsheet's dice ({type(error).__name__}: {error})") from None
    return len(draws)
