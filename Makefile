# Two commands do all the set-up on a fresh machine:
#   make serve   run the main job
#   make test    run every check (ruff, mypy --strict, pytest with doctests)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/upto9 check "5h 6h 2c 8h 9h 2d 3s Jc" --level 7
	$(BIN)/upto9 check "5h 6h 2c 8h" --level 1

lint: $(STAMP)
	$(BIN)/ruff check upto9 widgets tests benchmarks
	$(BIN)/ruff format --check upto9 widgets tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy widgets --ignore-missing-imports

test: lint typecheck
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_checker.py
	$(BIN)/python benchmarks/bench_games.py
	$(BIN)/python benchmarks/bench_widgets.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
