#!/usr/bin/env bash
# A bounded chaos test of the three services, one command:
#   deploy/chaos.sh [--duration SECONDS] [--seed N] [--clients N] [--warm-up SECONDS] [--answer-limit-ms MS]
#                   [--index-lag-ms MS] [--throttle-rate P] [--min-creates N] [--min-deletes N]
#                   [--drain-timeout SECONDS]
# Starts a scratch stack of its own on free loopback ports (an in-memory DynamoDB Local, the fault proxy of
# deploy/dynamodb-faults in front of it, the three services' packaged jars talking to the proxy, a development key
# pair of this run), then runs --clients concurrent clients (default 8) on every route of the three services, over
# small pools of ids so that ids are deleted and created again while others use them: --warm-up seconds (default 10)
# without faults while the services' JIT warms up (those answers are not timed), then --duration seconds (default
# 120) under faults: DynamoDB Local frozen (SIGSTOP, 1-4 s) about every 8 s, one service killed (SIGKILL) and started
# again about every 25 s, and at the proxy, what real DynamoDB does and DynamoDB Local never does: index queries
# that see each item as it was --index-lag-ms ago (default 1500) and a share of calls throttled (--throttle-rate,
# default 0.02). Afterwards it turns the faults off, resumes everything, waits (--drain-timeout, default 180 s at
# most) until no pending work is left (work partitions empty, erasures DONE, post deletions finished), runs
# deploy/audit.sh on the table with a work age of zero (any work still pending is a violation), and gives the
# verdict (deploy/chaos, dev.trident.chaos.Check), reading the table straight from DynamoDB Local.
# The run counts only if it did what it claims: at least one freeze and one kill, the proxy's laggedQueries and
# throttled counters at least 1 each, every killed service ready again, every client thread finished normally, at
# least --min-creates acknowledged creates (default 10) and --min-deletes acknowledged deletes (default 5) checked
# in the table. The services pass only if: the only 5xx is 503 (numeric Retry-After, problem+json; a throttled
# DynamoDB included), no answer later than 2.5 s plus slack (--answer-limit-ms, default 3500 ms in all; the warm-up's
# answers are not timed, nor a restarted service's until --warm-up seconds after it is ready again), every
# acknowledged create still there unless a deletion came after it, every acknowledged delete's item gone unless a
# create came after it, nothing of an id whose every create was refused, nothing pending, a clean audit.
# Prints the minimums, the counts (the proxy's counters among them) and every violation; exits 1 on any. --seed
# (default: a new one, printed) replays a run's random choices (the clients', the faults' and the proxy's; the
# services' timing differs). Data and logs: data/chaos/run-<timestamp>/.
# Needs the services' jars and deploy/chaos built (./mvnw -B package -DskipTests); builds what is missing.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DURATION=120
SEED=
CLIENTS=8
WARM_UP=10
ANSWER_LIMIT_MS=3500
MIN_CREATES=10
MIN_DELETES=5
DRAIN_TIMEOUT=180
INDEX_LAG_MS=1500
THROTTLE_RATE=0.02
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift ;;
    --seed) SEED=$2; shift ;;
    --clients) CLIENTS=$2; shift ;;
    --warm-up) WARM_UP=$2; shift ;;
    --answer-limit-ms) ANSWER_LIMIT_MS=$2; shift ;;
    --min-creates) MIN_CREATES=$2; shift ;;
    --min-deletes) MIN_DELETES=$2; shift ;;
    --drain-timeout) DRAIN_TIMEOUT=$2; shift ;;
    --index-lag-ms) INDEX_LAG_MS=$2; shift ;;
    --throttle-rate) THROTTLE_RATE=$2; shift ;;
    -h|--help) sed -n 2,29p "$0"; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
for n in "$DURATION" "$CLIENTS" "$ANSWER_LIMIT_MS" "$DRAIN_TIMEOUT"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || {
    echo "--duration, --clients, --answer-limit-ms and --drain-timeout take positive whole numbers" >&2; exit 2; }
done
for n in "$WARM_UP" "$MIN_CREATES" "$MIN_DELETES" "$INDEX_LAG_MS"; do
  [[ "$n" =~ ^[0-9]+$ ]] || {
    echo "--warm-up, --min-creates, --min-deletes and --index-lag-ms take whole numbers" >&2; exit 2; }
done
[[ "$THROTTLE_RATE" =~ ^(0(\.[0-9]+)?|1(\.0+)?)$ ]] \
  || { echo "--throttle-rate takes a fraction from 0 to 1" >&2; exit 2; }
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
echo "chaos: seed $SEED, $DURATION s, $CLIENTS clients, index lag $INDEX_LAG_MS ms, throttle rate $THROTTLE_RATE;" \
  "run folder ${RUN_DIR#"$ROOT"/}"
echo "chaos: the verdict needs at least 1 freeze, 1 kill, 1 lagged index query, 1 throttled request," \
  "$MIN_CREATES acknowledged creates and $MIN_DELETES acknowledged deletes checked in the table"

# 1. What it runs: the services' jars, the launcher and token minter, the harness and the fault proxy (in its lib).
HARNESS="$ROOT/deploy/chaos/target"
missing=false
for s in "${SERVICES[@]}"; do [ -f "$ROOT/$s/target/quarkus-app/quarkus-run.jar" ] || missing=true; done
[ -f "$ROOT/deploy/dynamodb-local/target/classes/dev/trident/local/server.classpath" ] || missing=true
[ -f "$HARNESS/classes/dev/trident/chaos/Chaos.class" ] && [ -d "$HARNESS/lib" ] || missing=true
compgen -G "$HARNESS/lib/dynamodb-faults-*.jar" > /dev/null || missing=true
if $missing; then
  echo "building the services and deploy/chaos ..."
  (cd "$ROOT" && ./mvnw -B -q package -DskipTests \
    -pl social-service,enrollment-service,workspace-service,deploy/chaos -am)
fi
HARNESS_CP="$HARNESS/classes:$HARNESS/lib/*"

# 2. Free loopback ports: DynamoDB Local on BASE, the services on BASE+1..3, the fault proxy on BASE+4.
. "$ROOT/deploy/lib/ports.sh"
BASE=$(free_port_block "$HOST" 5)
declare -A PORT_OF=([social-service]=$((BASE + 1)) [enrollment-service]=$((BASE + 2)) [workspace-service]=$((BASE + 3)))
declare -A PID_OF=()
# The services reach DynamoDB Local through the fault proxy; the drain, the audit and the checks read it directly.
ENDPOINT="http://$HOST:$BASE"
PROXY="http://$HOST:$((BASE + 4))"

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

# The fault proxy starts with no fault (the services start and warm up undisturbed); faults_on and faults_off set
# its index lag and throttling for the run proper.
echo "starting the fault proxy on $PROXY ..."
"$JAVA" -cp "$HARNESS_CP" dev.trident.faults.FaultProxy --port "$((BASE + 4))" --target "$ENDPOINT" \
  --index-lag-ms 0 --throttle-rate 0 --seed "$SEED" > "$RUN_DIR/logs/fault-proxy.log" 2>&1 &
PROXY_PID=$!
PIDS+=($PROXY_PID)
for _ in $(seq 1 300); do
  grep -q "fault proxy listening on" "$RUN_DIR/logs/fault-proxy.log" 2>/dev/null && break
  kill -0 "$PROXY_PID" 2>/dev/null || { cat "$RUN_DIR/logs/fault-proxy.log" >&2; exit 1; }
  sleep 0.1
done
grep -q "fault proxy listening on" "$RUN_DIR/logs/fault-proxy.log" \
  || { echo "the fault proxy did not start; see $RUN_DIR/logs/fault-proxy.log" >&2; exit 1; }
set_faults() { # index-lag-ms throttle-rate
  curl -fsS -o /dev/null --max-time 5 -X PUT -H 'Content-Type: application/json' \
    -d "{\"indexLagMillis\":$1,\"throttleRate\":$2}" "$PROXY/faults"
}
export_scratch_service_env "$PROXY" "$RUN_DIR/jwt" chaos
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
set_faults "$INDEX_LAG_MS" "$THROTTLE_RATE" || { echo "the fault proxy refused its settings" >&2; exit 1; }
echo "clients running for $DURATION s; faults: a freeze of DynamoDB Local about every 8 s, a service killed about" \
  "every 25 s, index lag of $INDEX_LAG_MS ms and a throttle rate of $THROTTLE_RATE at the fault proxy"

# The fault schedule draws from bash's RANDOM, seeded here; the clients draw from Java's Random, seeded with it too.
RANDOM=$SEED
declare -A RESTARTING=()
between() { echo $(( $1 + RANDOM % ($2 - $1 + 1) )); } # lo hi
next_freeze=$(( $(now_ms) + $(between 6000 10000) ))
next_kill=$(( $(now_ms) + $(between 20000 30000) ))
# A freeze does not hold up the loop: a kill may come during it, and a restarted service's ready answer is logged when
# it comes (the verdict times that service again from then on).
thaw_at=
while kill -0 "$CLIENTS_PID" 2>/dev/null; do
  if [ -z "$thaw_at" ] && [ "$(now_ms)" -ge "$next_freeze" ]; then
    fault freeze dynamodb
    kill -STOP "$DDB_SERVER_PID"
    thaw_at=$(( $(now_ms) + $(between 1000 4000) ))
  elif [ -n "$thaw_at" ] && [ "$(now_ms)" -ge "$thaw_at" ]; then
    kill -CONT "$DDB_SERVER_PID"
    fault thaw dynamodb
    thaw_at=
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
if [ -n "$thaw_at" ]; then
  kill -CONT "$DDB_SERVER_PID"
  fault thaw dynamodb
fi
clients_status=0
wait "$CLIENTS_PID" || clients_status=$?
[ "$clients_status" = 0 ] || { echo "the clients failed (exit $clients_status); see $RUN_DIR/logs/clients.log" >&2; exit 1; }

# 5. Everything resumed and up, the pending work drained, then the table's audit and the history's checks.
resume_dynamodb
set_faults 0 0 || echo "the fault proxy's faults could not be turned off" >&2
for s in "${SERVICES[@]}"; do
  kill -0 "${PID_OF[$s]}" 2>/dev/null || { start_service "$s"; fault start "$s"; RESTARTING[$s]=1; }
done
for s in "${SERVICES[@]}"; do
  # A service that never answers ready again leaves its kill open in faults.log: the verdict reports it.
  if await_scratch_service "${PORT_OF[$s]}" "${PID_OF[$s]}" "$RUN_DIR/logs/$s.log" 120; then
    if [ -n "${RESTARTING[$s]:-}" ]; then fault ready "$s"; unset "RESTARTING[$s]"; fi
  fi
done
echo "faults over; waiting (at most $DRAIN_TIMEOUT s) for the pending work to drain ..."
"$JAVA" -cp "$HARNESS_CP" dev.trident.chaos.Chaos drain --endpoint "$ENDPOINT" --table "$TABLE" \
  --timeout "$DRAIN_TIMEOUT" || true

audit_status=0
if [ -x "$ROOT/deploy/audit.sh" ]; then
  echo "auditing the table ..."
  # Work age zero: whatever pending work the drain left (tasks, erasures not DONE, post deletions) is a violation.
  "$ROOT/deploy/audit.sh" --endpoint "$ENDPOINT" --table "$TABLE" --work-age PT0S --quiet \
    > "$RUN_DIR/audit.txt" 2>&1 || audit_status=$?
  cat "$RUN_DIR/audit.txt"
else
  echo "deploy/audit.sh is missing: the table's invariants cannot be audited" | tee "$RUN_DIR/audit.txt" >&2
  audit_status=127
fi

echo "checking the history ($(wc -l < "$HISTORY") lines) ..."
check_status=0
"$JAVA" -cp "$HARNESS_CP" dev.trident.chaos.Chaos check --endpoint "$ENDPOINT" --table "$TABLE" \
  --history "$HISTORY" --faults "$FAULTS" --answer-limit-ms "$ANSWER_LIMIT_MS" \
  --restart-warm-up-ms "$((WARM_UP * 1000))" --clients "$CLIENTS" \
  --min-creates "$MIN_CREATES" --min-deletes "$MIN_DELETES" --fault-proxy "$PROXY" \
  --audit-output "$RUN_DIR/audit.txt" --audit-status "$audit_status" | tee "$RUN_DIR/check.txt" || check_status=$?
curl -fsS --max-time 5 "$PROXY/faults" > "$RUN_DIR/fault-proxy.json" 2>/dev/null \
  && echo "fault proxy: $(cat "$RUN_DIR/fault-proxy.json")" \
  || echo "fault proxy: its counters could not be read" >&2
echo "seed $SEED; history, faults, logs: ${RUN_DIR#"$ROOT"/}"
exit "$check_status"
