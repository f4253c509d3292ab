"""Regenerate the recorded playthrough ``game-3p-seed48.json`` in this folder.

From the project's root::

    .venv/bin/python tests/playthroughs/make_playthrough.py

It plays a 3-player game of Up to 9 with seed 48, three ``HeuristicBot`` players named Ada, Bo and
Cy (``upto9.simulate.play_game``), and saves it with ``upto9.save_game``. The seed was picked for
variety: nine rounds up to a level-9 win, a reshuffle of the discard pile, jokers donated onto
sets and straights, and a round won by going out with a donation.
"""

from __future__ import annotations

from pathlib import Path

from upto9 import save_game
from upto9.simulate import play_game

SEED = 48
NAMES = ("Ada", "Bo", "Cy")
PATH = Path(__file__).with_name("game-3p-seed48.json")


def main() -> None:
    game = play_game(players=len(NAMES), seed=SEED, names=NAMES)
    save_game(game, PATH)
    print(f"wrote {PATH}: {len(game.rounds)} rounds, winners {[NAMES[p] for p in game.winners]}")


if __name__ == "__main__":
    main()
