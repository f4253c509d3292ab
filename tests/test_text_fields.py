"""A button acts on what was typed beside it, however busy the kernel is.

While a kernel is busy (bots playing, a design refining), the browser sends a widget's first change
and holds back its later ones until the kernel has answered the first, but sends a button's click
at once. A box that sent every key (``continuous_update``) then had the click act on its first key:
a game number "123" played as game 1, a typed target "90, 80, lots" designed as "9". Every box a
learner types into on the published pages sends what is typed whole, on Enter or on leaving the box
(which a click on a button does first), except the penalty counter's, which counts at every key and
has no button.

The pages' code runs here as the site's warm process rehearses it (in a process of its own, from
the notebooks' folder); the browser tests type and click at once (tests/test_browser.py's game
number, tests/test_browser_designer.py's target, tests/test_browser_picture_tips.py's house rules).
"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.voila_helpers import ROOT

PROBE = """
import json
from pathlib import Path

import ipywidgets as w
from ipywidgets.widgets.widget import _instances

from upto9.widgets.tour import PenaltyCounter

found = {}
for notebook in sorted(Path(".").glob("*.ipynb")):
    names = {"__name__": "__main__"}
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), str(notebook), "exec"), names)
    widgets = list(_instances.values())
    counting = {id(view._text) for view in widgets if isinstance(view, PenaltyCounter)}
    boxes = [x for x in widgets if isinstance(x, (w.Text, w.Textarea)) and not x.disabled]
    found[notebook.name] = {
        "boxes": len(boxes),
        "key_by_key": sorted(type(x).__name__ + ": " + repr(x.value[:20]) for x in boxes if x.continuous_update and id(x) not in counting),
    }
    w.Widget.close_all()
print(json.dumps(found))
"""


def test_every_box_a_learner_types_into_sends_what_is_typed_whole() -> None:
    run = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT / "notebooks", capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert len(found) >= 11, sorted(found)  # every published page ran
    assert {page: seen["key_by_key"] for page, seen in found.items() if seen["key_by_key"]} == {}
    # The pages hold such boxes: a game number (stepper, seat, picture-card game), a target, a file.
    for page in ("3_round_stepper.ipynb", "4_level_atlas.ipynb", "9_picture_cards_play.ipynb", "10_picture_cards_tips.ipynb", "11_play.ipynb"):
        assert found[page]["boxes"] >= 1, (page, found[page])
