"""Is the site's voila.json readable? Run before the server: ``python -m upto9.server.settings voila.json``.

traitlets reads a voila.json that is no JSON (a trailing comma, a missing brace) by logging a
traceback and going on without it: Voila then serves the whole project folder with its own
template, no kernel limit and none of the site's pages as they are published. ``make serve``,
``make serve-class`` and the service (``ExecStartPre``) run this first, so that such a file stops
the server with one line naming where it is wrong. Wrong values in a readable file are the
server's own to name (``ClassKernelManager``, traitlets).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "voila.json").write_text('{"Voila": {"port": 8866,}}')
>>> print(problem(folder / "voila.json"))
voila.json is not valid JSON, line 1, column 25: Expecting property name enclosed in double quotes
>>> _ = (folder / "voila.json").write_text('{"Voila": {"port": 8866}}')
>>> problem(folder / "voila.json") is None
True
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["main", "problem"]


def problem(path: Path) -> str | None:
    """What is wrong with the settings file at ``path`` as a whole (``None``: it is a JSON object)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return f"{path.name} cannot be read: {error}"
    try:
        settings = json.loads(text)
    except json.JSONDecodeError as error:
        return f"{path.name} is not valid JSON, line {error.lineno}, column {error.colno}: {error.msg}"
    if not isinstance(settings, dict):
        return f"{path.name} must hold a JSON object of settings ({{...}}), not a {type(settings).__name__}"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Exit status 0 if the file (default ``voila.json`` here) reads as settings, else 1 with one line."""
    args = list(sys.argv[1:] if argv is None else argv)
    path = Path(args[0] if args else "voila.json")
    found = problem(path)
    if found is None:
        return 0
    print(f"The server did not start: {found} ({path.resolve()})", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
