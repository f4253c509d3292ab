"""Toyshed: a tiny shedding game in the spirit of 3UP 3DOWN, plugged into upto9 from outside the
package (``tests/plugin_family`` on ``sys.path`` installs it: ``toyshed-0.1.dist-info`` registers
``toyshed.family:FAMILY`` under ``upto9.families`` and ``toyshed.fields`` under ``upto9.rule_fields``).

Nothing here is imported at the top: the engine loads ``toyshed.fields`` while it reads rule sets,
and ``toyshed.family`` when a game of the family is played.
"""
