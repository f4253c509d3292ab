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
``RecordError`` naming the round and the action: ``round 3, action 17 (discard): ...``.

The record shape::

    {"format": "upto9-game/1", "rule_set": "Up to 9", "rules": {...Rules.to_dict()...},
     "players": ["Ann", "Bob"], "seed": 7,
     "rounds": [{"round": 1, "dealer": 0, "levels": [1, 1], "deck": ["Kh", ...],
                 "dealt": [["5c", ...], [...]],
                 "actions": [{"type": "draw", "player": 1, "source": "deck", "card": "Qs"}, ...],
                 "end": {"reason": "out", "out": 1, "penalties": [35, 0], "laid_down": [false, true]}}],
     "result": {"over": false, "winners": [], "levels": [1, 2], "penalties": [35, 0]}}

A round still being played has ``"end": null``; a game still being played has ``"over": false``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from upto9.cards import AnyCard, Card, CardError, Colour, Phase10Card, parse_card, parse_phase10_card, parse_rank
from upto9.game import AnyFace, AnyMeld, Game, Round, RuleError
from upto9.melds import Meld, MeldError
from upto9.messages import Items, Message, message_of, said
from upto9.phase10 import Phase10Meld
from upto9.rules import Family, FreeOrder, Rules, RulesError, rules_from_dict

__all__ = ["FORMAT", "RecordError", "game_record", "load_game", "replay", "save_game"]

FORMAT = "upto9-game/1"
"""The record format this module writes and reads."""


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


def _cards(cards: Sequence[AnyCard]) -> list[str]:
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


def game_record(game: Game) -> dict[str, Any]:
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
    """
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


def save_game(game: Game, path: str | Path) -> None:
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
        raise _at(what, Message("record.unknown_field", field=repr(unknown[0]), fields=Items((*fields, *optional))))
    return value


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def _int(value: Any, what: Where) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _at(what, Message("record.whole", value=_short(value)))
    return value


def _list(value: Any, what: Where) -> list[Any]:
    if not isinstance(value, list):
        raise _at(what, Message("record.list", value=_short(value)))
    return value


def _card(value: Any, what: Where, family: Family = Family.UPTO9) -> AnyCard:
    """A card's canonical text, read as a card of the rule set's ``family``."""
    if not isinstance(value, str):
        raise _at(what, Message("record.card_text", value=_short(value)))
    try:
        card: AnyCard = parse_phase10_card(value) if family is Family.PHASE10 else parse_card(value)
    except CardError as error:
        raise _at(what, message_of(error)) from None
    if str(card) != value:
        raise _at(what, Message("record.not_canonical", value=repr(value), card=repr(str(card))))
    return card


def _card_list(value: Any, what: Where, family: Family = Family.UPTO9) -> list[AnyCard]:
    return [_card(item, Message("record.where.card", where=what, index=i), family) for i, item in enumerate(_list(value, what), start=1)]


def _face(value: Any, what: Where, family: Family = Family.UPTO9) -> AnyFace:
    """A donated card's face: a card, or (for a joker in a set) a rank alone; in Phase 10 a number
    (set, run) or a colour (colour group)."""
    if not isinstance(value, str):
        raise _at(what, Message("record.face_text", value=_short(value)))
    if family is Family.PHASE10:
        if value in tuple(Colour):
            return Colour(value)
        if value.isdigit() and str(int(value)) == value and 1 <= int(value) <= 12:
            return int(value)
        raise _at(what, Message("record.p10_face", value=_short(value)))
    try:
        return parse_rank(value)
    except CardError:
        card = _card(value, what)
    assert isinstance(card, Card)
    return card


def _plain(value: Any) -> Any:
    """Cards as their text, for messages."""
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return str(value) if isinstance(value, Card | Phase10Card) else value


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


def _as_recorded(meld: AnyMeld, entries: Sequence[Any]) -> AnyMeld:
    """The meld with its cards in the recorded order. ``Meld.from_dict`` puts a straight in order,
    but the engine keeps a lay-down's cards as the player gave them, and the replay must too."""
    remaining = list(meld.cards)
    ordered = []
    for entry in entries:
        match = next((placed for placed in remaining if placed.to_dict() == entry), None)  # type: ignore[attr-defined]
        if match is None:
            return meld  # not in the canonical shape: the comparison with the engine's record says where
        remaining.remove(match)
        ordered.append(match)
    return type(meld)(meld.kind, tuple(ordered))  # type: ignore[arg-type]


class _Replayer:
    """Replays one record through a fresh game, checking every step against the file."""

    def __init__(self, record: Any) -> None:
        if not isinstance(record, Mapping):
            raise RecordError(Message("record.not_record", value=_short(record)))
        version = record.get("format")
        if version != FORMAT:
            raise _at("format", Message("record.format", value=_short(version), format=repr(FORMAT)))
        self.record = _fields(record, _TOP_FIELDS, Message("record.where.top"), _TOP_OPTIONAL)
        if not isinstance(self.record["rules"], Mapping):
            raise _at("rules", Message("record.rules_table", value=_short(self.record["rules"])))
        try:
            self.rules: Rules = rules_from_dict(self.record["rules"], "record")
        except RulesError as error:
            raise RecordError(_in_record(message_of(error))) from None
        self.family = self.rules.family
        if self.record["rule_set"] != self.rules.name:
            raise _at("rule_set", Message("record.rule_set", value=_short(self.record["rule_set"]), name=repr(self.rules.name)))
        names = _list(self.record["players"], "players")
        if not names or not all(isinstance(name, str) for name in names):
            raise _at("players", Message("record.players", value=_short(names)))
        self.names: list[str] = names
        seed = self.record["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise _at("seed", Message("record.seed", value=_short(seed)))
        self.seed: int | str = seed
        self.rounds = _list(self.record["rounds"], "rounds")
        if not self.rounds and self.rules.free_choice is not FreeOrder.BEFORE_DEAL:
            raise _at("rounds", Message("record.no_rounds"))
        self.game: Game | None = None

    def run(self) -> Game:
        for number, data in enumerate(self.rounds, start=1):
            self._round(number, data, last=number == len(self.rounds))
        if self.game is None:  # free order before the deal: no round dealt yet
            self.game = Game(players=len(self.names), rules=self.rules, seed=self.seed, names=self.names)
        game = self.game
        self._announce(len(self.rounds) + 1, self.record.get("choosing"), "choosing", pending=True)
        result = _fields(self.record["result"], _RESULT_FIELDS, "result")
        actual = _result(game)
        for key in _RESULT_FIELDS:
            _same(result[key], actual[key], "result", key)
        if (rebuilt := game_record(game)) != {**self.record, "rules": rebuilt["rules"]}:
            raise RecordError(Message("record.mismatch"))  # every part was checked above
        return game

    def _deal(self, number: int, deck: list[AnyCard], chosen: Any) -> Round:
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
            raise _at(where, message_of(error)) from None

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
                raise _at(seated, message_of(error)) from None

    def _round(self, number: int, data: Any, last: bool) -> None:
        where = Message("record.where.deal", round=number)
        data = _fields(data, _ROUND_FIELDS, where, _ROUND_OPTIONAL)
        _same(data["round"], number, where, Message("record.thing.round_number"))
        deck = _card_list(data["deck"], _in(where, "deck"), self.family)
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
            kind = action.get("type") if isinstance(action, Mapping) else None
            what = (
                Message("record.where.action", round=number, index=index, kind=kind)
                if isinstance(kind, str)
                else Message("record.where.action_at", round=number, index=index)
            )
            if kind not in _ACTION_FIELDS:
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
                raise _at(what, message_of(error)) from None
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
        if kind == "draw":
            source = action["source"]
            if source not in ("deck", "discard"):
                raise _at(_in(what, "source"), Message("record.source", value=_short(source)))
            _card(action["card"], _in(what, "card"), self.family)
            game.draw(source)
        elif kind == "lay_down":
            melds: list[AnyMeld] = []
            reader = Phase10Meld.from_dict if self.family is Family.PHASE10 else Meld.from_dict
            for i, meld in enumerate(_list(action["melds"], _in(what, "melds")), start=1):
                try:
                    melds.append(_as_recorded(reader(meld), meld["cards"]))
                except (MeldError, CardError) as error:
                    raise _at(Message("record.where.meld", where=what, index=i), message_of(error)) from None
            level = _int(action["level"], _in(what, "level")) if "level" in action else None
            game.lay_down(melds, level)
        elif kind == "donate":
            card = _card(action["card"], _in(what, "card"), self.family)
            face = _face(action["as"], _in(what, "as"), self.family)
            owner = _int(action["owner"], _in(what, "owner"))
            meld = _int(action["meld"], _in(what, "meld"))
            if not isinstance(action["wild"], bool):
                raise _at(_in(what, "wild"), Message("record.wild", value=_short(action["wild"])))
            game.donate(card, owner, meld, face)
        else:
            target = action.get("target")
            game.discard(_card(action["card"], _in(what, "card"), self.family), None if target is None else _int(target, _in(what, "target")))

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


def replay(record: Mapping[str, Any]) -> Game:
    """Replay a game record through the engine and return the game, exactly as it was.

    Every action is played with the engine's own moves; every drawn card, every resulting
    record, the dealt hands and every round's end must agree with the record. A record that breaks
    a rule or disagrees is refused whole with a ``RecordError`` naming the round and the action.

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
    """
    return _Replayer(record).run()


_ROUND_AT = re.compile(r'"round": (\d+)')
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


def load_game(path: str | Path) -> Game:
    """Read a game record from ``path`` and replay it (see ``replay``); the game as it was saved.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = Path(f"{folder}/broken.json").write_text('{"format": "upto9-game/1", "rounds": [', encoding="utf-8")
    ...     load_game(f"{folder}/broken.json")
    Traceback (most recent call last):
    ...
    upto9.records.RecordError: .../broken.json: not a whole JSON file, truncated or corrupt at line 1 column 39: Expecting value
    """
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise _at(source, Message("record.cannot_read", reason=str(error.strerror or error))) from None
    except UnicodeDecodeError as error:
        raise _at(source, Message("record.not_utf8", reason=str(error))) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        broken = Message("record.broken_json", line=error.lineno, column=error.colno, where=_where_broken(text, error.pos), reason=error.msg)
        raise _at(source, broken) from None
    except RecursionError:
        raise _at(source, Message("record.nested")) from None
    try:
        return replay(data)
    except RecordError as error:
        raise _at(source, message_of(error)) from None
