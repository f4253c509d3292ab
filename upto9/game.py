"""Rounds and games: the turn engine, donations, scoring, the safety valve, the stalemate guard
(ruling 9) and the engine's turn limit, for either rule set (Up to 9, or Phase 10 with its skips and
deciding round). The rules and rulings are in ``docs/rules.md``.

Every move comes as a trio: ``can_x(...)`` answers yes or no, ``verify_x(...)`` raises a
``RuleError`` whose message names the rule, and ``x(...)`` verifies, applies and returns a frozen
record of what happened. A rejected move changes nothing. The records, in order, are the round's
history. What a player may see is a query: ``round.view(player)``.

Seats are numbered clockwise from 0; the player left of the dealer is the next seat. The rule set
(``Rules.family``) decides the cards, the lay-down checks and the turn rules; Phase 10's own rules
(a skip names a player who loses their next turn, hitting is donating, a deciding round breaks a
tie) apply only to its family, and the house rules (``Rules.level_order``, ``Rules.free_choice``)
to either. Free order played "before the deal" adds a step between rounds: every player announces
the phase they will try (``Game.choose_phase``), and only then is the round dealt.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter
from typing import Any, Final, TypeAlias

from upto9.cards import PlayingCard
from upto9.family import TableMeld, Verdict, check, family_of, validate
from upto9.messages import Items, Message, card_param, message_of
from upto9.problems import MeldError
from upto9.rules import UPTO9, FreeOrder, Rules, TieBreak
from upto9.turns import RuleError as RuleError  # generic (every family's): re-exported where it always was
from upto9.turns import game_deck as game_deck
from upto9.turns import round_rng as round_rng

__all__ = [
    "AnyFace",
    "AnyMeld",
    "ChoiceView",
    "ChosePhase",
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
    "Skipped",
    "Source",
    "View",
    "legal_moves",
]

AnyMeld: TypeAlias = TableMeld
"""A meld of any family (``upto9.family.TableMeld``): Up to 9's ``Meld``, Phase 10's ``Phase10Meld``."""

AnyFace: TypeAlias = object
"""What a donated card stands for: Up to 9's card or rank; Phase 10's number (set, run) or colour."""

MAX_TURNS_PER_ROUND: Final = 2000
"""No rule of the game: a safety limit for software players that never lay down. A round still
running after this many turns with a player still waiting to lay down ends with
``EndReason.TURN_LIMIT`` (never "stalemate": that is ruling 9, which ends the round once everyone
is down). Bots' rounds last about 30 turns (Phase 10: about 20), so the limit stops only players
that would otherwise play for ever (docs/rules.md#the-engines-turn-limit-no-rule-of-the-game)."""


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
    """Why a round ended: someone went out (``OUT``); the safety valve, or nothing left to draw
    (``IMPOSSIBLE``, rulings 7 and 8); everyone down and a deck's worth of turns without a card
    reaching the table (``STALEMATE``, ruling 9); or the engine's turn limit, no rule of the game
    (``TURN_LIMIT``, ``MAX_TURNS_PER_ROUND``: software players that never lay down).

    >>> [reason.value for reason in EndReason]
    ['out', 'impossible', 'stalemate', 'turn_limit']
    """

    OUT = "out"
    IMPOSSIBLE = "impossible"
    STALEMATE = "stalemate"
    TURN_LIMIT = "turn_limit"


def _is_skip(card: PlayingCard) -> bool:
    return card.skips


# --- moves a player asks for ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card from the deck or the discard pile's top."""

    source: Source


@dataclass(frozen=True, slots=True)
class LayDown:
    """Lay down the whole contract at once. ``level`` names the level (phase) the melds make: under
    the free-order house rule any level the player has not made yet; ``None`` is the player's own
    level this round."""

    melds: tuple[AnyMeld, ...]
    level: int | None = None


@dataclass(frozen=True, slots=True)
class Donate:
    """Play a card from the hand onto a meld on the table: ``owner``'s meld number ``meld``
    (Phase 10 calls it hitting). ``as_card`` is what a joker or wild card stands for."""

    card: PlayingCard
    owner: int
    meld: int
    as_card: AnyFace | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card, ending the turn. A Phase 10 skip names ``target``, the player who loses
    their next turn (``None`` only when every other player is already waiting to skip)."""

    card: PlayingCard
    target: int | None = None


Move = Draw | LayDown | Donate | Discard


# --- records of what happened --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Drew:
    """A player drew ``card`` from ``source``."""

    player: int
    source: Source
    card: PlayingCard

    def to_dict(self) -> dict[str, Any]:
        return {"type": "draw", "player": self.player, "source": self.source.value, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class LaidDown:
    """A player laid down their contract; ``level`` is the level they chose (free order only)."""

    player: int
    melds: tuple[AnyMeld, ...]
    level: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "lay_down", "player": self.player}
        if self.level is not None:
            data["level"] = self.level
        data["melds"] = [m.to_dict() for m in self.melds]
        return data


@dataclass(frozen=True, slots=True)
class Donated:
    """A player donated ``card`` (standing for ``face``) to ``owner``'s meld number ``meld``."""

    player: int
    card: PlayingCard
    face: AnyFace
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
    """A player discarded ``card``; a skip names ``target`` (``None``: no one could be named)."""

    player: int
    card: PlayingCard
    target: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "discard", "player": self.player, "card": str(self.card)}
        if _is_skip(self.card):
            data["target"] = self.target
        return data


@dataclass(frozen=True, slots=True)
class Skipped:
    """Phase 10: ``player`` lost a turn to a skip (one discarded naming them, or the skip that
    started the discard pile). The engine records it when the turn passes them by."""

    player: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "skip", "player": self.player}


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The empty deck was refilled from the discard pile (all but its top card); ``deck`` is the
    new deck, top card first."""

    deck: tuple[PlayingCard, ...]

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


Record = Drew | LaidDown | Donated | Discarded | Reshuffled | Skipped


@dataclass(frozen=True, slots=True)
class ChosePhase:
    """Free order before the deal: ``player`` announced ``level``, the phase they will lay down in
    the next round. Recorded by the game, not in a round's history (it comes before the deal)."""

    player: int
    level: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "choose", "player": self.player, "level": self.level}


# --- what one player may see ---------------------------------------------------------------------


def _choices(rules: Rules, level: int, made: Sequence[int], deciding: bool) -> tuple[int, ...]:
    """The levels a player may lay down this round: their own level; under the free-order house
    rule, any played level not made yet (a deciding round plays its one level). Chosen before the
    deal, the player's level this round is the one they announced, and only that one."""
    if rules.free_choice is FreeOrder.AFTER_DEAL and not deciding:
        done = set(made)
        left = tuple(n for n in rules.played_levels if n not in done)
        if left:
            return left
    return (level,)


@dataclass(frozen=True, slots=True)
class View:
    """What ``player`` may see: their own hand, the table, the discard pile, and counts of the
    other hands and the deck. Never another player's cards or the deck's order.

    Phase 10 and the house rules add what the table knows: who is waiting to lose a turn to a
    skip, who plays this round (a deciding round seats only the tied players), the levels each
    player has made (free order), and, free order chosen before the deal, the level each player
    announced (``chosen``, by seat; the same as ``levels`` then: players say it aloud)."""

    player: int
    rules: Rules
    hand: tuple[PlayingCard, ...]
    levels: tuple[int, ...]
    laid_down: tuple[bool, ...]
    table: tuple[tuple[AnyMeld, ...], ...]
    discard: tuple[PlayingCard, ...]  # bottom first; the top card is the last
    deck_count: int
    hand_counts: tuple[int, ...]
    turn: int
    phase: Phase
    waiting_skip: tuple[bool, ...] = ()
    seated: tuple[bool, ...] = ()
    made: tuple[tuple[int, ...], ...] = ()
    deciding: bool = False
    chosen: tuple[int, ...] = ()

    @property
    def level(self) -> int:
        """This player's level."""
        return self.levels[self.player]

    @property
    def choices(self) -> tuple[int, ...]:
        """The levels this player may lay down this round (more than one only under free order)."""
        made = self.made[self.player] if self.made else ()
        return _choices(self.rules, self.level, made, self.deciding)

    @property
    def discard_top(self) -> PlayingCard | None:
        """The card on top of the discard pile (a Phase 10 skip there cannot be taken)."""
        return self.discard[-1] if self.discard else None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.player and self.phase is not Phase.OVER

    @property
    def skip_targets(self) -> tuple[int, ...]:
        """The players a skip discarded now may name: every other player in the round who is not
        already waiting to lose a turn."""
        seated = self.seated or (True,) * len(self.levels)
        waiting = self.waiting_skip or (False,) * len(self.levels)
        return tuple(p for p in range(len(self.levels)) if p != self.player and seated[p] and not waiting[p])


@dataclass(frozen=True, slots=True)
class ChoiceView:
    """What ``player`` may see when choosing, before the deal, the phase to try (free order chosen
    before the deal): the levels every player has made, the choices announced so far (public:
    ``None`` for a player who has not chosen yet), the penalty totals, and the number of the round
    about to be dealt (from 1). No cards: none are dealt yet."""

    player: int
    rules: Rules
    made: tuple[tuple[int, ...], ...]
    chosen: tuple[int | None, ...]
    penalties: tuple[int, ...]
    round: int

    @property
    def open(self) -> tuple[int, ...]:
        """The levels this player may choose: every played level they have not made, in order."""
        done = set(self.made[self.player])
        return tuple(n for n in self.rules.played_levels if n not in done)


def legal_moves(view: View) -> list[Move]:
    """The moves open to the viewing player now: draws, then the checker's best lay-down for each
    level the player may lay down (any other valid lay-down is accepted too), every donation, every
    discard (a skip once for each player it may name).

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
        if view.discard and not _is_skip(view.discard[-1]):
            moves.append(Draw(Source.DISCARD))
        return moves
    moves = []
    hand = view.hand
    family = family_of(view.rules)
    if not view.laid_down[view.player]:
        choices = view.choices
        for level in choices:
            verdict = check(hand, level, view.rules)
            if verdict.ok:
                moves.append(LayDown(tuple(verdict.melds), level if view.rules.free_order and not view.deciding else None))
    else:
        # What each meld can still take, worked out once (not once per card).
        table = [(owner, index, meld) for owner, melds in enumerate(view.table) for index, meld in enumerate(melds)]
        open_ends = [(owner, index, meld.kind, meld.open_cards()) for owner, index, meld in table]
        for card in sorted(set(hand), key=_sort_key):
            for owner, index, kind, ends in open_ends:
                for face in ends:
                    if family.fits(card, face, kind, view.rules):
                        moves.append(Donate(card, owner, index, face))
    for card in sorted(set(hand), key=_sort_key):
        if _is_skip(card):
            targets = view.skip_targets
            if targets:
                moves.extend(Discard(card, target) for target in targets)
            else:
                moves.append(Discard(card, None))  # every other player already waits to skip
        else:
            moves.append(Discard(card))
    return moves


def _sort_key(card: PlayingCard) -> Any:
    """Cards in their own game's order (each card type orders only among its own kind)."""
    return card


# --- the round -------------------------------------------------------------------------------------


def _seat_order(dealer: int, players: int) -> list[int]:
    """Seats clockwise starting left of the dealer."""
    return [(dealer + k) % players for k in range(1, players + 1)]


class Round:
    """One round: the deal, the turns, and the end. Play it through its move methods.

    ``seated`` (default: everyone) says who plays: a Phase 10 deciding round seats only the tied
    players; the others get no cards and no turns, and score nothing. ``made`` lists the levels
    each player has made before this round (the free-order house rule lets a player lay down any
    level not made yet); ``deciding`` marks a deciding round, which plays its one level. Under free
    order chosen before the deal, ``levels`` are the levels the players chose: each must be a
    played level the player has not made, and is the only one they may lay down.
    """

    def __init__(
        self,
        rules: Rules,
        levels: Sequence[int],
        dealer: int,
        deck: Sequence[PlayingCard],
        rng: random.Random | None = None,
        *,
        seated: Sequence[bool] | None = None,
        made: Sequence[Iterable[int]] | None = None,
        deciding: bool = False,
    ) -> None:
        """Deal from ``deck`` (top card first): one card at a time clockwise from the player
        left of the dealer, ``rules.hand_size`` each; the next card starts the discard pile."""
        players = len(levels)
        if not rules.min_players <= players <= rules.max_players:
            raise RuleError(Message("rules.players_range", name=rules.name, low=rules.min_players, high=rules.max_players, players=str(players)))
        self.rules = rules
        self.levels = tuple(levels)
        self.players = players
        self.dealer = dealer
        self.deck_order = tuple(deck)
        self.rng = rng or random.Random(0)
        self.seated = tuple(seated) if seated is not None else (True,) * players
        if len(self.seated) != players or sum(self.seated) < 2:
            raise RuleError(Message("game.seated", players=players, seated=repr(self.seated)))
        self.made = tuple(tuple(m) for m in made) if made is not None else ((),) * players
        if len(self.made) != players:
            raise RuleError(Message("game.made", players=players, given=len(self.made)))
        self.deciding = deciding
        self._announced = rules.free_choice is FreeOrder.BEFORE_DEAL and not deciding  # (``announced``, read every view)
        if self.announced:
            played = rules.played_levels
            for p in range(players):
                if self.seated[p] and (self.levels[p] not in played or self.levels[p] in self.made[p]):
                    word = rules.level_word
                    raise RuleError(Message(f"game.chosen_made.{word}", player=p, level=str(self.levels[p])))
        self._stock = list(reversed(self.deck_order))  # top card last, so pop() draws it
        self.hands: list[list[PlayingCard]] = [[] for _ in range(players)]
        order = [seat for seat in _seat_order(dealer, players) if self.seated[seat]]
        for _ in range(rules.hand_size):
            for seat in order:
                if not self._stock:
                    raise RuleError(Message("game.deck_small", cards=len(deck), hand=rules.hand_size, players=len(order)))
                self.hands[seat].append(self._stock.pop())
        self.dealt = tuple(tuple(h) for h in self.hands)
        if not self._stock:
            raise RuleError(Message("game.no_discard_start"))
        self.discard_pile: list[PlayingCard] = [self._stock.pop()]
        self.table: list[list[AnyMeld]] = [[] for _ in range(players)]
        self.laid_down = [False] * players
        self.laid_levels: list[int | None] = [None] * players  # the level each player laid down
        self.waiting_skip = [False] * players  # Phase 10: named by a skip, to lose the next turn
        self.skipped = [0] * players  # turns each player lost to skips
        self.turn = order[0]
        self.phase = Phase.DRAW
        self.history: list[Record] = []
        self.end: RoundEnded | None = None
        self.turns = 0
        # Stalemate guard (ruling 9): once everyone is down, the turns played since the last card
        # reached the table count from ``_quiet_from`` (None: not counting) up to ``_quiet_length``.
        self._quiet_from: int | None = None
        self._quiet_length = 0
        self._reshuffles: list[tuple[PlayingCard, ...]] | None = None  # replaying: the recorded orders
        # The safety valve's last lay-down found for each level, to skip the checker while it lasts.
        self._valve_witnesses: dict[int, tuple[_Witness, ...]] = {}
        self._deck_keys: bytes | None = None  # the digest of the deck's sorted card keys
        if _is_skip(self.discard_pile[0]):
            # Phase 10: a skip turned up to start the discard pile costs the first player the first turn.
            self._lose_turn(self.turn)
            self.turn = self._next_seat(self.turn)

    def redeal(self) -> Round:
        """A fresh copy of this round as it was dealt (same rules, levels, dealer, deck, seats and
        levels made): replay the history on it to step through the round."""
        return Round(self.rules, self.levels, self.dealer, self.deck_order, random.Random(0), seated=self.seated, made=self.made, deciding=self.deciding)

    # --- queries -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def quiet_turns(self) -> int | None:
        """Ruling 9's count: the turns played since everyone was down and a card last reached the
        table (a lay-down or a donation); ``None`` while someone is still waiting to lay down.

        >>> Game(players=2, seed=3).round.quiet_turns is None
        True
        """
        return None if self._quiet_from is None else max(0, self.turns - self._quiet_from)

    @property
    def quiet_limit(self) -> int | None:
        """The length of ruling 9's count: the cards in the deck and the discard pile together when
        it began; the round ends as a stalemate when ``quiet_turns`` reaches it. ``None`` while
        someone is still waiting to lay down.

        >>> Game(players=2, seed=3).round.quiet_limit is None
        True
        """
        return None if self._quiet_from is None else self._quiet_length

    @property
    def announced(self) -> bool:
        """Did the players choose their levels before the deal (free order, "before_deal")? Then
        ``levels`` holds each player's choice."""
        return self.rules.free_choice is FreeOrder.BEFORE_DEAL and not self.deciding

    @property
    def deck(self) -> tuple[PlayingCard, ...]:
        """The deck, top card first (hidden from players: only ``len`` is public)."""
        return tuple(reversed(self._stock))

    def circulation(self) -> list[PlayingCard]:
        """The cards not on the table: deck, discard pile and every hand."""
        cards = [*self._stock, *self.discard_pile]
        for hand in self.hands:
            cards.extend(hand)
        return cards

    def choices(self, player: int) -> tuple[int, ...]:
        """The levels ``player`` may lay down this round: their level, or under the free-order
        house rule any level they have not made yet."""
        return _choices(self.rules, self.levels[player], self.made[player], self.deciding)

    def skip_targets(self) -> tuple[int, ...]:
        """The players a skip discarded by the player to move may name now."""
        return tuple(p for p in range(self.players) if p != self.turn and self.seated[p] and not self.waiting_skip[p])

    def view(self, player: int) -> View:
        """What ``player`` may see."""
        if not 0 <= player < self.players:
            raise RuleError(Message("game.no_player", player=repr(player) if isinstance(player, str) else str(player), last=self.players - 1))
        # The fields in their order, not by name: a view is made every move.
        return View(
            player,
            self.rules,
            tuple(self.hands[player]),
            self.levels,
            tuple(self.laid_down),
            tuple(map(tuple, self.table)),  # map, not a generator
            tuple(self.discard_pile),
            len(self._stock),
            tuple([len(hand) for hand in self.hands]),
            self.turn,
            self.phase,
            tuple(self.waiting_skip),
            self.seated,
            self.made,
            self.deciding,
            self.levels if self._announced else (),
        )

    def legal_moves(self) -> list[Move]:
        """The moves open to the player to move."""
        return [] if self.over else legal_moves(self.view(self.turn))

    def replay_reshuffles(self, orders: Iterable[Sequence[PlayingCard]] = ()) -> None:
        """Replaying a record: from now on the deck, when it runs empty, is refilled with the next
        of these orders (top card first; more may follow through ``queue_reshuffle``) instead of
        being shuffled. A draw that needs a reshuffle none is queued for, or whose queued order is
        not the discard pile below its top card, is refused."""
        self._reshuffles = [tuple(order) for order in orders]

    def queue_reshuffle(self, deck: Sequence[PlayingCard]) -> None:
        """Replaying a record: one more recorded reshuffle order (see ``replay_reshuffles``)."""
        if self._reshuffles is None:
            self._reshuffles = []
        self._reshuffles.append(tuple(deck))

    # --- draw ----------------------------------------------------------------------------------

    def verify_draw(self, source: Source | str) -> None:
        """Raise ``RuleError`` unless the player to move may draw from ``source`` now."""
        self._verify_phase(Phase.DRAW, "draw")
        try:
            if source.__class__ is not Source:  # (a bot's move holds the member already)
                source = Source(source)
        except ValueError:
            raise RuleError(Message("game.draw_from", source=repr(source))) from None
        if source is Source.DISCARD:
            if not self.discard_pile:
                raise RuleError(Message("game.discard_empty"))
            if _is_skip(self.discard_pile[-1]):
                raise RuleError(Message("game.skip_from_discard"))
        if source is Source.DECK and not self._stock and len(self.discard_pile) < 2:
            raise RuleError(Message("game.take_top"))

    def can_draw(self, source: Source | str) -> bool:
        return _allowed(self.verify_draw, source)

    def draw(self, source: Source | str) -> Drew:
        """Draw one card: from the deck, or the discard pile's top card only (no digging)."""
        self.verify_draw(source)
        if source.__class__ is not Source:
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
        return record

    def _reshuffle(self) -> None:
        top = self.discard_pile.pop()
        cards = self.discard_pile
        if self._reshuffles is not None:
            if not self._reshuffles:
                self.discard_pile.append(top)
                raise RuleError(Message("game.no_reshuffle"))
            order = self._reshuffles[0]
            if Counter(order) != Counter(cards):
                self.discard_pile.append(top)
                raise RuleError(Message("game.bad_reshuffle"))
            self._reshuffles.pop(0)
            new_deck = list(order)
        else:
            new_deck = list(cards)
            self.rng.shuffle(new_deck)
        self.discard_pile = [top]
        self._stock = list(reversed(new_deck))
        self.history.append(Reshuffled(tuple(new_deck)))

    # --- lay down ------------------------------------------------------------------------------

    def verify_lay_down(self, melds: Iterable[AnyMeld], level: int | None = None) -> None:
        """Raise ``RuleError`` unless the player to move may lay down these melds now, as ``level``
        (default: their own level; under free order, any level they have not made yet)."""
        self._verify_phase(Phase.PLAY, "lay down")
        player = self.turn
        word = self.rules.level_word
        if self.laid_down[player]:
            raise RuleError(Message(f"game.laid.{word}"))
        choices = self.choices(player)
        if level is None:
            level = self.levels[player]
        elif level not in choices:
            if self.announced:
                raise RuleError(Message(f"game.chose.{word}", chosen=choices[0], level=str(level)))
            if len(choices) == 1:
                raise RuleError(Message(f"game.this_round.{word}", chosen=choices[0], level=str(level)))
            raise RuleError(Message(f"game.any_not_made.{word}", left=Items(tuple(choices)), level=str(level)))
        melds = tuple(melds)
        problems = validate(melds, level, self.rules, hand=self.hands[player])
        if problems:
            raise RuleError(Message(f"game.not_laydown.{word}", level=str(level), problems=Items(tuple(p.msg for p in problems), "semicolon")))

    def can_lay_down(self, melds: Iterable[AnyMeld], level: int | None = None) -> bool:
        return _allowed(self.verify_lay_down, tuple(melds), level)

    def lay_down(self, melds: Iterable[AnyMeld], level: int | None = None) -> LaidDown:
        """Lay down the whole contract at once (all or nothing, on your own turn)."""
        melds = tuple(melds)
        self.verify_lay_down(melds, level)
        player = self.turn
        made = self.levels[player] if level is None else level
        hand = self.hands[player]
        for meld in melds:
            for placed in meld.cards:
                hand.remove(placed.card)
        # Straights (runs) lie on the table low to high, whatever order the player gave.
        melds = tuple(m.on_table() for m in melds)
        self.table[player] = list(melds)
        self.laid_down[player] = True
        self.laid_levels[player] = made
        record = LaidDown(player, melds, made if self.rules.free_order and not self.deciding else None)
        self.history.append(record)
        self._after_table_change()
        return record

    # --- donate --------------------------------------------------------------------------------

    def verify_donate(self, card: PlayingCard, owner: int, meld: int, as_card: AnyFace | None = None) -> None:
        """Raise ``RuleError`` unless the player to move may donate ``card`` to that meld now."""
        self._donated(card, owner, meld, as_card)

    def _donated(self, card: PlayingCard, owner: int, meld: int, as_card: AnyFace | None) -> AnyMeld:
        """The meld with ``card`` donated to it, if the player to move may donate it now (else
        ``RuleError``): the question ``verify_donate`` asks, answered once for ``donate`` too."""
        self._verify_phase(Phase.PLAY, "donate")
        player = self.turn
        if not self.laid_down[player]:
            raise RuleError(Message(f"game.{family_of(self.rules).donating}_first"))
        if card not in self.hands[player]:
            raise RuleError(Message("game.not_in_hand", card=card_param(card, form="the")))
        if not (0 <= owner < self.players) or not (0 <= meld < len(self.table[owner])):
            raise RuleError(Message("game.no_meld", player=owner, meld=meld))
        try:  # the meld's own refusal, kept as its message (never as text)
            return self.table[owner][meld].extend(card, as_card, self.rules)
        except MeldError as error:
            raise RuleError(message_of(error)) from None

    def can_donate(self, card: PlayingCard, owner: int, meld: int, as_card: AnyFace | None = None) -> bool:
        return _allowed(self.verify_donate, card, owner, meld, as_card)

    def donate(self, card: PlayingCard, owner: int, meld: int, as_card: AnyFace | None = None) -> Donated:
        """Play ``card`` onto a meld on the table; a joker locks to the card it stands for."""
        extended = self._donated(card, owner, meld, as_card)
        before = self.table[owner][meld]
        placed = extended.cards[0] if extended.cards[1:] == before.cards else extended.cards[-1]
        self.table[owner][meld] = extended
        self.hands[self.turn].remove(card)
        record = Donated(self.turn, card, placed.face, placed.wild, owner, meld)
        self.history.append(record)
        self._after_table_change()
        return record

    # --- discard -------------------------------------------------------------------------------

    def verify_discard(self, card: PlayingCard, target: int | None = None) -> None:
        """Raise ``RuleError`` unless the player to move may discard ``card`` now (a skip naming
        ``target``, who loses their next turn)."""
        self._verify_phase(Phase.PLAY, "discard")
        if card not in self.hands[self.turn]:
            raise RuleError(Message("game.not_in_hand", card=card_param(card, form="the")))
        if not _is_skip(card):
            if target is not None:
                raise RuleError(Message("game.not_skip", card=card_param(card, form="the")))
            return
        targets = self.skip_targets()
        if not targets:
            if target is not None:
                raise RuleError(Message("game.skip_no_one"))
            return
        if target is None:
            raise RuleError(Message("game.skip_names", targets=Items(tuple(targets))))
        if target == self.turn:
            raise RuleError(Message("game.skip_self"))
        if not 0 <= target < self.players:
            raise RuleError(Message("game.no_player", player=str(target), last=self.players - 1))
        if not self.seated[target]:
            raise RuleError(Message("game.not_deciding", player=target))
        if self.waiting_skip[target]:
            raise RuleError(Message("game.already_waiting", player=target))

    def can_discard(self, card: PlayingCard, target: int | None = None) -> bool:
        return _allowed(self.verify_discard, card, target)

    def discard(self, card: PlayingCard, target: int | None = None) -> Discarded:
        """Discard one card, ending the turn; the last card going out ends the round. A skip
        makes ``target`` lose their next turn."""
        self.verify_discard(card, target)
        player = self.turn
        self.hands[player].remove(card)
        self.discard_pile.append(card)
        record = Discarded(player, card, target)
        self.history.append(record)
        self.turns += 1
        if not self.hands[player]:
            self._finish(EndReason.OUT, player)
            return record
        if target is not None:
            self.waiting_skip[target] = True
        self.turn = self._next_seat(player)
        self.phase = Phase.DRAW
        quiet, limit = self.quiet_turns, self.quiet_limit
        if quiet is not None and limit is not None and quiet >= limit:
            self._finish(EndReason.STALEMATE, None)  # ruling 9
        elif quiet is None and self.turns >= MAX_TURNS_PER_ROUND:
            self._finish(EndReason.TURN_LIMIT, None)  # no rule: someone is still waiting to lay down
        elif not self._stock and (not self.discard_pile or (len(self.discard_pile) == 1 and _is_skip(self.discard_pile[0]))):
            # Nothing left to draw (ruling 7's last resort, or a lone skip that cannot be taken).
            self._finish(EndReason.IMPOSSIBLE, None)
        return record

    # --- applying any move ---------------------------------------------------------------------

    def play(self, move: object) -> Drew | LaidDown | Donated | Discarded:
        """Apply a move object (what bots return); anything that is no move of this game (another
        family's move, say) is refused with ``RuleError`` and changes nothing."""
        if isinstance(move, Draw):
            return self.draw(move.source)
        if isinstance(move, LayDown):
            return self.lay_down(move.melds, move.level)
        if isinstance(move, Donate):
            return self.donate(move.card, move.owner, move.meld, move.as_card)
        if isinstance(move, Discard):
            return self.discard(move.card, move.target)
        raise RuleError(Message("game.not_move", move=repr(move)))

    # --- the turn model's view of the round (upto9.family.FamilyRound): cheap, off every hot path ---

    def zones(self) -> dict[str, tuple[PlayingCard, ...]]:
        """Every card of the round by zone: each seat's hand (``hand.0``...) and melds on the table
        (``table.0``...), the discard pile (``pile``, bottom first) and the deck (``deck``, top card
        first). Their union is always the dealt deck.

        >>> rnd = Game(players=2, seed=1).round
        >>> {zone: len(cards) for zone, cards in rnd.zones().items()}
        {'hand.0': 11, 'hand.1': 11, 'table.0': 0, 'table.1': 0, 'pile': 1, 'deck': 81}
        """
        found: dict[str, tuple[PlayingCard, ...]] = {f"hand.{p}": tuple(hand) for p, hand in enumerate(self.hands)}
        for p, melds in enumerate(self.table):
            found[f"table.{p}"] = tuple(placed.card for meld in melds for placed in meld.cards)
        found["pile"] = tuple(self.discard_pile)
        found["deck"] = self.deck
        return found

    def visible(self, player: int) -> frozenset[str]:
        """The zones whose cards ``player`` sees: their own hand, the table and the discard pile.

        >>> sorted(Game(players=2, seed=1).round.visible(1))
        ['hand.1', 'pile', 'table.0', 'table.1']
        """
        return frozenset({f"hand.{player}", "pile", *(f"table.{p}" for p in range(self.players))})

    def scores(self) -> tuple[int, ...]:
        """This round's penalty points per seat (fewer is better): the end's, once the round is over;
        before, what each hand would cost now.

        >>> Game(players=2, seed=1).round.scores()
        (115, 105)
        """
        if self.end is not None:
            return self.end.penalties
        return tuple(sum(self.rules.penalty(card) for card in hand) for hand in self.hands)

    # --- internals -----------------------------------------------------------------------------

    def _next_seat(self, player: int) -> int:
        """The next seated player clockwise who does not lose the turn to a skip; each player
        passed over for a skip is recorded (``Skipped``) and stops waiting."""
        seat = player
        for _ in range(2 * self.players):
            seat = (seat + 1) % self.players
            if not self.seated[seat]:
                continue
            if self.waiting_skip[seat]:
                self.waiting_skip[seat] = False
                self._lose_turn(seat)
                continue
            return seat
        raise AssertionError("no seated player can move")  # the discarder never waits to skip

    def _lose_turn(self, seat: int) -> None:
        self.skipped[seat] += 1
        self.history.append(Skipped(seat))

    def _verify_phase(self, phase: Phase, what: str) -> None:
        if self.end is not None:
            raise RuleError(Message("game.over_round", reason=Message(f"game.end.{self.end.reason.value}"), what=Message(f"game.verb.{what}")))
        if self.phase is not phase:
            if phase is Phase.DRAW:
                raise RuleError(Message("game.start_of_turn", what=Message(f"game.verb.{what}")))
            raise RuleError(Message("game.draw_first", what=Message(f"game.verb.{what}")))

    def _after_table_change(self) -> None:
        player = self.turn
        if not self.hands[player]:
            self._finish(EndReason.OUT, player)
            return
        waiting = [p for p in range(self.players) if self.seated[p] and not self.laid_down[p]]
        if not waiting:
            # Ruling 9 (re)starts its count: turns, not deck draws, so that a card passed back and
            # forth through the discard pile ends the round too. This turn saw a card reach the
            # table, so the count starts with the next one.
            self._quiet_from = self.turns + 1
            self._quiet_length = len(self._stock) + len(self.discard_pile)
            return
        # The safety valve (ruling 8): can any waiting player still form their level?
        if self.rules.safety_valve and not self._any_level_holds(self.circulation(), sorted({n for p in waiting for n in self.choices(p)})):
            self._finish(EndReason.IMPOSSIBLE, None)

    def _any_level_holds(self, cards: list[PlayingCard], levels: list[int]) -> bool:
        """Does ``holds(cards, level)`` for one of ``levels``? The same answer as asking the checker
        each time, but cheaper: a lay-down (a *witness*) that the cards still contain answers yes
        at once, since more cards never unmake a lay-down. Witnesses are the lay-downs this round's
        valve found before, and a few disjoint lay-downs found once in the whole deck."""
        have = Counter(map(_key_of, cards))  # counted once, not once per witness card (in C: map and attrgetter)
        own = self._valve_witnesses
        for level in levels:
            for witness in (*own.get(level, ()), *self._deck_witnesses(level)):
                for key, n in witness:
                    if have[key] < n:
                        break
                else:
                    return True
        for level in levels:
            verdict = check(cards, level, self.rules)
            if verdict.ok:
                own[level] = (_witness(verdict),)
                return True
        return False

    def _deck_witnesses(self, level: int) -> tuple[_Witness, ...]:
        """Up to four disjoint lay-downs of ``level`` in this round's whole deck (cached)."""
        if self._deck_keys is None:  # the deck's digest, worked out once a round
            self._deck_keys = _digest(tuple(sorted(card.key for card in self.deck_order)))
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
            if len(_DECK_WITNESSES) >= _DECK_WITNESS_ENTRIES:
                _DECK_WITNESSES.clear()
            found = _DECK_WITNESSES[key] = (self.rules, tuple(witnesses))
        return found[1]

    def _finish(self, reason: EndReason, out: int | None) -> None:
        penalties = tuple(0 if p == out else sum(self.rules.penalty(c) for c in self.hands[p]) for p in range(self.players))
        self.end = RoundEnded(reason, out, penalties, tuple(self.laid_down))
        self.phase = Phase.OVER


_Witness = tuple[tuple[int, int], ...]
"""A lay-down's cards for the safety valve: (card key, copies) pairs."""

_key_of: Final = attrgetter("key")

_DECK_WITNESS_ENTRIES: Final = 64
"""The most decks whose lay-downs the safety valve keeps (a game deals a new deck each round).
An entry is a digest of the deck and at most four lay-downs, a few hundred bytes whatever the
deck's size, so the cache holds well under a megabyte however large the decks it has seen."""

# Lay-downs found in a whole deck, by (id of the rules, level, digest of the deck's card keys):
# (rules, witnesses). The rules are kept so that their id is not reused while the entry lives.
_DECK_WITNESSES: dict[tuple[int, int, bytes], tuple[Rules, tuple[_Witness, ...]]] = {}


def _digest(keys: tuple[int, ...]) -> bytes:
    """A deck's sorted card keys in 16 bytes: a cache key that does not hold the deck."""
    return hashlib.blake2b(repr(keys).encode(), digest_size=16).digest()


def _witness(verdict: Verdict) -> _Witness:
    return tuple(Counter(placed.card.key for meld in verdict.melds for placed in meld.cards).items())


def _allowed(verify: Any, *args: Any) -> bool:
    try:
        verify(*args)
    except RuleError:
        return False
    return True


# --- the game --------------------------------------------------------------------------------------


class Game:
    """A whole game: rounds until a round in which someone makes the last level.

    Moves go through the game (``draw``, ``lay_down``, ``donate``, ``discard`` and their
    ``can_``/``verify_`` twins, or ``play(move)``); when a round ends the game scores it at once
    (penalties, levels, and the winners if the game is over). ``next_round()`` deals the next.

    Levels follow ``rules.played_levels`` (every level, or a shorter game's ``level_order``); the
    last of them ends the game. Under the free-order house rule a player may make the played
    levels in any order, one a round, and finishes with the last one left. Played "before the
    deal" (``FreeOrder.BEFORE_DEAL``), no round is dealt until every player has chosen the level
    they will try (``choose_phase``; ``to_choose`` lists who has not); ``next_round()`` then deals
    it, the first round included, and a player's lay-down must make the level they chose.
    Finishers in the same round: the fewest penalty points (this round included) win; still equal, Up to 9 shares the
    win (ruling 10) and Phase 10 (``TieBreak.DECIDING_ROUND``) seats the tied players for a
    deciding round of the last level, won the same way (see ``deciding``).

    >>> game = Game(players=3, seed=7)
    >>> game.round.dealer, game.round.turn, [len(h) for h in game.round.hands]
    (0, 1, [11, 11, 11])

    Phase 10, one argument away; here a skip turned up as the first discard, and the first player
    loses the first turn:

    >>> from upto9.rules import PHASE10
    >>> game = Game(players=3, rules=PHASE10, seed=13)
    >>> [len(h) for h in game.round.hands], game.round.discard_pile, game.round.history, game.round.turn
    ([10, 10, 10], [Phase10Card('S')], [Skipped(player=1)], 2)

    Free order chosen before the deal: each player announces a phase, then the round is dealt.

    >>> from upto9.rules import rules_from_dict
    >>> before = rules_from_dict({**PHASE10.to_dict(), "free_order": "before_deal"})
    >>> game = Game(players=2, rules=before, seed=1)
    >>> game.to_choose, game.rounds
    ((1, 0), [])
    >>> game.choose_phase(1, 4)
    ChosePhase(player=1, level=4)
    >>> game.next_round()
    Traceback (most recent call last):
    ...
    upto9.turns.RuleError: player 0 has not chosen a phase yet: under free order before the deal, every player chooses one before the cards are dealt
    >>> game.choose_phase(0, 2).level, game.next_round().levels, game.view(0).chosen
    (2, (2, 4), (2, 4))
    """

    def __init__(
        self,
        players: int = 4,
        rules: Rules = UPTO9,
        seed: int | str = 0,
        deck: Sequence[PlayingCard] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise RuleError(Message("rules.players_range", name=rules.name, low=rules.min_players, high=rules.max_players, players=str(players)))
        if names is not None and len(names) != players:
            raise RuleError(Message("game.names", players=players, given=len(names)))
        self.players = players
        self.names = tuple(names) if names is not None else tuple(f"Player {p + 1}" for p in range(players))
        self.rules = rules
        self.seed = seed
        self.rounds: list[Round] = []
        self.levels = [rules.played_levels[0]] * players
        self.made: list[list[int]] = [[] for _ in range(players)]  # the levels each has made, in order
        self.penalties = [0] * players
        self.winners: tuple[int, ...] = ()
        self.deciding: tuple[int, ...] = ()  # tied finishers who play a deciding round next
        self.chosen: list[int | None] = [None] * players  # free order before the deal: the levels announced
        self._scored = 0
        self._first_deck: Sequence[PlayingCard] | None = None
        if rules.free_choice is FreeOrder.BEFORE_DEAL:
            # The first round waits for every player's choice; ``deck`` is what it will be dealt from.
            self._first_deck = None if deck is None else self._check_deck(deck)
        else:
            self._deal(deck)

    @property
    def round(self) -> Round:
        """The current (last) round."""
        if not self.rounds:
            raise RuleError(Message(f"game.not_dealt.{self.rules.level_word}"))
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        """Is the game over (a finished round in which someone made the last level, and no tie
        left to play off)?"""
        return bool(self.winners)

    @property
    def totals(self) -> tuple[int, ...]:
        """The penalty points per seat so far (``penalties``; the turn model's ``FamilyGame.totals``).

        >>> Game(players=3, seed=7).totals
        (0, 0, 0)
        """
        return tuple(self.penalties)

    @property
    def last_level(self) -> int:
        """The level that ends the game (and that a deciding round plays)."""
        return self.rules.played_levels[-1]

    def _check_deck(self, deck: Sequence[PlayingCard]) -> Sequence[PlayingCard]:
        if Counter(deck) != Counter(game_deck(self.rules, self.players)):
            raise RuleError(Message("game.full_decks", decks=self.rules.decks_for(self.players)))
        return deck

    def _deal(self, deck: Sequence[PlayingCard] | None) -> Round:
        number = len(self.rounds)
        dealer = number % self.players  # ruling 6: the dealer moves one seat each round
        rng = round_rng(self.seed, number)
        if deck is None and number == 0:
            deck = self._first_deck
        if deck is None:
            deck = list(game_deck(self.rules, self.players))
            rng.shuffle(deck)
        else:
            self._check_deck(deck)
        if self.deciding:
            seated = tuple(p in self.deciding for p in range(self.players))
            levels = [self.last_level if seated[p] else self.levels[p] for p in range(self.players)]
            new = Round(self.rules, levels, dealer, deck, rng, seated=seated, made=self.made, deciding=True)
        else:
            new = Round(self.rules, self.levels, dealer, deck, rng, made=self.made)
        self.rounds.append(new)
        return new

    def verify_next_round(self) -> None:
        """Raise ``RuleError`` unless a new round may be dealt (under free order chosen before the
        deal: only once every player has chosen)."""
        if self.over:
            raise RuleError(Message("game.over"))
        if self.rounds and not self.round.over:
            raise RuleError(Message("game.still_playing"))
        waiting = self.to_choose
        if waiting:
            who = Items(tuple(Message("game.player", player=p) for p in waiting))
            raise RuleError(Message(f"game.not_chosen.{self.rules.level_word}", n=len(waiting), who=who))

    def can_next_round(self) -> bool:
        return _allowed(self.verify_next_round)

    def next_round(self, deck: Sequence[PlayingCard] | None = None) -> Round:
        """Deal the next round (from ``deck``, top card first, or shuffled from the seed; the first
        round of a game that waits for choices: the ``deck`` the game was made with, if any)."""
        self.verify_next_round()
        return self._deal(deck)

    # --- free order before the deal: choosing a phase ---------------------------------------------

    @property
    def _choosing(self) -> bool:
        """Is the game waiting for the choices of the next round (free order before the deal, no
        round being played, the game not over, and no deciding round next: it plays its level)?"""
        if self.rules.free_choice is not FreeOrder.BEFORE_DEAL or self.over or self.deciding:
            return False
        return not self.rounds or self.round.over

    @property
    def to_choose(self) -> tuple[int, ...]:
        """The players who still have to choose a level before the next deal, from the next
        dealer's left (empty unless free order is played before the deal, between rounds)."""
        if not self._choosing:
            return ()
        dealer = len(self.rounds) % self.players
        return tuple(p for p in _seat_order(dealer, self.players) if self.chosen[p] is None)

    def choice_view(self, player: int) -> ChoiceView:
        """What ``player`` may see when choosing a level before the deal."""
        if not 0 <= player < self.players:
            raise RuleError(Message("game.no_player", player=repr(player) if isinstance(player, str) else str(player), last=self.players - 1))
        return ChoiceView(
            player=player,
            rules=self.rules,
            made=tuple(tuple(m) for m in self.made),
            chosen=tuple(self.chosen),
            penalties=tuple(self.penalties),
            round=len(self.rounds) + 1,
        )

    def verify_choose_phase(self, player: int, level: int) -> None:
        """Raise ``RuleError`` unless ``player`` may choose ``level`` now: free order is played
        before the deal, the next round is not dealt yet, the player has not chosen yet, and
        ``level`` is a level of this game they have not made."""
        word = self.rules.level_word
        if self.rules.free_choice is not FreeOrder.BEFORE_DEAL:
            raise RuleError(Message(f"game.choose_only.{word}", rules=self.rules.name))
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise RuleError(Message("game.no_player", player=repr(player), last=self.players - 1))
        if self.over:
            raise RuleError(Message("game.over"))
        if self.rounds and not self.round.over:
            raise RuleError(Message(f"game.already_dealt.{word}", round=len(self.rounds)))
        if self.deciding:
            raise RuleError(Message(f"game.deciding.{word}", level=str(self.last_level)))
        chosen = self.chosen[player]
        if chosen is not None:
            raise RuleError(Message(f"game.chosen.{word}", player=player, chosen=str(chosen), round=len(self.rounds) + 1))
        played = self.rules.played_levels
        if isinstance(level, bool) or not isinstance(level, int) or level not in played:
            raise RuleError(Message(f"game.not_of_game.{word}", level=repr(level), played=Items(tuple(played))))
        if level in self.made[player]:
            left = [n for n in played if n not in self.made[player]]
            raise RuleError(Message(f"game.made_already.{word}", player=player, level=str(level), left=Items(tuple(left))))

    def can_choose_phase(self, player: int, level: int) -> bool:
        return _allowed(self.verify_choose_phase, player, level)

    def choose_phase(self, player: int, level: int) -> ChosePhase:
        """Announce, before the deal, the level ``player`` will lay down in the next round (free
        order played before the deal); ``next_round()`` deals once all have chosen."""
        self.verify_choose_phase(player, level)
        self.chosen[player] = level
        self.levels[player] = level  # the level they play in the round about to be dealt
        return ChosePhase(player, level)

    def _next_level(self, player: int) -> int:
        """The level ``player`` plays next: the next played level (free order: the first one not
        made yet); a player past the last stays on it."""
        played = self.rules.played_levels
        if self.rules.free_order:
            return next((n for n in played if n not in self.made[player]), played[-1])
        at = played.index(self.levels[player]) if self.levels[player] in played else len(played) - 1
        return played[min(at + 1, len(played) - 1)]

    def _settle(self) -> None:
        """Score the round once it has ended: penalties, levels, and the winners."""
        rnd = self.round
        if not rnd.over or self._scored == len(self.rounds):
            return
        self._scored = len(self.rounds)
        end = rnd.end
        assert end is not None
        for p in range(self.players):
            self.penalties[p] += end.penalties[p]
        if rnd.deciding:
            finishers = [p for p in range(self.players) if rnd.seated[p] and end.laid_down[p]]
        else:
            played = self.rules.played_levels
            finishers = []
            for p in range(self.players):
                level = rnd.laid_levels[p]
                if not end.laid_down[p] or level is None:
                    continue
                self.made[p].append(level)
                done = set(self.made[p]) >= set(played) if self.rules.free_order else level == played[-1]
                if done:
                    finishers.append(p)
                self.levels[p] = self._next_level(p)
        if self.rules.free_choice is FreeOrder.BEFORE_DEAL:
            self.chosen = [None] * self.players  # the next round's choices are still to be made
        if not finishers:
            return  # a deciding round no one made is played again by the same players
        fewest = min(self.penalties[p] for p in finishers)
        best = tuple(p for p in finishers if self.penalties[p] == fewest)
        if len(best) > 1 and self.rules.tie_break is TieBreak.DECIDING_ROUND:
            self.deciding = best
        else:  # ruling 10: fewest penalties (this round included) wins; equal points share
            self.winners, self.deciding = best, ()

    # --- moves, through the current round --------------------------------------------------------

    def view(self, player: int) -> View:
        """What ``player`` may see of the current round."""
        return self.round.view(player)

    def legal_moves(self) -> list[Move]:
        """The moves open to the player to move."""
        return self.round.legal_moves()

    def play(self, move: object) -> Drew | LaidDown | Donated | Discarded:
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

    def can_lay_down(self, melds: Iterable[AnyMeld], level: int | None = None) -> bool:
        return self.round.can_lay_down(melds, level)

    def verify_lay_down(self, melds: Iterable[AnyMeld], level: int | None = None) -> None:
        self.round.verify_lay_down(melds, level)

    def lay_down(self, melds: Iterable[AnyMeld], level: int | None = None) -> LaidDown:
        record = self.round.lay_down(melds, level)
        self._settle()
        return record

    def can_donate(self, card: PlayingCard, owner: int, meld: int, as_card: AnyFace | None = None) -> bool:
        return self.round.can_donate(card, owner, meld, as_card)

    def verify_donate(self, card: PlayingCard, owner: int, meld: int, as_card: AnyFace | None = None) -> None:
        self.round.verify_donate(card, owner, meld, as_card)

    def donate(self, card: PlayingCard, owner: int, meld: int, as_card: AnyFace | None = None) -> Donated:
        record = self.round.donate(card, owner, meld, as_card)
        self._settle()
        return record

    def can_discard(self, card: PlayingCard, target: int | None = None) -> bool:
        return self.round.can_discard(card, target)

    def verify_discard(self, card: PlayingCard, target: int | None = None) -> None:
        self.round.verify_discard(card, target)

    def discard(self, card: PlayingCard, target: int | None = None) -> Discarded:
        record = self.round.discard(card, target)
        self._settle()
        return record
