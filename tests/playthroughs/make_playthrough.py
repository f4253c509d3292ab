"""Regenerate the recorded playthroughs ``game-3p-seed48.json`` and ``phase10-3p-seed36.json`` in
this folder.

From the project's root::

    .venv/bin/python tests/playthroughs/make_playthrough.py

It plays a 3-player game of Up to 9 with seed 48 and a 3-player game of Phase 10 with seed 36,
three ``HeuristicBot`` players named Ada, Bo and Cy (``upto9.simulate.play_game``), and saves them
with ``upto9.save_game``. The seeds were picked for variety: Up to 9's nine rounds up to a level-9
win, a reshuffle of the discard pile, jokers donated onto sets and straights, and a round won by
going out with a donation; Phase 10's ten rounds to a phase-10 win, with skips naming players, a
skip turned up as the first discard, wild cards hit onto phases and a round won by going out with
a hit.
"""

from __future__ import annotations

from pathlib import Path

from upto9 import save_game
from upto9.rules import PHASE10
from upto9.simulate import play_game

SEED = 48
NAMES = ("Ada", "Bo", "Cy")
PATH = Path(__file__).with_name("game-3p-seed48.json")
PHASE10_SEED = 36
PHASE10_PATH = Path(__file__).with_name("phase10-3p-seed36.json")


def main() -> None:
    game = play_game(players=len(NAMES), seed=SEED, names=NAMES)
    save_game(game, PATH)
    print(f"wrote {PATH}: {len(game.rounds)} rounds, winners {[NAMES[p] for p in game.winners]}")
    game = play_game(players=len(NAMES), rules=PHASE10, seed=PHASE10_SEED, names=NAMES)
    save_game(game, PHASE10_PATH)
    print(f"wrote {PHASE10_PATH}: {len(game.rounds)} rounds, winners {[NAMES[p] for p in game.winners]}")


if __name__ == "__main__":
    main()
