"""Shared helpers for the game tests: hand-stacked decks, a simple driving policy, state snapshots,
and the checks every game family's rounds pass (tests/test_families.py runs them on every family;
the families' own property files run them on their many games too)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from upto9 import UPTO9, Card, Rules, full_deck, parse_card, parse_hand
from upto9.family import validate
from upto9.game import (
    MAX_TURNS_PER_ROUND,
    Discarded,
    Donate,
    Donated,
    Drew,
    EndReason,
    Game,
    LaidDown,
    LayDown,
    Move,
    Reshuffled,
    Round,
    Skipped,
    game_deck,
)


def seats_from_left_of(dealer: int, players: int) -> list[int]:
    """Seats in dealing (and playing) order: clockwise from the dealer's left."""
    return [(dealer + k) % players for k in range(1, players + 1)]


def stacked_deck(
    hands: Sequence[str],
    top: str,
    stock: str = "",
    dealer: int = 0,
    rules: Rules = UPTO9,
    fill: bool = True,
) -> list[Card]:
    """A deck (top card first) that deals ``hands[seat]`` to each seat, turns ``top`` up as the
    discard pile, and then draws ``stock`` in order. With ``fill`` the rest of the game's full
    decks follow (sorted), so ``Game(deck=...)`` accepts it; without, the deck ends there."""
    players = len(hands)
    parsed = [parse_hand(h) for h in hands]
    for seat, hand in enumerate(parsed):
        assert len(hand) == rules.hand_size, f"seat {seat} needs {rules.hand_size} cards, not {len(hand)}"
    order: list[Card] = []
    for i in range(rules.hand_size):
        for seat in seats_from_left_of(dealer, players):
            order.append(parsed[seat][i])
    order.append(parse_card(top))
    order.extend(parse_hand(stock))
    if fill:
        everything = Counter(full_deck() * rules.decks_for(players))
        used = Counter(order)
        assert not used - everything, f"more copies than the decks hold: {used - everything}"
        order.extend(sorted((everything - used).elements()))
    return order


def simple_move(moves: Sequence[Move], rng: random.Random) -> Move:
    """Lay down when possible, else donate when possible, else a random legal move."""
    for move in moves:
        if isinstance(move, LayDown):
            return move
    donations = [m for m in moves if isinstance(m, Donate)]
    if donations:
        return rng.choice(donations)
    return rng.choice(list(moves))


def play_round(game: Game, rng: random.Random) -> None:
    """Play the current round to its end with ``simple_move``."""
    while not game.round.over:
        game.play(simple_move(game.legal_moves(), rng))


def play_game(players: int, seed: int) -> Game:
    """A whole game with ``simple_move`` for every player."""
    game = Game(players=players, seed=seed)
    rng = random.Random(seed)
    while True:
        play_round(game, rng)
        if game.over:
            return game
        game.next_round()


def discard_any(rnd: Round) -> None:
    """End the current player's turn by discarding their first card."""
    rnd.discard(rnd.hands[rnd.turn][0])


def snapshot(rnd: Round) -> dict[str, Any]:
    """Everything a move may change, copied for comparison. Cards, melds and records are frozen,
    so copying the lists that hold them is a deep copy."""
    return {
        "hands": [tuple(hand) for hand in rnd.hands],
        "deck": rnd.deck,
        "discard": tuple(rnd.discard_pile),
        "table": [tuple(melds) for melds in rnd.table],
        "laid_down": tuple(rnd.laid_down),
        "phase": rnd.phase,
        "turn": rnd.turn,
        "history": tuple(rnd.history),
        "end": rnd.end,
        "turns": rnd.turns,
        "levels": rnd.levels,
        "dealt": rnd.dealt,
    }


def game_snapshot(game: Game) -> dict[str, Any]:
    """The round's snapshot and the game's score."""
    return {**snapshot(game.round), "game_levels": list(game.levels), "penalties": list(game.penalties), "winners": game.winners, "rounds": len(game.rounds)}


def cards_now(rnd: Round) -> Counter[Any]:
    """Deck, discard pile, hands and table together: what card conservation compares."""
    cards = Counter(rnd.deck)
    cards.update(rnd.discard_pile)
    for hand in rnd.hands:
        cards.update(hand)
    for melds in rnd.table:
        for meld in melds:
            cards.update(p.card for p in meld.cards)
    return cards


_CONTAINERS = (list, tuple, dict, set, frozenset)


def _frozen(value: Any) -> Any:
    """``value`` with every list, dict and set inside it copied as a tuple (or frozenset), a random
    source as its state, a round as its attributes: a snapshot that later changes cannot reach.
    Cards, melds, records and rules are frozen already, and kept as they are."""
    if isinstance(value, random.Random):
        return ("random state", value.getstate())
    if isinstance(value, Round):
        return ("round", _frozen(vars(value)))
    kind = type(value)
    if kind is dict:
        return tuple((key, _frozen(item)) for key, item in value.items())
    if kind is list or kind is tuple:
        # The engine's lists hold one kind of thing each: lists of lists (hands, the table) are
        # copied all the way down, lists of frozen things (the deck, the history) in one step.
        return tuple(_frozen(item) for item in value) if value and isinstance(value[0], _CONTAINERS) else tuple(value)
    if kind is set or kind is frozenset:
        return frozenset(_frozen(item) for item in value)
    return value


def full_snapshot(game: Game) -> tuple[Any, Any]:
    """Every attribute of the game and of its current round (earlier rounds are over), private
    ones included, for "a refused move changes nothing"."""
    current = game.rounds[-1] if game.rounds else None
    return _frozen({**vars(game), "rounds": len(game.rounds)}), _frozen(current)


# --- what every family's rounds keep -------------------------------------------------------------------


def check_cards(rnd: Round, where: object = "") -> None:
    """Card conservation: the hands, the table, the discard pile and the deck hold exactly the
    dealt deck, and the dealt deck is the game's cards (``where`` names the place in a failure)."""
    assert Counter(rnd.deck_order) == Counter(game_deck(rnd.rules, rnd.players)), f"{where}: the deck dealt is not the game's cards"
    assert cards_now(rnd) == Counter(rnd.deck_order), f"{where}: cards were lost or made"


def check_records(rnd: Round, seen: int, where: object = "") -> None:
    """What each record after the first ``seen`` says is so: a lay-down is on the table and makes
    its level, a donation at one end of its meld, a drawn card in the hand, a discard on the pile,
    a lost turn a seated player's."""
    for record in rnd.history[seen:]:
        if isinstance(record, LaidDown):
            level = record.level if record.level is not None else rnd.levels[record.player]
            assert rnd.table[record.player] == list(record.melds), f"{where}: {record}"
            assert validate(record.melds, level, rnd.rules) == (), f"{where}: {record}"
        elif isinstance(record, Donated):
            meld = rnd.table[record.owner][record.meld]
            ends = (meld.cards[0], meld.cards[-1])
            assert any(p.card == record.card and getattr(p, "face", record.face) == record.face and p.wild == record.wild for p in ends), f"{where}: {record}"
        elif isinstance(record, Drew):
            assert record.card in rnd.hands[record.player], f"{where}: {record}"
        elif isinstance(record, Discarded):
            assert rnd.discard_pile[-1] == record.card, f"{where}: {record}"  # a discard ends the move
        elif isinstance(record, Skipped):
            assert rnd.seated[record.player], f"{where}: {record}"
        else:
            assert isinstance(record, Reshuffled), f"{where}: {record}"


def check_round_end(rnd: Round, where: object = "") -> None:
    """A round's end agrees with the cards left and the records: penalties are the cards left (0
    and no cards for who went out, nothing for who was not seated), who laid down is who the
    records say, every lay-down makes its level, and the turns stayed within the engine's limit."""
    end = rnd.end
    assert end is not None, f"{where}: the round has not ended"
    check_cards(rnd, where)
    assert rnd.turns <= MAX_TURNS_PER_ROUND, where
    laid = tuple(any(isinstance(r, LaidDown) and r.player == p for r in rnd.history) for p in range(rnd.players))
    assert laid == end.laid_down == tuple(rnd.laid_down), where
    for record in rnd.history:
        if isinstance(record, LaidDown):
            level = record.level if record.level is not None else rnd.levels[record.player]
            assert validate(record.melds, level, rnd.rules) == (), f"{where}: {record}"
    for p in range(rnd.players):
        if not rnd.seated[p]:
            assert rnd.dealt[p] == () and rnd.hands[p] == [] and end.penalties[p] == 0 and not end.laid_down[p], where
        elif p == end.out:
            assert end.penalties[p] == 0 and rnd.hands[p] == [], where
        else:
            assert end.penalties[p] == sum(rnd.rules.penalty(card) for card in rnd.hands[p]), where
            assert rnd.hands[p], f"{where}: player {p} has no cards left but did not go out"
    if end.reason is EndReason.OUT:
        assert end.out is not None and end.laid_down[end.out], where
    else:
        assert end.out is None, where
