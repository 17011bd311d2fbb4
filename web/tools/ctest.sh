#!/usr/bin/env bash
# ctest's entry to the front end's tests (web/CMakeLists.txt):
#   ctest.sh build               npm ci / vite build when out of date (scripts/lib.sh)
#   ctest.sh unit [BINARY]       Vitest; BINARY gives test/catalog.test.ts the list of games
#   ctest.sh e2e BINARY OUTDIR   Playwright in Debian's chromium; screenshots in OUTDIR
#   ctest.sh types BINARY        src/generated/observations.ts is what BINARY's schema gives
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../../scripts/lib.sh"
cd "$BELLWETHER_ROOT/web" || exit 1
case "${1:-}" in
  build) bw_build_web ;;
  unit) BELLWETHER_EXE="${2:-}" exec npx --no-install vitest run ;;
  e2e) exec node e2e/run.mjs --binary "$2" --out "$3" ;;
  types) exec node tools/gen-observation-types.mjs --check --binary "$2" ;;
  *) echo "usage: $0 build | unit [BINARY] | e2e BINARY OUTDIR | types BINARY" >&2; exit 2 ;;
esac
