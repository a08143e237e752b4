#!/usr/bin/env bash
# Checks that domains can be removed: for each domain named (default: comments, console), a copy of
# the tree without that domain's provider line in adonisrc.ts (and without the domain's own tests)
# boots and passes the unit and functional suites of the remaining domains on SQLite. Tests elsewhere
# that need the domain carry its tag (`@comments`, `@console`) and are left out with `--tags=~@<d>`.
# The working tree is never modified: each run happens in a temporary copy, removed afterwards.
# Usage: bin/check_removable.sh [domain...]   (PORT sets the test server's port; default 3399)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
domains=("$@")
[ ${#domains[@]} -eq 0 ] && domains=(comments console)

copies=()
cleanup() { for copy in "${copies[@]}"; do rm -rf "$copy"; done; }
trap cleanup EXIT

status=0
for domain in "${domains[@]}"; do
  printf '\n=== without %s\n' "$domain"
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
  started=$(date +%s)
  log="$copy.log"
  (cd "$copy" && PORT="${PORT:-3399}" node ace test unit functional --tags="~@${domain}") >"$log" 2>&1
  result=$?
  # Japa's summary, and the title of every failed test with its first error line.
  grep -aE '^ *✖|ℹ |Tests +[0-9]|Time +[0-9]' "$log" | head -n 80
  [ "$result" -ne 0 ] && echo "full log: $log"
  echo "without $domain: exit $result in $(($(date +%s) - started))s"
  [ "$result" -ne 0 ] && status=1
done
exit $status
