# bigtop: every target does its own set-up from a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed

.PHONY: run test bench lint clean system-deps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The page's JavaScript checker (ESLint), at the versions package-lock.json pins; needs Node 20 and npm.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

run: $(STAMP)
	$(BIN)/bigtop serve

# Debian packages the tests need (Chromium, a CJK font, PostgreSQL, valgrind); installs only what is missing.
# Checks that Node.js 20.19+ and npm are there (for ESLint).
system-deps:
	bash scripts/system-deps.sh

test: $(STAMP) system-deps $(NODE_STAMP)
	$(BIN)/ruff check src tests bench
	npx eslint
	$(BIN)/mypy
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/bigtop bench all --ismcts --interfaces

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests bench
	npx eslint
	$(BIN)/mypy

clean:
	rm -rf $(VENV) node_modules build dist src/*.egg-info
