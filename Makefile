# The two commands of the README: `make run` and `make test`. Each creates .venv when missing
# and installs the project with what it needs, so a fresh machine needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# KLAVERJAS_PURE=1 installs the engine uncompiled (setup.py, bot/compiled.py); each kind of
# install has its own stamp, so switching between them reinstalls.
BUILD := $(if $(filter 1 true yes on TRUE YES ON True Yes On,$(KLAVERJAS_PURE)),pure,compiled)
STAMP := $(VENV)/.installed-$(BUILD)

.PHONY: run test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The install compiles the engine (setup.py), so any change to an engine source reinstalls:
# otherwise the compiled build beside the sources would keep running the old rules. An
# install first removes the previous build, so a pure install leaves no old one behind.
$(STAMP): pyproject.toml setup.py $(wildcard bot/engine/*.py) bot/players/solver.py bot/players/opponent_model.py bot/players/leads.py | $(BIN)/python
	rm -f $(VENV)/.installed-* bot/engine/*.so bot/players/*.so *__mypyc.*.so
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot run

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check bot cogs tests benchmarks docs/pictures setup.py
	$(BIN)/ruff format --check bot cogs tests benchmarks docs/pictures setup.py

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
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build *__mypyc.*.so bot/engine/*.so bot/players/*.so
