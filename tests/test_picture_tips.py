"""The picture-card tips for the author (issue 23 parts 5-7): the findings on known cases, the deal
readings refused or accepted as the rules say, the cached file reproduced from its seed, and the
page's widget driven as a hypothesis state machine (nothing raises, a refusal is one line and
keeps what was shown)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule
from upto9.widgets.games.tips import GAMES, MOVE_AFTER, SUITS, TipsModel, TipsView, refusal_line, result_html
from upto9.widgets.page import Page

from tests.test_widget_machines import PageMachine, machine_settings, text_of
from upto9.families.picture_cards.tips import (
    BOTS,
    FAMILY_RULES,
    RULE_FILES,
    RUNS,
    Comparison,
    OtherGame,
    compare,
    differences,
    load_tips,
    play_facts,
    rules_from_text,
    sample_facts,
    tip_rules,
    tip_text,
    tips_data,
)
from upto9.messages import render
from upto9.rules import RulesError, load_rules
from upto9.stats import verdict

CACHE = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "picture_tips.json"
QUICK = ("stop_after_3", "stop_after_3")


@pytest.fixture(scope="module")
def small() -> Any:
    return tips_data(games=6, seed=11)


# --- the findings on known cases -------------------------------------------------------------------------


def test_a_rule_set_compared_with_itself_shows_no_change_in_either_language() -> None:
    same = compare(FAMILY_RULES, FAMILY_RULES, 40, seed=5, bots=QUICK)
    assert same.games == 40 and not same.out_of_time
    for d in same.differences:
        assert (d.estimate.value, d.estimate.low, d.estimate.high) == (0.0, 0.0, 0.0), d
        assert d.before == d.after
        assert verdict(d.estimate, "en").startswith("no measurable change")
        assert verdict(d.estimate, "nb").startswith("ingen målbar endring")


def test_the_same_seeds_play_the_same_games_on_both_sides() -> None:
    first = play_facts(FAMILY_RULES, 2, QUICK, 5, seed=9)
    again = play_facts(FAMILY_RULES, 2, QUICK, 5, seed=9)
    other = play_facts(FAMILY_RULES, 2, QUICK, 5, seed=10)
    assert [f.key() for f in first] == [f.key() for f in again] != [f.key() for f in other]


def test_ending_when_the_aces_are_gone_never_makes_a_game_longer() -> None:
    # The text's end (no ace, at most three 2s and 3s) implies the change's (no ace): on the same
    # seeds every game under the change is the same game cut at the same turn or sooner.
    written = play_facts(FAMILY_RULES, 2, QUICK, 40, seed=3)
    aces_end = play_facts(tip_rules("aces_end"), 2, QUICK, 40, seed=3)
    assert all(b.turns <= a.turns for a, b in zip(written, aces_end, strict=True))
    shorter = differences(written, aces_end, 2)[0]
    assert shorter.measure == "turns" and shorter.estimate.value < 0 and shorter.estimate.high < 0
    assert all(f.reason != "only_low" for f in aces_end) or any(a.reason == "only_low" for a in written)


def test_the_skill_finding_counts_the_best_stopper_in_either_seat(small: Any) -> None:
    skill = next(f for f in small.findings if f.key == "skill")
    facts = play_facts(FAMILY_RULES, 2, RUNS["skill"][1], 6, seed=11, swap=True)
    best = sum(not f.draw and f.winners == ((0,) if i % 2 == 0 else (1,)) for i, f in enumerate(facts))
    assert skill.estimate is not None and skill.estimate.n == 6 and round(skill.estimate.value * 6) == best


def test_each_finding_says_its_number_interval_and_sample_size_in_both_languages(small: Any) -> None:
    for finding in small.findings:
        for lang in ("en", "nb"):
            text = tip_text(finding, lang)
            assert "{" not in text and text[0].isupper(), text
            e = finding.estimate
            if e is not None and not finding.key.startswith("change."):
                assert ("95 % interval" if lang == "en" else "95 % intervall") in text
                assert (" games" if lang == "en" else " spill") in text
                assert e.low <= e.value <= e.high
    assert tip_text(small.findings[0], "en") != tip_text(small.findings[0], "nb")


def test_every_share_in_the_findings_is_counted_from_the_games(small: Any) -> None:
    two = play_facts(FAMILY_RULES, *RUNS["two"], 6, seed=11)
    ends = next(f for f in small.findings if f.key == "ends")
    for reason, e in ends.parts.items():
        assert round(e.value * 6) == sum(f.reason == reason for f in two)
    assert abs(sum(e.value for e in ends.parts.values()) - 1) < 1e-9


# --- the deal readings -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "needed", "pile"),
    [
        ("deal_two = 6", "deal_two", 12, 9),  # the text's deal for two, from one deck with a suit out
        ("deal_three = 5", "deal_three", 15, 12),  # the text's deal for three
        ('deal_two = 6\ndeal_three = 5\nremoved_suit = "none"', "deal_three", 15, 12),
    ],
)
def test_the_written_deal_is_refused_in_one_line_in_both_languages(text: str, field: str, needed: int, pile: int) -> None:
    with pytest.raises(RulesError) as error:
        rules_from_text(text)
    line = str(error.value)
    assert "\n" not in line and f"{field}:" in line and f"need {needed}" in line and f"holds {pile}" in line
    nb = render(error.value.msg, "nb")
    assert "kan ikke deles ut" in nb and f"{needed}" in nb


@pytest.mark.parametrize(
    "name",
    ["four_suits", "two_decks", "aces_end", "no_move"],
)
def test_the_tips_house_rule_files_load_as_any_rule_file_and_change_something(name: str) -> None:
    rules = load_rules(Path(__file__).resolve().parent.parent / "upto9" / "families" / "picture_cards" / "rulesets" / RULE_FILES[name])
    assert rules.family == "picture_cards" and rules.house_rules and rules.to_dict() != FAMILY_RULES.to_dict()
    facts = play_facts(rules, 2, QUICK, 2, seed=1)
    assert len(facts) == 2


def test_the_readings_that_make_the_written_deal_possible_are_accepted() -> None:
    four = rules_from_text('removed_suit = "none"\ndeal_two = 6')
    two_decks = rules_from_text("picture_decks = 2\ndeal_two = 6\ndeal_three = 5")
    assert four.fields.deal(2) == 6 and two_decks.fields.deal(3) == 5
    assert play_facts(two_decks, 3, ("stop_after_3",) * 3, 2, seed=2)[0].suits == 4


def test_an_out_of_range_value_and_another_game_are_refused() -> None:
    with pytest.raises(RulesError, match=r"move_after: must be a whole number from 0 to 20, got 99$"):
        rules_from_text("move_after = 99")
    with pytest.raises(OtherGame):
        rules_from_text('base = "upto9"')
    with pytest.raises(RulesError, match="not valid TOML"):
        rules_from_text("deal_two = = 6")


# --- the cache ------------------------------------------------------------------------------------------


def test_the_cached_findings_are_reproduced_by_their_seed() -> None:
    data = load_tips(CACHE)
    assert data.games >= 1000 and set(data.sample) == set(RUNS)
    for run, facts in data.sample.items():
        assert facts == sample_facts(run, data.seed, len(facts)), run
    keys = [f.key for f in data.findings]
    assert keys[:8] == ["length", "first", "ends", "ties", "split", "ranks", "skill", "text_deal"]
    assert {f"change.{n}" for n in RULE_FILES} <= set(keys)
    for finding in data.findings:
        if finding.estimate is not None:
            assert finding.estimate.n in (data.games, data.games // 2), finding.key


def test_the_cache_code_is_deterministic() -> None:
    assert tips_data(games=3, seed=4).to_dict() == tips_data(games=3, seed=4).to_dict()


# --- the widget ----------------------------------------------------------------------------------------


def quick_model() -> TipsModel:
    model = TipsModel(tips_data(games=4, seed=1))
    model.answer_seconds = 0.0  # one batch, then the time limit: a test's answer at once
    model.batch = 4
    return model


def test_a_refused_rule_file_keeps_the_answer_shown() -> None:
    model = quick_model()
    view = TipsView(model)
    view.move_after.value = 0
    view.bots.value = "stop_after_3"
    view.button.click()
    shown = view.answer.value
    assert model.result is not None and "Without" not in shown and "turns per game" in text_of(shown)
    view.file.value = "deal_two = 6"
    view.button.click()
    assert view.answer.value == shown
    line = text_of(view.refusal.value)
    assert line.startswith("This rule file cannot be used: deal_two: the deal cannot be dealt")
    model.lang = "nb"
    assert text_of(view.refusal.value).startswith("Denne regelfilen kan ikke brukes: deal_two: kortene kan ikke deles ut")
    assert "turer per spill" in text_of(view.answer.value)


@pytest.mark.parametrize("players", [2, 3])
def test_the_deal_as_written_chosen_on_the_page_is_said_as_choices_with_what_makes_it_playable(players: int) -> None:
    """The page's own "as written" deal at its default one deck of picture cards: it said "This rule
    file cannot be used: deal_two: ..." (no file was typed; a field's key; nothing on what to pick:
    a learner's review). Now the choices are named as choices and the way out is said, and it works."""
    model = quick_model()
    view = TipsView(model)
    view.players.value = players
    view.deal.value = "written"
    view.button.click()
    line = text_of(view.refusal.value)
    assert line.startswith("These choices cannot be played together: the deal cannot be dealt:"), line
    assert "rule file" not in line and "deal_t" not in line
    way_out = "take the picture cards from two decks" + (", or keep all four suits." if players == 2 else ".")
    assert line.endswith(way_out)
    model.lang = "nb"
    assert text_of(view.refusal.value).startswith("Disse valgene kan ikke spilles sammen: kortene kan ikke deles ut:")
    view.decks.value = 2  # what the line says: then it plays
    view.button.click()
    assert view.refusal.value == "" and model.result is not None


def test_the_controls_keep_their_values_across_a_language_switch() -> None:
    model = quick_model()
    view = TipsView(model)
    view.deal.value = "written"
    view.removed.value = "none"
    model.lang = "nb"
    assert (view.deal.value, view.removed.value, model.deal, model.removed_suit) == ("written", "none", "written", "none")
    assert view.deal.label.startswith("som skrevet")


def test_nothing_changed_is_said_plainly() -> None:
    model = quick_model()
    model.run()
    assert model.result is None and refusal_line(model.refusal, "en").startswith("Nothing is changed")
    assert "Nothing compared yet" in result_html(None, "en")


TYPED = st.one_of(
    st.sampled_from(
        ["", "move_after = 0", "deal_two = 6", "deal_three = 5", 'removed_suit = "none"\ndeal_two = 6', "move_after = 99", 'base = "upto9"', "x = = 1"]
    ),
    st.text(alphabet='abcdeimnorstuvw_="0123456789 \n', max_size=30),
)


class TipsMachine(PageMachine):
    """The tips page as an author uses it: every control, typed rule files, the button, the language."""

    def __init__(self) -> None:
        super().__init__()
        self.page = Page()
        self.model = quick_model()
        self.view = self.page.show(TipsView(self.model))
        self.views = [self.view]
        self.shown = self.view.answer.value

    @rule(players=st.sampled_from([2, 3]))
    def players(self, players: int) -> None:
        self.view.players.value = players

    @rule(deal=st.sampled_from(["ruling", "written"]))
    def deal(self, deal: str) -> None:
        self.view.deal.value = deal

    @rule(suit=st.sampled_from(SUITS))
    def removed(self, suit: str) -> None:
        self.view.removed.value = suit

    @rule(decks=st.sampled_from([1, 2]))
    def decks(self, decks: int) -> None:
        self.view.decks.value = decks

    @rule(n=st.sampled_from(MOVE_AFTER))
    def move_after(self, n: int) -> None:
        self.view.move_after.value = n

    @rule(bots=st.sampled_from(["stop_after_2", "stop_after_3", "risk_30"]))
    def bots(self, bots: str) -> None:
        self.view.bots.value = bots

    @rule(games=st.sampled_from(GAMES))
    def games(self, games: int) -> None:
        self.view.games.value = games

    @rule(text=TYPED)
    def type_file(self, text: str) -> None:
        self.view.file.value = text

    @rule()
    def compare(self) -> None:
        before = self.view.answer.value
        self.view.button.click()
        line = text_of(self.view.refusal.value)
        if line:
            assert "\n" not in line and self.view.answer.value == before
        else:
            assert self.model.result is not None and self.model.result.games >= 1
            assert self.model.result.players == self.model.players

    @invariant()
    def nothing_failed_and_the_controls_show_the_model(self) -> None:
        self.no_failure()
        view, model = self.view, self.model
        assert (view.players.value, view.deal.value, view.removed.value, view.decks.value) == (model.players, model.deal, model.removed_suit, model.decks)
        assert (view.move_after.value, view.bots.value, view.games.value, view.file.value) == (model.move_after, model.bots, model.games, model.text)
        assert re.search(r"\{[a-z_0-9]+\}", view.tips.value + view.answer.value + view.refusal.value) is None


TipsMachine.TestCase.settings = machine_settings(6, 12)
TestTipsPage = TipsMachine.TestCase


def test_every_bot_name_has_words() -> None:
    from upto9.families.picture_cards.tips import TIPS_TEXTS

    for lang in ("en", "nb"):
        assert all(f"bot.{name}" in TIPS_TEXTS[lang] for name in BOTS)
        assert set(TIPS_TEXTS["en"]) == set(TIPS_TEXTS[lang])


def test_the_written_deals_tip_says_why_once() -> None:
    """'The deal as written cannot be dealt: the deal cannot be dealt: ...' (a learner's review): the
    engine's reason is said once, in each language."""
    from upto9.families.picture_cards import tips

    finding = tips.Finding("text_deal", tips._text_deal_refusal(), None)
    english, norwegian = tips.tip_text(finding, "en"), tips.tip_text(finding, "nb")
    assert english.startswith("As written, the deal cannot be dealt: 2 players dealt 6 picture cards each need 12") and english.count("dealt:") == 1
    assert norwegian.count("deles ut") == 1 and "(kortene kan ikke deles ut: 2 spillere" in norwegian


def test_each_chart_says_its_sample_size_in_sight_in_both_languages() -> None:
    """The charts drew their intervals and gave the number of games only on hover, which a phone
    shows when a bar is tapped (a learner's review): the subtitle says it."""
    import json

    from upto9.widgets.games.tips import ends_chart, ranks_chart
    from upto9.widgets.texts import number_text

    from upto9.families.picture_cards.tips import TipsData

    data = TipsData.from_dict(json.loads(CACHE.read_text(encoding="utf-8")))
    for draw in (ends_chart, ranks_chart):
        assert draw(data, "en").layout.title.subtitle.text == f"{number_text(data.games, 'en', 0)} games; the line on each bar is its 95 % interval"
        assert draw(data, "nb").layout.title.subtitle.text == f"{number_text(data.games, 'nb', 0)} spill; streken på hver stolpe er 95 %-intervallet"
        assert data.games == 1000 and number_text(data.games, "en", 0) == "1,000"


def test_the_answer_names_the_change_it_compared_and_no_earlier_answer_stands_while_it_plays() -> None:
    """A learner's review: the result did not say which change it was for (the choices above it may
    have moved on), and while a new comparison played, the last answer and a stale refusal stayed
    under the progress bar."""
    model = quick_model()
    view = TipsView(model)
    view.move_after.value = 3
    view.bots.value = "stop_after_3"
    view.button.click()
    assert text_of(view.answer.value).startswith("Compared: Five-card move after: 3 cards (as played: 5 cards); 2 players, every seat stops after three cards.")
    view.move_after.value = 0  # the choices move on: the answer still names its own change
    assert "3 cards (as played: 5 cards)" in text_of(view.answer.value)
    model.lang = "nb"
    assert text_of(view.answer.value).startswith("Sammenlignet: Femkortstrekket etter: 3 kort (slik det spilles: 5 kort); 2 spillere")
    view.file.value = "deal_two = 6"
    view.button.click()  # refused: a line, and the answer before stays
    assert view.refusal.value and "3 kort" in text_of(view.answer.value)
    view.file.value = "first_card_back = false"
    seen: list[tuple[str, str | None]] = []
    original = model.run

    def watched(progress: Any = None) -> Any:
        seen.append((view.refusal.value, view.answer.layout.display))
        return original(progress)

    model.run = watched  # type: ignore[method-assign]
    view.button.click()
    assert seen == [("", "none")]  # while it played: no refusal, no earlier answer
    assert view.answer.layout.display is None and not view.refusal.value
    assert "(slik det spilles: ja)" in text_of(view.answer.value), text_of(view.answer.value)


def test_each_measure_says_its_paired_difference_with_its_interval_in_both_languages() -> None:
    """ "By how much, and how sure": each measure said both sides and a verdict, but not the
    difference itself with its interval, as the house-rule lab does (a learner's review)."""
    model = quick_model()
    model.move_after, model.games, model.answer_seconds = 3, 20, 60.0
    result = model.run()
    assert result is not None
    turns = result.difference("turns").estimate
    text = text_of(result_html(result, "en", model.compared))
    shown = re.search(r"turns per game\s*: .*?Difference (\S+) turns \(95% interval (\S+) to (\S+)\): ", text)
    assert shown is not None, text
    for said, value in zip(shown.groups(), (turns.value, turns.low, turns.high), strict=True):
        assert float(said.replace("−", "-")) == pytest.approx(value, abs=0.051), (said, value)
    assert text.count("Difference ") == len(result.differences)
    norsk = text_of(result_html(result, "nb", model.compared))
    assert norsk.count("Forskjell ") == len(result.differences) and "95 %-intervall" in norsk and "Difference" not in norsk


def test_a_typed_file_that_is_no_toml_says_the_line_and_column_in_both_languages() -> None:
    """ "This rule file cannot be used: house.toml: not valid TOML: Invalid value" named no line
    (a learner's review): the page cut tomllib's "(at line 1, column 14)" off. Now the place is said,
    in the page's language."""
    model = quick_model()
    model.text = "move_after = banana\nfoo = 3"
    model.run()
    assert refusal_line(model.refusal, "en").endswith("not valid TOML: Invalid value, on line 1, column 14")
    assert refusal_line(model.refusal, "nb").endswith("ikke gyldig TOML: Invalid value, på linje 1, kolonne 14")


def test_one_game_a_side_is_said_as_one_game() -> None:
    """The time limit at the first pair: "played on the same 1 games ... 1 games a side were played"."""
    model = quick_model()  # (its time limit stops it after the first pair of games)
    model.move_after = 3
    result = model.run()
    assert result is not None and result.games == 1
    text = text_of(result_html(result, "en"))
    assert "on the same game (the same shuffle" in text and "one game a side was played" in text and "1 games" not in text
    assert "ett spill på hver side ble spilt" in text_of(result_html(result, "nb"))


def test_the_answer_says_in_how_many_games_the_five_card_move_was_made() -> None:
    """ "Five-card move after: never" read "no difference at all in any of the 200 games a side" and
    the page never said why (a learner's review): it now says in how many games the move was made,
    on each side; none with the move gone, and the stored form keeps the count."""
    model = quick_model()
    model.move_after, model.games, model.answer_seconds = 0, 30, 60.0
    result = model.run()
    assert result is not None and result.shifted is not None
    made, gone = result.shifted
    assert gone == 0 and 0 <= made <= result.games
    text = text_of(result_html(result, "en", model.compared))
    assert f"Games in which the five-card move was made: {made} of {result.games} as played, 0 with the change." in text
    assert f"Spill der femkortstrekket ble gjort: {made} av {result.games} slik det spilles, 0 med endringen." in text_of(result_html(result, "nb"))
    assert Comparison.from_dict(result.to_dict()) == result
    stored = {k: v for k, v in result.to_dict().items() if k != "shifted"}
    assert Comparison.from_dict(stored).shifted is None and "five-card move was made" not in text_of(result_html(Comparison.from_dict(stored), "en"))
