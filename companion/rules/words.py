"""Log entries written out for people: an entry is kept as a kind and its parameters (data), and
written out when a phone reads the room, in the phone's language, with the game's own names (from its
overlay in that language) for colours, dice, pieces and lists.

Glossary:
- kind: what happened (`roll`, `pick`, `move`, `list`, `undo`, `seat`, ...); params: its details
  as JSON data: dice as [die id, face] pairs, pieces as {"colour", "piece"}, names, counts.
- turn_to: in a move that passed the turn, the name on turn now (None: the room ended the game).
- say: the speaker of the reading phone's language (companion/rules/language.py).
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Callable

import layouts
from companion.rules import language
from companion.rules.ending import tie_text
from companion.rules.language import N_, Speaker
from layouts import Game, fill_values
from layouts.lists import lists_in_play

# TRANSLATORS: VERBS are infinitive phrases, said in "It is Ana's turn: only Ana may <verb> now."
VERBS = {"next": N_("end the turn"), "reroll": N_("roll dice again"), "roll": N_("roll"),
         "end": N_("say the game has reached its end"), "count": N_("add to a counter")}
"""The verbs of the moves several mechanics share; a mechanic's own move says its own (contract.Move.verb)."""
# TRANSLATORS: %(list)s names a shared list, %(item)s an item of it: "R4a (red square)", "red", "12".
CROSSED = {"once": N_("%(list)s: %(who)s crossed off %(item)s"), "claim": N_("%(list)s: %(who)s claimed %(item)s"),
           "stack": N_("%(list)s: %(who)s took %(item)s")}
UNCROSSED = {"once": N_("%(list)s: %(who)s uncrossed %(item)s, crossed off by %(names)s"),
             "claim": N_("%(list)s: %(who)s uncrossed %(item)s, claimed by %(names)s"),
             "stack": N_("%(list)s: %(who)s put back %(item)s, taken by %(names)s")}
OWN_SENTENCES: dict[str, Callable[[Game, dict, str, Speaker], str]] = {}
"""Log entry kind -> the sentence its mechanic writes of it (MechanicBase.SENTENCES, registered with its class)."""
NOUNS_CAPITALISED = {"de"}
"""Languages that write a colour named in a sentence as a noun, capitalised: "Ana hat Rot, Joker gewürfelt"."""


def move_verb(action: str, say: Speaker, own: str = "") -> str:
    """A move's name as a verb for sentences ("only Ana may end the turn now"): its `own` verb, else the shared one."""
    verb = own or VERBS.get(action)
    return say.gettext(verb) if verb else action


def colour_text(game: Game, colour: str, say: Speaker | None = None) -> str:
    """A colour's name inside a sentence, in the language of `say` (default the request's): "red", "Rot"."""
    lang = say.language if say else language.current()
    if lang != "en" and game.id in layouts.game_ids() and lang in layouts.languages(game.id):
        return _in_sentence(language.game(game.id, lang).colours[colour].label, lang)
    return _in_sentence(game.colours[colour].label, "en")  # a game without words in `lang` speaks English


def _in_sentence(label: str, lang: str) -> str:
    return label if lang in NOUNS_CAPITALISED else label.lower()


def item_text(game: Game, list_id: str, item_id: str, say: Speaker) -> str:
    """A shared list's item as people name it, never by an id alone: "R4a (red square)", "red", "Artifacts", "12"."""
    item = next((item for players in range(game.players.min, game.players.max + 1)
                 for item in lists_in_play(game, players).get(list_id, []) if item.id == item_id), None)
    if item is None:
        return item_id
    if item.shape:
        shape = game.shape(item.shape)
        return say.gettext("%(id)s (%(colour)s %(shape)s)", id=item.id, colour=colour_text(game, shape.colour, say),
                           shape=shape.name)
    if item.value is not None:
        return str(item.value)
    if item.colour and item.label == game.colours[item.colour].label:
        return colour_text(game, item.colour, say)
    return item.label


def face_text(game: Game, die_id: str, face, say: Speaker) -> str:
    """A face as read at the table: a colour's name, a number (with the die's colour), or its label."""
    die = next((d for d in game.dice if d.id == die_id), None)
    if die and face in die.labels:
        return die.labels[face]
    if isinstance(face, str):
        return colour_text(game, face, say)
    if die and die.colour:
        return say.gettext("%(colour)s %(number)s", colour=colour_text(game, die.colour, say), number=face)
    return str(face)


def dice_text(game: Game, dice: list, say: Speaker) -> str:
    """Shown dice ([die id, face] pairs), comma separated; "nothing" for none."""
    return ", ".join(face_text(game, die, face, say) for die, face in dice) or say.gettext("nothing")


def piece_text(game: Game, piece: dict | None, say: Speaker) -> str:
    """A market piece, e.g. 'teal L-tricube'."""
    if piece is None:
        return say.gettext("nothing: the bag is empty")
    name = next(p.name for p in game.pieces if p.id == piece["piece"])
    return say.gettext("%(colour)s %(piece)s", colour=colour_text(game, piece["colour"], say), piece=name)


def _list_text(game: Game, who: str, p: dict, say: Speaker) -> str:
    spec = game.lists[p["list"]]
    label, names = fill_values(spec.label, game.values, say.language), say.listing(p.get("by", []))
    item = item_text(game, p["list"], p["item"], say)
    where = say.gettext("%(list)s, setup", list=label) if p.get("setup") else label
    text = {"cross": lambda: say.gettext(CROSSED[spec.mode], who=who, item=item, list=where),
            "also": lambda: say.gettext("%(list)s: %(who)s also claimed %(item)s in the same turn", who=who,
                                        item=item, list=label),
            "again": lambda: say.gettext("%(who)s used crossed-off %(item)s again (%(what)s)", who=who, item=item,
                                         what=spec.again),
            "withdraw": lambda: say.gettext("%(list)s: %(who)s withdrew their claim on %(item)s", who=who,
                                            item=item, list=label),
            "uncross": lambda: say.gettext(UNCROSSED[spec.mode], who=who, item=item, names=names, list=label),
            }[p["how"]]()
    return text + (f". {spec.ends_game}" if p.get("ends") and spec.ends_game else "")


def describe(game: Game, kind: str, params: dict, who: str | None, say: Speaker) -> str:
    """One log entry as a sentence, in the language of `say` (and of `game`, the layout in that language)."""
    p, who = params, who or ""
    if kind == "roll":
        text = say.gettext("%(who)s rolled %(dice)s", who=who, dice=dice_text(game, p["dice"], say))
        text += say.gettext("; kept %(dice)s", dice=dice_text(game, p["kept"], say)) if p.get("kept") else ""
        text += say.gettext(" (roll %(roll)s of %(limit)s)", roll=p["roll"], limit=p["limit"]) if "limit" in p else ""
        text += sum_text(p, say)
    elif kind in OWN_SENTENCES:
        text = OWN_SENTENCES[kind](game, p, who, say)
    elif kind == "list":
        text = _list_text(game, who, p, say)
    elif kind == "undo":
        text = say.gettext("%(who)s undid: %(move)s", who=who, move=describe(game, p["kind"], p["params"], who, say))
    else:
        text = _simple(game, kind, p, who, say)
    if "turn_to" in p:
        text += say.gettext(". %(name)s's turn", name=p["turn_to"]) if p["turn_to"] \
            else say.gettext(". The game is over: %(end)s", end=end_text(game, say, p.get("over")))
    return text


def end_text(game: Game, say: Speaker, over: dict | None = None) -> str:
    """Why the room ended the game (`over`, companion/rules/ending.py), in the layout's words where it has them."""
    reason = (over or {}).get("reason", "turn-limit")
    if reason == "list":  # its own words: the list's `ends_game` says the game ends after the turn
        # TRANSLATORS: the shared row of the game (e.g. "Bridges (first to fill box 7)") has all it needs crossed.
        return say.gettext("%(list)s: complete", list=fill_values(game.lists[over["list"]].label,
                                                                game.values, say.language))
    if reason == "declared" and game.table.declared_end:
        return say.gettext("%(end)s (said by %(name)s)", name=over["by"],
                           end=fill_values(game.table.declared_end.text, game.values, say.language))
    if reason == "counter" and over["counter"] in game.table.counters:
        return say.gettext("%(name)s has reached %(count)s: %(label)s", name=over["by"], count=over["count"],
                           label=fill_values(game.table.counters[over["counter"]].label, game.values, say.language))
    if reason == "exhausted":
        return say.gettext("every player has used up their refusals")
    if reason == "stuck":
        return say.gettext("nobody can make a move any more")
    if game.table and game.table.end:
        return fill_values(game.table.end.text, game.values, say.language)
    return say.gettext("the turns are up")


def _score_text(game: Game, p: dict, say: Speaker) -> str:
    ranking = ", ".join(f"{rank}. {name} {total}" for rank, name, total in p.get("ranking", []))
    tie = p.get("tiebreak")
    if isinstance(tie, dict):  # stored as data since the phones speak several languages; before, as a sentence
        tie = tie_text(tie["case"], tie["winners"], game.scoring.tiebreak if game.scoring else None, say)
    if p.get("corrects"):
        said = say.gettext("Final score, %(name)s corrected their card: %(ranking)s", name=p["corrects"],
                           ranking=ranking)
    elif p.get("replaces"):
        said = say.gettext("Final score, saved again: %(ranking)s", ranking=ranking)
    else:
        said = say.gettext("Final score: %(ranking)s", ranking=ranking)
    missing = say.gettext("no card from %(names)s", names=say.listing(p["missing"])) if p.get("missing") else ""
    return said + "".join(f" ({note})" for note in (tie, missing) if note)


def sum_text(p: dict, say: Speaker) -> str:
    """': 12 in all' when the entry keeps the dice's sum; else nothing."""
    return say.gettext(": %(sum)s in all", sum=p["sum"]) if "sum" in p else ""


def _count_text(game: Game, p: dict, who: str, say: Speaker) -> str:
    counter = game.table.counters.get(p["counter"]) if game.table else None
    label = fill_values(counter.label, game.values, say.language) if counter else p["counter"]
    return say.gettext("%(label)s: %(who)s adds one, %(count)s now", label=label, who=who, count=p["count"])


def _simple(game: Game, kind: str, p: dict, who: str, say: Speaker) -> str:
    dice = dice_text(game, p["dice"], say) if "dice" in p else ""
    texts = {
        "open": lambda: say.ngettext("Room opened for %(game)s, %(num)s player; dice commitment %(commitment)s",
                                     "Room opened for %(game)s, %(num)s players; dice commitment %(commitment)s",
                                     p["players"], game=game.name, commitment=p["commitment"]) if "commitment" in p
        else say.ngettext("Room opened for %(game)s, %(num)s player", "Room opened for %(game)s, %(num)s players",
                          p.get("players", 0), game=game.name),
        "seat": lambda: say.gettext("%(who)s took a seat at the table", who=who),
        "ask": lambda: say.gettext("A new phone asks for %(name)s's seat (it shows %(ask)s)", name=p.get("seat_name"),
                                   ask=p.get("ask")),
        "takeover": lambda: say.gettext("%(who)s confirmed a new phone for %(name)s's seat", who=who,
                                        name=p.get("seat_name")),
        "turned_away": lambda: say.gettext("%(who)s turned away the new phone asking for %(name)s's seat", who=who,
                                           name=p.get("seat_name")),
        "taken_back": lambda: say.gettext("%(who)s took the seat back from the new phone", who=who),
        "order": lambda: say.gettext("%(who)s changed the seat order: %(names)s", who=who,
                                     names=", ".join(p.get("names", []))),
        "reroll": lambda: say.ngettext("%(who)s rolled %(num)s die again: %(dice)s",
                                       "%(who)s rolled %(num)s dice again: %(dice)s", len(p.get("dice", [])),
                                       who=who, dice=dice) + sum_text(p, say),
        "count": lambda: _count_text(game, p, who, say),
        "end": lambda: say.gettext("%(who)s said: we reached the end", who=who),
        "next": lambda: say.gettext("%(who)s ended the turn (%(names)s did not take part)", who=who,
                                    names=say.listing(p["skipped"])) if p.get("skipped")
        else say.gettext("%(who)s ended the turn", who=who),
        "score": lambda: _score_text(game, p, say),
        "card": lambda: say.gettext("%(who)s saved their score card", who=who),
    }
    return texts[kind]() if kind in texts else p.get("text", kind)


TEXTS_KEPT = 32_768
"""Log lines kept written out: a room shows its newest 30, in each language its phones speak (30 x 3 x 350 rooms)."""


@lru_cache(maxsize=TEXTS_KEPT)
def entry_text(game_id: str, kind: str, params: str, player: str | None, lang: str) -> str:
    """A stored entry (params as JSON text) written out in `lang`; a room's newest entries are written
    out again with every change, so each text is kept once made."""
    return describe(language.game(game_id, lang), kind, json.loads(params), player, language.speaker(lang))
