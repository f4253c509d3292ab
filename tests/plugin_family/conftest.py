"""The family's package is no test module, and its rule tests need it installed: a normal run
(``--doctest-modules`` reads every file) leaves both unread; with ``tests/plugin_family`` on
``PYTHONPATH`` (tests/test_plugin_family.py) the rule tests run."""

from importlib.util import find_spec

collect_ignore = ["toyshed"] if find_spec("toyshed") else ["toyshed", "toyshed_rules.py"]
