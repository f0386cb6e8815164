# Two commands matter (see README): `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
QUIZ ?= parallelism
ARGS ?=

.PHONY: play test lint clean

$(BIN)/quizbot: pyproject.toml
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	@touch $@

$(VENV)/.test-deps: $(BIN)/quizbot
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $@

## Play the default quiz in the terminal (local SQLite, no token, no network).
play: $(BIN)/quizbot
	@$(BIN)/quizbot play $(QUIZ) $(ARGS)

## Lint, type-check, validate the bundled quizzes and run the whole test suite.
test: $(VENV)/.test-deps
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/quizbot validate quizzes/
	$(BIN)/pytest

lint: $(VENV)/.test-deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
