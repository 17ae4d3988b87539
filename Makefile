# Every target sets itself up: a local virtualenv is (re)made from pyproject.toml when missing or stale.
# `make pdf` installs only what drawing, lint and checking need; `make test` adds the test tools and every extra.
# Byte-compiling is left to first import (--no-compile), so modules never imported are never compiled.
PYTHON ?= python3
VENV   := .venv
STAMP  := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
PNP    := $(VENV)/bin/pnp
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip install --quiet --disable-pip-version-check --no-compile

.PHONY: pdf png test fuzz lint bench clean setup

setup: $(STAMP)

$(STAMP): pyproject.toml
	@echo "setup: installing pnp and the libraries it draws with into $(VENV)/ (first run only, about half a minute)"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PIP) -e .
	@touch $(STAMP)

$(TEST_STAMP): pyproject.toml
	@echo "setup: installing pnp, its libraries, its extras and the test tools into $(VENV)/ (first run only, about a minute)"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PIP) -e '.[test,solver,lab,cluster]'
	@touch $(TEST_STAMP) $(STAMP)

pdf: $(STAMP)
	@$(PNP) build

png: $(STAMP)
	@$(PNP) build --png

# mypy --strict over the package first ([tool.mypy] in pyproject.toml): a new type error fails the suite
test: $(TEST_STAMP)
	@$(PY) -m mypy
	@$(PY) -m pytest -n auto

# the fuzz tests with many more cases, each drawn afresh (FUZZ_EXAMPLES per test; `make test` runs a quick fixed set);
# a long run may take more than `make test`'s 10 minutes a test, so its hang guard is an hour
FUZZ_EXAMPLES ?= 1000
fuzz: $(TEST_STAMP)
	@FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(PY) -m pytest -n auto -p no:cacheprovider --timeout=3600 --hypothesis-show-statistics \
		tests/test_fuzz_content.py tests/test_fuzz_records.py tests/test_fuzz_cli.py tests/test_fuzz_manifest.py \
		tests/test_fuzz_files.py

lint: $(STAMP)
	@$(PNP) lint

bench: $(STAMP)
	@$(PY) -m generator.bench

clean:
	rm -rf output/*.pdf output/png output/pod output/tts output/.build-manifest.json

# The studio's browser tests (tests/test_studio_browser.py) drive Debian's Chromium: `make test` installs it with apt
# when run as root, else stops with one line saying what to install (the tests never skip for want of it).
# `make screenshots` keeps the pictures the browser tests take of every page, for the README (docs/studio/).
CHROMIUM := /usr/bin/chromium
.PHONY: chromium screenshots
test bench: chromium
chromium:
	@test -x $(CHROMIUM) || { test "$$(id -u)" = 0 && apt-get update -qq && apt-get install -y -qq chromium >/dev/null; } \
		|| { echo "make test: the browser tests need Chromium at $(CHROMIUM): install it (apt-get install chromium)"; exit 1; }
bench: $(TEST_STAMP)
screenshots: $(TEST_STAMP) chromium
	@STUDIO_SCREENSHOTS=docs/studio $(PY) -m pytest -n 0 -p no:cacheprovider tests/test_studio_browser.py -k screenshots
