"""The site for a class (voila.json, upto9.server.kernels): pages handed over from preheated pools,
a kernel limit that shows a "class is full" page instead of hanging, and closed tabs' kernels
culled. Each server here is the published configuration with small pools (the hand checker's
only, to keep the suite lean) and, where a test needs them, a small limit or fast culling, set
on the command line as a teacher would.

A page is opened over HTTP as a browser would (its HTML holds its kernel's id), its kernel's
websocket (/api/kernels/<id>/channels) is the open tab, and closing a tab is Voila's own
``beforeunload`` request (/voila/api/shutdown/<id>) or, as on a phone that sends none, just
dropping the websocket.
"""

from __future__ import annotations

import ast
import http.cookiejar
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_browser import LOAD_MS, SHOTS, browser, checker_box, verdict_text  # noqa: F401  (the browser fixture)
from tests.voila_helpers import CONFIG, PHONE, PUBLISHED, ROOT, VoilaServer

pytest.importorskip("voila", reason="the published site needs Voila: pip install -e '.[dev]'")
websocket = pytest.importorskip("websocket", reason="a kernel's websocket is opened with websocket-client (a jupyter_server dependency)")

from upto9.server.kernels import RETRY_AFTER_S  # noqa: E402  (after the skip: it imports jupyter_server)

CHECKER = "2_hand_checker.ipynb"
FULL_EN = "The class is full: try again in a minute."
FULL_NB = "Klassen er full: prøv igjen om et minutt."
ANSWER_S = 10.0
"""A refused visitor's page comes at once: this bound (generous for a busy machine) tells it from a hang."""


def only_the_checker(size: int) -> dict[str, dict[str, int]]:
    """Pools of ``size`` for the hand checker and none for the other pages (they start cold)."""
    return {"default": {"pool_size": 0}, CHECKER: {"pool_size": size}}


def site(log_name: str, checker_pool: int, *options: str) -> Iterator[VoilaServer]:
    server = VoilaServer(log_name, pools=only_the_checker(checker_pool), options=("--VoilaKernelManager.fill_delay=1", *options))
    try:
        yield server
    finally:
        server.stop()


_BROWSERS: dict[int, tuple[urllib.request.OpenerDirector, http.cookiejar.CookieJar]] = {}


def _browser(server: VoilaServer) -> tuple[urllib.request.OpenerDirector, http.cookiejar.CookieJar]:
    """A client that keeps the server's cookies, as a browser does: the page's XSRF cookie is what
    Voila's ``beforeunload`` request sends back."""
    if server.port not in _BROWSERS:
        jar = http.cookiejar.CookieJar()
        _BROWSERS[server.port] = (urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)), jar)
    return _BROWSERS[server.port]


def open_page(server: VoilaServer, notebook: str, query: str = "") -> tuple[int, dict[str, str], str]:
    """(status, headers, body) of a page, read to its end."""
    url = server.page(notebook) + (f"?{query}" if query else "")
    try:
        with _browser(server)[0].open(url, timeout=LOAD_MS / 1000) as response:
            return response.status, dict(response.headers), response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode("utf-8")


def kernel_of(body: str) -> str:
    """The page's kernel, from the page configuration in its HTML."""
    found = re.findall(r'"kernelId": "([0-9a-f-]{36})"', body)
    assert len(found) == 1, f"the page names {len(found)} kernels"
    return found[0]


def assert_complete(body: str) -> None:
    """The whole hand checker: its title, its widgets, and the end of the page."""
    assert "the hand checker" in body and "application/vnd.jupyter.widget-view+json" in body
    assert body.rstrip().endswith("</html>"), body[-300:]


def alive(server: VoilaServer, kernel: str) -> bool:
    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kernel}", timeout=30) as response:
            return bool(response.status == 200)
    except urllib.error.HTTPError as error:
        assert error.code == 404, error.code
        return False


def connect(server: VoilaServer, kernel: str) -> Any:
    """The open tab: the page's kernel websocket, as Voila's front end opens it."""
    return websocket.create_connection(f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels", timeout=30)


def close_tab(server: VoilaServer, kernel: str) -> None:
    """What Voila's page sends on ``beforeunload``: shut my kernel down (with the page's XSRF token)."""
    opener, jar = _browser(server)
    xsrf = next((c.value for c in jar if c.name == "_xsrf"), None)
    assert xsrf, "the page set no XSRF cookie: its beforeunload request would be refused"
    request = urllib.request.Request(f"{server.url}/voila/api/shutdown/{kernel}", method="POST", data=b"", headers={"X-XSRFToken": xsrf or ""})
    with opener.open(request, timeout=30) as response:
        assert response.status == 204


def wait_until(condition: Any, timeout: float, what: str) -> float:
    """Seconds until ``condition()`` holds (an AssertionError naming ``what`` after ``timeout``)."""
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started < timeout, f"{what}: not within {timeout} s"
        time.sleep(0.2)
    return time.monotonic() - started


def wait_for_pool(server: VoilaServer, notebook: str = CHECKER) -> None:
    """The page's pool has its kernels started again: one 'filled' for the first fill and one for
    each kernel handed over since (Voila refills after each)."""
    used = server.log().count(f"for {notebook}")  # "Using pre-heated kernel: <id> for <notebook>"
    server.wait_for_log(f"Kernel pool of {notebook} is filled", count=1 + used, timeout=LOAD_MS / 1000)


def test_the_published_configuration_is_sized_for_a_class() -> None:
    voila, pools = CONFIG["VoilaConfiguration"], CONFIG["VoilaKernelManager"]["kernel_pools_config"]
    assert voila["preheat_kernel"] is True and voila["multi_kernel_manager_class"] == "upto9.server.kernels.ClassKernelManager"
    # Spare kernels for a class of 30 on whichever page (the teacher need not guess which page the
    # class opens first): 2 pooled and 28 spares, nobody waits for a start. The rules tours, where
    # a class starts a game and the heaviest pages, have more: 30 learners at once there were over
    # 5 s at p95 with 2 (docs/deploy.md).
    tours = {"1_rules_tour.ipynb": {"pool_size": 10}, "7_threeup_tour.ipynb": {"pool_size": 6}, "8_picture_cards_tour.ipynb": {"pool_size": 6}}
    assert pools == {"default": {"pool_size": 2}, **tours}
    spares = CONFIG["ClassKernelManager"]["spare_kernels"]
    assert spares == 30 - 2
    pooled = sum(pools.get(notebook, pools["default"])["pool_size"] for notebook in PUBLISHED)
    # Room beside the pools and the spares for a class of 30: its spares come back while it reads
    # its page, for the page it moves on to (forked kernels: the memory allows the limit, measured
    # in docs/deploy.md).
    assert pooled + spares + 30 <= CONFIG["ClassKernelManager"]["max_kernels"], "a class's spares must find room to come back"
    culling = CONFIG["MappingKernelManager"]
    assert culling["cull_idle_timeout"] + 2 * culling["cull_interval"] <= 120 and culling["cull_connected"] is False


def test_only_the_server_imports_the_server_package() -> None:
    """upto9.server needs jupyter_server and tornado, and runs in the Voila process only: the engine,
    the widgets and the pages never import it (nor does a static site's kernel)."""
    found = []
    for path in [*(ROOT / "upto9").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            found += [f"{path.relative_to(ROOT)}: {n}" for n in names if n == "upto9.server" or n.startswith("upto9.server.")]
    found += [str(p.relative_to(ROOT)) for p in (ROOT / "notebooks").rglob("*.ipynb") if "upto9.server" in p.read_text(encoding="utf-8")]
    assert not found, found


# --- the pool --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pooled() -> Iterator[VoilaServer]:
    yield from site("voila-class-pool.log", 2)


def test_two_visitors_in_a_row_get_preheated_pages(pooled: VoilaServer) -> None:
    wait_for_pool(pooled)
    kernels = []
    for _ in range(2):
        status, _headers, body = open_page(pooled, CHECKER)
        assert status == 200
        assert_complete(body)
        kernels.append(kernel_of(body))
    log = pooled.log()
    for kernel in kernels:
        assert f"Using pre-heated kernel: {kernel} for {CHECKER}" in log
    assert kernels[0] != kernels[1]
    for kernel in kernels:  # the tabs close
        close_tab(pooled, kernel)
        assert not alive(pooled, kernel)


def test_the_hand_checker_on_a_phone_works_on_a_preheated_kernel(browser: Any, pooled: VoilaServer) -> None:  # noqa: F811  (the browser fixture)
    wait_for_pool(pooled)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(pooled.page(CHECKER), timeout=LOAD_MS, wait_until="domcontentloaded")
        checker = checker_box(page)
        checker.locator("[role=status]", has_text="VALID for level 7").wait_for(timeout=LOAD_MS)
        box = page.locator(".widget-text input").first
        box.fill("Kh Kd 2c 7s 7h 7c 5d 5c 3h")
        box.press("Enter")
        checker.locator("button", has_text=re.compile(r"^4$")).tap()
        checker.locator("[role=status]", has_text="VALID for level 4").wait_for(timeout=30_000)
        assert "✔ VALID for level 4" in verdict_text(page)
        kernel = kernel_of(page.content())
        assert f"Using pre-heated kernel: {kernel} for {CHECKER}" in pooled.log()
        # Leaving the page (opened from a link, not from the home page) shuts its kernel down at once.
        page.goto(pooled.url + "/", timeout=LOAD_MS)
        pooled.wait_for_log(f"Kernel shutdown: {kernel}", timeout=30)
        assert f"403 POST /voila/api/shutdown/{kernel}" not in pooled.log()
    finally:
        context.close()


# --- the limit -------------------------------------------------------------------------------------


IDLE_S, INTERVAL_S = 2, 1
"""Culling in seconds for the small class: a kernel with no tab for IDLE_S is culled, looked for every INTERVAL_S."""


@pytest.fixture(scope="module")
def small_class() -> Iterator[VoilaServer]:
    """Two kernels at most, the keeper looking every second, and culling in seconds."""
    limits = ("--ClassKernelManager.max_kernels=2", "--ClassKernelManager.keeper_interval=1")
    culling = (f"--MappingKernelManager.cull_idle_timeout={IDLE_S}", f"--MappingKernelManager.cull_interval={INTERVAL_S}")
    yield from site("voila-class-small.log", 1, *limits, *culling)


def test_beyond_the_limit_a_visitor_gets_the_class_is_full_page_and_the_pool_comes_back(small_class: VoilaServer) -> None:
    server = small_class
    wait_for_pool(server)
    tabs: dict[str, Any] = {}
    try:
        # Learner A takes the pooled checker; the pool refills: 2 of 2 kernels.
        status, _headers, body = open_page(server, CHECKER)
        assert status == 200
        a = kernel_of(body)
        tabs[a] = connect(server, a)
        wait_for_pool(server)
        # Learner B opens another page at the limit: the waiting pooled kernel makes room.
        status, _headers, body = open_page(server, "1_rules_tour.ipynb")
        assert status == 200 and "a tour of the rules" in body
        b = kernel_of(body)
        tabs[b] = connect(server, b)
        assert "shutting down pooled kernel" in server.log()
        # Learner C: no pooled kernel, no room, the plain page at once, in the learner's language.
        started = time.monotonic()
        status, headers, body = open_page(server, CHECKER)
        assert time.monotonic() - started < ANSWER_S
        assert status == 503 and FULL_EN in body and '<html lang="en">' in body, (status, body[:500])
        assert headers.get("Retry-After") == str(RETRY_AFTER_S)
        status, headers, body = open_page(server, CHECKER, "lang=nb")
        assert status == 503 and FULL_NB in body and '<html lang="nb">' in body and FULL_EN not in body
        assert "Traceback" not in body and "upto9" not in body  # nothing of the server
        assert alive(server, a) and alive(server, b)
        # B closes the tab: the keeper refills the checker's pool, and C's retry is served from it.
        close_tab(server, b)
        tabs.pop(b).close()
        server.wait_for_log(f"Refilling the kernel pool of {CHECKER}", timeout=30)
        status, _headers, body = open_page(server, CHECKER)
        assert status == 200
        assert_complete(body)
        c = kernel_of(body)
        tabs[c] = connect(server, c)
        assert f"Using pre-heated kernel: {c} for {CHECKER}" in server.log()
    finally:
        for kernel, tab in tabs.items():
            tab.close()
            close_tab(server, kernel)


# --- culling ---------------------------------------------------------------------------------------


def test_a_closed_tabs_kernel_is_culled_and_an_open_one_is_not(small_class: VoilaServer) -> None:
    server = small_class
    status, _headers, body = open_page(server, CHECKER)
    assert status == 200
    kernel = kernel_of(body)
    tab = connect(server, kernel)
    time.sleep(IDLE_S + 3 * INTERVAL_S)
    assert alive(server, kernel), "a page with its tab open was culled"
    tab.close()  # the phone closes the tab without a word
    seconds = wait_until(lambda: not alive(server, kernel), IDLE_S + 3 * INTERVAL_S + 15, "the closed tab's kernel culled")
    assert f"kernel 'python3' ({kernel})" in server.log() and "due to" in server.log()
    print(f"closed tab's kernel culled {seconds:.1f} s after the tab closed (idle timeout {IDLE_S} s, interval {INTERVAL_S} s)")


# --- spare kernels ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def refilling() -> Iterator[VoilaServer]:
    """The hand checker's pool of one, one spare kernel, and a refill that waits 8 s (Voila's
    fill_delay): long enough that the second visitor comes while it is on its way."""
    options = ("--VoilaKernelManager.fill_delay=8", "--ClassKernelManager.spare_kernels=1", "--ClassKernelManager.keeper_interval=1")
    server = VoilaServer("voila-class-refill.log", pools=only_the_checker(1), options=options)
    try:
        yield server
    finally:
        server.stop()


def test_a_visitor_who_comes_while_the_refill_is_on_its_way_takes_a_spare_kernel_at_once(refilling: VoilaServer) -> None:
    """Two visitors one after another on a page whose pool holds one kernel. The first takes it and
    Voila starts the refill, which waits out fill_delay. The second is handed the spare kernel,
    and its page comes well within the delay; it is not handed the refill, which would make it wait
    the delay out (2.4 s with the published 2 s). The refill then comes, once the visitors' pages
    are quiet."""
    server = refilling
    wait_for_pool(server)
    server.wait_for_log("Kernel started:", count=2, timeout=LOAD_MS / 1000)  # the pooled kernel and the spare
    status, _headers, body = open_page(server, CHECKER)
    assert status == 200
    assert_complete(body)
    first = kernel_of(body)
    assert f"Using pre-heated kernel: {first} for {CHECKER}" in server.log()
    began = time.monotonic()
    status, _headers, body = open_page(server, CHECKER)
    took = time.monotonic() - began
    assert status == 200
    assert_complete(body)
    second = kernel_of(body)
    log = server.log()
    assert f"Kernel {second}: a spare kernel handed to a visitor" in log, "the second visitor was not handed the spare"
    assert f"Using pre-heated kernel: {second}" not in log, "the second visitor was handed the refill on its way"
    assert took < 8, f"the second visitor's page took {took:.1f} s: it waited for the refill"
    wait_for_pool(server)  # the refill, after the delay and the quiet
    for kernel in (first, second):
        close_tab(server, kernel)
    print(f"second visitor's page in {took:.2f} s (the refill's delay: 8 s)")


@pytest.fixture(scope="module")
def spares() -> Iterator[VoilaServer]:
    """No pooled kernel on any page, two spare kernels for whichever page is opened."""
    yield from site("voila-class-spares.log", 0, "--ClassKernelManager.spare_kernels=2", "--ClassKernelManager.keeper_interval=1")


def test_a_page_without_a_pooled_kernel_runs_in_a_spare_kernel_in_its_visitors_language(browser: Any, spares: VoilaServer) -> None:  # noqa: F811  (the browser fixture)
    """Two learners on phones open the hand checker, which has no pool: one in Norwegian, one in
    English. Each is handed a spare kernel (started before they came) and sees the page drawn in
    their own language, and works it; once they have left, the two spares are back."""
    server = spares
    server.wait_for_log("Kernel started:", count=2, timeout=LOAD_MS / 1000)  # the spares, before anyone comes
    kernels = []
    for query, verdict, button in (("?lang=nb", "GYLDIG for nivå 7", "Hjem"), ("", "VALID for level 7", "Home")):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            page = context.new_page()
            page.goto(server.page(CHECKER) + query, timeout=LOAD_MS, wait_until="domcontentloaded")
            checker = checker_box(page)
            checker.locator("[role=status]", has_text=verdict).wait_for(timeout=LOAD_MS)
            assert button in page.inner_text("body"), f"the {query or 'English'} page's links are not in its language"
            box = page.locator(".widget-text input").first
            box.fill("Kh Kd 2c 7s 7h 7c 5d 5c 3h")
            box.press("Enter")
            checker.locator("button", has_text=re.compile(r"^4$")).tap()
            checker.locator("[role=status]", has_text=verdict.replace("7", "4")).wait_for(timeout=30_000)
            SHOTS.mkdir(parents=True, exist_ok=True)  # what the learner's phone shows, the verdict in view
            checker.locator("[role=status]").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"spare-kernel-hand-checker-{query.removeprefix('?lang=') or 'en'}-phone.png"))
            kernel = kernel_of(page.content())
            assert f"Kernel {kernel}: a spare kernel handed to a visitor" in server.log(), "the page's kernel was not a spare"
            kernels.append(kernel)
            page.goto(server.url + "/", timeout=LOAD_MS)  # leaving shuts the page's kernel down
            server.wait_for_log(f"Kernel shutdown: {kernel}", timeout=30)
        finally:
            context.close()
    assert kernels[0] != kernels[1]
    # The keeper starts the spares handed over again once no page has been asked for in refill_quiet
    # seconds (this server has no kernel limit): two again.
    server.wait_for_log("Kernel started:", count=4, timeout=LOAD_MS / 1000)
    started = [int(n) for n in re.findall(r"Starting (\d+) spare kernel\(s\)", server.log())]
    assert sum(started) == 4 and started[0] == 2, f"spare kernels started: {started}, not 2 and then the 2 handed over"
