# The two commands a newcomer needs: `make lab` opens the kit, `make test` runs every test.
# Both build .venv from the first Python 3.11+ found, and reinstall only when pyproject.toml changes.

SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.mtgrules-installed
# Candidates tried in order when PYTHON is not given; the first one that is 3.11+ builds the venv.
PYTHON_CANDIDATES := python3 python3.14 python3.13 python3.12 python3.11 python
NBVAL_FLAGS := --nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg
# Only folders that exist: a fresh clone has no notebooks/ until one is committed.
TEST_PATHS := $(wildcard tests notebooks)
# JupyterLab refuses to start as root without --allow-root; never add it for anyone else.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# The kit's own JupyterLab settings (no news prompt), never the user's home: mtgrules/lab_settings.
LAB_FLAGS := --LabApp.app_settings_dir=$(CURDIR)/mtgrules/lab_settings

.PHONY: help install lab test test-unit fuzz bench notebooks site wheel-check lint format clean schema

help:
	@echo "make lab    - install (first time) and open the kit in JupyterLab"
	@echo "make test   - install (first time) and run every test: unit, notebooks (nbval), browser"
	@echo "make fuzz   - random play from every shipped set-up for FUZZ_SECONDS (default 300)"
	@echo "make bench  - run benchmarks/run.py and benchmarks/scale.py"
	@echo "make notebooks - re-run notebooks, store the outputs nbval checks"
	@echo "make site   - run every tutorial and write a static site into site/ (works offline)"
	@echo "make wheel-check - build the wheel, install it in a fresh venv, run it from outside"
	@echo "make lint   - ruff check and mypy (make format applies ruff --fix and ruff format)"
	@echo "make schema - write the JSON Schema of scenario and card files again (mtgrules/schema)"
	@echo "make clean  - remove .venv and caches"

# Build the venv with a checked interpreter: a too-old python3 should say so, not fail later in pip.
$(PY):
	@set -e; py="$(PYTHON)"; \
	if [ -z "$$py" ]; then \
	  for c in $(PYTHON_CANDIDATES); do \
	    if command -v "$$c" >/dev/null 2>&1 && \
	       "$$c" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
	      py="$$c"; break; \
	    fi; \
	  done; \
	fi; \
	if [ -z "$$py" ] || ! "$$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
	  echo "mtgrules needs Python 3.11 or newer; none was found (tried: $${py:-$(PYTHON_CANDIDATES)})." >&2; \
	  echo "Install Python 3.11+ or run: make PYTHON=/path/to/python3.11 $(MAKECMDGOALS)" >&2; \
	  exit 1; \
	fi; \
	echo ">> creating $(VENV) with $$py ($$("$$py" -c 'import sys; print(sys.version.split()[0])'))"; \
	"$$py" -m venv $(VENV)

# Reinstall only when pyproject.toml is newer than the stamp (editable install: code edits need none).
$(STAMP): pyproject.toml | $(PY)
	@echo ">> installing mtgrules[all] into $(VENV)"
	$(PY) -m pip install --quiet -e '.[all]'
	@touch $@

install: $(STAMP)

lab: $(STAMP)
	@mkdir -p notebooks
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) $(LAB_FLAGS) notebooks/

# Every test: unit tests, the notebooks through nbval, and the browser tests. pytest's exit code 5
# ("no tests collected") is not a failure while the suite is being written.
test: $(STAMP)
	@rc=0; $(PY) -m pytest $(NBVAL_FLAGS) $(PYTEST_ARGS) $(TEST_PATHS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests (exit 5); treating as success."; rc=0; fi; \
	exit $$rc

# Unit tests only, without nbval's start-up cost or the browser.
test-unit: $(STAMP)
	$(PY) -m pytest -p no:nbval -m 'not browser' $(PYTEST_ARGS) tests

# Random play for as long as asked: fresh random sequences (make test runs 200 seeded ones).
# A failure prints the shortest sequence Hypothesis found and how to reproduce it.
FUZZ_SECONDS ?= 300
fuzz: $(STAMP)
	FUZZ_SECONDS=$(FUZZ_SECONDS) $(PY) -m pytest -p no:nbval -s -q tests/test_random_play.py

bench: $(STAMP)
	$(PY) benchmarks/run.py
	$(PY) benchmarks/scale.py

# Re-run the notebooks and store the outputs of the cells nbval checks (# NBVAL_CHECK_OUTPUT).
notebooks: $(STAMP)
	$(PY) tools/refresh_notebook_outputs.py

schema: $(STAMP)
	$(PY) tools/write_schema.py

# A static site of the tutorials (site/index.html): no network, no kernel; any web server shows it.
site: $(STAMP)
	$(VENV)/bin/mtgrules site notebooks -o site

# The kit as pip installs it: wheel -> fresh venv outside the repo -> mtgrules check + a notebook.
wheel-check: $(STAMP)
	tools/check_wheel.sh $(PY)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(PY) -m mypy

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build dist *.egg-info tests/browser/artifacts site
