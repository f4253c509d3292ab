"""Shared test set-up: one derandomized hypothesis profile, so CI runs the same examples every time."""

from hypothesis import HealthCheck, settings

# Derandomized: the same examples on every run and machine; no example database left behind.
settings.register_profile(
    "upto9",
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("upto9")
