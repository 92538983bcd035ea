#!/usr/bin/env bash
# Where the write units go under an everyday mix, one command:
#   deploy/mix.sh [--users 60,120] [--clients 6] [--seed 1] [--max-share 0.02] [--min-fall 0.1]
#                 [--write-measurement FILE] [--compare FILE] [--tolerance 0.3]
# Starts a scratch stack of its own on free loopback ports (an in-memory DynamoDB Local, the fault proxy of
# deploy/dynamodb-faults in front of it with its capacity ledger, the three services' packaged jars talking to the
# proxy), then runs the everyday mix (deploy/chaos, dev.trident.chaos.Mix) once per population given: every user signs
# up and registers as a student, a course per ten users over three terms, a workspace per six users, then about ten
# operations per user (posts, comments, enrolments and drops, members, projects and their status, reads, the odd
# deletion and erasure). For each run it prints the hottest partitions of the table and of each index with their
# share of all write units (as DynamoDB bills them: sizes rounded up to 1 KB, transactions doubled, every index copy
# that changes) and the capacity units per logical operation. Passes when, at the largest population, no partition
# took more than --max-share of all write units and the hottest share fell by --min-fall (relative) or more
# each time the population grew; with --compare,
# also when the units per operation match that measurement file (deploy/capacity/units.tsv is the one
# deploy/capacity.sh reads; --write-measurement regenerates it). Logs: data/mix/run-<timestamp>/.
# Needs the services' jars and deploy/chaos built (./mvnw -B package -DskipTests); builds what is missing.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
USERS=60,120
CLIENTS=6
SEED=1
MAX_SHARE=0.02
MIN_FALL=0.1
TOLERANCE=0.3
WRITE=
COMPARE=
while [ $# -gt 0 ]; do
  case "$1" in
    --users) USERS=$2; shift ;;
    --clients) CLIENTS=$2; shift ;;
    --seed) SEED=$2; shift ;;
    --max-share) MAX_SHARE=$2; shift ;;
    --min-fall) MIN_FALL=$2; shift ;;
    --tolerance) TOLERANCE=$2; shift ;;
    --write-measurement) WRITE=$2; shift ;;
    --compare) COMPARE=$2; shift ;;
    -h|--help) sed -n 2,18p "$0"; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
[[ "$USERS" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || { echo "--users takes whole numbers separated by commas" >&2; exit 2; }
[[ "$CLIENTS" =~ ^[1-9][0-9]*$ && "$SEED" =~ ^[0-9]+$ ]] \
  || { echo "--clients and --seed take whole numbers" >&2; exit 2; }

HOST=127.0.0.1
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
SERVICES=(social-service enrollment-service workspace-service)
STAMP=$(date -u +%Y%m%d-%H%M%S)
RUN_DIR="$ROOT/data/mix/run-$STAMP"
mkdir -p "$RUN_DIR/logs"

HARNESS="$ROOT/deploy/chaos/target"
missing=false
for s in "${SERVICES[@]}"; do [ -f "$ROOT/$s/target/quarkus-app/quarkus-run.jar" ] || missing=true; done
[ -f "$ROOT/deploy/dynamodb-local/target/classes/dev/trident/local/server.classpath" ] || missing=true
[ -f "$HARNESS/classes/dev/trident/chaos/Mix.class" ] && [ -d "$HARNESS/lib" ] || missing=true
compgen -G "$HARNESS/lib/dynamodb-faults-*.jar" > /dev/null || missing=true
if $missing; then
  echo "building the services and deploy/chaos ..."
  (cd "$ROOT" && ./mvnw -B -q package -DskipTests \
    -pl social-service,enrollment-service,workspace-service,deploy/chaos -am)
fi
HARNESS_CP="$HARNESS/classes:$HARNESS/lib/*"

# Free loopback ports: DynamoDB Local on BASE, the services on BASE+1..3, the fault proxy on BASE+4.
. "$ROOT/deploy/lib/ports.sh"
BASE=$(free_port_block "$HOST" 5)
declare -A PORT_OF=([social-service]=$((BASE + 1)) [enrollment-service]=$((BASE + 2)) [workspace-service]=$((BASE + 3)))
ENDPOINT="http://$HOST:$BASE"
PROXY="http://$HOST:$((BASE + 4))"

# shellcheck source=lib/scratch-stack.sh
. "$ROOT/deploy/lib/scratch-stack.sh"
trap 'stop_all; exit 130' INT
trap 'stop_all; exit 143' TERM
trap stop_all EXIT

echo "starting DynamoDB Local on $ENDPOINT (in memory) and the fault proxy on $PROXY ..."
start_scratch_dynamodb "$BASE" "$RUN_DIR/logs/dynamodb-local.log"
"$JAVA" -cp "$HARNESS_CP" dev.trident.faults.FaultProxy --port "$((BASE + 4))" --target "$ENDPOINT" \
  > "$RUN_DIR/logs/fault-proxy.log" 2>&1 &
PROXY_PID=$!
PIDS+=($PROXY_PID)
for _ in $(seq 1 300); do
  grep -q "fault proxy listening on" "$RUN_DIR/logs/fault-proxy.log" 2>/dev/null && break
  kill -0 "$PROXY_PID" 2>/dev/null || { cat "$RUN_DIR/logs/fault-proxy.log" >&2; exit 1; }
  sleep 0.1
done

export_scratch_service_env "$PROXY" "$RUN_DIR/jwt" mix
# Post deletions and erasures left to the pending work are picked up within a second, not five.
export TRIDENT_WORK_POLL_INTERVAL=PT1S
export SOCIAL_SERVICE_URL="http://$HOST:${PORT_OF[social-service]}"
export WORKSPACE_SERVICE_URL="http://$HOST:${PORT_OF[workspace-service]}"
for s in "${SERVICES[@]}"; do
  start_scratch_service "$ROOT/$s/target/quarkus-app/quarkus-run.jar" "${PORT_OF[$s]}" "$RUN_DIR/logs/$s.log"
  await_scratch_service "${PORT_OF[$s]}" "$SERVICE_PID" "$RUN_DIR/logs/$s.log" 120 \
    || { echo "$s did not start; see $RUN_DIR/logs/$s.log" >&2; exit 1; }
  echo "  $s ready on port ${PORT_OF[$s]}"
done

args=(--social "http://$HOST:${PORT_OF[social-service]}" --enrollment "http://$HOST:${PORT_OF[enrollment-service]}"
  --workspace "http://$HOST:${PORT_OF[workspace-service]}" --jwt-dir "$RUN_DIR/jwt" --fault-proxy "$PROXY"
  --users "$USERS" --clients "$CLIENTS" --seed "$SEED" --max-share "$MAX_SHARE" --min-fall "$MIN_FALL" --tolerance "$TOLERANCE")
[ -z "$WRITE" ] || args+=(--write-measurement "$WRITE")
[ -z "$COMPARE" ] || args+=(--compare "$COMPARE")
status=0
"$JAVA" -cp "$HARNESS_CP" dev.trident.chaos.Mix "${args[@]}" | tee "$RUN_DIR/mix.txt" || status=$?
echo "report and logs: ${RUN_DIR#"$ROOT"/}"
exit "$status"
