# Set-up is idempotent: the venv is built once and reinstalled only when the
# project's requirements change (pyproject.toml or constraints.txt).
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: install test lint typecheck pytest test-browser screenshots demo bench train clean

install: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PY) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/pip install -q --upgrade "pip>=24,<27"
	# torch first, CPU build, so nothing below can pull a CUDA build.
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -c constraints.txt -e ".[test]"
	# OCR models (PP-OCRv4 ONNX) ship in this wheel; its own deps are in pyproject.toml
	# (headless OpenCV instead of the libGL-linked opencv-python it names).
	$(BIN)/pip install -q --no-deps -c constraints.txt rapidocr-onnxruntime
	touch $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check domain engine ingest retrieval skill app api

typecheck: $(STAMP)
	$(BIN)/mypy

# Two workers, each test file on one (its module fixtures built once), the files handed out as
# xdist orders them (most tests first). Measured on a clean clone in session 41: 8 min 40 s;
# handed out in collection order with the slow files first, 10 min 29 s. `pytest -q` alone
# still runs it in one process.
pytest: $(STAMP)
	$(BIN)/pytest -q -n 2 --dist loadfile

test: lint typecheck pytest

# The workspace's end-to-end tests in Chromium (tests/browser): the `browser` extra (playwright,
# pinned) drives the system's chromium (`apt-get install chromium`; never `playwright install`).
# `make test` stays browser-free: tests/browser is collected only with EVRAG_BROWSER_TESTS=1.
BROWSER_STAMP := $(VENV)/.installed-browser

$(BROWSER_STAMP): $(STAMP)
	$(BIN)/pip install -q -c constraints.txt -e ".[browser]"
	touch $(BROWSER_STAMP)

test-browser: $(BROWSER_STAMP)
	EVRAG_BROWSER_TESTS=1 $(BIN)/pytest -q -s tests/browser

# The README's screenshots (docs/workspace-*.png), taken from the live workspace on the sample
# data room in the system's chromium (bench/screenshots.py); by hand, not part of `make test`.
screenshots: $(BROWSER_STAMP)
	$(BIN)/python -m bench.screenshots docs

demo: $(STAMP)
	$(BIN)/python -m bench.demo

bench: $(STAMP)
	$(BIN)/python -m bench

# The clause classifier (ingest/clause_model/), from ../shared/data/cuad-train, the NDA
# claims' learned reader (skill/nli_model/), from ContractNLI's development half, and the
# question router's class vectors (skill/route_model/), from CUAD's category descriptions and
# training clauses; deterministic: `python -m bench.train_clauses --check` (and train_nli)
# compare the bytes, `python -m bench.train_routes --check` the vectors (to 1e-4).
train: $(STAMP)
	$(BIN)/python -m bench.train_clauses
	$(BIN)/python -m bench.train_nli
	$(BIN)/python -m bench.train_routes

clean:
	rm -rf $(VENV) .evrag .pytest_cache .mypy_cache .ruff_cache
