#!/usr/bin/env bash
# Prints a bearer token of the local stack for a user id and roles:
#   deploy/token.sh alice                      no role
#   deploy/token.sh alice registrar instructor roles (the token's groups)
#   deploy/token.sh alice admin --ttl 30m      lifetime (default 8h; the services refuse over 24h)
#   deploy/token.sh --data DIR alice           the data folder of deploy/run.sh --data DIR
# Signed with the development key pair of the data folder (created here if deploy/run.sh has not
# run yet), aud trident; the services trust it only on the local stack (TRIDENT_AUTH_LOCAL_STACK=true).
#   TOKEN=$(deploy/token.sh alice registrar)
#   curl -H "Authorization: Bearer $TOKEN" localhost:8082/courses/cs101
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DATA_DIR="$ROOT/data"
if [ "${1:-}" = "--data" ]; then
  DATA_DIR=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2
fi
. "$ROOT/deploy/lib/data-dir.sh"
. "$ROOT/deploy/lib/dev-tokens.sh"
refuse_tracked_data_dir "$ROOT" "$DATA_DIR"
if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  sed -n 2,10p "$0" >&2; exit 2
fi
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java

if ! dev_tokens_built; then
  echo "building deploy/dynamodb-local (first run only) ..." >&2
  (cd "$ROOT" && ./mvnw -B -q -pl deploy/dynamodb-local install -DskipTests >&2)
fi
dev_tokens keys "$DATA_DIR/jwt" > /dev/null
dev_tokens mint "$DATA_DIR/jwt" "$@"
