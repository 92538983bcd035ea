#!/usr/bin/env bash
# A bounded chaos test of the three services, one command:
#   deploy/chaos.sh [--duration SECONDS] [--seed N] [--clients N] [--warm-up SECONDS] [--answer-limit-ms MS]
# Starts a scratch stack of its own (an in-memory DynamoDB Local and the three services' packaged jars, on free
# loopback ports, with a development key pair of this run), then runs --clients concurrent clients (default 8) on
# every route of the three services, over small pools of ids so that ids are deleted and created again while others
# use them: --warm-up seconds (default 10) without faults while the services' JIT warms up (those answers are not
# timed), then --duration seconds (default 120) while it injects faults: DynamoDB Local frozen (SIGSTOP, 1-4 s)
# about every 8 s, and one service killed (SIGKILL) and started again about every 25 s. Afterwards it resumes
# everything, waits (60 s at most) for the pending work to drain, runs deploy/audit.sh on the table, and checks the
# history of every request (deploy/chaos, dev.trident.chaos.Check): only 503s (numeric Retry-After, problem+json) as
# 5xx, no answer later than 2.5 s plus --answer-limit-ms's slack (default 3500 ms in all), every acknowledged create
# still there unless a deletion came after it, nothing of an id whose every create was refused. Prints the counts
# and every violation; exits 1 on any. --seed (default: a new one, printed) replays a run's random choices (the
# clients' and the faults'; the services' timing differs). Data and logs: data/chaos/run-<timestamp>/.
# Needs the services' jars and deploy/chaos built (./mvnw -B package -DskipTests); builds what is missing.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DURATION=120
SEED=
CLIENTS=8
WARM_UP=10
ANSWER_LIMIT_MS=3500
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift ;;
    --seed) SEED=$2; shift ;;
    --clients) CLIENTS=$2; shift ;;
    --warm-up) WARM_UP=$2; shift ;;
    --answer-limit-ms) ANSWER_LIMIT_MS=$2; shift ;;
    -h|--help) sed -n 2,17p "$0"; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
for n in "$DURATION" "$CLIENTS" "$ANSWER_LIMIT_MS"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "--duration, --clients and --answer-limit-ms take positive whole numbers" >&2; exit 2; }
done
[[ "$WARM_UP" =~ ^[0-9]+$ ]] || { echo "--warm-up takes a whole number" >&2; exit 2; }
[ -n "$SEED" ] || SEED=$(( $(date +%s) % 1000000 ))
[[ "$SEED" =~ ^[0-9]+$ ]] || { echo "--seed takes a whole number" >&2; exit 2; }

HOST=127.0.0.1
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
SERVICES=(social-service enrollment-service workspace-service)
TABLE=${TRIDENT_TABLE_NAME:-trident}
STAMP=$(date -u +%Y%m%d-%H%M%S)
RUN_DIR="$ROOT/data/chaos/run-$STAMP"
HISTORY="$RUN_DIR/history.tsv"
FAULTS="$RUN_DIR/faults.log"
mkdir -p "$RUN_DIR/logs"
echo "chaos: seed $SEED, $DURATION s, $CLIENTS clients; run folder ${RUN_DIR#"$ROOT"/}"

# 1. What it runs: the services' jars, the launcher and token minter, the harness.
HARNESS="$ROOT/deploy/chaos/target"
missing=false
for s in "${SERVICES[@]}"; do [ -f "$ROOT/$s/target/quarkus-app/quarkus-run.jar" ] || missing=true; done
[ -f "$ROOT/deploy/dynamodb-local/target/classes/dev/trident/local/server.classpath" ] || missing=true
[ -f "$HARNESS/classes/dev/trident/chaos/Chaos.class" ] && [ -d "$HARNESS/lib" ] || missing=true
if $missing; then
  echo "building the services and deploy/chaos ..."
  (cd "$ROOT" && ./mvnw -B -q package -DskipTests \
    -pl social-service,enrollment-service,workspace-service,deploy/chaos -am)
fi
HARNESS_CP="$HARNESS/classes:$HARNESS/lib/*"

# 2. Free loopback ports: DynamoDB Local on BASE, the services on BASE+1..3.
. "$ROOT/deploy/lib/ports.sh"
for _ in $(seq 1 50); do
  BASE=$(( 20000 + RANDOM % 20000 ))
  busy=false
  for p in $BASE $((BASE + 1)) $((BASE + 2)) $((BASE + 3)); do
    ! port_in_use "$HOST" "$p" || { busy=true; break; }
  done
  $busy || break
done
! $busy || { echo "no four free ports found" >&2; exit 1; }
declare -A PORT_OF=([social-service]=$((BASE + 1)) [enrollment-service]=$((BASE + 2)) [workspace-service]=$((BASE + 3)))
declare -A PID_OF=()
ENDPOINT="http://$HOST:$BASE"

# 3. The stack. Every process goes into PIDS and is stopped on exit; DynamoDB Local is resumed first, whatever happens.
# shellcheck source=lib/scratch-stack.sh
. "$ROOT/deploy/lib/scratch-stack.sh"
resume_dynamodb() { [ -z "${DDB_SERVER_PID:-}" ] || kill -CONT "$DDB_SERVER_PID" 2>/dev/null || true; }
cleanup() { resume_dynamodb; stop_all; }
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM
trap cleanup EXIT

now_ms() { date +%s%3N; }
fault() { echo "$(now_ms) $*" >> "$FAULTS"; } # event target: freeze|thaw dynamodb, kill|start|ready <service>
: > "$FAULTS"

echo "starting DynamoDB Local on $ENDPOINT (in memory) ..."
start_scratch_dynamodb "$BASE" "$RUN_DIR/logs/dynamodb-local.log"
export_scratch_service_env "$ENDPOINT" "$RUN_DIR/jwt" chaos
export TRIDENT_TABLE_NAME=$TABLE
export SOCIAL_SERVICE_URL="http://$HOST:${PORT_OF[social-service]}"
export WORKSPACE_SERVICE_URL="http://$HOST:${PORT_OF[workspace-service]}"
# Deletions and erasures left to the pending work are picked up within a second, not five.
export TRIDENT_WORK_POLL_INTERVAL=PT1S

start_service() { # service
  start_scratch_service "$ROOT/$1/target/quarkus-app/quarkus-run.jar" "${PORT_OF[$1]}" "$RUN_DIR/logs/$1.log"
  PID_OF[$1]=$SERVICE_PID
}
# One after another: the first creates the table, and three cold JVMs at once on two cores start slower than in turn.
for s in "${SERVICES[@]}"; do
  start_service "$s"
  await_scratch_service "${PORT_OF[$s]}" "${PID_OF[$s]}" "$RUN_DIR/logs/$s.log" 120
  echo "  $s ready on port ${PORT_OF[$s]} (pid ${PID_OF[$s]})"
done

# 4. The clients, in the background; the faults, here, until the clients are done.
"$JAVA" -cp "$HARNESS_CP" dev.trident.chaos.Chaos load --social "http://$HOST:${PORT_OF[social-service]}" \
  --enrollment "http://$HOST:${PORT_OF[enrollment-service]}" --workspace "http://$HOST:${PORT_OF[workspace-service]}" \
  --jwt-dir "$RUN_DIR/jwt" --history "$HISTORY" --duration "$DURATION" --clients "$CLIENTS" --seed "$SEED" \
  --warm-up "$WARM_UP" --warm-up-done "$RUN_DIR/warm-up-done" > "$RUN_DIR/logs/clients.log" 2>&1 &
CLIENTS_PID=$!
PIDS+=($CLIENTS_PID)
echo "clients warming up for $WARM_UP s ..."
until [ -e "$RUN_DIR/warm-up-done" ]; do
  kill -0 "$CLIENTS_PID" 2>/dev/null || { echo "the clients failed; see $RUN_DIR/logs/clients.log" >&2; exit 1; }
  sleep 0.1
done
echo "clients running for $DURATION s; faults: a freeze of DynamoDB Local about every 8 s, a service killed about every 25 s"

# The fault schedule draws from bash's RANDOM, seeded here; the clients draw from Java's Random, seeded with it too.
RANDOM=$SEED
declare -A RESTARTING=()
between() { echo $(( $1 + RANDOM % ($2 - $1 + 1) )); } # lo hi
next_freeze=$(( $(now_ms) + $(between 6000 10000) ))
next_kill=$(( $(now_ms) + $(between 20000 30000) ))
while kill -0 "$CLIENTS_PID" 2>/dev/null; do
  if [ "$(now_ms)" -ge "$next_freeze" ]; then
    hold=$(between 1000 4000)
    fault freeze dynamodb
    kill -STOP "$DDB_SERVER_PID"
    sleep "$(awk -v ms="$hold" 'BEGIN { printf "%.3f", ms / 1000 }')"
    kill -CONT "$DDB_SERVER_PID"
    fault thaw dynamodb
    next_freeze=$(( $(now_ms) + $(between 6000 10000) ))
  fi
  if [ "$(now_ms)" -ge "$next_kill" ]; then
    victim=${SERVICES[$(( RANDOM % ${#SERVICES[@]} ))]}
    fault kill "$victim"
    kill -KILL "${PID_OF[$victim]}" 2>/dev/null || true
    { wait "${PID_OF[$victim]}"; } 2>/dev/null || true
    start_service "$victim"
    fault start "$victim"
    RESTARTING[$victim]=1
    next_kill=$(( $(now_ms) + $(between 20000 30000) ))
  fi
  for s in "${!RESTARTING[@]}"; do
    # A start that gives up (its table unreachable while DynamoDB Local is frozen) is started again, as an
    # orchestrator would; the checks count these.
    if ! kill -0 "${PID_OF[$s]}" 2>/dev/null; then
      { wait "${PID_OF[$s]}"; } 2>/dev/null || true
      fault exited "$s"
      start_service "$s"
      fault start "$s"
    elif curl -fsS -o /dev/null --max-time 0.5 "http://$HOST:${PORT_OF[$s]}/q/health/live" 2>/dev/null; then
      fault ready "$s"
      unset "RESTARTING[$s]"
    fi
  done
  sleep 0.1
done
clients_status=0
wait "$CLIENTS_PID" || clients_status=$?
[ "$clients_status" = 0 ] || { echo "the clients failed (exit $clients_status); see $RUN_DIR/logs/clients.log" >&2; exit 1; }

# 5. Everything resumed and up, the pending work drained, then the table's audit and the history's checks.
resume_dynamodb
for s in "${SERVICES[@]}"; do
  kill -0 "${PID_OF[$s]}" 2>/dev/null || { start_service "$s"; fault start "$s"; RESTARTING[$s]=1; }
done
for s in "${SERVICES[@]}"; do
  await_scratch_service "${PORT_OF[$s]}" "${PID_OF[$s]}" "$RUN_DIR/logs/$s.log" 120
  if [ -n "${RESTARTING[$s]:-}" ]; then fault ready "$s"; unset "RESTARTING[$s]"; fi
done
echo "faults over; waiting for the pending work to drain ..."
"$JAVA" -cp "$HARNESS_CP" dev.trident.chaos.Chaos drain --endpoint "$ENDPOINT" --table "$TABLE" --timeout 60 || true

audit_status=0
if [ -x "$ROOT/deploy/audit.sh" ]; then
  echo "auditing the table ..."
  "$ROOT/deploy/audit.sh" --endpoint "$ENDPOINT" --table "$TABLE" > "$RUN_DIR/audit.txt" 2>&1 || audit_status=$?
  cat "$RUN_DIR/audit.txt"
else
  echo "deploy/audit.sh is missing: the table's invariants cannot be audited" | tee "$RUN_DIR/audit.txt" >&2
  audit_status=127
fi

echo "checking the history ($(wc -l < "$HISTORY") lines) ..."
check_status=0
"$JAVA" -cp "$HARNESS_CP" dev.trident.chaos.Chaos check --endpoint "$ENDPOINT" --table "$TABLE" \
  --history "$HISTORY" --faults "$FAULTS" --answer-limit-ms "$ANSWER_LIMIT_MS" \
  --audit-output "$RUN_DIR/audit.txt" --audit-status "$audit_status" | tee "$RUN_DIR/check.txt" || check_status=$?
echo "seed $SEED; history, faults, logs: ${RUN_DIR#"$ROOT"/}"
exit "$check_status"
