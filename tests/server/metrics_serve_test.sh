#!/usr/bin/env bash
# GET /metrics of a running `bellwether serve`: Prometheus's promtool reads
# it without a complaint, it counts what happened (actions of a bot table, a
# refused request), and it answers only this machine and the token's bearer.
# Usage: metrics_serve_test.sh BELLWETHER (skips, exit 77, without promtool)
set -euo pipefail
bin=$1
command -v promtool >/dev/null || { echo "no promtool: install Debian's prometheus package"; exit 77; }
work=$(mktemp -d)
scraper=
trap 'kill "$server" $scraper 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
token=metrics-token-0123456789
"$bin" serve --db "$work/tables.db" --port "$port" --client-ip-header X-Real-IP --metrics-token "$token" \
  >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 200); do grep -q "serving on" "$work/server.log" && break; sleep 0.05; done
base=http://127.0.0.1:$port
fail() { echo "FAIL: $*" >&2; cat "$work/server.log" >&2; exit 1; }

curl -sf -X POST -H 'Content-Type: application/json' \
  -d '{"game":"bye-bye","seats":[{"agent":"random"},{"agent":"random"},{"agent":"random"}]}' "$base/api/tables" \
  >/dev/null || fail "the table was not created"
curl -s -X POST -d 'not json' "$base/api/tables" >/dev/null  # refused: bad-content-type
sleep 1                                                       # the bots play the game out

# Behind the proxy (--client-ip-header) a visitor is who the header names: this machine here.
curl -sf -H 'X-Real-IP: 127.0.0.1' "$base/metrics" >"$work/metrics.txt" || fail "GET /metrics from this machine was refused"
code=0
said=$(promtool check metrics <"$work/metrics.txt" 2>&1) || code=$?
if [ "$code" -ne 0 ] || [ -n "$said" ]; then fail "promtool check metrics exited $code: $said"; fi
for family in bellwether_actions_total bellwether_refusals_total bellwether_commit_seconds bellwether_bot_think_seconds \
  bellwether_bot_queue_length bellwether_tables bellwether_connections; do
  grep -q "^# TYPE $family " "$work/metrics.txt" || fail "no $family in /metrics"
done
actions=$(awk '$1 == "bellwether_actions_total" {print $2}' "$work/metrics.txt")
[ "${actions:-0}" -gt 0 ] || fail "bellwether_actions_total is ${actions:-missing} after a bot game"
grep -q '^bellwether_refusals_total{kind="bad-content-type"} 1$' "$work/metrics.txt" || fail "the refusal was not counted"
grep -q '^bellwether_commit_seconds_count [1-9]' "$work/metrics.txt" || fail "no commit was timed"

# From elsewhere (the proxy's header names a client on another machine): refused, unless with the token.
status=$(curl -s -o /dev/null -w '%{http_code}' -H 'X-Real-IP: 203.0.113.9' "$base/metrics")
[ "$status" = 403 ] || fail "a client elsewhere got $status from /metrics"
# Without the header nobody is known (fail closed): the token is the way in.
status=$(curl -s -o /dev/null -w '%{http_code}' "$base/metrics")
[ "$status" = 403 ] || fail "a request without X-Real-IP got $status from /metrics"
status=$(curl -s -o /dev/null -w '%{http_code}' -H 'X-Real-IP: 203.0.113.9' -H "Authorization: Bearer ${token}x" \
  "$base/metrics")
[ "$status" = 403 ] || fail "a wrong token got $status from /metrics"
status=$(curl -s -o /dev/null -w '%{http_code}' -H 'X-Real-IP: 203.0.113.9' -H "Authorization: Bearer $token" \
  "$base/metrics")
[ "$status" = 200 ] || fail "the token's bearer got $status from /metrics"
# Debian's Prometheus itself scrapes the server (the prometheus package ships both).
prom_port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf '%s' "$token" >"$work/metrics-token"
printf 'global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: bellwether\n    authorization:\n      credentials_file: %s\n    static_configs:\n      - targets: ["127.0.0.1:%s"]\n' \
  "$work/metrics-token" "$port" >"$work/prometheus.yml"
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
  --web.listen-address="127.0.0.1:$prom_port" >"$work/prometheus.log" 2>&1 &
scraper=$!
scraped=
for _ in $(seq 1 100); do
  scraped=$(curl -s "http://127.0.0.1:$prom_port/api/v1/query?query=bellwether_actions_total" |
    /usr/bin/python3 -c 'import json, sys; r = json.load(sys.stdin)["data"]["result"]; print(r[0]["value"][1] if r else "")' \
    2>/dev/null || true)
  [ -n "$scraped" ] && break
  sleep 0.2
done
# At least what /metrics said a moment before (a slow machine's bots may still be playing).
[ "${scraped:-0}" -ge "$actions" ] 2>/dev/null ||
  { cat "$work/prometheus.log" >&2; fail "Prometheus scraped '$scraped' actions, /metrics said $actions"; }

echo "PASS: /metrics passes promtool ($(grep -vc '^#' "$work/metrics.txt") samples, $actions actions counted);" \
  "elsewhere 403, with the token 200; Prometheus scraped it ($scraped actions)"
