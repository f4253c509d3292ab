"""Game records: a whole game as JSON (format ``upto9-game/1``), saved, loaded and replayed.

A record holds the rule set (its name and its full data, ``Rules.to_dict()``), the players'
names, the seed, and for each round: its dealer, every player's level, the deck order after the
shuffle (top card first), the hands as dealt, every action in order (``draw``, ``lay_down``,
``donate``, ``discard`` and ``reshuffle``, in the engine's own ``to_dict()`` shapes) and the
round's end; then the result (winners, levels, penalties). Cards are in canonical text (``10h``;
Phase 10: ``7r``, ``W``, ``S``).

Phase 10 and the house rules add, only where they apply: a skip's discard names its ``target``
(``null`` when no one could be named), a turn lost to a skip is a ``skip`` action (the engine's
own record, after the discard that caused it or, for a skip that started the discard pile, first
in the round), a lay-down under the free-order house rule names the ``level`` it makes, a round
lists the levels each player had ``made`` before it (free order), and a deciding round lists the
seats that play it (``deciding``). Free order chosen before the deal adds to each round dealt
after choices the levels the players chose (``chosen``, by seat; replayed with
``Game.choose_phase`` before the deal), and to a game waiting for its next deal the choices
announced so far (``"choosing": [4, null, 7]``, at the top). Up to 9 records are unchanged.

Loading replays the record move by move through the engine, comparing every drawn card, every
resulting record, the dealt hands and every round's end to what the file says. A file that cannot
be read, a record that breaks a rule or disagrees with its replay is refused whole, with a
``RecordError`` naming the round and the action: ``round 3, action 17 (discard): ...``. An action
is read back into the move it asks for by ``move_from_dict``, the one record codec (the replay,
the round stepper and the tests use it), in the rule set's own cards, melds and faces, which its
game family reads (``upto9.family``): the code here names no game.

A record is read within limits, checked before anything is built from it: the file's size
(``MAX_RECORD_BYTES``), how deeply it nests (``MAX_DEPTH``), how many values it holds
(``MAX_VALUES``), the length of any text (``MAX_TEXT``), the size of any number (``MAX_INT``),
its rounds (``MAX_ROUNDS``) and actions (``MAX_ACTIONS``); its rules go through
``rules_from_dict`` and its bounds (``upto9.rules``: players, decks, copies, levels...), its
players must be as many as those rules seat, and each round's deck must be the size those rules
deal before the engine builds the full decks to compare it with. ``replay`` and ``load_game`` take a
``time_limit`` in seconds (a published page's kernel gives one: ``widgets.stepper``). Every
refusal is a ``RecordError`` whose message quotes at most ``MAX_QUOTE`` characters of any value.

The rule set a record names: its rules carry a ``key``, a ``name`` (the record's ``rule_set``)
and, for house rules, the ``base`` they were laid over and the ``house_rules`` they change. The
record names a built-in rule set (``upto9``, ``phase10``, ``upto9_lean``...) through its ``base``
when that is a built-in key, else through its ``key`` when that is one, else through its name
when a built-in has that name. Then its rules must play as that built-in does: every field but
``key``, ``name``, ``base``, ``house_rules`` and the ``reconstructed`` marks (which say where
a value comes from, not how the game is played) must equal the built-in's, compared field by
field (``hand_size``, ``decks``, ``penalties.K``, ``deck.copies``, ``levels.4``...), except the
fields marked as house rules (``Rules.is_house_rule``: ``levels.4`` is marked by ``levels.4`` or
``levels``). So a record still called "Up to 9" whose level 1 allows four jokers is refused,
unless its rules say they are house rules on top of Up to 9 (``base = "upto9"``, ``house_rules =
["levels.1"]``), as every house-rule file and the explorer's house rules say. Without such a base,
its key and its name are both the built-in's: rules called "Up to 9" under the key ``mine``, or
keyed ``phase10`` and called otherwise, were edited, and are refused. A record that names
no built-in rule set in any of the three ways plays rules of its own, taken as written.

The record shape::

    {"format": "upto9-game/1", "rule_set": "Up to 9", "rules": {...Rules.to_dict()...},
     "players": ["Ann", "Bob"], "seed": 7,
     "rounds": [{"round": 1, "dealer": 0, "levels": [1, 1], "deck": ["Kh", ...],
                 "dealt": [["5c", ...], [...]],
                 "actions": [{"type": "draw", "player": 1, "source": "deck", "card": "Qs"}, ...],
                 "end": {"reason": "out", "out": 1, "penalties": [35, 0], "laid_down": [false, true]}}],
     "result": {"over": false, "winners": [], "levels": [1, 2], "penalties": [35, 0]}}

A round still being played has ``"end": null``; a game still being played has ``"over": false``.

A game of a family without levels (``upto9.family``'s turn model: a ``FamilyGame`` that is no
``upto9.game.Game``) is recorded in a generic shape, the same format with its family's key at the
top, and per round its dealer, its deck, its actions (each record's ``to_dict()``) and its scores::

    {"format": "upto9-game/1", "family": "toyshed", "rule_set": "Toyshed", "rules": {...},
     "players": ["Ann", "Bob"], "seed": 7,
     "rounds": [{"round": 1, "dealer": 0, "deck": ["5c", ...],
                 "actions": [{"type": "play", "player": 1, "card": "4h", "cleared": false}, ...],
                 "scores": [3, 0]}],
     "result": {"over": true, "winners": [1], "totals": [5, 2]}}

``replay`` and ``load_game`` read it with ``any_family=True`` (they return the family's
``FamilyGame``; without it such a record is refused, since the game is no ``Game``): the family's
``new_game`` deals the first round, whose deck must be the seed's, ``next_round(deck)`` the others,
each action is read by the family's ``move_from_dict`` (``None``: a record the engine made itself,
which must be the round's next record) and played, and every record, score and the result must
be the file's. The same limits apply, and the same refusals, naming the round, action and field.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import is_dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal, overload

from upto9.cards import CardError, PlayingCard, read_one
from upto9.family import FamilyGame, FamilyRound, GameFamily, RummyFamily, TableMeld, family_of, game_family
from upto9.files import FileError, read_text
from upto9.game import Discard, Donate, Draw, Game, LayDown, Move, Round, RuleError, Source
from upto9.messages import Items, Message, Param, message_of, said
from upto9.plugins import family_keys
from upto9.problems import MeldError
from upto9.rules import FreeOrder, GroupKind, Rules, RulesError, builtin_keys, builtin_rules, rules_from_dict

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_QUOTE",
    "MAX_RECORD_BYTES",
    "MAX_ROUNDS",
    "MAX_TEXT",
    "MAX_VALUES",
    "RecordError",
    "game_record",
    "load_game",
    "move_from_dict",
    "replay",
    "save_game",
]

FORMAT = "upto9-game/1"
"""The record format this module writes and reads."""

MAX_RECORD_BYTES: Final = 4 * 1024 * 1024
"""The largest record file read (4 MiB). A long game's record is under 100 kB (the sample games
are 50 to 80 kB: about 100 bytes an action); 4 MiB holds some 40,000 actions, more than any
game the engine plays, and refuses what can only be a mistake or an attack unread."""

MAX_DEPTH: Final = 16
"""How deeply a record's tables and lists may nest. A record nests 9 deep (the record, its rounds,
a round, its actions, a lay-down, its melds, a meld, its cards, a card); 16 leaves room and keeps
every reader (and the error messages that quote a value) far from Python's recursion limit."""

MAX_VALUES: Final = 1_000_000
"""The most values (tables, lists, texts, numbers) a record may hold: a 4 MiB file holds about
350,000 in a record's shapes, so this refuses only data no file could be, before it is walked."""

MAX_TEXT: Final = 200
"""The longest text in a record, in characters: a player's name or a rule set's name. Every other
text is a card (``10h``), a field's name or an action's type, a few characters long."""

MAX_INT: Final = 2**63 - 1
"""The largest number in a record, either sign: the largest a 64-bit reader holds. A record's
numbers are seats, levels, penalties, counts and a seed, all far smaller; a JSON number of more
than 4,300 digits is refused the same way, before Python's own limit on reading one is reached."""

MAX_ROUNDS: Final = 1000
"""The most rounds in a record. A game ends when someone makes the last level: bots' games take
about 10 rounds (Phase 10 with six players about 30); 1,000 is beyond any game played to its end."""

MAX_ACTIONS: Final = 100_000
"""The most actions in a whole record. A whole game has about 800 (the sample games), a round the
engine's turn limit stops (``upto9.game.MAX_TURNS_PER_ROUND``) a few thousand; 100,000 is beyond
any game played, and bounds a record handed to ``replay`` as data, which no file size bounds."""

MAX_QUOTE: Final = 80
"""The most characters of a value an error message quotes (longer ones end in ``...``): a dealt
hand fits, and a 10 MB card text makes an error of one short line."""


class RecordError(ValueError):
    """A game record that cannot be read or replayed; the message names the round and the action.
    ``msg`` is the message as a ``upto9.messages.Message`` (field names stay as the file writes them).

    >>> from upto9.messages import render
    >>> try:
    ...     replay({"format": "upto9-game/0"})
    ... except RecordError as error:
    ...     print(error)
    ...     print(render(error.msg, "nb"))
    format: this is "upto9-game/0"; this version of upto9 reads 'upto9-game/1' records
    format: dette er "upto9-game/0"; denne versjonen av upto9 leser lagrede spill i formatet 'upto9-game/1'
    """

    def __init__(self, message: str | Message) -> None:
        text, self.msg = said(message)
        super().__init__(text)


Where = str | Message  # a place in the record: a field as the file writes it, or a round and an action


def _at(where: Where, reason: Message) -> RecordError:
    """The error ``where: reason``."""
    return RecordError(Message("record.at", where=where, reason=reason))


def _in(where: Where, field: str) -> Message:
    """A field inside a place: ``round 2, action 5 (draw): card``."""
    return Message("record.in", where=where, field=field)


# --- writing -----------------------------------------------------------------------------------------


def _cards(cards: Sequence[PlayingCard]) -> list[str]:
    return [str(card) for card in cards]


def _round_record(number: int, rnd: Round) -> dict[str, Any]:
    data: dict[str, Any] = {"round": number, "dealer": rnd.dealer, "levels": list(rnd.levels)}
    if rnd.rules.free_order:
        data["made"] = [list(made) for made in rnd.made]
    if rnd.announced:
        data["chosen"] = list(rnd.levels)
    if rnd.deciding:
        data["deciding"] = [p for p in range(rnd.players) if rnd.seated[p]]
    data.update(
        {
            "deck": _cards(rnd.deck_order),
            "dealt": [_cards(hand) for hand in rnd.dealt],
            "actions": [record.to_dict() for record in rnd.history],
            "end": rnd.end.to_dict() if rnd.end is not None else None,
        }
    )
    return data


def _result(game: Game) -> dict[str, Any]:
    return {"over": game.over, "winners": list(game.winners), "levels": list(game.levels), "penalties": list(game.penalties)}


def _choosing(game: Game) -> list[int | None] | None:
    """The levels announced for a round not dealt yet (free order before the deal), if any."""
    between = not game.rounds or game.round.over
    return list(game.chosen) if between and any(level is not None for level in game.chosen) else None


def _round_extra(family: GameFamily, rnd: FamilyRound) -> dict[str, Any]:
    """The family's own fields of a round's record (``GameFamily.round_record``, optional: what was
    dealt, why the round ended), none without the hook; never one of the generic fields."""
    hook = getattr(family, "round_record", None)
    extra = dict(hook(rnd)) if callable(hook) else {}
    if set(extra) != set(getattr(family, "round_fields", ())) or set(extra) & {*_GENERIC_ROUND}:
        raise TypeError(f"the game family {family.key!r} records round fields {sorted(extra)} other than its round_fields, or the engine's own")
    return extra


def _generic_record(game: FamilyGame) -> dict[str, Any]:
    """A game of a family without levels, in the generic shape (see the module's docstring)."""
    family = game_family(game.rules)
    rounds = [
        {
            "round": number,
            "dealer": rnd.dealer,
            "deck": _cards(rnd.deck_order),
            "actions": [record.to_dict() for record in rnd.history],
            "scores": list(rnd.scores()) if rnd.over else None,
            **_round_extra(family, rnd),
        }
        for number, rnd in enumerate(game.rounds, start=1)
    ]
    return {
        "format": FORMAT,
        "family": game.rules.family,
        "rule_set": game.rules.name,
        "rules": game.rules.to_dict(),
        "players": list(game.names),
        "seed": game.seed,
        "rounds": rounds,
        "result": {"over": game.over, "winners": list(game.winners), "totals": list(game.totals)},
    }


def game_record(game: FamilyGame) -> dict[str, Any]:
    """The whole game as JSON-ready data: rules, players, seed, every round's deal, actions and
    end, the choices announced for the next deal (free order before the deal), and the result. A
    game still being played is recorded as far as it has gone.

    >>> game = Game(players=2, seed=1, names=["Ann", "Bob"])
    >>> drew = game.draw("deck")
    >>> discarded = game.discard(drew.card)
    >>> record = game_record(game)
    >>> record["format"], record["rule_set"], record["players"], record["seed"]
    ('upto9-game/1', 'Up to 9', ['Ann', 'Bob'], 1)
    >>> first = record["rounds"][0]
    >>> first["dealer"], first["levels"], len(first["deck"]), [len(hand) for hand in first["dealt"]]
    (0, [1, 1], 104, [11, 11])
    >>> [action["type"] for action in first["actions"]], first["end"]
    (['draw', 'discard'], None)

    A game of a family without levels (any ``FamilyGame`` that is no ``upto9.game.Game``) is
    recorded in the generic shape: its ``family``, and per round the dealer, the deck, the
    actions and the ``scores``; ``replay`` and ``load_game`` read it with ``any_family=True``.
    """
    if not isinstance(game, Game):
        return _generic_record(game)
    record: dict[str, Any] = {
        "format": FORMAT,
        "rule_set": game.rules.name,
        "rules": game.rules.to_dict(),
        "players": list(game.names),
        "seed": game.seed,
        "rounds": [_round_record(number, rnd) for number, rnd in enumerate(game.rounds, start=1)],
    }
    choosing = _choosing(game)
    if choosing is not None:
        record["choosing"] = choosing
    record["result"] = _result(game)
    return record


def _is_leaf(value: Any) -> bool:
    """Written on one line: a list of plain values (a deck, a hand) or an action (it has a type)."""
    if isinstance(value, list):
        return not any(isinstance(item, dict | list) for item in value)
    return isinstance(value, dict) and "type" in value


def _dumps(value: Any, indent: int = 0) -> str:
    """JSON with one action, one deck and one hand per line: short, and readable in a diff."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or _is_leaf(value) or len(flat) + indent <= 100:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(key, ensure_ascii=False)}: {_dumps(item, indent + 2)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    return "[\n" + ",\n".join(pad + _dumps(item, indent + 2) for item in value) + "\n" + " " * indent + "]"


def save_game(game: FamilyGame, path: str | Path) -> None:
    """Write the game's record to ``path`` as UTF-8 JSON (one action per line).

    The text depends only on the game, so saving a loaded game gives the same bytes again.

    >>> import tempfile
    >>> game = Game(players=2, seed=1)
    >>> drew = game.draw("deck")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_game(game, f"{folder}/game.json")
    ...     first = Path(f"{folder}/game.json").read_bytes()
    ...     save_game(load_game(f"{folder}/game.json"), f"{folder}/again.json")
    ...     first == Path(f"{folder}/again.json").read_bytes()
    True
    """
    Path(path).write_text(_dumps(game_record(game)) + "\n", encoding="utf-8")


# --- reading -----------------------------------------------------------------------------------------

_TOP_FIELDS = ("format", "rule_set", "rules", "players", "seed", "rounds", "result")
_TOP_OPTIONAL = ("choosing",)
_ROUND_FIELDS = ("round", "dealer", "levels", "deck", "dealt", "actions", "end")
_ROUND_OPTIONAL = ("made", "chosen", "deciding")
_END_FIELDS = ("reason", "out", "penalties", "laid_down")
_RESULT_FIELDS = ("over", "winners", "levels", "penalties")
_ACTION_FIELDS = {
    "draw": ("type", "player", "source", "card"),
    "lay_down": ("type", "player", "melds"),
    "donate": ("type", "player", "card", "as", "wild", "owner", "meld"),
    "discard": ("type", "player", "card"),
    "reshuffle": ("type", "deck"),
    "skip": ("type", "player"),
}
_ACTION_OPTIONAL = {"lay_down": ("level",), "discard": ("target",)}


def _fields(value: Any, fields: Sequence[str], what: Where, optional: Sequence[str] = ()) -> Mapping[str, Any]:
    """``value`` as a table holding exactly ``fields`` (and perhaps some of ``optional``)."""
    if not isinstance(value, Mapping):
        raise _at(what, Message("record.must_table", value=_short(value)))
    missing = [f for f in fields if f not in value]
    if missing:
        raise _at(what, Message("record.missing", field=repr(missing[0])))
    unknown = sorted(str(f) for f in value if f not in fields and f not in optional)
    if unknown:
        raise _at(what, Message("record.unknown_field", field=_cut(repr(unknown[0])), fields=Items((*fields, *optional))))
    return value


def _cut(text: str) -> str:
    """``text``, cut to ``MAX_QUOTE`` characters."""
    return text if len(text) <= MAX_QUOTE else text[: MAX_QUOTE - 3] + "..."


def _short(value: Any) -> str:
    """A record's value as JSON for a message, cut to ``MAX_QUOTE`` characters. A long text is cut
    before it is written out; anything else has been bounded by ``_check_shape`` first."""
    if isinstance(value, str) and len(value) > MAX_QUOTE:
        value = value[:MAX_QUOTE]
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = object.__repr__(value)  # not JSON: its type and address, never a repr of unknown size
    return _cut(text)


def _bounded(message: Message) -> Message:
    """An engine's message about a record's value (a ``RulesError`` quoting a rules table, a
    ``CardError`` quoting a card's text), with every quoted text cut to ``MAX_QUOTE`` characters."""
    return Message(message.key, **{name: _bounded_param(value) for name, value in message.params})


def _bounded_param(value: Param) -> Param:
    if isinstance(value, Message):
        return _bounded(value)
    if isinstance(value, Items):
        return Items(tuple(_bounded_param(item) for item in value.items), value.join)
    return _cut(value) if isinstance(value, str) else value


def _engine(error: Exception) -> Message:
    """The engine's reason for refusing a record's value, bounded for a message."""
    return _bounded(message_of(error))


def _int(value: Any, what: Where) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _at(what, Message("record.whole", value=_short(value)))
    return value


def _list(value: Any, what: Where) -> list[Any]:
    if not isinstance(value, list):
        raise _at(what, Message("record.list", value=_short(value)))
    return value


def _card(value: Any, what: Where, family: GameFamily) -> PlayingCard:
    """A card's canonical text, read as a card of the rule set's ``family``."""
    if not isinstance(value, str):
        raise _at(what, Message("record.card_text", value=_short(value)))
    try:
        card = read_one(value, family.read_token)
    except CardError as error:
        raise _at(what, _engine(error)) from None
    if str(card) != value:
        raise _at(what, Message("record.not_canonical", value=_cut(repr(value)), card=repr(str(card))))
    return card


def _card_list(value: Any, what: Where, family: GameFamily) -> list[PlayingCard]:
    return [_card(item, Message("record.where.card", where=what, index=i), family) for i, item in enumerate(_list(value, what), start=1)]


def _face(value: Any, what: Where, family: RummyFamily, kind: GroupKind | None) -> object:
    """What a donated card stands for, in the family's words (``RummyFamily.read_face``) for the
    ``kind`` of the meld it goes on. A donation naming a meld that is not on the table: the first
    kind that reads it (the engine then refuses the donation, naming the meld)."""
    if not isinstance(value, str):
        raise _at(what, Message("record.face_text", value=_short(value)))
    reasons: list[Exception] = []
    for each in (kind,) if kind is not None else tuple(GroupKind):
        try:
            face = family.read_face(value, each)
        except (MeldError, CardError) as error:
            reasons.append(error)
            continue
        if str(face) != value:  # the engine's records write a face as str(face)
            if isinstance(face, PlayingCard):
                raise _at(what, Message("record.not_canonical", value=_cut(repr(value)), card=repr(str(face))))
            raise _at(what, Message("record.face_not_canonical", value=_cut(repr(value)), face=repr(str(face))))
        return face
    raise _at(what, _engine(reasons[0]))


def _meld_kind(table: Sequence[Sequence[TableMeld]], owner: Any, meld: Any) -> GroupKind | None:
    """The kind of ``owner``'s meld number ``meld`` on the table, if the record names one there."""
    if isinstance(owner, bool) or isinstance(meld, bool) or not (isinstance(owner, int) and isinstance(meld, int)):
        return None
    if not (0 <= owner < len(table) and 0 <= meld < len(table[owner])):
        return None
    return table[owner][meld].kind


def _plain(value: Any) -> Any:
    """Cards as their text, for messages."""
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return str(value) if isinstance(value, PlayingCard) else value


def _same(expected: Any, actual: Any, what: Where, thing: Where) -> None:
    if expected != actual:
        raise _at(what, Message("record.same", thing=thing, expected=_short(_plain(expected)), actual=_short(_plain(actual))))


def _difference(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> Message:
    """The first field on which a recorded action and the engine's record differ, in words."""
    for key in (*expected, *(k for k in actual if k not in expected)):
        if expected.get(key) != actual.get(key):
            return Message("record.differs", key=str(key), expected=_short(expected.get(key)), actual=_short(actual.get(key)))
    return Message("record.records_differ")


def _in_record(message: Message) -> Message:
    """A rule-set error read from a record: its source, ``record``, in the learner's words."""
    if message.key != "rules.at" or dict(message.params).get("source") != "record":
        return message
    return Message("rules.at", **{**dict(message.params), "source": Message("record.where.top")})


def _as_recorded(meld: TableMeld, entries: Sequence[Any]) -> TableMeld:
    """The meld with its cards in the recorded order. A family reads a straight in order, low to
    high (``Meld.from_dict``), but the engine keeps a lay-down's cards as the player gave them, and
    the replay must too. Both families' melds are frozen dataclasses of a ``kind`` and their placed
    ``cards``; a family's meld that is not is replayed as it reads."""
    remaining = list(meld.cards)
    ordered = []
    for entry in entries:
        match = next((placed for placed in remaining if placed.to_dict() == entry), None)
        if match is None:
            return meld  # not in the canonical shape: the comparison with the engine's record says where
        remaining.remove(match)
        ordered.append(match)
    if not is_dataclass(meld) or isinstance(meld, type):
        return meld
    return replace(meld, cards=tuple(ordered))


# --- the record codec: the move a recorded action asks for -------------------------------------------

_MOVES: Final = ("draw", "lay_down", "donate", "discard")
"""The actions a player asks for; the others (``reshuffle``, ``skip``) the engine makes itself."""


def move_from_dict(action: Any, rules: Rules, table: Sequence[Sequence[TableMeld]] = (), where: Where = "action") -> Move:
    """The engine move a recorded action asks for: the inverse of the records' ``to_dict()``
    (``Drew``, ``LaidDown``, ``Donated``, ``Discarded``), read as ``rules``' game writes its cards,
    melds and faces (``upto9.family``). The replay, the round stepper and the tests read moves
    with it, and only with it.

    ``table`` is the melds on the table when the move is played (``Round.table``): a donated
    card's face is read for the kind of the meld it goes on. Raises ``RecordError`` naming the
    field after ``where``. The move is read, not judged: whether the rules allow it is the
    engine's to say when it is played.

    >>> from upto9.rules import PHASE10
    >>> move_from_dict({"type": "draw", "player": 0, "source": "discard", "card": "Kh"}, Game(players=2).rules)
    Draw(source=<Source.DISCARD: 'discard'>)
    >>> move_from_dict({"type": "discard", "player": 1, "card": "S", "target": 0}, PHASE10)
    Discard(card=Phase10Card('S'), target=0)
    >>> move_from_dict({"type": "donate", "player": 0, "card": "W", "as": "13", "wild": True, "owner": 1, "meld": 0}, PHASE10)
    Traceback (most recent call last):
    ...
    upto9.records.RecordError: action: as: no number '13'; a wild card in a run stands for a number 1-12
    """
    kind = action.get("type") if isinstance(action, Mapping) else None
    if not isinstance(kind, str) or kind not in _MOVES:
        raise _at(where, Message("record.action_type", types=Items(_MOVES), value=_short(kind)))
    action = _fields(action, _ACTION_FIELDS[kind], where, _ACTION_OPTIONAL.get(kind, ()))
    _int(action["player"], _in(where, "player"))
    return _move(kind, action, family_of(rules), table, where)


def _move(kind: str, action: Mapping[str, Any], family: RummyFamily, table: Sequence[Sequence[TableMeld]], where: Where) -> Move:
    """``move_from_dict`` for an action whose type and fields have been checked."""
    if kind == "draw":
        source = action["source"]
        if source not in ("deck", "discard"):
            raise _at(_in(where, "source"), Message("record.source", value=_short(source)))
        _card(action["card"], _in(where, "card"), family)  # the engine's record says which card came
        return Draw(Source(source))
    if kind == "lay_down":
        melds: list[TableMeld] = []
        for i, meld in enumerate(_list(action["melds"], _in(where, "melds")), start=1):
            try:
                melds.append(_as_recorded(family.read_meld(meld), meld["cards"]))
            except (MeldError, CardError) as error:
                raise _at(Message("record.where.meld", where=where, index=i), _engine(error)) from None
        level = _int(action["level"], _in(where, "level")) if "level" in action else None
        return LayDown(tuple(melds), level)
    if kind == "donate":
        card = _card(action["card"], _in(where, "card"), family)
        face = _face(action["as"], _in(where, "as"), family, _meld_kind(table, action["owner"], action["meld"]))
        owner = _int(action["owner"], _in(where, "owner"))
        meld = _int(action["meld"], _in(where, "meld"))
        if not isinstance(action["wild"], bool):
            raise _at(_in(where, "wild"), Message("record.wild", value=_short(action["wild"])))
        return Donate(card, owner, meld, face)
    target = action.get("target")
    return Discard(_card(action["card"], _in(where, "card"), family), None if target is None else _int(target, _in(where, "target")))


class _Deadline:
    """The time a replay must finish by (``time.monotonic()``), checked between steps."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.monotonic() + seconds

    def check(self) -> None:
        if time.monotonic() > self.at:
            raise RecordError(Message("record.time_limit", seconds=f"{self.seconds:g}"))


_Trail = tuple[Any, str | int] | None
"""Where a value is in a record, kept cheaply while the record is walked: (the parent's trail, the
key or index), ``None`` for the record itself."""


def _place(trail: _Trail) -> Where:
    """A value's place in the record for a message: ``rounds[0].deck[3]``."""
    keys: list[str | int] = []
    while trail is not None:
        trail, key = trail
        keys.append(key)
    text = ""
    for key in reversed(keys):
        if isinstance(key, int):
            text += f"[{key}]"
        else:
            name = key if re.fullmatch(r"\w{1,40}", key) else _cut(json.dumps(key, ensure_ascii=False))
            text += f".{name}" if text else name
    return text or Message("record.where.top")


def _check_text(text: str, trail: _Trail) -> None:
    if len(text) > MAX_TEXT:
        raise _at(_place(trail), Message("record.long_text", length=len(text), limit=MAX_TEXT))
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate ("\ud800"): JSON can say it, no text holds it
            raise _at(_place(trail), Message("record.not_text")) from None


def _check_shape(record: Any, deadline: _Deadline | None = None) -> None:
    """Refuse a record beyond the limits (``MAX_DEPTH``, ``MAX_VALUES``, ``MAX_TEXT``,
    ``MAX_INT``) or holding what JSON cannot (a set, an object, a key that is not a text), before
    anything reads it. Iterative, so that no nesting reaches Python's recursion limit; a table
    that holds itself is refused as nested too deeply.

    >>> _check_shape({"players": ["Ann", "x" * 1000]})
    Traceback (most recent call last):
    ...
    upto9.records.RecordError: players[1]: a text of 1000 characters; the limit is 200
    """
    if not isinstance(record, Mapping | list | tuple):
        _check_leaf(record, None)
        return
    stack: list[tuple[Any, int, _Trail]] = [(record, 0, None)]
    values = 1
    while stack:
        container, depth, trail = stack.pop()
        if depth >= MAX_DEPTH:
            raise _at(_place(trail), Message("record.too_deep", limit=MAX_DEPTH))
        values += len(container)
        if values > MAX_VALUES:
            raise RecordError(Message("record.too_many_values", limit=MAX_VALUES))
        if deadline is not None:
            deadline.check()
        if type(container) is dict or isinstance(container, Mapping):
            pairs: Any = container.items()
            for key in container:
                if type(key) is not str and not isinstance(key, str):
                    raise _at(_place(trail), Message("record.key_text", key=_short(key)))
                if len(key) > MAX_TEXT or not key.isascii():
                    _check_text(key, (trail, key))
        else:
            pairs = enumerate(container)
        # The common values first, by their exact type: this loop meets every value of the record.
        for key, item in pairs:
            kind = type(item)
            if kind is str:
                if len(item) > MAX_TEXT or not item.isascii():
                    _check_text(item, (trail, key))
            elif kind is int:
                if not -MAX_INT <= item <= MAX_INT:
                    raise _at(_place((trail, key)), Message("record.big_number", limit=str(MAX_INT)))
            elif kind is dict or kind is list or isinstance(item, Mapping | list | tuple):
                stack.append((item, depth + 1, (trail, key)))
            else:
                _check_leaf(item, (trail, key))


def _check_leaf(value: Any, trail: _Trail) -> None:
    """A value that is neither a table nor a list: a text, a number, true, false or null."""
    if isinstance(value, str):
        _check_text(value, trail)
    elif isinstance(value, bool) or value is None or isinstance(value, float):
        return
    elif isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT:
            raise _at(_place(trail), Message("record.big_number", limit=str(MAX_INT)))
    else:
        raise _at(_place(trail), Message("record.not_json", kind=_cut(type(value).__name__)))


@cache
def _builtins() -> dict[str, Rules]:
    """The rule sets shipped with the package, by key (read once: they never change)."""
    return {key: builtin_rules(key) for key in builtin_keys()}  # the engine's and every family's


def _named_builtin(rules: Rules) -> Rules | None:
    """The built-in rule set a record's rules name: by their base, their key or their name."""
    shipped = _builtins()
    for key in (rules.base, rules.key):
        if key is not None and key in shipped:
            return shipped[key]
    return next((builtin for builtin in shipped.values() if builtin.name == rules.name), None)


def _played(rules: Rules) -> dict[str, Any]:
    """The rules as they are played, field by field (``levels.4``, ``penalties.K``): everything
    but what names them (``key``, ``name``, ``base``, ``house_rules``) and the ``reconstructed``
    marks, which say where a value comes from."""
    fields: dict[str, Any] = {}
    for key, value in rules.to_dict().items():
        if key in ("key", "name", "base", "house_rules", "reconstructed"):
            continue
        if key == "levels":
            fields.update((f"levels.{level['number']}", {k: v for k, v in level.items() if k != "reconstructed"}) for level in value)
        elif key in ("penalties", "deck"):
            fields.update((f"{key}.{k}", v) for k, v in value.items() if k != "reconstructed")
        elif key == "decks":
            fields[key] = [{k: v for k, v in entry.items() if k != "reconstructed"} for entry in value]
        else:
            fields[key] = value
    return fields


def _check_named_rules(rules: Rules) -> None:
    """Refuse rules that name a built-in rule set but play otherwise, where the difference is not
    marked as a house rule (see the module's docstring).

    >>> from upto9.rules import UPTO9
    >>> data = UPTO9.to_dict()
    >>> data["levels"][0] = {**data["levels"][0], "jokers": 4}
    >>> _check_named_rules(rules_from_dict(data))
    Traceback (most recent call last):
    ...
    upto9.records.RecordError: rules: levels.1 is not as in the built-in rule set 'Up to 9' that the record names, and is not marked ...
    >>> _check_named_rules(rules_from_dict({**data, "base": "upto9", "house_rules": ["levels.1"]}))
    >>> _check_named_rules(rules_from_dict({**UPTO9.to_dict(), "key": "mine"}))
    Traceback (most recent call last):
    ...
    upto9.records.RecordError: rules: the name 'Up to 9' and the key 'mine' do not go together: the built-in rule set 'Up to 9' has the key 'upto9'; ...
    """
    builtin = _named_builtin(rules)
    if builtin is None:
        return  # rules of its own: nothing to hold them to
    own, shipped = _played(rules), _played(builtin)
    for field in (*shipped, *(f for f in own if f not in shipped)):
        if own.get(field) != shipped.get(field) and not rules.is_house_rule(field):
            raise _at("rules", Message("record.rules_differ", field=_cut(field), name=_cut(repr(builtin.name))))
    if rules.base not in _builtins() and (rules.key, rules.name) != (builtin.key, builtin.name):
        # Only house rules (their base names the built-in) take a name or key of their own: rules
        # called "Up to 9" under another key, or keyed "phase10" under another name, were edited.
        named = {"name": _cut(repr(rules.name)), "key": _cut(repr(rules.key)), "builtin": _cut(repr(builtin.name))}
        raise _at("rules", Message("record.rules_name_key", **named, builtin_key=repr(builtin.key)))


def _names(value: Any, rules: Rules) -> list[str]:
    """A record's players: names, as many as ``rules`` seat."""
    names = _list(value, "players")
    if not names or not all(isinstance(name, str) for name in names):
        raise _at("players", Message("record.players", value=_short(names)))
    if not rules.min_players <= len(names) <= rules.max_players:
        low, high = rules.min_players, rules.max_players
        raise _at("players", Message("rules.players_range", name=_cut(rules.name), low=low, high=high, players=str(len(names))))
    return names


def _seed(value: Any) -> int | str:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _at("seed", Message("record.seed", value=_short(value)))
    return value


def _count_rounds(rounds: list[Any]) -> None:
    """Refuse more rounds than ``MAX_ROUNDS``, or more actions than ``MAX_ACTIONS``, unread."""
    if len(rounds) > MAX_ROUNDS:
        raise _at("rounds", Message("record.too_many_rounds", count=len(rounds), limit=MAX_ROUNDS))
    actions = sum(len(r["actions"]) for r in rounds if isinstance(r, Mapping) and isinstance(r.get("actions"), list))
    if actions > MAX_ACTIONS:
        raise _at("rounds", Message("record.too_many_actions", count=actions, limit=MAX_ACTIONS))


def _action_where(number: int, index: int, kind: object) -> Message:
    """Where an action is in a record, for its errors: its round, its place, and its type when it has one."""
    if isinstance(kind, str):
        return Message("record.where.action", round=number, index=index, kind=_cut(kind))
    return Message("record.where.action_at", round=number, index=index)


def _round_deck(value: Any, where: Message, rules: Rules, players: int, family: GameFamily) -> list[PlayingCard]:
    """A round's deck as the record writes it: cards of the family, as many as the rules' decks for
    ``players`` hold. The count comes first: the engine builds the full decks to compare with."""
    deck = _card_list(value, _in(where, "deck"), family)
    decks = rules.decks_for(players)
    if len(deck) != len(rules.one_deck()) * decks:
        raise _at(where, Message("game.full_decks", decks=decks))
    return deck


class _Replayer:
    """Replays one record through a fresh game, checking every step against the file."""

    def __init__(self, record: Any, deadline: _Deadline | None = None) -> None:
        self.deadline = deadline
        if not isinstance(record, Mapping):  # JSON's null is said in words: "null" is a programmer's
            raise RecordError(Message("record.not_record", value=Message("record.empty_value") if record is None else _short(record)))
        version = record.get("format")
        if version is None:
            raise _at("format", Message("record.format_missing", format=repr(FORMAT)))
        if version != FORMAT:
            raise _at("format", Message("record.format", value=_short(version), format=repr(FORMAT)))
        self.record = _fields(record, _TOP_FIELDS, Message("record.where.top"), _TOP_OPTIONAL)
        if not isinstance(self.record["rules"], Mapping):
            raise _at("rules", Message("record.rules_table", value=_short(self.record["rules"])))
        try:
            self.rules: Rules = rules_from_dict(self.record["rules"], "record")
        except RulesError as error:
            raise RecordError(_in_record(_engine(error))) from None
        try:
            self.family = family_of(self.rules)
        except RulesError as error:  # a game without levels has no record of this shape
            raise _at("rules", _engine(error)) from None
        if self.record["rule_set"] != self.rules.name:
            raise _at("rule_set", Message("record.rule_set", value=_short(self.record["rule_set"]), name=_cut(repr(self.rules.name))))
        _check_named_rules(self.rules)
        self.names: list[str] = _names(self.record["players"], self.rules)
        self.seed: int | str = _seed(self.record["seed"])
        self.rounds = _list(self.record["rounds"], "rounds")
        if not self.rounds and self.rules.free_choice is not FreeOrder.BEFORE_DEAL:
            raise _at("rounds", Message("record.no_rounds"))
        _count_rounds(self.rounds)
        self.game: Game | None = None

    def run(self) -> Game:
        for number, data in enumerate(self.rounds, start=1):
            self._round(number, data, last=number == len(self.rounds))
        if self.game is None:  # free order before the deal: no round dealt yet
            try:
                self.game = Game(players=len(self.names), rules=self.rules, seed=self.seed, names=self.names)
            except RuleError as error:
                raise _at(Message("record.where.top"), _engine(error)) from None
        game = self.game
        self._announce(len(self.rounds) + 1, self.record.get("choosing"), "choosing", pending=True)
        result = _fields(self.record["result"], _RESULT_FIELDS, "result")
        actual = _result(game)
        for key in _RESULT_FIELDS:
            _same(result[key], actual[key], "result", key)
        if (rebuilt := game_record(game)) != {**self.record, "rules": rebuilt["rules"]}:
            raise RecordError(Message("record.mismatch"))  # every part was checked above
        return game

    def _deal(self, number: int, deck: list[PlayingCard], chosen: Any) -> Round:
        where = Message("record.where.deal", round=number)
        try:
            if self.game is None:
                self.game = Game(players=len(self.names), rules=self.rules, seed=self.seed, deck=deck, names=self.names)
                if self.game.rounds:
                    self._announce(number, chosen, "chosen")
                    return self.game.round
            elif self.game.over:
                raise _at(where, Message("record.game_ended", last=number - 1))
            self._announce(number, chosen, "chosen")
            return self.game.next_round(deck=deck)
        except RuleError as error:
            raise _at(where, _engine(error)) from None

    def _announce(self, number: int, value: Any, field: str, pending: bool = False) -> None:
        """Replay the levels announced before round ``number``'s deal (free order before the deal),
        in the order the game asks for them: from the dealer's left."""
        game = self.game
        assert game is not None
        waiting = game.to_choose
        where = Message("record.where.choose", round=number)
        word = self.rules.level_word
        if value is None:
            if waiting and not pending:
                raise _at(where, Message(f"record.choice_missing.{word}", field=repr(field)))
            return
        values = _list(value, _in(where, field))
        if len(values) != game.players:
            raise _at(_in(where, field), Message("record.levels_count", count=len(values), players=game.players))
        if not waiting:
            raise _at(_in(where, field), Message(f"record.none_chosen.{word}"))
        for seat in waiting:
            if values[seat] is None and pending:
                continue  # not announced yet when the game was saved
            seated = Message("record.where.player", where=where, seat=seat)
            level = _int(values[seat], _in(seated, "level"))
            try:
                game.choose_phase(seat, level)
            except RuleError as error:
                raise _at(seated, _engine(error)) from None

    def _round(self, number: int, data: Any, last: bool) -> None:
        where = Message("record.where.deal", round=number)
        data = _fields(data, _ROUND_FIELDS, where, _ROUND_OPTIONAL)
        _same(data["round"], number, where, Message("record.thing.round_number"))
        if self.deadline is not None:
            self.deadline.check()
        deck = _round_deck(data["deck"], where, self.rules, len(self.names), self.family)
        rnd = self._deal(number, deck, data.get("chosen"))
        game = self.game
        assert game is not None
        _same(data["dealer"], rnd.dealer, where, "dealer")
        _same(data["levels"], list(rnd.levels), where, "levels")
        own = _round_record(number, rnd)
        for key in _ROUND_OPTIONAL:
            _same(data.get(key), own.get(key), where, key)
        dealt = _list(data["dealt"], _in(where, "dealt"))
        if len(dealt) != rnd.players:
            raise _at(_in(where, "dealt"), Message("record.hands_count", count=len(dealt), players=rnd.players))
        for seat, (hand, actual) in enumerate(zip(dealt, rnd.dealt, strict=True)):
            hand_of = Message("record.where.dealt_hand", where=where, seat=seat)
            _same(_card_list(hand, hand_of, self.family), list(actual), where, Message("record.thing.dealt_hand", seat=seat))
        rnd.replay_reshuffles()  # every reshuffle must come from the record
        actions = _list(data["actions"], _in(Message("record.where.round", round=number), "actions"))
        matched = 0  # engine records matched to the file so far
        pending: list[Mapping[str, Any]] = []  # a reshuffle waiting for the draw that causes it
        for index, action in enumerate(actions, start=1):
            if self.deadline is not None:
                self.deadline.check()
            kind = action.get("type") if isinstance(action, Mapping) else None
            what = _action_where(number, index, kind)
            if not isinstance(kind, str) or kind not in _ACTION_FIELDS:
                raise _at(what, Message("record.action_type", types=Items(tuple(_ACTION_FIELDS)), value=_short(kind)))
            action = _fields(action, _ACTION_FIELDS[kind], what, _ACTION_OPTIONAL.get(kind, ()))
            if kind == "reshuffle":
                self._reshuffle(rnd, action, actions[index:], what)
                pending.append(action)
                continue
            if kind == "skip":
                # A lost turn is the engine's own record, made by the deal or the discard before.
                engine = rnd.history[matched].to_dict() if matched < len(rnd.history) else None
                if engine is None or engine.get("type") != "skip":
                    raise _at(what, Message("record.no_skip", player=_short(action["player"])))
                if engine != action:
                    raise _at(what, _difference(action, engine))
                matched += 1
                continue
            if matched < len(rnd.history):
                lost = rnd.history[matched].to_dict()
                raise _at(what, Message("record.skip_unrecorded", player=str(lost.get("player"))))
            try:
                self._apply(game, rnd, kind, action, what)
            except RuleError as error:
                raise _at(what, _engine(error)) from None
            expected = [*pending, action]
            # The engine may add turns lost to skips after a discard; the next actions match them.
            new = [record.to_dict() for record in rnd.history[matched : matched + len(expected)]]
            if [r.get("type") for r in new] != [e["type"] for e in expected]:
                engine_types, file_types = (", ".join(str(r["type"]) for r in records) for records in (new, expected))
                raise _at(what, Message("record.engine_types", engine=engine_types, file=file_types))
            for got, wanted in zip(new, expected, strict=True):
                if got != wanted:
                    raise _at(what, _difference(wanted, got))
            matched += len(expected)
            pending = []
        if pending:
            raise _at(Message("record.where.action", round=number, index=len(actions), kind="reshuffle"), Message("record.reshuffle_alone"))
        if matched < len(rnd.history):
            lost = rnd.history[matched].to_dict()
            raise _at(Message("record.where.action_at", round=number, index=len(actions)), Message("record.skip_at_end", player=str(lost.get("player"))))
        self._end(number, rnd, data["end"], last)

    def _reshuffle(self, rnd: Round, action: Mapping[str, Any], rest: Sequence[Any], what: Where) -> None:
        following = rest[0] if rest else None
        if not (isinstance(following, Mapping) and following.get("type") == "draw" and following.get("source") == "deck"):
            raise _at(what, Message("record.reshuffle_next"))
        if rnd.deck:
            raise _at(what, Message("record.deck_not_empty", count=len(rnd.deck)))
        order = _card_list(action["deck"], _in(what, "deck"), self.family)
        below_top = rnd.discard_pile[:-1]
        if sorted(c.key for c in order) != sorted(c.key for c in below_top):
            raise _at(what, Message("record.new_deck", count=len(below_top)))
        rnd.queue_reshuffle(order)  # the engine takes the recorded order instead of shuffling

    def _apply(self, game: Game, rnd: Round, kind: str, action: Mapping[str, Any], what: Where) -> None:
        player = _int(action["player"], _in(what, "player"))
        if player != rnd.turn and not rnd.over:
            raise _at(what, Message("record.not_turn", player=player, turn=rnd.turn))
        game.play(_move(kind, action, self.family, rnd.table, what))

    def _end(self, number: int, rnd: Round, end: Any, last: bool) -> None:
        where = Message("record.where.end", round=number)
        if end is None:
            if rnd.end is not None:
                raise _at(where, Message("record.still_played_ended", reason=str(rnd.end.reason.value)))
            if not last:
                raise _at(where, Message("record.still_played_follows"))
            return
        end = _fields(end, _END_FIELDS, where)
        if rnd.end is None:
            raise _at(where, Message("record.ended_not", reason=_short(end["reason"])))
        actual = rnd.end.to_dict()
        for key in _END_FIELDS:
            _same(end[key], actual[key], where, key)


@overload
def replay(record: Mapping[str, Any], *, time_limit: float | None = None, any_family: Literal[False] = False) -> Game: ...


@overload
def replay(record: Mapping[str, Any], *, time_limit: float | None = None, any_family: Literal[True]) -> FamilyGame: ...


def replay(record: Mapping[str, Any], *, time_limit: float | None = None, any_family: bool = False) -> Game | FamilyGame:
    """Replay a game record through the engine and return the game, exactly as it was.

    Every action is played with the engine's own moves; every drawn card, every resulting
    record, the dealt hands and every round's end must agree with the record. A record that breaks
    a rule or disagrees, or that is beyond the limits (see the module's docstring), is refused
    whole with a ``RecordError`` naming the round and the action. With ``time_limit`` (seconds),
    a replay that takes longer is stopped and refused: a page that replays a visitor's file gives
    one, so no file can keep its kernel busy.

    >>> game = Game(players=2, seed=3)
    >>> drew = game.draw("deck")
    >>> record = game_record(game)
    >>> replay(record).round.hands == game.round.hands
    True
    >>> record["rounds"][0]["actions"][0]["card"] = "Kh" if str(drew.card) != "Kh" else "Qh"
    >>> replay(record)
    Traceback (most recent call last):
    ...
    upto9.records.RecordError: round 1, action 1 (draw): card: the record says "...", the engine gives "..."
    >>> replay(game_record(game), time_limit=0)
    Traceback (most recent call last):
    ...
    upto9.records.RecordError: the replay took longer than 0 s, the limit here: the record is not opened

    With ``any_family=True`` it replays a record of any family, the generic shape of a family
    without levels too (through the family's ``new_game``, ``move_from_dict`` and ``play``), and
    returns the ``FamilyGame``; without it such a record is refused (the game is no ``Game``).
    """
    return _replay(record, None if time_limit is None else _Deadline(time_limit), any_family)


def _replay(record: Any, deadline: _Deadline | None, any_family: bool = False) -> Game | FamilyGame:
    _check_shape(record, deadline)
    if isinstance(record, Mapping) and "family" in record and record.get("format") == FORMAT:
        if not any_family:
            raise _at("family", Message("record.not_rummy", family=_short(record["family"])))
        return _GenericReplayer(record, deadline).run()
    return _Replayer(record, deadline).run()


_GENERIC_TOP: Final = ("format", "family", "rule_set", "rules", "players", "seed", "rounds", "result")
_GENERIC_ROUND: Final = ("round", "dealer", "deck", "actions", "scores")
_GENERIC_RESULT: Final = ("over", "winners", "totals")


class _GenericReplayer:
    """Replays a record of a family without levels through its turn model (``upto9.family``):
    ``new_game`` deals the first round (its deck must be the seed's), ``next_round(deck)`` the
    others, every action is read by ``move_from_dict`` and played, and the round's records, its
    scores and the result must be the file's."""

    def __init__(self, record: Mapping[str, Any], deadline: _Deadline | None) -> None:
        self.deadline = deadline
        self.record = _fields(record, _GENERIC_TOP, Message("record.where.top"))
        key = self.record["family"]
        if not isinstance(key, str) or key not in family_keys():
            raise _at("family", Message("record.family", value=_short(key), keys=Items(tuple(repr(k) for k in family_keys()))))
        self.family = game_family(key)
        if isinstance(self.family, RummyFamily):
            raise _at("family", Message("record.family_rummy", name=_cut(repr(self.family.name))))
        if not isinstance(self.record["rules"], Mapping):
            raise _at("rules", Message("record.rules_table", value=_short(self.record["rules"])))
        try:
            self.rules = rules_from_dict(self.record["rules"], "record")
        except RulesError as error:
            raise RecordError(_in_record(_engine(error))) from None
        _same(self.record["family"], self.rules.family, "rules", "family")
        if self.record["rule_set"] != self.rules.name:
            raise _at("rule_set", Message("record.rule_set", value=_short(self.record["rule_set"]), name=_cut(repr(self.rules.name))))
        _check_named_rules(self.rules)
        self.names = _names(self.record["players"], self.rules)
        self.seed = _seed(self.record["seed"])
        self.rounds = _list(self.record["rounds"], "rounds")
        _count_rounds(self.rounds)
        if not self.rounds:
            raise _at("rounds", Message("record.no_rounds"))

    def run(self) -> FamilyGame:
        try:
            game = self.family.new_game(self.rules, len(self.names), self.seed, self.names)
        except RuleError as error:
            raise _at(Message("record.where.top"), _engine(error)) from None
        for number, data in enumerate(self.rounds, start=1):
            self._round(game, number, data, last=number == len(self.rounds))
        result = _fields(self.record["result"], _GENERIC_RESULT, "result")
        actual = {"over": game.over, "winners": list(game.winners), "totals": list(game.totals)}
        for key in _GENERIC_RESULT:
            _same(result[key], actual[key], "result", key)
        return game

    def _round(self, game: FamilyGame, number: int, data: Any, last: bool) -> None:
        where = Message("record.where.deal", round=number)
        own = tuple(getattr(self.family, "round_fields", ()))  # the family's own round fields, checked below
        data = _fields(data, (*_GENERIC_ROUND, *own), where)
        _same(data["round"], number, where, Message("record.thing.round_number"))
        if self.deadline is not None:
            self.deadline.check()
        deck = _round_deck(data["deck"], where, self.rules, len(self.names), self.family)
        if number == 1:
            rnd = game.round
            _same(data["deck"], _cards(rnd.deck_order), where, "deck")  # the first deal is the seed's
        else:
            try:
                rnd = game.next_round(deck)
            except RuleError as error:
                raise _at(where, _engine(error)) from None
        _same(data["dealer"], rnd.dealer, where, "dealer")
        actions = _list(data["actions"], _in(Message("record.where.round", round=number), "actions"))
        matched = 0  # the engine's records matched to the file so far
        for index, action in enumerate(actions, start=1):
            if self.deadline is not None:
                self.deadline.check()
            kind = action.get("type") if isinstance(action, Mapping) else None
            what = _action_where(number, index, kind)
            if not isinstance(action, Mapping) or not isinstance(kind, str):
                raise _at(what, Message("record.action_table", value=_short(action)))
            try:
                move = self.family.move_from_dict(action, rnd)
            except ValueError as error:  # RecordError, CardError: what the family's reader says
                raise _at(what, _engine(error)) from None
            if move is None:  # a record the engine made itself: the round must hold it here
                engine = rnd.history[matched].to_dict() if matched < len(rnd.history) else None
                if engine is None:
                    raise _at(what, Message("record.no_engine_record", kind=_cut(kind)))
                if engine != action:
                    raise _at(what, _difference(action, engine))
                matched += 1
                continue
            if matched < len(rnd.history):
                raise _at(what, Message("record.engine_record_left", kind=_short(rnd.history[matched].to_dict().get("type"))))
            player = action.get("player")
            if isinstance(player, int) and player != rnd.turn and not rnd.over:
                raise _at(what, Message("record.not_turn", player=player, turn=rnd.turn))
            try:
                game.play(move)
            except RuleError as error:
                raise _at(what, _engine(error)) from None
            got = rnd.history[matched].to_dict() if matched < len(rnd.history) else {}
            if got != action:
                raise _at(what, _difference(action, got))
            matched += 1
        end = Message("record.where.end", round=number)
        if matched < len(rnd.history):
            raise _at(end, Message("record.engine_record_left", kind=_short(rnd.history[matched].to_dict().get("type"))))
        scores = data["scores"]
        if scores is None:
            if rnd.over:
                raise _at(end, Message("record.scores_missing"))
            if not last:
                raise _at(end, Message("record.still_played_follows"))
        elif not rnd.over:
            raise _at(end, Message("record.scores_early"))
        else:
            _same(scores, list(rnd.scores()), end, "scores")
        for field, value in _round_extra(self.family, rnd).items():  # what the family records of the round, as replayed
            _same(data[field], value, end, field)


_ROUND_AT = re.compile(r'"round": ([0-9]+)')
_ACTION_AT = re.compile(r'\{"type": "(\w+)"')


def _where_broken(text: str, position: int) -> Message:
    """The round and action a broken file breaks off in, read from the text before ``position``."""
    before = text[:position]
    rounds = list(_ROUND_AT.finditer(before))
    if not rounds:
        return Message("raw", text="")
    start = rounds[-1]
    actions = list(_ACTION_AT.finditer(before, start.end()))
    if not actions:
        return Message("record.broken_at.round", round=int(start[1]))
    return Message("record.broken_at.action", round=int(start[1]), index=len(actions), kind=actions[-1][1])


@overload
def load_game(path: str | Path, *, time_limit: float | None = None, any_family: Literal[False] = False) -> Game: ...


@overload
def load_game(path: str | Path, *, time_limit: float | None = None, any_family: Literal[True]) -> FamilyGame: ...


def load_game(path: str | Path, *, time_limit: float | None = None, any_family: bool = False) -> Game | FamilyGame:
    """Read a game record from ``path`` and replay it (see ``replay``); the game as it was saved.
    Only a regular UTF-8 file of at most ``MAX_RECORD_BYTES`` is read; ``time_limit`` (seconds)
    bounds the reading and the replay together; ``any_family`` is as for ``replay``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = Path(f"{folder}/broken.json").write_text('{"format": "upto9-game/1", "rounds": [', encoding="utf-8")
    ...     load_game(f"{folder}/broken.json")
    Traceback (most recent call last):
    ...
    upto9.records.RecordError: .../broken.json: not a whole JSON file, truncated or corrupt at line 1 column 39: Expecting value
    >>> load_game("/dev/zero")
    Traceback (most recent call last):
    ...
    upto9.records.RecordError: /dev/zero: cannot read: not a regular file
    """
    deadline = None if time_limit is None else _Deadline(time_limit)
    source = str(path)
    try:
        text = read_text(path, limit=MAX_RECORD_BYTES)
    except FileError as error:
        raise _at(source, Message("record.cannot_read", reason=error.msg or str(error))) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        broken = Message("record.broken_json", line=error.lineno, column=error.colno, where=_where_broken(text, error.pos), reason=error.msg)
        raise _at(source, broken) from None
    except RecursionError:
        raise _at(source, Message("record.nested")) from None
    except ValueError:  # a number of more digits than Python reads (sys.get_int_max_str_digits)
        raise _at(source, Message("record.long_number", digits=sys.get_int_max_str_digits())) from None
    try:
        return _replay(data, deadline, any_family)
    except RecordError as error:
        raise _at(source, message_of(error)) from None
