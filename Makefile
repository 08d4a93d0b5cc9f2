# The two commands of the README: `make run` and `make test`. Each creates .venv when missing
# and installs the project with what it needs, so a fresh machine needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The install compiles the engine (setup.py), so any change to an engine source reinstalls:
# otherwise the compiled build beside the sources would keep running the old rules.
$(STAMP): pyproject.toml setup.py $(wildcard bot/engine/*.py) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot run

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check bot cogs tests benchmarks setup.py

typecheck: $(STAMP)
	$(BIN)/mypy bot cogs

# The engine's own tests run once more on the uncompiled sources (KLAVERJAS_PURE), so both
# builds are held to the same rules; then the whole suite on the compiled build.
pytest: $(STAMP)
	KLAVERJAS_PURE=1 $(BIN)/python -m pytest -q tests/engine tests/test_compiled.py
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/tables.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build *.so bot/engine/*.so
