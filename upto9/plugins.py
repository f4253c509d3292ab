"""Where the engine finds its game families: the ``upto9.families`` and ``upto9.rule_fields``
entry points.

A game family is a package that tells the engine how its game is played (``upto9.family``
describes what it supplies). It registers itself in its own ``pyproject.toml``, the Python
packaging convention for plug-ins, so a family can live in a package of its own::

    [project.entry-points."upto9.families"]
    threeup = "threeup_family:FAMILY"
    [project.entry-points."upto9.rule_fields"]
    threeup = "threeup_family.fields"

The second names the module that reads the family's own rule-set fields
(``upto9.rules.FamilyFieldsReader``): a light module, which imports no more of the engine than
``upto9.rules``, because the engine reads its built-in rule sets while ``upto9.rules`` is being
imported, before a family's package (which imports the engine) can be. Up to 9 and Phase 10
register the same way (this project's ``pyproject.toml``). A rule set's ``family`` value is the
entry points' name. This module loads the object only; the modules that
use it check that it is what they need (``upto9.rules.family_rules``, ``upto9.family.family_of``).
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from typing import Final

__all__ = ["ENTRY_POINT_GROUP", "FIELDS_GROUP", "FamilyNotFound", "family_keys", "load_family", "load_fields_reader"]

ENTRY_POINT_GROUP: Final = "upto9.families"
"""The entry-point group a game family registers in."""

FIELDS_GROUP: Final = "upto9.rule_fields"
"""The entry-point group a family registers its rule-set fields' reader in (the same name)."""


class FamilyNotFound(LookupError):
    """No installed package registers a family of this key."""


@cache
def _entry_points(group: str = ENTRY_POINT_GROUP) -> dict[str, metadata.EntryPoint]:
    # Read once: the installed distributions do not change while the process runs.
    return {point.name: point for point in metadata.entry_points(group=group)}


def family_keys() -> tuple[str, ...]:
    """The keys of every registered family, sorted.

    >>> family_keys()
    ('phase10', 'picture_cards', 'threeup', 'upto9')
    """
    return tuple(sorted(_entry_points()))


@cache
def load_family(key: str) -> object:
    """The object the family ``key`` registers (loaded once, on first use).

    >>> type(load_family("upto9")).__name__
    'UpTo9Family'
    >>> load_family("poker")
    Traceback (most recent call last):
    ...
    upto9.plugins.FamilyNotFound: no game family 'poker' is installed; the installed ones are 'phase10', 'picture_cards', 'threeup', 'upto9'
    """
    point = _entry_points().get(key)
    if point is None:
        known = ", ".join(repr(k) for k in family_keys())
        raise FamilyNotFound(f"no game family {key!r} is installed; the installed ones are {known}")
    return point.load()


@cache
def load_fields_reader(key: str) -> object:
    """What the family ``key`` registers to read its own rule-set fields (loaded once).

    >>> load_fields_reader("phase10").__name__
    'upto9.families.phase10.fields'
    """
    if key not in _entry_points():
        load_family(key)  # says which families are installed
    point = _entry_points(FIELDS_GROUP).get(key)
    if point is None:
        raise FamilyNotFound(f"the game family {key!r} registers no reader of its rule-set fields (entry points {FIELDS_GROUP!r})")
    return point.load()
