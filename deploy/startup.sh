#!/usr/bin/env bash
# Measures each service's JVM start-up: launch to the first 200 on /q/health/ready (which reads the table), and the
# RSS at that moment, on the default JDK, on JDK 25, and on JDK 25 with an AOT cache trained by one earlier run:
#   deploy/startup.sh [--runs N] [--jdk25 PATH_TO_JAVA_HOME]
# Starts its own in-memory DynamoDB Local on BENCH_PORT_BASE (default 18000) + 0 and the services on +81..+83, one at
# a time. The caches are written to <service>/target/quarkus-app/app.aot (valid for that JDK build and those jars
# only). Prints a table and writes it to data/bench/startup-<timestamp>.md. Traffic goes to 127.0.0.1 only.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=3
JDK25_HOME=
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS=$2; shift ;;
    --jdk25) JDK25_HOME=$2; shift ;;
    -h|--help) sed -n 2,7p "$0"; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$JDK25_HOME" ]; then
  JDK25_HOME=$(ls -d /usr/lib/jvm/*25* 2>/dev/null | head -n 1 || true)
fi
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
JAVA25=${JDK25_HOME:+$JDK25_HOME/bin/java}
BASE=${BENCH_PORT_BASE:-18000}
HOST=127.0.0.1
SERVICES=(social-service enrollment-service workspace-service)
declare -A PORT_OF=([social-service]=$((BASE + 81)) [enrollment-service]=$((BASE + 82)) [workspace-service]=$((BASE + 83)))
STAMP=$(date -u +%Y%m%d-%H%M%S)
RUN_DIR="$ROOT/data/bench/startup-$STAMP"
RESULTS="$ROOT/data/bench/startup-$STAMP.md"
mkdir -p "$RUN_DIR/logs"

for s in "${SERVICES[@]}"; do
  [ -f "$ROOT/$s/target/quarkus-app/quarkus-run.jar" ] || { echo "build first: ./mvnw -B install -DskipTests" >&2; exit 1; }
done

# shellcheck source=lib/scratch-stack.sh
. "$ROOT/deploy/lib/scratch-stack.sh"   # PIDS, stop_all on exit, and the scratch DynamoDB Local and environment

start_scratch_dynamodb "$BASE" "$RUN_DIR/logs/dynamodb-local.log"
export_scratch_service_env "http://$HOST:$BASE" "$RUN_DIR/jwt" startup
export SOCIAL_SERVICE_URL="http://$HOST:${PORT_OF[social-service]}"
export WORKSPACE_SERVICE_URL="http://$HOST:${PORT_OF[workspace-service]}"

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# start <service> <java> [jvm options...]: prints "<ms to ready> <RSS MiB at ready>", then stops the JVM.
start() {
  local s=$1 java=$2; shift 2
  local t0 pid ms rss
  t0=$(now_ms)
  QUARKUS_HTTP_PORT=${PORT_OF[$s]} "$java" -Xmx256m "$@" -jar "$ROOT/$s/target/quarkus-app/quarkus-run.jar" \
    >> "$RUN_DIR/logs/$s.log" 2>&1 &
  pid=$!
  PIDS+=($pid)
  until curl -fsS -o /dev/null "http://$HOST:${PORT_OF[$s]}/q/health/ready" 2>/dev/null; do
    kill -0 $pid 2>/dev/null || { echo "$s exited; see $RUN_DIR/logs/$s.log" >&2; exit 1; }
    sleep 0.01
  done
  ms=$(( $(now_ms) - t0 ))
  rss=$(awk '/^VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$pid/status")
  # A little traffic before stopping: a training run records what those requests load too.
  for _ in 1 2 3 4 5; do curl -s -o /dev/null "http://$HOST:${PORT_OF[$s]}/q/openapi" || true; done
  kill -TERM $pid; wait $pid 2>/dev/null || true
  echo "$ms $rss"
}

mean() { awk '{ ms += $1; rss += $2; n++ } END { printf "%.1f s, %.0f MiB", ms / n / 1000, rss / n }'; }

{
  echo "# Trident JVM start-up, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "Launch to the first 200 on \`/q/health/ready\` (it reads the table from DynamoDB Local) and RSS at that"
  echo "moment; mean of $RUNS runs per cell, services one at a time, \`-Xmx256m\`. $(nproc) cores."
  echo
  echo "| service | JDK $("$JAVA" -version 2>&1 | head -1 | cut -d'"' -f2) | JDK ${JAVA25:+$("$JAVA25" -version 2>&1 | head -1 | cut -d'"' -f2)} | same JDK + AOT cache |"
  echo "|---|---|---|---|"
} > "$RESULTS"

for s in "${SERVICES[@]}"; do
  aot="$ROOT/$s/target/quarkus-app/app.aot"
  default=$(for _ in $(seq "$RUNS"); do start "$s" "$JAVA"; done | mean)
  if [ -n "$JAVA25" ]; then
    plain=$(for _ in $(seq "$RUNS"); do start "$s" "$JAVA25"; done | mean)
    rm -f "$aot"
    start "$s" "$JAVA25" -XX:AOTCacheOutput="$aot" > /dev/null   # training run; the cache is written at exit
    cached=$(for _ in $(seq "$RUNS"); do start "$s" "$JAVA25" -XX:AOTCache="$aot"; done | mean)
  else
    plain="(no JDK 25)"; cached="-"
  fi
  echo "| $s | $default | $plain | $cached |" | tee -a "$RESULTS"
done
echo
cat "$RESULTS"
echo "written to ${RESULTS#"$ROOT"/}"
