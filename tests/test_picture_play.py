"""The picture-card play page (``upto9.widgets.games.picture_play``): the learner plays a game against the
bots by clicks; before each draw the page shows the exact chance that the next card ends the turn
(``end_chance``'s count, from the learner's view: it matches the cards anyone can see) and the best
policy's advice; the page never uses what the learner may not see; a move the rules refuse is
answered with the engine's message; and every control, in any order, breaks nothing."""

from __future__ import annotations

import copy
import logging
import random
import re
import tomllib
from collections import Counter
from importlib import resources

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule
from upto9.widgets.games.picture_play import BOT_KINDS, LEARNER, TEXTS, PicturePlay, PlayModel
from upto9.widgets.page import Page
from upto9.widgets.texts import percent_text

from tests.test_widget_machines import PageMachine, live_widgets, machine_settings, text_of
from upto9.cards import Card, Rank, parse_card
from upto9.families.picture_cards.bot import BestStopBot, best_advice, end_chance, end_counts
from upto9.families.picture_cards.family import FAMILY, PictureFamily
from upto9.families.picture_cards.game import Draw, PictureRound, Place, Stage, Stop, fields_of, is_low
from upto9.messages import Message, render
from upto9.rules import rules_from_dict


def shown_counts(play: PicturePlay) -> tuple[int, int] | None:
    """The count the page shows (its ``data-ends`` and ``data-pile``), and the text agrees with it."""
    html = play._chance.value
    found = re.search(r'data-ends="(\d+)" data-pile="(\d+)"', html)
    if found is None:
        return None
    ends, pile = int(found[1]), int(found[2])
    lang = play.model.lang
    words = TEXTS[lang]["chance"].format(ends=ends, pile=pile, percent=percent_text(ends / pile, lang))
    assert text_of(words) in text_of(html)
    return ends, pile


def visible_counts(rnd: PictureRound) -> tuple[int, int]:
    """The cards that end a turn and the pile's size, counted from what the learner sees on the
    table (ruling 10), not from the pile: the number cards in play less those lying face up."""
    view = rnd.view(LEARNER)
    gone = set(view.removed)
    number_cards = [c for c in FAMILY.one_deck(rnd.rules) if isinstance(c, Card) and c not in gone and c.rank < Rank.JACK]
    seen = [*view.drawn, *view.aside, *(c for c in view.out if c.rank < Rank.JACK), *(c for seat in view.placed for cards in seat for c in cards)]
    lows_seen = sum(is_low(c) for c in seen)
    return sum(is_low(c) for c in number_cards) - lows_seen, len(number_cards) - len(seen)


def conserved(rnd: PictureRound) -> bool:
    return Counter(c for cards in rnd.zones().values() for c in cards) == Counter(rnd.deck_order)


def play_by_clicks(play: PicturePlay, rng: random.Random, check: bool = True, limit: int = 4000) -> int:
    """Click the page's buttons until the game is over: a random move button on the learner's
    turn, "Next bot move" on a bot's; after every click the chance shown is checked."""
    checked = 0
    for _ in range(limit):
        if play.model.game.over:
            return checked
        if play.move_buttons:
            if play._place_pick.layout.display != "none" and rng.random() < 0.5:
                play._place_pick.value = rng.choice(play._place_pick.options)[1]
            rng.choice(play.move_buttons).click()
        else:
            play._next_bot.click()
        assert play.model.error == "", play.model.error
        assert conserved(play.model.round)
        if check and (counts := shown_counts(play)) is not None:
            assert counts == end_counts(play.model.view()) == visible_counts(play.model.round)
            ends, pile = counts
            assert ends / pile == end_chance(play.model.view())
            checked += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("seed", "players", "bot_kind"), [(1, 2, "best"), (2, 3, "risk_30"), (5, 3, "stop_after_3")])
def test_the_learner_plays_a_seeded_game_to_its_end_by_clicks_and_sees_the_exact_chance(seed: int, players: int, bot_kind: str) -> None:
    play = PicturePlay(seed=seed, players=players, bot_kind=bot_kind)
    checked = play_by_clicks(play, random.Random(seed))
    assert checked > 0, "no draw decision was shown"
    s = play.model.round.standing()
    status = text_of(play._status.value)
    if s.draw:
        assert "A draw" in status
    elif s.winners == (LEARNER,):
        assert "You win!" in status
    else:
        assert f"Bot {s.winners[0]} wins." in status
    assert TEXTS["en"][f"reason_{play.model.round.reason}"] in status
    assert not play.move_buttons and play._bot_row.layout.display == "none"


def test_a_whole_game_leaves_no_move_button_behind() -> None:
    """As many widgets alive after a game played by clicks as after its first turns: the move
    buttons of a turn are closed when they go (new ones at every click kept the old ones alive)."""
    play = PicturePlay(seed=4, players=2, bot_kind=BOT_KINDS[0])
    rng = random.Random(2)
    for _ in range(6):  # a few clicks in: the page's own widgets all made
        (rng.choice(play.move_buttons) if play.move_buttons else play._next_bot).click()
    early = live_widgets()
    play_by_clicks(play, rng, check=False)
    assert play.model.game.over and live_widgets() <= early + 10, live_widgets() - early


def test_a_double_tap_on_draw_draws_one_card() -> None:
    """After a draw, "Draw a card" is offered again on a new button, and the one tapped is closed: a
    double tap's second tap, sent to the first button, reaches no handler (its comm is gone) instead
    of drawing a card the learner never chose."""
    play = PicturePlay(seed=4, players=2, bot_kind=BOT_KINDS[0])
    for _ in range(50):
        if any(b.description == "Draw a card" for b in play.move_buttons):
            break
        (play.move_buttons[0] if play.move_buttons else play._next_bot).click()
    [draw] = [b for b in play.move_buttons if b.description == "Draw a card"]
    draw.click()
    assert draw.comm is None and draw not in play.move_buttons  # the first offer's button: closed
    again = [b for b in play.move_buttons if b.description == "Draw a card"]
    assert all(b.comm is not None for b in play.move_buttons) and (not again or again[0] is not draw)


def test_before_a_draw_the_page_shows_the_count_and_the_best_policys_advice_then_what_you_chose() -> None:
    play = PicturePlay(seed=11, players=2, bot_kind="best")
    play.model.bots_to_me()
    assert text_of(play._status.value) == "Your turn. Draw your first card."
    # The first card of a turn cannot end it (PC11): no chance is shown, the advice is to draw.
    assert shown_counts(play) is None and "cannot end your turn" in text_of(play._chance.value)
    assert 'data-best="draw"' in play._advice.value
    [draw] = [b for b in play.move_buttons if b.description == "Draw a card"]
    draw.click()
    if play.model.view().stage is not Stage.DRAW:
        pytest.skip("the seed's first card ended the turn")  # pragma: no cover (seed 11 draws a safe card)
    counts = shown_counts(play)
    assert counts == end_counts(play.model.view())
    advice = best_advice(play.model.view())
    best = "stop" if advice.stop else "draw"
    assert f'data-best="{best}"' in play._advice.value
    assert advice.stop == BestStopBot().stop(play.model.view())
    assert [b.description for b in play.move_buttons] == ["Draw a card", "Stop and place"]
    [stop] = [b for b in play.move_buttons if b.description == "Stop and place"]
    stop.click()
    assert text_of(play._choice.value).startswith(f"You chose to stop; the best policy would {best}.")
    assert play.model.view().stage is Stage.PLACE and play.move_buttons
    assert all(b.description.startswith("Put ") for b in play.move_buttons)
    play.model.lang = "nb"
    assert text_of(play._choice.value).startswith("Du valgte å stoppe; den beste strategien ville")
    assert all(b.description.startswith("Legg ") for b in play.move_buttons)


def test_the_advice_and_the_chance_use_the_learners_view_only() -> None:
    """Two games that differ only in what the learner may not see (the order of the number pile)
    show the same chance and the same advice."""
    model = PlayModel(seed=4, players=3, bot_kind="risk_30")
    rng = random.Random(4)
    compared = 0
    for _ in range(400):
        if model.game.over:
            break
        if model.my_turn:
            if model.deciding():
                other = copy.deepcopy(model)
                rng.shuffle(other.round.pile)  # the hidden order changes, nothing visible does
                other.round._views = {}
                assert other.view().pile == model.view().pile
                assert (other.chance(), other.advice()) == (model.chance(), model.advice())
                a, b = PicturePlay(model=model), PicturePlay(model=other)
                assert (a._chance.value, a._advice.value) == (b._chance.value, b._advice.value)
                compared += 1
                if compared == 5:
                    break
            model.play(rng.choice(model.moves()))
        else:
            model.bot_step()
    assert compared == 5


def test_the_best_advice_is_the_best_stop_bots_decision() -> None:
    rng = random.Random(7)
    model = PlayModel(seed=7, players=2, bot_kind="stop_after_3")
    seen = set()
    while not model.game.over:
        if model.deciding() and model.view().drawn:
            view = model.view()
            advice = best_advice(view)
            assert advice.stop == BestStopBot().stop(view)
            assert (advice.ends, advice.pile) == end_counts(view)
            seen.add(advice.stop)
        if model.my_turn:
            model.play(rng.choice(model.moves()))
        else:
            model.bot_step()
    assert seen == {True, False}


def test_a_move_the_rules_refuse_is_answered_with_the_engines_message_and_nothing_changes() -> None:
    model = PlayModel(seed=2, players=2)
    model.bots_to_me()
    before = len(model.round.history)
    model.play(Place(parse_card("7h"), 0))
    assert model.error == render(Message("picture_cards.stage.draw"), "en")
    model.lang = "nb"
    assert model.error == render(Message("picture_cards.stage.draw"), "nb") != render(Message("picture_cards.stage.draw"), "en")
    model.play(Stop())  # nothing drawn yet: PC6
    assert model.error == render(Message("picture_cards.draw_first"), "nb")
    assert len(model.round.history) == before and conserved(model.round)
    model.lang = "en"
    model.play(Draw())
    assert model.error == ""
    model.play("a card")
    assert model.error and "a card" in model.error


def test_out_of_turn_and_bad_new_game_values_get_one_plain_line_and_the_game_stays() -> None:
    model = PlayModel(seed=9, players=3, bot_kind="best")
    game = model.game
    for players, bot, seed, said in [
        (4, "best", 1, "Players must be 2 or 3, not 4."),
        (2, "cheater", 1, "No such bot: 'cheater'."),
        (2, "best", -1, "A game number is a whole number from 0 to 999,999,999, not -1."),
    ]:
        model.new_game(seed, players, bot)
        assert model.error == said and model.game is game
    model.new_game(9, 3, "best")
    if model.my_turn:
        model.bot_step()
        assert model.error == "It is your turn: the bots wait for you."
        model.play(Draw())
    while model.my_turn:
        model.play(model.moves()[0])
    if not model.game.over:
        model.play(Draw())
        assert re.fullmatch(r"Wait: it is Bot \d's turn, not yours\.", model.error)


def test_keeping_picture_cards_when_more_are_dealt_than_kept() -> None:
    """A house rule that deals six picture cards each (two players, four suits): the learner
    chooses the four to keep, among the keeps the rules allow only."""
    path = resources.files("upto9.families.picture_cards").joinpath("rulesets", "picture_cards.toml")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.update(removed_suit="none", deal_two=6)
    rules = rules_from_dict(data, "six each")
    assert fields_of(rules).deal(2) == 6
    model = PlayModel(seed=3, players=2, rules=rules)
    play = PicturePlay(model=model)
    while not model.my_turn:
        play._next_bot.click()
    assert model.view().stage is Stage.KEEP
    labels = [b.description for b in play.move_buttons]
    assert labels and all(label.startswith("Keep ") for label in labels)
    assert len(labels) == len(model.moves())
    play.move_buttons[-1].click()
    assert model.error == "" and sum(c is not None for c in model.view().pictures[LEARNER]) == 4
    assert "You keep" in text_of(play._log.value)
    play_by_clicks(play, random.Random(3))


def test_the_bots_moves_are_shown_one_line_each_step_by_step() -> None:
    play = PicturePlay(seed=6, players=3, bot_kind="stop_after_3", lang="nb")
    lines = 0
    while not play.model.my_turn and not play.model.game.over:
        play._next_bot.click()
        lines += 1
        assert len(play.model.log) >= lines  # one move, one line (a move that ends the game adds the end's)
        newest = re.search(r"<li>(.*?)</li>", play._log.value)
        assert newest is not None and text_of(newest[1]).startswith("Robot ")
    assert lines > 0 and play._players.description == "Spillere" and play._next_bot.description == "Neste robottrekk"


@pytest.mark.parametrize("bot_kind", BOT_KINDS)
def test_the_controls_deal_the_game_chosen(bot_kind: str) -> None:
    play = PicturePlay(seed=0)
    play._players.value, play._bot_kind.value, play._seed.value = 3, bot_kind, 42
    play._new.click()
    model = play.model
    assert (model.game.players, model.seed, model.bot_kind) == (3, 42, bot_kind)
    assert type(model.bots[1]) is type(PictureFamily().bots()[bot_kind](0))
    assert text_of(play._table.value).count("Bot ") >= 2 and "Bot 2" in text_of(play._table.value)


# --- every control, in any order ------------------------------------------------------------------------


class PicturePlayPage(PageMachine):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page()
        self.play = self.page.show(PicturePlay(seed=1, players=2))
        self.views = [self.play]

    @rule(data=st.data())
    def click_a_move(self, data: st.DataObject) -> None:
        if self.play.move_buttons:
            data.draw(st.sampled_from(self.play.move_buttons)).click()

    @rule(data=st.data())
    def pick_a_card_to_place(self, data: st.DataObject) -> None:
        if self.play._place_pick.options:
            self.play._place_pick.value = data.draw(st.sampled_from(self.play._place_pick.options))[1]

    @rule(data=st.data())
    def pick_a_shift(self, data: st.DataObject) -> None:
        if self.play._shift_pick.options:
            self.play._shift_pick.value = data.draw(st.sampled_from(self.play._shift_pick.options))[1]

    @rule()
    def next_bot_move(self) -> None:
        self.play._next_bot.click()

    @rule()
    def bots_to_my_turn(self) -> None:
        self.play._bots_to_me.click()

    @rule(players=st.sampled_from([2, 3]), bot_kind=st.sampled_from(BOT_KINDS), seed=st.integers(0, 50))
    def new_game(self, players: int, bot_kind: str, seed: int) -> None:
        self.play._players.value, self.play._bot_kind.value, self.play._seed.value = players, bot_kind, seed
        self.play._new.click()

    @rule()
    def new_game_with_the_controls_as_they_are(self) -> None:
        self.play._new.click()

    @rule(players=st.sampled_from([2, 3]), bot_kind=st.sampled_from(BOT_KINDS))
    def change_the_table_or_the_bots(self, players: int, bot_kind: str) -> None:
        """A table size or bots chosen mid-game: at once before the learner's first move, else for New game."""
        model = self.play.model
        under_way, game = model.in_progress, model.game
        self.play._players.value, self.play._bot_kind.value = players, bot_kind
        if under_way:
            assert model.game is game

    @invariant()
    def nothing_failed(self) -> None:
        self.no_failure()

    @invariant()
    def the_cards_are_conserved_and_the_chance_shown_is_the_views(self) -> None:
        model = self.play.model
        assert conserved(model.round)
        counts = shown_counts(self.play)
        assert counts == model.chance()
        if counts is not None:
            assert counts == end_counts(model.view()) == visible_counts(model.round)
        assert bool(self.play.move_buttons) == bool(model.moves())

    @invariant()
    def the_page_says_whose_turn_it_is(self) -> None:
        model, texts = self.play.model, TEXTS[self.page.lang]
        status = text_of(self.play._status.value)
        if model.game.over:
            assert texts["over"] in status
        elif model.my_turn:
            assert status.startswith(texts["your_turn"] + " ")

    @invariant()
    def the_feedback_shown_is_of_this_turn_or_says_it_is_of_the_last(self) -> None:
        model = self.play.model
        if model.my_turn and model.choice is not None and model.round.turns != model.choice_turn:
            assert "u9-pc-last" in self.play._choice.value
        bots_hold_pictures = any(c is not None for seat in model.round.pictures[1:] for c in seat)
        if model.my_turn and model.view().stage is Stage.DRAW and not model.view().drawn and bots_hold_pictures:
            assert model.choice is None or model.choice_from_last_turn()

    @invariant()
    def controls_that_differ_from_the_game_on_the_table_are_said(self) -> None:
        play, model = self.play, self.play.model
        differ = (play._players.value, play._bot_kind.value) != (model.players, model.bot_kind)
        assert differ == ("u9-pc-pending" in play._pending_note.value)

    @invariant()
    def the_box_shows_the_game_number_dealt(self) -> None:
        if not self.play.model.error:
            assert self.play._seed.value == str(self.play.model.seed)


TestPicturePlayPage = PicturePlayPage.TestCase
TestPicturePlayPage.settings = machine_settings(examples=15, steps=30)


def test_nothing_is_logged_as_a_failure_in_a_whole_game(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="upto9.widgets"):
        play = PicturePlay(seed=13, players=3, bot_kind="best", lang="nb")
        play_by_clicks(play, random.Random(13), check=False)
    assert not caplog.records


@pytest.mark.parametrize("typed", ["-5", "99999999999", "2.5", "seven"])
def test_a_game_number_that_is_none_is_refused_as_typed_and_the_game_stays(typed: str) -> None:
    """The box is read exactly as typed: a number field clamped -5 to 0 and read 2.5 as 25, silently."""
    play = PicturePlay(seed=3)
    game = play.model.game
    play._seed.value = typed
    play._new.click()
    assert play.model.game is game and play.model.seed == 3
    assert text_of(play._error.value) == f"⚠ A game number is a whole number from 0 to 999,999,999, not {typed}."
    play._seed.value = "8"
    play._new.click()
    assert play.model.seed == 8 and play.model.game is not game and not play.model.error


# --- a learner's review of page 9 -------------------------------------------------------------------------


def _two_player_rules_with_all_four_suits():  # type: ignore[no-untyped-def]
    path = resources.files("upto9.families.picture_cards").joinpath("rulesets", "picture_cards.toml")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.update(removed_suit="none", deal_two=6)
    return rules_from_dict(data, "all four suits")


def test_with_two_players_the_page_says_which_suit_is_taken_out_and_what_out_of_the_game_counts() -> None:
    """PC1: everyone sees which suit two players take out. The suit table named only the three suits
    played and the pile box said "Out of the game: none" (the cards gone during the game: picture
    cards not kept or lost to an ace, and those aces), which read as "no suit is out"."""
    play = PicturePlay(seed=3, players=2)
    table, pile = text_of(play._table.value), text_of(play._pile.value)
    assert "♥ hearts taken out for two players (PC1)" in table
    assert "Taken out for two players: ♥ hearts, all 13 cards of the suit (PC1)." in pile
    assert "Out of the game: none" not in pile
    assert "Gone during the game (picture cards not kept or lost to an ace, and those aces): none" in pile
    play.model.lang = "nb"
    table, pile = text_of(play._table.value), text_of(play._pile.value)
    assert "♥ hjerter tatt ut for to spillere (PC1)" in table
    assert "Tatt ut for to spillere: ♥ hjerter, alle de 13 kortene i sorten (PC1)." in pile
    assert "Gått ut underveis (bildekort som ikke ble beholdt eller ble tapt til et ess, og de essene): ingen" in pile
    # Three players, or two keeping all four suits (a house rule): no suit is out, and none is named.
    for play in (PicturePlay(seed=3, players=3), PicturePlay(model=PlayModel(seed=3, players=2, rules=_two_player_rules_with_all_four_suits()))):
        assert "taken out" not in text_of(play._table.value).lower() and "taken out" not in text_of(play._pile.value).lower()
        assert text_of(play._table.value).count("♥ hearts") == 1


def test_new_game_deals_the_next_game_number_and_a_typed_number_replays_that_game() -> None:
    """The "New game" button dealt the same game again (the number stayed); it now moves on to the next game
    number and shows it in the box, unless the learner has typed a number since the last deal: that
    game, exactly (the same number too: a replay)."""
    play = PicturePlay(seed=3, players=2)
    first = list(play.model.round.deck_order)
    play._new.click()
    assert play.model.seed == 4 and play._seed.value == "4" and not play.model.error
    assert list(play.model.round.deck_order) != first
    play._new.click()
    assert play.model.seed == 5 and play._seed.value == "5"
    play._seed.value = "3"  # typed: game 3 again, exactly
    play._new.click()
    assert play.model.seed == 3 and list(play.model.round.deck_order) == first and play._seed.value == "3"
    play._new.click()  # nothing typed since: the next one
    assert play.model.seed == 4
    # The number shown, typed again (no change the kernel sees) still replays it: the box is compared too.
    play._seed.value = " 4 "
    again = list(play.model.round.deck_order)
    play._new.click()
    assert play.model.seed == 4 and list(play.model.round.deck_order) == again
    # A refused number stays refused until it is changed; the last game number wraps to 0.
    play._seed.value = "seven"
    play._new.click()
    play._new.click()
    assert play.model.seed == 4 and "not seven" in text_of(play._error.value)
    play._seed.value = "999999999"
    play._new.click()
    play._new.click()
    assert play.model.seed == 0 and play._seed.value == "0" and not play.model.error


def _play_to_a_bust_after_a_choice(play: PicturePlay) -> None:
    """The learner draws on until a 2 or 3 ends the turn after a real choice (a draw with cards held)."""
    model = play.model
    for _ in range(200):
        if not model.my_turn:
            play._bots_to_me.click()
            continue
        stage = model.view().stage
        if stage is Stage.DRAW:
            turns = model.round.turns
            [draw] = [b for b in play.move_buttons if b.description == "Draw a card"]
            draw.click()
            if model.round.turns != turns and model.choice is not None:
                return
        else:
            play.move_buttons[0].click()
    raise AssertionError("no bust after a choice")  # pragma: no cover


def test_the_feedback_on_a_choice_is_gone_when_the_learners_next_turn_begins() -> None:
    """After "Bots play to your turn" the feedback on the previous turn's draw ("You chose to draw;
    the best policy would stop.") stood under "Draw a card" before the learner chose anything."""
    play = PicturePlay(seed=5, players=2, bot_kind="best")
    _play_to_a_bust_after_a_choice(play)
    assert text_of(play._choice.value).startswith("You chose to draw; the best policy would")
    play._bots_to_me.click()
    assert play.model.my_turn and play._choice.value == "" and play.model.choice is None
    _play_to_a_bust_after_a_choice(play)
    while not play.model.my_turn:  # one bot move at a time: the same
        assert play._choice.value != ""
        play._next_bot.click()
    assert play._choice.value == ""


def test_when_the_turn_comes_straight_back_the_feedback_says_it_was_the_last_turn() -> None:
    """With the bot out of picture cards (ruling 8) the learner's next turn follows theirs at once:
    the feedback on the choice that ended it is kept, labelled as the last turn's, until they move."""
    model = PlayModel(seed=5, players=2, bot_kind="best")
    rnd = model.round
    rnd.out.extend(c for c in rnd.pictures[1] if c is not None)
    rnd.pictures[1] = [None] * len(rnd.pictures[1])
    rnd.placed[1] = [[] for _ in rnd.placed[1]]
    rnd._views = {}
    play = PicturePlay(model=model)
    _play_to_a_bust_after_a_choice(play)
    assert model.my_turn and model.view().stage is Stage.DRAW and not model.view().drawn
    said = text_of(play._choice.value)
    assert re.fullmatch(r"On your last turn you chose to draw; the best policy would (draw|stop)\.( The same choice\.)?", said), said
    model.lang = "nb"
    said = text_of(play._choice.value)
    assert re.fullmatch(r"På forrige tur valgte du å trekke; den beste strategien ville (trekke|stoppe)\.( Samme valg\.)?", said), said
    [draw] = [b for b in play.move_buttons if b.description == "Trekk et kort"]
    draw.click()  # the first draw of the new turn (no choice: PC6, and it cannot end the turn: PC11)
    assert play._choice.value == "" and model.choice is None


def test_a_table_size_chosen_before_the_first_move_deals_at_once_and_after_it_waits_for_new_game() -> None:
    """A learner's review: Players 3 lit up and the table stayed "You / Bot 1", with no word (the
    next redraw put the toggle back). Before the learner's first move it deals a game of three at
    once; after it the game goes on, and the page says what New game starts."""
    play = PicturePlay(seed=3, players=2)
    model = play.model
    play._players.value = 3
    assert model.players == 3 and len(model.game.view(0).pictures) == 3 and model.seed == 3 and not play._pending_note.value
    while not model.my_turn:
        model.bot_step()
    play.move_buttons[0].click()
    assert model.in_progress
    play._players.value, play._bot_kind.value = 2, "risk_30"
    assert model.players == 3
    assert text_of(play._pending_note.value) == "The game on the table goes on. New game starts 2 players, bots: stop when the risk is over 30%."
    while not model.my_turn and not model.game.over:
        model.bot_step()
    if model.my_turn:
        play.move_buttons[0].click()  # another move: the choices stay as chosen
    assert (play._players.value, play._bot_kind.value) == (2, "risk_30")
    model.lang = "nb"
    assert text_of(play._pending_note.value).startswith("Spillet på bordet fortsetter. Nytt spill starter 2 spillere, roboter: stopper")
    play._new.click()
    assert (model.players, model.bot_kind, model.seed) == (2, "risk_30", 4) and not play._pending_note.value
