#!/usr/bin/env bash
# Records the golden cases with the given `coins` binary and compares them with
# Tests/Golden/expected (see record.sh for what is normalised). Exit 0 when byte-identical;
# otherwise prints a unified diff and exits 1.
#
#   Tests/Golden/check.sh [<coins-binary>]     (default: the debug build)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
coins=${1:-$(cd "$here/../.." && swift build --show-bin-path)/coins}
actual=$(mktemp -d)
trap 'rm -rf "$actual"' EXIT
"$here/record.sh" "$coins" "$actual" || exit 1
diff -ru "$here/expected" "$actual" && echo "golden: $(ls "$actual" | wc -l) cases identical"
