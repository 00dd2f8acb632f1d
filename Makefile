# perturbkit: `make demo` and `make test` work from a clean clone (they run `setup` first).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.perturbkit-setup
OUT    ?= out

.PHONY: setup demo lint test test-slow test-all bench lock clean

setup: $(STAMP)

# Idempotent: re-runs only when the dependency list, the lock or a setup script changes.
# scripts/install.py creates the venv and installs with uv (same sources and versions as pip,
# see its docstring; pip when uv cannot be had); then WordNet and SmolLM2 are prepared side by side
# (SmolLM2 into the venv, where perturbkit looks before its cache dir: see docs/resources.md).
$(STAMP): pyproject.toml requirements-lock.txt scripts/install.py scripts/prepare_data.sh scripts/prepare_browser.sh
	$(PYTHON) scripts/install.py $(VENV)
	bash scripts/prepare_data.sh $(PY) & wn=$$!; \
	  $(PY) -m perturbkit prepare smollm2 --target $(VENV)/share/perturbkit/models || st=1; \
	  wait $$wn || st=1; exit $${st:-0}
	sh scripts/prepare_browser.sh
	$(PY) -m perturbkit doctor
	touch $(STAMP)

# Rewrite requirements-lock.txt from pip's own resolution, in a scratch venv (a few minutes).
lock:
	rm -rf .venv-lock
	PERTURBKIT_INSTALLER=pip $(PYTHON) scripts/install.py .venv-lock
	$(PYTHON) scripts/install.py --lock .venv-lock
	rm -rf .venv-lock

# The demo suite on the bundled stories with quick offline metrics, MiniLM coherence and a
# model-free repetition score (about 30 s on 2 CPU cores once set up); writes the JSON, the
# self-contained HTML report and JUnit XML. SmolLM2 perplexity adds about 30 s on a 12-story sample:
#   make demo DEMO_METRICS="--metric perplexity --metric-sample perplexity=12"
# --no-fail: a failing verdict is a finding to read here, not an error of the demo.
DEMO_METRICS ?=
demo: setup
	$(PY) -m perturbkit run demo --data examples/stories.jsonl \
	    --metric coherence --metric ngram_repetition $(DEMO_METRICS) \
	    --out $(OUT)/demo-report.json --html $(OUT)/demo-report.html --junit $(OUT)/demo-results.xml --no-fail

lint: setup
	$(VENV)/bin/ruff check perturbkit tests benchmarks examples scripts
	$(VENV)/bin/ruff format --check perturbkit tests benchmarks examples scripts
	$(VENV)/bin/lint-imports --no-cache

# The default tier: everything except the tests marked `slow` (they load real models: MiniLM,
# SmolLM2), `torch` (they train or run tiny models they build) and `subprocess` (they start
# interpreters, process pools or a local Ray). CI runs it, then `test-slow`.
TIER := not slow and not torch and not subprocess
test: setup lint
	$(PY) -m pytest -q -p no:cacheprovider -n auto -m "$(TIER)"

# The other tier: the tests that load real models, run torch or start interpreters.
test-slow: setup
	$(PY) -m pytest -q -p no:cacheprovider -n auto --dist worksteal -m "not ($(TIER))"

# Both tiers in one pytest session.
test-all: setup lint
	$(PY) -m pytest -q -p no:cacheprovider -n auto --dist worksteal

bench: setup
	$(PY) benchmarks/transforms.py
	$(PY) benchmarks/long_text.py
	$(PY) benchmarks/validity.py --repeat 3
	$(PY) benchmarks/metric_runner.py
	$(PY) benchmarks/mans.py
	$(PY) benchmarks/naturalness.py --threads 1 --work $(OUT)/naturalness --cache $(OUT)/naturalness

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache .hypothesis
