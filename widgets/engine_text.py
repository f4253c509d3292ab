"""The engine's sentences in Norwegian.

Every verdict and reason the widgets show is the engine's own: ``Check.explanation``, the
``Problem`` messages of ``validate``, the ``CardError`` of ``parse_hand`` and the ``RulesError`` of
``rules_from_dict``. The engine writes them in English; this module is the one place that words
them in Norwegian, sentence by sentence, with the rules text's terms. A sentence it does not know
(the engine's wording may grow) is shown as the engine wrote it, never dropped or guessed at.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

from upto9.checker import Check
from upto9.melds import Problem
from upto9.phase10 import Phase10Check

from .texts import budget_text, contract_text, level_title

__all__ = ["card_error_text", "explanation_lines", "problem_text", "rules_error_text", "translate"]

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]

_SUIT_NOUNS: Final = {"spades": "spar", "hearts": "hjerter", "diamonds": "ruter", "clubs": "kløver"}
_KINDS: Final = {"run": "straight", "set": "sett"}


def _jokers(text: str) -> str:
    """``'no jokers'`` → ``'ingen jokere'``, ``'3 jokers'`` → ``'3 jokere'``."""
    if text == "no jokers":
        return "ingen jokere"
    number, _, _ = text.partition(" ")
    return f"{number} joker{'e' if number != '1' else ''}"


def _allows(text: str) -> str:
    """``'allows no jokers'`` → ``'tillater ingen jokere'``."""
    return "tillater " + _jokers(text.removeprefix("allows "))


def _faces(text: str) -> str:
    """A list of faces and jokers: ``'2♣ as 7♥, a K'`` → ``'2♣ som 7♥, en K'``."""
    text = text.replace(" as ", " som ")
    return re.sub(r"\ban? (\S+)", r"en \1", text)


def _group(name: str) -> str:
    """An engine group name in the Norwegian rules text's words: ``'straight of 5'`` → ``'5 straight'``."""
    found = re.fullmatch(r"straight of (\d+)", name)
    if found:
        return f"{found[1]} straight"
    fixed = {"three of a kind": "tress", "four of a kind": "fire like", "five of a kind": "fem like", "pair": "par"}
    if name in fixed:
        return fixed[name]
    found = re.fullmatch(r"(\d+) of a kind", name)
    return f"{found[1]} like" if found else name


def _definite(name: str) -> str:
    """The definite form of a group or noun: ``'straight'`` → ``'straighten'``, ``'three of a kind'`` → ``'tressen'``."""
    name = name.lower()
    if name.startswith("straight"):
        return "straighten"
    if name in ("three of a kind", "tress"):
        return "tressen"
    if name == "group":
        return "gruppen"
    return "settet"


def _noun(noun: str) -> str:
    return {"straight": "straight", "set": "sett", "group": "gruppe", "three of a kind": "tress"}.get(noun, noun)


def _at_least(count: str, noun: str) -> str:
    """``'minst én straight'``, ``'minst ett sett'``, ``'minst 2 grupper'``."""
    word = _noun(noun)
    if count in ("one", "1"):
        return f"minst {'ett' if word == 'sett' else 'én'} {word}"
    return f"minst {count} {'grupper' if word == 'gruppe' else word}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _wilds(text: str) -> str:
    """``'2s and 3s'`` → ``'2-ere og 3-ere'``."""
    return re.sub(r"\b(\w+)s\b", r"\1-ere", text).replace(" and ", " og ")


_EXPLANATION: Final[list[_Rule]] = [
    (
        re.compile(r"The best lay-down uses (no jokers|\d+ jokers?) of (\d+) allowed: (.+)\."),
        lambda m: f"Det beste nedlegget bruker {_jokers(m[1])} av {m[2]} tillatt: {_faces(m[3])}.",
    ),
    (re.compile(r"The best lay-down uses no jokers\."), lambda m: "Det beste nedlegget bruker ingen jokere."),
    (
        re.compile(r"(\S+) stands for itself, so it is real and costs nothing from the budget\."),
        lambda m: f"{m[1]} står for seg selv: det er ekte og koster ingenting av jokerbudsjettet.",
    ),
    (
        re.compile(r"Level (\d+) lays down (\d+) cards; the hand holds (\d+)\."),
        lambda m: f"Nivå {m[1]} legger ned {m[2]} kort; hånda har {m[3]}.",
    ),
    (
        re.compile(r"Level (\d+) (allows no jokers|allows \d+ jokers?); the closest (\w+) needs (\d+): (.+) (?:is|are) missing\."),
        lambda m: f"Nivå {m[1]} {_allows(m[2])}; den nærmeste {_definite(m[3])} trenger {m[4]}: {_faces(m[5])} mangler.",
    ),
    (
        re.compile(r"The (.+) \((\d+)\) needs (no jokers|\d+ jokers?)(?: \(at most (\d+) allowed there\))?: (.+) (?:is|are) missing\."),
        lambda m: (
            f"{_cap(_definite(m[1]))} ({m[2]}) trenger {_jokers(m[3])}"
            + (f" (maks {m[4]} tillatt der)" if m[4] is not None else "")
            + f": {_faces(m[5])} mangler."
        ),
    ),
    (
        re.compile(r"Level (\d+) allows (no jokers|\d+ jokers?) in total; the closest lay-down needs (\d+)\."),
        lambda m: f"Nivå {m[1]} tillater {_jokers(m[2])} totalt; det nærmeste nedlegget trenger {m[3]}.",
    ),
    (
        re.compile(r"Level (\d+) needs at least (one|\d+) (\w+?)s? with no joker\."),
        lambda m: f"Nivå {m[1]} krever {_at_least(m[2], m[3])} uten joker.",
    ),
    (
        re.compile(r"The hand has (\d+) spare (.+) to be jokers, but needs (\d+)\."),
        lambda m: f"Hånda har {m[1]} ledige {_wilds(m[2])} til jokere, men trenger {m[3]}.",
    ),
    (
        re.compile(r"The hand is (\d+) cards? short of the lay-down\."),
        lambda m: f"Hånda mangler {m[1]} kort for nedlegget.",
    ),
    (re.compile(r"Any one of these makes it: (.+)\."), lambda m: f"Ett av disse kortene fullfører: {m[1]}."),
]

_COLOUR_NB: Final = {"red": ("rød", "rødt", "røde"), "yellow": ("gul", "gult", "gule"), "green": ("grønn", "grønt", "grønne"), "blue": ("blå", "blått", "blå")}
_COUNT_NB: Final = {"two": "to", "three": "tre", "four": "fire", "five": "fem"}


def _p10_group(name: str) -> str:
    """A Phase 10 group as the engine names it, in the Norwegian rules text's words:
    ``'set of 3'`` → ``'3 like'``, ``'run of 4'`` → ``'serie på 4'``, ``'colour group of 7'`` → ``'7 kort i samme farge'``."""
    found = re.fullmatch(r"(set|run|colour group) of (\d+)", name)
    if found is None:
        return name
    return {"set": "{n} like", "run": "serie på {n}", "colour group": "{n} kort i samme farge"}[found[1]].format(n=found[2])


def _p10_contract(text: str) -> str:
    """A phase as the engine words it, in Norwegian: ``'2 sets of 3'`` → ``'2 grupper med 3 like'``,
    ``'1 set of 3 + 1 run of 4'`` → ``'3 like og serie på 4'``, ``'7 cards of one colour'`` → ``'7 kort i samme farge'``."""
    parts = []
    for part in text.split(" + "):
        found = re.fullmatch(r"(\d+) (set|run)s? of (\d+)", part)
        colour = re.fullmatch(r"(\d+) cards of one colour", part)
        colours = re.fullmatch(r"(\d+) colour groups of (\d+)", part)
        if found and found[1] == "1":
            parts.append(_p10_group(f"{found[2]} of {found[3]}"))
        elif found:
            parts.append(f"{found[1]} grupper med {found[3]} like" if found[2] == "set" else f"{found[1]} serier på {found[3]}")
        elif colour:
            parts.append(f"{colour[1]} kort i samme farge")
        elif colours:
            parts.append(f"{colours[1]} fargegrupper på {colours[2]}")
        else:
            parts.append(part)
    return " og ".join(parts)


def _p10_where(text: str) -> str:
    """``'the set of 3 (1)'`` → ``'3 like (1)'``."""
    found = re.fullmatch(r"the (.+?)( \(\d+\))?", text)
    return f"{_p10_group(found[1])}{found[2] or ''}" if found else text


def _p10_face(text: str) -> str:
    """``'a 7'`` → ``'en 7-er'``, ``'two 7s'`` → ``'to 7-ere'``, ``'a red card'`` → ``'et rødt kort'``, ``'four red cards'`` → ``'fire røde kort'``."""
    found = re.fullmatch(r"an? (\w+) card", text)
    if found and found[1] in _COLOUR_NB:
        return f"et {_COLOUR_NB[found[1]][1]} kort"
    found = re.fullmatch(r"(\w+) (\w+) cards", text)
    if found and found[2] in _COLOUR_NB:
        return f"{_COUNT_NB.get(found[1], found[1])} {_COLOUR_NB[found[2]][2]} kort"
    found = re.fullmatch(r"an? (\d+)", text)
    if found:
        return f"en {found[1]}-er"
    found = re.fullmatch(r"(\w+) (\d+)s", text)
    if found:
        return f"{_COUNT_NB.get(found[1], found[1])} {found[2]}-ere"
    return text


def _p10_faces(text: str) -> str:
    """A list of faces: ``'a 5 and two 8s'`` → ``'en 5-er og to 8-ere'``."""
    head, _, last = text.rpartition(" and ")
    parts = [*head.split(", "), last] if head else [last]
    words = [_p10_face(p) for p in parts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} og {words[-1]}"


def _wild_words(text: str) -> str:
    """``'no wild cards'`` → ``'ingen jokere'``, ``'1 wild card'`` → ``'1 joker'``."""
    if text == "no wild cards":
        return "ingen jokere"
    number = text.split(" ")[0]
    return f"{number} joker{'e' if number != '1' else ''}"


def _stands(text: str) -> str:
    """``'W as 7, W as red'`` → ``'W som 7, W som rød'``."""
    return re.sub(r"\bas (\w+)", lambda m: f"som {_COLOUR_NB[m[1]][0] if m[1] in _COLOUR_NB else m[1]}", text)


_PHASE10_EXPLANATION: Final[list[_Rule]] = [
    (re.compile(r"The best lay-down uses no wild cards\."), lambda m: "Det beste nedlegget bruker ingen jokere."),
    (
        re.compile(r"The best lay-down uses (\d+ wild cards?): (.+)\."),
        lambda m: f"Det beste nedlegget bruker {_wild_words(m[1])}: {_stands(m[2])}.",
    ),
    (
        re.compile(r"Phase (\d+) lays down (\d+) cards; the hand holds (\d+)(?: \(and (\d+) skips?, which can never be part of a phase\))?\."),
        lambda m: (
            f"Fase {m[1]} legger ned {m[2]} kort; hånda har {m[3]}" + (f" (og {m[4]} hopp over-kort, som aldri kan være del av en fase)" if m[4] else "") + "."
        ),
    ),
    (
        re.compile(r"A phase must hold at least one number card; the hand has (none|too few)\."),
        lambda m: f"En fase må ha minst ett tallkort; hånda har {'ingen' if m[1] == 'none' else 'for få'}.",
    ),
    (re.compile(r"The (.+?)( \(\d+\))? lacks (.+)\."), lambda m: f"{_cap(_p10_group(m[1]))}{m[2] or ''} mangler {_p10_faces(m[3])}."),
    (
        re.compile(r"Phase (\d+) allows (no wild cards|\d+ wild cards?); the closest lay-down needs (\d+)\."),
        lambda m: f"Fase {m[1]} tillater {_wild_words(m[2])}; det nærmeste nedlegget trenger {m[3]}.",
    ),
    (
        re.compile(r"Wild cards may stand in for missing cards, but the hand holds (no wild cards|\d+ wild cards?) for (\d+) missing\."),
        lambda m: f"Jokere kan stå for kort som mangler, men hånda har {_wild_words(m[1])} for {m[2]} som mangler.",
    ),
    (re.compile(r"The hand is (\d+) cards? short of the phase\."), lambda m: f"Hånda mangler {m[1]} kort for fasen."),
]

_P10_DEFECTS: Final[list[_Rule]] = [
    (re.compile(r"an empty (\w+) is no group"), lambda m: "en tom gruppe er ingen gruppe"),
    (
        re.compile(r"every card in a (\w+) stands for a number \(W=7\), not a colour"),
        lambda m: f"hvert kort i {'en serie' if m[1] == 'run' else 'like kort'} står for et tall (W=7), ikke en farge",
    ),
    (
        re.compile(r"(\S+) cannot stand for (\S+): only a wild card stands for another number or colour"),
        lambda m: f"{m[1]} kan ikke stå for {m[2]}: bare en joker står for et annet tall eller en annen farge",
    ),
    (
        re.compile(r"a colour group is one colour; this one mixes (.+)"),
        lambda m: "en fargegruppe er én farge; denne blander " + ", ".join(_COLOUR_NB.get(c, (c,))[0] for c in m[1].split(", ")),
    ),
    (re.compile(r"Phase 10's numbers are 1 to 12, not (\S+)"), lambda m: f"tallene i Phase 10 er 1 til 12, ikke {m[1]}"),
    (re.compile(r"a set of (\d+)s cannot hold (.+)"), lambda m: f"like kort med {m[1]}-ere kan ikke ha {_p10_face(m[2])}"),
    (re.compile(r"a run holds each number once; this one has (\d+) twice"), lambda m: f"en serie har hvert tall én gang; denne har {m[1]} to ganger"),
    (re.compile(r"a run is consecutive numbers; (.+) has a gap"), lambda m: f"en serie er tall som følger etter hverandre; {m[1]} har et hull"),
    (re.compile(r"a run cannot wrap from 12 to 1"), lambda m: "en serie kan ikke gå fra 12 tilbake til 1"),
    (re.compile(r"a skip can never be part of a phase"), lambda m: "et hopp over-kort kan aldri være del av en fase"),
    (re.compile(r"(\S+): a skip can never be part of a phase"), lambda m: f"{m[1]}: et hopp over-kort kan aldri være del av en fase"),
    (
        re.compile(r"every card in a colour group stands for a colour \(W=r\), not a number"),
        lambda m: "hvert kort i en fargegruppe står for en farge (W=r), ikke et tall",
    ),
    (re.compile(r"(.+) is not a Phase 10 group"), lambda m: f"{m[1]} er ikke en gruppe i Phase 10"),
    (re.compile(r"say what the wild card stands for: (\S+)"), lambda m: f"si hva jokeren står for: {m[1]}"),
]


def _p10_defect(text: str) -> str:
    return _apply(_P10_DEFECTS, text) or text


_PHASE10_PROBLEMS: Final[list[_Rule]] = [
    (
        re.compile(r"phase (\d+) wants a (.+) here, not a (set|run|colour)"),
        lambda m: f"fase {m[1]} krever {_p10_group(m[2])} her, ikke {dict(set='like kort', run='en serie', colour='en fargegruppe')[m[3]]}",
    ),
    (
        re.compile(r"a skip can never be part of a phase; (the .+) holds one"),
        lambda m: f"et hopp over-kort kan aldri være del av en fase; {_p10_where(m[1])} har ett",
    ),
    (
        re.compile(r"(the .+) holds (\d+) cards?; phase (\d+) needs at least (\d+)"),
        lambda m: f"{_p10_where(m[1])} har {m[2]} kort; fase {m[3]} krever minst {m[4]}",
    ),
    (
        re.compile(r"phase (\d+) lays down (.+): (\d+) groups?, not (\d+)"),
        lambda m: f"fase {m[1]} legger ned {_p10_contract(m[2])}: {m[3]} gruppe{'r' if m[3] != '1' else ''}, ikke {m[4]}",
    ),
    (
        re.compile(r"the phase must hold at least one number card; this one is all wild cards"),
        lambda m: "fasen må ha minst ett tallkort; denne er bare jokere",
    ),
    (
        re.compile(r"the phase must hold at least (\d+) number cards; this one holds (\d+)"),
        lambda m: f"fasen må ha minst {m[1]} tallkort; denne har {m[2]}",
    ),
    (
        re.compile(r"phase (\d+) allows (no wild cards|at most \d+ wild cards?); this lay-down uses (\d+)"),
        lambda m: (
            f"fase {m[1]} tillater {'ingen jokere' if m[2] == 'no wild cards' else 'maks ' + _wild_words(m[2].removeprefix('at most '))}; "
            f"dette nedlegget bruker {m[3]}"
        ),
    ),
    (
        re.compile(r"group (\d+): card (\d+) of the (\w+): (.+)"),
        lambda m: f"gruppe {m[1]}: kort {m[2]} i gruppen: {_p10_defect(m[4])}",
    ),
    (re.compile(r"group (\d+): (.+)"), lambda m: f"gruppe {m[1]}: {_p10_defect(m[2])}"),
    (re.compile(r"(.+) \((the [^()]+(?: \(\d+\))?)\)"), lambda m: f"{_p10_defect(m[1])} ({_p10_where(m[2])})"),
]

_PROBLEMS: Final[list[_Rule]] = [
    (
        re.compile(r"level (\d+) (allows no jokers|allows \d+ jokers?); this lay-down uses (\d+) \((.+)\)"),
        lambda m: f"nivå {m[1]} {_allows(m[2])}; dette nedlegget bruker {m[3]} ({_faces(m[4])})",
    ),
    (
        re.compile(r"level (\d+) allows at most (\d+) jokers? in each (\w+); the (\w+) \((\d+)\) holds (\d+)"),
        lambda m: f"nivå {m[1]} tillater maks {_jokers(m[2] + ' jokers')} i hver {_noun(m[3])}; {_definite(m[4])} ({m[5]}) har {m[6]}",
    ),
    (
        re.compile(r"level (\d+) needs at least (\d+) (\w+) with no joker; every one holds a joker"),
        lambda m: f"nivå {m[1]} krever {_at_least(m[2], m[3])} uten joker; alle har en joker",
    ),
    (
        re.compile(r"level (\d+) wants a (.+) here, not a (run|set)"),
        lambda m: f"nivå {m[1]} krever {_group(m[2])} her, ikke {_KINDS[m[3]]}",
    ),
    (
        re.compile(r"the (\w+) \((\d+)\) holds (\d+) cards; level (\d+) lays down a (.+), exactly (\d+)"),
        lambda m: f"{_definite(m[1])} ({m[2]}) har {m[3]} kort; nivå {m[4]} legger ned {_group(m[5])}, nøyaktig {m[6]}",
    ),
    (
        re.compile(r"(\S+) cannot stand for (\S+): only (.+) are jokers"),
        lambda m: f"{m[1]} kan ikke stå for {m[2]}: bare {_wilds(m[3])} er jokere",
    ),
    (
        re.compile(r"every card in a straight stands for a whole card \(rank and suit\); the (\w+) \((\d+)\) has a rank alone"),
        lambda m: f"hvert kort i en straight står for et helt kort (rang og sort); {_definite(m[1])} ({m[2]}) har bare en rang",
    ),
    (
        re.compile(r"a straight is one suit; the (\w+) \((\d+)\) mixes (.+)"),
        lambda m: f"en straight er én sort; {_definite(m[1])} ({m[2]}) blander {', '.join(_SUIT_NOUNS.get(s, s) for s in m[3].split(', '))}",
    ),
    (
        re.compile(r"(\S+) in a (\w+) straight is a joker, not a real card(?:: only a (\S+) of (\w+) is real there)?"),
        lambda m: (
            f"{m[1]} i en {_SUIT_NOUNS.get(m[2], m[2])}-straight er en joker, ikke et ekte kort"
            + (f": bare {_SUIT_NOUNS.get(m[4], m[4])} {m[3]} er ekte der" if m[3] else "")
        ),
    ),
    (
        re.compile(r"a straight holds each position once; the (\w+) \((\d+)\) has (\S+) twice"),
        lambda m: f"en straight har hver plass én gang; {_definite(m[1])} ({m[2]}) har {m[3]} to ganger",
    ),
    (
        re.compile(r"a straight cannot wrap around the corner \(…K-A-2…\); the (\w+) \((\d+)\) does"),
        lambda m: f"en straight kan ikke «wrappe rundt hjørnet» (…K-A-2…); det gjør {_definite(m[1])} ({m[2]})",
    ),
    (
        re.compile(r"a straight is consecutive; the (\w+) \((\d+)\) \((.*)\) has a gap"),
        lambda m: f"en straight går i rekke; {_definite(m[1])} ({m[2]}) ({m[3]}) har et hull",
    ),
    (
        re.compile(r"a set is one rank; the (\w+) \((\d+)\) mixes (.+)"),
        lambda m: f"et sett er én rang; {_definite(m[1])} ({m[2]}) blander {m[3]}",
    ),
    (
        re.compile(r"the lay-down uses (\d+) × (\S+); the hand holds (\d+)"),
        lambda m: f"nedlegget bruker {m[1]} × {m[2]}; hånda har {m[3]}",
    ),
]

_CARD_REASONS: Final[list[_Rule]] = [
    (
        re.compile(r"not a Phase 10 card; Phase 10 cards are a number 1-12 and a colour r y g b \(e\.g\. 7r, 12b\), W for a wild card, S for a skip"),
        lambda m: "ikke et kort i Phase 10; kortene er et tall 1-12 og en farge r y g b (f.eks. 7r, 12b), W for joker, S for hopp over",
    ),
    (re.compile(r"no number (\S+); numbers are 1-12"), lambda m: f"ikke noe tall {m[1]}; tallene er 1-12"),
    (
        re.compile(r"no colour (\S+); colours are r y g b \(red, yellow, green, blue\)"),
        lambda m: f"ingen farge {m[1]}; fargene er r y g b (rød, gul, grønn, blå)",
    ),
    (re.compile(r"no rank (.+); ranks are (.+)"), lambda m: f"ingen rang {m[1]}; rangene er {m[2]}"),
    (re.compile(r"no rank; ranks are (.+)"), lambda m: f"mangler rang; rangene er {m[1]}"),
    (re.compile(r"no suit (.+); suits are (.+) \(or (.+)\)"), lambda m: f"ingen sort {m[1]}; sortene er {m[2]} (eller {m[3]})"),
    (re.compile(r"no suit; suits are (.+) \(or (.+)\)"), lambda m: f"mangler sort; sortene er {m[1]} (eller {m[2]})"),
]


def _card_reason(text: str) -> str:
    return _apply(_CARD_REASONS, text) or text


_CARD_ERRORS: Final[list[_Rule]] = [
    (re.compile(r"token (\d+) '(.*)': (.+)"), lambda m: f"kort nr. {m[1]} «{m[2]}»: {_card_reason(m[3])}"),
    (
        re.compile(r"the hand holds (\d+) × (\S+), but (?:a (\d+)-player game|any game) of (.+) uses (\d+) decks?: at most (\d+) of each card"),
        lambda m: (
            f"hånda har {m[1]} × {m[2]}, men {f'et spill for {m[3]} spillere' if m[3] else 'et spill'} av {m[4]} "
            f"bruker {m[5]} kortstokk{'er' if m[5] != '1' else ''}: maks {m[6]} av hvert kort"
        ),
    ),
]


def _apply(rules: Iterable[_Rule], text: str) -> str | None:
    for pattern, words in rules:
        found = pattern.fullmatch(text)
        if found is not None:
            return words(found)
    return None


def translate(text: str, lang: str) -> str:
    """One engine sentence (an explanation line, a reason, a card error) in ``lang``; a sentence
    this module does not know stays as the engine wrote it.

    >>> translate("The hand is 1 card short of the lay-down.", "nb")
    'Hånda mangler 1 kort for nedlegget.'
    >>> translate("level 1 allows no jokers; this lay-down uses 1 (2♣ as 7♥)", "nb")
    'nivå 1 tillater ingen jokere; dette nedlegget bruker 1 (2♣ som 7♥)'
    """
    if lang != "nb":
        return text
    for table in (_EXPLANATION, _PHASE10_EXPLANATION, _PROBLEMS, _PHASE10_PROBLEMS, _CARD_ERRORS):
        found = _apply(table, text)
        if found is not None:
            return found
    return text


def explanation_lines(check: Check | Phase10Check, lang: str) -> tuple[str, ...]:
    """``check.explanation`` in ``lang``. Its first line names the level; in Norwegian it is
    worded from the level itself (contract and budget in the rules text's terms)."""
    lines = check.explanation
    if lang != "nb" or not lines:
        return lines
    level = check.level
    rules = check.rules
    if not lines[0].startswith((f"Level {level.number}:", f"Phase {level.number}:")):
        return tuple(translate(line, lang) for line in lines)
    head = f"{level_title(rules, level.number, 'nb')}: {contract_text(level, 'nb', rules=rules)}; {budget_text(level, 'nb', rules=rules)}."
    return (head, *(translate(line, lang) for line in lines[1:]))


def problem_text(problem: Problem, lang: str) -> str:
    """A ``validate`` reason in ``lang``, starting with a capital letter."""
    return _cap(translate(problem.message, lang))


def card_error_text(message: str, lang: str) -> str:
    """A ``CardError`` from reading a hand, in ``lang``, starting with a capital letter."""
    return _cap(translate(message, lang))


def rules_error_text(message: str, lang: str) -> str:
    """A ``RulesError`` in ``lang``: the field names stay as the rule file writes them."""
    if lang != "nb":
        return message
    text = re.sub(r"\blevel (\d+)", r"nivå \1", message)
    text = re.sub(r"must be a whole number from (\d+) to (\d+), got (\S+)", r"må være et helt tall fra \1 til \2, ikke \3", text)
    text = re.sub(r"must be a whole number of at least (\d+), got (\S+)", r"må være et helt tall på minst \1, ikke \2", text)
    return text
