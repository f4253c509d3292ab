"""The level-table designer: search the values a house-rule file can change for a level table whose
difficulty comes closest to a target shape.

* **The measure of difficulty** (``chance``): the chance that a dealt hand plus ``draws`` more
  cards from the deck (10 by default, as the atlas shows) holds the level, on a 4-player table's
  shuffled decks. Every candidate is measured on the *same* seeded decks (common random numbers):
  two tables differ by what their levels ask, never by the luck of the deal.
* **Targets** (``Target``): "each level harder than the one before" (a strictly falling chance, each
  level at least ``gap`` below the one before), "an even climb" from one chance to another, or a
  typed list of per-level chances.
* **Distance** (``Target.distance``): the root mean square, over the levels (or, for the falling
  shape, over the neighbouring pairs), of how far each chance misses its goal, in chance units
  (0.05: 5 percentage points). 0 means the target is met.
* **The search** (``Designer.search``): coordinate descent from the standard table, one level at a
  time, one change at a time (a group's size, a group's or the level's joker budget, the clean-group
  count; Phase 10's number-card minimum), keeping a change when it brings the distance down. Each
  candidate is built by the engine's own validation (``rules_from_dict``), and its lay-down must fit
  in a dealt hand, so nothing unplayable is proposed. It is anytime: a first answer on a few hundred
  deals, then ``refine`` adds deals (the same for every candidate) and searches again.
* **Export** (``to_house_rules``): the TOML text of a house-rule file (``base`` = the standard rule
  set's key, only the changed levels) that ``load_rules`` reads back to the same table.
"""

from __future__ import annotations

import itertools
import json
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from upto9.cards import PlayingCard
from upto9.compare import shuffled_deck
from upto9.family import holds
from upto9.rules import MIN_RUN, UPTO9, GroupKind, Level, Rules, RulesError, rules_from_dict
from upto9.stats import Estimate, wilson

__all__ = ["DRAWS", "FIRST_DEALS", "PLAYERS", "Candidate", "Designer", "Shape", "Target", "to_house_rules"]

DRAWS: Final = 10
"""The measure's draws: the dealt hand plus this many cards from the deck (the atlas's "after 10 draws")."""

PLAYERS: Final = 4
"""The table the decks are shuffled for (two decks of Up to 9; Phase 10's one deck)."""

FIRST_DEALS: Final = 300
"""Deals behind the first answer: enough to tell 10 points apart, fast enough for 30 seconds."""

_SEED_KEY: Final = "upto9-designer"


class Shape(StrEnum):
    """The target's shape."""

    FALLING = "falling"  # each level harder than the one before
    EVEN = "even"  # an even climb from one chance to another
    TYPED = "typed"  # a chance for each level, typed


@dataclass(frozen=True, slots=True)
class Target:
    """A shape of difficulty to come close to. ``values``: for ``EVEN`` the first and the last
    level's chance, for ``TYPED`` one chance per level (0 to 1); ``gap``: for ``FALLING`` how much
    lower each level's chance must be than the one before.

    >>> Target(Shape.EVEN, (0.9, 0.5)).goals(5)
    (0.9, 0.8, 0.7, 0.6, 0.5)
    >>> round(Target(Shape.FALLING, gap=0.02).distance([0.9, 0.95, 0.5]), 4), Target(Shape.FALLING).distance([0.9, 0.5])
    (0.0495, 0.0)
    """

    shape: Shape
    values: tuple[float, ...] = ()
    gap: float = 0.02

    def __post_init__(self) -> None:
        if any(not (0.0 <= v <= 1.0) for v in self.values):
            raise ValueError("every chance of a target must be between 0 and 1 (0 % and 100 %)")
        if self.shape is Shape.EVEN and len(self.values) != 2:
            raise ValueError("an even climb needs two chances: the first level's and the last level's")
        if self.shape is Shape.TYPED and not self.values:
            raise ValueError("a typed target needs one chance per level")
        if not 0.0 <= self.gap < 1.0:
            raise ValueError("the gap between levels must be from 0 to 1")

    def goals(self, levels: int) -> tuple[float, ...] | None:
        """Each level's goal chance (``None`` for the falling shape, which has no fixed goals).
        ``ValueError`` if a typed list has not one chance per level."""
        if self.shape is Shape.FALLING:
            return None
        if self.shape is Shape.EVEN:
            first, last = self.values
            if levels == 1:
                return (first,)
            return tuple(round(first + (last - first) * i / (levels - 1), 12) for i in range(levels))
        if len(self.values) != levels:
            raise ValueError(f"the typed target has {len(self.values)} chances; the table has {levels} levels")
        return self.values

    def distance(self, chances: Sequence[float]) -> float:
        """How far ``chances`` (one per level) are from the target: the root mean square of the
        misses (for the falling shape, of each rise above "``gap`` below the level before")."""
        goals = self.goals(len(chances))
        if goals is None:
            misses = [max(0.0, later - (earlier - self.gap)) for earlier, later in itertools.pairwise(chances)]
        else:
            misses = [c - g for c, g in zip(chances, goals, strict=True)]
        return math.sqrt(sum(m * m for m in misses) / len(misses)) if misses else 0.0


@dataclass(frozen=True, slots=True)
class Candidate:
    """A level table and its measure: each level's chance (a 95 % Wilson interval over ``deals``
    deals), its distance to the target, and the levels it changes from the standard table."""

    rules: Rules
    chances: tuple[Estimate, ...]
    distance: float
    changed: tuple[int, ...]

    @property
    def deals(self) -> int:
        return self.chances[0].n if self.chances else 0


def _level_key(level: Level) -> tuple[Any, ...]:
    """What a level asks (its marks left out): the cache's key."""
    return (level.groups, level.jokers, level.clean_groups, level.unlimited, level.natural_cards)


def _entry(level: Level) -> dict[str, Any]:
    """A level in its file shape, without its ``reconstructed`` marks (a designed value is a house rule)."""
    data = level.to_dict()
    data.pop("reconstructed", None)
    return data


def _fits(level: Level, rules: Rules) -> bool:
    """Playable: the lay-down fits in a dealt hand, and a set is at least a pair."""
    return level.cards <= rules.hand_size and all(g.size >= (MIN_RUN if g.kind is GroupKind.RUN else 2) for g in level.groups)


class Designer:
    """The search for ``rules``' level table closest to ``target`` (see the module's text).

    >>> d = Designer(UPTO9, Target(Shape.FALLING), deals=40)
    >>> best = d.search(seconds=20)[0]
    >>> best.deals, best.distance <= d.standard().distance, len(best.chances)
    (40, True, 9)
    """

    def __init__(self, rules: Rules, target: Target, *, deals: int = FIRST_DEALS, seed: int = 0, draws: int = DRAWS, keep: int = 3) -> None:
        if not rules.levels:
            raise ValueError(f"{rules.name} has no levels to design")
        target.goals(len(rules.levels))  # a typed list of the wrong length is refused now
        if deals < 1:
            raise ValueError("the designer needs at least one deal")
        self.rules = rules
        self.target = target
        self.seed = seed
        self.draws = draws
        self.keep = keep
        self.deals = deals
        self._decks: list[list[PlayingCard]] = []
        self._held: dict[tuple[Any, ...], tuple[int, int]] = {}  # level key -> (deals counted, deals holding)
        self._tables: dict[tuple[tuple[Any, ...], ...], Rules] = {}
        self.current: Rules = rules  # where the next search starts: the best table so far
        self.evaluated = 0

    # --- the measure ---

    def _deck(self, index: int) -> list[PlayingCard]:
        while len(self._decks) <= index:
            self._decks.append(shuffled_deck(self.rules, PLAYERS, f"{_SEED_KEY}:{self.seed}:{len(self._decks)}"))
        return self._decks[index]

    def held(self, level: Level, rules: Rules) -> int:
        """On how many of the first ``deals`` decks the dealt hand plus ``draws`` cards holds ``level``."""
        key = _level_key(level)
        counted, count = self._held.get(key, (0, 0))
        if counted < self.deals:
            cards = rules.hand_size + self.draws
            count += sum(holds(self._deck(i)[:cards], level, rules) for i in range(counted, self.deals))
            self._held[key] = (self.deals, count)
            self.evaluated += 1
        return count

    def measure(self, rules: Rules) -> Candidate:
        """``rules``' chances on the designer's deals, its distance and changed levels."""
        chances = tuple(wilson(self.held(lv, rules), self.deals) for lv in rules.levels)
        changed = tuple(lv.number for lv, std in zip(rules.levels, self.rules.levels, strict=True) if _level_key(lv) != _level_key(std))
        return Candidate(rules, chances, self.target.distance([c.value for c in chances]), changed)

    def standard(self) -> Candidate:
        """The standard table, measured."""
        return self.measure(self.rules)

    # --- the moves ---

    def _table(self, base: Rules, number: int, entry: dict[str, Any]) -> Rules | None:
        """``base`` with level ``number`` replaced by ``entry``, as the engine validates it; ``None`` if refused or unplayable."""
        levels = tuple(_level_key(lv) if lv.number != number else None for lv in base.levels)
        data = base.to_dict()
        data["levels"] = [entry if lv["number"] == number else lv for lv in data["levels"]]
        try:
            made = rules_from_dict(data, "<designer>")
        except RulesError:
            return None
        if not _fits(made.level(number), made):
            return None
        key = tuple(k if k is not None else _level_key(made.level(number)) for k in levels)
        return self._tables.setdefault(key, made)

    def neighbours(self, rules: Rules, number: int) -> Iterator[Rules]:
        """Every table one change of level ``number`` away that the rules accept: a group one
        card bigger or smaller, a group's joker cap or the level's budget one up or down, one
        clean group more or fewer; Phase 10's number-card minimum one up or down."""
        level = rules.level(number)
        base = _entry(level)
        changes: list[dict[str, Any]] = []
        for i, group in enumerate(base["groups"]):
            for step in (-1, 1):
                groups = [dict(g) for g in base["groups"]]
                groups[i]["size"] = group["size"] + step
                if "jokers" in groups[i]:
                    groups[i]["jokers"] = min(groups[i]["jokers"], groups[i]["size"])
                changes.append({**base, "groups": groups})
                if "jokers" in group:
                    groups = [dict(g) for g in base["groups"]]
                    groups[i]["jokers"] = group["jokers"] + step
                    changes.append({**base, "groups": groups})
        for step in (-1, 1):
            if level.unlimited:
                changes.append({**base, "natural_cards": level.natural_cards + step})
            else:
                changes.append({**base, "jokers": level.jokers + step})
                if len(level.groups) > 1 or level.clean_groups:
                    changes.append({**base, "clean_groups": level.clean_groups + step})
        for entry in changes:
            if entry.get("clean_groups") == 0:
                entry.pop("clean_groups")
            made = self._table(rules, number, entry)
            if made is not None:
                yield made

    # --- the search ---

    def search(self, seconds: float = 25.0, progress: Callable[[int, int], object] | None = None, passes: int = 3) -> list[Candidate]:
        """Coordinate descent from ``current`` (at first the standard table) on the designer's
        deals, for at most ``seconds``: level by level, take the best single change while it brings
        the distance down; up to ``passes`` rounds over the levels. ``progress(done, total)`` is
        called after each level. Returns the best ``keep`` tables met (lowest distance, then
        fewest changed levels), best first."""
        stop = time.monotonic() + seconds
        met: dict[int, Candidate] = {}

        def seen(rules: Rules) -> Candidate:
            found = self.measure(rules)
            met[id(rules)] = found
            return found

        best = seen(self.current)
        seen(self.rules)
        total = passes * len(self.rules.levels)
        done = 0
        for _ in range(passes):
            moved = False
            for level in self.rules.levels:
                while time.monotonic() < stop:
                    options = [seen(n) for n in self.neighbours(best.rules, level.number)]
                    better = min(options, key=_rank, default=None)
                    if better is None or _rank(better) >= _rank(best):
                        break
                    best, moved = better, True
                done += 1
                if progress is not None:
                    progress(done, total)
                if time.monotonic() >= stop:
                    break
            if not moved or time.monotonic() >= stop:
                break
        if progress is not None:
            progress(total, total)
        self.current = best.rules
        return self._best(met.values())

    def _best(self, met: Any) -> list[Candidate]:
        ranked = sorted(met, key=_rank)
        kept: list[Candidate] = []
        for found in ranked:
            if all(_table_key(found.rules) != _table_key(k.rules) for k in kept):
                kept.append(found)
            if len(kept) == self.keep:
                break
        return kept

    def refine(self, more: int, seconds: float = 25.0, progress: Callable[[int, int], object] | None = None) -> list[Candidate]:
        """Add ``more`` deals (the next seeded decks, the same for every table) and search again
        from the best table so far."""
        if more < 1:
            raise ValueError("refining needs at least one more deal")
        self.deals += more
        return self.search(seconds, progress)


def _table_key(rules: Rules) -> tuple[tuple[Any, ...], ...]:
    return tuple(_level_key(lv) for lv in rules.levels)


def _rank(found: Candidate) -> tuple[float, int]:
    # Distances within a rounding speck are equal: then the table with fewer changes is better.
    return (round(found.distance, 9), len(found.changed))


def _group_toml(group: dict[str, Any]) -> str:
    parts = [f"kind = {json.dumps(group['kind'])}", f"size = {group['size']}"]
    if "jokers" in group:
        parts.append(f"jokers = {group['jokers']}")
    return "{ " + ", ".join(parts) + " }"


def to_house_rules(candidate: Candidate | Rules, standard: Rules = UPTO9, name: str | None = None) -> str:
    """The TOML text of a house-rule file: ``base`` = the standard rule set's key and only the
    levels that differ from it; ``load_rules`` reads it back to the same table. ``standard`` must
    be a built-in rule set written whole (Up to 9, Phase 10).

    >>> print(to_house_rules(UPTO9, UPTO9))
    base = "upto9"
    name = "Up to 9 (designed)"
    <BLANKLINE>
    """
    rules = candidate.rules if isinstance(candidate, Candidate) else candidate
    if standard.base is not None:
        raise ValueError(f"{standard.name} is itself a house-rule file: design from Up to 9 or Phase 10")
    if len(rules.levels) != len(standard.levels):
        raise ValueError("the designed table must have as many levels as the standard one")
    title = name if name is not None else f"{standard.name} (designed)"
    lines = [f"base = {json.dumps(standard.key)}", f"name = {json.dumps(title, ensure_ascii=False)}"]
    for level, std in zip(rules.levels, standard.levels, strict=True):
        if _level_key(level) == _level_key(std):
            continue
        entry = _entry(level)
        jokers = json.dumps(entry["jokers"])
        lines += ["", "[[levels]]", f"number = {level.number}", f"groups = [{', '.join(_group_toml(g) for g in entry['groups'])}]", f"jokers = {jokers}"]
        if "clean_groups" in entry:
            lines.append(f"clean_groups = {entry['clean_groups']}")
        if "natural_cards" in entry:
            lines.append(f"natural_cards = {entry['natural_cards']}")
    return "\n".join(lines) + "\n"
