# Every target sets itself up: a local virtualenv is (re)made from pyproject.toml when missing or stale.
# `make pdf` installs only what drawing needs; `make test` adds the test tools (the `test` extra).
# Byte-compiling is left to first import (--no-compile), so modules never imported are never compiled.
PYTHON ?= python3
VENV   := .venv
STAMP  := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
PNP    := $(VENV)/bin/pnp
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip install --quiet --disable-pip-version-check --no-compile

.PHONY: pdf png test lint bench clean setup

setup: $(STAMP)

$(STAMP): pyproject.toml setup.py
	@echo "setup: installing pnp and the libraries it draws with into $(VENV)/ (first run only, about half a minute)"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PIP) -e .
	@touch $(STAMP)

$(TEST_STAMP): pyproject.toml setup.py
	@echo "setup: installing pnp, its libraries, the balance lab's and the test tools into $(VENV)/ (first run only, about a minute)"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PIP) -e '.[test,lab]'
	@touch $(TEST_STAMP) $(STAMP)

pdf: $(STAMP)
	@$(PNP) build

png: $(STAMP)
	@$(PNP) build --png

test: $(TEST_STAMP)
	@$(PY) -m pytest -n auto

lint: $(STAMP)
	@$(PNP) lint

bench: $(STAMP)
	@$(PY) -m generator.bench

clean:
	rm -rf output/*.pdf output/png output/pod output/tts output/.build-manifest.json
