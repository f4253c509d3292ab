"""Shared test set-up: one derandomized hypothesis profile, so CI runs the same examples every time."""

import contextlib
import os
import signal
import sys
from collections.abc import Iterator

import pytest
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


@pytest.fixture(autouse=True)
def _no_warm_process_left() -> Iterator[None]:
    """A test that starts a published page's kernel in this process (tests/test_warm_kernels.py,
    test_server_stop.py) starts the warm process too (upto9.server.forking), a child of this
    process: a server's ends with the server, a test's ends with the test, so that no later test
    finds a child it did not start (test_simulate_stop counts this process's children)."""
    yield
    forking = sys.modules.get("upto9.server.forking")  # only where a kernel was started here
    if forking is None:
        return
    for warm in forking.ForkProvisioner._warm.values():
        process = warm._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGKILL)
    forking.ForkProvisioner._warm.clear()
