# The two set-up commands of the README: `make serve` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM := /usr/bin/chromium

.PHONY: serve test install install-test chromium lint fuzz bench balance

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet -e .

install-test: $(BIN)/python chromium
	$(BIN)/pip install --quiet -e '.[test]'

# Browser tests drive Debian's chromium; no browser is ever downloaded.
chromium:
	@test -x $(CHROMIUM) || { (apt-get update -qq || sudo apt-get update -qq) && \
	  (apt-get install -y -qq chromium || sudo apt-get install -y -qq chromium); }

serve: install
	$(BIN)/tavola serve $(SERVE_ARGS)

lint: install-test
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

test: install-test
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/pytest -n 2 -m "not slow" tests

fuzz: install
	$(BIN)/tavola fuzz antike-ii --games 500
	$(BIN)/tavola fuzz italia-i --games 200
	$(BIN)/tavola fuzz italia-ii --games 200

bench: install
	$(BIN)/tavola bench antike-ii
	$(BIN)/tavola bench italia-i
	$(BIN)/tavola bench italia-ii

# The seat-balance reports of docs/balance.md: the search bot in every seat. Hours on two
# cores; each run logs its games under build/balance and resumes from there.
BALANCE := $(BIN)/tavola balance --bot mcts --jobs 2 --progress
balance: install
	mkdir -p build/balance
	$(BALANCE) antike-ii --scenario orient --players 3 --think 0.1 --games 24 --log build/balance/orient-3.jsonl
	$(BALANCE) antike-ii --scenario mare-nostrum --players 3 --think 0.1 --games 24 --log build/balance/mare-nostrum-3.jsonl
	$(BALANCE) italia-i --think 0.05 --games 24 --log build/balance/italia-i.jsonl
	$(BALANCE) italia-ii --think 0.05 --games 24 --log build/balance/italia-ii.jsonl
