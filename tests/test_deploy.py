"""The deployment recipe (docs/deploy.md, deploy/) run for real: Debian's nginx with the sample
site file deploy/nginx.conf (only its ports and certificate paths replaced), in front of Voila
started as deploy/upto9.service starts it (its ExecStart and Environment, the paths moved to this
checkout and a temporary folder). Through the proxy, over TLS, a visitor's pages load, the page's
kernel answers over the proxied websocket, code sent over that websocket is not run, private things
stay private and the "class is full" page comes through. Beside it: the service file verifies
(systemd-analyze) and runs what ``make serve-class`` runs, the guide's table of limits is what
voila.json holds, and the Caddyfile is valid and works (when Caddy is installed; not in CI).

nginx is installed by ``make browser`` (as root, with chromium); without it these tests skip naming
the package, unless UPTO9_REQUIRE_BROWSER=1 (CI), which makes that a failure."""

from __future__ import annotations

import asyncio
import getpass
import http.client
import json
import os
import re
import shlex
import shutil
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect
from upto9.server.kernels import RETRY_AFTER_S

from tests.voila_helpers import OUTPUT, REQUIRE_BROWSER, ROOT, TEMPLATES, VoilaServer, free_port, make_voila_options, stop_process, wait_for_answer
from upto9.records import MAX_RECORD_BYTES

DEPLOY = ROOT / "deploy"
SERVICE = DEPLOY / "upto9.service"
NGINX_SITE = DEPLOY / "nginx.conf"
CADDYFILE = DEPLOY / "Caddyfile"
NGINX_PACKAGE = "nginx"
BASE_URL = "/upto9/"
"""The site's path behind the proxy: Voila's base_url in the service, the proxies' location."""
INSTALLED = "/opt/upto9"
"""Where the recipe puts the project (the service file's paths)."""
TEST_POOLS = {"default": {"pool_size": 0}, "2_hand_checker.ipynb": {"pool_size": 1}}
"""One preheated kernel, the hand checker's: voila.json's class-sized pools would heat dozens."""
START_TIMEOUT_S: Final = 120.0
"""How long Voila may take to answer first (the CI machine may be busy with other servers)."""
PROXY_TIMEOUT_S: Final = 30.0
"""How long a proxy may take to answer first: it starts in well under a second."""
TEST_LIMIT = 1
"""The tests' kernel limit (voila.json's is sized for a class): once the hand checker's kernel is
handed over, the class is full."""


def service_sections(text: str) -> dict[str, list[tuple[str, str]]]:
    """A systemd unit's sections and their ``key=value`` lines, in order (a unit may repeat a key)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for number, line in enumerate(text.replace("\\\n", " ").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if re.fullmatch(r"\[[A-Za-z]+\]", line):
            current = sections.setdefault(line[1:-1], [])
            continue
        key, equals, value = line.partition("=")
        assert current is not None and equals and re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", key.strip()), (
            f"upto9.service line {number} is not key=value in a section: {line!r}"
        )
        current.append((key.strip(), value.strip()))
    return sections


def service_values(key: str) -> list[str]:
    return [value for k, value in service_sections(SERVICE.read_text(encoding="utf-8"))["Service"] if k == key]


def service_command() -> list[str]:
    """ExecStart: the voila executable and its options."""
    (exec_start,) = service_values("ExecStart")
    return shlex.split(exec_start)


def test_service_file_verifies(tmp_path: Path) -> None:
    """systemd accepts the unit: every key known, every value valid, ExecStart executable (the
    paths moved to this checkout). Without systemd-analyze: its sections and keys parse."""
    text = SERVICE.read_text(encoding="utf-8")
    sections = service_sections(text)
    assert set(sections) == {"Unit", "Service", "Install"}
    for key in ("User", "WorkingDirectory", "ExecStart", "Restart", "MemoryMax", "TasksMax", "NoNewPrivileges", "ProtectSystem", "ProtectHome", "PrivateTmp"):
        assert service_values(key), f"upto9.service has no {key}="
    assert f"JUPYTER_PATH={INSTALLED}/share/jupyter" in service_values("Environment"), "JUPYTER_PATH as the Makefile sets it"
    assert service_command()[0] == f"{INSTALLED}/.venv/bin/voila"
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("no systemd-analyze (Debian package systemd): only the unit's sections and keys were checked")
    unit = tmp_path / "upto9.service"
    unit.write_text(text.replace(f"{INSTALLED}/.venv/bin", str(Path(sys.executable).parent)).replace(INSTALLED, str(ROOT)), encoding="utf-8")
    done = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True, timeout=60)
    # Unknown keys and bad values are only warnings on stderr: any message counts.
    assert done.returncode == 0 and not done.stderr.strip() and not done.stdout.strip(), f"systemd-analyze verify:\n{done.stdout}{done.stderr}"


def test_service_runs_what_make_serve_class_runs() -> None:
    """The service starts the same Voila as ``make serve-class``, plus the proxy's base URL."""
    options = service_command()[1:]
    assert f"--Voila.base_url={BASE_URL}" in options
    assert [o for o in options if not o.startswith("--Voila.base_url=")] == make_voila_options("serve-class")


def test_the_service_and_make_check_voila_json_before_the_server_starts() -> None:
    """The service runs the settings check make runs before Voila (ExecStartPre), on the installed voila.json."""
    (pre,) = service_values("ExecStartPre")
    assert shlex.split(pre) == [f"{INSTALLED}/.venv/bin/python", "-m", "upto9.server.settings", f"{INSTALLED}/voila.json"]
    for target in ("serve", "serve-class"):
        done = subprocess.run(["make", "-n", "--no-print-directory", target], cwd=ROOT, capture_output=True, text=True, timeout=60)
        lines = [line for line in done.stdout.splitlines() if "upto9.server.settings" in line or re.search(r"/voila(\s|$)", line)]
        assert len(lines) == 2 and "upto9.server.settings voila.json" in lines[0], f"make {target} checks voila.json before voila:\n{done.stdout}"


def test_proxies_take_the_sites_upload_limit() -> None:
    """The largest request body the proxies take is the site's upload limit, a saved game."""
    assert re.findall(r"^\s*client_max_body_size\s+(\d+)m;", NGINX_SITE.read_text(encoding="utf-8"), re.M) == [str(MAX_RECORD_BYTES // 2**20)]
    assert re.findall(r"^\s*max_size\s+(\d+)MiB$", CADDYFILE.read_text(encoding="utf-8"), re.M) == [str(MAX_RECORD_BYTES // 2**20)]


def test_caddyfile_is_valid_and_formatted() -> None:
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("no caddy (Debian package caddy; not installed by make test): deploy/Caddyfile unchecked")
    formatted = subprocess.run([caddy, "fmt", str(CADDYFILE)], capture_output=True, text=True, timeout=60)
    assert formatted.returncode == 0 and formatted.stdout == CADDYFILE.read_text(encoding="utf-8"), "deploy/Caddyfile is not as `caddy fmt` writes it"
    valid = subprocess.run([caddy, "validate", "--adapter", "caddyfile", "--config", str(CADDYFILE)], capture_output=True, text=True, timeout=60)
    assert valid.returncode == 0, valid.stdout + valid.stderr


# --- nginx in front of Voila ---------------------------------------------------------------------------


def nginx_site(voila_port: int, http_port: int, https_port: int, cert: Path, key: Path) -> str:
    """deploy/nginx.conf with this machine's ports and a test certificate: nothing else changes
    (each replaced text must occur exactly once, so the sample and the tested file cannot drift)."""
    text = NGINX_SITE.read_text(encoding="utf-8")
    replacements = {
        "server 127.0.0.1:8866;": f"server 127.0.0.1:{voila_port};",
        "listen 80;": f"listen 127.0.0.1:{http_port};",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{https_port} ssl http2;",
        "listen [::]:80;": "# (IPv6 listen left out in the test)",
        "listen [::]:443 ssl http2;": "# (IPv6 listen left out in the test)",
        "/etc/letsencrypt/live/upto9.example.org/fullchain.pem": str(cert),
        "/etc/letsencrypt/live/upto9.example.org/privkey.pem": str(key),
    }
    for old, new in replacements.items():
        assert text.count(old) == 1, f"deploy/nginx.conf should hold {old!r} once"
        text = text.replace(old, new)
    return text


def nginx_main(folder: Path, site: Path) -> str:
    """What Debian's /etc/nginx/nginx.conf gives a site file, in a folder of the test's own."""
    user = f"user {getpass.getuser()};\n" if os.geteuid() == 0 else ""  # as root, workers would become nobody
    temps = "".join(f"    {kind}_temp_path {folder / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return f"""{user}worker_processes 1;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"};
events {{ worker_connections 256; }}
http {{
    access_log {folder / "access.log"};
{temps}    include {site};
}}
"""


class Site:
    """Voila as the service runs it, nginx with the sample site in front; ``url`` is the site over TLS."""

    def __init__(self, folder: Path, voila: VoilaServer, https_port: int, http_port: int, context: ssl.SSLContext) -> None:
        self.folder, self.voila, self.context = folder, voila, context
        self.voila_log, self.voila_port = voila.log_path, voila.port
        self.origin = f"https://127.0.0.1:{https_port}"
        self.url = self.origin + BASE_URL
        self.http_port = http_port
        self._checker: str | None = None

    def checker_page(self) -> str:
        """The hand checker page, rendered once (from the preheated pool) for the tests that read it."""
        if self._checker is None:
            status, _, self._checker, headers = self.get(self.url + "voila/render/2_hand_checker.ipynb")
            assert status == 200 and headers["Content-Type"].startswith("text/html")
        return self._checker

    def get(self, url: str, data: bytes | None = None) -> tuple[int, str, str, Any]:
        """(status, final URL, body, headers); HTTP errors are answers too."""
        try:
            with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=180, context=self.context) as response:
                return response.status, response.geturl(), response.read().decode("utf-8", "replace"), response.headers
        except urllib.error.HTTPError as error:
            return error.code, url, error.read().decode("utf-8", "replace"), error.headers


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    if nginx is None:
        message = f"no nginx: install the Debian package {NGINX_PACKAGE} (make browser installs it with chromium, as root)"
        if REQUIRE_BROWSER:
            pytest.fail(message + " (UPTO9_REQUIRE_BROWSER=1)")
        pytest.skip(message)
    openssl = shutil.which("openssl")
    assert openssl, "no openssl (Debian package openssl) for the test certificate"
    folder = tmp_path_factory.mktemp("deploy")
    cert, key = folder / "cert.pem", folder / "key.pem"
    request = "req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1"
    subprocess.run([openssl, *request.split(), "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True, timeout=60)
    context = ssl.create_default_context(cafile=str(cert))

    # Voila as deploy/upto9.service starts it: its options and environment, this checkout's paths.
    def here(value: str) -> str:
        return (
            value.replace(f"{INSTALLED}/.venv/bin", str(Path(sys.executable).parent))
            .replace("/run/upto9", str(folder / "run"))
            .replace("/var/lib/upto9", str(folder / "state"))
            .replace(INSTALLED, str(ROOT))
        )

    env: dict[str, str] = {}
    for line in service_values("Environment"):
        for assignment in shlex.split(line):
            name, _, value = here(assignment).partition("=")
            env[name] = value
    assert env["JUPYTER_PATH"] == str(TEMPLATES)
    (folder / "run").mkdir()
    (folder / "state").mkdir()
    (workdir,) = service_values("WorkingDirectory")
    https_port, http_port = free_port(), free_port()
    # Only the port, the pools and the limit are the test's: no address, the base URL the service's own.
    voila = VoilaServer(
        "deploy-voila.log",
        folder=Path(here(workdir)),
        pools=TEST_POOLS,
        options=(f"--ClassKernelManager.max_kernels={TEST_LIMIT}",),
        env=env,
        command=[here(word) for word in service_command()],
        ip=None,
        base_url=BASE_URL,
        timeout=START_TIMEOUT_S,
    )
    # The tests' one preheated kernel ready before the first learner (with a limit of one kernel a
    # learner who came while it started would find the class full).
    voila.wait_for_log("Kernel pool of 2_hand_checker.ipynb is filled", timeout=START_TIMEOUT_S)
    site_file = folder / "upto9.conf"
    site_file.write_text(nginx_site(voila.port, http_port, https_port, cert, key), encoding="utf-8")
    main = folder / "nginx.conf"
    main.write_text(nginx_main(folder, site_file), encoding="utf-8")
    nginx_log = folder / "error.log"
    proxy = None
    try:
        tested = subprocess.run([nginx, "-t", "-p", str(folder), "-e", str(nginx_log), "-c", str(main)], capture_output=True, text=True, timeout=60)
        assert tested.returncode == 0, f"nginx -t refuses deploy/nginx.conf:\n{tested.stderr}"
        proxy = subprocess.Popen(
            [nginx, "-p", str(folder), "-e", str(nginx_log), "-c", str(main), "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        wait_for_answer(f"https://127.0.0.1:{https_port}{BASE_URL}", proxy, "nginx", nginx_log, PROXY_TIMEOUT_S, context=context)
        yield Site(folder, voila, https_port, http_port, context)
    finally:
        if proxy is not None:
            stop_process(proxy)
        voila.stop()
        if nginx_log.exists():
            shutil.copy(nginx_log, OUTPUT / "deploy-nginx-error.log")


def kernel_id(page: str) -> str:
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    assert found, "the page names no kernel"
    return found.group(1)


def test_pages_load_through_the_proxy(site: Site) -> None:
    """Over TLS, as a learner opens them: the bare host name leads to the home page, whose links stay
    under the base URL; the hand checker renders with its kernel; plain HTTP sends to HTTPS."""
    status, final, home, _ = site.get(site.origin + "/")
    assert (status, final) == (200, site.url), "the host name should lead to the home page"
    assert "Up to 9" in home
    assert f'href="{BASE_URL}voila/render/2_hand_checker.ipynb' in home, "the home page's links should keep the base URL"
    page = site.checker_page()
    assert "Up to 9: the hand checker" in page
    assert f'"baseUrl": "{BASE_URL}"' in page
    kernel_id(page)
    plain = http.client.HTTPConnection("127.0.0.1", site.http_port, timeout=30)
    plain.request("GET", BASE_URL)
    answer = plain.getresponse()
    assert (answer.status, answer.getheader("Location")) == (301, f"https://127.0.0.1{BASE_URL}")
    plain.close()


def test_private_things_stay_private_through_the_proxy(site: Site) -> None:
    """No list of kernels (other visitors' ids), no new kernel on request, no data or notebook file,
    and no request body over the upload limit; the pages' images are served."""
    assert site.get(site.url + "api/kernels")[0] == 404
    assert site.get(site.url + "api/kernels", data=b"{}")[0] == 404
    assert site.get(site.url + "voila/files/data/sample_game.json")[0] == 403
    assert site.get(site.url + "voila/files/2_hand_checker.ipynb")[0] == 403
    assert site.get(site.url + "voila/files/img/2_hand_checker.png")[0] == 200
    assert site.get(site.url, data=b"x" * (MAX_RECORD_BYTES + 1))[0] == 413


def test_the_class_is_full_page_passes_the_proxy(site: Site) -> None:
    """At the kernel limit a visitor gets Voila's "class is full" page through nginx, as Voila sent
    it (status 503, the page's text, when to come back), at once."""
    site.checker_page()  # the one kernel the limit allows is now a visitor's
    started = time.monotonic()
    status, _, page, headers = site.get(site.url + "voila/render/1_rules_tour.ipynb?lang=en")
    assert (status, headers["Retry-After"]) == (503, str(RETRY_AFTER_S))
    assert "The class is full: try again in a minute." in page
    assert time.monotonic() - started < 30, "the class-is-full page should come at once"


def message(msg_type: str, content: dict[str, Any]) -> dict[str, Any]:
    """A kernel message in the websocket's JSON form, as the page's front end sends it."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "", "session": uuid.uuid4().hex, "date": "", "version": "5.3"}
    return {"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}


async def talk(origin: str, kernel: str, messages: list[dict[str, Any]], context: ssl.SSLContext | None = None) -> list[dict[str, Any]]:
    """Open the kernel's websocket at ``origin`` as the page does (its Origin header), send
    ``messages`` and collect what comes back until the kernel_info_reply."""
    url = f"{origin.replace('http', 'ws', 1)}{BASE_URL}api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
    connection = await websocket_connect(HTTPRequest(url, headers={"Origin": origin}, ssl_options=context, request_timeout=60))
    received: list[dict[str, Any]] = []
    try:
        for sent in messages:
            await connection.write_message(json.dumps(sent))
        while not any(m["header"]["msg_type"] == "kernel_info_reply" for m in received):
            text = await asyncio.wait_for(connection.read_message(), 60)
            assert text is not None, "the proxied websocket closed"
            received.append(json.loads(text))
    finally:
        connection.close()
    return received


def test_the_kernel_answers_but_runs_no_code_through_the_proxy(site: Site) -> None:
    """The page's kernel answers over the proxied websocket (the upgrade and origin pass nginx), and
    an execute request sent there is dropped by Voila: no reply, no output, no side effect. The
    kernel handles its shell messages in order, so the reply to a request sent after the execute
    request shows the kernel would already have run that code."""
    kernel = kernel_id(site.checker_page())
    marker = site.folder / "code-ran"
    execute = message(
        "execute_request",
        {
            "code": f"open({str(marker)!r}, 'w').write('ran')",
            "silent": False,
            "store_history": False,
            "user_expressions": {},
            "allow_stdin": False,
            "stop_on_error": True,
        },
    )
    info = message("kernel_info_request", {})

    received = asyncio.run(talk(site.origin, kernel, [execute, info], site.context))
    reply = next(m for m in received if m["header"]["msg_type"] == "kernel_info_reply")
    assert reply["parent_header"]["msg_id"] == info["header"]["msg_id"] and reply["content"]["status"] == "ok"
    assert [m["header"]["msg_type"] for m in received if m["parent_header"].get("msg_id") == execute["header"]["msg_id"]] == []
    assert not marker.exists(), "code sent over the websocket ran in the kernel"
    assert 'Received message of type "execute_request", which is not allowed. Ignoring.' in site.voila_log.read_text(errors="replace")
    # The kernel wrote where the service lets it write (its StateDirectory), not to a home folder.
    assert (site.folder / "state" / "ipython" / "profile_default").is_dir()


def test_the_guides_limits_are_the_published_ones() -> None:
    """docs/deploy.md's table of limits says what voila.json, the service file and the engine hold."""
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    guide = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)\.(\w+)`(?:, `([^`]+)`)? \| (\d+) \|", guide, re.M)
    assert len(rows) >= 6, "docs/deploy.md should list voila.json's pools, kernel limit and culling"
    for section, key, page, value in rows:
        published = config[section][key][page]["pool_size"] if page else config[section][key]
        assert str(published) == value, f"docs/deploy.md says {section}.{key}{' ' + page if page else ''} is {value}; voila.json says {published}"
    service_rows = re.findall(r"^\| `(\w+)=` \(upto9\.service\) \| (\S+) \|", guide, re.M)
    assert {key for key, _ in service_rows} >= {"MemoryMax", "TasksMax"}
    for key, value in service_rows:
        assert service_values(key) == [value], f"docs/deploy.md says {key}={value}; upto9.service says {service_values(key)}"
    assert re.search(rf"^\| Saved-game upload \(`upto9\.records\.MAX_RECORD_BYTES`\) \| {MAX_RECORD_BYTES // 2**20} MB \|", guide, re.M)


def test_caddy_in_front_of_voila(site: Site, tmp_path: Path) -> None:
    """deploy/Caddyfile run for real when Caddy is installed (not in CI), over plain HTTP (its
    automatic TLS needs a public host name): the same pages, the proxied websocket, nothing else."""
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("no caddy (Debian package caddy; not installed by make test): deploy/Caddyfile not run")
    port = free_port()
    text = CADDYFILE.read_text(encoding="utf-8")
    for old, new in {"upto9.example.org {": f"http://127.0.0.1:{port} {{", "to 127.0.0.1:8866\n": f"to 127.0.0.1:{site.voila_port}\n"}.items():
        assert text.count(old) == 1, f"deploy/Caddyfile should hold {old!r} once"
        text = text.replace(old, new)
    config = tmp_path / "Caddyfile"
    config.write_text(text, encoding="utf-8")
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    log = tmp_path / "caddy.log"
    with log.open("w", encoding="utf-8") as out:
        proxy = subprocess.Popen([caddy, "run", "--adapter", "caddyfile", "--config", str(config)], env=env, stdout=out, stderr=subprocess.STDOUT)
    origin = f"http://127.0.0.1:{port}"
    try:
        wait_for_answer(origin + BASE_URL, proxy, "caddy", log, PROXY_TIMEOUT_S)
        status, final, home, _ = site.get(origin + "/")
        assert (status, final) == (200, origin + BASE_URL) and "Up to 9" in home
        assert site.get(origin + "/elsewhere")[0] == 404
        info = message("kernel_info_request", {})
        received = asyncio.run(talk(origin, kernel_id(site.checker_page()), [info]))
        assert any(m["header"]["msg_type"] == "kernel_info_reply" and m["parent_header"]["msg_id"] == info["header"]["msg_id"] for m in received)
    finally:
        stop_process(proxy)
