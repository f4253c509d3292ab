# Two commands do all the set-up on a fresh machine:
#   make serve   publish the explainer notebooks with Voila on http://127.0.0.1:8866/ (voila.json)
#   make test    run every check (ruff, mypy --strict, pytest with doctests, the notebooks with
#                nbval, the Voila site and the browser tests; installs Debian's chromium as root)
# More: make lab (the same notebooks in JupyterLab, for editing), make notebook-data (the
# explainers' cached data in notebooks/data/), make bench, make dist (the sdist and wheel in dist/).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve lab notebook-data test lint typecheck browser bench dist clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The site's Voila template (share/jupyter/voila/templates/upto9: the home page, the pages' assets)
# and the pages' kernel: voila.json finds them (ClassKernelManager.site_data, for a plain `voila` here)
# and JUPYTER_PATH too, as the tests' Voila (tests/voila_helpers.py) and the service file set it.
VOILA_ENV := JUPYTER_PATH=$(CURDIR)/share/jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH}
# A voila.json that is no JSON stops the server in one line (traitlets would log a traceback and
# serve the folder without it); the service runs the same (ExecStartPre).
SETTINGS_CHECK := $(BIN)/python -m upto9.server.settings voila.json

# The published explainers: voila.json (read from this folder) says what is served and how. For one
# person: one preheated kernel per page and no spare kernels, instead of the class-sized pools and
# spares (52 kernels). The first option replaces voila.json's pools, one page=settings per option
# (how traitlets takes a dict; the whole dict as JSON is deprecated); upto9.server.kernels reads the
# settings as JSON.
serve: $(STAMP)
	@$(SETTINGS_CHECK)
	@echo "Up to 9 explainers: open http://127.0.0.1:8866/ (Ctrl-C stops the server)"
	$(VOILA_ENV) $(BIN)/voila --no-browser '--VoilaKernelManager.kernel_pools_config=default={"pool_size": 1}' --ClassKernelManager.spare_kernels=0

# The site as published for a class of 30 (voila.json as it stands: preheated pools on every page,
# kernels forked from one warm process (server/forking.py), a kernel limit, culling of closed tabs);
# give it a minute to heat its pools before the class arrives.
.PHONY: serve-class
serve-class: $(STAMP)
	@$(SETTINGS_CHECK)
	@echo "Up to 9 for a class: http://127.0.0.1:8866/ (the pools are ready about a minute after start; Ctrl-C stops)"
	$(VOILA_ENV) $(BIN)/voila --no-browser

# The same notebooks in JupyterLab, for editing (kernels start in notebooks/, as under Voila).
lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks --ServerApp.ip=127.0.0.1

# Regenerate notebooks/data/ (the atlas's samples, the stepper's saved game, the Up to 9 / Phase 10
# comparison's deals and games) with the package's own code (upto9.atlas, upto9.compare, save_game):
# several minutes on two cores. The pages read these files by paths relative to notebooks/.
notebook-data: $(STAMP)
	$(BIN)/python notebooks/build_cache.py

lint: $(STAMP)
	$(BIN)/ruff check upto9 widgets server static_site tests benchmarks notebooks
	$(BIN)/ruff format --check upto9 widgets server static_site tests benchmarks notebooks

typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy widgets --ignore-missing-imports

# The browser tests drive Debian's headless chromium (Playwright's own browser download is not
# used). Installed here when missing and this runs as root; elsewhere those tests skip, naming
# the package (.ci/run sets UPTO9_REQUIRE_BROWSER=1, which makes the skip a failure). Without
# recommended packages: chromium, its dependencies and the Liberation fonts the layout tests were
# measured with (Arial's metrics; about 30 packages, 400 MB on Debian 12).
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v nginx >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's chromium and nginx for the browser and deployment tests"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-liberation nginx >/dev/null) \
	    || echo "could not install chromium and nginx: the browser and deployment tests will skip"; \
	else echo "no chromium or nginx and not root: the browser and deployment tests will skip (apt-get install --no-install-recommends chromium fonts-liberation nginx)"; fi

test: lint typecheck browser
	$(VOILA_ENV) $(BIN)/pytest
	$(BIN)/pytest --nbval-lax notebooks

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_checker.py
	$(BIN)/python benchmarks/bench_games.py
	$(BIN)/python benchmarks/bench_widgets.py
	$(BIN)/python benchmarks/bench_pages.py
	$(BIN)/python benchmarks/bench_site.py
	$(BIN)/python benchmarks/bench_baseline.py

# The learner pages (tour, hand checker, round stepper) as a static site in _site/, built with Voici:
# Python runs in the browser (Pyodide), so any static host serves any number of learners, and a page
# works offline once loaded. Downloads from PyPI and the npm registry only (cached in build/static_site/);
# prints the site's size. Try it: python -m http.server -d _site (tests/test_static_site.py does so).
.PHONY: site
site: $(STAMP)
	$(BIN)/python static_site/build.py --out _site

# The release files: an sdist and a wheel in dist/, checked with twine (tests/test_package.py builds
# them the same way in a temporary folder, installs the wheel into a fresh venv and runs it).
dist: $(STAMP)
	rm -rf dist
	$(BIN)/python -m build --no-isolation --outdir dist .
	$(BIN)/twine check --strict dist/*

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis build dist _site
