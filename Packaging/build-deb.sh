#!/usr/bin/env bash
# `make deb`: a Debian package of the files `make install` copies, under /usr, built with
# dpkg-deb from the release binary and the files `make` wrote beside it (no build of its own).
#
#   Packaging/build-deb.sh <coins binary> <folder with coins.1, coins.bash, coins.fish, _coins>
#
# Writes coins_<version>_<architecture>.deb in the current folder and prints its name: the
# version is what `coins --version` says, the architecture what `dpkg --print-architecture`
# says. The binary links the Swift runtime into itself, so it depends on the C library alone;
# libcurl, loaded only when a request is made, is recommended (libcurl4t64 from Debian 13 and
# Ubuntu 24.04 on).
set -euo pipefail

binary=${1:?usage: Packaging/build-deb.sh <coins binary> <folder of generated files>}
dist=${2:?usage: Packaging/build-deb.sh <coins binary> <folder of generated files>}

version=$("$binary" --version)
version=${version##* }
if [[ ! $version =~ ^[0-9][A-Za-z0-9.+~-]*$ ]]; then
  echo "build-deb: error: '$("$binary" --version)' gives no Debian version" >&2
  exit 1
fi
architecture=$(dpkg --print-architecture)
package="coins_${version}_${architecture}.deb"

stage=.build/deb/coins
rm -rf "$stage"
install -D -m 755 "$binary" "$stage/usr/bin/coins"
install -d -m 755 "$stage/usr/share/man/man1"
gzip -9n < "$dist/coins.1" > "$stage/usr/share/man/man1/coins.1.gz"
chmod 644 "$stage/usr/share/man/man1/coins.1.gz"
install -D -m 644 "$dist/coins.bash" "$stage/usr/share/bash-completion/completions/coins"
install -D -m 644 "$dist/coins.fish" "$stage/usr/share/fish/vendor_completions.d/coins.fish"
install -D -m 644 "$dist/_coins" "$stage/usr/share/zsh/vendor-completions/_coins"

install -d -m 755 "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<EOF
Package: coins
Version: $version
Architecture: $architecture
Maintainer: coins maintainers <maintainers@users.noreply.a-seed-136cd5e9.example>
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: libc6
Recommends: libcurl4 | libcurl4t64
Section: utils
Priority: optional
Description: crypto market tracker and portfolio for the terminal
 coins lists the crypto market with 7-day sparklines, keeps your holdings in a
 file that never loses a coin and tells you what they are worth, with charts,
 alerts, realized gains and imports of exchange exports. Prices come from
 CoinGecko; answers are cached, and stale or sample data is always labelled.
EOF

# gzip: seconds to build where xz takes a minute, and every dpkg reads it.
dpkg-deb --root-owner-group -Zgzip --build "$stage" "$package" >/dev/null
echo "Built $package: sudo dpkg -i $package"
