#!/usr/bin/env bash
# The test command (README, "Set up, run, test"; `.ci/run` runs it on a fresh clone).
#
# Builds `coins` as people install it — a plain `swift build -c release` — and runs the whole
# suite (unit, end-to-end, golden, README and docs examples) built with `-c release` against it:
# the end-to-end tests run the binary COINS_BINARY names. The unit tests need `@testable`, so
# the suite itself is built with `-enable-testing`; the installed binary is built apart, in its
# own scratch folder, without it, so what the tests run is byte for byte what people install.
#
#   Tests/test-release.sh [<swift test arguments>…]     e.g. --filter PortfolioChart
set -euo pipefail
cd "$(dirname "$0")/.."

installed=.build-installed
echo "test-release: building the installed binary (swift build -c release)" >&2
swift build -c release --product coins --scratch-path "$installed"
COINS_BINARY="$(swift build -c release --scratch-path "$installed" --show-bin-path)/coins"
export COINS_BINARY
echo "test-release: the end-to-end tests run $COINS_BINARY" >&2

swift test -c release -Xswiftc -enable-testing "$@"
