#!/usr/bin/env bash
# The whole Trident suite in containers on this machine:
#   deploy/containers.sh up        builds what is missing (engine, base image, images), starts DynamoDB Local and the
#                                  three services (8000, 8081-8083) and the explorer (8084); waits until all are ready
#   deploy/containers.sh test      end-to-end checks against the running containers; prints what it measured
#   deploy/containers.sh down      stops and removes the containers (and the engine, if `up` started one)
#   deploy/containers.sh status    what runs, health, memory
#   --data DIR                     the local stack's data folder (default ./data, as deploy/run.sh)
# The containers use host networking (deploy/compose/compose.host.yaml), listen on 127.0.0.1 only, and use the
# local stack's development key pair and cursor secret from the data folder, so `deploy/token.sh` tokens work as
# against deploy/run.sh. DynamoDB Local keeps its data on the volume trident_dynamodb-data (kept by `down`).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DATA_DIR="$ROOT/data"
COMMAND=${1:-}
[ $# -gt 0 ] && shift
while [ $# -gt 0 ]; do
  case "$1" in
    --data) DATA_DIR=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done
case "$COMMAND" in
  up|test|down|status) ;;
  *) sed -n 2,11p "$0" >&2; exit 2 ;;
esac

. "$ROOT/deploy/lib/data-dir.sh"
. "$ROOT/deploy/lib/dev-tokens.sh"
. "$ROOT/deploy/containers/engine.sh"
. "$ROOT/deploy/containers/images.sh"
refuse_tracked_data_dir "$ROOT" "$DATA_DIR"

JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
SERVICES=(social-service enrollment-service workspace-service explorer)
declare -A PORT_OF=([dynamodb]=8000 [social-service]=8081 [enrollment-service]=8082 [workspace-service]=8083
                    [explorer]=8084 [enrollment-service-2]=8085)
PROJECT=trident
COMPOSE_FILE="$ROOT/deploy/compose/compose.host.yaml"
# What `up` measured, for `test` to print again.
STATE_DIR="$DATA_DIR/containers"

compose() { docker-compose -p "$PROJECT" -f "$COMPOSE_FILE" "$@"; }

# quiet_compose ARGS...: compose, its progress lines shown only when it fails.
quiet_compose() {
  local log status=0
  log=$(mktemp)
  compose "$@" > "$log" 2>&1 || status=$?
  [ "$status" = 0 ] || cat "$log" >&2
  rm -f "$log"
  return "$status"
}

# The environment compose.host.yaml reads: the data folder (its jwt/ key pair) and the cursor secret.
export_compose_env() {
  export TRIDENT_DATA_DIR="$DATA_DIR"
  export TRIDENT_CURSOR_SECRETS="local:$(cat "$DATA_DIR/cursor.secret")"
}

now_ms() { echo $(($(date +%s%N) / 1000000)); }

is_ready() { # name
  case "$1" in
    dynamodb) curl -sS -o /dev/null --max-time 2 "http://127.0.0.1:8000" 2>/dev/null ;;
    *) curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:${PORT_OF[$1]}/q/health/ready" 2>/dev/null ;;
  esac
}

# wait_ready NAME...: waits until each answers ready; records the time from its container's start to ready.
wait_ready() {
  local name started_at start_ms ready_ms deadline=$((SECONDS + 180))
  for name in "$@"; do
    until is_ready "$name"; do
      if [ "$(docker inspect -f '{{.State.Status}}' "trident-$name" 2>/dev/null)" != running ] \
          && [ "$(docker inspect -f '{{.State.Restarting}}' "trident-$name" 2>/dev/null)" != true ]; then
        echo "trident-$name is not running:" >&2; docker logs --tail 30 "trident-$name" >&2 || true; return 1
      fi
      if [ $SECONDS -ge $deadline ]; then
        echo "trident-$name not ready after 180 s:" >&2; docker logs --tail 30 "trident-$name" >&2 || true; return 1
      fi
      sleep 0.1
    done
    ready_ms=$(now_ms)
    started_at=$(docker inspect -f '{{.State.StartedAt}}' "trident-$name")
    start_ms=$(($(date -d "$started_at" +%s%N) / 1000000))
    printf '%-22s %6d ms\n' "trident-$name" $((ready_ms - start_ms)) >> "$STATE_DIR/start-to-ready.txt"
  done
}

ports_free_or_ours() {
  local name port owner
  for name in dynamodb "${SERVICES[@]}"; do
    port=${PORT_OF[$name]}
    if ss -ltnH "sport = :$port" 2>/dev/null | grep -q .; then
      owner=$(docker inspect -f '{{.State.Running}}' "trident-$name" 2>/dev/null || echo false)
      if [ "$owner" != true ]; then
        echo "port $port is taken by another process (deploy/run.sh? stop it first): $(ss -ltnpH "sport = :$port")" >&2
        return 1
      fi
    fi
  done
}

# Jars and DynamoDB Local's classpath, as deploy/run.sh builds them when missing.
build_jars() {
  local missing=false s
  [ -f "$ROOT/deploy/dynamodb-local/target/classes/dev/trident/local/server.classpath" ] || missing=true
  dev_tokens_built || missing=true
  for s in "${SERVICES[@]}"; do
    [ -f "$ROOT/$s/target/quarkus-app/quarkus-run.jar" ] || missing=true
    # The images' JVM options and AOT training script, which the build copies next to the jars.
    [ -f "$ROOT/$s/target/container/jvm-options" ] || missing=true
  done
  if $missing; then
    echo "building the jars (first run only) ..."
    (cd "$ROOT" && ./mvnw -B -q install -DskipTests)
  fi
}

# The local stack's secrets, created as deploy/run.sh creates them when this data folder has none yet.
ensure_local_secrets() {
  mkdir -p "$DATA_DIR"
  if [ ! -s "$DATA_DIR/cursor.secret" ]; then
    (umask 077; head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$DATA_DIR/cursor.secret")
  fi
  dev_tokens keys "$DATA_DIR/jwt" > /dev/null
}

print_image_sizes() {
  echo "images:"
  docker image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | awk '/^trident\// { printf "  %-34s %s\n", $1, $2 }' | sort
}

cmd_up() {
  local started=$SECONDS
  engine_start
  ports_free_or_ours
  build_jars
  ensure_local_secrets
  build_images "${SERVICES[@]}"
  export_compose_env
  mkdir -p "$STATE_DIR"
  : > "$STATE_DIR/start-to-ready.txt"
  # Services wait for DynamoDB Local's health check, then start together and create the table (safe when they race).
  quiet_compose up -d --remove-orphans
  wait_ready dynamodb "${SERVICES[@]}"
  cat <<TXT

Trident runs in containers (up in $((SECONDS - started)) s). Data: volume ${PROJECT}_dynamodb-data; keys: $DATA_DIR
  DynamoDB Local      http://127.0.0.1:8000
  social-service      http://127.0.0.1:8081
  enrollment-service  http://127.0.0.1:8082
  workspace-service   http://127.0.0.1:8083
  explorer            http://127.0.0.1:8084/#entity=course&id=cs101  (sign in: deploy/token.sh you admin | xclip -selection clipboard, then paste)
start to ready:
$(sed 's/^/  /' "$STATE_DIR/start-to-ready.txt")
A token: TOKEN=\$(deploy/token.sh alice registrar); curl -H "Authorization: Bearer \$TOKEN" ...
deploy/containers.sh test runs the checks; deploy/containers.sh down stops it all.
TXT
}

# The explorer's container: its page for anyone, its API only with an admin token from the local stack's key pair.
explorer_answers() {
  local base=http://127.0.0.1:${PORT_OF[explorer]} code
  code=$(curl -s -o /dev/null -w '%{http_code}' "$base/")
  [ "$code" = 200 ] || { echo "explorer: GET / answered $code, not 200" >&2; return 1; }
  code=$(curl -s -o /dev/null -w '%{http_code}' "$base/api/entities")
  [ "$code" = 401 ] || { echo "explorer: GET /api/entities without a token answered $code, not 401" >&2; return 1; }
  code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $("$ROOT/deploy/token.sh" --data "$DATA_DIR" \
    explorer-check admin)" "$base/api/entities")
  [ "$code" = 200 ] || { echo "explorer: GET /api/entities with an admin token answered $code, not 200" >&2; return 1; }
  echo "explorer: page 200, API 401 without a token, 200 with an admin token"
}

cmd_test() {
  engine_connect || { echo "no container engine: run deploy/containers.sh up first" >&2; exit 1; }
  local name
  for name in dynamodb "${SERVICES[@]}"; do
    is_ready "$name" || { echo "trident-$name is not ready: run deploy/containers.sh up first" >&2; exit 1; }
  done
  export_compose_env
  mkdir -p "$STATE_DIR"
  explorer_answers
  # A second enrollment-service on 8085 for the race; removed again whatever the tests do.
  trap 'quiet_compose --profile replica rm -f -s enrollment-service-2 || true' EXIT
  quiet_compose --profile replica up -d --no-deps enrollment-service-2
  wait_ready enrollment-service-2
  local report="$STATE_DIR/measurements.txt"
  : > "$report"
  # The checks are JUnit tests in deploy/container-tests (they reuse test-support's PackagedServiceContract); they
  # find the containers through these properties and are skipped in a plain ./mvnw verify, which has none.
  (cd "$ROOT" && ./mvnw -B -q verify -pl deploy/container-tests -am \
    -Dtest='dev.trident.containers.**' -Dsurefire.failIfNoSpecifiedTests=false -DskipITs \
    -Dtrident.containers.social-url=http://127.0.0.1:8081 \
    -Dtrident.containers.enrollment-url=http://127.0.0.1:8082 \
    -Dtrident.containers.enrollment-replica-url=http://127.0.0.1:8085 \
    -Dtrident.containers.workspace-url=http://127.0.0.1:8083 \
    -Dtrident.containers.jwt-folder="$DATA_DIR/jwt" \
    -Dtrident.containers.report="$report")
  echo
  echo "measured:"
  print_image_sizes
  echo "start to ready (deploy/containers.sh up, and the replica):"
  sed 's/^/  /' "$STATE_DIR/start-to-ready.txt"
  sed 's/^/  /' "$report"
}

cmd_down() {
  if engine_connect; then
    export TRIDENT_DATA_DIR="$DATA_DIR" TRIDENT_CURSOR_SECRETS=unused
    quiet_compose --profile replica down --remove-orphans
  fi
  engine_stop
  local port
  for port in 8000 8081 8082 8083 8084 8085; do
    if ss -ltnH "sport = :$port" 2>/dev/null | grep -q .; then
      echo "port $port is still taken: $(ss -ltnpH "sport = :$port")" >&2
    fi
  done
}

cmd_status() {
  if ! engine_connect; then
    echo "no container engine answers"; return 0
  fi
  [ -n "$(private_engine_pid)" ] && echo "engine: private (pid $(private_engine_pid), $DOCKER_HOST)" || echo "engine: ${DOCKER_HOST:-default}"
  docker ps -a --filter "label=com.docker.compose.project=$PROJECT" \
    --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}'
  local ids
  ids=$(docker ps -q --filter "label=com.docker.compose.project=$PROJECT")
  [ -z "$ids" ] || docker stats --no-stream --format 'table {{.Name}}\t{{.MemUsage}}\t{{.CPUPerc}}' $ids
  print_image_sizes
}

"cmd_$COMMAND"
