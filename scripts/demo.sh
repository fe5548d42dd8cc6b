#!/usr/bin/env bash
# Set up, then run memdir's main job offline on a scratch copy of examples/memory_root:
# daily consolidation, weekly distillation, a search, the status. The checkout stays clean.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export LITELLM_LOCAL_MODEL_COST_MAP=True
ROOT=$(mktemp -d "${TMPDIR:-/tmp}/memdir-demo.XXXXXX")/memory_root
cp -r examples/memory_root "$ROOT"
M() { .venv/bin/memdir --root "$ROOT" "$@"; }
echo "== demo root: $ROOT"
M index sync
M consolidate daily --date 2026-11-16
M consolidate daily
M consolidate weekly --until 2026-11-23
echo "== search: how do I restore the staging database"
M search "how do I restore the staging database" -k 3
echo "== search: デプロイの手順"
M search "デプロイの手順" -k 3
M status
echo "== files written by consolidation:"
(cd "$ROOT" && ls knowledge procedures && { ls review 2>/dev/null || true; })
