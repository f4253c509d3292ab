"""Any family's round on the table, drawn from the turn model alone (``upto9.family``).

``replay_family_round`` replays a played round (``FamilyRound``) from its deck through its
family's ``new_round``, ``move_from_dict`` and ``play`` (the records' one replay path), and keeps
after each move the round's ``zones()``, each seat's ``visible(seat)`` and whose turn it is: a
``FamilyStep``. ``table_html`` draws a step as one seat may see it, or as the whole table: each
seat's zones (``"hand.0"``, ``"up.0"``...), then the shared ones (``"pile"``, ``"deck"``...), a
zone's label the family's message ``<key>.zone.<name>``. A zone the viewer may not see is drawn as
card backs with how many; a family's ``stacks`` (its draw pile) always are. ``step_words`` says a
step in the family's words (``DescribedFamily.describe``), as the viewer may know it.

Nothing here asks which game it is: a fifth family that supplies the protocol and its catalog's
zone labels is drawn as these are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Final

from upto9.cards import PlayingCard
from upto9.family import DescribedFamily, FamilyRecord, FamilyRound, game_family
from upto9.messages import Message, render

from .cards_html import card_html, card_row
from .texts import check_lang

__all__ = ["EVERYONE", "FamilyStep", "replay_family_round", "seat_zone", "step_words", "table_html", "used_zones", "zone_label"]

EVERYONE: Final = -1
"""The perspective of the whole table: every card face up, for teaching (the stepper's ``WHOLE_TABLE``)."""

_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "empty": "empty",
        "cards": "{n} cards",
        "hidden": "{n} cards, hidden",
        "you": "you",
        "dealer": "dealer",
        "turn": "to move",
        "on": "+",
        "face_down": "face down",
    },
    "nb": {
        "empty": "tom",
        "cards": "{n} kort",
        "hidden": "{n} kort, skjult",
        "you": "deg",
        "dealer": "giver",
        "turn": "har turen",
        "on": "+",
        "face_down": "med forsiden ned",
    },
}


@dataclass(frozen=True, slots=True)
class FamilyStep:
    """One step of a round of any family: the records one move made (the engine's own records that
    came with it included; at the deal, those the deal made), and after it every zone's cards, what
    each seat sees (``visible[seat]``), whose turn it is and whether the round is over."""

    records: tuple[FamilyRecord, ...]
    zones: Mapping[str, tuple[PlayingCard, ...]]
    visible: tuple[frozenset[str], ...]
    turn: int
    over: bool
    groups: Mapping[str, tuple[str, tuple[tuple[PlayingCard, ...], ...]]] = field(default_factory=dict)
    """The zones whose cards lie on another zone's cards (``DescribedFamily.groups``)."""


def _snapshot(rnd: FamilyRound, records: Sequence[FamilyRecord], family: object) -> FamilyStep:
    groups = dict(family.groups(rnd)) if isinstance(family, DescribedFamily) else {}
    return FamilyStep(tuple(records), dict(rnd.zones()), tuple(rnd.visible(p) for p in range(rnd.players)), rnd.turn, rnd.over, groups)


def replay_family_round(played: FamilyRound) -> list[FamilyStep]:
    """Replay ``played`` from its deck through its family's turn model, a step after each move;
    the replay must give the very records the round holds (``ValueError`` otherwise).

    >>> from upto9.simulate import play_game
    >>> game = play_game(players=2, rules=game_family("threeup").rules, seed=3, any_family=True)
    >>> steps = replay_family_round(game.rounds[0])
    >>> steps[0].records, steps[-1].over, sum(len(s.records) for s in steps) == len(game.rounds[0].history)
    ((), True, True)
    """
    family = game_family(played.rules)
    fresh = family.new_round(played.rules, played.players, played.dealer, played.deck_order)
    history = [record.to_dict() for record in played.history]
    done = len(fresh.history)
    if [r.to_dict() for r in fresh.history] != history[:done]:
        raise ValueError("the replayed deal did not make the records the round's deal made")
    steps = [_snapshot(fresh, fresh.history, family)]
    while done < len(history):
        move = family.move_from_dict(history[done], fresh)
        if move is None:  # a record the engine makes by itself: the move before it should have made it
            raise ValueError(f"the replay did not make the engine's record {history[done]!r} where the round did")
        fresh.play(move)
        made = fresh.history[done:]
        if [r.to_dict() for r in made] != history[done : done + len(made)]:
            raise ValueError(f"the replay of {history[done]!r} gave {[r.to_dict() for r in made]!r}")
        steps.append(_snapshot(fresh, made, family))
        done = len(fresh.history)
    if fresh.over != played.over:
        raise ValueError("the replayed round did not end where the round did")
    return steps


def seat_zone(zone: str) -> tuple[str, int | None]:
    """A zone's kind and seat: ``('hand', 0)`` for ``'hand.0'``, ``('pile', None)`` for a shared zone.

    >>> seat_zone("down.2"), seat_zone("pile")
    (('down', 2), ('pile', None))
    """
    kind, _, seat = zone.partition(".")
    return (kind, int(seat)) if seat.isdigit() else (zone, None)


def zone_label(family_key: str, kind: str, lang: str = "en") -> str:
    """A zone's label in ``lang``, the family's message ``<key>.zone.<kind>``; the zone's own name
    when the family's catalog has none.

    >>> zone_label("threeup", "down", "nb"), zone_label("threeup", "nowhere")
    ('3DOWN-kort', 'nowhere')
    """
    try:
        return render(Message(f"{family_key}.zone.{kind}"), lang)
    except KeyError:
        return kind


def _stacks(key: str) -> tuple[str, ...]:
    family = game_family(key)
    return tuple(family.stacks) if isinstance(family, DescribedFamily) else ("deck",)


def _zone_html(key: str, zone: str, cards: Sequence[PlayingCard], shown: bool, stack: bool, lang: str, unseen: bool = False) -> str:
    """A zone's row: its cards (``shown``), their backs, or a stack's size; ``unseen``: shown to the
    whole table, though its own seat does not see it (a 3DOWN card), and said so."""
    words = _WORDS[lang]
    kind, _seat = seat_zone(zone)
    label = zone_label(key, kind, lang)
    if stack:  # a draw pile: its size, to every eye
        back = [card_html(None, count=len(cards), lang=lang, badge=False)] if cards else []  # (its size said beside it)
        return card_row([*back, f"<span class='u9-note'>{escape(words['cards'].format(n=len(cards)) if cards else words['empty'])}</span>"], label)
    if not cards:
        return card_row([f"<span class='u9-note'>{escape(words['empty'])}</span>"], label)
    if shown:  # a face-down zone shown to the whole table says so after its cards
        note = [f"<span class='u9-note'>{escape(words['face_down'])}</span>"] if unseen else []
        return card_row([*(card_html(card, lang=lang) for card in cards), *note], label)
    return card_row([card_html(None, count=len(cards), lang=lang)], label, row_label=f"{label}: {words['hidden'].format(n=len(cards))}")


def _group_html(card: PlayingCard, on_it: Sequence[PlayingCard], shown: bool, lang: str) -> str:
    """One card with the cards lying on it (a picture card and its number cards), boxed together."""
    words = _WORDS[lang]
    if not on_it:
        return card_html(card, lang=lang)
    cards = "".join(card_html(c, lang=lang) for c in on_it) if shown else card_html(None, count=len(on_it), lang=lang)
    return (
        '<span role="group" style="display:inline-flex;flex-wrap:wrap;gap:.2em;align-items:flex-start;max-width:100%;'
        'border:1px solid #9e9e9e;border-radius:.4em;padding:.15em">'
        f'{card_html(card, lang=lang)}<span style="align-self:center">{escape(words["on"])}</span>{cards}</span>'
    )


def used_zones(steps: Sequence[FamilyStep]) -> frozenset[str]:
    """The zones that hold a card at some step of the round (the others are left off its table:
    the suit taken out of a three-player game, for one), and the stacks.

    >>> used_zones([FamilyStep((), {"hand.0": (), "pile": ()}, (frozenset(),), 0, False)])
    frozenset()
    """
    return frozenset(zone for step in steps for zone, cards in step.zones.items() if cards)


def table_html(
    step: FamilyStep,
    family_key: str,
    names: Sequence[str],
    perspective: int = EVERYONE,
    lang: str = "en",
    dealer: int | None = None,
    used: frozenset[str] | None = None,
    mark_viewer: bool = True,
) -> str:
    """The table at ``step`` as HTML, seen by seat ``perspective`` (only the zones in its
    ``visible`` face up) or by the whole table (``EVERYONE``: every card face up but the stacks);
    that seat's name is marked "you" unless ``mark_viewer`` is false (a page that names it "You").
    Each seat's zones in a box (the seat to move marked), then the shared zones; a zone whose cards
    lie on another's (``groups``) is drawn there, each card with the cards on it. A seat's zones
    are always drawn; a shared zone only when in ``used`` (``None``: every one), and the stacks.

    >>> from upto9.simulate import play_game
    >>> game = play_game(players=2, rules=game_family("threeup").rules, seed=3, any_family=True)
    >>> step = replay_family_round(game.rounds[0])[0]
    >>> html = table_html(step, "threeup", ("Ann", "Bob"), perspective=1)
    >>> [c for c in step.zones["down.1"] if html.count(f'data-card="{c}"') > step.zones["hand.1"].count(c)], "3DOWN cards" in html
    ([], True)
    """
    lang = check_lang(lang)
    words = _WORDS[lang]
    stacks = _stacks(family_key)
    everyone = perspective == EVERYONE
    seen = frozenset(step.zones) if everyone else step.visible[perspective]
    seats: dict[int, list[str]] = {p: [] for p in range(len(names))}
    shared: list[str] = []
    lying = {base: (zone, piles) for zone, (base, piles) in step.groups.items()}
    for zone, cards in step.zones.items():
        _kind, seat = seat_zone(zone)
        if zone in step.groups:
            continue  # drawn on the cards it lies on
        if seat is None and used is not None and zone not in used and zone not in stacks:
            continue
        unseen = everyone and seat is not None and seat < len(step.visible) and zone not in step.visible[seat]
        html = _zone_html(family_key, zone, cards, zone in seen, zone in stacks, lang, unseen)
        if zone in lying and cards and zone in seen:
            on, piles = lying[zone]
            kind, _seat = seat_zone(zone)
            groups = (_group_html(card, piles[i] if i < len(piles) else (), on in seen, lang) for i, card in enumerate(cards))
            html = card_row(groups, zone_label(family_key, kind, lang))
        if seat is not None and seat in seats:
            seats[seat].append(html)
        else:
            shared.append(html)
    boxes = []
    for p, rows in seats.items():
        marks = [words["dealer"]] if p == dealer else []
        if p == perspective and mark_viewer:
            marks.append(words["you"])
        if p == step.turn and not step.over:
            marks.append(words["turn"])
        head = names[p] + (f" ({', '.join(marks)})" if marks else "")
        turn_class = " u9-turn" if p == step.turn and not step.over else ""
        boxes.append(f'<div class="u9-player{turn_class}" role="group" aria-label="{escape(names[p])}"><div><b>{escape(head)}</b></div>{"".join(rows)}</div>')
    return f'<div class="u9-player" role="group">{"".join(shared)}</div>' + "".join(boxes)  # the piles first, as a rummy's table


def step_words(step: FamilyStep, family_key: str, names: Sequence[str], perspective: int = EVERYONE, lang: str = "en") -> list[str]:
    """What happened at ``step``, one sentence a record, in the family's words as the viewer may
    know it (``DescribedFamily.describe``; a family without it: each record's type)."""
    family = game_family(family_key)
    seat = None if perspective == EVERYONE else perspective
    if not isinstance(family, DescribedFamily):
        return [str(record.to_dict().get("type", "?")) for record in step.records]
    return [render(family.describe(record, seat, names), lang) for record in step.records]
