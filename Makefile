# Two commands on a fresh clone: `make demo` and `make test`. Both install first when needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
DEMO := logs/demo

.PHONY: install demo test bench lint clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	rm -rf $(DEMO)
	$(VENV)/bin/dicelab simulate --players 4 --games 2000 --seed 1 \
		--bots economist,hero,economist,hero --out $(DEMO)
	$(VENV)/bin/dicelab summary --logs $(DEMO)

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m analytics.bench

lint: $(STAMP)
	$(VENV)/bin/ruff check analytics tests

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
