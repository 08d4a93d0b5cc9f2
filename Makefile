# The two commands of the README: `make run` and `make test`. Each creates .venv when missing
# and installs the project with what it needs, so a fresh machine needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot run

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check bot cogs tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy bot cogs

pytest: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/tables.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
