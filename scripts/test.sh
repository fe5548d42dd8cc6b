#!/usr/bin/env bash
# Set up, then run the whole test suite: ruff (lint, format), mypy --strict, pytest with coverage (memdir >= 80%).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export LITELLM_LOCAL_MODEL_COST_MAP=True ANONYMIZED_TELEMETRY=False
.venv/bin/ruff check core tests scripts examples
.venv/bin/ruff format --check core tests scripts examples
.venv/bin/mypy
.venv/bin/pytest --cov=memdir --cov-report=term --cov-fail-under=80 "$@"
