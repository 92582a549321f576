#!/usr/bin/env bash
# The test command (README, "Set up, run, test"; `.ci/run` runs it on a fresh clone).
#
# Builds `coins` as people install it — a plain `swift build -c release` — and runs the whole
# suite (unit, end-to-end, golden, README and docs examples) built with `-c release` against it:
# the end-to-end tests run the binary COINS_BINARY names. The unit tests reach what they test
# through `package` access, not `@testable`, so the suite needs no `-enable-testing`: it links
# the very libraries the installed binary was built from (built once), and the binary is
# checked to be unchanged by the suite's build.
#
#   Tests/test-release.sh [<swift test arguments>…]     e.g. --filter PortfolioChart
set -euo pipefail
cd "$(dirname "$0")/.."

echo "test-release: building the installed binary (swift build -c release)" >&2
swift build -c release --product coins
COINS_BINARY="$(swift build -c release --show-bin-path)/coins"
export COINS_BINARY
installed=$(sha256sum "$COINS_BINARY")
echo "test-release: the end-to-end tests run $COINS_BINARY" >&2

swift test -c release --disable-testable-imports "$@"
# The suite's build must not have rebuilt what it tested.
if [[ "$(sha256sum "$COINS_BINARY")" != "$installed" ]]; then
  echo "test-release: error: building the tests changed $COINS_BINARY" >&2
  exit 1
fi
