"""What both games' meld models share: the error a meld raises, the problems a lay-down can have,
the matching of a player's melds to a level's groups, and the checks of the arguments that the
checkers and validators take.

``upto9.melds`` (Up to 9) and ``upto9.phase10`` (Phase 10) both build on this module, so neither
needs the other: ``upto9.melds.validate`` sends Phase 10 rule sets to ``upto9.phase10``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from upto9.messages import Message, said
from upto9.rules import Level, Rules

__all__ = ["MeldError", "Problem", "assign", "level_of", "melds_of", "require_rules"]


class MeldError(ValueError):
    """A meld that cannot be read or a card that a meld cannot take; the message names the rule.
    ``msg`` is the message as a ``upto9.messages.Message`` when the engine worded it.

    >>> from upto9.families.upto9.melds import Meld
    >>> Meld.from_text("pair", "5h 5d")
    Traceback (most recent call last):
    ...
    upto9.problems.MeldError: meld kind must be 'run' or 'set', got 'pair'
    """

    def __init__(self, message: str | Message) -> None:
        text, self.msg = said(message)
        super().__init__(text)


@dataclass(frozen=True, slots=True, repr=False)
class Problem:
    """One reason a proposed lay-down fails: the rule it breaks (a short key), what it says (a
    ``upto9.messages.Message``; ``message`` is its English text) and the meld it is about.

    >>> from upto9.families.upto9.melds import Meld, validate
    >>> from upto9.messages import render
    >>> p = validate([Meld.from_text("run", "5h 6h 2c=7h 8h")], 1)[0]
    >>> p.rule, render(p.msg, "nb")
    ('budget', 'nivå 1 tillater ingen jokere; dette nedlegget bruker 1 (2♣ som 7♥)')
    """

    rule: str
    msg: Message
    meld: int | None = None

    @property
    def message(self) -> str:
        """The reason in English."""
        return str(self.msg)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"Problem(rule={self.rule!r}, message={self.message!r}, meld={self.meld!r})"


def assign(cost: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The matching of melds to groups with the least total cost (``cost[meld][group]``, whole
    numbers at least 0, as many melds as groups), as ``order[group] = meld``; of several with the
    least cost, the first in the order ``itertools.permutations`` lists them (what trying every
    order of the melds and keeping the first best found). In O(n³) time, the Hungarian method.

    >>> assign([[1, 0], [0, 1]]), assign([[0, 0], [0, 0]]), assign([[5, 1, 0], [0, 5, 5], [5, 0, 5]])
    ((1, 0), (0, 1), (1, 2, 0))
    >>> assign([])
    ()
    """
    n = len(cost)
    if not n:
        return ()
    # The order's rank among permutations is the number its melds spell in base n (a meld is a
    # digit, group 0 the first): weighing each cost by n**n above that rank breaks ties by it.
    scale = n**n
    weight = [[cost[i][j] * scale + i * n ** (n - 1 - j) for i in range(n)] for j in range(n)]
    # Rows are groups, columns melds, both numbered from 1; column 0 holds the row being placed.
    row_potential = [0] * (n + 1)
    column_potential = [0] * (n + 1)
    row_of = [0] * (n + 1)  # the group matched to each meld (0: none yet)
    for row in range(1, n + 1):
        row_of[0] = row
        column = 0
        least: list[int | None] = [None] * (n + 1)
        came_from = [0] * (n + 1)
        done = [False] * (n + 1)
        while True:
            done[column] = True
            here = row_of[column]
            delta: int | None = None
            next_column = 0
            for j in range(1, n + 1):
                if done[j]:
                    continue
                reduced = weight[here - 1][j - 1] - row_potential[here] - column_potential[j]
                known = least[j]
                if known is None or reduced < known:
                    least[j] = known = reduced
                    came_from[j] = column
                if delta is None or known < delta:
                    delta, next_column = known, j
            assert delta is not None
            for j in range(n + 1):
                if done[j]:
                    row_potential[row_of[j]] += delta
                    column_potential[j] -= delta
                else:
                    known = least[j]
                    assert known is not None
                    least[j] = known - delta
            column = next_column
            if row_of[column] == 0:
                break
        while column:  # flip the path that reached a free meld
            previous = came_from[column]
            row_of[column] = row_of[previous]
            column = previous
    order = [0] * n
    for column in range(1, n + 1):
        order[row_of[column] - 1] = column - 1
    return tuple(order)


def _type_name(value: object) -> str:
    return type(value).__name__


def require_rules(rules: object) -> Rules:
    """``rules`` if it is a rule set; ``TypeError`` naming what it is otherwise.

    >>> require_rules("upto9")
    Traceback (most recent call last):
    ...
    TypeError: rules must be a Rules (upto9.UPTO9, upto9.PHASE10 or load_rules(...)), not str
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules (upto9.UPTO9, upto9.PHASE10 or load_rules(...)), not {_type_name(rules)}")
    return rules


def level_of(level: object, rules: object) -> Level:
    """The level ``level`` names in ``rules`` (a number), or ``level`` itself (a ``Level``);
    ``TypeError`` for anything else (a ``bool`` is no level number), ``RulesError`` for a number
    the rules lack.

    >>> from upto9.rules import UPTO9
    >>> level_of(4, UPTO9).number, level_of(4, UPTO9).cards
    (4, 9)
    >>> level_of("4", UPTO9)
    Traceback (most recent call last):
    ...
    TypeError: level must be an int or a Level, not str
    """
    checked = require_rules(rules)
    if isinstance(level, Level):
        return level
    if not isinstance(level, int) or isinstance(level, bool):
        raise TypeError(f"level must be an int or a Level, not {_type_name(level)}")
    return checked.level(level)


def melds_of(melds: object) -> tuple[object, ...]:
    """The melds of a lay-down, as given (``validate`` judges each); ``TypeError`` when ``melds``
    is not a sequence of them (a text, one meld alone or one table, or no sequence at all).

    >>> melds_of("5h 6h 7h 8h")
    Traceback (most recent call last):
    ...
    TypeError: melds must be a sequence of melds (Meld, Phase10Meld or tables), not str
    """
    if isinstance(melds, (str, bytes, Mapping)) or not isinstance(melds, Iterable):
        raise TypeError(f"melds must be a sequence of melds (Meld, Phase10Meld or tables), not {_type_name(melds)}")
    return tuple(melds)
