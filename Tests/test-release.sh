#!/usr/bin/env bash
# The test command (README, "Set up, run, test"; `.ci/run` runs it on a fresh clone).
#
# Builds `coins` as people install it — a plain `swift build -c release` — and runs the whole
# suite (unit, end-to-end, golden, README and docs examples) built with `-c release` against it:
# the end-to-end tests run the binary COINS_BINARY names. The unit tests reach what they test
# through `package` access, not `@testable`, so the suite needs no `-enable-testing`: it links
# the very libraries the installed binary was built from (built once), and the binary is
# checked to be the one a plain `swift build -c release --product coins` makes.
#
#   Tests/test-release.sh [<swift test arguments>…]     e.g. --filter PortfolioChart
set -euo pipefail
cd "$(dirname "$0")/.."

# One build of the whole graph, so both cores stay busy: the end-to-end tests' module needs none
# of the libraries and compiles beside them. Its `coins` is the plain release build's, command
# for command (a `swift build -c release --product coins` after it finds nothing to do).
echo "test-release: building the installed binary and the suite (swift build -c release)" >&2
swift build -c release --build-tests
COINS_BINARY="$(swift build -c release --show-bin-path)/coins"
export COINS_BINARY
installed=$(sha256sum "$COINS_BINARY")
# The plain build of the product must find it built as it would build it.
swift build -c release --product coins
if [[ "$(sha256sum "$COINS_BINARY")" != "$installed" ]]; then
  echo "test-release: error: the plain release build changed $COINS_BINARY" >&2
  exit 1
fi
echo "test-release: the end-to-end tests run $COINS_BINARY" >&2

swift test -c release --disable-testable-imports --skip-build "$@"
