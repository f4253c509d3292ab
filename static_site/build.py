"""``make site``: the learner pages as a static site (Voici), where Python runs in the browser (Pyodide).

    python static_site/build.py [--out _site]

Everything the site loads is in the output folder: the Pyodide runtime (npm ``pyodide``), the wheels
of its Python (PyPI, ``browser-wheels.txt``, and the project's own wheel built from this checkout),
Font Awesome (npm), the pages' pictures and the data files they read (the round stepper's saved games). The build
downloads only from PyPI and the npm registry (cached in ``build/static_site/``, so a second build is
quicker); a served site asks no other host for anything (tests/test_static_site.py blocks them).

The pages are the explainers marked ``static`` in ``widgets/nav.py`` (Up to 9's tour, hand checker and
round stepper, the tours of 3UP 3DOWN and of Picture cards: they import neither pandas nor numpy,
which have no WebAssembly wheels). Each page is
built twice, ``<page>.html`` in English and ``<page>.nb.html`` in Norsk (in the browser the kernel
cannot read the page's address, so each copy sets ``UPTO9_LANG``; the template writes each file's
``<html lang>`` and tab title, and the page's switch leads the address to the other file); the home
page is ``index.html`` and ``index.nb.html``, with the texts, the games and the look of the Voila
site's home page (tree.html).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Final

HERE: Final = Path(__file__).resolve().parent
ROOT: Final = HERE.parent
sys.path.insert(0, str(HERE))

from lock import ABSENT, absent_wheel, bundle, precompile, slim_babel, write_lock  # noqa: E402  (beside this script, not a package)

CACHE: Final = ROOT / "build" / "static_site"
"""Downloads and intermediate files (git-ignored with build/); delete it to download everything again."""

PYODIDE_FILES: Final = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
"""The Pyodide runtime's files the kernel loads (the npm package also has a console, type stubs and
source maps, which the site does not need)."""

FONTAWESOME_FILES: Final = (
    "css/all.min.css",
    "css/v4-shims.min.css",
    "webfonts/fa-brands-400.woff2",
    "webfonts/fa-regular-400.woff2",
    "webfonts/fa-solid-900.woff2",
)
"""What the pages' icons need from @fortawesome/fontawesome-free: its two style sheets (Font Awesome
5 and the v4 names ipywidgets uses) and their fonts as WOFF2, the first format the style sheets offer
(every browser that runs WebAssembly reads it; the older formats would add 2.7 MB)."""

PAGE_DATA: Final = re.compile(r"data/[A-Za-z0-9_.-]+\.json")
"""How a page names a file it reads (the round stepper's saved games, a tour's cached figures): a
path under notebooks/, found in the static pages' code cells (page_data)."""

SIZE_LIMIT_MB: Final = 40
"""The largest site the issue allows (a first visit downloads most of it); the build fails above."""

KERNEL_SETTINGS: Final = "@jupyterlite/pyodide-kernel-extension:kernel"


def run(command: list[str], **kwargs: Any) -> None:
    """Run ``command``, echoing it; a failure stops the build with the command's own output."""
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run(command, check=True, **kwargs)


def npm_packages() -> Path:
    """``node_modules`` of static_site/package-lock.json (``npm ci``), redone when the lock changes."""
    work = CACHE / "npm"
    lock = (HERE / "package-lock.json").read_bytes()
    stamp = work / "node_modules" / ".lock-sha256"
    digest = hashlib.sha256(lock).hexdigest()
    if not (stamp.exists() and stamp.read_text() == digest):
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("make site needs npm (Debian: apt-get install npm) for the Pyodide runtime and Font Awesome")
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        shutil.copy(HERE / "package.json", work)
        shutil.copy(HERE / "package-lock.json", work)
        run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], cwd=work)
        stamp.write_text(digest)
    return work / "node_modules"


def browser_wheels() -> list[Path]:
    """The wheels of browser-wheels.txt, downloaded from PyPI with their digests checked."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps", "--only-binary=:all:"]
    # Pure Python wheels for the browser's Python 3.13, whatever Python and platform build the site.
    target = ["--python-version", "3.13", "--platform", "any", "--implementation", "py", "--abi", "none"]
    run([*pip, *target, "--require-hashes", "-r", str(HERE / "browser-wheels.txt"), "-d", str(folder)])
    pins = [line.split()[0].split("==") for line in (HERE / "browser-wheels.txt").read_text().splitlines() if line.strip() and not line.startswith("#")]
    wanted = {(_canonical(name), version) for name, version in pins}
    # The folder may also hold wheels of earlier pins: take the pinned ones.
    wheels = [w for w in sorted(folder.glob("*.whl")) if (_canonical(w.name.split("-")[0]), w.name.split("-")[1]) in wanted]
    if len(wheels) != len(wanted):
        raise SystemExit(f"expected {len(wanted)} wheels in {folder}, found {len(wheels)}: delete the folder and build again")
    return wheels


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def project_wheel() -> Path:
    """The project's own wheel, built from this checkout (as make dist does, without isolation)."""
    out = CACHE / "project"
    shutil.rmtree(out, ignore_errors=True)
    run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(ROOT)], stdout=subprocess.DEVNULL)
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)  # setuptools' staging copy, not ours to keep
    (wheel,) = out.glob("upto9-*.whl")
    return wheel


def kernel_extension() -> Path:
    """The Pyodide kernel's JupyterLab extension, as jupyterlite-pyodide-kernel installed it."""
    path = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    if not (path / "package.json").exists():
        raise SystemExit(f"no Pyodide kernel extension in {path}: install the site extra (pip install -e '.[site]')")
    return path


def lite_folder(modules: Path, wheels: list[Path], own: Path) -> Path:
    """The JupyterLite folder Voici builds from: its settings, and static/pyodide/ with the runtime,
    every wheel and the lock that lists them."""
    lite = CACHE / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    pyodide = lite / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy(modules / "pyodide" / name, pyodide)
    for wheel in wheels:
        if wheel.name.startswith("babel-"):
            slim_babel(wheel, pyodide)
        else:
            shutil.copy(wheel, pyodide)
    shutil.copy(own, pyodide)
    # The kernel's own wheels (its ipykernel stand-in, piplite, pyodide_kernel) come with its extension.
    kernel_wheels = kernel_extension() / "static" / "pypi"
    for name in ("ipykernel", "piplite", "pyodide_kernel"):
        (wheel,) = kernel_wheels.glob(f"{name}-*.whl")
        shutil.copy(wheel, pyodide)
    # Bytecode in every wheel (the ABSENT ones have no module) and the standard library: the browser
    # imports without compiling.
    precompile(sorted(pyodide.glob("*.whl")), pyodide / own.name, pyodide / "python_stdlib.zip", modules / "pyodide", CACHE / "bytecode")
    bundled = bundle(pyodide, pyodide / "python_stdlib.zip")
    for name in ABSENT:
        absent_wheel(name, pyodide)
    packages = write_lock(pyodide, modules / "pyodide" / "pyodide-lock.json", bundled)
    settings = json.loads((HERE / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = settings["jupyter-config-data"]["litePluginSettings"][KERNEL_SETTINGS]
    # All loaded at start-up, side by side: the kernel then installs nothing from an index.
    kernel["loadPyodideOptions"]["packages"] = packages
    (lite / "jupyter-lite.json").write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
    config = json.loads((HERE / "jupyter_lite_config.json").read_text(encoding="utf-8"))
    config["LiteBuildConfig"]["federated_extensions"] = [str(kernel_extension())]
    (lite / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return lite


def contents_folder() -> Path:
    """The pages' notebooks (English, and a Norwegian copy of each) and the data they read."""
    from upto9.widgets.nav import EXPLAINERS

    contents = CACHE / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    contents.mkdir(parents=True)
    notebooks = ROOT / "notebooks"
    for page in (e for e in EXPLAINERS if e.static):
        shutil.copy(notebooks / page.notebook, contents)
        notebook = json.loads((notebooks / page.notebook).read_text(encoding="utf-8"))
        first: dict[str, Any] = {
            "cell_type": "code",
            "execution_count": None,
            "id": "upto9-static-lang",
            "metadata": {},
            "outputs": [],
            "source": ["import os\n", 'os.environ["UPTO9_LANG"] = "nb"  # this copy of the page opens in Norsk (widgets/page.py, page_lang)'],
        }
        notebook["cells"].insert(0, first)
        # For the pages' template (upto9/index.html.j2): the file's language and its page, for its
        # <html lang> and tab title, and for the address the language switch leads to.
        notebook["metadata"]["upto9"] = {"lang": "nb", "page": page.notebook}
        stem = page.notebook.removesuffix(".ipynb")
        (contents / f"{stem}.nb.ipynb").write_text(json.dumps(notebook, indent=1, ensure_ascii=False), encoding="utf-8")
    for name in page_data([notebooks / e.notebook for e in EXPLAINERS if e.static]):
        (contents / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(notebooks / name, contents / name)
    return contents


def page_data(pages: list[Path]) -> list[str]:
    """The data files the notebooks ``pages`` read (``data/<name>.json`` in a code cell), relative
    to their folder, each once; a named file that is not there stops the build, naming it.

    >>> page_data([ROOT / "notebooks" / "3_round_stepper.ipynb"])[:2]
    ['data/sample_game.json', 'data/sample_phase10_game.json']
    """
    names: list[str] = []
    for page in pages:
        cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        for name in PAGE_DATA.findall(code):
            if not (page.parent / name).is_file():
                raise SystemExit(f"{page.name} reads {name}, which is not in {page.parent}")
            if name not in names:
                names.append(name)
    return names


def voici(lite: Path, contents: Path, out: Path) -> None:
    """Voici's build: the pages (voici/render/), JupyterLite's files, the kernel's extension."""
    shutil.rmtree(out, ignore_errors=True)
    env = dict(os.environ)
    # The site's templates: upto9-static (here) extends the Voila site's upto9 template.
    paths = [str(HERE / "share" / "jupyter"), str(ROOT / "share" / "jupyter")]
    env["JUPYTER_PATH"] = os.pathsep.join([*paths, env.get("JUPYTER_PATH", "")]).rstrip(os.pathsep)
    env["JUPYTERLITE_NO_LIBARCHIVE"] = "1"
    # voici_core 0.10.0's __main__ imports the meta-package (voici, with jupyterlite-xeus): its app instead.
    command = [
        sys.executable,
        "-c",
        "from voici_core.app import main; main()",
        "build",
        "--lite-dir",
        str(lite),
        "--contents",
        str(contents),
        "--output-dir",
        str(out),
    ]
    run(command, cwd=lite, env=env)


def home_pages(out: Path) -> None:
    """index.html (English) and index.nb.html (Norsk): the Voila site's home page (its texts, its
    look, its games) listing the static pages, with their pictures beside it in img/ (a page
    without a picture yet is listed without one)."""
    import jinja2
    from upto9.widgets.nav import EXPLAINERS

    tree = ROOT / "share" / "jupyter" / "voila" / "templates" / "upto9"
    loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(HERE)), jinja2.FileSystemLoader(str(tree))])
    env = jinja2.Environment(loader=loader, autoescape=True, keep_trailing_newline=True)
    voila_home = env.get_template("tree.html")
    module: Any = voila_home.make_module({"query": "lang=en", "base_url": "/"})  # its {% set %} values: PAGES
    static = [e.notebook for e in EXPLAINERS if e.static]
    pages = [p for p in module.PAGES if p["notebook"] in static]
    if [p["notebook"] for p in pages] != static:
        raise SystemExit(f"tree.html does not list the static pages {static}")
    (out / "img").mkdir(exist_ok=True)
    for page in pages:  # each page's picture, and its Norwegian one (the same name with .nb before .png)
        if page.get("picture"):
            shutil.copy(ROOT / "notebooks" / "img" / page["picture"], out / "img")
            shutil.copy(ROOT / "notebooks" / "img" / page["picture"].replace(".png", ".nb.png"), out / "img")
    home = env.get_template("home.html.j2")
    for lang in ("en", "nb"):
        # tree.html reads the language from the query; static_site makes its links relative files.
        html = home.render(query=f"lang={lang}", base_url="/", pages=pages, static_site=True)
        (out / ("index.html" if lang == "en" else f"index.{lang}.html")).write_text(html, encoding="utf-8")
    # Voici's own file lists (voici/tree/) would link to every notebook copy and the data: they lead home.
    tree_root = out / "voici" / "tree"
    for listing in tree_root.rglob("index.html"):
        index = "../" * (len(listing.relative_to(tree_root).parts) + 1) + "index.html"
        listing.write_text(f'<!DOCTYPE html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url={index}"><a href="{index}">Up to 9</a>\n')


def fontawesome(modules: Path, out: Path) -> None:
    """Font Awesome's style sheets and fonts, where the pages' template links them."""
    source = modules / "@fortawesome" / "fontawesome-free"
    target = out / "static" / "fontawesome"
    for name in FONTAWESOME_FILES:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source / name, target / name)
    shutil.copy(source / "LICENSE.txt", target)


def unused_fonts(out: Path) -> list[str]:
    """Remove JupyterLab's own copy of Font Awesome's fonts from JupyterLite's build/ folder (``fa-*``:
    SVG, EOT, TrueType and WOFF files, 2.8 MB): no script or style sheet there names them, and the
    pages' icons come from static/fontawesome/ (fontawesome()); returns the names removed. A font
    whose name a file in build/ mentions stays (a script there would ask for it by that name).

    >>> import tempfile
    >>> out = Path(tempfile.mkdtemp()); (out / "build").mkdir()
    >>> _ = (out / "build" / "fa-solid-900.svg").write_text("<svg/>")
    >>> _ = (out / "build" / "fa-solid-900.woff2").write_bytes(b"")
    >>> _ = (out / "build" / "app.js").write_text("load('fa-solid-900.woff2')")
    >>> unused_fonts(out), sorted(p.name for p in (out / "build").iterdir())
    (['fa-solid-900.svg'], ['app.js', 'fa-solid-900.woff2'])
    """
    fonts = sorted((out / "build").glob("fa-*.*"))
    texts = [p for p in (out / "build").rglob("*") if p.is_file() and p.suffix in {".js", ".css", ".html", ".json"}]
    named = {f.name for f in fonts for t in texts if f.name in t.read_text(encoding="utf-8", errors="ignore")}
    removed = [f.name for f in fonts if f.name not in named]
    for name in removed:
        (out / "build" / name).unlink()
    return removed


def size_mb(folder: Path) -> float:
    """The site's size in MB (10^6 bytes), every file counted."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def build(out: Path) -> float:
    """Build the site into ``out``; returns its size in MB."""
    modules = npm_packages()
    lite = lite_folder(modules, browser_wheels(), project_wheel())
    contents = contents_folder()
    voici(lite, contents, out)
    home_pages(out)
    fontawesome(modules, out)
    unused_fonts(out)
    for leftover in (".jupyterlite.doit.db",):
        (out / leftover).unlink(missing_ok=True)
    size = size_mb(out)
    if size > SIZE_LIMIT_MB:
        raise SystemExit(f"the site is {size:.1f} MB, more than {SIZE_LIMIT_MB} MB")
    return size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="the output folder (emptied first; default: _site)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    size = build(args.out.resolve())
    took = time.perf_counter() - started
    print(f"static site: {args.out} ({size:.1f} MB, built in {took:.0f} s); try it with any static server: python -m http.server -d {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
