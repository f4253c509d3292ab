"""Rounds and games: the turn engine, donations, scoring, the safety valve and the stalemate guard.

Every move comes as a trio: ``can_x(...)`` answers yes or no, ``verify_x(...)`` raises a
``RuleError`` whose message names the rule, and ``x(...)`` verifies, applies and returns a frozen
record of what happened. A rejected move changes nothing. The records, in order, are the round's
history. What a player may see is a query: ``round.view(player)``.

Seats are numbered clockwise from 0; the player left of the dealer is the next seat.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from upto9.cards import Card, full_deck
from upto9.checker import Check, check
from upto9.melds import Face, Meld, MeldError, validate
from upto9.rules import UPTO9, GroupKind, Rules

__all__ = [
    "Discard",
    "Discarded",
    "Donate",
    "Donated",
    "Draw",
    "Drew",
    "EndReason",
    "Game",
    "LaidDown",
    "LayDown",
    "Move",
    "Phase",
    "Record",
    "Reshuffled",
    "Round",
    "RoundEnded",
    "RuleError",
    "Source",
    "View",
    "legal_moves",
]

_FULL_DECK = full_deck()  # cards are immutable: one deck's worth, made once

MAX_TURNS_PER_ROUND = 2000
"""Engine guard, not a rule: a round still running after this many turns ends as a stalemate."""


class RuleError(ValueError):
    """A move the rules do not allow; the message names the rule. The state is left unchanged."""


class Source(StrEnum):
    """Where a player draws from."""

    DECK = "deck"
    DISCARD = "discard"


class Phase(StrEnum):
    """Where the player to move is in the turn (ruling 11: draw, lay down, donate, discard)."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


class EndReason(StrEnum):
    """Why a round ended: someone went out, the safety valve, or the engine's stalemate guard."""

    OUT = "out"
    IMPOSSIBLE = "impossible"
    STALEMATE = "stalemate"


# --- moves a player asks for ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card from the deck or the discard pile's top."""

    source: Source


@dataclass(frozen=True, slots=True)
class LayDown:
    """Lay down the whole contract at once."""

    melds: tuple[Meld, ...]


@dataclass(frozen=True, slots=True)
class Donate:
    """Play a card from the hand onto a meld on the table: ``owner``'s meld number ``meld``."""

    card: Card
    owner: int
    meld: int
    as_card: Face | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card, ending the turn."""

    card: Card


Move = Draw | LayDown | Donate | Discard


# --- records of what happened --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Drew:
    """A player drew ``card`` from ``source``."""

    player: int
    source: Source
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"type": "draw", "player": self.player, "source": self.source.value, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class LaidDown:
    """A player laid down their contract."""

    player: int
    melds: tuple[Meld, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "lay_down", "player": self.player, "melds": [m.to_dict() for m in self.melds]}


@dataclass(frozen=True, slots=True)
class Donated:
    """A player donated ``card`` (standing for ``face``) to ``owner``'s meld number ``meld``."""

    player: int
    card: Card
    face: Face
    wild: bool
    owner: int
    meld: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "donate",
            "player": self.player,
            "card": str(self.card),
            "as": str(self.face),
            "wild": self.wild,
            "owner": self.owner,
            "meld": self.meld,
        }


@dataclass(frozen=True, slots=True)
class Discarded:
    """A player discarded ``card``."""

    player: int
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"type": "discard", "player": self.player, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The empty deck was refilled from the discard pile (all but its top card); ``deck`` is the
    new deck, top card first."""

    deck: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "reshuffle", "deck": [str(c) for c in self.deck]}


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """The round's end: why, who went out, each player's penalty points and who laid down."""

    reason: EndReason
    out: int | None
    penalties: tuple[int, ...]
    laid_down: tuple[bool, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "reason": self.reason.value,
            "out": self.out,
            "penalties": list(self.penalties),
            "laid_down": list(self.laid_down),
        }


Record = Drew | LaidDown | Donated | Discarded | Reshuffled


# --- what one player may see ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class View:
    """What ``player`` may see: their own hand, the table, the discard pile, and counts of the
    other hands and the deck. Never another player's cards or the deck's order."""

    player: int
    rules: Rules
    hand: tuple[Card, ...]
    levels: tuple[int, ...]
    laid_down: tuple[bool, ...]
    table: tuple[tuple[Meld, ...], ...]
    discard: tuple[Card, ...]  # bottom first; the top card is the last
    deck_count: int
    hand_counts: tuple[int, ...]
    turn: int
    phase: Phase

    @property
    def level(self) -> int:
        """This player's level."""
        return self.levels[self.player]

    @property
    def discard_top(self) -> Card | None:
        """The card that may be taken from the discard pile."""
        return self.discard[-1] if self.discard else None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.player and self.phase is not Phase.OVER


def legal_moves(view: View) -> list[Move]:
    """The moves open to the viewing player now: draws, then the checker's best lay-down (any
    other valid lay-down is accepted too), every donation, every discard.

    >>> game = Game(players=2, seed=1)
    >>> legal_moves(game.round.view(game.round.turn))
    [Draw(source=<Source.DECK: 'deck'>), Draw(source=<Source.DISCARD: 'discard'>)]
    """
    if not view.my_turn:
        return []
    if view.phase is Phase.DRAW:
        moves: list[Move] = []
        if view.deck_count or len(view.discard) > 1:
            moves.append(Draw(Source.DECK))
        if view.discard:
            moves.append(Draw(Source.DISCARD))
        return moves
    moves = []
    hand = view.hand
    if not view.laid_down[view.player]:
        verdict = check(hand, view.level, view.rules)
        if verdict.ok:
            moves.append(LayDown(verdict.melds))
    else:
        # What each meld can still take, worked out once (not once per card).
        table = [(owner, index, meld) for owner, melds in enumerate(view.table) for index, meld in enumerate(melds)]
        open_ends = [(owner, index, meld.kind is GroupKind.SET, meld.open_cards()) for owner, index, meld in table]
        for card in sorted(set(hand)):
            wild = view.rules.is_wild(card)
            for owner, index, is_set, ends in open_ends:
                for face in ends:
                    if _fits(card, face, is_set, wild):
                        moves.append(Donate(card, owner, index, face))
    moves.extend(Discard(card) for card in sorted(set(hand)))
    return moves


def _fits(card: Card, face: Face, is_set: bool, wild: bool) -> bool:
    """Can ``card`` stand for ``face``, one of a meld's open cards (``Meld.accepts`` for that
    face): as itself, or, a 2 or 3, as a joker."""
    if wild:
        return True
    return card.rank == face if is_set else card == face


# --- the round -------------------------------------------------------------------------------------


def _seat_order(dealer: int, players: int) -> list[int]:
    """Seats clockwise starting left of the dealer."""
    return [(dealer + k) % players for k in range(1, players + 1)]


class Round:
    """One round: the deal, the turns, and the end. Play it through its move methods."""

    def __init__(
        self,
        rules: Rules,
        levels: Sequence[int],
        dealer: int,
        deck: Sequence[Card],
        rng: random.Random | None = None,
    ) -> None:
        """Deal from ``deck`` (top card first): one card at a time clockwise from the player
        left of the dealer, ``rules.hand_size`` each; the next card starts the discard pile."""
        players = len(levels)
        if not rules.min_players <= players <= rules.max_players:
            raise RuleError(f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {players}")
        self.rules = rules
        self.levels = tuple(levels)
        self.players = players
        self.dealer = dealer
        self.deck_order = tuple(deck)
        self.rng = rng or random.Random(0)
        self._stock = list(reversed(self.deck_order))  # top card last, so pop() draws it
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        for _ in range(rules.hand_size):
            for seat in _seat_order(dealer, players):
                if not self._stock:
                    raise RuleError(f"the deck of {len(deck)} cards is too small to deal {rules.hand_size} cards to {players} players")
                self.hands[seat].append(self._stock.pop())
        self.dealt = tuple(tuple(h) for h in self.hands)
        if not self._stock:
            raise RuleError("no card is left to start the discard pile")
        self.discard_pile: list[Card] = [self._stock.pop()]
        self.table: list[list[Meld]] = [[] for _ in range(players)]
        self.laid_down = [False] * players
        self.turn = (dealer + 1) % players
        self.phase = Phase.DRAW
        self.history: list[Record] = []
        self.end: RoundEnded | None = None
        self.turns = 0
        # Stalemate guard (ruling 9): once everyone is down, count draws since the last donation.
        self._quiet_draws = 0
        self._pass_length: int | None = None
        self._reshuffles: list[tuple[Card, ...]] | None = None  # replaying: the recorded orders
        # The safety valve's last lay-down found for each level, to skip the checker while it lasts.
        self._valve_witnesses: dict[int, tuple[_Witness, ...]] = {}
        self._deck_keys: tuple[int, ...] | None = None

    # --- queries -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck, top card first (hidden from players: only ``len`` is public)."""
        return tuple(reversed(self._stock))

    def circulation(self) -> list[Card]:
        """The cards not on the table: deck, discard pile and every hand."""
        cards = [*self._stock, *self.discard_pile]
        for hand in self.hands:
            cards.extend(hand)
        return cards

    def view(self, player: int) -> View:
        """What ``player`` may see."""
        if not 0 <= player < self.players:
            raise RuleError(f"there is no player {player}; seats are 0 to {self.players - 1}")
        return View(
            player=player,
            rules=self.rules,
            hand=tuple(self.hands[player]),
            levels=self.levels,
            laid_down=tuple(self.laid_down),
            table=tuple(tuple(m) for m in self.table),
            discard=tuple(self.discard_pile),
            deck_count=len(self._stock),
            hand_counts=tuple(len(h) for h in self.hands),
            turn=self.turn,
            phase=self.phase,
        )

    def legal_moves(self) -> list[Move]:
        """The moves open to the player to move."""
        return [] if self.over else legal_moves(self.view(self.turn))

    def replay_reshuffles(self, orders: Iterable[Sequence[Card]] = ()) -> None:
        """Replaying a record: from now on the deck, when it runs empty, is refilled with the next
        of these orders (top card first; more may follow through ``queue_reshuffle``) instead of
        being shuffled. A draw that needs a reshuffle none is queued for, or whose queued order is
        not the discard pile below its top card, is refused."""
        self._reshuffles = [tuple(order) for order in orders]

    def queue_reshuffle(self, deck: Sequence[Card]) -> None:
        """Replaying a record: one more recorded reshuffle order (see ``replay_reshuffles``)."""
        if self._reshuffles is None:
            self._reshuffles = []
        self._reshuffles.append(tuple(deck))

    # --- draw ----------------------------------------------------------------------------------

    def verify_draw(self, source: Source | str) -> None:
        """Raise ``RuleError`` unless the player to move may draw from ``source`` now."""
        self._verify_phase(Phase.DRAW, "draw")
        try:
            source = Source(source)
        except ValueError:
            raise RuleError(f"draw from 'deck' or 'discard', not {source!r}") from None
        if source is Source.DISCARD and not self.discard_pile:
            raise RuleError("the discard pile is empty")
        if source is Source.DECK and not self._stock and len(self.discard_pile) < 2:
            raise RuleError("the deck is empty and the discard pile has only its top card: take the top card (ruling 7)")

    def can_draw(self, source: Source | str) -> bool:
        return _allowed(self.verify_draw, source)

    def draw(self, source: Source | str) -> Drew:
        """Draw one card: from the deck, or the discard pile's top card only (no digging)."""
        self.verify_draw(source)
        source = Source(source)
        if source is Source.DECK:
            if not self._stock:
                self._reshuffle()
            card = self._stock.pop()
        else:
            card = self.discard_pile.pop()
        self.hands[self.turn].append(card)
        self.phase = Phase.PLAY
        record = Drew(self.turn, source, card)
        self.history.append(record)
        if self._pass_length is not None and source is Source.DECK:
            self._quiet_draws += 1  # ruling 9 counts a pass through the deck
        return record

    def _reshuffle(self) -> None:
        top = self.discard_pile.pop()
        cards = self.discard_pile
        if self._reshuffles is not None:
            if not self._reshuffles:
                raise RuleError("the deck ran empty, but the record holds no reshuffle here")
            order = self._reshuffles.pop(0)
            if Counter(order) != Counter(cards):
                self.discard_pile.append(top)
                raise RuleError("the recorded reshuffle is not the discard pile below its top card")
            new_deck = list(order)
        else:
            new_deck = list(cards)
            self.rng.shuffle(new_deck)
        self.discard_pile = [top]
        self._stock = list(reversed(new_deck))
        self.history.append(Reshuffled(tuple(new_deck)))

    # --- lay down ------------------------------------------------------------------------------

    def verify_lay_down(self, melds: Iterable[Meld]) -> None:
        """Raise ``RuleError`` unless the player to move may lay down these melds now."""
        self._verify_phase(Phase.PLAY, "lay down")
        player = self.turn
        if self.laid_down[player]:
            raise RuleError("you have already laid down your contract this round")
        melds = tuple(melds)
        problems = validate(melds, self.levels[player], self.rules, hand=self.hands[player])
        if problems:
            raise RuleError(f"not a lay-down for level {self.levels[player]}: " + "; ".join(p.message for p in problems))

    def can_lay_down(self, melds: Iterable[Meld]) -> bool:
        return _allowed(self.verify_lay_down, tuple(melds))

    def lay_down(self, melds: Iterable[Meld]) -> LaidDown:
        """Lay down the whole contract at once (all or nothing, on your own turn)."""
        melds = tuple(melds)
        self.verify_lay_down(melds)
        player = self.turn
        hand = self.hands[player]
        for meld in melds:
            for placed in meld.cards:
                hand.remove(placed.card)
        # Straights lie on the table low to high, whatever order the player gave.
        melds = tuple(Meld.of(m.kind, m.cards) for m in melds)
        self.table[player] = list(melds)
        self.laid_down[player] = True
        record = LaidDown(player, melds)
        self.history.append(record)
        self._after_table_change()
        return record

    # --- donate --------------------------------------------------------------------------------

    def verify_donate(self, card: Card, owner: int, meld: int, as_card: Face | None = None) -> None:
        """Raise ``RuleError`` unless the player to move may donate ``card`` to that meld now."""
        self._verify_phase(Phase.PLAY, "donate")
        player = self.turn
        if not self.laid_down[player]:
            raise RuleError("you may donate only once you have laid down your own contract")
        if card not in self.hands[player]:
            raise RuleError(f"{card} is not in your hand")
        if not (0 <= owner < self.players) or not (0 <= meld < len(self.table[owner])):
            raise RuleError(f"player {owner} has no meld {meld} on the table")
        reason = self.table[owner][meld].why_not(card, as_card, self.rules)
        if reason is not None:
            raise RuleError(reason)

    def can_donate(self, card: Card, owner: int, meld: int, as_card: Face | None = None) -> bool:
        return _allowed(self.verify_donate, card, owner, meld, as_card)

    def donate(self, card: Card, owner: int, meld: int, as_card: Face | None = None) -> Donated:
        """Play ``card`` onto a meld on the table; a joker locks to the card it stands for."""
        self.verify_donate(card, owner, meld, as_card)
        before = self.table[owner][meld]
        try:
            extended = before.extend(card, as_card, self.rules)
        except MeldError as error:  # verify_donate has asked the same question
            raise RuleError(str(error)) from None
        placed = extended.cards[0] if extended.cards[1:] == before.cards else extended.cards[-1]
        self.table[owner][meld] = extended
        self.hands[self.turn].remove(card)
        record = Donated(self.turn, card, placed.face, placed.wild, owner, meld)
        self.history.append(record)
        self._after_table_change()
        return record

    # --- discard -------------------------------------------------------------------------------

    def verify_discard(self, card: Card) -> None:
        """Raise ``RuleError`` unless the player to move may discard ``card`` now."""
        self._verify_phase(Phase.PLAY, "discard")
        if card not in self.hands[self.turn]:
            raise RuleError(f"{card} is not in your hand")

    def can_discard(self, card: Card) -> bool:
        return _allowed(self.verify_discard, card)

    def discard(self, card: Card) -> Discarded:
        """Discard one card, ending the turn; the last card going out ends the round."""
        self.verify_discard(card)
        player = self.turn
        self.hands[player].remove(card)
        self.discard_pile.append(card)
        record = Discarded(player, card)
        self.history.append(record)
        self.turns += 1
        if not self.hands[player]:
            self._finish(EndReason.OUT, player)
            return record
        self.turn = (player + 1) % self.players
        self.phase = Phase.DRAW
        if (self._pass_length is not None and self._quiet_draws >= self._pass_length) or self.turns >= MAX_TURNS_PER_ROUND:
            self._finish(EndReason.STALEMATE, None)
        elif not self._stock and not self.discard_pile:
            self._finish(EndReason.IMPOSSIBLE, None)
        return record

    # --- applying any move ---------------------------------------------------------------------

    def play(self, move: Move) -> Drew | LaidDown | Donated | Discarded:
        """Apply a move object (what bots return)."""
        if isinstance(move, Draw):
            return self.draw(move.source)
        if isinstance(move, LayDown):
            return self.lay_down(move.melds)
        if isinstance(move, Donate):
            return self.donate(move.card, move.owner, move.meld, move.as_card)
        if isinstance(move, Discard):
            return self.discard(move.card)
        raise RuleError(f"not a move: {move!r}")

    # --- internals -----------------------------------------------------------------------------

    def _verify_phase(self, phase: Phase, what: str) -> None:
        if self.end is not None:
            raise RuleError(f"the round is over ({self.end.reason.value}); no one may {what}")
        if self.phase is not phase:
            if phase is Phase.DRAW:
                raise RuleError(f"you may {what} only at the start of your turn (a turn is draw, lay down, donate, discard)")
            raise RuleError(f"draw a card first: a turn is draw, then lay down, donate, discard (you may not {what} yet)")

    def _after_table_change(self) -> None:
        player = self.turn
        if not self.hands[player]:
            self._finish(EndReason.OUT, player)
            return
        waiting = [p for p in range(self.players) if not self.laid_down[p]]
        if not waiting:
            # Stalemate guard: a full pass through the cards from here with no donation ends it.
            self._pass_length = len(self._stock) + len(self.discard_pile)
            self._quiet_draws = 0
            return
        # The safety valve (ruling 8): can any waiting player still form their level?
        if not self._any_level_holds(self.circulation(), sorted({self.levels[p] for p in waiting})):
            self._finish(EndReason.IMPOSSIBLE, None)

    def _any_level_holds(self, cards: list[Card], levels: list[int]) -> bool:
        """Does ``holds(cards, level)`` for one of ``levels``? The same answer as asking the checker
        each time, but cheaper: a lay-down (a *witness*) that the cards still contain answers yes
        at once, since more cards never unmake a lay-down. Witnesses are the lay-downs this round's
        valve found before, and a few disjoint lay-downs found once in the whole deck."""
        keys = [card.key for card in cards]
        own = self._valve_witnesses
        for level in levels:
            for witness in (*own.get(level, ()), *self._deck_witnesses(level)):
                if all(keys.count(key) >= n for key, n in witness):
                    return True
        for level in levels:
            verdict = check(cards, level, self.rules)
            if verdict.ok:
                own[level] = (_witness(verdict),)
                return True
        return False

    def _deck_witnesses(self, level: int) -> tuple[_Witness, ...]:
        """Up to four disjoint lay-downs of ``level`` in this round's whole deck (cached)."""
        if self._deck_keys is None:
            self._deck_keys = tuple(sorted(card.key for card in self.deck_order))
        key = (id(self.rules), level, self._deck_keys)
        found = _DECK_WITNESSES.get(key)
        if found is None or found[0] is not self.rules:
            witnesses: list[_Witness] = []
            left = list(self.deck_order)
            while len(witnesses) < 4:
                verdict = check(left, level, self.rules)
                if not verdict.ok:
                    break
                witnesses.append(_witness(verdict))
                for meld in verdict.melds:
                    for placed in meld.cards:
                        left.remove(placed.card)
            if len(_DECK_WITNESSES) > 64:
                _DECK_WITNESSES.clear()
            found = _DECK_WITNESSES[key] = (self.rules, tuple(witnesses))
        return found[1]

    def _finish(self, reason: EndReason, out: int | None) -> None:
        penalties = tuple(0 if p == out else sum(self.rules.penalty(c) for c in self.hands[p]) for p in range(self.players))
        self.end = RoundEnded(reason, out, penalties, tuple(self.laid_down))
        self.phase = Phase.OVER


_Witness = tuple[tuple[int, int], ...]
"""A lay-down's cards for the safety valve: (card key, copies) pairs."""

# Lay-downs found in a whole deck, by (id of the rules, level, the deck's card keys): (rules, witnesses).
_DECK_WITNESSES: dict[tuple[int, int, tuple[int, ...]], tuple[Rules, tuple[_Witness, ...]]] = {}


def _witness(verdict: Check) -> _Witness:
    return tuple(Counter(placed.card.key for meld in verdict.melds for placed in meld.cards).items())


def _allowed(verify: Any, *args: Any) -> bool:
    try:
        verify(*args)
    except RuleError:
        return False
    return True


# --- the game --------------------------------------------------------------------------------------


def round_rng(seed: int | str, number: int) -> random.Random:
    """The random source of round ``number`` of the game with ``seed``: the same on every machine."""
    return random.Random(f"upto9:{seed}:{number}")


class Game:
    """A whole game: rounds until a round in which someone lays down the last level.

    Moves go through the game (``draw``, ``lay_down``, ``donate``, ``discard`` and their
    ``can_``/``verify_`` twins, or ``play(move)``); when a round ends the game scores it at once
    (penalties, levels, and the winners if the game is over). ``next_round()`` deals the next.

    >>> game = Game(players=3, seed=7)
    >>> game.round.dealer, game.round.turn, [len(h) for h in game.round.hands]
    (0, 1, [11, 11, 11])
    """

    def __init__(
        self,
        players: int = 4,
        rules: Rules = UPTO9,
        seed: int | str = 0,
        deck: Sequence[Card] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise RuleError(f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {players}")
        if names is not None and len(names) != players:
            raise RuleError(f"{players} players need {players} names, not {len(names)}")
        self.players = players
        self.names = tuple(names) if names is not None else tuple(f"Player {p + 1}" for p in range(players))
        self.rules = rules
        self.seed = seed
        self.rounds: list[Round] = []
        self.levels = [1] * players
        self.penalties = [0] * players
        self.winners: tuple[int, ...] = ()
        self._scored = 0
        self._deal(deck)

    @property
    def round(self) -> Round:
        """The current (last) round."""
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        """Is the game over (a finished round in which someone laid down the last level)?"""
        return bool(self.winners)

    def _deal(self, deck: Sequence[Card] | None) -> Round:
        number = len(self.rounds)
        dealer = number % self.players  # ruling 6: the dealer moves one seat each round
        rng = round_rng(self.seed, number)
        if deck is None:
            deck = list(_FULL_DECK) * self.rules.decks_for(self.players)
            rng.shuffle(deck)
        elif Counter(deck) != Counter(list(full_deck()) * self.rules.decks_for(self.players)):
            raise RuleError(f"the deck must be exactly {self.rules.decks_for(self.players)} full decks")
        new = Round(self.rules, self.levels, dealer, deck, rng)
        self.rounds.append(new)
        return new

    def verify_next_round(self) -> None:
        """Raise ``RuleError`` unless a new round may be dealt."""
        if self.over:
            raise RuleError("the game is over")
        if not self.round.over:
            raise RuleError("the round is still being played")

    def can_next_round(self) -> bool:
        return _allowed(self.verify_next_round)

    def next_round(self, deck: Sequence[Card] | None = None) -> Round:
        """Deal the next round (from ``deck``, top card first, or shuffled from the seed)."""
        self.verify_next_round()
        return self._deal(deck)

    def _settle(self) -> None:
        """Score the round once it has ended: penalties, levels, and the winners."""
        if not self.round.over or self._scored == len(self.rounds):
            return
        self._scored = len(self.rounds)
        end = self.round.end
        assert end is not None
        last = len(self.rules.levels)
        finishers = [p for p in range(self.players) if end.laid_down[p] and self.round.levels[p] == last]
        for p in range(self.players):
            self.penalties[p] += end.penalties[p]
            if end.laid_down[p] and self.levels[p] < last:
                self.levels[p] += 1
        if finishers:  # ruling 10: fewest penalties (this round included) wins; equal points share
            fewest = min(self.penalties[p] for p in finishers)
            self.winners = tuple(p for p in finishers if self.penalties[p] == fewest)

    # --- moves, through the current round --------------------------------------------------------

    def view(self, player: int) -> View:
        """What ``player`` may see of the current round."""
        return self.round.view(player)

    def legal_moves(self) -> list[Move]:
        """The moves open to the player to move."""
        return self.round.legal_moves()

    def play(self, move: Move) -> Drew | LaidDown | Donated | Discarded:
        """Apply a move object (what bots return)."""
        record = self.round.play(move)
        self._settle()
        return record

    def can_draw(self, source: Source | str) -> bool:
        return self.round.can_draw(source)

    def verify_draw(self, source: Source | str) -> None:
        self.round.verify_draw(source)

    def draw(self, source: Source | str) -> Drew:
        return self.round.draw(source)

    def can_lay_down(self, melds: Iterable[Meld]) -> bool:
        return self.round.can_lay_down(melds)

    def verify_lay_down(self, melds: Iterable[Meld]) -> None:
        self.round.verify_lay_down(melds)

    def lay_down(self, melds: Iterable[Meld]) -> LaidDown:
        record = self.round.lay_down(melds)
        self._settle()
        return record

    def can_donate(self, card: Card, owner: int, meld: int, as_card: Face | None = None) -> bool:
        return self.round.can_donate(card, owner, meld, as_card)

    def verify_donate(self, card: Card, owner: int, meld: int, as_card: Face | None = None) -> None:
        self.round.verify_donate(card, owner, meld, as_card)

    def donate(self, card: Card, owner: int, meld: int, as_card: Face | None = None) -> Donated:
        record = self.round.donate(card, owner, meld, as_card)
        self._settle()
        return record

    def can_discard(self, card: Card) -> bool:
        return self.round.can_discard(card)

    def verify_discard(self, card: Card) -> None:
        self.round.verify_discard(card)

    def discard(self, card: Card) -> Discarded:
        record = self.round.discard(card)
        self._settle()
        return record
