"""Widgets for learning and exploring Up to 9 in Jupyter and Voila (ipywidgets 8).

Install with the ``widgets`` extra (``pip install 'upto9[widgets]'``); ``import upto9`` alone never
imports ipywidgets. Each component is a model (state as traitlets, no widgets) and a view:

* ``HandBuilder`` / ``HandModel``: build a hand from the 52 cards or from text;
* ``LevelChecker`` / ``CheckerModel``: check the hand against a level, with the reasons;
* ``LayDownEditor`` / ``LayDownModel``: arrange a lay-down yourself and see the rules it breaks;
* ``RoundStepper`` / ``RoundModel``: step through a played round, from any player's seat;
* ``RulesExplorer`` / ``RulesModel``: change a level (a house rule) and see the effect at once;
* ``RuleSetChoice``: the game as a choice on the page (Up to 9 or Phase 10), for every component of a hand;
* ``Workbench``: all of them in tabs, sharing one hand, with one language switch.

Every text is in English and Norwegian: pass ``lang="en"`` or ``lang="nb"``. Every component plays
either game: pass ``rules=PHASE10`` (or give it a ``HandModel`` with those rules) for Phase 10.

The explainer pages' own views are submodules: ``page`` (the language switch ``Page``, ``LangOutput``,
``RunButton``), ``tour`` (the rules tour's examples and questions), ``atlas`` (the level atlas's
charts), ``lab`` (the house-rule lab) and ``compare`` (Up to 9 beside Phase 10).
"""

from .app import Workbench
from .choice import RuleSetChoice
from .editor import Entry, LayDownEditor, LayDownModel
from .explorer import RulesExplorer, RulesModel
from .hand import HandBuilder, HandModel
from .level_checker import CheckerModel, LevelChecker
from .stepper import RoundModel, RoundStepper

__all__ = [
    "CheckerModel",
    "Entry",
    "HandBuilder",
    "HandModel",
    "LayDownEditor",
    "LayDownModel",
    "LevelChecker",
    "RoundModel",
    "RoundStepper",
    "RuleSetChoice",
    "RulesExplorer",
    "RulesModel",
    "Workbench",
]
