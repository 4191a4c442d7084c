"""The rooms: the service that joins the rules, the store and the phones' live updates (room.py, changes.py,
actions.py), with the seats, take-overs, score cards, request ids, presence and expiry of a room."""
from companion.rooms.actions import act, cross, finish_cards, reorder, save_card, save_score, take_over, take_seat, undo
from companion.rooms.room import (
                                  Service,
                                  create,
                                  game_of,
                                  known_game,
                                  players_refusal,
                                  proof,
                                  relayed,
                                  shown,
                                  state,
                                  state_here,
                                  version,
)

__all__ = ["Service", "act", "create", "cross", "finish_cards", "game_of", "known_game", "players_refusal", "proof",
           "relayed", "reorder", "save_card", "save_score", "shown", "state", "state_here", "take_over", "take_seat",
           "undo", "version"]
