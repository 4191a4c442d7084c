"""The part every table mechanic shares: allowed moves from the moves' own refusals, the gate a move
passes, undo, and the declared end. A mechanic subclasses MechanicBase with its kind, phases and moves.

Glossary:
- options: every body a move could take now (all subsets of the dice, every step of the crystal...);
  allowed = the options whose refusal is None, for a seat whose role the phase is.
- sent with every move: player, token, seen, request (companion/rooms/actions.py); any other key of a body
  must be one of the move's parameters.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Iterable

from companion.rules.contract import Act, Entry, Move
from companion.rules.counters import count_move
from companion.rules.ending import end_move
from companion.rules.errors import Refused, impossible, malformed
from companion.rules.language import Speaker, current, gettext, speaker
from companion.rules.state import Over
from companion.rules.turns import copied, role_refusal
from companion.rules.words import OWN_SENTENCES, move_verb
from layouts import fill_values

SENT_WITH_EVERY_MOVE = frozenset({"player", "token", "seen", "request"})


@lru_cache(maxsize=16)
def subsets(count: int) -> tuple[tuple[int, ...], ...]:
    """Every set of die numbers 0..count-1 (the empty one first), each in order."""
    return tuple(chosen for size in range(count + 1) for chosen in combinations(range(count), size))



def dice_sets(act) -> Iterable[dict]:
    """Every set of the dice on the table, as a body's "dice" (the options of a move that names dice)."""
    return ({"dice": list(chosen)} for chosen in subsets(len(act.state["dice"])))


class MechanicBase:
    """A table mechanic bound to one game (its layout's `table:` section): see contract.Mechanic."""

    kind = ""
    PHASES: dict[str, str] = {}
    """phase -> what the table waits for in it, an infinitive ("roll the dice"), said after "waiting for Ana to";
    an instance keeps those its table has with its options (layouts/table.py)."""
    FIRST_PHASE = ""
    TABLE_KEYS: tuple[str, ...] = ()
    STATE: dict[str, object] = {}
    """The mechanic's own keys of a room's state and their shapes (the API's schema of a state, beside
    state.TableState's); TABLE_KEYS are those of them a stale move must not have missed."""
    BOARD = "generic"
    """The phone's board for this mechanic, named in every state (`board`): the mechanic's own (static/*.js), or
    "generic", drawn from the seats' `allowed` bodies."""
    SENTENCES: dict = {}
    """Log entry kind -> (game, params, who, say) -> the sentence of the mechanic's own entries (words.describe)."""
    REGISTERED: dict[str, type] = {}
    """Every mechanic class by its kind: a subclass with a kind registers itself (mechanics/__init__.py imports
    them all)."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.kind:
            MechanicBase.REGISTERED[cls.kind] = cls
            OWN_SENTENCES.update(cls.SENTENCES)

    def __init__(self, game):
        self.game, self.config = game, game.table
        self.PHASES = {phase: said for phase, said in self.PHASES.items() if phase in self.config.phases()}
        self._moves = self.own_moves()
        if self.config.declared_end:
            self._moves["end"] = end_move(self.PHASES)
        if self.config.counters:
            self._moves["count"] = count_move(self.config, self.PHASES)
        self._others_phases = {phase for m in self._moves.values() for phase, role in m.phases.items()
                               if role == "others"}

    def own_moves(self) -> dict[str, Move]:
        """The mechanic's moves by name (the declared end is added for every mechanic)."""
        raise NotImplementedError

    def start(self, players: int, rng) -> dict:
        """The mechanic's own keys of a new room's state."""
        raise NotImplementedError

    def doing(self, state: dict, say: Speaker) -> str:
        """What the seats that may act now are to do (an infinitive), in the language of `say`."""
        raise NotImplementedError

    def said(self, state: dict, say: Speaker) -> str:
        """What the table waits for now: the layout's prompt for the phase (`prompts`), else `doing`."""
        prompt = self.config.prompts.get(state["phase"] if state["turn"] else self.FIRST_PHASE)
        return fill_values(prompt, self.game.values, say.language) if prompt else self.doing(state, say)

    def waited(self, state: dict, say: Speaker) -> str:
        """What the table waits for, said of the seats that act ("waiting for Ben to ..."): `said`, unless a
        mechanic words it otherwise."""
        return self.said(state, say)

    def aside(self, state: dict, say: Speaker) -> str | None:
        """What every seat does besides the turn's moves, the seat on turn first (None: nothing; the seats
        without a move wait for the seats that act)."""
        return None

    def roller(self, state: dict) -> int | None:
        """The seat a counter's `by: roller` offers its move to: the player on turn (None before the first move)."""
        return state["active"] if state["turn"] else None

    def window(self, state: dict) -> int:
        """What a counter counts once in: the turn (companion/rules/counters.py)."""
        return state["turn"]

    def new_turn(self, state: dict) -> None:
        """Reset what a turn keeps when the next one starts (nothing, unless a mechanic says so)."""

    def over(self, state: dict) -> Over | None:
        """Why the game ends with this turn by the mechanic's own rule (none, unless a mechanic says so)."""
        return None

    def moves(self) -> dict[str, Move]:
        """The moves, by name."""
        return self._moves

    def role(self, state: dict) -> str:
        """Who moves in the state's phase: "others" where the other seats make their part, else "active"."""
        return "others" if state["phase"] in self._others_phases else "active"

    def _view(self, state: dict, seat: int) -> dict:
        """The state a move is weighed on: before the first move, as if `seat` were on turn."""
        return state if state["turn"] else dict(state, active=seat)

    def legal(self, state: dict, seat: int, turn_only: bool = False):
        """Each move body `seat` may send now (`turn_only`: only moves of the turn), as they are found."""
        if state["over"]:
            return
        view, phase = self._view(state, seat), state["phase"] if state["turn"] else None
        for name, move in self._moves.items():
            if (turn_only and not move.turn) or (phase and phase not in move.phases):
                continue  # refused whoever asks (role_refusal: not now)
            act = Act(self.game, self, view, {"move": name}, seat)
            if role_refusal(act, move, name) is not None:
                continue
            for option in move.options(act):
                act.body = {"move": name, **option}
                if move.refuse(act) is None:
                    yield act.body

    def allowed(self, state: dict, seat: int) -> list[dict]:
        """Every move body `seat` may send now: the options of each move that nothing refuses."""
        return list(self.legal(state, seat))

    def canonical(self, action: str, body: dict, state: dict) -> dict:
        """The move body of a request (400 for a key the move does not take, or a malformed parameter)."""
        params = self._moves[action].params
        extra = sorted(set(body) - SENT_WITH_EVERY_MOVE - set(params))
        if extra:
            raise malformed(gettext('%(move)s takes no "%(key)s"; it takes: %(params)s.', move=action, key=extra[0],
                                    params=", ".join(params) or gettext("nothing")))
        sent = Act(self.game, self, state, {**{key: param.default for key, param in params.items()}, **body}, None)
        return {"move": action, **{name: param.read(sent, name) for name, param in params.items()}}

    def turn_refusal(self, state: dict, seat: int, action: str) -> Refused | None:
        """Why `seat` may not make move `action` in this phase (whose turn or phase it is), or None."""
        act = Act(self.game, self, self._view(state, seat), {"move": action}, seat)
        move = self._moves[action]
        return role_refusal(act, move, lambda: move_verb(action, speaker(current()), move.verb))

    def refusal(self, state: dict, seat: int, move: dict) -> Refused | None:
        """Why `seat` may not make `move` now (whose turn or phase it is, or what the move's rules say), or None."""
        act = Act(self.game, self, self._view(state, seat), move, seat)
        return self.turn_refusal(state, seat, move["move"]) or self._moves[move["move"]].refuse(act)

    def apply(self, state: dict, seat: int, move: dict, rng) -> tuple[dict, Entry, list[int]]:
        """The state after `seat` makes `move`, its log entry, the seats whose turn passed; refused unless allowed."""
        refused, definition = self.refusal(state, seat, move), self._moves[move["move"]]
        if refused:
            raise refused
        weighed = Act(self.game, self, self._view(state, seat), move, seat)
        if {k: v for k, v in move.items() if k != "move"} not in list(definition.options(weighed)):
            raise impossible(gettext("That move is not open to %(name)s now.", name=weighed.name))
        act = Act(self.game, self, copied(state), move, seat, rng)
        if state["turn"] == 0:
            act.state.update(turn=1, active=seat)
        entry = definition.run(act)
        if act.state == state and not definition.draws:
            raise impossible(gettext("That changes nothing at the table."))
        return act.state, entry, act.passed

    def undoable(self, move: dict) -> bool:
        """Whether the move may be undone: never one that rolled or drew (the table has seen what came up)."""
        return not self._moves[move["move"]].draws
