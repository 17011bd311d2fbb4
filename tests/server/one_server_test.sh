#!/usr/bin/env bash
# Two `bellwether serve` on one PostgreSQL database: the second is refused
# with a message saying why, and starts once the first has stopped.
# Usage: one_server_test.sh BELLWETHER POSTGRES_FIXTURE_DIR (skips, exit 77, without PostgreSQL)
set -euo pipefail
bin=$1 fixture=$2
[ -f "$fixture/url" ] || { echo "no PostgreSQL: $(cat "$fixture/skipped" 2>/dev/null)"; exit 77; }
url=$(cat "$fixture/url")
work=$(mktemp -d)
trap 'kill "$first" 2>/dev/null || true; rm -rf "$work"' EXIT
free_port() { /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_serving() {
  for _ in $(seq 1 200); do grep -q "serving on" "$1" && return 0; sleep 0.05; done
  cat "$1" >&2; return 1
}
"$bin" serve --db "$url" --port "$(free_port)" >"$work/first.log" 2>&1 &
first=$!
wait_serving "$work/first.log"
if "$bin" serve --db "$url" --port "$(free_port)" >"$work/second.log" 2>&1; then
  echo "FAIL: a second server started on the same database" >&2; exit 1
fi
grep -q "another bellwether server is using the database" "$work/second.log" ||
  { echo "FAIL: the second server did not say why:" >&2; cat "$work/second.log" >&2; exit 1; }
kill -TERM "$first"; wait "$first" || true
"$bin" serve --db "$url" --port "$(free_port)" >"$work/third.log" 2>&1 &
first=$!
wait_serving "$work/third.log"
echo "PASS: the second server was refused ($(cat "$work/second.log")); a server started after the first stopped"
