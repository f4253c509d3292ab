"""The static site's ``pyodide-lock.json``: the wheels the browser's Python loads, written by hand.

Pyodide's npm package holds the core runtime only (its lock names packages whose files it does not
ship), and ``jupyterlite-pyodide-lock`` conflicts with Voici's versions: so the build downloads pure
Python wheels from PyPI (``browser-wheels.txt``), adds the kernel's own wheels and the project's wheel,
and this module writes the lock that lists exactly those files, with their digests and dependencies,
for Pyodide's ``loadPackage``. Every package in it is loaded when the kernel starts (the kernel
settings' ``loadPyodideOptions.packages``), so nothing is resolved or fetched from an index later.
Most wheels are not unpacked at all: ``bundle`` moves their bytecode into the standard library's zip,
which Python imports from directly (unpacking 21 wheels was 0.5 s of every first visit's CPU here).

``slim_babel`` rewrites Babel's wheel with only the locale data the pages use (Babel ships every
CLDR locale: 11 MB the browser would fetch on a first visit).
"""

from __future__ import annotations

import email.parser
import hashlib
import json
import re
import zipfile
from pathlib import Path
from typing import Any, Final

__all__ = [
    "ABSENT",
    "AS_WHEELS",
    "BABEL_LOCALES",
    "IGNORED_REQUIREMENTS",
    "KERNEL_NAMES",
    "absent_wheel",
    "bundle",
    "lock_entry",
    "precompile",
    "slim_babel",
    "write_lock",
]

BABEL_LOCALES: Final = ("root", "en", "nb", "no")
"""The CLDR locales the pages need from Babel: the two languages the pages speak (upto9.messages:
``en``, ``nb``), and what they inherit from (``no`` is ``nb``'s parent, ``root`` everyone's). Found
by recording ``babel.localedata.load`` while the engine formats numbers and reads both catalogs."""

IGNORED_REQUIREMENTS: Final = frozenset({"pandas", "tqdm", "widgetsnbextension", "jupyterlab-widgets", "psutil", "pexpect", "colorama"})
"""Requirements the browser's Python does without: pandas (no WebAssembly wheel in the registries; the
static pages never import it, tests/test_static_site.py and tests/test_imports.py check), tqdm (the
simulations' progress bar), the widgets' front-end packages (Voici brings its own widget manager), and platform-only ones."""


AS_WHEELS: Final = frozenset({"upto9", "babel"})
"""The packages that stay wheels, unpacked by the kernel's Pyodide as it starts: they read their own
files by path (the widgets' style sheet beside ``cards_html.py``, Babel's ``locale-data`` folder),
which a module imported from a zip cannot. Every other wheel goes into the standard library's zip
(``bundle``)."""

KERNEL_NAMES: Final = frozenset({"micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "ipython"})
"""Bundled packages the Pyodide kernel (0.7) asks its package manager for by name as it starts (it
installs each one its settings do not list): each keeps a lock entry, listed in the settings, whose
wheel holds only its metadata (its ``.dist-info``); its modules are in the standard library's zip."""

ABSENT: Final = ("sqlite3", "jedi")
"""What the Pyodide kernel (0.7) always asks its package manager for, and the site goes without:
sqlite3 is a compiled module of Pyodide's full distribution, which is in no registry (the npm package
is the core only), and IPython runs without it (no history file); jedi is IPython's completion (5 MB,
and nobody types code on a page). Each gets a wheel of metadata only (``absent_wheel``) that the
kernel loads like the others instead of looking for it in an index; ``import sqlite3`` still fails,
as IPython expects."""


def absent_wheel(name: str, out: Path) -> Path:
    """A wheel in ``out`` that installs the metadata of ``name`` (version 0) and no module at all."""
    version = "0"
    info = f"{name}-{version}.dist-info"
    files = {
        f"{info}/METADATA": (
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
            f"Summary: Not installed: the static site's browser Python goes without {name} (static_site/lock.py, ABSENT).\n"
        ),
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: upto9 static_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    files[f"{info}/RECORD"] = "".join(f"{path},,\n" for path in [*files, f"{info}/RECORD"])
    target = out / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, text in files.items():
            # A fixed date: the same build writes the same bytes (and the lock the same digest).
            wheel.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return target


def _canonical(name: str) -> str:
    """A distribution name as the lock and micropip key it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """A wheel's name, version, the names it requires (no extras, no markers that exclude a browser),
    and the top-level modules it installs."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        meta = email.parser.Parser().parsestr(archive.read(meta_name).decode("utf-8"))
    requires = []
    for line in meta.get_all("Requires-Dist") or []:
        requirement, _, marker = line.partition(";")
        if "extra" in marker or ("win32" in marker and "!=" not in marker):
            continue
        match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
        if match:
            requires.append(_canonical(match.group(1)))
    tops = set()
    for name in names:
        first = name.split("/", 1)[0]
        if first.endswith((".dist-info", ".data")):
            continue
        if "/" in name:
            tops.add(first)
        elif name.endswith((".py", ".pyc")):
            tops.add(name.rsplit(".", 1)[0])
    return str(meta["Name"]), str(meta["Version"]), requires, sorted(tops)


def lock_entry(wheel: Path, known: set[str], bundled: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The lock's entry for ``wheel`` (a pure Python wheel in the lock's folder); ``depends`` lists the
    requirements that are in the lock (``known``, canonical names), so Pyodide loads them first; those
    in ``bundled`` are in the standard library's zip already."""
    name, version, requires, imports = _metadata(wheel)
    depends = sorted({r for r in requires if r in known and r not in IGNORED_REQUIREMENTS})
    missing = sorted({r for r in requires if r not in known and r not in bundled and r not in IGNORED_REQUIREMENTS})
    if missing:
        raise ValueError(f"{wheel.name} requires {', '.join(missing)}, which is not among the site's wheels (static_site/browser-wheels.txt)")
    return {
        "name": _canonical(name),
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def write_lock(folder: Path, core_lock: Path, bundled: frozenset[str] = frozenset()) -> list[str]:
    """Write ``folder/pyodide-lock.json`` for every wheel in ``folder``; ``info`` (the Python and ABI
    version) comes from the Pyodide runtime's own lock, ``core_lock``. Requirements
    in ``bundled`` (canonical names: the packages ``bundle`` put in the standard library) need no
    entry. Returns the packages' names."""
    info = json.loads(core_lock.read_text(encoding="utf-8"))["info"]
    wheels = sorted(folder.glob("*.whl"))
    known = {_canonical(_metadata(w)[0]) for w in wheels}
    packages: dict[str, dict[str, Any]] = {}
    for wheel in wheels:
        entry = lock_entry(wheel, known, bundled)
        if entry["name"] in packages:
            raise ValueError(f"two wheels of {entry['name']} in {folder}: {packages[entry['name']]['file_name']}, {wheel.name}")
        packages[entry["name"]] = entry
    lock = {"info": info, "packages": packages}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return sorted(packages)


def slim_babel(wheel: Path, out: Path) -> Path:
    """A copy of Babel's ``wheel`` in the folder ``out`` with only the locale data of ``BABEL_LOCALES``
    (the RECORD lists what is left); the same file name, so the lock names the version."""
    keep = {f"babel/locale-data/{name}.dat" for name in BABEL_LOCALES}
    target = out / wheel.name
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as slim:
        kept = [i for i in source.infolist() if not i.filename.startswith("babel/locale-data/") or i.filename in keep]
        if len([i for i in kept if i.filename.startswith("babel/locale-data/")]) != len(keep):
            raise ValueError(f"{wheel.name} lacks some of the locales {', '.join(BABEL_LOCALES)}")
        names = {i.filename for i in kept}
        for item in kept:
            data = source.read(item)
            if item.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(line for line in lines if line.split(",", 1)[0] in names or line.split(",", 1)[0].endswith("RECORD")).encode()
            slim.writestr(item, data)
    return target


SITECUSTOMIZE: Final = """\
# The static site's browser Python (static_site/lock.py, SITECUSTOMIZE): no imports from /drive.
# Its working folder /drive is the site's files, and each look-up there is a round trip through the
# page's service worker: with the working folder first on sys.path, every import of the kernel's start
# asked it (about a hundred times). The pages import only installed packages; files there still open.
import sys


class _NoImportsFromDrive:
    def find_spec(self, fullname, target=None):
        return None

    def invalidate_caches(self):
        pass


def _drive_hook(path):
    if path == "/drive" or path.startswith("/drive/"):
        return _NoImportsFromDrive()
    raise ImportError(path)


sys.path_hooks.insert(0, _drive_hook)


# IPython's __init__ imports IPython.terminal.embed, and with it prompt_toolkit: a third of IPython's
# import time (about 0.3 s of every first visit), for a terminal the browser has not. This stands in for
# that module and imports the real one when something in it is first used.
class _LaterEmbed:
    NAME = "IPython.terminal.embed"

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.NAME:
            return None
        from importlib.machinery import ModuleSpec

        return ModuleSpec(fullname, self)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        def real():
            if self in sys.meta_path:
                sys.meta_path.remove(self)
            if sys.modules.get(self.NAME) is module:
                del sys.modules[self.NAME]
            import importlib

            return importlib.import_module(self.NAME)

        def embed(**kwargs):
            return real().embed(**kwargs)

        def __getattr__(name):
            if name.startswith("__"):  # the import system's own look-ups (__path__, ...)
                raise AttributeError(name)
            return getattr(real(), name)

        module.embed = embed
        module.__getattr__ = __getattr__


sys.meta_path.insert(0, _LaterEmbed())
"""
"""Added to the browser's standard library as ``sitecustomize``, which Python runs as it starts."""

PRECOMPILE_SCRIPT: Final = """
import { loadPyodide } from "%(mjs)s";
const py = await loadPyodide({ indexURL: "%(index)s" });
py.mountNodeFS("/build", "%(tree)s");
const ok = py.runPython(`
import compileall, py_compile
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
all([compileall.compile_dir("/build/sources", quiet=1, invalidation_mode=mode),
     compileall.compile_dir("/build/bytecode", quiet=1, legacy=True, invalidation_mode=mode)])
`);
process.exit(ok ? 0 : 1);
"""
"""Byte-compiles the unpacked wheels and standard library in the browser's own Python (Pyodide in
Node): its magic number and cache tag (cpython-313), whatever Python runs the build. UNCHECKED_HASH:
the browser unpacks a wheel with fresh file times, which would make time-stamped bytecode stale at
once. What goes without its sources (``bytecode/``) has its bytecode beside its modules (``legacy``),
where Python looks when there is no source; the rest (``sources/``) in ``__pycache__``."""


def precompile(wheels: list[Path], own: Path, stdlib: Path, pyodide: Path, work: Path) -> None:
    """Byte-compile the browser's Python ahead: each wheel in ``wheels`` and the standard library's
    zip ``stdlib`` (with ``SITECUSTOMIZE`` added) are rewritten in place with bytecode instead of
    their sources, except the project's own wheel ``own``, which keeps its sources beside its bytecode
    (``__pycache__``); compiled by the Pyodide runtime in ``pyodide``, run with Node. Importing from
    source means compiling it in WebAssembly on every first visit (IPython alone took 4.4 s of the
    hand checker's start-up here); keeping the others' sources too would pass the size limit (a
    traceback inside them shows no source lines)."""
    import shutil
    import subprocess

    shutil.rmtree(work, ignore_errors=True)
    trees: dict[Path, Path] = {}
    for wheel in wheels:
        trees[wheel] = work / ("sources" if wheel == own else "bytecode") / wheel.name
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(trees[wheel])
    trees[stdlib] = work / "bytecode" / stdlib.name
    with zipfile.ZipFile(stdlib) as archive:
        archive.extractall(trees[stdlib])
    (trees[stdlib] / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    (work / "sources").mkdir(exist_ok=True)
    script = work / "precompile.mjs"
    script.write_text(PRECOMPILE_SCRIPT % {"mjs": pyodide / "pyodide.mjs", "index": f"{pyodide}/", "tree": work}, encoding="utf-8")
    node = shutil.which("node")
    if node is None:
        raise SystemExit("make site needs Node (Debian: apt-get install nodejs) to byte-compile the browser's Python")
    subprocess.run([node, str(script)], check=True)
    fixed = (2020, 1, 1, 0, 0, 0)  # a fixed date: the same build writes the same bytes (and the lock the same digest)
    for rewritten, tree in trees.items():
        order = {name: i for i, name in enumerate(zipfile.ZipFile(rewritten).namelist())}  # dist-info stays last
        files = [p for p in tree.rglob("*") if p.is_file()]
        files.sort(key=lambda p: (order.get(p.relative_to(tree).as_posix(), -1), p.as_posix()))
        with zipfile.ZipFile(rewritten.with_suffix(".tmp"), "w", zipfile.ZIP_DEFLATED) as out:
            for path in files:
                if path.suffix == ".py" and path.with_suffix(".pyc").exists():
                    continue  # its bytecode stands in for it
                out.writestr(zipfile.ZipInfo(path.relative_to(tree).as_posix(), date_time=fixed), path.read_bytes(), zipfile.ZIP_DEFLATED)
        rewritten.with_suffix(".tmp").replace(rewritten)
    shutil.rmtree(work, ignore_errors=True)


def bundle(folder: Path, stdlib: Path) -> frozenset[str]:
    """Move the modules of every wheel in ``folder`` but ``AS_WHEELS`` (and the ``ABSENT`` stand-ins)
    into the standard library's zip ``stdlib``, which Python imports from where it lies (zipimport):
    the kernel then unpacks 4 wheels as it starts instead of 21 (0.5 s of CPU less here). A wheel of
    ``KERNEL_NAMES`` is rewritten with its metadata only (the kernel loads it by name); the others'
    metadata goes into the zip too (``importlib.metadata`` reads it there) and their wheels are
    deleted. Returns the bundled packages' canonical names. Call after ``precompile``: the zip holds
    bytecode."""
    keep = AS_WHEELS | set(ABSENT)
    fixed = (2020, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(stdlib) as source:
        entries = [(item, source.read(item)) for item in source.infolist()]
    names = {item.filename for item, _ in entries}
    bundled = set()
    for wheel in sorted(folder.glob("*.whl")):
        name = _canonical(_metadata(wheel)[0])
        if name in keep:
            continue
        bundled.add(name)
        with zipfile.ZipFile(wheel) as archive:
            # Not the .data folder (IPython's man page): it installs outside Python's path.
            items = [(i, archive.read(i)) for i in archive.infolist() if not i.is_dir() and not i.filename.split("/", 1)[0].endswith(".data")]
        info = [(i, d) for i, d in items if i.filename.split("/", 1)[0].endswith(".dist-info")]
        modules = [(i, d) for i, d in items if (i, d) not in info]
        for item, data in modules + (info if name not in KERNEL_NAMES else []):
            if item.filename in names:
                raise ValueError(f"{wheel.name} and the standard library (or another wheel) both have {item.filename}")
            names.add(item.filename)
            entries.append((item, data))
        if name in KERNEL_NAMES:
            with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as slim:
                record = "".join(f"{i.filename},,\n" for i, _ in info if not i.filename.endswith("/RECORD"))
                for item, data in info:
                    slim.writestr(item, (record + item.filename + ",,\n").encode() if item.filename.endswith("/RECORD") else data)
        else:
            wheel.unlink()
    # Folders as entries of their own: zipimport finds a namespace package (micropip._vendored) by them.
    folders = {"/".join(n.split("/")[:k]) + "/" for n in names for k in range(1, n.count("/") + 1)} - names
    with zipfile.ZipFile(stdlib.with_suffix(".tmp"), "w", zipfile.ZIP_DEFLATED) as out:
        for item, data in entries:
            out.writestr(item, data)
        for name in sorted(folders):
            out.writestr(zipfile.ZipInfo(name, date_time=fixed), b"")
    stdlib.with_suffix(".tmp").replace(stdlib)
    return frozenset(bundled)
