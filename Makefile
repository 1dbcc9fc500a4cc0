# Quick start:  make run   (the web app, http://127.0.0.1:8000)   |   make test   (the whole suite)
# make play: a game in the terminal
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install test run play replay bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,web,fast,ray]'
	$(BIN)/joker warmup
	touch $(STAMP)

install: $(STAMP)

# The scorekeeper's and server's PostgreSQL tests run when a local server answers (CI always sets the URL).
test: $(STAMP)
	@if [ -z "$$JOKER_TEST_PG_URL" ] && command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432; then \
	  export JOKER_TEST_PG_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test; fi; \
	$(BIN)/python -m pytest -q -n 2 $(PYTEST_ARGS)

run: $(STAMP)
	$(BIN)/joker serve $(ARGS)

play: $(STAMP)
	$(BIN)/joker play $(ARGS)

replay: $(STAMP)
	$(BIN)/joker replay examples/bus-angeles-seed7.json

bench: $(STAMP)
	$(BIN)/python -m joker.bench engine

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .hypothesis
