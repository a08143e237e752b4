#!/usr/bin/env bash
# Checks that domains can be removed: for each domain named (default: comments, console, sites), a
# copy of the tree without that domain's provider line in adonisrc.ts (and without the domain's own
# tests) boots and passes the unit and functional suites of the remaining domains on SQLite. Tests
# elsewhere that need the domain carry its tag (`@comments`, `@console`, `@sites`) and are left out
# with `--tags=~@<d>`. The copies run side by side (one test server port each, from PORT up), so the
# check takes about as long as its slowest copy on a machine with a core per copy.
# The working tree is never modified: each run happens in a temporary copy, removed afterwards.
# Usage: bin/check_removable.sh [domain...]   (PORT sets the first test server's port; default 3399)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
domains=("$@")
[ ${#domains[@]} -eq 0 ] && domains=(comments console sites)

copies=()
cleanup() { for copy in "${copies[@]}"; do rm -rf "$copy" "$copy.log" "$copy.status"; done; }
trap cleanup EXIT

# One domain's run, in the background: its exit status lands in "$copy.status".
run_without() {
  local domain=$1 copy=$2 port=$3 started
  started=$(date +%s)
  (cd "$copy" && PORT="$port" node ace test unit functional --tags="~@${domain}") >"$copy.log" 2>&1
  echo "$? $(($(date +%s) - started))" >"$copy.status"
}

status=0
index=0
for domain in "${domains[@]}"; do
  if ! grep -q "import('#${domain}/provider')" "$root/adonisrc.ts"; then
    echo "no provider line for '$domain' in adonisrc.ts"
    status=1
    continue
  fi
  copy=$(mktemp -d "${TMPDIR:-/tmp}/bindery-without-${domain}.XXXXXX")
  copies+=("$copy")
  # The tree as it is (tracked and new files), without dependencies, VCS data and local databases.
  tar -C "$root" --exclude=./node_modules --exclude=./.git --exclude=./tmp --exclude=./build \
    -cf - . | tar -C "$copy" -xf -
  ln -s "$root/node_modules" "$copy/node_modules"
  sed -i "/import('#${domain}\/provider')/d" "$copy/adonisrc.ts"
  rm -rf "$copy/tests/unit/$domain" "$copy/tests/functional/$domain" "$copy/tests/browser"
  run_without "$domain" "$copy" "$(( ${PORT:-3399} + index ))" &
  index=$((index + 1))
done
wait

for copy in "${copies[@]}"; do
  domain=$(basename "$copy" | sed -E 's/^bindery-without-(.*)\.[^.]+$/\1/')
  read -r result seconds <"$copy.status"
  printf '\n=== without %s\n' "$domain"
  # Japa's summary, and the title of every failed test with its first error line.
  grep -aE '^ *✖|ℹ |Tests +[0-9]|Time +[0-9]' "$copy.log" | head -n 80
  if [ "$result" -ne 0 ]; then
    cp "$copy.log" "${TMPDIR:-/tmp}/bindery-without-${domain}.log"
    echo "full log: ${TMPDIR:-/tmp}/bindery-without-${domain}.log"
    status=1
  fi
  echo "without $domain: exit $result in ${seconds}s"
done
exit $status
