"""Helpers of the 3UP 3DOWN tests: cards from text, house rules, and a round dealt from a stacked
deck so that each test starts from the position its rule needs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from upto9.families.threeup.cards import ThreeUpCard, parse_threeup_card
from upto9.families.threeup.family import FAMILY
from upto9.families.threeup.round import ChooseUp, ThreeUpRound
from upto9.rules import Rules, rules_from_dict

STANDARD: Rules = FAMILY.rules


def cards(text: str) -> list[ThreeUpCard]:
    """``"7r 7g C1"`` as cards."""
    return [parse_threeup_card(t) for t in text.split()]


def card(text: str) -> ThreeUpCard:
    return parse_threeup_card(text)


def house(**changes: Any) -> Rules:
    """The standard rules with some values changed (first player: left of the dealer, unless given)."""
    return rules_from_dict({**STANDARD.to_dict(), "first_player": "left_of_dealer", **changes}, "house.toml")


def stacked(down: Sequence[str], six: Sequence[str], rest: str = "") -> list[ThreeUpCard]:
    """The deck (top card first) that deals seat ``p`` the face-down cards ``down[p]`` and the six
    cards ``six[p]`` when the last seat deals (seat 0 is dealt first), then ``rest`` as the deck."""
    players = len(down)
    downs = [cards(d) for d in down]
    sixes = [cards(s) for s in six]
    deck: list[ThreeUpCard] = []
    for i in range(3):
        deck.extend(downs[p][i] for p in range(players))
    for i in range(6):
        deck.extend(sixes[p][i] for p in range(players))
    return deck + cards(rest)


def start(down: Sequence[str], up: Sequence[str], hand: Sequence[str], rest: str = "", rules: Rules | None = None) -> ThreeUpRound:
    """A round in play, seat 0 to move: each seat dealt ``down[p]`` face down and ``up[p]`` +
    ``hand[p]``, which it chose to lay ``up[p]`` face up; ``rest`` is the deck, top card first."""
    players = len(down)
    rnd = ThreeUpRound(rules or house(), players, players - 1, stacked(down, [f"{u} {h}" for u, h in zip(up, hand, strict=True)], rest))
    for p in range(players):
        assert rnd.turn == p
        rnd.play(ChooseUp(tuple(sorted(cards(up[p]), key=lambda c: c.key))))
    assert rnd.turn == 0
    return rnd
