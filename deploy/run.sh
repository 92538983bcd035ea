#!/usr/bin/env bash
# Starts the whole Trident suite locally on the embedded DynamoDB Local:
#   deploy/run.sh               data kept under ./data (a second run finds the first run's data)
#   deploy/run.sh --in-memory   nothing kept
#   deploy/run.sh --data DIR    data kept under DIR (outside the checkout, or a folder git ignores)
# Builds what is missing, creates the table, starts the three services, waits until all are
# ready, prints the URLs, and stops everything it started on Ctrl-C or SIGTERM. Everything listens
# on 127.0.0.1 only; BIND_HOST=0.0.0.0 opens it to the network.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DATA_DIR="$ROOT/data"
IN_MEMORY=false
while [ $# -gt 0 ]; do
  case "$1" in
    --in-memory) IN_MEMORY=true ;;
    --data) DATA_DIR=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift ;;
    -h|--help) sed -n 2,9p "$0"; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done

# The data folder holds the development private key: never one git would commit.
. "$ROOT/deploy/lib/data-dir.sh"
refuse_tracked_data_dir "$ROOT" "$DATA_DIR"

# DynamoDB Local and the services listen on BIND_HOST only (the images and Kubernetes pods listen on 0.0.0.0 inside
# their own network namespace instead); clients here reach them at CONNECT_HOST.
BIND_HOST=${BIND_HOST:-127.0.0.1}
case "$BIND_HOST" in
  0.0.0.0) CONNECT_HOST=127.0.0.1 ;;
  *) CONNECT_HOST=$BIND_HOST ;;
esac
DYNAMODB_PORT=${DYNAMODB_PORT:-8000}
SOCIAL_PORT=${SOCIAL_PORT:-8081}
ENROLLMENT_PORT=${ENROLLMENT_PORT:-8082}
WORKSPACE_PORT=${WORKSPACE_PORT:-8083}
SERVICES=(social-service enrollment-service workspace-service)
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
START=$(date +%s%N)

mkdir -p "$DATA_DIR/logs"

# 1. Build what is missing.
missing=false
[ -f "$ROOT/deploy/dynamodb-local/target/classes/dev/trident/local/server.classpath" ] || missing=true
[ -f "$ROOT/deploy/dynamodb-local/target/classes/dev/trident/local/DevTokens.class" ] || missing=true
for s in "${SERVICES[@]}"; do
  [ -f "$ROOT/$s/target/quarkus-app/quarkus-run.jar" ] || missing=true
done
if $missing; then
  echo "building (first run only) ..."
  (cd "$ROOT" && ./mvnw -B -q install -DskipTests)
fi

# 2. A cursor-signing secret for this data folder (never committed).
if [ ! -s "$DATA_DIR/cursor.secret" ]; then
  (umask 077; head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$DATA_DIR/cursor.secret")
fi

# 3. The development key pair for bearer tokens (never committed; deploy/token.sh mints with it).
"$JAVA" -cp "$ROOT/deploy/dynamodb-local/target/classes" dev.trident.local.DevTokens keys "$DATA_DIR/jwt" > /dev/null

PIDS=()
stop_all() {
  # Whoever read our output may be gone already (a closed pipe, a killed `| tee`): a SIGPIPE on the message below
  # must not end this script before it has stopped everything it started.
  trap '' PIPE
  trap - INT TERM EXIT
  if [ ${#PIDS[@]} -gt 0 ]; then
    { echo; echo "stopping ..."; } 2>/dev/null || true
    kill "${PIDS[@]}" 2>/dev/null || true
    wait "${PIDS[@]}" 2>/dev/null || true
  fi
}
trap 'stop_all; exit 130' INT
trap 'stop_all; exit 143' TERM
trap stop_all EXIT

# 4. DynamoDB Local, in its own JVM with its own classpath.
if $IN_MEMORY; then ddb_args=(--in-memory); else ddb_args=(--db-path "$DATA_DIR/dynamodb"); fi
"$JAVA" -cp "$ROOT/deploy/dynamodb-local/target/classes" dev.trident.local.DynamoDbLocal \
  --host "$BIND_HOST" --port "$DYNAMODB_PORT" "${ddb_args[@]}" > "$DATA_DIR/logs/dynamodb-local.log" 2>&1 &
PIDS+=($!)

wait_for() { # url, pid, what
  for _ in $(seq 1 600); do
    if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
    kill -0 "$2" 2>/dev/null || { echo "$3 exited; see $DATA_DIR/logs" >&2; return 1; }
    sleep 0.2
  done
  echo "$3 not ready after 120 s; see $DATA_DIR/logs" >&2; return 1
}
for _ in $(seq 1 300); do
  grep -q "ready at" "$DATA_DIR/logs/dynamodb-local.log" 2>/dev/null && break
  kill -0 "${PIDS[0]}" 2>/dev/null || { cat "$DATA_DIR/logs/dynamodb-local.log" >&2; exit 1; }
  sleep 0.1
done

# 5. The three services; each creates the table if it is missing (safe when all race).
export QUARKUS_HTTP_HOST="$BIND_HOST"
# Swagger UI is off in production; the local stack serves it at /q/swagger-ui.
export QUARKUS_SWAGGER_UI_ENABLED=true
export QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE="http://$CONNECT_HOST:$DYNAMODB_PORT"
export QUARKUS_DYNAMODB_AWS_REGION=${AWS_REGION:-us-east-1}
export QUARKUS_DYNAMODB_AWS_CREDENTIALS_TYPE=static
export QUARKUS_DYNAMODB_AWS_CREDENTIALS_STATIC_PROVIDER_ACCESS_KEY_ID=local
export QUARKUS_DYNAMODB_AWS_CREDENTIALS_STATIC_PROVIDER_SECRET_ACCESS_KEY=local
export TRIDENT_TABLE_BOOTSTRAP=true
export TRIDENT_CURSOR_SECRETS="local:$(cat "$DATA_DIR/cursor.secret")"
# Tokens of the development issuer, trusted here only because this is the local stack.
export TRIDENT_JWT_PUBLIC_KEY_LOCATION="file:$DATA_DIR/jwt/dev-public.pem"
export TRIDENT_JWT_ISSUER="https://trident.local/dev"
export TRIDENT_JWT_AUDIENCE=trident
export TRIDENT_AUTH_LOCAL_STACK=true
export SOCIAL_SERVICE_URL="http://$CONNECT_HOST:$SOCIAL_PORT"
export WORKSPACE_SERVICE_URL="http://$CONNECT_HOST:$WORKSPACE_PORT"

declare -A PORT_OF=([social-service]=$SOCIAL_PORT [enrollment-service]=$ENROLLMENT_PORT [workspace-service]=$WORKSPACE_PORT)
declare -A PID_OF=()
for s in "${SERVICES[@]}"; do
  QUARKUS_HTTP_PORT=${PORT_OF[$s]} "$JAVA" ${TRIDENT_JAVA_OPTS:-} -jar "$ROOT/$s/target/quarkus-app/quarkus-run.jar" \
    > "$DATA_DIR/logs/$s.log" 2>&1 &
  PIDS+=($!)
  PID_OF[$s]=$!
done
for s in "${SERVICES[@]}"; do
  wait_for "http://$CONNECT_HOST:${PORT_OF[$s]}/q/health/ready" "${PID_OF[$s]}" "$s"
done

elapsed=$(( ($(date +%s%N) - START) / 1000000 ))
cat <<TXT

Trident is up (${elapsed} ms). Data: $($IN_MEMORY && echo "in memory" || echo "$DATA_DIR")
  DynamoDB Local      http://$CONNECT_HOST:$DYNAMODB_PORT
  social-service      http://$CONNECT_HOST:$SOCIAL_PORT      (Swagger UI: /q/swagger-ui)
  enrollment-service  http://$CONNECT_HOST:$ENROLLMENT_PORT
  workspace-service   http://$CONNECT_HOST:$WORKSPACE_PORT
Logs in $DATA_DIR/logs. Ctrl-C stops everything.
A token: TOKEN=\$(deploy/token.sh alice registrar); curl -H "Authorization: Bearer \$TOKEN" ...
TXT

# Stay up until interrupted or until any process dies.
while true; do
  for pid in "${PIDS[@]}"; do
    kill -0 "$pid" 2>/dev/null || { echo "a process exited (pid $pid); see $DATA_DIR/logs" >&2; exit 1; }
  done
  sleep 1
done
