#!/usr/bin/env bash
# The report's cells hold `code` spans: their backquotes are literal, not expansions.
# shellcheck disable=SC2016
# scripts/tune.py --smoke: every candidate runs, the table has a row per
# candidate with a win share in [0, 100]%, and bad input is refused by name.
set -euo pipefail
tune=$1 bin=$2
out=$(/usr/bin/python3 "$tune" --bin "$bin" --smoke --threads 1 hustle ismcts 'ismcts:opp=1' heuristic 2>/dev/null)
echo "$out"
rows=$(grep -c '^| `' <<<"$out")
[ "$rows" -eq 3 ] || { echo "expected 3 rows, got $rows"; exit 1; }
grep -q '^| `ismcts:iters=10` | ' <<<"$out" || { echo "the smoke mode did not cut the budget"; exit 1; }
grep -q '^| `ismcts:opp=1,iters=10` | ' <<<"$out" || { echo "missing the opp=1 row"; exit 1; }
grep -Eq '^\| `heuristic` \| [0-9]+\.[0-9]% \[' <<<"$out" || { echo "missing the heuristic row"; exit 1; }
if err=$(/usr/bin/python3 "$tune" --bin "$bin" --smoke hustle 'ismcts:wat=1' 2>&1 >/dev/null); then
  echo "a bad spec was accepted"; exit 1
fi
grep -q "unknown option 'wat=1'" <<<"$err" || { echo "the error does not name the option: $err"; exit 1; }
echo "tune smoke: ok"
