"""Regenerate the explainers' data files in notebooks/data/ (run from the project's top folder):

    .venv/bin/python notebooks/build_cache.py            # or: make notebook-data

* ``atlas.json``: the level difficulty atlas (``upto9.atlas.Atlas``): 2,000 shuffled deals checked
  against every level under four joker budgets, and 300 four-player games played by the engine's
  bots (about two minutes on two cores). The atlas and house-rule lab notebooks read it.
* ``sample_game.json``: a saved three-player game (``upto9.save_game``) for the round stepper.
* ``sample_phase10_game.json``: a saved three-player game of Phase 10 for the round stepper, from a
  seed whose game has skips, hits and a deciding round (two players tie on phase 10).
  ``--only samples`` makes just the two sample games (seconds).
* ``comparison.json``: Up to 9 beside Phase 10 (``upto9.compare.Comparison``): 20,000 shuffled
  deals of each checked against every level and phase, and 1,000 four-player games of each played
  by ``HeuristicBot``s; the numbers, the seed and the games' estimates with their intervals
  (so that the page need not draw them at load) are in the file. ``--only comparison`` makes just
  this one (a few minutes on two cores).
* ``lab.json``: the house-rule lab's opening house rule (level 9 allows 2 jokers instead of 4, as
  the lab notebook sets it through the lab's own widgets) played like the atlas's games (the same
  seed, table and bot; ``upto9.compare.PlayedGames``), so that the lab opens without playing them.
  ``--only lab`` makes just this one (about a minute on two cores).

This script only calls the package (``upto9``); it holds no logic of its own. All are deterministic:
the same seeds give the same files. Regenerate them after a change to the
rules, the checker or the bots (the atlas notebook refuses a file made for other rules).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from upto9 import play_game, save_game
from upto9.atlas import Atlas
from upto9.compare import Comparison, PlayedGames
from upto9.rules import PHASE10, UPTO9, Rules, TieBreak

HERE = Path(__file__).resolve().parent
ATLAS = HERE / "data" / "atlas.json"
SAMPLE_GAME = HERE / "data" / "sample_game.json"
SAMPLE_SEED = 2024
SAMPLE_PLAYERS = 3
SAMPLE_NAMES = ["Ada", "Bjørn", "Cai"]
PHASE10_GAME = HERE / "data" / "sample_phase10_game.json"
PHASE10_SEED = 923  # HeuristicBots' game from this seed ends in a deciding round
COMPARISON = HERE / "data" / "comparison.json"
LAB = HERE / "data" / "lab.json"


def lab_opening() -> Rules:
    """The house rules the lab notebook opens with, made as the notebook makes them: through the
    rules explorer and the lab (the table's rules untouched)."""
    from upto9.widgets import RulesExplorer
    from upto9.widgets.lab import HouseRuleLab

    explorer = RulesExplorer()
    explorer.model.set_budget(9, 2)
    return HouseRuleLab(explorer).rules


PICTURE_TIPS = HERE / "data" / "picture_tips.json"
PICTURE_TIPS_GAMES = 1000


def picture_tips(games: int = PICTURE_TIPS_GAMES, seed: int = 0) -> None:
    """``picture_tips.json``: the picture-card tips page's findings
    (``upto9.families.picture_cards.tips.tips_data``: 1,000 games of each run and each change,
    the seed and a sample of games the seed reproduces; about three minutes on one core).
    ``--only picture_tips`` makes just this one."""
    from upto9.families.picture_cards.tips import save_tips, tips_data

    data = tips_data(games=games, seed=seed)
    save_tips(data, PICTURE_TIPS)
    print(f"wrote {PICTURE_TIPS.relative_to(HERE.parent)}: {len(data.findings)} tips from {games} games a run ({PICTURE_TIPS.stat().st_size // 1024} KiB)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=2000, help="shuffled deals for the holding chances (default 2000)")
    parser.add_argument("--games", type=int, default=300, help="bot games for the hurdles and the lab's baseline (default 300)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--compare-deals", type=int, default=20000, help="shuffled deals of each rule set for the comparison (default 20000)")
    parser.add_argument("--compare-games", type=int, default=1000, help="bot games of each rule set for the comparison (default 1000)")
    parser.add_argument(
        "--only",
        choices=("atlas", "samples", "comparison", "lab", "picture_tips"),
        help="make only this file (the atlas: atlas.json and the sample games; samples: the sample games)",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.only in (None, "atlas"):
        atlas = Atlas.build(args.samples, args.games, seed=args.seed, workers=args.workers)
        atlas.save(ATLAS)
        print(f"wrote {ATLAS.relative_to(HERE.parent)}: {atlas.samples} deals, {len(atlas.games)} games ({ATLAS.stat().st_size // 1024} KiB)")
    if args.only in (None, "atlas", "samples"):
        for path, rules, seed in ((SAMPLE_GAME, UPTO9, SAMPLE_SEED), (PHASE10_GAME, PHASE10, PHASE10_SEED)):
            game = play_game(players=SAMPLE_PLAYERS, rules=rules, seed=seed, names=SAMPLE_NAMES)
            save_game(game, path)
            deciding = sum(r.deciding for r in game.rounds)
            extra = f", {deciding} deciding round{'s' if deciding != 1 else ''}" if rules.tie_break is TieBreak.DECIDING_ROUND else ""
            print(f"wrote {path.relative_to(HERE.parent)}: {len(game.rounds)} rounds{extra} ({path.stat().st_size // 1024} KiB)")
        family_samples()
    if args.only in (None, "comparison"):
        both = Comparison.build([UPTO9, PHASE10], games=args.compare_games, deals=args.compare_deals, seed=args.seed, workers=args.workers)
        both.save(COMPARISON)
        size = COMPARISON.stat().st_size // 1024
        print(f"wrote {COMPARISON.relative_to(HERE.parent)}: {both.deals} deals and {both.games} games of each rule set ({size} KiB)")
    if args.only in (None, "lab"):
        # The atlas's table and seed: its games are the lab's standard side.
        played = PlayedGames.play(lab_opening(), args.games, players=4, seed=args.seed, workers=args.workers)
        played.save(LAB)
        print(f"wrote {LAB.relative_to(HERE.parent)}: {len(played.games)} games of {played.rules.name} ({LAB.stat().st_size // 1024} KiB)")
    if args.only in (None, "picture_tips"):
        picture_tips(seed=args.seed)
    print(f"done in {time.perf_counter() - started:.0f} s")
    return 0


THREEUP_GAME = HERE / "data" / "sample_threeup_game.json"
PICTURE_CARDS_GAME = HERE / "data" / "sample_picture_cards_game.json"
FAMILY_SAMPLES = ((THREEUP_GAME, "threeup", 0), (PICTURE_CARDS_GAME, "picture_cards", 0))
"""The round stepper's saved games of the families without levels: the file, the family, the seed
(3UP 3DOWN's seed 0: three 3DOWN cards taken up unseen; the picture cards' seed 0: four aces)."""


def family_samples() -> None:
    """``sample_threeup_game.json`` and ``sample_picture_cards_game.json``: a three-player game of
    3UP 3DOWN and of the picture-card game, played by each family's default bot (``play_game(...,
    any_family=True)``) and saved with ``save_game``, for the round stepper (part of ``--only samples``)."""
    from upto9.family import game_family

    for path, key, seed in FAMILY_SAMPLES:
        game = play_game(players=SAMPLE_PLAYERS, rules=game_family(key).rules, seed=seed, names=SAMPLE_NAMES, any_family=True)
        save_game(game, path)
        print(f"wrote {path.relative_to(HERE.parent)}: {len(game.round.history)} actions ({path.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    raise SystemExit(main())
