"""upto9: the rules of the card game Up to 9 as data, and an exact lay-down checker that explains itself.

>>> from upto9 import check
>>> check("Kh Kd 2c 7s 7h 7c 5d 5c 3h", 4).ok
True
>>> render(check("5h 6h 7h", 1).messages[-1], "nb")     # every sentence in English or Norwegian
'Ett av disse kortene fullfører: 4♥, 8♥.'
"""

from upto9.bots import Bot, HeuristicBot, RandomBot
from upto9.cards import Card, CardError, Rank, Suit, format_hand, full_deck, parse_card, parse_hand
from upto9.families.phase10.cards import Colour, Phase10Card
from upto9.families.phase10.phases import Phase10Check, Phase10Meld, Phase10Placed
from upto9.families.upto9.checker import Arrangement, Check, Slot
from upto9.families.upto9.melds import Meld, Placed
from upto9.family import GameFamily, RummyFamily, Verdict, check, family_of, game_family, holds, outs, validate
from upto9.game import EndReason, Game, Round, RuleError, Source, View, legal_moves
from upto9.messages import Message, render
from upto9.problems import MeldError, Problem
from upto9.records import RecordError, game_record, load_game, replay, save_game
from upto9.rules import PHASE10, UPTO9, Family, FreeOrder, Group, GroupKind, Level, Rules, RulesError, builtin_rules, load_rules, rules_from_dict
from upto9.simulate import SimulationError, SimulationInterrupted, play_game, simulate

__all__ = [
    "PHASE10",
    "UPTO9",
    "Arrangement",
    "Bot",
    "Card",
    "CardError",
    "Check",
    "Colour",
    "EndReason",
    "Family",
    "FreeOrder",
    "Game",
    "GameFamily",
    "Group",
    "GroupKind",
    "HeuristicBot",
    "Level",
    "Meld",
    "MeldError",
    "Message",
    "Phase10Card",
    "Phase10Check",
    "Phase10Meld",
    "Phase10Placed",
    "Placed",
    "Problem",
    "RandomBot",
    "Rank",
    "RecordError",
    "Round",
    "RuleError",
    "Rules",
    "RulesError",
    "RummyFamily",
    "SimulationError",
    "SimulationInterrupted",
    "Slot",
    "Source",
    "Suit",
    "Verdict",
    "View",
    "builtin_rules",
    "check",
    "family_of",
    "format_hand",
    "full_deck",
    "game_family",
    "game_record",
    "holds",
    "legal_moves",
    "load_game",
    "load_rules",
    "outs",
    "parse_card",
    "parse_hand",
    "play_game",
    "render",
    "replay",
    "rules_from_dict",
    "save_game",
    "simulate",
    "validate",
]


def _installed_version() -> str:
    """The installed distribution's version (pyproject.toml's ``version``, the one place it is written);
    ``0+unknown`` for a checkout on ``sys.path`` that was never installed.

    >>> _installed_version() == __version__
    True
    """
    from importlib import metadata

    try:
        return metadata.version("upto9")
    except metadata.PackageNotFoundError:
        return "0+unknown"


__version__: str = _installed_version()
