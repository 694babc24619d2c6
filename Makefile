# The two set-up commands of the README: `make serve` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM := /usr/bin/chromium

.PHONY: serve test test-compiled install install-test chromium postgresql lint fuzz bench balance balance-italia balance-revolution

$(BIN)/python:
	@$(PY) -m venv $(VENV) || { echo 'python3 -m venv failed: on Debian/Ubuntu, apt-get install python3-venv'; exit 1; }
	$(BIN)/pip install --quiet --disable-pip-version-check --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -e .

install-test: $(BIN)/python chromium postgresql
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]'

# Browser tests drive Debian's chromium; no browser is ever downloaded.
chromium:
	@test -x $(CHROMIUM) || { (apt-get update -qq || sudo apt-get update -qq) && \
	  (apt-get install -y -qq chromium || sudo apt-get install -y -qq chromium); }

# The server tests also run on a throw-away PostgreSQL cluster of their own: Debian's server.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { (apt-get update -qq || sudo apt-get update -qq) && \
	  (DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql || \
	   sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql); }

serve: install
	$(BIN)/tavola serve $(SERVE_ARGS)

lint: install-test
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

test: install-test
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/pytest -n 2 -m "not slow" tests

# The opt-in compiled build (README, "A compiled server"), as CI tests it: built with mypyc from
# a scratch copy of the tree (the checkout stays pure Python), installed apart, then checked to
# be compiled and run through the records' replay, the checksum's, Antike's and Italia's rule
# tests and a short fuzz run.
COMPILED := build/compiled
COMPILED_JOBS ?= 2
test-compiled: install-test
	rm -rf $(COMPILED) && mkdir -p $(COMPILED)/tree
	tar -c --exclude='*.egg-info' --exclude=__pycache__ pyproject.toml setup.py README.md MANIFEST.in build_support src \
	  | tar -x -C $(COMPILED)/tree
	cd $(COMPILED)/tree && TAVOLA_COMPILE=1 $(CURDIR)/$(BIN)/pip wheel --quiet --disable-pip-version-check \
	  --no-deps --wheel-dir ../wheel .
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --target $(COMPILED)/site $(COMPILED)/wheel/*.whl
	PYTHONPATH=$(COMPILED)/site $(BIN)/python -m tavola.compiled
	PYTHONPATH=$(COMPILED)/site $(BIN)/pytest -n $(COMPILED_JOBS) -m "not slow" -p no:cacheprovider tests/italia tests/antike tests/core/test_core_checksums.py tests/test_records_replay.py
	PYTHONPATH=$(COMPILED)/site $(BIN)/tavola fuzz antike-ii --games 3 --seed 1 --jobs $(COMPILED_JOBS)
	PYTHONPATH=$(COMPILED)/site $(BIN)/tavola fuzz italia-i --games 3 --seed 1 --jobs $(COMPILED_JOBS)
	PYTHONPATH=$(COMPILED)/site $(BIN)/tavola fuzz italia-ii --games 3 --seed 1 --jobs $(COMPILED_JOBS)

fuzz: install
	$(BIN)/tavola fuzz antike-ii --games 500
	$(BIN)/tavola fuzz italia-i --games 200
	$(BIN)/tavola fuzz italia-ii --games 200
	$(BIN)/tavola fuzz maria --games 500
	$(BIN)/tavola fuzz revolution --games 200
	$(BIN)/tavola fuzz antike-ii --games 100 --options random
	$(BIN)/tavola fuzz italia-i --games 50 --options random
	$(BIN)/tavola fuzz italia-ii --games 50 --options random
	$(BIN)/tavola fuzz maria --games 100 --options random
	$(BIN)/tavola fuzz revolution --games 100 --options random

# Rules throughput, then the search bot's simulations per second, for every game.
bench: install
	$(BIN)/tavola bench antike-ii
	$(BIN)/tavola bench italia-i
	$(BIN)/tavola bench italia-ii
	$(BIN)/tavola bench antike-ii --bot mcts
	$(BIN)/tavola bench antike-ii --scenario mare-nostrum --bot mcts
	$(BIN)/tavola bench italia-i --bot mcts
	$(BIN)/tavola bench italia-ii --bot mcts

# The seat-balance reports of docs/balance.md: the search bot in every seat, with a fixed
# number of simulations per decision, so a run gives the same games on any machine at any
# load. Hours on two cores; each run logs its games and resumes from its log. Italia's, Maria's
# and Revolution's logs are kept in the repository (docs/balance/), so a run spans sessions:
# commit the log as it grows. BALANCE_JOBS: processes at once (`make balance-revolution
# BALANCE_JOBS=1` on a shared machine); the games and their logs are the same for any number.
BALANCE_JOBS ?= 2
BALANCE := $(BIN)/tavola balance --jobs $(BALANCE_JOBS) --progress --markdown
ITALIA_BOT := mcts:iterations=24:think=2
ANTIKE_BOT := mcts:iterations=64:think=2
REVOLUTION_BOT := mcts:iterations=24:think=2
MARIA_BOT := mcts:iterations=8:think=2
balance: install balance-italia balance-revolution
	mkdir -p build/balance
	$(BALANCE) antike-ii --games 24 --scenario orient --players 3 --bot $(ANTIKE_BOT) --log build/balance/orient-3.jsonl
	$(BALANCE) antike-ii --games 24 --scenario mare-nostrum --players 3 --bot $(ANTIKE_BOT) --log build/balance/mare-nostrum-3.jsonl
	$(BALANCE) maria --games 48 --scenario introductory --players 3 --bot $(MARIA_BOT) --log docs/balance/maria-introductory-3.jsonl
	$(BALANCE) maria --games 48 --scenario advanced --players 3 --bot $(MARIA_BOT) --log docs/balance/maria-advanced-3.jsonl

# Revolution's 5-player log was written by step 13's code (commit $(REVOLUTION_AT)); the loader of
# per-count limits since plays the same games (docs/balance.md) but changes the fingerprint.
REVOLUTION_AT := bbd50be
REVOLUTION_SRC := build/revolution-$(REVOLUTION_AT)/src
balance-revolution: install
	test -d $(REVOLUTION_SRC) || git cat-file -e '$(REVOLUTION_AT)^{commit}' || { echo "balance-revolution: this clone does not hold $(REVOLUTION_AT) (run git fetch --unshallow)" >&2; exit 1; }
	test -d $(REVOLUTION_SRC) || { mkdir -p build/revolution-$(REVOLUTION_AT) && git archive $(REVOLUTION_AT) src | tar -x -C build/revolution-$(REVOLUTION_AT); }
	PYTHONPATH=$(REVOLUTION_SRC) $(BALANCE) revolution --games 48 --players 5 --bot $(REVOLUTION_BOT) --log docs/balance/revolution-5-step13.jsonl

# Italia's verdict runs were played at commit $(ITALIA_AT) (docs/balance.md), and a log resumes
# only on the code that wrote it: they run from that commit's sources (git archive into build/),
# so a later change to Italia's package (its speed work) does not start them over.
ITALIA_AT := f5ee58e
ITALIA_SRC := build/italia-$(ITALIA_AT)/src
balance-italia: install
	test -d $(ITALIA_SRC) || git cat-file -e '$(ITALIA_AT)^{commit}' || { echo "balance-italia: this clone does not hold $(ITALIA_AT) (run git fetch --unshallow)" >&2; exit 1; }
	test -d $(ITALIA_SRC) || { mkdir -p build/italia-$(ITALIA_AT) && git archive $(ITALIA_AT) src | tar -x -C build/italia-$(ITALIA_AT); }
	PYTHONPATH=$(ITALIA_SRC) $(BALANCE) italia-i --games 96 --bot $(ITALIA_BOT) --log docs/balance/italia-i.jsonl
	PYTHONPATH=$(ITALIA_SRC) $(BALANCE) italia-ii --games 96 --bot $(ITALIA_BOT) --log docs/balance/italia-ii.jsonl
