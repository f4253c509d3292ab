"""Tips for the picture-card game's author: what thousands of bot games say about the game as
written and about the changes worth trying (issue 23, parts 5-7). No widget is imported here.

* ``play_facts``: games played with the engine (``upto9.simulate.play_game``, game ``i`` from
  ``game_seed(seed, i)``) and reduced to what a tip needs (``GameFacts``): the measures the family's
  ``game_columns`` lacks (the starting seat, suits tied, the 2-2-0 split, which picture rank won
  each suit) are read here from the finished round.
* ``findings``: the tips as data (``Finding``: a keyed sentence, its parameters, its estimate with
  its 95 % interval and sample size from ``upto9.stats``, the house-rule values to try it).
* ``compare``: two rule sets played on the same seeds (paired), each measure's difference with
  its paired interval (``Difference``), in batches, within a time limit.
* ``tips_data`` / ``save_tips`` / ``load_tips``: the cached findings (``notebooks/data/picture_tips.json``)
  with the seed that made them and a sample of games that the seed must reproduce.
* ``TIPS_TEXTS``: the sentences in English and Norwegian bokmål; ``tip_text`` fills one in.

>>> facts = play_facts(FAMILY_RULES, 2, ("stop_after_3", "stop_after_3"), 3, seed=1)
>>> len(facts), all(f.reason in END_REASONS for f in facts)
(3, True)
"""

from __future__ import annotations

import functools
import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any, Final

from upto9.cards import Rank
from upto9.families.picture_cards.bot import BestStopBot, RiskBot, StopAfterBot
from upto9.families.picture_cards.family import FAMILY
from upto9.families.picture_cards.game import END_REASONS, PictureRound, Shifted, score_with
from upto9.messages import Message, render
from upto9.rules import Rules, RulesError, load_rules, rules_from_dict, toml_why
from upto9.simulate import game_seed, play_game
from upto9.stats import Estimate, StatsError, bootstrap_mean, bootstrap_ratio, decimal, paired_difference, paired_share_difference, verdict, wilson

__all__ = [
    "BOTS",
    "DEFAULT_BOTS",
    "END_REASONS",
    "FAMILY_RULES",
    "RULE_FILES",
    "TIPS_TEXTS",
    "Comparison",
    "Difference",
    "Finding",
    "GameFacts",
    "OtherGame",
    "TipsData",
    "compare",
    "findings",
    "load_tips",
    "play_facts",
    "rule_file",
    "rule_file_text",
    "rules_from_text",
    "save_tips",
    "tip_text",
    "tips_data",
]

FAMILY_RULES: Final = FAMILY.rules
"""The game as the project plays it (``rulesets/picture_cards.toml``: the ruling's deal)."""

BOTS: Final[dict[str, Callable[[int], Any]]] = {
    "stop_after_2": functools.partial(StopAfterBot, k=2),
    "stop_after_3": StopAfterBot,
    "risk_30": RiskBot,
    "best": BestStopBot,
}
"""The players a comparison may seat, by name (``TIPS_TEXTS``' ``bot.<name>`` says each in words)."""

DEFAULT_BOTS: Final = "best"
"""The findings' players: the best stopper in every seat, equal players."""

RANKS: Final = {Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J"}

RULE_FILES: Final[dict[str, str]] = {
    "four_suits": "tips_four_suits.toml",
    "two_decks": "tips_two_decks.toml",
    "aces_end": "tips_aces_end.toml",
    "no_move": "tips_no_move.toml",
}
"""The house-rule file of each change a tip proposes (in ``rulesets/``; each builds on ``picture_cards``)."""

SAMPLE_GAMES: Final = 8
"""Games of each run whose facts the cache keeps, for a test to replay from the cached seed."""


def rule_file(name: str) -> Path:
    """The path of a tip's house-rule file (``RULE_FILES``)."""
    return Path(str(resources.files("upto9.families.picture_cards").joinpath("rulesets", RULE_FILES[name])))


def rule_file_text(name: str) -> str:
    """The text of a tip's house-rule file, to show or download.

    >>> "removed_suit" in rule_file_text("four_suits")
    True
    """
    return rule_file(name).read_text(encoding="utf-8")


@functools.cache
def tip_rules(name: str) -> Rules:
    """A tip's house rules, read from its file as any rule file is (``load_rules``).

    >>> tip_rules("four_suits").fields.deal(2)
    6
    """
    return load_rules(rule_file(name))


class OtherGame(RulesError):
    """A typed rule file that builds on another game (``base``): the tips compare changes to the picture-card game."""

    def __init__(self, source: str, base: str) -> None:
        super().__init__(f'{source}: base: the tips try changes to the picture-card game, base = "picture_cards", not {base!r}')
        self.base = base


MAX_TEXT: Final = 20_000
"""The longest typed rule file read (characters): a house-rule file is a few lines."""


def rules_from_text(text: str, source: str = "house.toml") -> Rules:
    """A rule set from a typed or uploaded house-rule file's text, built on the picture-card game
    (``base = "picture_cards"``, or no base). ``RulesError`` (one line, naming the field; its
    ``msg`` renders in either language) for a file that is wrong or whose deal cannot be dealt;
    ``OtherGame`` for a file built on another game.

    >>> rules_from_text('move_after = 0').fields.move_after
    0
    >>> rules_from_text('deal_two = 6').name
    Traceback (most recent call last):
    ...
    upto9.rules.RulesError: house.toml: rules: deal_two: the deal cannot be dealt: 2 players dealt 6 picture cards each need 12, but the picture pile holds 9
    """
    import tomllib

    if len(text) > MAX_TEXT:
        text = text[:MAX_TEXT]  # cut, then refused by TOML or read: never a long wait
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(Message("rules.not_toml", source=source, why=toml_why(error))) from None
    except (ValueError, RecursionError) as error:
        raise RulesError(Message("rules.not_toml", source=source, why=str(error).split(" (")[0])) from None
    base = data.pop("base", "picture_cards")
    if base != "picture_cards":
        raise OtherGame(source, str(base)[:40])
    merged = {**FAMILY_RULES.to_dict(), **data}
    merged.setdefault("house_rules", sorted(k for k in data if k not in ("name", "key", "house_rules", "reconstructed")))
    return rules_from_dict(merged, source)


# --- one game's facts -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the tips read of one finished game: its turns, why it ended, the seat that started, the
    winners, whether it was a draw, per seat the suits won, the suits in play and the suits tied,
    and of the suits won how many each picture rank (``K``, ``Q``, ``J``) took."""

    turns: int
    reason: str
    first: int
    winners: tuple[int, ...]
    draw: bool
    won: tuple[int, ...]
    suits: int
    tied: int
    by_rank: tuple[int, int, int]
    shifts: int = 0  # five-card moves made (PC8): a rule about the move changes nothing in a game without one

    @property
    def first_won(self) -> bool:
        """The starting seat won alone (a draw is no win)."""
        return not self.draw and self.winners == (self.first,)

    @property
    def split_220(self) -> bool:
        """A three-player game whose suits went 2, 2 and 0."""
        return sorted(self.won) == [0, 2, 2]

    @property
    def any_tie(self) -> bool:
        return self.tied > 0

    def key(self) -> list[Any]:
        return [self.turns, self.reason, self.first, list(self.winners), self.draw, list(self.won), self.suits, self.tied, list(self.by_rank)]


def facts_of(rnd: PictureRound) -> GameFacts:
    """The facts of a finished round (one round is one whole game)."""
    end = rnd.end or {}
    s = rnd.standing()
    by_rank = {"K": 0, "Q": 0, "J": 0}
    for i, suit in enumerate(s.suits):
        winner = s.suit_winners[i]
        if winner is None:
            continue
        # The picture card that scored the suit: the winner's best of that suit (PC15).
        held = [(score_with(c, rnd.placed[winner][slot], rnd.fields), c) for slot, c in enumerate(rnd.pictures[winner]) if c is not None and c.suit == suit]
        if held:
            by_rank[RANKS[max(held, key=lambda x: (x[0], x[1].rank))[1].rank]] += 1
    return GameFacts(
        turns=rnd.turns,
        reason=str(end.get("reason", "")),
        first=rnd.first,
        winners=tuple(s.winners),
        draw=s.draw,
        won=tuple(s.won),
        suits=len(s.suits),
        tied=sum(w is None for w in s.suit_winners),
        by_rank=(by_rank["K"], by_rank["Q"], by_rank["J"]),
        shifts=sum(isinstance(r, Shifted) for r in rnd.history),
    )


def _seats(bots: Sequence[str], index: int, swap: bool) -> list[Any]:
    names = list(bots)
    if swap and index % 2:  # half the games with the seats turned round: no seat favours a bot
        names = names[1:] + names[:1]
    return [BOTS[n] for n in names]


def play_facts(rules: Rules, players: int, bots: Sequence[str], games: int, seed: int | str = 0, start: int = 0, *, swap: bool = False) -> list[GameFacts]:
    """Games ``start`` to ``start + games - 1`` played from ``game_seed(seed, i)`` with the named
    bots (``BOTS``), one per seat (``swap``: every other game with the seats turned round), as facts."""
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(bots)}")
    found = []
    for i in range(start, start + games):
        game = play_game(players=players, rules=rules, bots=_seats(bots, i, swap), seed=game_seed(seed, i), any_family=True)
        rnd = game.round
        assert isinstance(rnd, PictureRound), rnd
        found.append(facts_of(rnd))
    return found


# --- the findings ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Finding:
    """One tip: its sentence's key in ``TIPS_TEXTS`` and the sentence's parameters, its headline
    estimate (``None`` where the tip is a refusal, not a measure), the estimates a chart draws
    (by label), and the tip's house-rule file (a ``RULE_FILES`` name, or ``""``)."""

    key: str
    params: dict[str, Any]
    estimate: Estimate | None
    parts: dict[str, Estimate] = field(default_factory=dict)
    rule_file: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "params": self.params,
            "estimate": None if self.estimate is None else asdict(self.estimate),
            "parts": {k: asdict(e) for k, e in self.parts.items()},
            "rule_file": self.rule_file,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Finding:
        est = data.get("estimate")
        return cls(
            key=str(data["key"]),
            params=dict(data["params"]),
            estimate=None if est is None else Estimate(**est),
            parts={k: Estimate(**e) for k, e in data.get("parts", {}).items()},
            rule_file=str(data.get("rule_file", "")),
        )


def _share(flags: Sequence[bool]) -> Estimate:
    return wilson(sum(flags), len(flags))


def _rank_shares(facts: Sequence[GameFacts]) -> dict[str, Estimate]:
    won = [sum(f.by_rank) for f in facts]
    found = {}
    for i, rank in enumerate("KQJ"):
        e = bootstrap_ratio([f.by_rank[i] for f in facts], won)
        if e is not None:
            found[rank] = e
    return found


def findings(
    two: Sequence[GameFacts],
    three: Sequence[GameFacts],
    skill: Sequence[GameFacts],
    changes: Mapping[str, Comparison],
) -> list[Finding]:
    """The tips from the runs: two-player and three-player games of equal players under the rules as
    the project plays them, the best stopper against a simple one (``skill``: seat 0's bot is the
    best, seats turned round every other game), and the changes compared on the same seeds."""
    found: list[Finding] = []
    turns = bootstrap_mean([f.turns for f in two])
    turns3 = bootstrap_mean([f.turns for f in three])
    found.append(Finding("length", {"players": 2}, turns, {"2": turns, "3": turns3}))
    first = _share([f.first_won for f in two])
    first3 = _share([f.first_won for f in three])
    found.append(Finding("first", {"chance": 0.5}, first, {"2": first, "3": first3}))
    ends = {r: _share([f.reason == r for f in two]) for r in END_REASONS if any(f.reason == r for f in two)}
    top = max(ends, key=lambda r: ends[r].value)
    found.append(Finding("ends", {"reason": top}, ends[top], ends, "aces_end"))
    tied = _share([f.any_tie for f in two])
    draws = _share([f.draw for f in two])
    found.append(Finding("ties", {}, tied, {"tied": tied, "draw": draws}))
    split = _share([f.split_220 for f in three])
    found.append(Finding("split", {}, split, {"split": split, "draw": _share([f.draw for f in three])}))
    ranks = _rank_shares(two)
    best = max(ranks, key=lambda r: ranks[r].value)
    found.append(Finding("ranks", {"rank": best}, ranks[best], ranks))
    # Seat 0's bot is the best stopper in even games, seat 1's in odd ones (``swap``).
    best_won = [(not f.draw) and f.winners == ((0,) if i % 2 == 0 else (1,)) for i, f in enumerate(skill)]
    found.append(Finding("skill", {}, _share(best_won)))
    found.append(Finding("text_deal", _text_deal_refusal(), None))
    for name, cmp in changes.items():
        d = cmp.difference("turns")
        found.append(Finding(f"change.{name}", {}, d.estimate, {m.measure: m.estimate for m in cmp.differences}, name))
    return found


def _text_deal_refusal() -> dict[str, Any]:
    """The engine's own refusal of the text's deal (6 each for two, 5 each for three), in each
    language (``reason_en``, ``reason_nb``): why.

    >>> _text_deal_refusal()["reason_nb"]
    'kortene kan ikke deles ut: 2 spillere som får 6 bildekort hver, trenger 12, men bunken med bildekort har 9'
    """
    try:
        rules_from_dict({**FAMILY_RULES.to_dict(), "deal_two": 6, "deal_three": 5}, "text.toml")
    except RulesError as error:
        reason = error.reason  # the why, not the file's field name
        if reason is not None:
            return {f"reason_{lang}": render(reason, lang) for lang in ("en", "nb")}
        return {"reason_en": str(error), "reason_nb": str(error)}
    return {"reason_en": "", "reason_nb": ""}


# --- a changed rule, on the same seeds ----------------------------------------------------------------

MEASURES: Final = ("turns", "first", "tied", "draw", "only_low", "aces_gone", "third_ace", "split")
"""The measures a comparison gives (``split``: three players only)."""

_SHARES: Final[dict[str, Callable[[GameFacts], bool]]] = {
    "first": lambda f: f.first_won,
    "tied": lambda f: f.any_tie,
    "draw": lambda f: f.draw,
    "only_low": lambda f: f.reason == "only_low",
    "aces_gone": lambda f: f.reason == "aces_gone",
    "third_ace": lambda f: f.reason == "third_ace",
    "split": lambda f: f.split_220,
}


@dataclass(frozen=True, slots=True)
class Difference:
    """One measure's change from the first rule set to the second on the same games: the
    estimate (percentage points for a share, turns for the length) with its paired 95 % interval,
    and each side's own value with its interval (``before``, ``after``, in the same unit)."""

    measure: str
    estimate: Estimate
    before: Estimate
    after: Estimate


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two rule sets played on the same seeds: the differences, the games played a side, whether
    the time limit cut it short."""

    players: int
    bots: tuple[str, ...]
    seed: int | str
    differences: tuple[Difference, ...]
    games: int
    out_of_time: bool = False
    shifted: tuple[int, int] | None = None  # games with a five-card move made, as played and changed (None: not counted)

    def difference(self, measure: str) -> Difference:
        return next(d for d in self.differences if d.measure == measure)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "out_of_time": self.out_of_time,
            "shifted": None if self.shifted is None else list(self.shifted),
            "differences": [
                {"measure": d.measure, "estimate": asdict(d.estimate), "before": asdict(d.before), "after": asdict(d.after)} for d in self.differences
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Comparison:
        diffs = tuple(Difference(d["measure"], Estimate(**d["estimate"]), Estimate(**d["before"]), Estimate(**d["after"])) for d in data["differences"])
        counted = data.get("shifted")  # (a comparison stored before the moves were counted has none)
        shifted = None if counted is None else (int(counted[0]), int(counted[1]))
        return cls(int(data["players"]), tuple(data["bots"]), data["seed"], diffs, int(data["games"]), bool(data["out_of_time"]), shifted)


def differences(a: Sequence[GameFacts], b: Sequence[GameFacts], players: int) -> tuple[Difference, ...]:
    """Each measure's paired difference, game ``i`` of ``a`` and of ``b`` from the same seed.

    >>> same = play_facts(FAMILY_RULES, 2, ("stop_after_3", "stop_after_3"), 6, seed=2)
    >>> {d.estimate.value for d in differences(same, same, 2)}
    {0.0}
    """
    if len(a) != len(b) or not a:
        raise StatsError(f"paired values come in pairs: got {len(a)} and {len(b)} games")
    found = [
        Difference(
            "turns",
            paired_difference([f.turns for f in a], [f.turns for f in b], method="percentile"),
            bootstrap_mean([f.turns for f in a]),
            bootstrap_mean([f.turns for f in b]),
        )
    ]
    for name, of in _SHARES.items():
        if name == "split" and players != 3:
            continue
        xa, xb = [bool(of(f)) for f in a], [bool(of(f)) for f in b]
        e = paired_share_difference(xa, xb)
        if xa == xb:  # every pair the same: no difference at all, as paired_difference says
            e = replace(e, low=0.0, high=0.0)
        pp = replace(e, value=100 * e.value, low=100 * e.low, high=100 * e.high)
        found.append(Difference(name, pp, _percent(wilson(sum(xa), len(xa))), _percent(wilson(sum(xb), len(xb)))))
    return tuple(found)


def _percent(e: Estimate) -> Estimate:
    """A share's estimate in percent."""
    return replace(e, value=100 * e.value, low=100 * e.low, high=100 * e.high)


def compare(
    rules_a: Rules,
    rules_b: Rules,
    games: int,
    seed: int | str = 0,
    *,
    players: int = 2,
    bots: Sequence[str] | None = None,
    seconds: float | None = None,
    batch: int = 50,
    progress: Callable[[int, int], None] | None = None,
) -> Comparison:
    """Play ``games`` games of each rule set on the same seeds (game ``i``: ``game_seed(seed, i)``
    under both, the same bots) and compare every measure, paired. With ``seconds``, it stops after
    the pair of games that passes that much wall time and compares what it played;
    ``progress(done, games)`` every ``batch`` games and at the end.

    >>> cmp = compare(FAMILY_RULES, FAMILY_RULES, 20, seed=3, bots=("stop_after_3", "stop_after_3"))
    >>> cmp.games, [d.estimate.value for d in cmp.differences][:2]
    (20, [0.0, 0.0])
    """
    names = tuple(bots) if bots is not None else (DEFAULT_BOTS,) * players
    swap = len(set(names)) > 1
    a: list[GameFacts] = []
    b: list[GameFacts] = []
    started = time.perf_counter()
    out_of_time = False
    for i in range(games):
        # One pair at a time: the clock is looked at after every pair, so a busy machine overshoots
        # the limit by one pair of games at most, and both sides always hold the same games.
        a += play_facts(rules_a, players, names, 1, seed, i, swap=swap)
        b += play_facts(rules_b, players, names, 1, seed, i, swap=swap)
        late = seconds is not None and time.perf_counter() - started > seconds
        if progress is not None and (len(a) % batch == 0 or len(a) == games or late):
            progress(len(a), games)
        if late and len(a) < games:
            out_of_time = True
            break
    shifted = (sum(f.shifts > 0 for f in a), sum(f.shifts > 0 for f in b))
    return Comparison(players, names, seed, differences(a, b, players), len(a), out_of_time, shifted)


# --- the words ------------------------------------------------------------------------------------

TIPS_TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "length": "A two-player game lasts {value} turns on average ({interval}; {n} games), a three-player game {value3}.",
        "first": "The player who starts wins {value} of two-player games between equal players ({interval}; {n} "
        "games): by chance it would be 50 %. With three players: {value3}, against 33 %.",
        "ends": "Games end most often because {reason_words}: {value} of them ({interval}; {n} games).",
        "ties": "In {value} of two-player games at least one suit is tied, so nobody wins it ({interval}; {n} games); {draw} of games are drawn.",
        "split": "In three-player games the suits end split 2-2-0 in {value} of games, so points decide between two players ({interval}; {n} games).",
        "ranks": "{rank_word} win the most suits: {value} of the suits won ({interval}; {n} games); {others}.",
        "skill": "Skill decides a lot: the best stopper beats a player who always stops after three cards in {value} "
        "of games ({interval}; {n} games, each seat half the time).",
        "text_deal": "As written, {reason}. The project deals four each (the ruling); the readings below make the written deal possible.",
        "change.four_suits": "Two players keeping all four suits (dealt 6, keep 4): {verdict}.",
        "change.two_decks": "Two decks' picture cards, so the written deal (6 each for two) can be dealt: {verdict}.",
        "change.aces_end": "Ending the game as soon as no ace is left (whatever 2s and 3s remain): {verdict}.",
        "change.no_move": "Without the five-card move: {verdict}.",
        "interval": "95 % interval {low} to {high}",
        "also": "Also:",
        "length_none": "no measurable change in game length ({n} games a side)",
        "reason.only_low": "only aces, 2s and 3s are left in the pile (ruling 6)",
        "reason.aces_gone": "no ace and at most three 2s and 3s are left (the text's end)",
        "reason.third_ace": "a player draws a third ace",
        "reason.pile_empty": "the pile is empty",
        "reason.no_pictures": "nobody has a picture card left",
        "rank.K": "king",
        "rank.Q": "queen",
        "rank.J": "jack",
        "ranks.K": "kings",
        "ranks.Q": "queens",
        "ranks.J": "jacks",
        "short": "{value} ({low} to {high}; {n} games)",
        "measure.turns": "turns per game",
        "measure.first": "the starting player wins",
        "measure.tied": "a suit is tied",
        "measure.draw": "the game is drawn",
        "measure.only_low": "ends with only A, 2, 3 left",
        "measure.aces_gone": "ends by the text's own end",
        "measure.third_ace": "ends on a third ace",
        "measure.split": "three players split 2-2-0",
        "unit.turns": " turns",
        "unit.pp": " percentage points",
        "bot.stop_after_2": "stops after two cards",
        "bot.stop_after_3": "stops after three cards",
        "bot.risk_30": "stops when the risk is over 30 %",
        "bot.best": "the best stopper",
    },
    "nb": {
        "length": "Et spill med to spillere varer i snitt {value} turer ({interval}; {n} spill), et spill med tre {value3}.",
        "first": "Den som begynner, vinner {value} av spillene mellom to like gode spillere ({interval}; {n} spill): "
        "ved ren flaks ville det vært 50 %. Med tre spillere: {value3}, mot 33 %.",
        "ends": "Spillene slutter oftest fordi {reason_words}: {value} av dem ({interval}; {n} spill).",
        "ties": "I {value} av spillene med to spillere står minst én sort likt, så ingen vinner den ({interval}; {n} spill); {draw} av spillene blir uavgjort.",
        "split": "I spill med tre spillere ender sortene fordelt 2-2-0 i {value} av spillene, så poengene avgjør mellom to spillere ({interval}; {n} spill).",
        "ranks": "{rank_word} vinner flest sorter: {value} av sortene som blir vunnet ({interval}; {n} spill); {others}.",
        "skill": "Ferdighet betyr mye: den beste stopperen slår en spiller som alltid stopper etter tre kort, i "
        "{value} av spillene ({interval}; {n} spill, hver plass halvparten av gangene).",
        "text_deal": "Slik det står skrevet, går ikke utdelingen opp ({reason}). Prosjektet deler ut fire hver "
        "(avgjørelsen); tolkningene under får den skrevne utdelingen til å gå opp.",
        "change.four_suits": "To spillere beholder alle fire sorter (får 6, beholder 4): {verdict}.",
        "change.two_decks": "Bildekortene fra to kortstokker, så den skrevne utdelingen (6 hver for to) går opp: {verdict}.",
        "change.aces_end": "Spillet slutter så snart det ikke er noe ess igjen (uansett hvor mange toere og treere): {verdict}.",
        "change.no_move": "Uten femkortstrekket: {verdict}.",
        "interval": "95 % intervall {low} til {high}",
        "also": "Dessuten:",
        "length_none": "ingen målbar endring i spillets lengde ({n} spill på hver side)",
        "reason.only_low": "bare ess, toere og treere er igjen i bunken (avgjørelse 6)",
        "reason.aces_gone": "det er ingen ess og høyst tre toere og treere igjen (tekstens egen slutt)",
        "reason.third_ace": "en spiller trekker sitt tredje ess",
        "reason.pile_empty": "bunken er tom",
        "reason.no_pictures": "ingen har bildekort igjen",
        "rank.K": "konge",
        "rank.Q": "dame",
        "rank.J": "knekt",
        "ranks.K": "konger",
        "ranks.Q": "damer",
        "ranks.J": "knekter",
        "short": "{value} ({low} til {high}; {n} spill)",
        "measure.turns": "turer per spill",
        "measure.first": "den som begynner, vinner",
        "measure.tied": "en sort står likt",
        "measure.draw": "spillet blir uavgjort",
        "measure.only_low": "slutter med bare E, 2, 3 igjen",
        "measure.aces_gone": "slutter ved tekstens egen slutt",
        "measure.third_ace": "slutter på et tredje ess",
        "measure.split": "tre spillere deler 2-2-0",
        "unit.turns": " turer",
        "unit.pp": " prosentpoeng",
        "bot.stop_after_2": "stopper etter to kort",
        "bot.stop_after_3": "stopper etter tre kort",
        "bot.risk_30": "stopper når risikoen er over 30 %",
        "bot.best": "den beste stopperen",
    },
}
"""Every sentence of the tips, in English and bokmål (``{value}`` and the interval are filled in by ``tip_text``)."""


def percent(x: float, lang: str) -> str:
    """A share as a percentage, the language's way.

    >>> percent(0.567, "en"), percent(0.567, "nb")
    ('56.7\xa0%', '56,7\xa0%')
    """
    return decimal(100 * x, lang, 1) + "\u00a0%"


def interval_words(e: Estimate, lang: str, share: bool) -> str:
    """The interval's words, "95 % interval 53.6 % to 59.7 %", in ``lang``."""

    def shown(x: float) -> str:
        return percent(x, lang) if share else decimal(x, lang, 1)

    return TIPS_TEXTS[lang]["interval"].format(low=shown(e.low), high=shown(e.high))


def change_verdict(d: Difference, lang: str) -> str:
    """A measure's change in plain words (``upto9.stats.verdict``), its unit in ``lang``."""
    if d.measure == "turns":
        return verdict(d.estimate, lang, unit=TIPS_TEXTS[lang]["unit.turns"], words="stats.length")
    return verdict(d.estimate, lang, unit=TIPS_TEXTS[lang]["unit.pp"])


def _short(e: Estimate, lang: str, share: bool) -> str:
    """A number beside the headline, briefly with its interval and sample size: "36.8 % (32.7 % to 41.1 %; 500 games)"."""

    def shown(x: float) -> str:
        return percent(x, lang) if share else decimal(x, lang, 1)

    return TIPS_TEXTS[lang]["short"].format(value=shown(e.value), low=shown(e.low), high=shown(e.high), n=decimal(e.n, lang, 0))


def tip_text(finding: Finding, lang: str) -> str:
    """A finding's one plain sentence in ``lang``, with its number, interval and sample size.

    >>> f = Finding("first", {"chance": 0.5}, wilson(567, 1000), {"2": wilson(567, 1000), "3": wilson(350, 1000)})
    >>> text = tip_text(f, "en")
    >>> text.startswith("The player who starts wins 56.7\xa0% of two-player games"), "53.6\xa0% to 59.7\xa0%; 1,000 games" in text
    (True, True)
    """
    t = TIPS_TEXTS[lang]
    e = finding.estimate
    params: dict[str, Any] = dict(finding.params)
    if finding.key.startswith("change."):
        assert e is not None
        length = change_verdict(Difference("turns", e, e, e), lang) if e.excludes_zero else t["length_none"].format(n=e.n)
        text = t[finding.key].format(verdict=length)
        # What else the change measurably does (its interval excludes 0): the two largest, briefly.
        clear = sorted(((m, x) for m, x in finding.parts.items() if m != "turns" and x.excludes_zero), key=lambda mx: -abs(mx[1].value))[:2]
        more = [
            f"{t['measure.' + m]}: {'+' if x.value > 0 else chr(0x2212)}{decimal(abs(x.value), lang, 1)}{t['unit.pp']} ({interval_words(x, lang, False)})"
            for m, x in clear
        ]
        return text + (" " + t["also"] + " " + "; ".join(more) + "." if more else "")
    if e is not None:
        share = finding.key != "length"
        params["value"] = percent(e.value, lang) if share else decimal(e.value, lang, 1)
        params["interval"] = interval_words(e, lang, share)
        params["n"] = decimal(e.n, lang, 0)
    parts = finding.parts
    if finding.key == "length":
        params["value3"] = _short(parts["3"], lang, False)
    elif finding.key == "first":
        params["value3"] = _short(parts["3"], lang, True)
    elif finding.key == "ends":
        params["reason_words"] = t[f"reason.{params['reason']}"]
    elif finding.key == "ties":
        params["draw"] = _short(parts["draw"], lang, True)
    elif finding.key == "text_deal":
        params["reason"] = params.get(f"reason_{lang}", "")
    elif finding.key == "ranks":
        params["rank_word"] = t[f"ranks.{params['rank']}"]
        params["others"] = ", ".join(f"{t['ranks.' + r]} {_short(parts[r], lang, True)}" for r in "KQJ" if r in parts and r != params["rank"])
    text = t[finding.key].format(**params)
    return text[0].upper() + text[1:]


# --- the cache ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TipsData:
    """The cached findings: the seed and game counts that made them, the findings, the changes'
    comparisons, and the first games' facts of each run (``sample``) that the seed reproduces."""

    seed: int
    games: int
    findings: tuple[Finding, ...]
    changes: dict[str, Comparison]
    sample: dict[str, list[list[Any]]]
    version: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "seed": self.seed,
            "games": self.games,
            "findings": [f.to_dict() for f in self.findings],
            "changes": {k: c.to_dict() for k, c in self.changes.items()},
            "sample": self.sample,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TipsData:
        return cls(
            seed=int(data["seed"]),
            games=int(data["games"]),
            findings=tuple(Finding.from_dict(f) for f in data["findings"]),
            changes={k: Comparison.from_dict(c) for k, c in data["changes"].items()},
            sample={k: list(v) for k, v in data["sample"].items()},
            version=int(data.get("version", 1)),
        )


RUNS: Final = {
    "two": (2, (DEFAULT_BOTS, DEFAULT_BOTS)),
    "three": (3, (DEFAULT_BOTS,) * 3),
    "skill": (2, ("best", "stop_after_3")),
}
"""The runs behind the findings: table size and the bots in the seats."""


def sample_facts(run: str, seed: int, games: int = SAMPLE_GAMES) -> list[list[Any]]:
    """The first games' facts of a run (``RUNS``), as the cache keeps them."""
    players, bots = RUNS[run]
    return [f.key() for f in play_facts(FAMILY_RULES, players, bots, games, seed, swap=run == "skill")]


def tips_data(games: int = 1000, seed: int = 0, progress: Callable[[str], None] | None = None) -> TipsData:
    """Play every run and every change (``games`` each; three players: half as many) from ``seed``
    and make the findings. About two minutes for 1,000 games on one core.

    >>> data = tips_data(games=4, seed=5)
    >>> data.seed, [f.key for f in data.findings][:3], data.sample["two"] == sample_facts("two", 5, 4)
    (5, ['length', 'first', 'ends'], True)
    """
    say = progress or (lambda _: None)
    runs: dict[str, list[GameFacts]] = {}
    for run, (players, bots) in RUNS.items():
        say(run)
        runs[run] = play_facts(FAMILY_RULES, players, bots, games if players == 2 else max(1, games // 2), seed, swap=run == "skill")
    changes: dict[str, Comparison] = {}
    for name in RULE_FILES:
        say(name)
        b = play_facts(tip_rules(name), 2, RUNS["two"][1], games, seed)
        changes[name] = Comparison(2, RUNS["two"][1], seed, differences(runs["two"], b, 2), games)
    found = findings(runs["two"], runs["three"], runs["skill"], changes)
    sample = {run: [f.key() for f in facts[:SAMPLE_GAMES]] for run, facts in runs.items()}
    return TipsData(seed, games, tuple(found), changes, sample)


def save_tips(data: TipsData, path: str | Path) -> None:
    """Write the cache as JSON (sorted keys: the same data gives the same file)."""
    Path(path).write_text(json.dumps(data.to_dict(), indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def load_tips(path: str | Path) -> TipsData:
    """Read the cache ``save_tips`` wrote."""
    return TipsData.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))


def fingerprint(rules: Rules) -> str:
    """A short digest of a rule set's values, to tell rule sets apart in a cache.

    >>> fingerprint(FAMILY_RULES) == fingerprint(FAMILY_RULES)
    True
    """
    return hashlib.sha256(json.dumps(rules.to_dict(), sort_keys=True, default=str).encode()).hexdigest()[:12]
