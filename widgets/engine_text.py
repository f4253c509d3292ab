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

from .texts import budget_text, contract_text

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
    for table in (_EXPLANATION, _PROBLEMS, _CARD_ERRORS):
        found = _apply(table, text)
        if found is not None:
            return found
    return text


def explanation_lines(check: Check, lang: str) -> tuple[str, ...]:
    """``check.explanation`` in ``lang``. Its first line names the level; in Norwegian it is
    worded from the level itself (contract and budget in the rules text's terms)."""
    lines = check.explanation
    if lang != "nb" or not lines:
        return lines
    level = check.level
    if not lines[0].startswith(f"Level {level.number}:"):
        return tuple(translate(line, lang) for line in lines)
    head = f"Nivå {level.number}: {contract_text(level, 'nb')}; {budget_text(level, 'nb')}."
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
