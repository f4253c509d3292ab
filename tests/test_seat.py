"""The seat at the table (``upto9.widgets.games.seat``): the learner plays a whole game of every game
against the bots; only legal moves are offered; a move the rules refuse is answered with the engine's
message and changes nothing; every bot move is told in one line as the learner may know it; the game's
record opens in the round stepper; a coach is offered only for a family that has one (predict, then
reveal); and every control, in any order, breaks nothing."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule
from upto9.widgets.games import seat as seat_module
from upto9.widgets.games.seat import LEARNER, SHORT_LEVELS, TEXTS, SeatModel, SeatView, game_keys, strengths
from upto9.widgets.games.seat_panels import RummyPanel
from upto9.widgets.page import Page
from upto9.widgets.stepper import RoundModel, steps_of

from tests.test_widget_machines import PageMachine, live_widgets, machine_settings, text_of
from upto9.families.threeup.round import ChooseUp
from upto9.family import CoachedFamily, Coaching, FamilyView, game_family
from upto9.game import Discard, Donate, Draw, Game, LayDown, Phase, Source, View
from upto9.messages import Message, render
from upto9.records import replay
from upto9.turns import RuleError

FAMILIES = ("upto9", "phase10", "threeup", "picture_cards")


def state(model: SeatModel) -> tuple[Any, ...]:
    """What a refused move must leave as it was: every round's history and zones, the totals, the turn."""
    game = model.game
    return (len(game.rounds), tuple(len(r.history) for r in game.rounds), game.round.zones(), game.totals, game.round.turn, len(model.log))


def play_to_end(model: SeatModel, rng: random.Random, limit: int = 40_000) -> int:
    """The learner plays random legal moves (the family's ``legal_moves``); the bots play theirs."""
    moves = 0
    while not model.game.over and moves < limit:
        moves += 1
        if model.round_over:
            model.next_round()
        elif model.bot_turn:
            model.bot_step()
        else:
            legal = model.moves()
            assert legal, "the learner's turn offers a move"
            model.play(rng.choice(legal))
        assert not model.error, model.error
        zones = model.game.round.zones()
        assert Counter(c for cards in zones.values() for c in cards) == Counter(model.game.round.deck_order)
    return moves


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_seeded_game_of_every_family_plays_to_its_end_and_its_record_opens_in_the_stepper(family: str, seed: int) -> None:
    model = SeatModel(family=family, players=2 + seed % 2, seed=seed)
    play_to_end(model, random.Random(seed))
    assert model.game.over
    winners = set(model.game.winners)
    assert winners <= set(range(model.game.players))
    record = json.loads(model.record())
    again = replay(record, any_family=True)  # the records' one replay path
    assert again.totals == model.game.totals and tuple(again.winners) == tuple(model.game.winners)
    for index in range(len(again.rounds)):
        assert steps_of(again, index)  # the stepper's replay of each round (replay_round / replay_family_round)
    stepper = RoundModel()
    stepper.games = tuple(sorted(set(stepper.games) | {family}))
    stepper.load_record(record)
    assert stepper.error == "" and stepper.game is not None and stepper.game.totals == model.game.totals


@pytest.mark.parametrize("family", ["upto9", "phase10"])
def test_a_shorter_game_ends_with_the_fifth_level_and_its_record_opens_in_the_stepper(family: str) -> None:
    """The seat's shorter game (docs/rules.md: a shorter game): levels 1 to 5, the fifth ending it;
    it stays shorter for a new game, and a game without levels refuses it in one line."""
    model = SeatModel(family=family, players=2, seed=3)
    model.new_game(short=True)
    assert model.short and model.error == "" and model.game.rules.played_levels == (1, 2, 3, 4, 5)
    play_to_end(model, random.Random(3))
    assert model.game.over and all(set(r.levels) <= set(range(1, SHORT_LEVELS + 1)) for r in model.game.rounds)
    record = json.loads(model.record())
    stepper = RoundModel()
    stepper.load_record(record)
    assert stepper.error == "" and stepper.game is not None and stepper.game.rules.played_levels == (1, 2, 3, 4, 5)
    model.new_game(seed=4)
    assert model.short and model.game.rules.played_levels == (1, 2, 3, 4, 5)  # a new game stays shorter
    shown = state(model)
    model.new_game("threeup", short=True)
    assert model.error == "3UP 3DOWN has no shorter game." and state(model) == shown
    model.new_game(short="yes")
    assert model.error == "A game is played whole or shorter, not 'yes'." and state(model) == shown
    model.new_game(short=False)
    assert not model.short and model.game.rules.played_levels == tuple(range(1, len(model.game.rules.levels) + 1))


@pytest.mark.parametrize("family", FAMILIES)
def test_every_move_is_told_in_one_line_in_both_languages(family: str) -> None:
    model = SeatModel(family=family, players=3, seed=5)
    play_to_end(model, random.Random(5), limit=300)
    assert model.log
    for _seat, said in model.log:
        en, nb = said("en"), said("nb")
        assert en and nb and "\n" not in en and "Traceback" not in en
    assert any(said("en") != said("nb") for _seat, said in model.log)
    bots = [said("en") for seat, said in model.log if seat > 0]
    assert bots and all(line.startswith(("Bot ", "The ", "First ")) or "Bot " in line for line in bots), bots[:5]


def test_a_bots_hidden_draw_is_not_named_to_the_learner() -> None:
    model = SeatModel(family="upto9", players=2, seed=3)
    model.bots_to_me()
    model.play(model.moves()[0])  # the learner draws
    while model.my_turn:
        model.play(next(m for m in model.moves() if isinstance(m, Discard)))
    model.bot_step()  # the bot draws
    record = model.game.round.history[-1]
    line = model.log[-1][1]("en")
    if record.to_dict()["source"] == "deck":
        assert record.card.glyph not in line and "draws" in line, line


def test_a_refused_move_changes_nothing_and_shows_the_engines_message() -> None:
    model = SeatModel(family="threeup", players=2, seed=4)
    view = model.view()
    two = tuple(view.hand[:2])
    before = state(model)
    with pytest.raises(RuleError) as refused:
        model.game.round.verify(ChooseUp(two))  # what the engine says of it
    message = refused.value.msg
    assert message is not None
    model.play(ChooseUp(two))
    assert state(model) == before
    assert model.error == render(message, "en")[:1].upper() + render(message, "en")[1:]
    model.lang = "nb"
    assert model.error.lower() == render(message, "nb").lower()
    seat = SeatView(model, pause=0)
    view_text = text_of(seat._refusal.value)
    assert model.error in view_text and seat._error.value == ""  # by the moves, not by the settings
    children = list(seat.children)
    assert children.index(seat._moves) < children.index(seat._refusal) < children.index(seat._coach)
    model.new_game(seed=-1)  # a setting refused: shown by the settings
    assert model.error and text_of(model.error) in text_of(seat._error.value) and seat._refusal.value == ""


def test_a_card_that_does_not_fit_a_meld_is_refused_in_the_engines_words() -> None:
    """The rummy panel offers every meld on the table for a picked card: the engine judges it."""
    rng = random.Random(0)
    for seed in range(40):
        model = SeatModel(family="upto9", players=2, seed=seed)
        for _ in range(3000):
            if model.game.over:
                break
            if model.round_over:
                model.next_round()
                continue
            if model.bot_turn:
                model.bot_step()
                continue
            view = model.view()
            assert isinstance(view, View)
            if view.phase is Phase.PLAY and view.laid_down[LEARNER] and any(view.table):
                panel = RummyPanel()
                for card in view.hand:
                    wrong = [
                        b
                        for b in panel.buttons(view, model.moves(), (card,), model.names(), "en")
                        if isinstance(b.move, Donate) and b.move not in model.moves()
                    ]
                    if wrong:
                        before = state(model)
                        model.play(wrong[0].move)
                        assert model.error and state(model) == before
                        owner, meld = wrong[0].move.owner, wrong[0].move.meld
                        try:
                            model.game.round.verify_donate(card, owner, meld)
                        except RuleError as error:
                            assert error.msg is not None and render(error.msg, "en").lower() in model.error.lower()
                        return
            legal = model.moves()
            lay = [m for m in legal if type(m).__name__ == "LayDown"]
            model.play(lay[0] if lay else rng.choice(legal))
    pytest.fail("no seed gave a meld the learner's card does not fit")


def test_out_of_turn_and_bad_choices_get_one_plain_line_and_the_game_stays() -> None:
    model = SeatModel(family="picture_cards", players=2, seed=3)
    before = state(model)
    for bad in [
        lambda: model.new_game(players=7),
        lambda: model.new_game(family="poker"),
        lambda: model.new_game(strength="genius"),
        lambda: model.new_game(seed=-1),
    ]:
        bad()
        assert model.error and "\n" not in model.error and state(model) == before and model.family.key == "picture_cards"
    model.play(object())
    assert "is no move of the picture-card game" in model.error and state(model) == before  # the engine's own words
    if model.my_turn:
        model.bot_step()
        assert model.error == TEXTS["en"]["no_bot_turn"]
    model.next_round()
    assert model.error


def test_the_strengths_and_table_sizes_follow_the_game() -> None:
    view = SeatView(family="upto9", players=2, pause=0)
    assert [v for _l, v in view._players.options] == [2, 3, 4, 5, 6]
    view._game.value = "picture_cards"
    assert view.model.family.key == "picture_cards"
    assert [v for _l, v in view._players.options] == [2, 3]
    assert [v for _l, v in view._strength.options] == list(strengths(game_family("picture_cards")))
    view._players.value, view._strength.value, view._seed.value = 3, "risk_30", 9
    view._new.click()
    assert (view.model.players, view.model.strength, view.model.seed) == (3, "risk_30", 9)
    assert set(game_keys()) == set(FAMILIES)


def test_the_bots_play_to_the_learners_turn_with_a_pause_a_test_sets_to_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []
    monkeypatch.setattr("upto9.widgets.games.seat.time.sleep", slept.append)
    view = SeatView(family="threeup", players=4, seed=2, pause=0.6)
    while view.model.my_turn:
        view.move_buttons[0].click()
    assert slept and all(s == 0.6 for s in slept)
    assert view.model.my_turn or view.model.game.round.over
    shown = text_of(view._log.value)
    assert "Bot 3" in shown


class NoCoach:
    """3UP 3DOWN as a family without a coach (whether or not the real one has landed)."""

    def __init__(self) -> None:
        self._family = game_family("threeup")

    def __getattr__(self, name: str) -> Any:
        if name == "coach":
            raise AttributeError(name)
        return getattr(self._family, name)


class ThinkingCoach:
    """A test-only coach on 3UP 3DOWN: suggests the last legal move, with one option and one fact."""

    def __init__(self) -> None:
        self._family = game_family("threeup")
        self.asked: list[FamilyView] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._family, name)

    def coach(self, view: FamilyView, seed: int = 0) -> Coaching:
        self.asked.append(view)
        moves = self._family.legal_moves(view)
        return Coaching(
            moves[-1], Message("raw", text="the last move keeps the most"), ((moves[0], Message("raw", text="1 in 2")),), (Message("raw", text="a fact"),)
        )


def test_the_coach_is_offered_only_for_a_family_with_one_and_reveals_after_the_learner_chose() -> None:
    view = SeatView(family="threeup", players=2, seed=4, pause=0)
    view.model.family = NoCoach()
    view.update()
    assert not view.model.coached and view._coach.layout.display == "none"
    coach = ThinkingCoach()
    assert isinstance(coach, CoachedFamily)
    view.model.family = coach
    view.update()
    assert view.model.coached and view._coach.layout.display is None
    view._coach.value = True
    assert "coach" not in text_of(view._reveal.value).lower() or TEXTS["en"]["coach_note"] in text_of(view._reveal.value)
    first = view.model.moves()[0]
    view.move_buttons[-1].click()  # the learner chooses first...
    assert coach.asked and coach.asked[0].player == LEARNER
    shown = text_of(view._reveal.value)  # ...then sees the coach's move, its reason, options and facts
    assert "You chose:" in shown and "The coach:" in shown and "the last move keeps the most" in shown.lower() and "1 in 2" in shown and "a fact" in shown
    assert first is not None
    view.lang = "nb"
    assert "Treneren:" in text_of(view._reveal.value)


class SeatPage(PageMachine):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page()
        self.seat = self.page.show(SeatView(family="upto9", players=2, seed=1, pause=0))
        self.views = [self.seat]

    @rule(data=st.data())
    def click_a_move(self, data: st.DataObject) -> None:
        if self.seat.move_buttons:
            data.draw(st.sampled_from(self.seat.move_buttons)).click()

    @rule(data=st.data())
    def pick_a_card(self, data: st.DataObject) -> None:
        if self.seat.hand_buttons:
            data.draw(st.sampled_from(self.seat.hand_buttons)).click()

    @rule(data=st.data())
    def an_illegal_move(self, data: st.DataObject) -> None:
        model = self.seat.model
        before = state(model)
        if model.my_turn:
            view = model.view()
            hand = tuple(getattr(view, "hand", ()))
            move = data.draw(st.sampled_from([object(), Discard(hand[0]) if hand else None, ChooseUp(hand[:1]) if hand else None]))
            legal = move in model.moves()
            self.seat.play(move)
            if not legal:
                assert model.error and state(model) == before

    @rule()
    def the_bots_button(self) -> None:
        self.seat._bots.click()

    @rule()
    def the_next_round_button(self) -> None:
        self.seat._next.click()

    @rule()
    def the_save_button(self) -> None:
        self.seat._save.click()
        assert "u9-seat-download" in self.seat._link.value

    @rule(family=st.sampled_from(FAMILIES))
    def switch_game(self, family: str) -> None:
        self.seat._game.value = family

    @rule(data=st.data(), seed=st.integers(0, 30))
    def new_game(self, data: st.DataObject, seed: int) -> None:
        self.seat._players.value = data.draw(st.sampled_from([v for _l, v in self.seat._players.options]))
        self.seat._strength.value = data.draw(st.sampled_from([v for _l, v in self.seat._strength.options]))
        self.seat._seed.value = seed
        self.seat._new.click()

    @rule(auto=st.booleans())
    def arrange_a_lay_down(self, auto: bool) -> None:
        """The lay-down editor: open it, maybe let the checker arrange, and lay down (or try to)."""
        before = state(self.seat.model)
        self.seat._arrange.value = True
        if self.seat.editor is not None:
            if auto:
                self.seat.editor.model.use_checker()
            self.seat._lay_mine.click()
            if self.seat.model.error:
                assert state(self.seat.model) == before

    @rule()
    def coach_box(self) -> None:
        self.seat._coach.value = not self.seat._coach.value

    @rule(data=st.data())
    def length(self, data: st.DataObject) -> None:
        """The whole game or a shorter one (games of levels): a new game of that length at once."""
        if self.seat._length.options and self.seat._length.layout.display != "none":
            self.seat._length.value = data.draw(st.sampled_from([v for _l, v in self.seat._length.options]))
            model = self.seat.model
            assert model.game.rules.played_levels == (tuple(range(1, SHORT_LEVELS + 1)) if model.short else tuple(range(1, len(model.game.rules.levels) + 1)))

    @rule()
    def pace(self) -> None:
        self.seat._pace.value = not self.seat._pace.value

    @invariant()
    def nothing_failed(self) -> None:
        self.no_failure()

    @invariant()
    def settings_that_differ_from_the_game_on_the_table_are_said(self) -> None:
        """A setting chosen while a game is under way waits for New game, and the page says so."""
        seat, model = self.seat, self.seat.model
        differ = (seat._game.value, seat._players.value, seat._strength.value) != (model.family.key, model.players, model.strength)
        if differ:
            assert "u9-seat-pending" in seat._pending_note.value
        if not seat._pending:
            assert not seat._pending_note.value

    @invariant()
    def only_legal_moves_are_offered_and_the_page_says_whose_turn(self) -> None:
        model = self.seat.model
        legal = model.moves()
        offered = [b.move for b in model.buttons()]
        picked = bool(model.picked)
        assert all(m in legal for m in offered) or picked or isinstance(model.game, Game)
        assert bool(self.seat.move_buttons) == bool(offered)
        texts = TEXTS[self.page.lang]
        status = text_of(self.seat._status.value)
        if model.game.over:
            assert texts["game_over"] in status
        elif model.my_turn:
            assert status.startswith(texts["your_turn"])
        zones = model.game.round.zones()
        assert Counter(c for cards in zones.values() for c in cards) == Counter(model.game.round.deck_order)


TestSeatPage = SeatPage.TestCase
TestSeatPage.settings = machine_settings(examples=12, steps=30)


@pytest.mark.parametrize("family", ["upto9", "phase10"])
def test_a_rummy_lay_down_arranged_in_the_lay_down_editor(family: str) -> None:
    """The learner arranges the lay-down in the editor (widgets/editor.py), on the level played (no
    level buttons); the engine judges it: a half-made one is refused in one line and changes nothing,
    the editor staying open with the learner's cards where they put them; the button is green only
    for a valid arrangement; the checker's arrangement is laid down."""
    rng = random.Random(1)
    for seed in range(30):
        view = SeatView(family=family, players=2, seed=seed, pause=0)
        model = view.model
        for _ in range(400):
            if model.game.over or model.round_over:
                break
            if any(type(m).__name__ == "LayDown" for m in model.moves()):
                assert view._arrange.layout.display is None
                view._arrange.value = True
                editor = view.editor
                assert editor is not None and sorted(editor.model.hand.cards) == sorted(model.view().hand)
                assert list(editor.model.free_cards()) == list(model.pickable())  # in the order the hand's buttons show it
                assert editor._levels.layout.display == "none" and editor.model.level == model.view().level
                untouched = state(model)
                view._lay_mine.click()  # nothing arranged yet: asked to fill the groups, not the engine's count of 0 cards
                assert model.error == TEXTS["en"]["not_arranged"] and state(model) == untouched
                first = model.view().hand[0]
                editor.model.place(first, 0)  # one card arranged: not a lay-down yet
                placed = editor.model.groups
                assert view._lay_mine.button_style == ""
                before = state(model)
                view._lay_mine.click()  # half-made: the engine's refusal (or ours, for a group it cannot read)
                assert model.error and "\n" not in model.error and state(model) == before
                assert model.error == TEXTS["en"]["not_arranged"] or "lay-down" in model.error
                assert view._arrange.value and view.editor is editor and editor.model.groups == placed  # nothing lost
                editor.model.use_checker()
                assert view._lay_mine.button_style == "success"
                view._lay_mine.click()
                assert not model.error, model.error
                assert model.game.round.view(LEARNER).laid_down[LEARNER] or model.round_over
                assert any("lay" in said("en").lower() or "legger" in said("nb").lower() for seat, said in model.log if seat == LEARNER)
                return
            moves = model.moves()
            if moves:
                view.play(rng.choice([m for m in moves if type(m).__name__ != "LayDown"]))
            elif view.hand_buttons:
                view.hand_buttons[0].click()
                view.play(next(m for m in model.moves() if isinstance(m, Discard)))
    pytest.fail("no seed gave the learner a lay-down")


@pytest.mark.parametrize("family", ["upto9", "phase10", "threeup", "picture_cards"])
def test_a_whole_game_at_the_seat_leaves_no_widget_behind(family: str) -> None:
    """A game played to its end by the page's buttons, arranging some lay-downs in the editor: as many
    widgets alive at the end as after eight clicks. A draw made new card and move buttons and let the old
    ones live on, in the kernel and in the browser (about 40 a click: thousands over one game, each
    drawn again by the phone)."""
    view = SeatView(family=family, players=2, seed=3, pause=0)
    clicks = 0
    rng = random.Random(5)
    early = None
    for clicks in range(3000):
        model = view.model
        if model.game.over:
            break
        if clicks == 8:
            early = live_widgets()
        if view._next.layout.display is None:
            view._next.click()
        elif view._bots.layout.display is None:
            view._bots.click()
        elif view._arrange.layout.display is None and not view._arrange.value and rng.random() < 0.5:
            view._arrange.value = True  # an editor on this hand (taken off again by the next move)
        elif view.move_buttons:
            rng.choice(view.move_buttons).click()
        else:
            view.hand_buttons[-1].click()
    assert view.model.game.over and early is not None
    assert clicks > 20 and live_widgets() <= early + 60, f"{live_widgets() - early} more widgets alive after {clicks} clicks than after 8"


def test_of_two_equal_cards_the_one_tapped_is_shown_picked() -> None:
    """Two decks deal equal cards: tapping the second copy outlines that copy alone (both were shown
    picked, and the learner could not tell which one the move meant)."""
    for seed in range(40):
        view = SeatView(family="upto9", players=2, seed=seed, pause=0)
        while not view.model.game.over and not view.hand_buttons:
            (view.move_buttons[0] if view.move_buttons else view._bots if view._bots.layout.display is None else view._next).click()
        labels = [b.description for b in view.hand_buttons]
        twins = [i for i, label in enumerate(labels) if labels.count(label) == 2]
        if twins:
            break
    else:
        pytest.fail("no seed dealt two equal cards")
    first, second = twins[0], next(i for i in twins[1:] if labels[i] == labels[twins[0]])
    view.hand_buttons[second].click()
    picked = [i for i, b in enumerate(view.hand_buttons) if "u9-seat-picked" in b._dom_classes]
    assert picked == [second], (labels, picked)
    view.hand_buttons[first].click()  # the same card: the model unpicks it
    assert not view.model.picked and not any("u9-seat-picked" in b._dom_classes for b in view.hand_buttons)


FOUR = {"red", "yellow", "green", "blue"}


@pytest.mark.parametrize(("family", "colours"), [("phase10", FOUR), ("threeup", FOUR), ("upto9", set())])
def test_a_coloured_card_in_the_hand_shows_its_colour_at_its_edge_and_stays_so_when_picked(family: str, colours: set[str]) -> None:
    """Phase 10's and 3UP 3DOWN's cards are named in words on the buttons ('yellow 1'): each also shows
    its face's colour as a strip at its left edge (a learner's review: grey buttons, unlike the table's
    coloured cards); a card in ink on white (Up to 9's) has none."""
    tones = {"red": "r", "yellow": "y", "green": "g", "blue": "b", "wild": "wild", "skip": "skip"}
    view = SeatView(family=family, players=2, seed=4, pause=0)
    while not view.hand_buttons:
        (view.move_buttons[0] if view.move_buttons else view._bots).click()
    for button in view.hand_buttons:
        strips = [c for c in button._dom_classes if c.startswith("u9-strip-")]
        words = button.description.split()
        if words[0] in colours or words[0] in ("wild", "skip"):
            assert strips == [f"u9-strip-{tones[words[0]]}"], (button.description, strips)
        elif family != "threeup":  # (3UP 3DOWN's clear cards and its other colours have strips of their own)
            assert not strips, (button.description, strips)
    view.hand_buttons[0].click()
    assert "u9-seat-picked" in view.hand_buttons[0]._dom_classes
    assert [c for c in view.hand_buttons[0]._dom_classes if c.startswith("u9-strip-")] or family == "upto9"
    # The picked card's blue is its background colour alone: a ``background`` shorthand would wipe the strip, a background image.
    picked_rule = next(line for line in seat_module._CSS.splitlines() if "u9-seat-picked" in line)
    assert "background-color:" in picked_rule and "background:" not in picked_rule, picked_rule


def test_the_length_switch_follows_the_game_and_a_new_game_of_one_without_levels_is_not_refused() -> None:
    view = SeatView(pause=0)
    view._length.value = True  # a shorter Up to 9: a new game at once
    assert view.model.short and view.model.game.rules.played_levels == (1, 2, 3, 4, 5)
    view._game.value = "phase10"  # another game of levels stays shorter
    assert view.model.short and view.model.game.rules.played_levels == (1, 2, 3, 4, 5)
    view._game.value = "threeup"  # no levels: the switch is hidden, and the new game button deals one
    assert view._length.layout.display == "none" and not view.model.short
    view._new.click()
    assert view.model.error == "" and view.model.family.key == "threeup"
    view._game.value = "upto9"
    assert not view.model.short and view._length.value is False


@pytest.mark.parametrize(("family", "english", "norwegian"), [("upto9", "Level", "Nivå"), ("phase10", "Phase", "Fase")])
def test_the_scores_say_each_players_level_in_the_games_own_word(family: str, english: str, norwegian: str) -> None:
    model = SeatModel(family=family, players=2, seed=5)
    play_to_end(model, random.Random(5))
    view = SeatView(model, pause=0)
    for lang, word in (("en", english), ("nb", norwegian)):
        rows = view._scores_html(lang).split("<tr>")
        assert rows[-1].startswith(f"<td>{word}</td>"), rows[-1]
        assert [f"<td>{n}</td>" in rows[-1] for n in model.game.levels] == [True, True]


def test_a_donation_button_names_the_meld_as_a_player_would_say_it() -> None:
    """The learner's own meld is "your meld" ("din gruppe"), another's "Bot 1's meld"."""
    model = SeatModel(family="upto9", players=2, seed=11)
    while not model.my_turn:
        model.bot_step()
    model.play(next(m for m in model.moves() if type(m).__name__ == "Draw"))
    model.play(next(m for m in model.moves() if type(m).__name__ == "LayDown"))  # (seed 11: the dealt hand holds level 1)
    view = model.view()
    assert isinstance(view, View) and view.laid_down[LEARNER]
    card = view.hand[0]
    for lang, own in (("en", "on your meld 1: "), ("nb", "på din gruppe 1: ")):
        labels = [b.label for b in RummyPanel().buttons(view, model.moves(), (card,), model.names(lang), lang) if isinstance(b.move, Donate)]
        assert labels and all(own in label for label in labels), labels
        assert not any("your's" in label or "din sin" in label for label in labels)


def test_the_coach_names_the_players_as_the_page_does_and_says_when_it_would_have_played_otherwise() -> None:
    """The coach's "player 1" / "player 2" read as this page's names: "yours" for the learner's own
    melds, "Bot 1" for the bot's; and the reveal says when the coach would have played otherwise."""
    view = SeatView(family="upto9", players=2, seed=1, pause=0)
    model = view.model
    model.coach_on = True
    for _turn in range(12):  # (seed 1: the learner lays down on their 9th turn with a joker to donate)
        while model.bot_turn:
            model.bot_step()
        model.play(next(m for m in model.moves() if isinstance(m, Draw) and m.source is Source.DECK))
        lay = [m for m in model.moves() if isinstance(m, LayDown)]
        if lay:
            model.play(lay[0])
            break
        model.play([m for m in model.moves() if isinstance(m, Discard)][-1])
    owners = {m.owner for m in model.moves() if isinstance(m, Donate)}
    assert owners == {0, 1}, owners
    assert model.panel.hint(model.view(), "en").startswith("You are down: put cards on the melds")  # no more "lay down if you can"
    assert model.panel.hint(model.view(), "nb").startswith("Du har lagt ned")
    model.play(next(m for m in model.moves() if isinstance(m, Discard)))  # not the coach's donation
    english, norwegian = view._reveal_html("en"), view._reveal_html("nb")
    assert "to a meld of yours" in english and f"to a meld of {model.names('en')[1]}" in english
    assert "hos deg" in norwegian and f"hos {model.names('nb')[1]}" in norwegian
    assert "player 1" not in english and "player 2" not in english and "spiller 1" not in norwegian
    assert TEXTS["en"]["coach_other"] in english and TEXTS["nb"]["coach_other"] in norwegian


@pytest.mark.parametrize("family", ["threeup", "picture_cards"])
def test_the_learners_seat_is_named_once_not_you_and_you(family: str) -> None:
    """The seat's table names the learner "You" ("Du") with no "you" ("deg") mark beside it; another
    page's table marks the seat seen from."""
    from upto9.widgets.table import replay_family_round, table_html

    view = SeatView(family=family, players=2, seed=3, pause=0)
    model = view.model
    step = replay_family_round(model.game.round)[-1]
    for lang, mark in (("en", "you"), ("nb", "deg")):
        view.lang = lang
        name = model.names(lang)[LEARNER]
        shown = view._table.value
        assert f">{name}" in shown and not re.search(rf">{name} \([^)]*\b{mark}\b", shown), shown
    named = table_html(step, family, ["Ada", "Bo"], perspective=LEARNER, lang="en", dealer=1)
    assert "Ada (you" in named  # another page's player name keeps the mark


@pytest.mark.parametrize(("typed", "said"), [("-5", "-5"), ("99999999999", "99999999999"), ("2.5", "2.5"), ("abc", "abc"), ("  ", '""')])
def test_a_game_number_that_is_none_is_refused_as_typed_and_the_game_stays(typed: str, said: str) -> None:
    """The box is read exactly as typed: a number field clamped -5 to 0 and read 2.5 as 25, silently."""
    view = SeatView(family="upto9", players=2, seed=4, pause=0)
    before = json.dumps(view.model.game.rounds[0].history[:3], default=str)
    view._seed.value = typed
    view._new.click()
    assert view.model.seed == 4 and json.dumps(view.model.game.rounds[0].history[:3], default=str) == before
    assert text_of(view._error.value) == f"⚠ A game number is a whole number from 0 to 999,999,999, not {said}."
    assert view._seed.value == typed, "the box keeps what was typed, to be corrected"
    view._seed.value = " 12 "
    view._new.click()
    assert view.model.seed == 12 and not view.model.error and view._seed.value == "12"


def test_the_score_table_of_the_picture_card_game_says_it_counts_places_not_points() -> None:
    """A picture-card round scores each seat by the players placed ahead of it (0: won), and the table
    said 'Scores (fewer points are better)' / 'Poeng (færre poeng er bedre)' where more points in the
    suits are better (a learner's review); the family words its own title. A rummy's stays points."""
    for family, en, nb in (
        ("picture_cards", "Standing: players placed ahead of each (0: won;", "Plassering: spillere foran hver (0: vant;"),
        ("upto9", "Scores (fewer points are better)", "Poeng (færre poeng er bedre)"),
        ("threeup", "Scores (fewer points are better)", "Poeng (færre poeng er bedre)"),
    ):
        view = SeatView(family=family, players=2, seed=1, pause=0)
        assert text_of(view._scores.value).startswith(en), (family, view._scores.value)
        view.model.lang = "nb"
        assert text_of(view._scores.value).startswith(nb), (family, view._scores.value)


def test_a_setting_changed_before_the_learner_moves_starts_its_game_and_after_waits_for_new_game() -> None:
    """A learner's review: Players 3 lit up and the table stayed at two, and a change of game threw
    the game under way away without a word. Before the learner's first move a change deals its
    game at once; after it, the game on the table goes on and the page says what New game starts."""
    view = SeatView(family="upto9", players=2, seed=1, pause=0)
    view._players.value = 3  # no move made yet: a game of three at once
    assert view.model.players == 3 and view.model.game.players == 3 and not view._pending_note.value
    assert view.model.my_turn
    view.play(view.model.moves()[0])  # the learner moves: the game is under way
    assert view.model.in_progress
    under_way = view.model.game
    view._players.value = 2
    view._game.value = "threeup"
    assert view.model.game is under_way and view.model.players == 3 and view.model.family.key == "upto9"
    note = text_of(view._pending_note.value)
    assert note == "The game on the table goes on. New game starts 3UP 3DOWN, 2 players, bots: sensible.", note
    if view.model.my_turn:  # another move: the choices stay as chosen
        view.play(view.model.moves()[0])
    assert (view._game.value, view._players.value) == ("threeup", 2)
    view.lang = "nb"
    assert text_of(view._pending_note.value).startswith("Spillet på bordet fortsetter. Nytt spill starter 3UP 3DOWN, 2 spillere")
    view._game.value, view._players.value = "upto9", 3  # back to the game on the table: nothing to say
    assert not view._pending_note.value
    view._players.value = 4
    view._new.click()
    assert (view.model.family.key, view.model.players) == ("upto9", 4) and not view._pending_note.value and not view.model.in_progress


def test_the_coach_says_as_good_when_its_figures_cannot_tell_the_learners_move_from_its_own() -> None:
    """A learner's review: with the coach on, taking J♥ and discarding it again was told "The coach
    would have played otherwise" beside the coach's K♥, at 5.5 % against 6.5 % on 200 samples (no
    clear difference) and with the same penalty. A move the coach's figures cannot tell from its own
    is said to be as good; one that is worse (here: as likely to lay down, but keeping more penalty
    points) is still said to be otherwise."""
    for seed, card, said in ((1, "Jh", "As good as the coach's move"), (0, "8c", "The coach would have played otherwise.")):
        view = SeatView(family="upto9", players=2, seed=seed, pause=0)
        model = view.model
        model.coach_on = True
        while model.bot_turn:
            model.bot_step()
        model.play(Draw(Source.DISCARD))
        model.play(next(m for m in model.moves() if isinstance(m, Discard) and str(m.card) == card))
        reveal = text_of(view._reveal_html("en"))
        assert said in reveal and ("otherwise" in said) != ("As good" in reveal), reveal
        norsk = text_of(view._reveal_html("nb"))
        assert ("Like godt som trenerens trekk" in norsk) == (seed == 1), norsk


def test_new_game_deals_the_next_game_number_and_a_number_typed_stays_until_then() -> None:
    """New game dealt the same cards again (the number stayed), and a number typed for the next game
    was put back by the next move's redraw. New game now deals the next number, shown in the box; a
    number typed since the last deal stays there through the moves and is the game New game deals."""
    view = SeatView(family="upto9", players=2, seed=4, pause=0)
    view._new.click()
    assert view.model.seed == 5 and view._seed.value == "5"
    view._seed.value = "4"  # typed: that game again, card for card
    view.play(view.model.moves()[0])
    assert view._seed.value == "4" and view.model.seed == 5
    view._new.click()
    assert view.model.seed == 4 and view._seed.value == "4" and not view._seed.chosen
    view._new.click()
    assert view.model.seed == 5


def test_the_ready_made_face_up_choices_are_few_and_the_strongest_first() -> None:
    """A learner's review: twelve of the twenty choices of three, in the order dealt, none with the
    strong cards the coach then advised, and a refusal pushed below them off a phone. Now a few,
    the heuristic bot's own choice first."""
    from upto9.families.threeup.bot import ThreeUpBot
    from upto9.families.threeup.round import ChooseUp

    for seed in range(4):
        view = SeatView(family="threeup", players=2, seed=seed, pause=0)
        model = view.model
        offered = [b.move for b in model.buttons() if isinstance(b.move, ChooseUp)]
        choices = [m for m in model.moves() if isinstance(m, ChooseUp)]
        assert len(offered) == min(4, len(choices)) and len(choices) > 4
        assert offered[0] == ThreeUpBot().choose(model.view(), choices)


def test_the_picture_card_table_at_the_seat_says_each_picture_cards_points_and_who_wins_each_suit() -> None:
    """A learner's review: at the end of a picture-card game the seat said "You win!" beside cards
    listed as "Q♠ + 6♥ 8♥ 4♦", no points and no suits, where page 9 shows both. The seat shows
    page 9's table."""
    view = SeatView(family="picture_cards", players=3, seed=2, pause=0)
    model = view.model
    while not model.game.over:
        if model.my_turn:
            model.play(model.moves()[0])
        else:
            model.bot_step()
    view.update()
    for lang, words in (("en", ("Suits won", "points", "Suit")), ("nb", ("Sorter vunnet", "poeng", "Sort"))):
        view.lang = lang
        shown = text_of(view._table.value)
        assert all(w in shown for w in words), shown
    assert "u9-pc-suits" in view._table.value and "✔" in view._table.value


def test_the_coach_and_the_refusals_name_phase_10_cards_in_english_as_the_buttons_do() -> None:
    """A learner's review: the English coach said "Take 11r from the discard pile" and "Cards that
    complete phase 1: 6r (2 unseen) ... W (6 unseen)", and a refusal "not 1g", beside buttons and a
    log that say "red 11" and "wild card". The seat names them: "red 11", "a wild card"."""
    code = re.compile(r"(?<![\w-])(?:1[0-2]|[1-9])[rygb]\b|(?<![\w-])[WS](?=[ ,.:;)])")
    view = SeatView(family="phase10", players=2, seed=3, pause=0)
    model = view.model
    model.coach_on = True
    seen = ""
    for _turn in range(8):
        while model.bot_turn:
            model.bot_step()
        if model.game.over or model.round_over:
            break
        model.play(model.moves()[0])
        seen += text_of(view._reveal_html("en")) + " "
        if model.my_turn:
            model.play(model.moves()[-1])
        seen += text_of(view._reveal_html("en")) + " "
    assert "Take" in seen or "Draw" in seen, seen[:300]
    assert not code.findall(seen), code.findall(seen)[:5]
    assert re.search(r"\b(red|yellow|green|blue) \d", seen), seen[:300]


def test_a_refused_arrangement_is_forgotten_once_the_learner_changes_it() -> None:
    """A learner's review: the refusal of an arrangement ("this lay-down uses 1 (3♥ as 5♥)") stayed
    under the button after "Use the checker's arrangement" had laid out another one."""
    view = SeatView(family="upto9", players=2, seed=1, pause=0)
    model = view.model
    while model.bot_turn:
        model.bot_step()
    model.play(next(m for m in model.moves() if isinstance(m, Draw)))
    view._arrange.value = True
    assert view.editor is not None
    view._lay_mine.click()  # nothing arranged: refused
    assert model.error and "u9-error" in view._refusal.value
    view.editor.click_free(view.editor.model.free[0])
    assert not model.error and view._refusal.value == ""
