"""The toy family fixture (``toyshed``): a package folder, so that no test run puts this folder on
``sys.path`` by itself (that would install the family for ``importlib.metadata``); only
tests/test_plugin_family.py does, for a subprocess, through ``PYTHONPATH``."""
