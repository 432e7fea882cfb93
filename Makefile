# The one entry point for people and CI. `make help` lists the targets.
PYTHON ?= python3.11
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | sha256sum | cut -c1-12)

.PHONY: help install test lint bench run proto clean migrate chaos

help:  ## Show this help.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@rm -f $(VENV)/.installed-* && touch $@

# The rules core compiled with mypyc (docs/rules-interface.md, "Compiled build"): rebuilt when
# its source changes, skipped without a C compiler (the pure-Python source then runs).
NATIVE     := build/rules-native/manifest.json
RULES_SRC  := $(shell find libs/inferno_rules -name '*.py')
HAVE_CC    := $(shell command -v $${CC:-cc} >/dev/null 2>&1 && echo yes)

$(NATIVE): $(STAMP) $(RULES_SRC) tools/build_rules_native.py
ifeq ($(HAVE_CC),yes)
	$(PY) tools/build_rules_native.py
else
	@echo "no C compiler: the rules core runs as pure Python (no compiled build)"
endif

install: $(STAMP) $(NATIVE)  ## Create .venv, install the platform and its test tools (pinned), compile the rules core.

# The whole suite runs on the compiled rules core when it was built (INFERNO_RULES_IMPL=compiled
# fails loudly if it cannot load), then the rules tests run again on the pure-Python reference.
test: install  ## Install everything and run the whole test suite.
	INFERNO_RULES_IMPL=$$(test -f $(NATIVE) && echo compiled || echo pure) $(PY) -m pytest
	INFERNO_RULES_IMPL=pure $(PY) -m pytest -q tests/libs/rules

lint: install  ## ruff, then mypy (strict on the rules core and the clock arithmetic).
	$(VENV)/bin/ruff check libs services tests bench tools
	$(VENV)/bin/ruff format --check libs services tests bench tools
	$(VENV)/bin/mypy libs/inferno_rules libs/inferno_clock

bench: install  ## Benchmarks against same-run baselines; writes docs/benchmarks.md.
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	$(PY) -m bench

# Running the platform needs the services and the embedded servers, not the test and benchmark
# toolchain: the `run` extra alone (a venv made by `make test` has it already).
RUN_STAMP := $(VENV)/.run-installed-$(shell cat pyproject.toml | sha256sum | cut -c1-12)
$(RUN_STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[run]'
	@rm -f $(VENV)/.run-installed-* && touch $@

run: $(RUN_STAMP)  ## Start the whole platform here; launcher options in ARGS, e.g. make run ARGS="--lobby-port 9000" (docs/run.md).
	$(PY) -m inferno_cli.stack $(ARGS)

# Every game × seat count of the rules registry, 2 tables each, a SIGKILL every ~5 s for 3 min
# (tools/chaos; the bounded form runs in make test as tests/tools/test_chaos.py).
chaos: install  ## Chaos run: bot games while services are SIGKILLed and restarted; writes docs/reliability.md.
	$(PY) -m tools.chaos --tables 2 --duration 180 --kill-every 5 --seed 1 --report docs/reliability.md

PROTO_GEN := libs/inferno_proto/gen
proto: install  ## Regenerate the Python gRPC code in libs/inferno_proto/gen from proto/ (never hand-edit it).
	rm -rf $(PROTO_GEN) && mkdir -p $(PROTO_GEN)
	$(PY) -m grpc_tools.protoc -Iproto --python_out=$(PROTO_GEN) --pyi_out=$(PROTO_GEN) \
		--grpc_python_out=$(PROTO_GEN) $$(find proto -name '*.proto' | sort)
	# protoc writes absolute imports (`from inferno.engine.v1 import …`); make them point into
	# the inferno_proto package so the generated modules import each other wherever they live.
	find $(PROTO_GEN) -name '*.py' -exec sed -i -E \
		's/^from inferno\.engine\.v1 import/from inferno_proto.gen.inferno.engine.v1 import/' {} +
	find $(PROTO_GEN) -type d -exec touch {}/__init__.py \;

migrate: install  ## Apply the database migrations (schema scoring) to INFERNO_DATABASE_URL.
	$(PY) -m inferno_scoring.db

clean:  ## Remove the virtualenv and caches.
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache .hypothesis
