#!/usr/bin/env bash
# Prints a bearer token of the local stack for a user id and roles (options go anywhere):
#   deploy/token.sh ada                        no role
#   deploy/token.sh ada registrar instructor   roles (the token's groups): admin, instructor, registrar
#   deploy/token.sh ada admin --ttl 30m        lifetime (default 8h; the services refuse over 24h)
#   deploy/token.sh ada --data DIR registrar   the data folder of deploy/run.sh --data DIR
# The data folder is --data DIR, else TRIDENT_DATA_DIR, else the one of the deploy/run.sh that runs now from this
# checkout, else ./data. Signed with the development key pair of that folder (created here if deploy/run.sh has not
# run yet), aud trident; the services trust it only on the local stack (TRIDENT_AUTH_LOCAL_STACK=true) and dev mode.
#   TOKEN=$(deploy/token.sh ada registrar)
#   curl -H "Authorization: Bearer $TOKEN" localhost:8082/courses/cs101
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/deploy/lib/data-dir.sh"
. "$ROOT/deploy/lib/dev-tokens.sh"
# The roles the services check (service-support security.Caller); any other word is a typo that would mint a token
# without the intended role.
ROLES=(admin instructor registrar)

usage() { sed -n 2,11p "$0" >&2; exit 2; }
refuse() { echo "token.sh: $1 (try --help)" >&2; exit 2; }

DATA_DIR=""
ttl=()
positional=()
while [ $# -gt 0 ]; do
  case "$1" in
    --data)
      [ $# -ge 2 ] && [ -n "$2" ] || refuse "--data needs a folder"
      DATA_DIR=$(absolute_path "$2"); shift ;;
    --data=*) DATA_DIR=$(absolute_path "${1#--data=}") ;;
    --ttl)
      [ $# -ge 2 ] && [ -n "$2" ] || refuse "--ttl needs a duration like 30m"
      ttl=(--ttl "$2"); shift ;;
    --ttl=*) ttl=(--ttl "${1#--ttl=}") ;;
    -h|--help) usage ;;
    --) shift; positional+=("$@"); break ;;
    -*) refuse "unknown option: $1" ;;
    *) positional+=("$1") ;;
  esac
  shift
done
[ ${#positional[@]} -ge 1 ] || usage
user=${positional[0]}
roles=("${positional[@]:1}")
for role in "${roles[@]}"; do
  case " ${ROLES[*]} " in
    *" $role "*) ;;
    *) refuse "unknown role: $role (roles: ${ROLES[*]})" ;;
  esac
done

if [ -z "$DATA_DIR" ]; then
  if [ -n "${TRIDENT_DATA_DIR:-}" ]; then
    DATA_DIR=$(absolute_path "$TRIDENT_DATA_DIR")
  elif [ -n "$(stack_value "$ROOT" data)" ]; then
    DATA_DIR=$(stack_value "$ROOT" data)
    [ "$DATA_DIR" = "$ROOT/data" ] || echo "token.sh: the data folder of the running deploy/run.sh: $DATA_DIR" >&2
  else
    DATA_DIR="$ROOT/data"
  fi
fi
refuse_tracked_data_dir "$ROOT" "$DATA_DIR"
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java

if ! dev_tokens_built; then
  echo "building deploy/dynamodb-local (first run only) ..." >&2
  (cd "$ROOT" && ./mvnw -B -q -pl deploy/dynamodb-local install -DskipTests >&2)
fi
dev_tokens keys "$DATA_DIR/jwt" > /dev/null
dev_tokens mint "$DATA_DIR/jwt" "$user" "${roles[@]}" "${ttl[@]}"
