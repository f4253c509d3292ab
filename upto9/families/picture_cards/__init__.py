"""The picture-card game (Norwegian "Bildekort": its author's game gives it no name) as a game
family: ``family`` (its ``FAMILY``), ``fields`` (its part of a rule set), ``game`` (moves, records,
the view, the scoring and the rules PC1-PC19 and picture rulings 1-10 of ``docs/rules.md``), ``bot`` (stopping policies), its
rule set (``rulesets/picture_cards.toml``) and its message catalog (``locale``). Registered in
``pyproject.toml``. Nothing is imported here, so that the rule reader can load ``fields`` while the
engine is still being imported."""
