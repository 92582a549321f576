#!/usr/bin/env bash
# The install, as a user does it (`.ci/run` runs this after the suite, as root, on a fresh
# machine): `make deb` from the release build already made, the package installed with
# `dpkg -i`, the installed binary, manual page and completions used by the real man, bash, zsh
# and fish, the package installed again over itself (an upgrade) with a user's config and
# portfolio left byte for byte, `dpkg -r`; then `make install PREFIX=<tmp>` with no toolchain on
# PATH and `make uninstall`, leaving no file behind. Ends with `install: N passed, M failed`.
#
#   Tests/install-test.sh        (root: it installs and removes the package `coins`)
#
# Needs dpkg-deb, man (man-db), make, bash-completion, zsh and fish (`.ci/run` installs them).
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0
failed=0
pass() {
  passed=$((passed + 1))
  echo "ok: $1"
}
fail() {
  failed=$((failed + 1))
  echo "FAILED: $1"
  [[ -z ${2:-} ]] || printf '%s\n' "$2" | sed 's/^/  | /'
}
finish() {
  echo "install: $passed passed, $failed failed"
  ((failed == 0))
  exit
}

if ((EUID != 0)); then
  echo "install-test: error: run as root: it installs and removes the package coins" >&2
  exit 1
fi
if dpkg-query -W -f '${Status}' coins 2>/dev/null | grep -q ' installed$'; then
  echo "install-test: error: a package coins is installed already; this test would replace it" >&2
  exit 1
fi

work=$(mktemp -d /tmp/coins-install-test.XXXXXX)
cleanup() {
  dpkg -r coins >/dev/null 2>&1
  rm -rf "$work" coins_*_*.deb
}
trap cleanup EXIT

# The installed coins, run as a user would: a HOME of its own, /usr/bin and /bin only, and
# CoinGecko out of reach (a refused port), so nothing here asks the network.
user_home="$work/home"
as_user() {
  env -i HOME="$user_home" PATH=/usr/bin:/bin TERM=dumb \
    COINGECKO_BASE_URL=http://127.0.0.1:9/api/v3 "$@"
}

# 1. The package, from the release build.
rm -f coins_*_*.deb
output=$(make deb 2>&1)
package=$(ls coins_*_*.deb 2>/dev/null | head -1)
built_version=$(.build/release/coins --version)
built_version=${built_version##* }
architecture=$(dpkg --print-architecture)
expected_fields="Package: coins
Version: $built_version
Architecture: $architecture
Depends: libc6
Recommends: libcurl4 | libcurl4t64"
if [[ -n $package ]]; then
  fields=$(dpkg-deb -f "$package" Package Version Architecture Depends Recommends)
  if [[ $package == "coins_${built_version}_${architecture}.deb" && $fields == "$expected_fields" ]]
  then
    pass "make deb built $package"
  else
    fail "make deb built $package with" "$fields"
  fi
else
  fail "make deb built no coins_*.deb" "$output"
  finish
fi

# 2. dpkg -i, and the files it put in place.
output=$(dpkg -i "$package" 2>&1) || fail "dpkg -i $package" "$output"
listed=$(dpkg -L coins | while read -r path; do [[ -d $path ]] || echo "$path"; done | sort)
expected_files="/usr/bin/coins
/usr/share/bash-completion/completions/coins
/usr/share/fish/vendor_completions.d/coins.fish
/usr/share/man/man1/coins.1.gz
/usr/share/zsh/vendor-completions/_coins"
if [[ $listed == "$expected_files" ]]; then
  pass "dpkg -L coins lists the binary, the manual page and three completions"
else
  fail "dpkg -L coins lists" "$listed"
fi

# 3. The installed binary and its manual page.
mkdir -p "$user_home"
version=$(as_user coins --version 2>&1)
if [[ $(as_user which coins) == /usr/bin/coins && ${version##* } == "$built_version" ]]; then
  pass "the installed coins --version says $version"
else
  fail "the installed coins --version" "$version"
fi
manual=$(as_user man -w coins 2>&1)
if [[ $manual == /usr/share/man/man1/coins.1.gz ]] && as_user man coins 2>/dev/null | grep -q 'coins'
then
  pass "man -w coins finds $manual"
else
  excluded=$(grep -h 'path-exclude.*/usr/share/man' /etc/dpkg/dpkg.cfg.d/* 2>/dev/null)
  fail "man -w coins" "$manual${excluded:+ (dpkg is set to leave out manual pages: $excluded)}"
fi

# 4. Each shell completes `coins por` from the file the package put where it looks.
bash_offered=$(as_user bash -c '
  source /usr/share/bash-completion/bash_completion
  _completion_loader coins
  COMP_WORDS=(coins por); COMP_CWORD=1; COMP_LINE="coins por"; COMP_POINT=${#COMP_LINE}
  _coins coins por coins
  printf "%s\n" "${COMPREPLY[@]}"' 2>&1)
# zsh: compinit binds coins to _coins from its default fpath; compadd is a stand-in printing
# what the function offers (it exists only inside a completion widget).
zsh_offered=$(as_user zsh -f -c '
  autoload -Uz compinit && compinit -u -d "$HOME/.zcompdump"
  [[ $_comps[coins] == _coins ]] || { print "compinit did not bind coins: $_comps[coins]"; exit 1; }
  compadd() { [[ $1 == -- ]] && shift; local w; for w in "$@"; do [[ $w == ${PREFIX}* ]] && print -r -- $w; done; }
  words=(coins por); CURRENT=2; PREFIX=por
  _coins' 2>&1)
fish_offered=$(as_user fish -c 'complete -C "coins por"' 2>&1 | cut -f1)
for shell in bash zsh fish; do
  offered_name="${shell}_offered"
  if [[ ${!offered_name} == portfolio ]]; then
    pass "$shell completes 'coins por' to portfolio"
  else
    fail "$shell completes 'coins por' to" "${!offered_name}"
  fi
done

# 5. The package again over itself (an upgrade): a user's config and data stay as they were.
mkdir -p "$user_home/.config/coins" "$user_home/.local/share/coins"
printf 'currency = "eur"\n\n[top]\ncount = 5\n' > "$user_home/.config/coins/config.toml"
cat > "$user_home/.local/share/coins/portfolio.json" <<'EOF'
{
  "version": 2,
  "holdings": [
    {
      "id": "bitcoin",
      "transactions": [
        { "id": "1", "type": "buy", "amount": "0.5", "price": "42000", "currency": "usd",
          "date": "2026-11-29T15:08:07.123Z", "note": "first buy" }
      ]
    }
  ]
}
EOF
user_files=("$user_home/.config/coins/config.toml" "$user_home/.local/share/coins/portfolio.json")
before=$(sha256sum "${user_files[@]}")
output=$(dpkg -i "$package" 2>&1)
status=$?
after=$(sha256sum "${user_files[@]}")
listing=$(as_user coins portfolio list 2>&1)
currency=$(as_user coins config show 2>&1 | grep '^currency ')
if ((status == 0)) && [[ $before == "$after" && $listing == *0.5* && $currency == *eur*config* ]]
then
  pass "dpkg -i over itself left the user's config and portfolio byte for byte, still read"
else
  fail "dpkg -i over itself (status $status)" "$output
$before
$after
$listing
$currency"
fi

# 6. dpkg -r takes every file away and leaves the user's alone.
output=$(dpkg -r coins 2>&1)
left=$(for path in $expected_files; do [[ -e $path ]] && echo "$path"; done)
if [[ -z $left && $(sha256sum "${user_files[@]}") == "$before" ]]; then
  pass "dpkg -r coins removed its files and left the user's"
else
  fail "dpkg -r coins left" "$output$left"
fi

# 7. make install into a prefix with no toolchain on PATH (as after `sudo`), then uninstall.
prefix="$work/prefix"
output=$(env -i HOME="$user_home" PATH=/usr/bin:/bin make --no-print-directory install \
  PREFIX="$prefix" 2>&1)
status=$?
installed=$(cd "$prefix" 2>/dev/null && find . -type f -o -type l | sort)
expected_installed="./bin/coins
./share/bash-completion/completions/coins
./share/fish/vendor_completions.d/coins.fish
./share/man/man1/coins.1
./share/zsh/site-functions/_coins"
if ((status == 0)) && [[ $installed == "$expected_installed" ]] \
  && cmp -s "$prefix/bin/coins" .build/release/coins \
  && [[ $output == *"fpath=($prefix/share/zsh/site-functions \$fpath)"* ]]; then
  pass "make install PREFIX=<tmp> copied five files without a toolchain and named zsh's fpath line"
else
  fail "make install PREFIX=<tmp> (status $status)" "$output
$installed"
fi
output=$(env -i PATH=/usr/bin:/bin make --no-print-directory uninstall PREFIX="$prefix" 2>&1)
left=$(find "$prefix" -type f -o -type l)
if [[ -z $left ]]; then
  pass "make uninstall PREFIX=<tmp> removed every file it installed"
else
  fail "make uninstall PREFIX=<tmp> left" "$output
$left"
fi

finish
