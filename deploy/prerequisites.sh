#!/usr/bin/env bash
# Installs the operating-system packages the tests need and a fresh Debian machine lacks: a container
# engine and compose (deploy/containers.sh), debootstrap (its base image, built from Debian's own packages
# because no image registry may be reachable), Chromium with its WebDriver (the explorer's browser test) and jq
# (the README tour, run by deploy/checks' RunScriptTest).
# Maven 3.9 comes through ./mvnw and DynamoDB Local through Maven. Idempotent: installs only what is missing.
#   deploy/prerequisites.sh            what the tests need
#   deploy/prerequisites.sh wrk ...    only these tools, each from the package of the same name (the benchmarks)
set -euo pipefail

missing=()
need() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || missing+=("$2"); }
if [ $# -gt 0 ]; then
  for tool in "$@"; do need "$tool" "$tool"; done
else
  need dockerd docker.io
  need docker-compose docker-compose
  need debootstrap debootstrap
  need chromium chromium
  need chromedriver chromium-driver
  need jq jq
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "prerequisites: missing ${missing[*]}; install them with your package manager (needs root)" >&2
  exit 1
fi
echo "prerequisites: installing ${missing[*]} ..." >&2
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } > "$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
rm -f "$log"
