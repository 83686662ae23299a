# bigtop: every target does its own set-up from a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/bigtop play drumroll --players 3 --seat 0

test: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/bigtop bench all

lint: $(STAMP)
	$(BIN)/ruff check src tests

clean:
	rm -rf $(VENV) build dist src/*.egg-info
