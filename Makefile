# Two commands on a fresh clone: `make demo` and `make test`. Both install first when needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# The hot path compiled with mypyc (analytics/native.py); rebuilt when the engine or game changes.
NATIVE := $(VENV)/.native-stamp
HOT_SOURCES := $(wildcard analytics/native/*.py analytics/engine/*.py analytics/games/*/*.py)
DEMO := logs/demo

.PHONY: install demo test bench lint clean

install: $(NATIVE)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(NATIVE): $(STAMP) $(HOT_SOURCES)
	$(PY) -m analytics.native
	touch $(NATIVE)

demo: $(NATIVE)
	rm -rf $(DEMO)
	$(VENV)/bin/dicelab simulate --players 4 --games 2000 --seed 1 \
		--bots economist,hero,economist,hero --out $(DEMO)
	$(VENV)/bin/dicelab summary --logs $(DEMO)
	$(VENV)/bin/dicelab report --logs $(DEMO) --title "Demo: economist and hero, 4 players" \
		--out reports/out/demo.html
	@echo "open the report: $(abspath reports/out/demo.html)"

test: $(NATIVE)
	$(PY) -m pytest

bench: $(NATIVE)
	$(PY) -m analytics.bench

lint: $(STAMP)
	$(VENV)/bin/ruff check analytics tests
	$(VENV)/bin/mypy analytics/engine analytics/games/diceforge

clean:
	-$(PY) -m analytics.native --remove
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .mypy_cache
