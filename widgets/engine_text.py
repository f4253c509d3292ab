"""The engine's sentences in the learner's language.

Every verdict and reason the widgets show is the engine's own: ``Check.messages`` (the lines of
``Check.explanation``), the ``Problem`` messages of ``validate``, the ``CardError`` of
``parse_hand`` and the ``RulesError`` of ``rules_from_dict``. The engine says them as keyed
messages (``upto9.messages.Message``); this module renders them in the page's language from the
engine's message catalogs, so a new sentence is worded in every language the day it is written.
A widget keeps the error the engine raised (or its ``.msg``), never only its English text: a
text is never looked up to be translated.
"""

from __future__ import annotations

from upto9.family import Verdict
from upto9.messages import Message, message_of, render
from upto9.problems import Problem

__all__ = ["card_error_text", "explanation_lines", "problem_text", "record_error_text", "rules_error_text", "translate"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def translate(said: str | Message, lang: str) -> str:
    """One engine sentence in ``lang``: a message is rendered from the catalog; a plain text
    (from outside the engine) stays as it is, in every language.

    >>> from upto9 import CardError, parse_hand
    >>> try:
    ...     parse_hand("5h 6h 11h")
    ... except CardError as error:
    ...     print(translate(error.msg, "nb"))
    ...     print(translate(str(error), "nb"))
    det 3. kortet, «11h», er ikke et kort: ingen rang 11; rangene er A 2-10 J Q K. Skriv verdien og så sorten, som 5h
    the 3rd card, '11h', is not a card: no rank 11; ranks are A 2-10 J Q K. Write a rank and then a suit, like 5h
    """
    return render(said, lang) if isinstance(said, Message) else said


def _message(said: BaseException | Message) -> Message:
    return said if isinstance(said, Message) else message_of(said)


def explanation_lines(check: Verdict, lang: str) -> tuple[str, ...]:
    """``check.explanation`` in ``lang``: its messages rendered from the catalog.

    >>> from upto9 import check
    >>> explanation_lines(check("5h 6h 7h", 1), "nb")[-1]
    'Ett av disse kortene fullfører: 4♥, 8♥.'
    """
    return tuple(render(m, lang) for m in check.messages)


def problem_text(problem: Problem, lang: str) -> str:
    """A ``validate`` reason in ``lang``, starting with a capital letter."""
    return _cap(render(problem.msg, lang))


def card_error_text(said: BaseException | Message, lang: str) -> str:
    """A ``CardError`` from reading a hand (the error, or its ``.msg``), in ``lang``, starting
    with a capital letter.

    >>> from upto9 import PHASE10, CardError, parse_hand
    >>> try:
    ...     parse_hand("7r 13b", PHASE10)
    ... except CardError as error:
    ...     print(card_error_text(error, "nb"))
    Det 2. kortet, «13b», er ikke et kort: ikke noe tall 13; tallene er 1-12. Skriv tallet og så fargen, som 7r
    """
    return _cap(render(_message(said), lang))


def rules_error_text(said: BaseException | Message, lang: str) -> str:
    """A ``RulesError`` (the error, or its ``.msg``) in ``lang``: the field names stay as the rule
    file writes them.

    >>> from upto9 import RulesError, rules_from_dict, UPTO9
    >>> try:
    ...     rules_from_dict({**UPTO9.to_dict(), "hand_size": 0}, "house.toml")
    ... except RulesError as error:
    ...     print(rules_error_text(error, "nb"))
    house.toml: rules: hand_size: må være et helt tall på minst 1, ikke 0
    """
    return render(_message(said), lang)


def record_error_text(said: BaseException | Message, lang: str) -> str:
    """A ``RecordError`` from opening a saved game (the error, or its ``.msg``) in ``lang``: the
    round and the action it names, and the fields as the file writes them.

    >>> from upto9 import RecordError, replay
    >>> try:
    ...     replay({"format": "upto9-game/1", "rule_set": "Up to 9"})
    ... except RecordError as error:
    ...     print(record_error_text(error, "nb"))
    lagret spill: feltet 'rules' mangler
    """
    return render(_message(said), lang)
