#!/usr/bin/env bash
# Prometheus's own parser and linter (`promtool check metrics`, Debian's
# prometheus) read what the metrics registry renders, and find nothing to say.
# Usage: metrics_promtool.sh SAMPLE (skips, exit 77, without promtool)
# promtool exits 0 on input it has nothing against, 3 when it lints problems
# (printing them), 1 when it cannot parse; and 0 on empty input. So the sample
# must print something, promtool must exit 0 and print nothing, and a known
# problem must make it complain, or this test would pass on a checker that
# checks nothing.
set -euo pipefail
sample=$1
command -v promtool >/dev/null || { echo "no promtool: install Debian's prometheus package"; exit 77; }

text=$("$sample") || { echo "FAIL: $sample exited $?" >&2; exit 1; }
[ -n "$text" ] || { echo "FAIL: $sample printed nothing" >&2; exit 1; }

code=0
said=$(printf '%s\n' "$text" | promtool check metrics 2>&1) || code=$?
if [ "$code" -ne 0 ] || [ -n "$said" ]; then
  echo "FAIL: promtool check metrics exited $code and said:" >&2
  printf '%s\n' "$said" >&2
  exit 1
fi

# A counter without _total: promtool must object, else it checked nothing.
code=0
said=$(printf '# HELP refusals Refusals.\n# TYPE refusals counter\nrefusals 1\n' | promtool check metrics 2>&1) || code=$?
if [ "$code" -eq 0 ] || [ -z "$said" ]; then
  echo "FAIL: promtool let a counter without _total through (exit $code): it checks nothing here" >&2
  exit 1
fi

echo "PASS: promtool check metrics read $(printf '%s\n' "$text" | grep -vc '^#') samples of $(printf '%s\n' "$text" | grep -c '^# TYPE') metrics and found no problem"
