"""Phase 10 as a game family: ``family`` (its ``FAMILY``, what the engine asks of the game),
``fields`` (its part of a rule set: the deck), ``cards``, ``phases`` (groups, melds and the
checker), ``bot`` and its message catalog (``locale``). Registered in ``pyproject.toml``
(``upto9.plugins``). Nothing is imported here, so that the rule reader can load ``fields`` while
the engine is still being imported."""
