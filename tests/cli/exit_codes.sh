#!/usr/bin/env bash
# The real `bellwether` executable, as a user runs it: bad invocations exit
# non-zero with a message on stderr that names the problem; good ones exit 0.
# Usage: exit_codes.sh PATH/TO/bellwether
set -u

bin=${1:?usage: exit_codes.sh PATH/TO/bellwether}
if [[ ! -x "$bin" ]]; then
  echo "exit_codes.sh: '$bin' is not an executable" >&2
  exit 1
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0

# expect_fail KEYWORD ARGS... : non-zero exit, KEYWORD (fixed string) on stderr.
expect_fail() {
  local keyword=$1
  shift
  local code=0
  "$bin" "$@" </dev/null >"$tmp/out" 2>"$tmp/err" || code=$?
  if [[ $code -eq 0 ]]; then
    echo "FAIL: bellwether $* exited 0 (expected a failure)"
    failures=$((failures + 1))
  elif [[ $code -eq 3 || $code -ge 128 ]]; then
    echo "FAIL: bellwether $* crashed (exit $code: an internal error or a signal):"
    sed 's/^/    /' "$tmp/err"
    failures=$((failures + 1))
  elif ! grep -qF -- "$keyword" "$tmp/err"; then
    echo "FAIL: bellwether $* exited $code but stderr lacks '$keyword':"
    sed 's/^/    /' "$tmp/err"
    failures=$((failures + 1))
  fi
}

# expect_ok KEYWORD ARGS... : exit 0, KEYWORD on stdout.
expect_ok() {
  local keyword=$1
  shift
  local code=0
  "$bin" "$@" </dev/null >"$tmp/out" 2>"$tmp/err" || code=$?
  if [[ $code -ne 0 ]]; then
    echo "FAIL: bellwether $* exited $code (expected 0):"
    sed 's/^/    /' "$tmp/err"
    failures=$((failures + 1))
  elif ! grep -qF -- "$keyword" "$tmp/out"; then
    echo "FAIL: bellwether $* exited 0 but stdout lacks '$keyword'"
    failures=$((failures + 1))
  fi
}

printf '{"format": "bellwether-record", "version": 1, "actions": [' >"$tmp/corrupt.json"

expect_ok   "bye-bye"         games
expect_ok   "Usage"           --help
expect_fail "unknown game"    play nosuch --seed 1
expect_fail "unknown game"    sim nosuch
expect_fail "advanced"        play bye-bye --seats random,random --param advanced=maybe
expect_fail "colour"          sim bye-bye --param colour=red
expect_fail "frobnicate"      frobnicate
expect_fail "subcommand"      # no command at all
expect_fail "cannot open"     replay "$tmp/missing.json"
expect_fail "not valid JSON"  replay "$tmp/corrupt.json"
expect_fail "wizard"          play bye-bye --seats random,wizard
expect_fail "not 1"           play bye-bye --seats random
# A setup the game itself refuses, in every command that starts games.
expect_fail "start_player"    sim bye-bye --games 5 --param start_player=4
expect_fail "start_player"    analyze bye-bye --games 5 --param start_player=4 --out "$tmp/r.html"
expect_fail "start_player"    play bye-bye --seats random,random --param start_player=3
for game in black-sheep hustle boom-bah; do
  expect_fail "nosuchparam"   sim $game --games 5 --param nosuchparam=1
done

if [[ $failures -gt 0 ]]; then
  echo "exit_codes.sh: $failures check(s) failed"
  exit 1
fi
echo "exit_codes.sh: all checks passed"
exit 0
