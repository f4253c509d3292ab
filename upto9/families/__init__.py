"""The game families this package brings, each a package of its own: ``upto9`` (Up to 9) and
``phase10`` (Phase 10). Each registers its ``FAMILY`` under the ``upto9.families`` entry points
(``pyproject.toml``); nothing here imports them: the engine finds them through ``upto9.plugins``."""
