"""What every game family's turns share, a rummy or not: the error of a refused move, the seeded
random source of a round's shuffle, and a game's unshuffled deck. Generic code (``upto9.rounds``, a
family package) imports them from here without the rummy engine; ``upto9.game`` re-exports them.
"""

from __future__ import annotations

import random

from upto9.cards import PlayingCard
from upto9.messages import Message, said
from upto9.rules import Rules

__all__ = ["RuleError", "game_deck", "round_rng"]


class RuleError(ValueError):
    """A move the rules do not allow; the message names the rule. The state is left unchanged.
    ``msg`` is the message as a ``upto9.messages.Message``, to word it in any language."""

    def __init__(self, message: str | Message) -> None:
        text, self.msg = said(message)
        super().__init__(text)


def round_rng(seed: int | str, number: int) -> random.Random:
    """The random source of round ``number`` of the game with ``seed``: the same on every machine."""
    return random.Random(f"upto9:{seed}:{number}")


_DECKS: dict[tuple[int, int], tuple[Rules, tuple[PlayingCard, ...]]] = {}


def game_deck(rules: Rules, players: int) -> tuple[PlayingCard, ...]:
    """The unshuffled cards of a game of ``players``: ``rules.decks_for(players)`` decks of the
    rule set's cards.

    >>> from upto9.rules import PHASE10, UPTO9
    >>> len(game_deck(UPTO9, 4)), len(game_deck(PHASE10, 6))
    (104, 108)
    """
    key = (id(rules), players)
    found = _DECKS.get(key)
    if found is None or found[0] is not rules:
        if len(_DECKS) > 64:
            _DECKS.clear()
        found = _DECKS[key] = (rules, tuple(rules.one_deck()) * rules.decks_for(players))
    return found[1]
