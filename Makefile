# Two commands matter (see README): `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
QUIZ ?= parallelism
ARGS ?=
# -qq: pip prints errors only (its warnings about this machine's index settings are not the
# user's business); a failing install still shows pip's ERROR lines and exits non-zero.
PIP := $(BIN)/python -m pip -qq --disable-pip-version-check --no-input

.PHONY: play test lint clean

$(BIN)/quizbot: pyproject.toml
	@$(PYTHON) -m venv $(VENV)
	@$(PIP) install --upgrade pip
	@$(PIP) install -e .
	@touch $@

$(VENV)/.test-deps: $(BIN)/quizbot
	@$(PIP) install -e '.[test]'
	@touch $@

## Play the default quiz in the terminal (local SQLite, no token, no network).
play: $(BIN)/quizbot
	@$(BIN)/quizbot play $(QUIZ) $(ARGS)

## Lint, type-check, validate the bundled quizzes and run the whole test suite.
test: $(VENV)/.test-deps
	@$(BIN)/ruff check .
	@$(BIN)/ruff format --check --quiet .
	@$(BIN)/mypy
	@$(BIN)/quizbot validate --strict quizzes/
	@$(BIN)/pytest

lint: $(VENV)/.test-deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
