#!/usr/bin/env bash
# Condition (2) of a weekly round (docs/weekly.md, "The rule for round N"): every weekly figure that must not
# drop, in one file to diff against main's. Runs `written`, every spent held-out set under examples/heldout/
# (in the order the rounds list them), ALFWorld in both log shapes and mixed, and WebArena seeds 0-4.
#
#   bash scripts/weekly_condition.sh OUT [CHECKOUT]     # CHECKOUT defaults to this repository
#   diff <(sed 's/[0-9.]*s\b//g' main.txt) <(sed 's/[0-9.]*s\b//g' branch.txt)   # ignore the seconds
#
# Needs ../shared beside CHECKOUT (the eval data). A few minutes on a quiet 2-core box.
set -u
OUT=$1
CO=$(cd "${2:-$(dirname "$0")/..}" && pwd)
PY=${PY:-$CO/.venv/bin/python}
[ -x "$PY" ] || PY=$(cd "$(dirname "$0")/.." && pwd)/.venv/bin/python
export OMP_NUM_THREADS=1 PYTHONPATH=$CO/core
cd "$CO"
CACHE=${WEBARENA_CACHE:-/tmp/memdir-webarena-cache-$(basename "$CO")}
: > "$OUT"
echo "== written" >> "$OUT"; "$PY" scripts/bench_weekly.py written 2>&1 | tail -20 >> "$OUT"
for d in $(ls -d examples/heldout/weekly* | sort -V); do
  echo "== $(basename "$d")" >> "$OUT"
  "$PY" scripts/bench_weekly.py written --written-dir "$d" 2>&1 | tail -25 >> "$OUT"
done
echo "== alfworld" >> "$OUT"; "$PY" scripts/bench_weekly.py alfworld 2>&1 | tail -30 >> "$OUT"
echo "== webarena" >> "$OUT"
"$PY" scripts/bench_weekly.py webarena --seeds 0 1 2 3 4 --cache "$CACHE" 2>&1 | tail -15 >> "$OUT"
echo DONE >> "$OUT"
