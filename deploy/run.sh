#!/usr/bin/env bash
# Starts the whole Trident suite locally on the embedded DynamoDB Local:
#   deploy/run.sh                  data kept under ./data (a second run finds the first run's data)
#   deploy/run.sh --in-memory      nothing kept
#   deploy/run.sh --data DIR       data kept under DIR (outside the checkout, or a folder git ignores);
#                                  TRIDENT_DATA_DIR=DIR does the same
#   deploy/run.sh --only-dynamodb  DynamoDB Local alone, for dev mode: on port 8100 (the %dev endpoint), data
#                                  under the data folder as above (docs/development.md, "Dev mode for one service")
# Refuses to start when a port it needs is taken ("port N in use"): DYNAMODB_PORT (8000), SOCIAL_PORT (8081),
# ENROLLMENT_PORT (8082), WORKSPACE_PORT (8083), EXPLORER_PORT (8084). Builds what is missing, creates the table,
# starts the three services and the explorer, waits until all are ready, prints the URLs and the token command for
# its data folder, starts again any process that dies (after a back-off of 1 s doubling up to 30 s), and stops
# everything it started on Ctrl-C or SIGTERM. Everything listens on 127.0.0.1 only; BIND_HOST=0.0.0.0 opens it to
# the network.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/deploy/lib/data-dir.sh"
DATA_DIR=$(absolute_path "${TRIDENT_DATA_DIR:-$ROOT/data}")
IN_MEMORY=false
ONLY_DYNAMODB=false
while [ $# -gt 0 ]; do
  case "$1" in
    --in-memory) IN_MEMORY=true ;;
    --only-dynamodb) ONLY_DYNAMODB=true ;;
    --data)
      [ $# -ge 2 ] && [ -n "$2" ] || { echo "--data needs a folder (try --help)" >&2; exit 2; }
      DATA_DIR=$(absolute_path "$2"); shift ;;
    --data=*) DATA_DIR=$(absolute_path "${1#--data=}") ;;
    -h|--help) sed -n 2,14p "$0"; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done

# The data folder holds the development private key: never one git would commit.
. "$ROOT/deploy/lib/dev-tokens.sh"
. "$ROOT/deploy/lib/ports.sh"
refuse_tracked_data_dir "$ROOT" "$DATA_DIR"

# DynamoDB Local and the services listen on BIND_HOST only (the images and Kubernetes pods listen on 0.0.0.0 inside
# their own network namespace instead); clients here reach them at CONNECT_HOST.
BIND_HOST=${BIND_HOST:-127.0.0.1}
case "$BIND_HOST" in
  0.0.0.0) CONNECT_HOST=127.0.0.1 ;;
  *) CONNECT_HOST=$BIND_HOST ;;
esac
# Dev mode's own DynamoDB Local port (the %dev endpoint in dynamo-support's microprofile-config.properties), apart
# from the suite's 8000 so that dev mode never works on the suite's table.
DEV_DYNAMODB_PORT=8100
if $ONLY_DYNAMODB; then
  DYNAMODB_PORT=${DYNAMODB_PORT:-$DEV_DYNAMODB_PORT}
  SERVICES=()
else
  DYNAMODB_PORT=${DYNAMODB_PORT:-8000}
  SERVICES=(social-service enrollment-service workspace-service explorer)
fi
SOCIAL_PORT=${SOCIAL_PORT:-8081}
ENROLLMENT_PORT=${ENROLLMENT_PORT:-8082}
WORKSPACE_PORT=${WORKSPACE_PORT:-8083}
EXPLORER_PORT=${EXPLORER_PORT:-8084}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
START=$(date +%s%N)

# 0. Every port is ours before anything starts: a server already listening there would otherwise answer in place of
# ours (the services would create the table in a stranger's DynamoDB, or a check would find a stranger ready).
declare -A PORT_NAME=([$DYNAMODB_PORT]=DYNAMODB_PORT)
if ! $ONLY_DYNAMODB; then
  for named in SOCIAL_PORT ENROLLMENT_PORT WORKSPACE_PORT EXPLORER_PORT; do
    if [ -n "${PORT_NAME[${!named}]:-}" ]; then
      echo "port ${!named} given twice (${PORT_NAME[${!named}]} and $named)" >&2; exit 1
    fi
    PORT_NAME[${!named}]=$named
  done
fi
busy=false
for port in $(printf '%s\n' "${!PORT_NAME[@]}" | sort -n); do
  if port_in_use "$CONNECT_HOST" "$port"; then
    echo "port $port in use (${PORT_NAME[$port]}): something already listens on $CONNECT_HOST:$port; stop it or" \
         "choose another port, e.g. ${PORT_NAME[$port]}=$((port + 1000)) deploy/run.sh" >&2
    busy=true
  fi
done
if $busy; then
  echo "nothing started" >&2
  exit 1
fi

mkdir -p "$DATA_DIR/logs"

# 1. Build what is missing.
missing=false
[ -f "$ROOT/deploy/dynamodb-local/target/classes/dev/trident/local/server.classpath" ] || missing=true
dev_tokens_built || missing=true
for s in "${SERVICES[@]}"; do
  [ -f "$ROOT/$s/target/quarkus-app/quarkus-run.jar" ] || missing=true
done
if $missing; then
  echo "building (first run only) ..."
  if $ONLY_DYNAMODB; then
    (cd "$ROOT" && ./mvnw -B -q -pl deploy/dynamodb-local -am install -DskipTests)
  else
    (cd "$ROOT" && ./mvnw -B -q install -DskipTests)
  fi
fi

# 2. A cursor-signing secret for this data folder (never committed).
if [ ! -s "$DATA_DIR/cursor.secret" ]; then
  (umask 077; head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$DATA_DIR/cursor.secret")
fi

# 3. The development key pair for bearer tokens (never committed; deploy/token.sh mints with it).
dev_tokens keys "$DATA_DIR/jwt" > /dev/null

# Every process this script starts, by name; the supervision below (step 6) starts a process again under the same name.
PROCESSES=(dynamodb-local "${SERVICES[@]}")
declare -A PID_OF=() STARTED_AT=()
stop_all() {
  # Whoever read our output may be gone already (a closed pipe, a killed `| tee`): a SIGPIPE on the message below
  # must not end this script before it has stopped everything it started.
  trap '' PIPE
  trap - INT TERM EXIT
  forget_stack "$ROOT" "$DATA_DIR"
  # The processes by name, and any job a signal caught between its start and the bookkeeping of its pid.
  local pids=("${PID_OF[@]}")
  pids+=($(jobs -p))
  if [ ${#pids[@]} -gt 0 ]; then
    { echo; echo "stopping ..."; } 2>/dev/null || true
    kill "${pids[@]}" 2>/dev/null || true
    wait "${pids[@]}" 2>/dev/null || true
  fi
}
trap 'stop_all; exit 130' INT
trap 'stop_all; exit 143' TERM
trap stop_all EXIT

declare -A PORT_OF=([social-service]=$SOCIAL_PORT [enrollment-service]=$ENROLLMENT_PORT [workspace-service]=$WORKSPACE_PORT
  [explorer]=$EXPLORER_PORT)
if $IN_MEMORY; then ddb_args=(--in-memory); else ddb_args=(--db-path "$DATA_DIR/dynamodb"); fi

# start_process NAME [again]: starts DynamoDB Local or a service in the background, its output in logs/NAME.log
# (kept and marked when started again, so the log still shows why it stopped).
start_process() {
  local name=$1 log="$DATA_DIR/logs/$1.log"
  if [ "${2:-}" = again ]; then
    echo "=== started again by deploy/run.sh at $(date '+%F %T') ===" >> "$log"
  else
    : > "$log"
  fi
  case "$name" in
    dynamodb-local)
      # DynamoDB Local in its own JVM with its own classpath; its server process ends with this launcher.
      "$JAVA" -cp "$ROOT/deploy/dynamodb-local/target/classes" dev.trident.local.DynamoDbLocal \
        --host "$BIND_HOST" --port "$DYNAMODB_PORT" "${ddb_args[@]}" >> "$log" 2>&1 &
      ;;
    *)
      QUARKUS_HTTP_PORT=${PORT_OF[$name]} "$JAVA" ${TRIDENT_JAVA_OPTS:-} \
        -jar "$ROOT/$name/target/quarkus-app/quarkus-run.jar" >> "$log" 2>&1 &
      ;;
  esac
  PID_OF[$name]=$!
  STARTED_AT[$name]=$SECONDS
}

# is_ready NAME: DynamoDB Local answers HTTP at all (it says 400 to a bare GET); a service's readiness check is 200.
is_ready() {
  case "$1" in
    dynamodb-local) curl -sS -o /dev/null --max-time 2 "http://$CONNECT_HOST:$DYNAMODB_PORT" 2>/dev/null ;;
    *) curl -fsS -o /dev/null --max-time 2 "http://$CONNECT_HOST:${PORT_OF[$1]}/q/health/ready" 2>/dev/null ;;
  esac
}

wait_for() { # name
  for _ in $(seq 1 600); do
    if is_ready "$1"; then return 0; fi
    kill -0 "${PID_OF[$1]}" 2>/dev/null || { echo "$1 exited; see $DATA_DIR/logs/$1.log" >&2; return 1; }
    sleep 0.2
  done
  echo "$1 not ready after 120 s; see $DATA_DIR/logs" >&2; return 1
}

# 4. DynamoDB Local.
start_process dynamodb-local
for _ in $(seq 1 300); do
  grep -q "ready at" "$DATA_DIR/logs/dynamodb-local.log" 2>/dev/null && break
  kill -0 "${PID_OF[dynamodb-local]}" 2>/dev/null || { cat "$DATA_DIR/logs/dynamodb-local.log" >&2; exit 1; }
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

for s in "${SERVICES[@]}"; do
  start_process "$s"
done
# A process that fails before the suite is first up is a broken setup (a taken port, a bad build): that stops the run.
for s in "${SERVICES[@]}"; do
  wait_for "$s"
done

# While this runs, deploy/token.sh finds its data folder and deploy/seed.sh its services (dev mode's with
# --only-dynamodb); forgotten again on stop.
if $ONLY_DYNAMODB; then
  remember_stack "$ROOT" "$DATA_DIR" http://localhost:8181 http://localhost:8182 http://localhost:8183
else
  remember_stack "$ROOT" "$DATA_DIR" "http://$CONNECT_HOST:$SOCIAL_PORT" "http://$CONNECT_HOST:$ENROLLMENT_PORT" \
    "http://$CONNECT_HOST:$WORKSPACE_PORT"
fi
elapsed=$(( ($(date +%s%N) - START) / 1000000 ))
token_command="deploy/token.sh --data $(printf '%q' "$DATA_DIR") ada registrar"
if $ONLY_DYNAMODB; then
  # Dev mode reads DynamoDB Local at localhost:8100 and the public key of ./data; anything else is said here.
  dev_env=""
  [ "$DYNAMODB_PORT" = "$DEV_DYNAMODB_PORT" ] ||
    dev_env+="QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE=http://$CONNECT_HOST:$DYNAMODB_PORT "
  [ "$DATA_DIR" = "$ROOT/data" ] ||
    dev_env+="TRIDENT_JWT_PUBLIC_KEY_LOCATION=file:$(printf '%q' "$DATA_DIR/jwt/dev-public.pem") "
  cat <<TXT

DynamoDB Local is up for dev mode (${elapsed} ms) at http://$CONNECT_HOST:$DYNAMODB_PORT. Data: $($IN_MEMORY && echo "in memory" || echo "$DATA_DIR")
Dev mode, in another terminal (social-service on 8181, enrollment-service 8182, workspace-service 8183):
  ./mvnw -B -pl service-support -am install -DskipTests     (once: the modules the services build against)
  ${dev_env}./mvnw -pl social-service quarkus:dev
A token: TOKEN=\$($token_command); curl -H "Authorization: Bearer \$TOKEN" ...
Logs in $DATA_DIR/logs. Ctrl-C stops it. If it dies it is started again.
TXT
else
  cat <<TXT

Trident is up (${elapsed} ms). Data: $($IN_MEMORY && echo "in memory" || echo "$DATA_DIR")
  DynamoDB Local      http://$CONNECT_HOST:$DYNAMODB_PORT
  social-service      http://$CONNECT_HOST:$SOCIAL_PORT      (Swagger UI: /q/swagger-ui)
  enrollment-service  http://$CONNECT_HOST:$ENROLLMENT_PORT
  workspace-service   http://$CONNECT_HOST:$WORKSPACE_PORT
  explorer            http://$CONNECT_HOST:$EXPLORER_PORT/#entity=user&id=ada   (role admin; paste a token into
                      its sign-in field: deploy/token.sh --data $(printf '%q' "$DATA_DIR") ada admin | xclip -selection clipboard)
Logs in $DATA_DIR/logs. Ctrl-C stops everything. A process that dies is started again.
A token: TOKEN=\$($token_command); curl -H "Authorization: Bearer \$TOKEN" ...
Sample data: deploy/seed.sh
TXT
fi

# 6. Supervision until Ctrl-C or SIGTERM: a process that exits is reported and started again after a back-off that
# doubles with every exit in a row (RESTART_DELAY_FIRST, 1 s, up to RESTART_DELAY_MAX, 30 s) and starts over once
# the process has stayed up RESTART_STABLE_AFTER seconds (60), so one crash is not an outage and a crash loop does
# not spin. DynamoDB Local keeps its data across a restart when it has a data folder; in memory, a restart loses
# every table and item, and the services are started again after it so that they create the table again.
RESTART_DELAY_FIRST=${RESTART_DELAY_FIRST:-1}
RESTART_DELAY_MAX=${RESTART_DELAY_MAX:-30}
RESTART_STABLE_AFTER=${RESTART_STABLE_AFTER:-60}
declare -A STATE=() DELAY=() RESTART_AT=() RESTARTS=() RESTARTED_NS=()
for name in "${PROCESSES[@]}"; do
  STATE[$name]=up; DELAY[$name]=$RESTART_DELAY_FIRST; RESTARTS[$name]=0
done

# how_it_ended STATUS: bash's exit status of a process in words.
how_it_ended() {
  if [ "$1" -gt 128 ]; then
    echo "killed by SIG$(kill -l $(($1 - 128)) 2>/dev/null || echo "nal $(($1 - 128))")"
  else
    echo "exit code $1"
  fi
}

restart_now() { # name reason
  RESTARTS[$1]=$((${RESTARTS[$1]} + 1))
  echo "starting $1 again (restart ${RESTARTS[$1]}${2:+, $2}) ..."
  start_process "$1" again
  STATE[$1]=starting; RESTARTED_NS[$1]=$(date +%s%N)
}

while true; do
  for name in "${PROCESSES[@]}"; do
    case "${STATE[$name]}" in
      up|starting)
        pid=${PID_OF[$name]}
        if ! kill -0 "$pid" 2>/dev/null; then
          status=0; wait "$pid" 2>/dev/null || status=$?
          lived=$((SECONDS - ${STARTED_AT[$name]}))
          [ "$lived" -lt "$RESTART_STABLE_AFTER" ] || DELAY[$name]=$RESTART_DELAY_FIRST
          delay=${DELAY[$name]}
          echo "$name exited ($(how_it_ended "$status"), pid $pid, after ${lived} s; see $DATA_DIR/logs/$name.log);" \
               "starting it again in ${delay} s" >&3
          RESTART_AT[$name]=$((SECONDS + delay))
          DELAY[$name]=$(( delay * 2 < RESTART_DELAY_MAX ? delay * 2 : RESTART_DELAY_MAX ))
          STATE[$name]=waiting
        elif [ "${STATE[$name]}" = starting ] && is_ready "$name"; then
          STATE[$name]=up
          echo "$name is back: ready $(( ($(date +%s%N) - ${RESTARTED_NS[$name]}) / 1000000 )) ms after its restart"
          if [ "$name" = dynamodb-local ] && $IN_MEMORY; then
            echo "DynamoDB Local runs in memory: its restart lost every table and item; starting the services again" \
                 "so that they create the table"
            for s in "${SERVICES[@]}"; do
              if [ "${STATE[$s]}" != waiting ]; then
                kill "${PID_OF[$s]}" 2>/dev/null || true
                wait "${PID_OF[$s]}" 2>/dev/null || true
              fi
              restart_now "$s" "DynamoDB Local lost its data"
            done
          fi
        fi
        ;;
      waiting)
        [ "$SECONDS" -lt "${RESTART_AT[$name]}" ] || restart_now "$name"
        ;;
    esac
  done
  sleep 0.5
# Bash's own report of a job killed by a signal (its whole command line) is dropped: the line above says it.
done 3>&2 2>/dev/null
