"""The command line: ``upto9 check HAND --level N`` and ``upto9 levels``.

>>> main(["check", "2h 3h 4h 5h Kc", "--level", "1"])
VALID for level 1: straight of 4; no jokers
  hand      2♥ 3♥ 4♥ 5♥ K♣
  straight  2♥ 3♥ 4♥ 5♥
  jokers    none used
  left      K♣
<BLANKLINE>
  Level 1: straight of 4; no jokers.
  The best lay-down uses no jokers.
  2♥ stands for itself, so it is real and costs nothing from the budget.
  3♥ stands for itself, so it is real and costs nothing from the budget.
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, TextIO, TypeVar

from upto9.cards import Card, CardError, Phase10Card, format_hand, parse_hand
from upto9.checker import Check, Slot, check
from upto9.melds import Face, MeldError
from upto9.phase10 import Phase10Check
from upto9.phase10 import contract as phase10_contract
from upto9.rules import UPTO9, Family, GroupKind, Level, Rules, RulesError, builtin_rules, load_rules

__all__ = ["main", "render_check", "render_levels", "slot_text"]

PROG = "upto9"
RECONSTRUCTED_NOTE = "* reconstructed: not stated by the rules text; a default of the rule set"


class _UsageError(Exception):
    """A command line argparse refuses; carries argparse's own message."""


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting, so ``main`` reports every
    error in one shape: ``upto9: error: <message>``."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


# --- drawing -------------------------------------------------------------------------------------


def _face_text(face: Face) -> str:
    return face.glyph if isinstance(face, Card) else str(face)


def _face_words(face: Face) -> str:
    """A card as itself (``7♥``); a set's rank with its article (``a 7``, ``an 8``, ``an A``)."""
    if isinstance(face, Card):
        return face.glyph
    return f"{'an' if str(face) in ('A', '8') else 'a'} {face}"


def slot_text(slot: Slot) -> str:
    """One slot of an arrangement: a real card, ``[2♣=7♥]`` for a joker, ``·7♥·`` for an empty slot.

    >>> from upto9 import Rank, parse_card
    >>> slot_text(Slot(parse_card("5h"), parse_card("5h")))
    '5♥'
    >>> slot_text(Slot(parse_card("7h"), parse_card("2c"))), slot_text(Slot(Rank.KING, parse_card("3d")))
    ('[2♣=7♥]', '[3♦=K]')
    >>> slot_text(Slot(parse_card("7h"), None)), slot_text(Slot(Rank.KING, None))
    ('·7♥·', '·K·')
    """
    if slot.card is None:
        return f"·{_face_text(slot.face)}·"
    if slot.wild:
        return f"[{slot.card.glyph}={_face_text(slot.face)}]"
    return slot.card.glyph


def _group_labels(level: Level) -> list[str]:
    """``straight``, ``set``; numbered only when the level has more than one of a kind of group."""
    nouns = [g.noun for g in level.groups]
    labels = []
    for i, noun in enumerate(nouns):
        same = nouns.count(noun)
        labels.append(f"{noun} {nouns[: i + 1].count(noun)}" if same > 1 else noun)
    return labels


_AnyCard = TypeVar("_AnyCard", Card, Phase10Card)


def _left_over(hand: Sequence[_AnyCard], used: Sequence[_AnyCard]) -> list[_AnyCard]:
    """The hand's cards (in its own order) that the arrangement does not use."""
    unused = Counter(hand)
    unused.subtract(used)
    left = []
    for card in hand:
        if unused[card] > 0:
            unused[card] -= 1
            left.append(card)
    return left


def render_check(result: Check) -> list[str]:
    """The lines ``upto9 check`` prints: verdict, arrangement, explanation.

    >>> print("\\n".join(render_check(check("5h 6h 7h", 1))))
    NOT VALID for level 1: straight of 4; no jokers
      hand     5♥ 6♥ 7♥
      closest  ·4♥· 5♥ 6♥ 7♥
      missing  4♥
    <BLANKLINE>
      ·4♥·: an empty slot; no card of the hand fills it.
    <BLANKLINE>
      Level 1: straight of 4; no jokers.
      Level 1 lays down 4 cards; the hand holds 3.
      Level 1 allows no jokers; the closest straight needs 1: 4♥ is missing.
      The hand is 1 card short of the lay-down.
      Any one of these makes it: 4♥, 8♥.
    """
    if isinstance(result, Phase10Check):
        return _render_phase10(result)
    level = result.level
    lines = [f"{'VALID' if result.ok else 'NOT VALID'} for level {level.number}: {level.contract}; {level.budget}"]
    rows: list[tuple[str, str]] = [("hand", format_hand(result.hand, glyphs=True) or "(empty)")]
    labels = _group_labels(level)
    notes: list[str] = []
    if result.ok:
        used = [p.card for meld in result.melds for p in meld.cards]
        for label, meld in zip(labels, result.melds, strict=True):
            rows.append((label, " ".join(p.text() for p in meld.cards)))
        jokers = result.jokers or 0
        rows.append(("jokers", f"{jokers} of {level.jokers} allowed" if jokers else "none used"))
    else:
        arrangement = result.closest
        slots: list[Slot] = [s for group in arrangement.groups for s in group]
        used = [s.card for s in slots if s.card is not None]
        for i, group in enumerate(arrangement.groups):
            label = "closest" if len(arrangement.groups) == 1 else f"closest {labels[i]}"
            rows.append((label, " ".join(slot_text(s) for s in group)))
        rows.append(("missing", ", ".join(_face_words(f) for f in result.missing) or "nothing"))
        wild = [s for s in slots if s.wild]
        if wild:
            example = wild[0]
            notes.append(f"{slot_text(example)}: a joker stands in for {_face_words(example.face)}; it fills the slot, so nothing is missing there.")
        empty = [s for s in slots if s.card is None]
        if empty:
            notes.append(f"{slot_text(empty[0])}: an empty slot; no card of the hand fills it.")
    left = _left_over(result.hand, used)
    if left:
        rows.append(("left", format_hand(left, glyphs=True)))
    width = max(len(label) for label, _ in rows) + 2
    lines += [f"  {label.ljust(width)}{text}" for label, text in rows]
    if notes:
        lines += ["", *(f"  {note}" for note in notes)]
    lines += ["", *(f"  {line}" for line in result.explanation)]
    return lines


def _render_phase10(result: Phase10Check) -> list[str]:
    """``render_check`` for a Phase 10 verdict: ``[W=7]`` a wild card, ``·7·`` a missing card.

    >>> from upto9.phase10 import check as check_phase10
    >>> print("\\n".join(_render_phase10(check_phase10("7r 7y W 9b 9g 9r 12b", 1))))
    VALID for phase 1: 2 sets of 3; any number of wild cards, at least 1 number card
      hand   7r 7y W 9b 9g 9r 12b
      set 1  9r 9g 9b
      set 2  7r 7y [W=7]
      wild   1
      left   12b
    <BLANKLINE>
      Phase 1: 2 sets of 3; any number of wild cards, at least 1 number card.
      The best lay-down uses 1 wild card: W as 7.
    """
    level = result.level
    lines = [f"{'VALID' if result.ok else 'NOT VALID'} for phase {level.number}: {phase10_contract(level)}; {level.budget}"]
    rows: list[tuple[str, str]] = [("hand", format_hand(result.hand) or "(empty)")]
    nouns = [{GroupKind.SET: "set", GroupKind.RUN: "run", GroupKind.COLOUR: "colour"}[g.kind] for g in level.groups]
    labels = [f"{noun} {nouns[: i + 1].count(noun)}" if nouns.count(noun) > 1 else noun for i, noun in enumerate(nouns)]
    used: list[Phase10Card] = []
    if result.ok:
        for label, meld in zip(labels, result.melds, strict=True):
            rows.append((label, " ".join(p.text() for p in meld.cards)))
            used += [p.card for p in meld.cards]
        rows.append(("wild", str(result.jokers or "none used")))
    else:
        for label, slots in zip(labels, result.closest.groups, strict=True):
            texts = [f"·{s.face}·" if s.card is None else f"[W={s.face}]" if s.wild else str(s.card) for s in slots]
            rows.append((f"closest {label}" if len(labels) > 1 else "closest", " ".join(texts)))
            used += [s.card for s in slots if s.card is not None]
        rows.append(("missing", ", ".join(str(f) for f in result.missing) or "nothing"))
    left = _left_over(result.hand, used)
    if left:
        rows.append(("left", format_hand(left)))
    width = max(len(label) for label, _ in rows) + 2
    lines += [f"  {label.ljust(width)}{text}" for label, text in rows]
    return [*lines, "", *(f"  {line}" for line in result.explanation)]


def _contract_cell(level: Level) -> str:
    names = [g.name for g in level.groups]
    marks = ["*" if level.is_reconstructed(f"groups.{i}.size") or level.is_reconstructed(f"groups.{i}.kind") else "" for i in range(len(names))]
    if len(set(names)) == 1 and len(names) > 1:
        return f"{len(names)} × {names[0]}{'*' if any(marks) else ''}"
    return " + ".join(name + mark for name, mark in zip(names, marks, strict=True))


def _budget_reconstructed(level: Level) -> bool:
    fields = ["jokers", "clean_groups", *(f"groups.{i}.jokers" for i in range(len(level.groups)))]
    return any(level.is_reconstructed(f) for f in fields)


def _min_real_reconstructed(level: Level) -> bool:
    sizes = [f"groups.{i}.size" for i in range(len(level.groups))]
    return any(level.is_reconstructed(f) for f in ["jokers", *sizes])


def render_levels(rules: Rules) -> list[str]:
    """The level table ``upto9 levels`` prints; ``*`` marks reconstructed values.

    >>> print("\\n".join(render_levels(UPTO9)[:4]))
    Up to 9: the levels
    <BLANKLINE>
      level  contract                           max wild                                                                    min real
      1      straight of 4                      no jokers                                                                   4
    """
    phase10 = rules.family is Family.PHASE10
    rows = [(rules.level_word, "contract", "max wild", "min number cards" if phase10 else "min real")]
    starred = False
    for level in rules.levels:
        budget = level.budget + ("*" if _budget_reconstructed(level) else "")
        min_real = f"{level.min_real}{'*' if _min_real_reconstructed(level) else ''}"
        row = (str(level.number), phase10_contract(level) if phase10 else _contract_cell(level), budget, min_real)
        starred = starred or any(cell.endswith("*") for cell in row)
        rows.append(row)
    widths = [max(len(row[c]) for row in rows) for c in range(3)]
    lines = [f"{rules.name}: the {rules.level_word}s", ""]
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True)]
        lines.append("  " + "  ".join([*cells, row[3]]))
    if starred:
        lines += ["", RECONSTRUCTED_NOTE]
    return lines


# --- the commands --------------------------------------------------------------------------------


def _parser() -> _Parser:
    common = _Parser(add_help=False)
    common.add_argument(
        "--rules", metavar="FILE", help='a rule-set TOML file, a house-rule file with base = "upto9", or a built-in rule set: upto9, phase10, upto9_lean'
    )
    parser = _Parser(
        prog=PROG,
        description="Up to 9: check a hand against a level, or show the level table.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    check_cmd = commands.add_parser(
        "check",
        parents=[common],
        help="does the hand make the level's lay-down?",
        description="Check whether some part of HAND forms the level's lay-down, with the fewest jokers.",
    )
    check_cmd.add_argument("hand", metavar="HAND", help='cards separated by spaces or commas, e.g. "5h 6h 2c 8h" or "10♥ Qs"')
    check_cmd.add_argument("-l", "--level", type=int, required=True, help="the level to check, 1 to 9")
    check_cmd.add_argument("--players", type=int, metavar="N", help="players at the table: refuse more copies of a card than its decks hold")
    check_cmd.add_argument("--json", action="store_true", help="print the verdict as JSON")
    commands.add_parser(
        "levels",
        parents=[common],
        help="print the level table",
        description="Print the level table; * marks values the rules text does not state.",
    )
    return parser


def _rules(path: str | None) -> Rules:
    if path is None:
        return UPTO9
    if not Path(path).exists() and path.isidentifier():
        return builtin_rules(path)  # a built-in rule set by its key: upto9, phase10, upto9_lean
    return load_rules(path)


def _run(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules(args.rules)
    if args.command == "levels":
        print("\n".join(render_levels(rules)), file=out)
        return 0
    level = rules.level(args.level)
    hand = parse_hand(args.hand, rules=rules, players=args.players)
    result = check(hand, level, rules)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False), file=out)
    else:
        print("\n".join(render_check(result)), file=out)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 done, 2 bad input).

    >>> main(["check", "5h 6h 11h", "--level", "1"])
    2
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        return _run(args, sys.stdout)
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else 0
    except _UsageError as error:
        print(f"{PROG}: error: {error}\n(see: {PROG} --help)", file=sys.stderr)
        return 2
    except (CardError, RulesError, MeldError) as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
