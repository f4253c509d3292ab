"""Starting the published site (Voila, configured by the top-level voila.json) for the server and
browser tests, and finding the headless Chromium the browser tests drive."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shlex
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import pytest
from upto9.server.forking import ForkProvisioner

ROOT = Path(__file__).resolve().parents[1]
CONFIG = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
TEMPLATES = ROOT / "share" / "jupyter"
"""Where Voila finds the site's template (voila.json's ``template``) and the pages' kernel: on
JUPYTER_PATH, as ``make serve`` sets it (voila.json's ``ClassKernelManager.site_data`` names it too)."""
SITE = ROOT / CONFIG["Voila"]["root_dir"]
PUBLISHED = sorted(p.name for p in SITE.glob("*.ipynb"))
"""The explainers the site publishes: every notebook in voila.json's root_dir."""

OUTPUT = ROOT / "test-output"
CHROMIUM_PACKAGE = "chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"]
REQUIRE_BROWSER = os.environ.get("UPTO9_REQUIRE_BROWSER", "") not in ("", "0")
"""Set by .ci/run: a missing browser fails the browser tests instead of skipping them."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(url: str, timeout: float = 180) -> tuple[int, str, str]:
    """(status, final URL, body) of a GET; HTTP errors are answers too."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.geturl(), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, url, error.read().decode("utf-8", "replace")


TEST_POOLS: dict[str, dict[str, int]] = {"default": {"pool_size": 1}}
"""The tests' preheated pools: one kernel per page. voila.json's pools are sized for a class (30
for the hand checker), and every test server heating 35 kernels would swamp the CI machine."""


def pools_option(pools: dict[str, dict[str, int]]) -> str:
    """The command-line option that sets Voila's preheated pools (traitlets reads a dict as JSON)."""
    return f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}"


NO_SPARES: Final = "--ClassKernelManager.spare_kernels=0"
"""The test servers' pools come without voila.json's spare kernels (a server takes each option once)."""
START_TIMEOUT_S: Final = 90.0
"""How long a test server may take to answer its first request: Voila answers within seconds on a
quiet machine; the margin is for the shared 2-core CI machine, with other servers heating pools."""
STOP_TIMEOUT_S: Final = 20.0
"""How long a server may take to stop (it shuts its kernels down first) before it is killed."""
VOILA: Final = (sys.executable, "-m", "voila", "--no-browser")
"""The command that starts Voila (this venv's), before the port and the other options."""


def wait_for_answer(url: str, process: subprocess.Popen[bytes], what: str, log: Path, timeout: float, context: ssl.SSLContext | None = None) -> None:
    """Wait until ``url`` answers 200 (over TLS with ``context``); a RuntimeError naming ``what``
    and its ``log`` if ``process`` exits first (with the log's end) or nothing answers in ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            tail = log.read_text(encoding="utf-8", errors="replace")[-3000:] if log.exists() else ""
            raise RuntimeError(f"{what} exited with {process.returncode}; see {log}:\n{tail}")
        try:
            with urllib.request.urlopen(url, timeout=5, context=context) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not answer on {url} within {timeout:g} s; see {log}")
        time.sleep(0.3)


def stop_process(process: subprocess.Popen[bytes], timeout: float = STOP_TIMEOUT_S) -> None:
    """Terminate ``process``; kill it if it has not ended within ``timeout`` seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


class VoilaServer:
    """``voila`` started from the project's top folder (so voila.json applies) on a free port, or
    from another ``folder`` holding its own voila.json; ``drop_env`` names variables the server
    must not inherit, ``env`` adds or replaces some (after JUPYTER_PATH, which finds the site's
    template). ``pools`` replaces voila.json's preheated pools (:data:`TEST_POOLS` unless given;
    ``None`` keeps the published ones, and its spare kernels, which other pools go without), and ``options`` are more command-line options, after the
    others (so they win): e.g. ``--ClassKernelManager.max_kernels=3``.

    ``command`` is what runs before the port and the options (:data:`VOILA`; e.g. a service file's
    ExecStart); ``ip`` the address it binds (``None``: voila.json's). ``base_url`` is where the site
    is served (Voila's ``--Voila.base_url``, added unless the command line sets it already): the
    readiness probe asks for it and :meth:`page` follows it. The server is ready once its home page
    answers, within ``timeout`` seconds; ``new_session`` starts it in a session of its own, so that
    a Ctrl-C in the terminal reaches only the caller (which then stops the server itself)."""

    stop_timeout: float = STOP_TIMEOUT_S
    """How long :meth:`stop` waits for the server to end before it kills it."""

    def __init__(
        self,
        log_name: str = "voila.log",
        folder: Path = ROOT,
        drop_env: tuple[str, ...] = (),
        pools: dict[str, dict[str, int]] | None = TEST_POOLS,
        options: tuple[str, ...] = (),
        *,
        env: Mapping[str, str] | None = None,
        command: Sequence[str] = VOILA,
        ip: str | None = "127.0.0.1",
        base_url: str = "/",
        timeout: float = START_TIMEOUT_S,
        new_session: bool = False,
    ) -> None:
        if not (base_url.startswith("/") and base_url.endswith("/")):
            raise ValueError(f"base_url must begin and end with '/', not {base_url!r}")
        words = [*command, *options]
        given = [w.removeprefix("--Voila.base_url=") for w in words if w.startswith("--Voila.base_url=")]
        if given and given[-1] != base_url:
            raise ValueError(f"base_url is {base_url!r} but the command line sets --Voila.base_url={given[-1]}")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        """The server's origin (without the base URL)."""
        self.base_url = base_url
        OUTPUT.mkdir(exist_ok=True)
        self.log_path = OUTPUT / log_name
        self._log = self.log_path.open("w", encoding="utf-8")
        environ = {**os.environ, "PYTHONUNBUFFERED": "1"}
        environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), os.environ.get("JUPYTER_PATH", "")) if p)
        for name in ("QUERY_STRING", *drop_env):
            environ.pop(name, None)
        environ.update(env or {})
        self.process = subprocess.Popen(
            [
                *command,
                f"--port={self.port}",
                *([f"--Voila.ip={ip}"] if ip is not None else []),
                *([f"--Voila.base_url={base_url}"] if base_url != "/" and not given else []),
                *([pools_option(pools)] if pools is not None else []),
                # The tests' pools come without voila.json's spare kernels, unless the options ask for some.
                *([NO_SPARES] if pools is not None and not any(o.startswith(NO_SPARES.split("=")[0]) for o in options) else []),
                *options,
            ],
            cwd=folder,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=environ,
            start_new_session=new_session,
        )
        self.started = time.perf_counter()
        """When the server was started (``time.perf_counter``): a warm-up is timed from here."""
        try:
            wait_for_answer(self.url + base_url, self.process, "voila", self.log_path, timeout)
        except BaseException:
            self.stop()
            raise

    def page(self, notebook: str) -> str:
        return f"{self.url}{self.base_url}voila/render/{notebook}"

    def stop(self) -> None:
        stop_process(self.process, self.stop_timeout)
        self._log.close()

    def wait_for_log(self, text: str, count: int = 1, timeout: float = 120) -> str:
        """The server's log once ``text`` occurs in it ``count`` times (an AssertionError naming
        the log after ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while (log := self.log()).count(text) < count:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise AssertionError(f"{text!r} not {count} times in the server's log within {timeout} s; see {self.log_path}")
            time.sleep(0.2)
        return log

    def log(self) -> str:
        """What the server has logged so far."""
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(encoding="utf-8", errors="replace")


def chromium_path() -> str | None:
    """Debian's chromium, if installed (Playwright's own browser download is not used)."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


# --- time to interactive ---------------------------------------------------------------------------------
# Shared by tests/test_browser_layout.py (which prints the figures) and benchmarks/bench_pages.py
# (which holds them against the targets on a quiet machine).

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
SIZES = {"phone": PHONE, "desktop": DESKTOP}

TARGET_S = {
    "1_rules_tour": 3.0,
    "2_hand_checker": 3.0,
    "3_round_stepper": 3.0,
    "4_level_atlas": 5.0,
    "5_house_rule_lab": 5.0,
    "6_comparison": 5.0,
    "7_threeup_tour": 3.0,
    "8_picture_cards_tour": 3.0,
    "9_picture_cards_play": 3.0,
    "10_picture_cards_tips": 5.0,
    "11_play": 3.0,
}
"""Issue 10's targets: seconds from opening a page to interactive (the other games' pages as their likes)."""

LOADED = "() => { const s = document.querySelector('#loading'); return !s || getComputedStyle(s).display === 'none'; }"
DRAWN = "() => !document.body.innerText.includes('Loading widget...')"
SHOWN = "(cls) => [...document.getElementsByClassName(cls)].some((e) => e.getClientRects().length > 0)"
"""Whether the page shows a narrative block of a language (``u9-en``, ``u9-nb``): the switch has answered."""


QUIET: Final = r"""([quietMs, mostMs]) => new Promise((resolve) => {
  const start = performance.now();
  let last = start;
  const seen = new MutationObserver(() => { last = performance.now(); });
  seen.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  const look = () => {
    const now = performance.now();
    if (now - last >= quietMs || now - start >= mostMs) { seen.disconnect(); resolve(now - start); }
    else setTimeout(look, 50);
  };
  setTimeout(look, 50);
})"""
"""Resolves once the page has not changed for ``quietMs`` (or after ``mostMs``): its milliseconds."""


def quiet(tab: Any, quiet_ms: int = 400, most_ms: int = 4000) -> float:
    """Wait until nothing on the page has changed for ``quiet_ms`` (a kernel's answer drawn, charts
    laid out), at most ``most_ms``: the seconds waited. In place of a fixed wait, which on a two-core
    machine was either too short under load or seconds of nothing in a CPU-bound run; what must
    have happened first is waited for by name (a text shown, a chart's SVG) before this."""
    return float(tab.evaluate(QUIET, [quiet_ms, most_ms])) / 1000


def open_timed(
    browser: object,
    url: str,
    size: str,
    timeout_ms: int = 180_000,
    watch: Callable[[Any], object] | None = None,
    before_click: Callable[[Any], object] | None = None,
    switch_to: str = "nb",
) -> tuple[object, object, float, float]:
    """Open ``url`` in a fresh browser context at ``size`` ("phone" or "desktop"): (context, tab,
    seconds until the widgets have drawn, seconds until a first click, the language switch to
    ``switch_to`` ("nb": Norsk; "en": English, for a page opened in Norwegian), has been answered
    by the kernel). ``watch`` is given the tab before it opens the page, ``before_click`` once its
    widgets have drawn (its time is not counted). The caller closes the context."""
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone, device_scale_factor=1)  # type: ignore[attr-defined]
    tab = context.new_page()
    tab.errors = []
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    if watch is not None:
        watch(tab)
    started = time.perf_counter()
    tab.goto(url, timeout=timeout_ms, wait_until="domcontentloaded")
    tab.wait_for_selector(".u9-lang-switch button", timeout=timeout_ms)
    tab.wait_for_function(LOADED, timeout=timeout_ms)
    tab.wait_for_function(DRAWN, timeout=timeout_ms)
    drawn = time.perf_counter() - started
    if before_click is not None:
        aside = time.perf_counter()
        before_click(tab)
        started += time.perf_counter() - aside
    tab.locator(".u9-lang-switch button", has_text={"nb": "Norsk", "en": "English"}[switch_to]).first.click()
    tab.wait_for_function(SHOWN, arg=f"u9-{switch_to}", timeout=timeout_ms)
    return context, tab, drawn, time.perf_counter() - started


def make_voila_options(target: str) -> list[str]:
    """The options of the voila command ``make <target>`` runs (``make -n``: expanded, not run)."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("no make: install the Debian package make")
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}  # not the calling make's flags
    done = subprocess.run([make, "-n", "--no-print-directory", target], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"make -n {target} failed:\n{done.stderr}"
    commands = [shlex.split(line) for line in done.stdout.splitlines() if re.search(r"/voila(\s|$)", line)]
    assert len(commands) == 1, f"make -n {target} should run voila once:\n{done.stdout}"
    (words,) = commands
    at = next(i for i, word in enumerate(words) if word.endswith("/voila"))
    return words[at + 1 :]


# --- the published site, one server for the whole test session -----------------------------------------

SHARED_LOG: Final = "voila-published-site.log"
"""The shared published site's log, in test-output/."""
SHARED_MAX_KERNELS: Final = 80
"""The shared server's kernel limit (voila.json's is sized for a class). A tab closed by a test does not
shut its kernel down (Playwright runs no ``beforeunload``): it waits for the cull (90 s idle), so one
server that serves every browser module in turn holds more kernels at once than one module's did."""
_shared: VoilaServer | None = None


def shared_site() -> VoilaServer:
    """The published site as the tests see it (:class:`VoilaServer` with :data:`TEST_POOLS`), started
    once for the whole session and shared by every module that only reads it: each module starting
    its own server heated every page's kernel again, minutes of CPU on the 2-core CI machine.
    Started again if it has ended; :func:`stop_shared_site` (conftest, at the session's end) stops it."""
    global _shared
    if _shared is None or _shared.process.poll() is not None:
        _shared = VoilaServer(SHARED_LOG, options=(f"--ClassKernelManager.max_kernels={SHARED_MAX_KERNELS}",))
    return _shared


def stop_shared_site() -> None:
    """Stop the shared published site, if one was started."""
    global _shared
    if _shared is not None:
        _shared.stop()
        _shared = None


def in_a_loop(check: Callable[[], Awaitable[None]]) -> None:
    """``asyncio.run(check())``, then the end of the warm process its kernels were forked from (one
    a loop): the end of file on its requests ends it, and its pipes close with the loop still open.
    Left to the garbage collector, each closed pipe raised "Event loop is closed" in a finalizer at
    a random later moment, and the traceback Python then formats (which parses source) once ran
    inside another parse and failed with CPython 3.11's "AST constructor recursion depth mismatch"
    (a later test, in CI)."""

    async def main() -> None:
        try:
            await check()
        finally:
            loop = str(id(asyncio.get_running_loop()))
            for key, warm in list(ForkProvisioner._warm.items()):
                if key[-1] != loop:
                    continue
                del ForkProvisioner._warm[key]
                process = warm._process
                if process is not None and process.returncode is None and process.stdin is not None:
                    process.stdin.close()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(process.wait(), 30)

    asyncio.run(main())
