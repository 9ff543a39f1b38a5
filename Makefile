# Everything runs inside .venv, created on demand from $(PYTHON) (>= 3.11).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip

# Directories ruff checks; the ones that don't exist (yet) are skipped. notebooks/ holds the notebooks' jupytext
# sources (notebooks/<game>/NN_name.py); their executed .ipynb copies are not linted.
LINT_DIRS := $(wildcard racebook tests tools benchmarks notebooks)

.PHONY: venv lab test notebooks fuzz equivalence workshop browser-deps node-deps lite clean

# Internal: the bare virtualenv (created only if missing).
venv: $(BIN)/python

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Install stamps: redone when pyproject.toml is newer than the stamp, or the
# stamp is missing (fresh clone / fresh venv).
$(VENV)/.installed: pyproject.toml binder/requirements.txt | $(BIN)/python
	$(PIP) install --quiet -c binder/requirements.txt -e '.[lab]'
	touch $@

$(VENV)/.installed-test: pyproject.toml binder/requirements.txt | $(BIN)/python
	$(PIP) install --quiet -c binder/requirements.txt -e '.[lab,test]'
	touch $@

# The JupyterLite build tools (lite/requirements.txt), beside the lab install (its ipywidgets front end is bundled).
$(VENV)/.installed-lite: lite/requirements.txt binder/requirements.txt | $(BIN)/python
	$(PIP) install --quiet -c binder/requirements.txt -r lite/requirements.txt
	touch $@

# Extra options for `jupyter lab`, e.g. make lab LAB_ARGS=--no-browser.
# Jupyter refuses to run as root without --allow-root (root is the norm in containers).
LAB_ARGS ?=
ROOT_ARGS := $(if $(filter 0,$(shell id -u)),--allow-root)

# Serves the repository (so the notebooks' rule links reach docs/rules/) and opens the first notebook.
# The shipped notebooks are trusted first (their outputs are racebook's own), so a rule badge's JupyterLab command
# link opens its section without a "Run Command?" prompt (docs/rules/README.md).
# The address printed (and opened) is the first notebook's: LabApp.default_url. Each `make lab` starts from a fresh
# workspace (.venv/lab-workspaces, removed first), so a layout left by an earlier session never opens another notebook.
FIRST_NOTEBOOK := notebooks/rf90/00_start_here.ipynb
lab: $(VENV)/.installed
	$(BIN)/jupyter trust notebooks/*/*.ipynb > /dev/null
	rm -rf $(VENV)/lab-workspaces
	$(BIN)/jupyter lab $(ROOT_ARGS) $(LAB_ARGS) --ServerApp.root_dir=. --LabApp.workspaces_dir=$(VENV)/lab-workspaces \
		--LabApp.default_url=/lab/tree/$(FIRST_NOTEBOOK)

# Presenter mode for clubs: the notebooks as clean Voilà apps (large type, no code), e.g. make workshop NB=02,
# or for the room's network: make workshop NB=02 PORT=8870 HOST=0.0.0.0 (a token is made and printed in the URL).
NB ?=
PORT ?=
HOST ?=
TOKEN ?=
workshop: $(VENV)/.installed
	$(BIN)/racebook workshop $(NB) $(if $(PORT),--port $(PORT)) $(if $(HOST),--ip $(HOST)) $(if $(TOKEN),--token $(TOKEN))

# Execute the notebooks from their sources (notebooks/<game>/NN_name.py) and write the paired .ipynb: all of them,
# or one, e.g. make notebooks NB=04 (or NB=04_duels, NB=notebooks/rf90/04_duels.py, NB=A1 for Automobiles A1).
# Prints each notebook's time. (Notebook names: a digit or capital then a digit, then a part letter if the topic
# comes in parts: 02_, A1_, 05a_; NB=05 runs every part of 05.)
NB_SOURCES = $(if $(filter %.py,$(NB)),$(NB),$(wildcard notebooks/*/$(if $(NB),$(NB),[0-9A-Z][0-9])*.py))
notebooks: $(VENV)/.installed-test
	$(BIN)/python tools/run_notebook.py $(NB_SOURCES)

# The browser checks need Debian's Chromium; installed when possible, else they skip and say why.
browser-deps:
	@bash tools/ensure_chromium.sh

# npm for the JupyterLite site (the Pyodide core is the npm `pyodide` package): Debian's nodejs/npm when missing.
node-deps:
	@bash tools/ensure_node.sh

# A workshop with no install (issue 23): site/, a static JupyterLite site running every notebook in the browser,
# offline (docs/lite.md). Serve it with `python -m http.server -d site` or copy it to any static host.
lite: $(VENV)/.installed $(VENV)/.installed-lite node-deps
	$(BIN)/python tools/build_lite.py

# make test: ruff, mypy over racebook, mypy over the notebook sources (each mypy with its own cache: two runs
# writing one cache side by side crash mypy with an INTERNAL ERROR), and one pytest over the unit tests and the
# executed notebooks (nbval), all side by side (a sub-make with -j: a failure in any of them fails make test). pytest
# spreads its tests over TEST_WORKERS pytest-xdist workers (auto: one a CPU); each notebook's cells stay together on
# one worker, in order, in that notebook's kernel (tests/conftest.py's scheduler). The browser checks are among the unit tests. A check-* target
# alone (e.g. make check-pytest TEST_WORKERS=1) runs that part only. It ends with the 30 slowest tests (--durations),
# where make test's time goes (issue 34 item 5).
TEST_WORKERS ?= auto
TEST_CHECKS := check-ruff check-mypy check-mypy-notebooks check-pytest
.PHONY: $(TEST_CHECKS)
test: $(VENV)/.installed-test $(VENV)/.installed-lite browser-deps node-deps
	@$(MAKE) --no-print-directory -j $(words $(TEST_CHECKS)) $(TEST_CHECKS)

check-ruff: $(VENV)/.installed-test
	$(BIN)/ruff check $(LINT_DIRS)

check-mypy: $(VENV)/.installed-test
	$(BIN)/mypy --cache-dir .mypy_cache/racebook racebook

check-mypy-notebooks: $(VENV)/.installed-test
	$(BIN)/mypy --cache-dir .mypy_cache/notebooks notebooks

# With no .ipynb in notebooks/ nbval collects nothing there; the unit tests still run.
check-pytest: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --nbval --nbval-current-env tests \
		$(wildcard notebooks) -q --durations=30

# The fuzz suites with 50x the examples of make test (minutes, not seconds); by hand, not in CI.
FUZZ_SCALE ?= 50
fuzz: $(VENV)/.installed-test
	RACEBOOK_FUZZ_SCALE=$(FUZZ_SCALE) $(BIN)/python -m pytest tests -m fuzz -q

# The whole equivalence check (issue 16; Automobiles: issue 39): every race of tests/data/equivalence_rf90.json and
# tests/data/equivalence_automobiles.json, not only make test's share.
equivalence: $(VENV)/.installed-test
	RACEBOOK_EQUIV_FULL=1 $(BIN)/python -m pytest tests/rf90/analysis/test_equivalence.py \
		tests/automobiles/test_equivalence.py -q

clean:
	rm -rf $(VENV) build dist site *.egg-info .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
