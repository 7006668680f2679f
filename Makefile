# Two commands on a fresh clone: `make demo` and `make test`. Both install first when needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
DEMO := logs/demo

.PHONY: install demo test bench soak lint clean

# The venv with the package, then the hot path compiled with mypyc into build/native (see
# analytics/native): nothing to do when the build matches the sources; when it cannot be built
# (no C compiler...), one line says so and the source runs as plain Python.
install: $(STAMP)
	@DICELAB_STALE_WARNED=1 $(PY) -m analytics.native  # its one line says it all: no warning

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
	$(VENV)/bin/dicelab report --logs $(DEMO) --title "Demo: economist and hero, 4 players" \
		--out reports/out/demo.html
	@echo "open the report: $(abspath reports/out/demo.html)"

test: install
	$(PY) -m pytest

bench: install
	$(PY) -m analytics.bench

# A few minutes: one run stopped by 30 random faults, resumed each time (analytics/soak.py).
soak: install
	$(PY) -m analytics.soak

lint: $(STAMP)
	$(VENV)/bin/ruff check analytics tests
	$(VENV)/bin/mypy analytics/engine analytics/games/diceforge

clean:
	-$(PY) -m analytics.native --remove
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .mypy_cache
