"""The widgets and the command line draw every registered game family through its protocol
(``upto9.family.RummyFamily``: ``card_grid``, ``card_look``, ``card_words``, ``contract``,
``budget``...), never by asking which game a rule set plays (issue 13)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from upto9.widgets.cards_html import card_html
from upto9.widgets.hand import by_suit, grid_cards
from upto9.widgets.texts import budget_text, card_name, contract_text, family_for

from upto9.family import RummyFamily, rummies
from upto9.messages import LANGUAGES, render

ROOT = Path(__file__).resolve().parent.parent
DRAWING = [*sorted((ROOT / "widgets").glob("*.py")), ROOT / "upto9" / "cli.py"]
FAMILIES = rummies()


def test_the_widgets_and_the_command_line_never_ask_which_game_it_is() -> None:
    """No family tests, no game's own types: a third family is drawn by the same code."""
    branching = re.compile(r"Family\.(UPTO9|PHASE10)|is_phase10|isinstance\([^)]*Phase10|\.family\s*==|==\s*\w+\.family\b")
    found = []
    for path in DRAWING:
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}:{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1) if branching.search(line)]
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("upto9.families"):
                found.append(f"{path.name}:{node.lineno}: imports {node.module}")
    assert not found, found


def test_the_check_catches_a_branch() -> None:
    """The pattern above finds what it is meant to find."""
    branching = re.compile(r"Family\.(UPTO9|PHASE10)|is_phase10|isinstance\([^)]*Phase10|\.family\s*==|==\s*\w+\.family\b")
    assert branching.search("if rules.family == Family.PHASE10:") and branching.search("isinstance(card, Phase10Card)")


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.key)
def test_every_card_of_the_grid_is_drawn_and_named_in_every_language(family: RummyFamily) -> None:
    rules = family.rules
    grid = grid_cards(rules)
    cards = [card for row in grid for card in row]
    assert sorted(cards, key=by_suit) == sorted(set(family.one_deck(rules)), key=by_suit), "the grid holds each card of the deck once"
    for lang in LANGUAGES:
        names = [card_name(card, lang) for card in cards]
        assert len(set(names)) == len(names) and all(names), (family.key, lang)
        for card, name in zip(cards, names, strict=True):
            assert family_for(card) is family
            html = card_html(card, lang=lang)
            assert f'aria-label="{name}"' in html and f'data-card="{card}"' in html


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.key)
def test_contracts_and_budgets_are_the_familys_own_words(family: RummyFamily) -> None:
    rules = family.rules
    for level in rules.levels:
        for lang in LANGUAGES:
            assert contract_text(level, lang, rules=rules) == render(family.contract(level), lang)
            assert budget_text(level, lang, rules=rules) == render(family.budget(level), lang)


def test_the_two_games_words_for_a_wild_card_stay_their_own() -> None:
    """What a learner reads today: Up to 9's jokers, Phase 10's wild cards (``jokere`` in Norwegian)."""
    by_key = {f.key: f for f in FAMILIES}
    upto9, phase10 = by_key["upto9"], by_key["phase10"]
    assert [render(upto9.wild_words(2), lang) for lang in LANGUAGES] == ["2 jokers", "2 jokere"]
    assert [render(phase10.wild_words(2), lang) for lang in LANGUAGES] == ["2 wild cards", "2 jokere"]
    assert budget_text(phase10.rules.level(1), "nb", rules=phase10.rules) == "så mange jokere du vil, minst 1 tallkort"
    assert contract_text(upto9.rules.level(5), marks=True) == "straight of 5* + three of a kind"
