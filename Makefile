# Every target sets itself up: a local virtualenv is (re)made from pyproject.toml when missing or stale.
PYTHON ?= python3
VENV   := .venv
STAMP  := $(VENV)/.installed
PNP    := $(VENV)/bin/pnp
PY     := $(VENV)/bin/python

.PHONY: pdf png test lint bench clean setup

setup: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
	@$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $(STAMP)

pdf: $(STAMP)
	@$(PNP) build

png: $(STAMP)
	@$(PNP) build --png

test: $(STAMP)
	@$(PY) -m pytest -n auto

lint: $(STAMP)
	@$(PNP) lint

bench: $(STAMP)
	@$(PY) -m generator.bench

clean:
	rm -rf output/*.pdf output/png output/pod output/tts output/.build-manifest.json
