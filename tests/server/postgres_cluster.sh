#!/usr/bin/env bash
# An ephemeral PostgreSQL for the tests, started by ctest's "postgres" fixture.
#   postgres_cluster.sh start DIR   initdb + pg_ctl start on a free loopback port;
#                                   writes DIR/url (a postgresql:// URI) or, when
#                                   PostgreSQL is not installed, DIR/skipped (why).
#   postgres_cluster.sh restart DIR starts it again on its port (after a crash
#                                   test killed it: retried until the dead
#                                   server's processes are gone).
#   postgres_cluster.sh stop DIR    stops it and removes its files.
# PostgreSQL refuses to run as root: as root, it runs as the "postgres" user
# Debian's package creates. Its files live in a fresh /tmp directory.
set -euo pipefail
command=${1:?usage: postgres_cluster.sh start|stop DIR}
dir=${2:?usage: postgres_cluster.sh start|stop DIR}

bin=$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_server() {
  as_owner "$bin/pg_ctl" -D "$1/db" -l "$1/log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -p $2 -k $1 -c max_connections=200" >/dev/null
}

case $command in
start)
  rm -rf "$dir"
  mkdir -p "$dir"
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)" >"$dir/skipped"
    cat "$dir/skipped"
    exit 0
  fi
  if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
    echo "PostgreSQL cannot run as root and there is no postgres user" >"$dir/skipped"
    cat "$dir/skipped"
    exit 0
  fi
  data=$(mktemp -d /tmp/bellwether-pg.XXXXXX)
  [ "$(id -u)" -eq 0 ] && chown postgres: "$data"
  echo "$data" >"$dir/data"
  # A free port: the kernel picks one, and PostgreSQL takes it a moment later.
  port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  as_owner "$bin/initdb" -D "$data/db" -A trust -U postgres --no-sync >"$data/initdb.log" 2>&1 ||
    { cat "$data/initdb.log" >&2; exit 1; }
  echo "$port" >"$dir/port"
  start_server "$data" "$port" || { cat "$data/log" >&2; exit 1; }
  echo "postgresql://postgres@127.0.0.1:$port/postgres" >"$dir/url"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (files: $data)"
  ;;
restart)
  data=$(cat "$dir/data")
  for _ in $(seq 100); do
    start_server "$data" "$(cat "$dir/port")" && exit 0
    sleep 0.2
  done
  cat "$data/log" >&2
  exit 1
  ;;
stop)
  [ -f "$dir/data" ] || exit 0
  data=$(cat "$dir/data")
  as_owner "$bin/pg_ctl" -D "$data/db" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$data" "$dir"
  ;;
*)
  echo "usage: postgres_cluster.sh start|stop DIR" >&2
  exit 2
  ;;
esac
