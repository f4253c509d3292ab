"""The engine's messages: every key is worded in both languages in exactly one domain (the
engine's catalog or a registered family's), every real verdict, problem and
card error renders in Norwegian with no English left, and ``missing`` is exactly what the hand
is short."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from upto9 import PHASE10, UPTO9, CardError, Meld, Phase10Meld, check, parse_hand, validate
from upto9.cards import full_deck
from upto9.families.upto9.melds import MeldError
from upto9.family import families
from upto9.messages import CORE, LANGUAGES, Items, Message, catalog_domains, catalog_file, catalog_keys, render
from upto9.rules import Rules, load_rules

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "upto9").rglob("*.py"))  # the engine and every family package in it
DOMAINS = catalog_domains()  # the engine's own catalog, then each registered family's
HOUSE_RULES = [load_rules(p) for p in sorted((ROOT / "tests" / "rulesets").glob("*.toml"))]
RULE_SETS: list[Rules] = [UPTO9, PHASE10, *HOUSE_RULES]

# Keys whose Norwegian is rightly the same text as the English: pure structure, or the rule file's
# own field names and card codes.
SAME_IN_BOTH = {
    "raw",
    "list",
    "join.and.between",
    "join.contract.between",
    "join.contract.last",
    "card.token",
    "card.of_this",
    "budget.split",
    "p10.meld.where",
    "p10.problem.defect",
    "jokers",
    "noun.run",
    "nouns.run",
    "rank.noun",
    "rules.at",
    "rules.field",
    "rules.where.in",
    "record.at",
    "record.in",
    "look.marked",  # a text and a star
    "look.numbered",  # a Phase 10 card's colour word and number
    "threeup.look.numbered",  # a 3UP 3DOWN card's colour word and number
    "threeup.look.clear",  # the cards' printed names: Clear, Clear +1, Clear +2 in both languages
    "threeup.look.clear+1",
    "threeup.look.clear+2",
    "look.deck.more",  # a separator before more counts
}


def _po(domain: str, lang: str):
    with catalog_file(domain, lang).open("rb") as file:
        return read_po(file, locale=lang)


def _key(message) -> str:
    return message.id[0] if message.pluralizable else message.id


def _fields(template: str) -> set[str]:
    return {name.partition(":")[0] for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


def _templates(message) -> list[str]:
    return list(message.string) if message.pluralizable else [message.string]


def test_every_registered_family_brings_its_domain_in_every_language() -> None:
    assert (CORE, *(family.key for family in families())) == DOMAINS
    assert {"phase10", "upto9"} <= set(DOMAINS)
    for family in families():
        for lang in LANGUAGES:
            file = catalog_file(family.key, lang)
            assert file.is_file(), f"the {family.name} family has no {lang} catalog ({file})"
            assert file == family.catalog.joinpath(lang, "LC_MESSAGES", f"{family.key}.po")
            assert catalog_keys(lang, family.key), f"the {family.name} family's {lang} catalog words nothing"
    # The game's own words are in its own domain, not the engine's.
    assert "p10.short" in catalog_keys("nb", "phase10") and "check.short" in catalog_keys("nb", "upto9")
    assert not {k for k in catalog_keys("en", CORE) if k.startswith(("p10.", "card.p10."))}


def test_no_key_is_in_two_domains() -> None:
    for lang in LANGUAGES:
        seen: dict[str, str] = {}
        for domain in DOMAINS:
            keys = {_key(m) for m in _po(domain, lang) if m.id}
            assert keys == catalog_keys(lang, domain), (domain, lang)
            twice = sorted(k for k in keys if k in seen)
            assert not twice, f"{lang}: keys in both {seen[twice[0]]!r} and {domain!r}: {twice}"
            seen.update(dict.fromkeys(keys, domain))
        assert set(seen) == catalog_keys(lang)


@pytest.fixture
def fresh_catalogs():
    """The catalogs read again from whatever the test registers, and again from the real ones after."""
    from upto9 import messages

    def clear() -> None:
        messages._domain.cache_clear()
        messages._catalog.cache_clear()
        messages._RENDERED.clear()

    clear()
    yield messages
    clear()


def _fake_family(monkeypatch: pytest.MonkeyPatch, folder: Path | None, entries: dict[str, str]) -> None:
    """Registers a third family, ``fake``, whose catalog holds ``entries`` (lang: .po body)."""
    import upto9.plugins

    for lang, body in entries.items():
        file = folder / lang / "LC_MESSAGES" / "fake.po"
        file.parent.mkdir(parents=True)
        file.write_text(f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n{body}', encoding="utf-8")
    real_keys, real_load = upto9.plugins.family_keys, upto9.plugins.load_family
    fake = type("FakeFamily", (), {"key": "fake", "catalog": folder})()
    monkeypatch.setattr(upto9.plugins, "family_keys", lambda: (*real_keys(), "fake"))
    monkeypatch.setattr(upto9.plugins, "load_family", lambda key: fake if key == "fake" else real_load(key))


def test_a_key_two_domains_define_is_refused(fresh_catalogs, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _fake_family(monkeypatch, tmp_path, {"en": 'msgid "check.outs"\nmsgstr "mine"\n', "nb": 'msgid "check.outs"\nmsgstr "min"\n'})
    with pytest.raises(fresh_catalogs.CatalogError, match=re.escape("the en catalogs 'core' and 'fake' both define 'check.outs'; a key lives in one domain")):
        render(Message("p10.short", n=1))
    with pytest.raises(fresh_catalogs.CatalogError, match="the nb catalogs 'core' and 'fake'"):
        catalog_keys("nb")


def test_a_third_family_words_its_own_keys_and_may_lack_a_language(fresh_catalogs, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _fake_family(monkeypatch, tmp_path, {"en": 'msgid "fake.hello"\nmsgid_plural "fake.hello"\nmsgstr[0] "{n} hello"\nmsgstr[1] "{n} hellos"\n'})
    assert catalog_domains()[-1] == "fake"
    assert render(Message("fake.hello", n=2)) == "2 hellos" and render(Message("p10.short", n=1)) == "The hand is 1 card short of the phase."
    with pytest.raises(KeyError, match=re.escape("the nb message catalog has no message 'fake.hello'")):
        render(Message("fake.hello", n=2), "nb")
    assert render(Message("p10.short", n=1), "nb") == "Hånda mangler 1 kort for fasen."


def test_a_family_without_a_catalog_folder_is_named(fresh_catalogs, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_family(monkeypatch, None, {})
    with pytest.raises(fresh_catalogs.CatalogError, match="the game family 'fake' has no message catalog"):
        render(Message("p10.short", n=1))
    assert render(Message("jokers", n=2), "nb") == "2 jokere"  # the engine's own words need no family


def test_a_family_called_core_is_refused(fresh_catalogs, monkeypatch: pytest.MonkeyPatch) -> None:
    import upto9.plugins

    monkeypatch.setattr(upto9.plugins, "family_keys", lambda: ("core", "upto9"))
    with pytest.raises(fresh_catalogs.CatalogError, match="may not be called 'core'"):
        render(Message("check.short", n=1))


@pytest.mark.parametrize("domain", DOMAINS)
def test_both_catalogs_word_the_same_keys_with_the_same_parameters(domain: str) -> None:
    en, nb = _po(domain, "en"), _po(domain, "nb")
    en_keys = {_key(m) for m in en if m.id}
    nb_keys = {_key(m) for m in nb if m.id}
    assert en_keys, f"the {domain} domain words nothing"
    assert en_keys == nb_keys, f"{domain}: only in en: {sorted(en_keys - nb_keys)}; only in nb: {sorted(nb_keys - en_keys)}"
    for message in en:
        if not message.id:
            continue
        other = nb.get(message.id)
        assert other is not None and other.pluralizable == message.pluralizable, message.id
        for lang, entry in (("en", message), ("nb", other)):
            assert all(_templates(entry)), f"{message.id}: an empty {lang} text"
        # Norwegian may leave out a parameter (a count spelled by the plural form), never invent one.
        english = set().union(*(_fields(t) for t in _templates(message)))
        norwegian = set().union(*(_fields(t) for t in _templates(other)))
        # (A token is quoted 'thus' in English and «thus» in Norwegian, and a rank's plural is its
        # English noun or its rank with -ere: the engine passes both.)
        allowed = english | {"card.token_at": {"token"}, "rank.noun": {"rank"}}.get(_key(message), set())
        assert norwegian <= allowed, f"{message.id}: Norwegian uses {sorted(norwegian - allowed)}, which the engine never passes"


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_renders_in_both_languages_and_is_translated(domain: str) -> None:
    en = _po(domain, "en")
    untranslated = []
    for message in en:
        if not message.id:
            continue
        key = _key(message)
        fields = set().union(*(_fields(t) for t in _templates(message)))
        for n in (1, 2) if message.pluralizable else (2,):
            extra = {"n"} if message.pluralizable else set()
            extra |= {"card.token_at": {"token"}, "rank.noun": {"rank"}}.get(key, set())
            params = {name: (n if name == "n" else "x") for name in fields | extra}
            texts = {lang: render(Message(key, **params), lang) for lang in LANGUAGES}
            for lang, text in texts.items():
                assert "{" not in text and "}" not in text, f"{key} ({lang}): {text!r}"
            if texts["en"] == texts["nb"] and key not in SAME_IN_BOTH:
                untranslated.append(key)
    assert not untranslated, f"{domain}: Norwegian text identical to the English: {sorted(set(untranslated))}"


def _named(source: Path) -> tuple[set[str], set[str]]:
    """The keys a module names, and the patterns of the keys it builds (``f"game.laid.{word}"``)."""
    text = source.read_text(encoding="utf-8")
    used = set(re.findall(r'Message\(\s*"([^"]+)"', text))
    patterns = set(re.findall(r'Message\(\s*f"([^"]+)"', text))
    used |= set(re.findall(r'Message\(\s*"([^"]+)" if', text)) | set(re.findall(r'else "([a-z0-9_.]+)"[,)]', text))
    return used, patterns


def _domain_of_module(source: Path) -> str:
    parts = source.relative_to(ROOT / "upto9").parts
    return parts[1] if parts[0] == "families" and len(parts) > 2 else CORE


def test_every_key_the_engine_names_is_in_the_catalogs() -> None:
    keys = catalog_keys("en") | catalog_keys("nb")
    assert catalog_keys("en") == catalog_keys("nb")
    all_used: set[str] = set()
    for source in SOURCES:
        used, patterns = _named(source)
        all_used |= used
        # A family names the engine's words and its own, never another game's; the engine's modules
        # name only the engine's (messages.py words a Phase 10 card for card_param, and its examples
        # are any game's).
        domain = _domain_of_module(source)
        if source.name == "messages.py" and domain == CORE:
            allowed = keys
        else:
            allowed = catalog_keys("en", CORE) | (catalog_keys("en", domain) if domain != CORE else frozenset())
        where = source.relative_to(ROOT)
        missing = sorted(k for k in used if "." in k and k not in allowed)
        assert not missing, f"{where} names keys that neither the engine's catalog nor its own domain words: {missing}"
        for pattern in patterns:
            regex = re.sub(r"\\\{[^}]*\\\}", r"[A-Za-z0-9_.]+", re.escape(pattern))
            assert any(re.fullmatch(regex, k) for k in allowed), f"{where}: no catalog key of its domains matches {pattern!r}"
    assert {"check.short", "p10.short", "game.over"} <= all_used, "the engine names its messages, the families' modules too"
    with pytest.raises(KeyError, match="no message"):
        render(Message("check.no such message"), "nb")


# --- real verdicts, problems and errors in Norwegian ------------------------------------------------

# English words that never appear in the Norwegian wording (the rules text's own terms, such as
# straight and joker, are Norwegian too).
ENGLISH = {
    "the", "is", "are", "needs", "allows", "lacks", "hand", "holds", "stands", "missing", "short",
    "wild", "level", "with", "of", "and", "any", "these", "makes", "uses", "best", "kind", "set",
    "sets", "run", "runs", "colour", "group", "card", "cards", "cannot", "only", "not", "no", "at",
    "most", "least", "real", "itself", "lay-down", "total", "each", "token", "rank",
    "suit", "number", "numbers", "game", "deck", "decks", "closest", "one", "phase",
}  # fmt: skip


def _english_words(text: str) -> set[str]:
    text = text.replace("Phase 10", "")  # the game's name
    return {w for w in re.findall(r"[A-Za-z][A-Za-z-]*", text) if w.lower() in ENGLISH}


def _sample_hands(rules: Rules, count: int, seed: int) -> list[tuple]:
    deck = list(rules.one_deck()) * 2
    rnd = random.Random(seed)
    return [tuple(rnd.sample(deck, rnd.randint(0, 12))) for _ in range(count)]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.key)
def test_every_level_explains_itself_in_norwegian_without_english(rules: Rules) -> None:
    keys_seen: set[str] = set()
    for level in rules.levels:
        for hand in _sample_hands(rules, 25, level.number):
            verdict = check(hand, level.number, rules)
            assert len(verdict.messages) == len(verdict.explanation)
            assert tuple(render(m, "en") for m in verdict.messages) == verdict.explanation
            for message in verdict.messages:
                keys_seen |= {m.key for m in message.walk()}
                norwegian = render(message, "nb")
                assert not _english_words(norwegian), f"level {level.number}, {hand}: {norwegian!r}"
    assert "raw" not in keys_seen
    assert any(k.endswith(".short") for k in keys_seen) and any("best" in k for k in keys_seen)


def test_validate_problems_and_card_errors_in_norwegian() -> None:
    problems = [
        *validate([Meld.from_text("run", "5h 6h 2c=7h 8h")], 1),
        *validate([Meld.from_text("set", "5h 5c 6d")], 1),
        *validate([Meld.from_text("run", "Qh Kh Ah 2h")], 1),
        *validate([Meld.from_text("run", "5h 6s 7h 8h")], 1),
        *validate([Meld.from_text("run", "5h 6h 8h 9h")], 1),
        *validate([Meld.from_text("run", "5h 6h 7h")], 1),
        *validate([Meld.from_text("run", "5h 6h 3h 8h")], 1),
        *validate([Meld.from_text("set", "Kh Kd 2c=K"), Meld.from_text("set", "7h 7d 3c=7"), Meld.from_text("set", "5h 5d 2d=5")], 4),
        *validate([{"kind": "set", "cards": [{"card": "Zz"}]}], 1),
        *validate([Meld.from_text("run", "5h 6h 7h 8h")], 1, hand=parse_hand("5h 6h 7h")),
        *validate([Meld.from_text("run", "5h 6h 7h 8h"), Meld.from_text("run", "5h 6h 7h 8h")], 1),
        *validate([Phase10Meld.from_text("set", "7r 7y 9b"), Phase10Meld.from_text("set", "2r 2y 2b")], 1, PHASE10),
        *validate([Phase10Meld.from_text("run", "11r 12b 1g 2y")], 4, PHASE10),
        *validate([Phase10Meld.from_text("colour", "1r 3r 5r 7b 9r 11r 12r")], 8, PHASE10),
        *validate([Phase10Meld.from_text("set", "W=7 W=7 W=7"), Phase10Meld.from_text("set", "W=9 W=9 W=9")], 1, PHASE10),
        *validate([{"kind": "set", "cards": [{"card": "S"}]}], 1, PHASE10),
    ]
    assert len({p.rule for p in problems}) >= 10
    errors = []
    for text, rules in [("5h 6x", None), ("5h 11h", None), ("x", None), ("7r 13b", PHASE10), ("7q", PHASE10), ("zz", PHASE10)]:
        with pytest.raises(CardError) as caught:
            parse_hand(text, rules=rules) if rules else parse_hand(text)
        errors.append(caught.value)
    with pytest.raises(CardError) as caught:
        parse_hand("7h 7h 7h", rules=UPTO9, players=4)
    errors.append(caught.value)
    for said in [*(p.msg for p in problems), *(e.msg for e in errors)]:
        assert isinstance(said, Message)
        assert "raw" not in {m.key for m in said.walk()}
        norwegian = render(said, "nb")
        assert not _english_words(norwegian), norwegian
    assert render(errors[-1].msg, "nb") == (
        "hånda har 3 × 7h, men et bord med 4 spillere spiller Up to 9 med 2 kortstokker: maks 2 av hvert kort; velg 5 eller 6 spillere for 3 kortstokker"
    )


def test_lists_and_plurals_follow_each_language() -> None:
    faces = Items(("a 5", "two 8s", "a K"), "and")
    assert render(Message("p10.group.lacks", group=Message("p10.the.only", name=Message("p10.group.set", size=3)), faces=faces), "nb") == (
        "3 like mangler a 5, two 8s og a K."
    )
    assert [render(Message("check.short", n=n)) for n in (1, 2)] == ["The hand is 1 card short of the lay-down.", "The hand is 2 cards short of the lay-down."]
    assert render(Message("raw", text=2.5), "nb") == "2,5"  # a decimal, were one said, takes a decimal comma


# --- one definition of "missing" ---------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_missing_is_exactly_the_cards_short(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(RULE_SETS), label="rules")
    level = data.draw(st.sampled_from(rules.levels), label="level")
    deck = list(full_deck()) * 2 if rules.family == "upto9" else list(rules.one_deck()) * 2
    hand = data.draw(st.lists(st.sampled_from(deck), max_size=14), label="hand")
    verdict = check(hand, level.number, rules)
    assert len(verdict.missing) == verdict.cards_short
    slots = [s for group in verdict.closest.groups for s in group]
    assert [s.face for s in slots if s.card is None] == list(verdict.missing)
    if verdict.ok:
        assert verdict.missing == ()


def test_a_joker_that_stands_in_is_not_missing() -> None:
    verdict = check("Kh Kd 7s 7h 5d 5c 9h 2c", 4)
    assert [str(f) for f in verdict.missing] == ["7", "K"]
    assert verdict.cards_short == 2
    assert "The three of a kind (1) needs 1 joker: 2♣ stands in for a 5." in verdict.explanation
    assert "The three of a kind (2) needs 1 joker: a 7 is missing." in verdict.explanation
    assert render(verdict.messages[2], "nb") == "Tressen (1) trenger 1 joker: 2♣ står for en 5."
    phase = check("7r 5y 9b 9g W 12r 1b 3g", 2, PHASE10)
    assert (phase.missing, phase.cards_short) == ((2, 4), 2)
    assert "The set of 3 (1) needs 1 wild card: W stands in for a 9." in phase.explanation
    assert "The run of 4 (2) lacks a 2 and a 4." in phase.explanation


def test_rule_file_errors_in_norwegian() -> None:
    from upto9 import RulesError, rules_from_dict

    base = UPTO9.to_dict()
    broken = [
        {**base, "hand_size": 0},
        {**base, "colour": 1},
        {**base, "levels": []},
        {**base, "levels": [{**base["levels"][0], "jokers": 99}]},
        {**base, "safety_valve": "yes"},
        {**base, "wild_ranks": ["Z"]},
        {"base": "nothing"},
    ]
    for data in broken:
        with pytest.raises(RulesError) as caught:
            rules_from_dict(data, "house.toml")
        said = caught.value.msg
        assert isinstance(said, Message) and str(said) == str(caught.value)
        norwegian = render(said, "nb")
        assert norwegian.startswith("house.toml: ")
        # The rule file's own field names (hand_size, deck...) stay as the file writes them.
        fields = set(base) | {"deck", "family", "tie_break", "safety_valve", "level_order", "free_order", "base", "house_rules", "reconstructed", "key"}
        words = re.sub(r"'[^']*'|\b(" + "|".join(sorted(fields, key=len, reverse=True)) + r")\b", "", norwegian.split(": ", 2)[-1])
        assert not _english_words(words), norwegian
    with pytest.raises(RulesError) as caught:
        UPTO9.level(12)
    assert render(caught.value.msg, "nb") == "Up to 9 har nivå 1 til 9, ikke 12"


def test_refused_moves_in_norwegian() -> None:
    from upto9 import Game, RuleError

    game = Game(players=3, seed=4)
    rnd = game.round
    player = rnd.turn
    hand = list(rnd.hands[player])
    refusals = [
        lambda: rnd.discard(hand[0]),  # draw first
        lambda: rnd.draw("pile"),
        lambda: Game(players=9),
        lambda: game.next_round(),
    ]
    said = []
    for refuse in refusals:
        with pytest.raises(RuleError) as caught:
            refuse()
        said.append(caught.value.msg)
    rnd.draw("deck")
    with pytest.raises(RuleError) as caught:
        rnd.lay_down([Meld.from_text("run", "5h 6h 2c=7h 8h")])
    said.append(caught.value.msg)
    for message in said:
        assert isinstance(message, Message)
        norwegian = render(message, "nb")
        assert not _english_words(norwegian.replace("'deck'", "").replace("'discard'", "").replace("'pile'", "")), norwegian
    assert render(said[0], "nb").startswith("trekk et kort først")


# --- a Phase 10 card is a parameter: its code in English, its name in Norwegian ---------------------------


def test_phase10_cards_are_named_in_norwegian_and_coded_in_english() -> None:
    from upto9.families.phase10.cards import parse_phase10_card
    from upto9.messages import p10_card

    close = check("2r 3y 4g 5b 6r 7y", 4, PHASE10)
    assert close.explanation[-1] == "Any one of these makes it: 1r, 1y, 1g, 1b, 8r, 8y, 8g, 8b, W."
    assert render(close.messages[-1], "nb") == "Ett av disse kortene fullfører: rød 1, gul 1, grønn 1, blå 1, rød 8, gul 8, grønn 8, blå 8, en joker."
    phase = check("7r 5y 9b 9g W 12r 1b 3g", 2, PHASE10)
    assert "The set of 3 (1) needs 1 wild card: W stands in for a 9." in phase.explanation
    assert render(phase.messages[1], "nb") == "3 like (1) trenger 1 joker som står for en 9-er."
    assert render(check("7r 7y W 9b 9g W", 1, PHASE10).messages[1], "nb") == "Det beste nedlegget bruker 2 jokere: én som 7, én som 9."
    sevens = Phase10Meld.from_text("set", "7r 7y 7g")
    assert sevens.why_not(parse_phase10_card("11b")) == "a set of 7s takes only 7s, not 11b"
    with pytest.raises(MeldError) as caught:
        sevens.extend(parse_phase10_card("11b"))
    assert render(caught.value.msg, "nb") == "like kort med 7-ere tar bare 7-ere, ikke blå 11"
    with pytest.raises(CardError) as too_many:
        parse_hand("W " * 9, rules=PHASE10, players=2)
    assert str(too_many.value) == "the hand holds 9 × W, but a table of 2 plays Phase 10 with 1 deck: at most 8 × W"
    assert render(too_many.value.msg, "nb") == "hånda har 9 × joker, men et bord med 2 spillere spiller Phase 10 med 1 kortstokk: maks 8 × joker"
    names = {str(c): render(p10_card(parse_phase10_card(c)), "nb") for c in ("12y", "3g", "S")}
    assert names == {"12y": "gul 12", "3g": "grønn 3", "S": "et hopp over-kort"}
    assert render(p10_card(parse_phase10_card("W"), "the"), "nb") == "jokeren"
    # No Norwegian sentence of a sample of phases names a card by its code.
    code = re.compile(r"\b\d{1,2}[rygb]\b|\bW\b|\bS\b")
    for hand in _sample_hands(PHASE10, 40, 10):
        for level in (1, 2, 4, 8):
            for message in check(hand, level, PHASE10).messages:
                assert not code.search(render(message, "nb")), render(message, "nb")


def test_an_error_is_worded_from_its_message_never_from_its_english_text() -> None:
    from upto9.messages import message_of

    said = Message("check.short", n=2)
    assert message_of(CardError(said)) is said
    # The same English text without its message stays as it is: no sentence is looked up by its text.
    assert message_of(ValueError(str(said))) == Message("raw", text="The hand is 2 cards short of the lay-down.")
    with pytest.raises(MeldError) as caught:
        Meld.from_dict({"kind": "set", "cards": "7h"})
    assert render(caught.value.msg, "nb") == "feltet 'cards' i gruppen må være en liste, ikke '7h'"
    with pytest.raises(MeldError) as caught:
        Meld.from_dict({"kind": "pair", "cards": []})
    assert render(caught.value.msg, "nb") == "feltet 'kind' i gruppen må være 'run' eller 'set', ikke 'pair'"


# --- a saved game that cannot be opened, in Norwegian ----------------------------------------------------

# English words of the record errors that never appear in their Norwegian wording.
RECORD_ENGLISH = ENGLISH | {
    "record", "replay", "round", "action", "player", "field", "must", "got", "file", "whole", "truncated",
    "corrupt", "line", "column", "this", "version", "reads", "turn", "move", "but", "it", "expecting", "value",
}  # fmt: skip


def _broken_records() -> list[tuple[str, bytes]]:
    import json

    from upto9 import Game, game_record

    game = Game(players=2, seed=3)
    drew = game.draw("deck")
    game.discard(drew.card)
    good = game_record(game)
    text = json.dumps(good)

    def changed(change) -> bytes:
        record = json.loads(text)
        change(record)
        return json.dumps(record).encode()

    def bad_card(record) -> None:
        record["rounds"][0]["dealt"][1][2] = "11h"

    def out_of_turn(record) -> None:
        record["rounds"][0]["actions"][0]["player"] = 1 - record["rounds"][0]["actions"][0]["player"]

    return [
        ("bad JSON", text[: len(text) // 2].encode()),
        ("wrong format name", changed(lambda record: record.update(format="upto9-game/0"))),
        ("a bad card", changed(bad_card)),
        ("an illegal action", changed(out_of_turn)),
        ("a changed drawn card", changed(lambda record: record["rounds"][0]["actions"][0].update(card="Kh" if str(drew.card) != "Kh" else "Qh"))),
    ]


@pytest.mark.parametrize(("broken", "content"), _broken_records(), ids=[name for name, _ in _broken_records()])
def test_a_broken_saved_game_is_refused_in_norwegian(tmp_path: Path, broken: str, content: bytes) -> None:
    from upto9.widgets.stepper import RoundModel

    from upto9 import load_game
    from upto9.records import RecordError

    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(RecordError) as caught:
        load_game(path)
    said = caught.value.msg
    assert isinstance(said, Message) and str(said) == str(caught.value), broken
    norwegian = render(said, "nb").removeprefix(f"{path}: ")
    assert norwegian != str(said).removeprefix(f"{path}: ")
    # The file's own words stay as it writes them: quoted values, field names and action types.
    fields = r"format|rounds|dealt|actions|deck|card|player|draw|discard|upto9"
    words = re.sub(r"'[^']*'|\"[^\"]*\"|\b(" + fields + r")\b", "", norwegian)
    found = {w for w in re.findall(r"[A-Za-z][A-Za-z-]*", words) if w.lower() in RECORD_ENGLISH}
    assert not found, norwegian
    # The round stepper says the same reason in Norwegian, without the file's temporary name.
    model = RoundModel(lang="nb")
    model.load_bytes(content, "game.json")
    assert model.error == " ".join(norwegian.split())
    english = RoundModel(lang="en")
    english.load_bytes(content, "game.json")
    assert english.error.startswith(("round 1", "format:", "not a whole JSON file")), english.error
    # The language switch words the reason again: one language at a time.
    model.lang = "en"
    assert model.error == english.error
    english.lang = "nb"
    assert english.error == " ".join(norwegian.split())


def test_record_errors_name_the_round_and_the_action_in_norwegian() -> None:
    from upto9 import Game, game_record, replay
    from upto9.records import RecordError

    game = Game(players=2, seed=3)
    drew = game.draw("deck")
    game.discard(drew.card)
    record = game_record(game)
    record["rounds"][0]["actions"][1]["type"] = "pass"
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value) == 'round 1, action 2 (pass): the type must be one of draw, lay_down, donate, discard, reshuffle, skip, got "pass"'
    assert render(caught.value.msg, "nb") == 'runde 1, handling 2 (pass): typen må være en av draw, lay_down, donate, discard, reshuffle, skip, ikke "pass"'
