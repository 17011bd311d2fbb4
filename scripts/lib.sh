# shellcheck shell=bash
# Shared by scripts/run and scripts/test: install what is missing, then configure and build.
# Sourced, not executed.
set -euo pipefail

BELLWETHER_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Every Debian package the project builds or tests with. --no-install-recommends
# keeps Boost 1.74 and friends from being pulled in behind our back (see deps.md).
# What configuring and building the release, asan and tsan presets needs:
BELLWETHER_BUILD_PACKAGES=(
  g++ cmake ninja-build ccache mold pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libfmt-dev
  libboost1.81-dev libsqlite3-dev libssl-dev zlib1g-dev  # bellwether serve: Beast/Asio (never libboost-dev: 1.74), SQLite, SHA-256, gzip
  libpq-dev                                    # bellwether serve --db postgresql://… (the server itself: bw_install_postgres)
  libicu-dev                                   # bellwether serve: names compared case-folded and by look (ICU's confusables)
  libsodium-dev                                # bellwether serve: accounts' passwords (argon2id), session ids
  python3-dev pybind11-dev python3-pybind11    # import bellwether
  libopenmpi-dev openmpi-bin    # bellwether-mpi: sim and analyze on MPI ranks (docs/cluster.md)
)
# What only the tests, the examples and scripts/check use (scripts/test
# installs these while the release preset builds):
BELLWETHER_TEST_PACKAGES=(
  python3-websockets                           # the server's crash test client (Debian's /usr/bin/python3)
  curl                                         # tests that ask a running server over HTTP (tests/server/*.sh)
  python3-numpy python3-pytest python3-matplotlib  # the Python module's tests and examples
  python3-mypy                                 # the Python package's type hints (tests/python/test_types.py)
  python3-pip python3-setuptools python3-wheel  # `pip install .` of the module, offline (tests/python/test_packaging.py)
  libopenblas0-pthread          # numpy's matrix products: the reference BLAS is about 20x slower (docs/python.md)
  clang-19 libclang-rt-19-dev   # libFuzzer for the fuzz preset (clang-14 cannot build our C++20)
  clang-format-19 clang-tidy-19 shellcheck pyflakes3  # scripts/check: style and lint
  valgrind                      # scripts/bench-check: instructions per action (callgrind)
)
BELLWETHER_PACKAGES=("${BELLWETHER_BUILD_PACKAGES[@]}" "${BELLWETHER_TEST_PACKAGES[@]}")

# Each line says how long the script has run (m:ss), so a CI log shows where its time goes.
bw_log() { printf '\033[1m[bellwether %d:%02d]\033[0m %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }

# bw_install_packages [PKG...]: apt-get install those missing (default: BELLWETHER_PACKAGES).
bw_install_packages() {
  local wanted=("$@") missing=()
  [ ${#wanted[@]} -eq 0 ] && wanted=("${BELLWETHER_PACKAGES[@]}")
  for pkg in "${wanted[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$pkg")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  bw_log "installing Debian packages: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  # One index update per script run (each install after the first reuses it).
  if [ -z "${BW_APT_UPDATED:-}" ]; then
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    BW_APT_UPDATED=1
  fi
  # --force-confold: a configuration file already there (bw_install_postgres writes one) is kept, not asked about.
  # --force-unsafe-io: no fsync per unpacked file (a crash mid-install means installing again).
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    -o Dpkg::Options::=--force-confold -o Dpkg::Options::=--force-unsafe-io "${missing[@]}" >/dev/null
}

# bw_install_postgres: PostgreSQL's server, for the tests of `serve --db
# postgresql://…` (they start a cluster of their own on a free port). Debian's
# package would make and start a system-wide "main" cluster: a fresh install
# is told not to. Optional: says so and returns 1 when it cannot be installed.
bw_install_postgres() {
  if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    return 0
  fi
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
    "${sudo[@]}" mkdir -p /etc/postgresql-common
    echo "create_main_cluster = off" | "${sudo[@]}" tee /etc/postgresql-common/createcluster.conf >/dev/null
  fi
  if ! (bw_install_packages postgresql-15); then
    bw_log "PostgreSQL could not be installed: the PostgreSQL tests will be skipped"
    return 1
  fi
}

# bw_install_services: the servers some tests run on loopback, on ports of
# their own: nginx and Caddy (the reverse-proxy blocks of docs/protocol.md and
# docs/deploy.md), Prometheus's promtool (GET /metrics). Installing them must
# not start their system services (nginx on port 80, Prometheus on 9090): a
# policy-rc.d refuses service starts for the length of the install.
# Optional: says so and returns 1 when they cannot be installed.
bw_install_services() {
  local wanted=() missing
  command -v nginx >/dev/null || wanted+=(nginx)
  command -v caddy >/dev/null || wanted+=(caddy)
  command -v promtool >/dev/null || wanted+=(prometheus)
  [ ${#wanted[@]} -eq 0 ] && return 0
  local sudo=() policy=/usr/sbin/policy-rc.d made=
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
    "${sudo[@]}" chmod +x "$policy"
    made=1
  fi
  (bw_install_packages "${wanted[@]}") && missing=0 || missing=1
  [ -n "$made" ] && "${sudo[@]}" rm -f "$policy"
  if [ "$missing" -ne 0 ]; then
    bw_log "could not install ${wanted[*]}: the proxy, cluster and metrics tests will be skipped"
    return 1
  fi
}

# The browser front end (web/): Debian's Node 18 + npm build it, Debian's
# chromium runs its end-to-end test. A machine that already has node and npm
# from elsewhere keeps them (Debian's npm would conflict with them).
bw_install_web_packages() {
  local missing=()
  command -v node >/dev/null && command -v npm >/dev/null || missing+=(nodejs npm)
  command -v chromium >/dev/null || missing+=(chromium)
  [ ${#missing[@]} -eq 0 ] && return 0
  bw_install_packages "${missing[@]}"
}

# bw_web_dependencies: npm ci when package-lock.json changed since the last one.
bw_web_dependencies() {
  local web="$BELLWETHER_ROOT/web"
  if [ ! -f "$web/node_modules/.package-lock.json" ] || [ "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]; then
    bw_log "installing the front end's npm packages (npm ci)"
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error) >&2
  fi
}

# bw_build_web: the npm packages, then web/dist when a source is newer than it.
# Quiet and quick when everything is up to date.
bw_build_web() {
  local web="$BELLWETHER_ROOT/web"
  bw_web_dependencies
  local stamp="$web/dist/index.html"
  if [ ! -f "$stamp" ] || [ -n "$(find "$web/src" "$web/index.html" "$web/vite.config.ts" "$web/tsconfig.json" "$web/package-lock.json" \
                                       "$BELLWETHER_ROOT"/docs/rules/*.how-to-play.md -newer "$stamp" -print -quit)" ]; then
    bw_log "building the front end (web/dist)"
    (cd "$web" && npm run --silent build) >&2
  fi
}

# bw_build PRESET: configure (once) and build one CMake preset.
bw_build() {
  local preset=$1
  cd "$BELLWETHER_ROOT"
  if [ ! -f "build/$preset/build.ninja" ]; then
    bw_log "configuring $preset"
    cmake --preset "$preset" >/dev/null
  fi
  bw_log "building $preset"
  cmake --build --preset "$preset"
}

# The fuzz targets of fuzz/ (scripts/fuzz, scripts/test).
# shellcheck disable=SC2034  # read by the scripts that source this file
BELLWETHER_FUZZ_TARGETS=(fuzz_record fuzz_params fuzz_agent_spec fuzz_action_text fuzz_client_message fuzz_http_target fuzz_table_request)

# bw_tsan_prefix BINARY: prints the command prefix ThreadSanitizer needs to run
# here. TSan aborts with "unexpected memory mapping" on kernels with a high
# mmap randomisation (vm.mmap_rnd_bits > 28); then we run without ASLR.
bw_tsan_prefix() {
  if "$1" --gtest_list_tests 2>&1 | grep -q 'unexpected memory mapping'; then
    echo "setarch $(uname -m) -R"
  fi
}
