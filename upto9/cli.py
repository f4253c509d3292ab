"""The command line: ``upto9 check HAND --level N`` and ``upto9 levels``.

It behaves like a Unix tool: the exit status is the verdict (0 VALID, 1 NOT VALID) or 2 for
bad input, with one line on stderr; a closed pipe is quiet; a terminal that cannot print suit
symbols gets the cards' code form (``5h``). ``upto9 --help`` lists it all.

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
import os
import re
import sys
import traceback
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, NoReturn, TextIO

from upto9 import __version__
from upto9.cards import CardError, PlayingCard, Suit, format_hand, parse_hand, shown
from upto9.family import RummyFamily, Slot, Verdict, check, family_of
from upto9.files import FileError, read_text
from upto9.game import RuleError
from upto9.messages import Message, message_of, render
from upto9.problems import MeldError
from upto9.records import RecordError, load_game
from upto9.rules import UPTO9, Level, Rules, RulesError, builtin_rules, load_rules

__all__ = ["EXIT_BAD_INPUT", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_NOT_VALID", "EXIT_VALID", "main", "render_check", "render_levels", "slot_text"]

PROG = "upto9"
RECONSTRUCTED_NOTE = "* reconstructed: not stated by the rules text; a default of the rule set"

_SUIT_LETTERS: Final = {ord(suit.glyph): suit.value for suit in Suit}
"""A suit symbol to its letter: the engine's own two names of each suit (``Suit.glyph``,
``Suit.value``), so that ``5♥`` becomes the card's code form ``5h``."""

_ASCII: Final = {**_SUIT_LETTERS, ord("×"): "x", ord("·"): "_", ord("…"): "..."}
"""The text for a stream that cannot print the engine's symbols: suits by letter, ``3 x``."""


# --- drawing -------------------------------------------------------------------------------------


def _card_text(card: PlayingCard, glyphs: bool) -> str:
    """The card's own display form (``5♥``) or its code form (``5h``): the engine names the card."""
    return card.glyph if glyphs else str(card)


def _face_text(face: object, glyphs: bool = True) -> str:
    return _card_text(face, glyphs) if isinstance(face, PlayingCard) else str(face)


def _face_words(face: object, family: RummyFamily, glyphs: bool = True) -> str:
    """A card as itself (``7♥``); what else a wild card stands for as its family's messages write
    it (Up to 9: a set's rank with its article, ``a 7``, ``an 8``, ``an A``; Phase 10: ``7``)."""
    if isinstance(face, PlayingCard):
        return _card_text(face, glyphs)
    return render(Message("raw", text=family.face_param(face)))


def _empty(face_text: str, glyphs: bool) -> str:
    """An empty slot: ``·7♥·``, or ``_7h_`` where the terminal cannot print ``·``."""
    return f"·{face_text}·" if glyphs else f"_{face_text}_"


def slot_text(slot: Slot, glyphs: bool = True) -> str:
    """One slot of an arrangement: a real card, ``[2♣=7♥]`` for a joker, ``·7♥·`` for an empty slot;
    without ``glyphs`` the ASCII forms ``7h``, ``[2c=7h]`` and ``_7h_``.

    >>> [slot_text(s) for s in check("5h 2c 7h 8h", 2).closest.groups[0]]
    ['[2♣=4♥]', '5♥', '·6♥·', '7♥', '8♥']
    >>> [slot_text(s, glyphs=False) for s in check("5h 2c 7h 8h", 2).closest.groups[0]]
    ['[2c=4h]', '5h', '_6h_', '7h', '8h']
    >>> [slot_text(s) for s in check("Kh Kd 3s 7c 7d 9h 9s", 4).closest.groups[2]]
    ['K♥', 'K♦', '·K·']
    """
    if slot.card is None:
        return _empty(_face_text(slot.face, glyphs), glyphs)
    if slot.wild:
        return f"[{_card_text(slot.card, glyphs)}={_face_text(slot.face, glyphs)}]"
    return _card_text(slot.card, glyphs)


def _group_labels(level: Level, family: RummyFamily) -> list[str]:
    """``straight``, ``set`` (Phase 10: ``set``, ``run``, ``colour``); numbered only when the level
    has more than one of a kind of group."""
    nouns = [str(family.group_noun(g)) for g in level.groups]
    labels = []
    for i, noun in enumerate(nouns):
        same = nouns.count(noun)
        labels.append(f"{noun} {nouns[: i + 1].count(noun)}" if same > 1 else noun)
    return labels


def _left_over(hand: Sequence[PlayingCard], used: Sequence[PlayingCard]) -> list[PlayingCard]:
    """The hand's cards (in its own order) that the arrangement does not use."""
    unused = Counter(hand)
    unused.subtract(used)
    left = []
    for card in hand:
        if unused[card] > 0:
            unused[card] -= 1
            left.append(card)
    return left


def render_check(result: Verdict, glyphs: bool = True) -> list[str]:
    """The lines ``upto9 check`` prints: verdict, arrangement, explanation. Without ``glyphs``
    the cards the command line draws are in their code form (``5h``); the explanation is the
    engine's, as it words it.

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
    >>> from upto9.rules import PHASE10
    >>> print("\\n".join(render_check(check("7r 7y W 9b 9g 9r 12b", 1, PHASE10))))
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
    family = family_of(result.rules)
    level = result.level
    head = f"{'VALID' if result.ok else 'NOT VALID'} for {family.level_word} {level.number}"
    lines = [f"{head}: {family.contract(level)}; {family.budget(level)}"]
    rows: list[tuple[str, str]] = [("hand", format_hand(result.hand, glyphs=glyphs) or "(empty)")]
    labels = _group_labels(level, family)
    notes: list[str] = []
    used: list[PlayingCard]
    if result.ok:
        used = [p.card for meld in result.melds for p in meld.cards]
        for label, meld in zip(labels, result.melds, strict=True):
            rows.append((label, " ".join(p.text(glyphs) for p in meld.cards)))
        jokers = result.jokers or 0
        if level.unlimited:  # nothing to count them against
            rows.append(("wild", str(jokers or "none used")))
        else:
            rows.append(("jokers", f"{jokers} of {level.jokers} allowed" if jokers else "none used"))
    else:
        arrangement = result.closest
        slots: list[Slot] = [s for group in arrangement.groups for s in group]
        used = [s.card for s in slots if s.card is not None]
        for i, group in enumerate(arrangement.groups):
            label = "closest" if len(arrangement.groups) == 1 else f"closest {labels[i]}"
            rows.append((label, " ".join(slot_text(s, glyphs) for s in group)))
        rows.append(("missing", ", ".join(_face_words(f, family, glyphs) for f in result.missing) or "nothing"))
        wild = [s for s in slots if s.wild]
        if wild:
            example = wild[0]
            notes.append(
                f"{slot_text(example, glyphs)}: {family.a_wild()} stands in for {_face_words(example.face, family, glyphs)}; "
                "it fills the slot, so nothing is missing there."
            )
        empty = [s for s in slots if s.card is None]
        if empty:
            notes.append(f"{slot_text(empty[0], glyphs)}: an empty slot; no card of the hand fills it.")
    left = _left_over(result.hand, used)
    if left:
        rows.append(("left", format_hand(left, glyphs=glyphs)))
    width = max(len(label) for label, _ in rows) + 2
    lines += [f"  {label.ljust(width)}{text}" for label, text in rows]
    if notes:
        lines += ["", *(f"  {note}" for note in notes)]
    lines += ["", *(f"  {line}" for line in result.explanation)]
    # The level's words and the explanation are the engine's, written with symbols: in ASCII, the
    # same words with each card in its code form (``5♥`` -> ``5h``) and ``3 x`` for ``3 ×``.
    return lines if glyphs else [line.translate(_ASCII) for line in lines]


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
    family = family_of(rules)
    numbers = any(level.natural_cards for level in rules.levels)  # the fewest real cards are number cards (Phase 10)
    rows = [(rules.level_word, "contract", "max wild", "min number cards" if numbers else "min real")]
    starred = False
    for level in rules.levels:
        budget = f"{family.budget(level)}{'*' if _budget_reconstructed(level) else ''}"
        min_real = f"{level.min_real}{'*' if _min_real_reconstructed(level) else ''}"
        row = (str(level.number), str(family.marked_contract(level)), budget, min_real)
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

EXIT_VALID: Final = 0
"""``check``: the hand makes the level's lay-down; ``levels``, ``--help``: done."""

EXIT_NOT_VALID: Final = 1
"""``check``: the hand does not make the level's lay-down (a verdict, not an error)."""

EXIT_BAD_INPUT: Final = 2
"""Nothing was decided: a mistake in the command line, the hand, the level or the rule file, or
an output that cannot be written; one line on stderr says what."""

EXIT_INTERNAL: Final = 3
"""A bug in upto9: an error no input should cause. The traceback follows on stderr, to report."""

EXIT_INTERRUPTED: Final = 130
"""Ctrl-C: the shells' 128 + SIGINT."""

MAX_NUMBER_DIGITS: Final = 6
"""The longest ``--level`` or ``--players`` read as a number: no rule set has a million levels or
players, and a longer string of digits is refused before ``int`` works on it (which refuses
more than 4,300 digits with a ``ValueError`` of its own)."""

MAX_ERROR_CHARS: Final = 1000
"""The longest error line: a message quoting a user's text (a 100 kB card token) is cut here, so
that an error stays one readable line."""

_EXIT_STATUS = f"""\
exit status:
  {EXIT_VALID:<3}  VALID (check); done (levels, --help, --version)
  {EXIT_NOT_VALID:<3}  NOT VALID (check): a verdict, not an error
  {EXIT_BAD_INPUT:<3}  bad input (the command line, the hand, the level, the rule file) or an
       output that cannot be written; one line on stderr says what
  {EXIT_INTERNAL:<3}  an internal error: a bug in upto9 (its traceback follows; please report it)
  {EXIT_INTERRUPTED:<3}  interrupted (Ctrl-C)
A closed pipe (upto9 levels | head -1) is no error: the status stays the verdict's."""

_WHOLE_NUMBER: Final = re.compile(r"-?[0-9]+")  # ASCII digits only: int() also reads '٧', '1_0' and ' 7 '


class _UsageError(Exception):
    """A command line argparse refuses: argparse's own message, and the ``prog`` of the
    (sub)command whose help explains it."""

    def __init__(self, message: str, prog: str) -> None:
        super().__init__(message)
        self.prog = prog


class _Unwritable(Exception):
    """The output could not be written (``/dev/full``): the operating system's reason."""


class _BadInput(Exception):
    """A mistake the command line itself finds (an empty hand, a wrong separator)."""

    def __init__(self, message: str, prog: str | None = None) -> None:
        super().__init__(message)
        self.prog = prog


_INPUT_ERRORS: Final = (CardError, RulesError, MeldError, FileError, RuleError, RecordError, _BadInput)
"""The errors that mean "this input cannot be used": one line and exit status 2, never a traceback."""


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting, so ``main`` reports every
    error in one shape: ``upto9: error: <message>; see "upto9 check --help"``."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(message, self.prog)

    def _print_message(self, message: str, file: Any = None) -> None:  # argparse types it SupportsWrite[str]
        # --help and --version: printed like every other output (ASCII fallback, closed pipe, full disk).
        if message:
            _emit(message, file or sys.stdout)


def _whole_number(text: str) -> int:
    """An option's whole number, in ASCII digits (argparse adds ``argument -l/--level:``).

    >>> _whole_number("7"), _whole_number("-3")
    (7, -3)
    >>> _whole_number("٧")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number such as 3, got '٧'
    """
    if not _WHOLE_NUMBER.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a whole number such as 3, got {shown(text)!r}")
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        raise argparse.ArgumentTypeError(f"{shown(text)!r} is too large: {digits} digits, at most {MAX_NUMBER_DIGITS}")
    return int(text)


def _parser() -> _Parser:
    common = _Parser(add_help=False)
    common.add_argument(
        "--rules", metavar="FILE", help='a rule-set TOML file, a house-rule file with base = "upto9", or a built-in rule set: upto9, phase10, upto9_lean'
    )
    formatter = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog=PROG,
        description="Up to 9: check a hand against a level, or show the level table.",
        epilog=f'each command has its own help: "{PROG} check --help", "{PROG} levels --help"\n\n{_EXIT_STATUS}',
        formatter_class=formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    check_cmd = commands.add_parser(
        "check",
        parents=[common],
        help="does the hand make the level's lay-down? (exit status 0 VALID, 1 NOT VALID)",
        description="Check whether some part of HAND forms the level's lay-down, with the fewest jokers.",
        epilog=f'example: {PROG} check "5h 6h 2c 8h" --level 1\n\n{_EXIT_STATUS}',
        formatter_class=formatter,
    )
    check_cmd.add_argument("hand", metavar="HAND", help='cards separated by spaces or commas, e.g. "5h 6h 2c 8h" or "10♥ Qs"')
    check_cmd.add_argument("-l", "--level", type=_whole_number, required=True, metavar="N", help="the level to check, 1 to 9 (Phase 10: 1 to 10)")
    check_cmd.add_argument("--players", type=_whole_number, metavar="N", help="players at the table: refuse more copies of a card than its decks hold")
    check_cmd.add_argument("--json", action="store_true", help="print the verdict as JSON")
    commands.add_parser(
        "levels",
        parents=[common],
        help="print the level table",
        description="Print the level table; * marks values the rules text does not state.",
        epilog=_EXIT_STATUS,
        formatter_class=formatter,
    )
    cards_cmd = commands.add_parser(
        "cards",
        parents=[common],
        help="read cards as the rule set's game writes them (any game: 3UP 3DOWN too)",
        description="Read CARDS in the rule set's game and print them as its records write them.",
        epilog=f'example: {PROG} cards "7r 7rød C+1" --rules threeup\n\n{_EXIT_STATUS}',
        formatter_class=formatter,
    )
    cards_cmd.add_argument("hand", metavar="CARDS", help='cards separated by spaces, e.g. "7r C1 10k" (3UP 3DOWN) or "5h 6h" (Up to 9)')
    replay_cmd = commands.add_parser(
        "replay",
        help="replay a saved game of any game and say how it ended",
        description="Replay a saved game (docs/records.md) move by move; an illegal or altered action is refused, naming it.",
        epilog=_EXIT_STATUS,
        formatter_class=formatter,
    )
    replay_cmd.add_argument("record", metavar="FILE", help="a saved game: the JSON file save_game writes")
    return parser


def _replayed(path: str) -> str:
    """One line on a saved game replayed whole: its game, players, rounds and winners."""
    game = load_game(path, any_family=True)
    winners = ", ".join(game.names[p] for p in game.winners) or "nobody"
    state = f"won by {winners}" if game.over else "still being played"
    return f"{game.rules.name}, {game.players} players, seed {game.seed}: {len(game.rounds)} round(s), {state}"


def _parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line read; a stray argument is reported against its command's own help."""
    args, extra = _parser().parse_known_args(argv)
    if extra:
        raise _UsageError(f"unrecognized arguments: {' '.join(extra)}", f"{PROG} {args.command}")
    return args


def _rules(path: str | None) -> Rules:
    if path is None:
        return UPTO9
    if not Path(path).exists() and path.isidentifier():
        return builtin_rules(path)  # a built-in rule set by its key: upto9, phase10, upto9_lean
    # A file is read only when it is regular and small (``upto9.files.read_text``): /dev/zero, a
    # directory or a named pipe is refused at once, not read until memory runs out.
    try:
        if "\0" in path:  # no file name holds one; os.open would raise a bare ValueError
            raise FileError(Message("file.missing"))
        read_text(path)
    except FileError as error:
        raise RulesError(Message("rules.cannot_read", source=path, why=message_of(error))) from None
    return load_rules(path)


def _read_hand(text: str, rules: Rules, players: int | None, prog: str) -> tuple[PlayingCard, ...]:
    """The hand, or an error naming what is wrong with how it is written."""
    try:
        hand = parse_hand(text, rules=rules, players=players)
    except CardError as error:
        reason = dict(message_of(error).params).get("reason")
        if isinstance(reason, Message) and reason.key == "card.separator":  # 5h;6h: how to write a hand is in --help
            raise _BadInput(str(error), prog) from None
        raise
    except _INPUT_ERRORS:
        raise  # --players out of range, a card of another game: the engine's words
    except ValueError as error:  # the card parser should say CardError; a plain one is still about the hand
        raise _BadInput(f"cannot read the hand: {error}", prog) from None
    if not hand:
        example = family_of(rules).example
        raise _BadInput(f'the hand is empty: write its cards separated by spaces, e.g. "{example}"', prog)
    return hand


def _run(args: argparse.Namespace, glyphs: bool) -> tuple[str, int]:
    """The text to print and the exit status."""
    if args.command == "replay":
        return _replayed(args.record), EXIT_VALID
    rules = _rules(args.rules)
    if args.command == "cards":
        cards = parse_hand(args.hand, rules=rules)
        if not cards:
            raise _BadInput("no cards: write them separated by spaces", f"{PROG} cards")
        return " ".join(str(c) for c in cards), EXIT_VALID
    if args.command == "levels":
        return "\n".join(render_levels(rules)), EXIT_VALID
    family_of(rules)  # a game without levels (3UP 3DOWN) has none to check: its words say so
    level = rules.level(args.level)
    hand = _read_hand(args.hand, rules, args.players, f"{PROG} {args.command}")
    result = check(hand, level, rules)
    code = EXIT_VALID if result.ok else EXIT_NOT_VALID
    if args.json:
        return json.dumps(result.to_dict(), ensure_ascii=not glyphs), code
    return "\n".join(render_check(result, glyphs)), code


def _prints(text: str, stream: TextIO | None) -> bool:
    """Can ``stream`` print ``text`` as it is? (Not under ``PYTHONIOENCODING=ascii`` or on an old
    Windows console.) A stream without an encoding holds text, not bytes: it takes anything."""
    encoding = getattr(stream, "encoding", None)
    if encoding is None:
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _fit(text: str, stream: TextIO | None) -> str:
    """``text`` as ``stream`` can print it: as it is, or in ASCII (``5h`` for ``5♥``) with any
    other character it cannot print escaped, never a ``UnicodeEncodeError``.

    >>> import io
    >>> ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    >>> print(_fit("3 × 7♥; the 1st card, 'é'", ascii_out))
    3 x 7h; the 1st card, '\\xe9'
    """
    if _prints(text, stream):
        return text
    encoding = getattr(stream, "encoding", None) or "ascii"
    text = text.translate(_ASCII)
    try:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:  # an encoding Python does not know
        return text.encode("ascii", "backslashreplace").decode("ascii")


_CONTROL: Final = {**{n: f"\\x{n:02x}" for n in [*range(0x20), *range(0x7F, 0xA0)]}, ord("\n"): " "}
"""Control characters in an error line, escaped: a file name may hold a terminal's escape codes."""


def _one_line(text: str) -> str:
    """An error as one line of at most ``MAX_ERROR_CHARS`` characters, control characters escaped.

    >>> _one_line("upto9: error: a\\x1b[2Jb.toml: cannot read:\\nno such file")
    'upto9: error: a\\\\x1b[2Jb.toml: cannot read: no such file'
    """
    line = text.translate(_CONTROL)
    return line if len(line) <= MAX_ERROR_CHARS else line[: MAX_ERROR_CHARS - 1] + "…"


def _say(text: str) -> None:
    """One line on stderr; nothing more can be done when stderr itself is closed or full."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(_fit(text, stream) + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def _detach(stream: TextIO) -> None:
    """Point ``stream``'s file descriptor at /dev/null, so that the interpreter's flush at exit
    does not fail again on the same closed pipe or full disk (the Python documentation's advice
    for ``BrokenPipeError``, in the ``signal`` module's notes on SIGPIPE)."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return  # not a real file (a test's capture): nothing is flushed at exit
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def _emit(text: str, stream: TextIO) -> None:
    """Write ``text`` as ``stream`` can print it. A reader that stopped reading (``| head -1``)
    is no error: the rest is dropped quietly. Any other failure raises ``_Unwritable``."""
    try:
        stream.write(_fit(text, stream))
        stream.flush()
    except BrokenPipeError:
        _detach(stream)
    except OSError as error:  # /dev/full, a disk gone: nothing was written whole
        _detach(stream)
        raise _Unwritable(error.strerror or str(error)) from None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0 VALID or done, 1 NOT VALID, 2 bad input
    or an output that cannot be written, 3 an internal error (see ``upto9 --help``).

    >>> main(["check", "5h 6h 11h", "--level", "1"])
    2
    >>> main(["check", "5h 6h 7h 8h", "--level", "1", "--json"])  # doctest: +ELLIPSIS
    {"ok": true, "level": 1, "jokers": 0, ...}
    0
    >>> main(["check", "5h 6h 7h Kc", "--level", "1"])  # doctest: +ELLIPSIS
    NOT VALID for level 1: straight of 4; no jokers
    ...
    1
    """
    out = sys.stdout
    try:
        args = _parse(argv)
        text, code = _run(args, glyphs=_prints("♠♥♦♣×·", out))
        _emit(text + "\n", out)
    except SystemExit as done:  # --help or --version, printed
        return done.code if isinstance(done.code, int) else EXIT_VALID
    except _Unwritable as error:
        _say(f"{PROG}: error: cannot write the output: {error}")
        return EXIT_BAD_INPUT
    except _UsageError as error:
        _say(_one_line(f'{PROG}: error: {error}; see "{error.prog} --help"'))
        return EXIT_BAD_INPUT
    except _INPUT_ERRORS as error:
        prog = getattr(error, "prog", None)
        see = f'; see "{prog} --help"' if prog else ""
        _say(_one_line(f"{PROG}: error: {error}") + see)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Exception:  # a bug, not the user's input: say so, and keep the traceback to report
        _say(f"{PROG}: internal error: this is a bug in upto9; please report it with the traceback below")
        _say(traceback.format_exc().rstrip("\n"))
        return EXIT_INTERNAL
    return code
