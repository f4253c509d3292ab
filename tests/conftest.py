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


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    """The browser tests' time to interactive per page (tests/test_browser_layout.py), shown in -q runs too."""
    import sys

    layout = sys.modules.get("tests.test_browser_layout")
    lines = layout.timing_table() if layout is not None else []
    if lines:
        terminalreporter.section("time to interactive")
        for line in lines:
            terminalreporter.write_line(line)


def pytest_sessionfinish(session, exitstatus) -> None:  # type: ignore[no-untyped-def]
    """Stop the published site the browser and server modules shared (tests/voila_helpers.py ``shared_site``)."""
    import sys

    helpers = sys.modules.get("tests.voila_helpers")
    if helpers is not None:
        helpers.stop_shared_site()
