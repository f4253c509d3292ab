"""A game's own explainer widgets: the tours and play pages that teach one game's rules, beside that
game's notebooks. They may import their family's package (its positions, its bots); the widgets
one level up draw every game through the family protocol and never ask which game it is
(tests/test_family_widgets.py). A new game brings its pages here, its rules in ``upto9/families/``.
"""
