"""Shared helpers for the game tests: hand-stacked decks, a simple driving policy, state snapshots."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from upto9 import UPTO9, Card, Rules, full_deck, parse_card, parse_hand
from upto9.game import Donate, Game, LayDown, Move, Round


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


def cards_now(rnd: Round) -> Counter:
    """Deck, discard pile, hands and table together: what card conservation compares."""
    cards = Counter(rnd.deck)
    cards.update(rnd.discard_pile)
    for hand in rnd.hands:
        cards.update(hand)
    for melds in rnd.table:
        for meld in melds:
            cards.update(p.card for p in meld.cards)
    return cards
