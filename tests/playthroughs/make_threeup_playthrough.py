"""Regenerate the recorded 3UP 3DOWN playthrough ``threeup-4p-seed5.json`` in this folder.

From the project's root::

    .venv/bin/python tests/playthroughs/make_threeup_playthrough.py

It plays a 4-player game of 3UP 3DOWN (the standard rule set) with seed 5, four ``ThreeUpBot``
players named Ada, Bo, Cy and Di (``upto9.simulate.play_game``), and saves it with
``upto9.records.save_game``. The seed was picked for variety: a Clear, a Clear +1 and a Clear +2
with their extra actions and a draw before one, three of one number clearing the pile, face-up
cards played, a face-down card that did not fit taken up with the pile, and a winner who did not start.
"""

from __future__ import annotations

from pathlib import Path

from upto9.families.threeup.family import FAMILY
from upto9.records import save_game
from upto9.simulate import play_game

SEED = 5
NAMES = ("Ada", "Bo", "Cy", "Di")
PATH = Path(__file__).with_name("threeup-4p-seed5.json")


def main() -> None:
    game = play_game(players=len(NAMES), rules=FAMILY.rules, seed=SEED, names=NAMES, any_family=True)
    save_game(game, PATH)
    print(f"wrote {PATH}: {game.round.end}, winners {[NAMES[p] for p in game.winners]}")


if __name__ == "__main__":
    main()
