#!/usr/bin/env bash
# Set up, then run the whole test suite: ruff (lint, format), mypy --strict, pytest with coverage (memdir >= 80%).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export LITELLM_LOCAL_MODEL_COST_MAP=True ANONYMIZED_TELEMETRY=False
.venv/bin/ruff check core tests scripts examples
.venv/bin/ruff format --check core tests scripts examples
.venv/bin/mypy
# Two workers, each taking whole test files (module fixtures built once): the suite is mostly subprocesses and the
# e5 model, so two cores run it in less time than one (docs/reliability.md). MEMDIR_TEST_WORKERS=0: one process.
.venv/bin/pytest -n "${MEMDIR_TEST_WORKERS:-2}" --dist loadfile --cov=memdir --cov-report=term --cov-fail-under=80 "$@"
