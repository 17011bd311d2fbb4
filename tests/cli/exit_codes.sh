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

# Every game of the catalog, as the binary lists it.
mapfile -t games < <("$bin" games --json | /usr/bin/python3 -c 'import json, sys; print("\n".join(g["id"] for g in json.load(sys.stdin)))')
[ "${#games[@]}" -gt 0 ] || { echo "FAIL: bellwether games --json listed no games" >&2; exit 1; }
for game in "${games[@]}"; do
  expect_ok "$game"           games
done
expect_ok   "Usage"           --help
expect_fail "unknown game"    play nosuch --seed 1
expect_fail "unknown game"    sim nosuch
# Bye-Bye below, for its parameters (advanced, hand_limit, start_player up to the seats) and quick games.
expect_fail "advanced"        play bye-bye --seats random,random --param advanced=maybe
expect_fail "colour"          sim bye-bye --param colour=red
expect_fail "frobnicate"      frobnicate
expect_fail "subcommand"      # no command at all
expect_fail "cannot open"     replay "$tmp/missing.json"
expect_fail "not valid JSON"  replay "$tmp/corrupt.json"
expect_fail "cannot open"     analyze-game "$tmp/missing.json"
expect_fail "not valid JSON"  analyze-game "$tmp/corrupt.json"
expect_fail "not in range"    analyze-game "$tmp/corrupt.json" --worlds 0
expect_fail "unknown game"    calibrate nosuch
expect_fail "not in range"    calibrate hustle --games 0
expect_fail "seats"           calibrate hustle --players 2
expect_ok   "Brier score"     calibrate hustle --games 3 --worlds 2
expect_fail "wizard"          play bye-bye --seats random,wizard
expect_fail "not 1"           play bye-bye --seats random
# A setup the game itself refuses, in every command that starts games.
expect_fail "start_player"    sim bye-bye --games 5 --param start_player=4
expect_fail "start_player"    analyze bye-bye --games 5 --param start_player=4 --out "$tmp/r.html"
expect_fail "start_player"    play bye-bye --seats random,random --param start_player=3
for game in "${games[@]}"; do
  expect_fail "nosuchparam"   sim "$game" --games 5 --param nosuchparam=1
done

# --- Hardening: numbers, threads and output files (issue 18, items 2, 4, 5, 8-11) ---
expect_fail "not a finite number" bench --min-time nan
expect_fail "not a finite number" bench --min-time inf
expect_fail "is not a number in"  play bye-bye --seats ismcts:c=nan,random --seed 1
expect_fail "is not a number in"  sim bye-bye --games 2 --seats ismcts:bias=nan,random
expect_fail "from 0 to 18446744073709551615" play bye-bye --seats random,random --seed -1
expect_fail "from 0 to 18446744073709551615" sim bye-bye --games 2 --seed 18446744073709551616
expect_fail "from 0 to 18446744073709551615" analyze bye-bye --games 2 --seed 1x
expect_fail "from 0 to 18446744073709551615" playthrough bye-bye --seed +5
expect_ok   "seed 18446744073709551615" sim bye-bye --games 2 --seed 18446744073709551615
expect_fail "threads at once"     sim bye-bye --games 2 --threads 256 --seats ismcts:threads=64,random
expect_ok   "Result"              play bye-bye --seats "ismcts:threads=2,iters=100,random" --seed 1
# Streaming summaries: a billion games allowed, memory flat; stopped at once by an early SIGINT.
code=0
timeout -s INT 2 "$bin" sim black-sheep --games 1000000000 --quiet >"$tmp/out" 2>"$tmp/err" || code=$?
if [[ $code -ne 0 && $code -ne 124 ]] || ! grep -qF "Interrupted" "$tmp/err"; then
  echo "FAIL: sim --games 1000000000, interrupted after 2 s, exited $code:"; sed 's/^/    /' "$tmp/err"
  failures=$((failures + 1))
fi
# Outputs: checked before the work, regular files only, write errors are errors.
expect_fail "No such file"        play bye-bye --seats random,random --seed 1 --save "$tmp/nodir/x.json"
expect_fail "No such file"        analyze bye-bye --games 2 --out "$tmp/nodir/r.html"
expect_fail "No such file"        sim bye-bye --games 2 --out "$tmp/nodir/s.json"
expect_fail "not a regular file"  sim bye-bye --games 2 --out /dev/full
expect_fail "not a regular file"  analyze bye-bye --games 2 --out /dev/full
mkfifo "$tmp/fifo"
expect_fail "not a regular file"  play bye-bye --seats random,random --seed 1 --save "$tmp/fifo"
[[ -p "$tmp/fifo" ]] || { echo "FAIL: --save replaced a FIFO"; failures=$((failures + 1)); }
echo '{"good": true}' >"$tmp/target.json"
ln -s "$tmp/target.json" "$tmp/link.json"
expect_fail "symbolic link"       play bye-bye --seats random,random --seed 1 --save "$tmp/link.json"
[[ -L "$tmp/link.json" ]] || { echo "FAIL: --save replaced a symbolic link"; failures=$((failures + 1)); }
expect_fail "folder"              play bye-bye --seats random,random --seed 1 --save "$tmp"
code=0
"$bin" sim bye-bye --games 2 >/dev/full 2>"$tmp/err" || code=$?
if [[ $code -eq 0 ]] || ! grep -qF "No space left" "$tmp/err"; then
  echo "FAIL: sim > /dev/full exited $code:"; sed 's/^/    /' "$tmp/err"; failures=$((failures + 1))
fi
# A full disk (here: a file-size limit) while saving keeps the good record that was there.
"$bin" play bye-bye --seats random,random --seed 3 --save "$tmp/good.json" >/dev/null 2>&1
cp "$tmp/good.json" "$tmp/good.copy"
code=0
( ulimit -f 1; trap '' XFSZ; exec "$bin" play bye-bye --seats random,random --seed 4 --save "$tmp/good.json" ) \
  >/dev/null 2>"$tmp/err" || code=$?
if [[ $code -eq 0 ]] || ! grep -qF "File too large" "$tmp/err" || ! cmp -s "$tmp/good.json" "$tmp/good.copy"; then
  echo "FAIL: a save that hit the size limit exited $code or changed the good record:"; sed 's/^/    /' "$tmp/err"
  failures=$((failures + 1))
fi
compgen -G "$tmp/*tmp-*" >/dev/null && { echo "FAIL: a temporary file was left behind"; failures=$((failures + 1)); }
# Thread creation refused by the system (address space too small for 200 stacks): a message, no abort.
# Sanitizer builds reserve terabytes of address space, so this runs on plain builds only.
if [[ -z "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ]]; then
  code=0
  ( ulimit -v 400000; exec "$bin" sim bye-bye --threads 200 --games 500 --quiet ) >/dev/null 2>"$tmp/err" || code=$?
  if [[ $code -ne 2 ]] || ! grep -qF "cannot start another thread" "$tmp/err"; then
    echo "FAIL: thread creation failure exited $code:"; sed 's/^/    /' "$tmp/err"; failures=$((failures + 1))
  fi
fi
# Names from the command line are checked before the game, not when the record is written.
expect_fail "not valid UTF-8"     play bye-bye --seats random,random --seed 1 --names $'\xffAnn,Bob' --save "$tmp/n.json"
expect_fail "control character"   play bye-bye --seats random,random --seed 1 --names $'Ann\e[2J,Bob'
expect_fail "longer than 32"      play bye-bye --seats random,random --seed 1 --names "$(printf 'A%.0s' {1..40}),Bob"
[[ -e "$tmp/n.json" ]] && { echo "FAIL: a refused --names left a record"; failures=$((failures + 1)); }
compgen -G "$tmp/*tmp*" >/dev/null && { echo "FAIL: a refused --names left a temporary file"; failures=$((failures + 1)); }

# Records from outside: refused with a message naming the problem, never a crash or a hang.
record() {  # record FILE FIELDS... : a bye-bye record for two random seats, the given fields added
  local file=$1
  shift
  local extra=""
  for field in "$@"; do extra+=", $field"; done
  printf '{"format": "bellwether-record", "version": 1, "game": "bye-bye", "params": %s, "seed": 3, "players": %s, "actions": []%s}' \
    "${params:-{\}}" "${players:-[\"random\", \"random\"]}" "$extra" >"$tmp/$file"
}
deep=$(printf '%*s' 50000 '' | tr ' ' '[')$(printf '%*s' 50000 '' | tr ' ' ']')
printf '{"format": "bellwether-record", "version": %s}' "$deep" >"$tmp/deep.json"
expect_fail "nested too deeply"       replay "$tmp/deep.json"
params='{"advanced": [[[[1]]]]}' record deep-param.json
expect_fail "unsupported value"       replay "$tmp/deep-param.json"
params=null record null-params.json
expect_fail '"params" must be an object' replay "$tmp/null-params.json"
params='{"advanced": 0}' record int-bool.json
expect_fail "must be true or false"   replay "$tmp/int-bool.json"
params='{"advanced": "false"}' record text-bool.json
expect_fail "must be true or false"   replay "$tmp/text-bool.json"
record fromat.json '"fromat": "x"'
expect_fail "unknown key 'fromat'"    replay "$tmp/fromat.json"
record dup.json '"seed": 4'
expect_fail '"seed" is given twice'   replay "$tmp/dup.json"
record nul.json
printf '\0{"evil": 1}' >>"$tmp/nul.json"
expect_fail "NUL byte"                replay "$tmp/nul.json"
record names.json '"names": ["Ann", 2]'
expect_fail '"names"[1] must be a string' replay "$tmp/names.json"
record escape.json '"names": ["Ann", "\u001b[2JBob"]'
expect_fail "control character"       replay "$tmp/escape.json"
players='["random", "wizard"]' record wizard.json
expect_fail "seat 2"                  replay "$tmp/wizard.json"
record claims.json '"result": {"scores": [0, 0], "winners": [0]}'
expect_fail "claims a result"         replay "$tmp/claims.json"
# A finished game whose winner is changed.
"$bin" play bye-bye --seats random,random --seed 3 --save "$tmp/won.json" </dev/null >/dev/null 2>&1
sed '/"winners": \[/{n;s/^\( *\)0$/\11/;t;s/^\( *\)[1-9]$/\10/}' "$tmp/won.json" >"$tmp/forged.json"
expect_ok   "Game over"               replay "$tmp/won.json"
expect_fail "does not match"          replay "$tmp/forged.json"
# Files that are not records: the reason is given.
expect_fail "no such file"            replay "$tmp/missing.json"
expect_fail "is a directory"          replay "$tmp"
mkfifo "$tmp/fifo.json"
expect_fail "not a regular file"      replay "$tmp/fifo.json"
expect_fail "not a regular file"      replay /dev/zero
# Data tables refuse a key given twice (two games with table parameters: Boom Bah's deck, Disguise's sheep).
expect_fail "'hero' is given twice"   sim boom-bah --games 1 --param "deck=hero:2, ambahlance:2, eieino:2, wolf:2, wild_wool:4, hero:3"
expect_fail "'viking' is given twice" sim disguise --games 1 --param "sheep=viking:6, viking:7"

if [[ $failures -gt 0 ]]; then
  echo "exit_codes.sh: $failures check(s) failed"
  exit 1
fi
echo "exit_codes.sh: all checks passed"
exit 0
