"""The level-table designer's page view: pick a game and a target shape of difficulty, Design, read
the best tables beside the standard one (each level's chance with its 95 % interval and the number
of deals), refine with more deals, export the house-rule file and take it to the lab.

``DesignerModel`` holds the state (traitlets, no widgets); ``LevelDesigner`` draws it with one
``redraw``. Every number comes from the engine (``upto9.designer``); nothing here measures a level.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any, Final
from urllib.parse import quote

import ipywidgets as w
import traitlets as t

from upto9.designer import FIRST_DEALS, Candidate, Designer, Shape, Target, to_house_rules
from upto9.rules import PHASE10, UPTO9, Rules

from ._common import ModelLanguage, guard
from .figures import figure_output
from .nav import page_url
from .texts import budget_text, check_lang, contract_text, level_title, percent_text, percent_ticks

__all__ = ["GAMES", "TEXTS", "DesignerModel", "LevelDesigner", "parse_percentages"]

GAMES: Final[dict[str, Rules]] = {"upto9": UPTO9, "phase10": PHASE10}
"""The games the designer offers, by key."""

REFINE_DEALS: Final = 300
"""Deals each "refine" adds."""

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "game": "Game",
        "shape": "Target",
        "falling": "Each level harder than the one before",
        "even": "An even climb (first and last level's chance)",
        "typed": "My own chance for each level",
        "percent": "Percentages",
        "percent_even": "Two percentages: the first level's chance and the last level's, e.g. 95, 35",
        "percent_typed": "One percentage per level ({count}), separated by commas or spaces",
        "design": "Design",
        "refine": "Refine: {deals} more deals",
        "refining": "Refining on {deals} deals while you read:",
        "working": "Searching on {deals} deals…",
        "measure": (
            "How hard a level is, here: the chance that a dealt hand plus the next 10 cards from the deck "
            "holds the level's lay-down (a 4-player table). Every table is measured on the same shuffled "
            "decks, so two tables differ by what their levels ask, not by the luck of the deal."
        ),
        "distance": (
            "Distance to the target: how far the chances miss it, as a root mean square in percentage points "
            "(0 = met). The search changes one value of one level at a time, only to values the rules accept."
        ),
        "pick": "Candidate",
        "level": "Level",
        "standard": "Standard",
        "candidate": "Candidate {n}",
        "note": "Chance after the deal and 10 draws, with its 95 % interval, on {deals} deals. Changed levels in bold.",
        "summary": "Candidate {n}: distance {distance} points (standard table: {standard}); changes {what} {levels}.",
        "what_level": "levels",
        "what_phase": "phases",
        "summary_same": "The standard table is already the closest found: distance {distance} points.",
        "chart": "Chance of holding each level after 10 draws",
        "goal": "Target",
        "export": "The house-rule file",
        "download": "Download {file}",
        "lab": "Try it in the house-rule lab",
        "lab_how": "Save the file; {command} prints its level table. In the lab, set the bold levels as the file has them and compare on the same games.",
        "no_numbers": "Type numbers between 0 and 100, separated by commas or spaces; “{bad}” is not one.",
        "wrong_count": "Type {want} percentages; you typed {got}.",
        "none_yet": "Press Design to search.",
        "steps": "{done} of {total} level steps",
    },
    "nb": {
        "game": "Spill",
        "shape": "Mål",
        "falling": "Hvert nivå vanskeligere enn det før",
        "even": "En jevn stigning (første og siste nivås sjanse)",
        "typed": "Min egen sjanse for hvert nivå",
        "percent": "Prosenter",
        "percent_even": "To prosenter: første nivås sjanse og siste nivås, f.eks. 95, 35",
        "percent_typed": "Én prosent per nivå ({count}), skilt med komma eller mellomrom",
        "design": "Design",
        "refine": "Forbedre: {deals} utdelinger til",
        "refining": "Forbedrer på {deals} utdelinger mens du leser:",
        "working": "Søker på {deals} utdelinger …",
        "measure": (
            "Hvor vanskelig et nivå er, her: sjansen for at en utdelt hånd pluss de 10 neste kortene fra bunken "
            "holder nivåets utlegg (et bord med 4 spillere). Alle tabeller måles på de samme stokkede bunkene, "
            "så to tabeller skiller seg på hva nivåene krever, ikke på flaksen i utdelingen."
        ),
        "distance": (
            "Avstand til målet: hvor mye sjansene bommer, som kvadratisk gjennomsnitt i prosentpoeng (0 = truffet). "
            "Søket endrer én verdi på ett nivå om gangen, bare til verdier reglene godtar."
        ),
        "pick": "Kandidat",
        "level": "Nivå",
        "standard": "Standard",
        "candidate": "Kandidat {n}",
        "note": "Sjanse etter utdelingen og 10 trekk, med 95 %-intervall, på {deals} utdelinger. Endrede nivåer i fet skrift.",
        "summary": "Kandidat {n}: avstand {distance} poeng (standardtabellen: {standard}); endrer {what} {levels}.",
        "what_level": "nivå",
        "what_phase": "fase",
        "summary_same": "Standardtabellen er allerede den nærmeste som ble funnet: avstand {distance} poeng.",
        "chart": "Sjansen for å holde hvert nivå etter 10 trekk",
        "goal": "Mål",
        "export": "Husregelfilen",
        "download": "Last ned {file}",
        "lab": "Prøv den i husregel-laben",
        "lab_how": (
            "Lagre filen; {command} skriver ut nivåtabellen. I laben: sett nivåene i fet skrift slik filen har dem, og sammenlign på de samme spillene."
        ),
        "no_numbers": "Skriv tall mellom 0 og 100, skilt med komma eller mellomrom; «{bad}» er ikke ett av dem.",
        "wrong_count": "Skriv {want} prosenter; du skrev {got}.",
        "none_yet": "Trykk Design for å søke.",
        "steps": "{done} av {total} nivåsteg",
    },
}

_NUMBER = re.compile(r"^\d+(?:[.,]\d+)?$")


def parse_percentages(text: str, want: int, lang: str = "en") -> tuple[float, ...]:
    """The chances typed as percentages (``"95, 35"``; Norwegian decimal commas need spaces
    between numbers), as shares; ``ValueError`` with one plain line when it is not ``want``
    numbers from 0 to 100.

    >>> parse_percentages("95, 35", 2)
    (0.95, 0.35)
    >>> parse_percentages("90 x", 2)
    Traceback (most recent call last):
    ...
    ValueError: Type numbers between 0 and 100, separated by commas or spaces; “x” is not one.
    """
    texts = TEXTS[check_lang(lang)]
    parts = [p for p in re.split(r"[;\s]+|,\s+|,(?=\d+\s*(?:,|$))", text.strip()) if p] if text.strip() else []
    if len(parts) == 1 and "," in parts[0] and not _NUMBER.match(parts[0]):
        parts = [p for p in parts[0].split(",") if p]
    values = []
    for part in parts:
        part = part.removesuffix("%")
        if not _NUMBER.match(part) or float(part.replace(",", ".")) > 100:
            raise ValueError(texts["no_numbers"].format(bad=part[:20]))
        values.append(round(float(part.replace(",", ".")) / 100, 6))
    if len(values) != want:
        raise ValueError(texts["wrong_count"].format(want=want, got=len(values)))
    return tuple(values)


class DesignerModel(t.HasTraits):
    """The designer's state: game, target, the candidates found and the error in words.

    >>> m = DesignerModel()
    >>> m.shape, m.candidates, m.error
    ('falling', [], '')
    >>> m.shape = "typed"; m.percentages = "90, eighty"; m.design(seconds=1)
    >>> m.error
    'Type numbers between 0 and 100, separated by commas or spaces; “eighty” is not one.'
    """

    lang = t.Unicode("en")
    game = t.Unicode("upto9")
    shape = t.Unicode(Shape.FALLING.value)
    percentages = t.Unicode("95, 35")
    error = t.Unicode("")
    picked = t.Int(0)
    version = t.Int(0)  # bumped when new candidates arrive

    def __init__(self, *, deals: int = FIRST_DEALS, seconds: float = 25.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.deals = deals
        self.seconds = seconds
        self.designer: Designer | None = None
        self.candidates: list[Candidate] = []
        self.standard: Candidate | None = None

    @property
    def rules(self) -> Rules:
        return GAMES[self.game]

    def target(self) -> Target:
        """The target the controls describe; ``ValueError`` in words if the percentages are not usable."""
        shape = Shape(self.shape)
        if shape is Shape.FALLING:
            return Target(shape)
        want = 2 if shape is Shape.EVEN else len(self.rules.levels)
        return Target(shape, parse_percentages(self.percentages, want, self.lang))

    @t.observe("game", "shape")
    def _changed(self, _change: Any) -> None:
        # A new game or target makes the old candidates answer another question.
        self.designer, self.candidates, self.standard, self.error, self.picked = None, [], None, "", 0
        shape = Shape(self.shape)
        if shape is not Shape.FALLING:  # a starting point of the right length, unless what is typed fits already
            want = 2 if shape is Shape.EVEN else len(self.rules.levels)
            try:
                parse_percentages(self.percentages, want, self.lang)
            except ValueError:
                goals = Target(Shape.EVEN, (0.95, 0.35)).goals(want) or ()
                self.percentages = ", ".join(str(round(100 * g)) for g in goals)
        self.version += 1

    @t.observe("percentages")
    def _retyped(self, _change: Any) -> None:
        # Chances typed anew are another target: the candidates found answer the old one, and
        # "Refine" would go on refining them (it designs anew once they are gone).
        if Shape(self.shape) is not Shape.FALLING and (self.designer is not None or self.candidates):
            self.designer, self.candidates, self.standard, self.picked = None, [], None, 0
            self.version += 1

    def design(self, seconds: float | None = None, progress: Any = None) -> None:
        """Search from the standard table on the first deals."""
        try:
            target = self.target()
        except ValueError as error:
            self.error = str(error)
            return
        self.error = ""
        self.designer = Designer(self.rules, target, deals=self.deals)
        self._found(self.designer.search(self.seconds if seconds is None else seconds, progress))

    def refine(self, seconds: float | None = None, progress: Any = None) -> None:
        """More deals, and search again from the best table so far (nothing to refine before Design)."""
        if self.designer is None:
            self.design(seconds, progress)
            return
        self._found(self.designer.refine(REFINE_DEALS, self.seconds if seconds is None else seconds, progress))

    def _found(self, candidates: list[Candidate]) -> None:
        assert self.designer is not None
        self.candidates = candidates
        self.standard = self.designer.standard()
        self.picked = 0
        self.version += 1

    def house_toml(self) -> str:
        """The picked candidate's house-rule file ("" before any)."""
        if not self.candidates:
            return ""
        return to_house_rules(self.candidates[min(self.picked, len(self.candidates) - 1)], self.rules)


def _cell(found: Candidate, number: int, rules: Rules, lang: str, bold: bool, budget: str = "") -> str:
    """A level's contract and chance, and ``budget``, its jokers in words, when given (where the two
    tables differ in them alone, the contract reads the same and only the budget says what changed)."""
    chance = found.chances[number - 1]
    words = escape(contract_text(found.rules.level(number), lang, rules=rules))
    words = f"<b>{words}</b>" if bold else words
    if budget:
        words += f"<br><span class='u9-note'>{escape(budget)}</span>"
    ci = f"{percent_text(chance.low, lang, 0)}–{percent_text(chance.high, lang, 0)}"
    return f"{words}<br>{percent_text(chance.value, lang, 0)} <span class='u9-ci' style='white-space: nowrap'>({ci})</span>"


def _points(distance: float, lang: str) -> str:
    return percent_text(distance, lang, 1).replace("%", "").replace("\u00a0", "").strip()


class LevelDesigner(ModelLanguage, w.VBox):  # type: ignore[misc]
    """The designer's view of a ``DesignerModel``."""

    def __init__(self, model: DesignerModel | None = None, *, lang: str = "en", deals: int = FIRST_DEALS, seconds: float = 25.0, auto_refines: int = 0) -> None:
        self.model = model if model is not None else DesignerModel(deals=deals, seconds=seconds, lang=check_lang(lang))
        # Refines run after a first answer is drawn, each with REFINE_DEALS more deals: the answer
        # sharpens while the learner reads it (the page: 2; the tests: none, to stay quick).
        self.auto_refines = auto_refines
        self._busy = False  # a design and its refines under way: the buttons are off
        self._explain = w.HTML()
        self._game = w.ToggleButtons(options=[(UPTO9.name, "upto9"), (PHASE10.name, "phase10")], value=self.model.game, style={"button_width": "8em"})
        self._game_label = w.HTML()
        self._shape_label = w.HTML()
        self._shape = w.Dropdown(layout=w.Layout(width="30em", max_width="100%"))
        self._percent_help = w.HTML()
        # Sent whole, on Enter or on leaving the box (for Design's click): widgets.stepper.GameNumber says why.
        self._percent = w.Text(value=self.model.percentages, continuous_update=False, layout=w.Layout(width="20em", max_width="100%"))
        self._design = w.Button(button_style="primary", icon="search", layout=w.Layout(width="auto", min_height="44px"))
        self._refine = w.Button(icon="plus", layout=w.Layout(width="auto", min_height="44px", margin="0 0 0 8px"))
        self._bar = w.IntProgress(min=0, max=1, layout=w.Layout(width="14em", max_width="60%"))
        self._bar_text = w.HTML(layout=w.Layout(max_width="100%"))  # HTML wraps on a phone; a Label would not
        self.progress = w.HBox([self._bar, self._bar_text], layout=w.Layout(display="none", align_items="center", flex_flow="row wrap"))
        self._error = w.HTML()
        self._summary = w.HTML()
        self._pick = w.ToggleButtons(style={"button_width": "7em"})
        self._table = w.HTML()
        self._chart = w.Output(layout=w.Layout(width="100%", margin="2px 0"))  # no side margin: nothing past the phone's edge
        self._export_label = w.HTML()
        self._toml = w.Textarea(disabled=True, layout=w.Layout(width="100%", max_width="46em", height="12em", margin="2px 0"))
        self._links = w.HTML()
        self._results = w.VBox([self._summary, self._pick, self._table, self._chart, self._export_label, self._toml, self._links])
        super().__init__(
            [
                self._explain,
                self._game_label,
                self._game,
                self._shape_label,
                self._shape,
                self._percent_help,
                self._percent,
                w.HBox([self._design, self._refine], layout=w.Layout(flex_flow="row wrap")),
                self.progress,
                self._error,
                self._results,
            ],
            layout=w.Layout(max_width="100%"),
        )
        self.add_class("u9-designer")
        self._game.observe(guard(self, lambda c: setattr(self.model, "game", c["new"])), names="value")
        self._shape.observe(guard(self, lambda c: self._set_shape(c["new"])), names="value")
        self._percent.observe(guard(self, lambda c: setattr(self.model, "percentages", c["new"])), names="value")
        self._pick.observe(guard(self, lambda c: self._set_pick(c["new"])), names="value")
        self._design.on_click(guard(self, lambda _b: self.run(refine=False)))
        self._refine.on_click(guard(self, lambda _b: self.run(refine=True)))
        self.model.observe(guard(self, lambda _c: self.redraw()), names=["lang", "version", "error", "picked", "shape", "game"])
        self.redraw()

    def _set_shape(self, value: Any) -> None:
        if value is not None:
            self.model.shape = value

    def _set_pick(self, value: Any) -> None:
        if value is not None:
            self.model.picked = value

    def run(self, refine: bool = False) -> None:
        """Design (or refine), moving the progress bar level by level; after a first answer, refine it
        ``auto_refines`` times, each drawn as it comes, while the learner reads the one before."""
        # The buttons stay off from the first answer through its refines: on for a moment between
        # two, a click then met a button turned off again and was lost.
        self._busy = True
        try:
            self._run_once(refine)
            for _ in range(self.auto_refines if not refine else 0):
                if self.model.designer is None or self.model.error:
                    break
                self._run_once(True, reading=True)
        finally:
            self._busy = False
            self.redraw()

    def _run_once(self, refine: bool, reading: bool = False) -> None:
        model = self.model
        deals = model.deals if not refine or model.designer is None else model.designer.deals + REFINE_DEALS
        if not reading:  # the answer shown stays while it is refined
            self._summary.value = escape(TEXTS[model.lang]["working"].format(deals=deals))

        def moved(done: int, total: int) -> None:
            self.progress.layout.display = None
            self._bar.max, self._bar.value = max(total, 1), done
            steps = TEXTS[model.lang]["steps"].format(done=done, total=total)
            said = f"{TEXTS[model.lang]['refining'].format(deals=deals)} {steps}" if reading else steps
            self._bar_text.value = f"<span style='font-size:14px'>{escape(said)}</span>"

        self._design.disabled = self._refine.disabled = True
        try:
            (model.refine if refine else model.design)(progress=moved)
        finally:
            self.progress.layout.display = "none"
            self.redraw()

    def redraw(self) -> None:
        model = self.model
        lang = model.lang
        texts = TEXTS[lang]
        self._explain.value = f"<p>{escape(texts['measure'])}</p><p>{escape(texts['distance'])}</p>"
        self._game_label.value = f"<b>{escape(texts['game'])}</b>"
        self._shape_label.value = f"<b>{escape(texts['shape'])}</b>"
        if self._game.value != model.game:
            self._game.value = model.game
        options = [(texts[s.value], s.value) for s in Shape]
        if list(self._shape.options) != options:
            self._shape.options = options
        if self._shape.value != model.shape:
            self._shape.value = model.shape
        shape = Shape(model.shape)
        typed = shape is not Shape.FALLING
        self._percent.layout.display = None if typed else "none"
        help_key = "percent_even" if shape is Shape.EVEN else "percent_typed"
        self._percent_help.value = f"<label>{escape(texts[help_key].format(count=len(model.rules.levels)))}</label>" if typed else ""
        if self._percent.value != model.percentages:
            self._percent.value = model.percentages
        self._design.description = texts["design"]
        self._refine.description = texts["refine"].format(deals=REFINE_DEALS)
        self._design.disabled = self._busy
        self._refine.disabled = self._busy or model.designer is None
        self._error.value = f"<p class='u9-error' role='alert'>{escape(model.error)}</p>" if model.error else ""
        self._draw_results(lang)

    def _draw_results(self, lang: str) -> None:
        model = self.model
        texts = TEXTS[lang]
        found, standard = model.candidates, model.standard
        self._results.layout.display = None if found and standard else "none"
        if not found or standard is None:
            self._summary.value = f"<p>{escape(texts['none_yet'])}</p>"
            self._chart.outputs = ()
            return
        picks = [(texts["candidate"].format(n=i + 1), i) for i in range(len(found))]
        if list(self._pick.options) != picks:
            self._pick.options = picks
        picked = min(model.picked, len(found) - 1)
        if self._pick.value != picked:
            self._pick.value = picked
        best = found[picked]
        rules = model.rules
        if best.changed:
            levels = ", ".join(str(n) for n in best.changed)
            what = texts[f"what_{rules.level_word}"]
            summary = texts["summary"].format(
                n=picked + 1, distance=_points(best.distance, lang), standard=_points(standard.distance, lang), what=what, levels=levels
            )
        else:
            summary = texts["summary_same"].format(distance=_points(best.distance, lang))
        self._summary.value = f"<p>{escape(summary)}</p>"
        word = level_title(rules, 0, lang).removesuffix("0").strip()
        head = f"<tr><th>{escape(word)}</th><th>{escape(texts['standard'])}</th><th>{escape(texts['candidate'].format(n=picked + 1))}</th></tr>"
        rows = []
        for level in rules.levels:
            n = level.number
            before, after = (budget_text(found.rules.level(n), lang, rules=rules) for found in (standard, best))
            shown = ("", "") if before == after else (before, after)
            cells = _cell(standard, n, rules, lang, False, shown[0]), _cell(best, n, rules, lang, n in best.changed, shown[1])
            rows.append(f"<tr><td>{n}</td><td>{cells[0]}</td><td>{cells[1]}</td></tr>")
        note = texts["note"].format(deals=best.deals)
        self._table.value = (
            f"<div class='u9-table-scroll'><table class='u9-table u9-designer-table'><caption style='text-align: left'>{escape(note)}</caption>"
            f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>"
        )
        self._chart.outputs = (figure_output(self._figure(standard, best, lang)),)
        text = model.house_toml()
        self._toml.value = text
        self._export_label.value = f"<b>{escape(texts['export'])}</b>"
        download = escape(texts["download"].format(file="designed.toml"))
        how = escape(texts["lab_how"]).format(command="<code>upto9 levels --rules designed.toml</code>")
        lab = escape(texts["lab"])
        self._links.value = (
            f"<p><a download='designed.toml' href='data:text/plain;charset=utf-8,{quote(text)}'>{download}</a></p>"
            f"<p><a href='{escape(page_url('5_house_rule_lab.ipynb', lang))}' target='_blank'>{lab}</a><br>{how}</p>"
        )

    def _figure(self, standard: Candidate, best: Candidate, lang: str) -> Any:
        import plotly.graph_objects as go

        texts = TEXTS[lang]
        model = self.model
        numbers = [lv.number for lv in model.rules.levels]
        fig = go.Figure()
        for found, name, colour in ((standard, texts["standard"], "#777777"), (best, texts["candidate"].format(n=model.picked + 1), "#6a3d9a")):
            values = [c.value for c in found.chances]
            fig.add_trace(
                go.Scatter(
                    x=numbers,
                    y=values,
                    name=name,
                    mode="lines+markers",
                    line={"color": colour},
                    error_y={
                        "type": "data",
                        "symmetric": False,
                        "array": [c.high - c.value for c in found.chances],
                        "arrayminus": [c.value - c.low for c in found.chances],
                    },
                )
            )
        goals = model.designer.target.goals(len(numbers)) if model.designer is not None else None
        if goals is not None:
            fig.add_trace(go.Scatter(x=numbers, y=list(goals), name=texts["goal"], mode="lines", line={"color": "#e66101", "dash": "dash"}))
        fig.update_layout(
            title={"text": texts["chart"], "font": {"size": 14}},
            template="plotly_white",
            height=340,
            separators=",\u00a0" if lang == "nb" else ".,",
            margin={"l": 50, "r": 20, "t": 50, "b": 40},
            legend={"orientation": "h", "y": -0.15, "x": 0, "yanchor": "top"},
        )
        fig.update_xaxes(
            title=None, tickmode="array", tickvals=numbers, ticktext=[level_title(model.rules, n, lang) if len(numbers) < 5 else str(n) for n in numbers]
        )
        fig.update_yaxes(range=[0, 1.05], **percent_ticks(lang))
        return fig
