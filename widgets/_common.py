"""Small pieces every component uses: the checker's verdicts, remembered; the stylesheet widget;
the error boundary (``guard``, ``boundary``) every widget handler runs behind."""

from __future__ import annotations

import logging
import sys
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from html import escape
from types import TracebackType
from typing import Any, Final, TypeVar

import ipywidgets as w
import traitlets as t

from upto9.cards import PlayingCard
from upto9.family import Verdict, check
from upto9.records import MAX_INT
from upto9.rules import Level, Rules

from .cards_html import CARD_CSS
from .texts import check_lang

__all__ = [
    "TROUBLE",
    "ChoiceButtons",
    "GameNumber",
    "ModelLanguage",
    "OwnLanguage",
    "WholeNumber",
    "as_typed",
    "boundary",
    "checked",
    "close_tree",
    "game_number",
    "guard",
    "keyed",
    "log",
    "replace_children",
    "style_tag",
    "trouble",
]

"""The checker's verdict: Up to 9's, or Phase 10's (the same public interface)."""

_CACHE_SIZE = 512
_checks: OrderedDict[tuple[int, int, tuple[int, ...]], tuple[Rules, Verdict]] = OrderedDict()


def checked(cards: Iterable[PlayingCard], level: int | Level, rules: Rules) -> Verdict:
    """``check(cards, level, rules)``, remembered for the last few hundred hands: a learner who
    clicks a card in and out again sees the verdict at once. The verdict depends on the cards,
    not their order, so the hand is looked up sorted. The ``Check`` keeps its own explanation,
    closest arrangement and outs once worked out."""
    number = level if isinstance(level, int) else level.number
    hand = tuple(sorted(cards, key=lambda c: c.key))
    key = (id(rules), number, tuple(c.key for c in hand))
    found = _checks.get(key)
    if found is not None and found[0] is rules:
        _checks.move_to_end(key)
        return found[1]
    verdict: Verdict = check(hand, rules.level(number), rules)
    _checks[key] = (rules, verdict)  # the rules are kept with it, so their id is not reused meanwhile
    if len(_checks) > _CACHE_SIZE:
        _checks.popitem(last=False)
    return verdict


def style_tag() -> w.HTML:
    """The cards' stylesheet, as a widget to put at the top of a view."""
    return w.HTML(CARD_CSS, layout=w.Layout(height="0px", margin="0", overflow="hidden"))


def close_tree(widget: w.Widget) -> None:
    """Close ``widget``, the widgets shown in it (``children``) and its own layout and style: a widget
    taken off the page stays alive in the kernel and in the browser until it is closed."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for name in ("layout", "style"):
        part = getattr(widget, name, None)
        if isinstance(part, w.Widget):
            part.close()
    widget.close()


def replace_children(box: w.Box, children: Sequence[w.Widget]) -> None:
    """Show ``children`` in ``box``, then close the widgets it showed before that are not among them
    (``close_tree``): a box whose rows are made again keeps no old row alive."""
    gone = [child for child in box.children if all(child is not kept for kept in children)]
    box.children = tuple(children)
    for child in gone:
        close_tree(child)


_C = TypeVar("_C")


def keyed(choices: Iterable[_C]) -> dict[tuple[str, int], _C]:
    """Each choice under a key that names it (its text, and how many equal ones came before it: two
    copies of a card are two keys), in order.

    >>> keyed(["7h", "Kd", "7h"])
    {("'7h'", 0): '7h', ("'Kd'", 0): 'Kd', ("'7h'", 1): '7h'}
    """
    found: dict[tuple[str, int], _C] = {}
    for choice in choices:
        text = repr(choice)  # (a move need not be hashable; its text names it)
        copies = 0
        while (text, copies) in found:
            copies += 1
        found[text, copies] = choice
    return found


class ChoiceButtons:
    """The buttons of a changing list of choices (a hand's cards, the moves offered): one button per
    choice, kept while its choice is offered and closed when it goes. A click always means what its
    button said, however late it comes (a button is never relabelled to another choice), and no
    button is left behind: a view that made new buttons at every draw kept every old one alive, in
    the kernel and in the browser (thousands over one game, each drawn again by the browser).

    >>> made = []
    >>> pool = ChoiceButtons(lambda key: made.append(key) or w.Button(description=str(key)))
    >>> shown = []
    >>> first = pool.show(["draw", "discard"], shown.append)
    >>> second = pool.show(["discard", "lay down"], shown.append)
    >>> made, second[0] is first[1], first[0].comm is None, len(shown)
    (['draw', 'discard', 'lay down'], True, True, 2)
    """

    def __init__(self, make: Callable[[Hashable], w.Button]) -> None:
        self._make = make
        self._shown: dict[Hashable, w.Button] = {}

    def show(
        self, keys: Sequence[Hashable], place: Callable[[list[w.Button]], object], label: Callable[[Hashable, w.Button], object] | None = None
    ) -> list[w.Button]:
        """The buttons of ``keys`` (distinct), in order, made for a choice not offered before and
        ``label``-led (text, style: what may change while a choice stays, as the language); ``place``
        puts them on the page, and then the buttons of choices gone are closed."""
        kept = {key: self._shown.get(key) or self._make(key) for key in keys}
        buttons = list(kept.values())
        if label is not None:
            for key, button in kept.items():
                label(key, button)
        place(buttons)
        for key, button in self._shown.items():
            if key not in kept:
                close_tree(button)
        self._shown = kept
        return buttons


class ModelLanguage:
    """A view's ``lang`` is its model's: setting it on the view switches the model, and so every view of it."""

    model: Any

    @property
    def lang(self) -> str:
        return str(self.model.lang)

    @lang.setter
    def lang(self, lang: str) -> None:
        self.model.lang = lang


class DrawnView:
    """A view drawn whole from its model by ``_draw``, through its one update method. ``_drawing`` is
    true meanwhile: a control the drawing itself moves (a slider whose range shrinks, a list whose
    options are replaced) is not the learner's move, and its handler looks at this first."""

    _drawing = False

    def _draw(self) -> None:
        raise NotImplementedError

    def update(self, change: Any = None) -> None:
        """Draw everything from the model (the one update method)."""
        self._drawing = True
        try:
            self._draw()
        finally:
            self._drawing = False


class OwnLanguage:
    """A view that keeps its own language (``_lang``): setting ``lang`` checks it and draws the view again (``redraw``)."""

    _lang: str

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = check_lang(lang)
        self.redraw()

    def redraw(self) -> None:
        raise NotImplementedError


# --- the error boundary -----------------------------------------------------------------------------------

log: Final = logging.getLogger("upto9.widgets")
"""Where a failed handler's traceback goes: the publisher's log (the kernel's stderr), never the page."""
if not log.handlers:  # a kernel configures no logging: without a handler of its own the traceback could be lost
    _stderr = logging.StreamHandler(sys.__stderr__ or sys.stderr)
    _stderr.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s: %(message)s"))
    log.addHandler(_stderr)

TROUBLE: Final[dict[str, str]] = {
    "en": "Something went wrong here; the rest of the page still works. Try again or reload the page.",
    "nb": "Noe gikk galt her; resten av siden virker fortsatt. Prøv igjen, eller last inn siden på nytt.",
}
"""What a learner reads in a widget whose handler failed (no traceback, no Python words)."""


class _Watch:
    """One view's boundary: how deep its handlers are nested now, whether one of them failed in
    this action, and the notice shown (``None`` while none is)."""

    __slots__ = ("depth", "failed", "notice")

    def __init__(self) -> None:
        self.depth = 0
        self.failed = False
        self.notice: str | None = None


_watches: weakref.WeakKeyDictionary[Any, _Watch] = weakref.WeakKeyDictionary()


class boundary:  # lower case: used as a statement, ``with boundary(view):``, like a function
    """``with boundary(view): ...`` runs a handler of ``view`` behind the error boundary: an
    exception is logged with its traceback (logger ``upto9.widgets``) and swallowed, and ``view``
    shows the learner a short notice (``TROUBLE``, in the view's language) while the rest of the
    page goes on. The notice goes away when the view's next action succeeds. Handlers nest (a click
    whose model change redraws the view): the notice stays if any of them failed in that action.

    >>> import ipywidgets as w
    >>> box = w.VBox([w.HTML("a view")])
    >>> with boundary(box):
    ...     raise ValueError("a bug")
    >>> trouble(box)
    'Something went wrong here; the rest of the page still works. Try again or reload the page.'
    >>> with boundary(box):
    ...     pass
    >>> trouble(box), len(box.children)
    ('', 1)
    """

    __slots__ = ("view", "watch", "what")

    def __init__(self, view: Any, what: object = None) -> None:
        self.view = view
        self.what = what

    def __enter__(self) -> None:
        try:
            watch = _watches.get(self.view)
            if watch is None:
                watch = _watches[self.view] = _Watch()
        except TypeError:  # no view to show a notice in (None): the failure is logged only
            watch = _Watch()
        watch.depth += 1
        self.watch = watch

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None) -> bool:
        watch = self.watch
        watch.depth -= 1
        if error is not None and isinstance(error, Exception):
            what = self.what if isinstance(self.what, str) else getattr(self.what, "__qualname__", None) or "a handler"
            log.error("%s: %s failed", type(self.view).__name__, what, exc_info=(kind, error, traceback))  # type: ignore[arg-type]
            watch.failed = True
            try:
                _show(self.view, watch)
            except Exception:  # the notice is the last resort: a view that cannot show it is logged only
                log.exception("%s: the failure notice could not be shown", type(self.view).__name__)
        elif error is not None:
            return False  # KeyboardInterrupt, SystemExit: not a widget's failure
        if watch.depth == 0:
            if not watch.failed and watch.notice is not None:
                _hide(self.view, watch)
            watch.failed = False
        return error is not None


def guard(view: Any, handler: Callable[..., object]) -> Callable[..., None]:
    """``handler`` behind ``view``'s error boundary (``boundary``): for ``button.on_click(guard(self,
    ...))`` and ``widget.observe(guard(self, ...), names=...)``."""

    def guarded(*args: Any, **kwargs: Any) -> None:
        with boundary(view, handler):
            handler(*args, **kwargs)

    guarded.__wrapped__ = handler  # type: ignore[attr-defined]
    return guarded


def trouble(view: Any) -> str:
    """The failure notice ``view`` shows now, as text (``''`` while it shows none)."""
    try:
        watch = _watches.get(view)
    except TypeError:
        return ""
    return TROUBLE_TEXT.get(watch.notice, "") if watch is not None and watch.notice is not None else ""


def _notice_html(lang: str) -> str:
    return f'<div class="u9-error u9-trouble" role="alert">⚠ {escape(TROUBLE[lang])}</div>'


TROUBLE_TEXT: Final[dict[str, str]] = {_notice_html(lang): text for lang, text in TROUBLE.items()}


def _show(view: Any, watch: _Watch) -> None:
    """Show the notice in ``view``: a box gets it as its first child, an HTML view before its text,
    an output area as its first output."""
    try:
        lang = str(view.lang)
    except Exception:  # the language itself may be what failed
        lang = "en"
    notice = _notice_html(lang if lang in TROUBLE else "en")
    if watch.notice is not None and watch.notice != notice:
        _hide(view, watch)  # the notice in another language: replaced
    watch.notice = notice
    if isinstance(view, w.Box):
        if not any(getattr(child, "value", None) == notice for child in view.children):
            shown = w.HTML(notice)
            shown.add_class("u9-trouble")
            view.children = (shown, *view.children)
    elif isinstance(view, w.HTML):
        if not str(view.value).startswith(notice):
            view.value = notice + str(view.value)
    elif isinstance(view, w.Output):
        view.outputs = ({"output_type": "display_data", "data": {"text/html": notice, "text/plain": TROUBLE[lang]}, "metadata": {}}, *view.outputs)


def _hide(view: Any, watch: _Watch) -> None:
    notice, watch.notice = watch.notice, None
    if isinstance(view, w.Box):
        view.children = tuple(child for child in view.children if not ("u9-trouble" in getattr(child, "_dom_classes", ()) and child.value == notice))
    elif isinstance(view, w.HTML):
        if notice is not None and str(view.value).startswith(notice):
            view.value = str(view.value)[len(notice) :]
    elif isinstance(view, w.Output):
        view.outputs = tuple(out for out in view.outputs if out.get("data", {}).get("text/html") != notice)


# --- a whole number typed exactly -------------------------------------------------------------------


class _NumberText(t.Unicode[str, Any]):
    """A text trait that takes a whole number too, as its digits: ``field.value = 7`` shows ``'7'``."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        return super().validate(obj, value)


class WholeNumber(w.Text):  # type: ignore[misc]
    """A box for a whole number, read exactly as typed: a browser's number box drops a typed "." (1.5
    became 15) and reads a pasted 1.5 as 1, without a word. ``number`` is the whole number typed, or
    the text itself for the engine to refuse in its words ("must be a whole number from 1 to 6, got
    '1.5'"); ``box.value = 3`` shows ``'3'``. Sent on Enter or on leaving the box, as a number box was.

    >>> box = WholeNumber(value=3)
    >>> box.value, box.number
    ('3', 3)
    >>> [WholeNumber(value=typed).number for typed in (" -2 ", "1.5", "", "1e3")]
    [-2, '1.5', '', '1e3']
    """

    value = _NumberText(help="String value").tag(sync=True)
    continuous_update = t.Bool(False, help="Sent on Enter or on leaving the box").tag(sync=True)

    @property
    def number(self) -> int | str:
        text = str(self.value).strip()
        digits = text[1:] if text[:1] in "+-" else text
        if 0 < len(digits) <= 18 and all("0" <= c <= "9" for c in digits):
            return int(text)
        return text


class GameNumber(WholeNumber):
    """The game number field: a text, so that a number of any length is shown and read exactly as
    typed (a browser's number field rounds one past 2**53, clamps -5 to 0 and reads 2.5 as 25);
    ``game_number`` reads it.

    What is typed is sent whole, when the learner presses Enter or leaves the box (for a click on a
    button beside it), not key by key: while the kernel is busy (bots playing, a search) the browser
    sends a widget's first change and holds back the rest until the kernel is done with it, but sends
    a click at once, which then acted on the number as it stood after one key."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chosen = False
        """Has the learner typed a number since the page last showed the game dealt (``show``)?"""
        self._showing = False

    @t.observe("value")
    def _typed_in(self, _change: Any) -> None:
        if not getattr(self, "_showing", True):  # (the first value, set while the box is made, is the page's)
            self.chosen = True

    @property
    def showing(self) -> bool:
        """Is the page showing the number dealt (``show``) just now? A view that plays the number
        typed, at each change, leaves this change alone."""
        return self._showing

    def show(self, number: int) -> None:
        """Show the number of the game dealt (the page's doing, not the learner's)."""
        self._showing = True
        try:
            self.value = number
        finally:
            self._showing = False
        self.chosen = False

    def typed(self, top: int = MAX_INT) -> int | str:
        """The game number in the box (up to ``top``), or the text typed there when it is none, for
        a model to refuse in its words (``as_typed``)."""
        text = str(self.value)
        number = game_number(text, top)
        return text if number is None else number

    def for_new_game(self, dealt: int, top: int = MAX_INT) -> int | str:
        """What New game deals after game ``dealt``: the number typed since that game was shown
        (that game exactly), or else the next one (after ``top``, 0); a learner pressing New game
        expects a new deal, not the same cards again.

        >>> box = GameNumber()
        >>> box.show(3)
        >>> box.for_new_game(3, top=9), box.chosen
        (4, False)
        >>> box.value = "7"
        >>> box.for_new_game(3, top=9), GameNumber(value=9).for_new_game(9, top=9)
        (7, 0)
        """
        if self.chosen or game_number(str(self.value), top) != dealt:
            return self.typed(top)
        return (dealt + 1) % (top + 1)


def game_number(text: str, top: int = MAX_INT) -> int | None:
    """The game number typed: a whole number from 0 to ``top`` (digits 0-9, spaces around
    allowed), exactly; ``None`` for any other text.

    >>> game_number(" 12345678901234567 "), game_number("1e5"), game_number(str(MAX_INT + 1))
    (12345678901234567, None, None)
    >>> game_number("999", top=999), game_number("1000", top=999), game_number("-5"), game_number("2.5")
    (999, None, None, None)
    """
    digits = str(text).strip()
    if not 0 < len(digits) <= len(str(top)) or not all("0" <= c <= "9" for c in digits):
        return None
    number = int(digits)
    return number if number <= top else None


def as_typed(value: object) -> str:
    """A refused game number as a refusal quotes it: a text as typed (spaces around dropped, cut at
    20 characters, ``""`` when empty), anything else by its ``repr``.

    >>> as_typed(" 2.5 "), as_typed("  "), as_typed(-5)
    ('2.5', '""', '-5')
    """
    if isinstance(value, str):
        return value.strip()[:20] or '""'
    return repr(value)[:20]
