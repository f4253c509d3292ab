"""3UP 3DOWN as a game family: ``family`` (its ``FAMILY``), ``fields`` (its part of a rule set),
``cards``, ``round`` (moves, records, the view and the rules T1-T18 of ``docs/rules.md``), ``bot``,
its rule set (``rulesets/threeup.toml``) and its message catalog (``locale``). Registered in
``pyproject.toml`` (``upto9.plugins``). Nothing is imported here, so that the rule reader can load
``fields`` while the engine is still being imported."""
