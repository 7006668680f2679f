# Two commands on a fresh clone: `make demo` and `make test`. Both install first when needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
DEMO := logs/demo

.PHONY: install native demo test test-slow browser bench soak fuzz mutation lint clean

# The venv with the package. Plain Python is the reference and the default.
install: $(STAMP)

# Opt-in: the hot path compiled with mypyc into build/native, used only with DICELAB_COMPILED=1
# and only while it matches its sources (see analytics/native and the README).
native: $(STAMP)
	@DICELAB_COMPILED=1 DICELAB_STALE_WARNED=1 $(PY) -m analytics.native

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: install
	rm -rf $(DEMO)
	$(VENV)/bin/dicelab simulate --players 4 --games 2000 --seed 1 \
		--bots economist,hero,economist,hero --out $(DEMO)
	$(VENV)/bin/dicelab summary --logs $(DEMO)
	rm -rf $(DEMO)-recorded
	$(VENV)/bin/dicelab import logs/samples/*.dfr --out $(DEMO)-recorded
	@echo "Recorded games (logs/samples), replayed through the rules beside the simulated ones:"
	$(VENV)/bin/dicelab seats --logs $(DEMO) --logs $(DEMO)-recorded --source recorded
	$(VENV)/bin/dicelab report --logs $(DEMO) --title "Demo: economist and hero, 4 players" \
		--out reports/out/demo.html
	@echo "open the report: $(abspath reports/out/demo.html)"

# On every core (pytest-xdist); a file's tests stay together on one worker, so each module's
# fixtures (a Dask cluster, a simulated run) are made once. `test` leaves out the tests marked
# slow (statistical and process tests of many games); `test-slow` runs just those; CI runs both.
# The style check (ruff, a second) comes first: CI runs `make test`, so a long line or an unused
# import fails there, not only in `make lint`, which nobody has to run.
PYTEST := $(PY) -m pytest -n auto --dist loadfile
test: install browser
	$(VENV)/bin/ruff check analytics tests
	$(PYTEST) -m "not slow"

test-slow: install browser
	$(PYTEST) -m slow

# The report test opens the HTML report in a headless Chromium: the system's, else one installed
# here (Debian's package as root, else Playwright's own download); if neither can be, one line
# says how.
browser: install
	@command -v chromium >/dev/null || \
	{ [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
	$(PY) -m playwright install chromium >/dev/null 2>&1 || \
	{ echo "make test needs Chromium for the report test: install your system's chromium" \
	  "package, or run: $(PY) -m playwright install chromium"; exit 1; }

bench: install
	$(PY) -m analytics.devtools.bench --write docs/benchmarks.md

# A few minutes: one run stopped by 30 random faults, resumed each time (analytics/devtools/soak.py).
soak: install
	$(PY) -m analytics.devtools.soak

# Issue 37: 10,000 invocations of every command with bad inputs (analytics/devtools/fuzz.py);
# fails on a traceback, signal, hang, leftover output, odd exit code or exit 2 without usage.
# `make test` runs a short version (tests/test_fuzz.py).
fuzz: install
	$(PY) -m analytics.devtools.fuzz --invocations 10000 --seed 1

# Issue 36: mutation testing of compare, paired, value, balance, power, stats/* and payment
# (analytics/devtools/mutation.py, docs/mutation.md): one line per module, killed/total and the
# score; fails under 85%. Not part of `make test`: it takes tens of minutes on two cores.
mutation: install
	$(PY) -m analytics.devtools.mutation

lint: $(STAMP)
	$(VENV)/bin/ruff check analytics tests
	$(VENV)/bin/mypy analytics/engine analytics/games

clean:
	-$(PY) -m analytics.native --remove
	rm -rf $(VENV) build mutants *.egg-info .pytest_cache .ruff_cache .mypy_cache
