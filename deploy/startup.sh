#!/usr/bin/env bash
# Start-up and footprint of the three services, next to a reference measured in the same run (benchmarks/reference-app:
# a bare Quarkus app with the services' exact extension set and no Trident code):
#   deploy/startup.sh [--runs N] [--load SECONDS] [--jdk25 PATH_TO_JAVA_HOME] [--smoke]
# Per app: launch to the first 200 on /q/health/ready (a service's readiness reads the table; the reference's checks
# nothing), RSS at that moment and the CPU time all its threads used until then, launch to the first answer of an
# authenticated read that reaches DynamoDB (the reference's first DynamoDB call), on the default JDK; then RSS after
# --load seconds of wrk traffic (16 connections, authenticated reads) on one more start. On JDK 25: without and with an
# AOT cache trained by one earlier run (with the cache, the app's classes on the application class path, as the images
# start it: deploy/containers/launch-args.sh). Then the three services started together, as deploy/run.sh starts
# them, and the least time that can take on this machine's cores (the CPU their single starts used, over the cores);
# the same for three copies of the reference app, what the framework alone reaches on these cores.
# --smoke: one run, default JDK, no load, no JDK 25.
# Services run as in production: the table exists (made once before measuring), TRIDENT_TABLE_BOOTSTRAP=false.
# Own in-memory DynamoDB Local on BENCH_PORT_BASE (default 18000) + 0, apps on +81..+84; 127.0.0.1 only.
# The JVM options are the images' (deploy/containers/jvm-options, 256 MiB budget; MALLOC_ARENA_MAX=2 as in the images):
# TRIDENT_JAVA_OPTS overrides them (empty: the JVM's defaults).
# Prints the tables and writes them to data/bench/startup-<timestamp>.md.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=3
LOAD=15
SMOKE=false
JDK25_HOME=
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS=$2; shift ;;
    --load) LOAD=$2; shift ;;
    --jdk25) JDK25_HOME=$2; shift ;;
    --smoke) SMOKE=true; RUNS=1; LOAD=0 ;;
    -h|--help) sed -n 2,14p "$0"; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$JDK25_HOME" ] && [ "$SMOKE" = false ]; then
  JDK25_HOME=$(ls -d /usr/lib/jvm/*25* 2>/dev/null | head -n 1 || true)
fi
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
JAVA25=${JDK25_HOME:+$JDK25_HOME/bin/java}
BASE=${BENCH_PORT_BASE:-18000}
HOST=127.0.0.1
SERVICES=(social-service enrollment-service workspace-service)
APPS=(reference-app "${SERVICES[@]}")
declare -A PORT_OF=([social-service]=$((BASE + 81)) [enrollment-service]=$((BASE + 82))
  [workspace-service]=$((BASE + 83)) [reference-app]=$((BASE + 84)))
declare -A JAR_OF=([reference-app]="$ROOT/benchmarks/reference-app/target/quarkus-app/quarkus-run.jar")
for s in "${SERVICES[@]}"; do JAR_OF[$s]="$ROOT/$s/target/quarkus-app/quarkus-run.jar"; done
# Three copies of the reference started together show what the framework alone reaches on this machine's cores.
REFERENCES=(reference-app reference-app-2 reference-app-3)
PORT_OF[reference-app-2]=$((BASE + 85)); PORT_OF[reference-app-3]=$((BASE + 86))
declare -A APP_OF=([reference-app-2]=reference-app [reference-app-3]=reference-app)   # a copy's jar and AOT cache
# What the load reads: an authenticated GET per service that reaches DynamoDB (answers 200 or a problem+json 404/403).
declare -A LOAD_PATH_OF=([reference-app]=/items/USER%23u-1 [social-service]=/users/u-1
  [enrollment-service]=/students/u-1/courses [workspace-service]=/workspaces/ws-1/projects)
STAMP=$(date -u +%Y%m%d-%H%M%S)
RUN_DIR="$ROOT/data/bench/startup-$STAMP"
RESULTS="$ROOT/data/bench/startup-$STAMP.md"
mkdir -p "$RUN_DIR/logs"

for a in "${APPS[@]}"; do
  [ -f "${JAR_OF[$a]}" ] || { echo "build first: ./mvnw -B install -DskipTests (missing ${JAR_OF[$a]#"$ROOT"/})" >&2; exit 1; }
done
[ "$LOAD" = 0 ] || "$ROOT/deploy/prerequisites.sh" wrk

# shellcheck source=lib/scratch-stack.sh
. "$ROOT/deploy/lib/scratch-stack.sh"   # PIDS, stop_all on exit, and the scratch DynamoDB Local and environment

start_scratch_dynamodb "$BASE" "$RUN_DIR/logs/dynamodb-local.log"
export_scratch_service_env "http://$HOST:$BASE" "$RUN_DIR/jwt" startup
export SOCIAL_SERVICE_URL="http://$HOST:${PORT_OF[social-service]}"
export WORKSPACE_SERVICE_URL="http://$HOST:${PORT_OF[workspace-service]}"
TOKEN=$(dev_tokens mint "$RUN_DIR/jwt" u-1 registrar instructor admin --ttl 2h)

# launch <app> <java> [jvm options...]: starts the app in the background (app_main_args), sets LAUNCHED_PID.
launch() {
  local a=$1 java=$2; shift 2
  app_main_args "${JAR_OF[${APP_OF[$a]:-$a}]}" "$@"
  MALLOC_ARENA_MAX=$SERVICE_MALLOC_ARENA_MAX QUARKUS_HTTP_PORT=${PORT_OF[$a]} "$java" \
    ${SERVICE_JAVA_OPTS[@]+"${SERVICE_JAVA_OPTS[@]}"} "$@" "${APP_MAIN_ARGS[@]}" \
    >> "$RUN_DIR/logs/$a.log" 2>&1 &
  LAUNCHED_PID=$!
  PIDS+=($LAUNCHED_PID)
}
await_ready() { # app pid
  until curl -fsS -o /dev/null "http://$HOST:${PORT_OF[$1]}/q/health/ready" 2>/dev/null; do
    kill -0 "$2" 2>/dev/null || { echo "$1 exited; see $RUN_DIR/logs/$1.log" >&2; exit 1; }
    sleep 0.01
  done
}
stop() { kill -TERM "$1"; wait "$1" 2>/dev/null || true; }

# start <app> <java> [jvm options...]: prints "<ms to ready> <RSS MiB at ready> <CPU ms used until ready> <ms to the
# first answer read from DynamoDB>" and stops the app again.
start() {
  local a=$1 java=$2 t0 ms rss cpu first i; shift 2
  t0=$(now_ms)
  launch "$a" "$java" "$@"
  await_ready "$a" "$LAUNCHED_PID"
  ms=$(( $(now_ms) - t0 ))
  rss=$(rss_mib "$LAUNCHED_PID")
  cpu=$(cpu_ms "$LAUNCHED_PID")
  # Five reads before stopping: a training run (-XX:AOTCacheOutput) records what they load too. The first is timed from
  # launch: the first answer read from DynamoDB. The reference's first DynamoDB call is that read (its readiness checks
  # nothing); a service's readiness has made one already.
  for i in 1 2 3 4 5; do
    curl -s -o /dev/null -H "Authorization: Bearer $TOKEN" "http://$HOST:${PORT_OF[$a]}${LOAD_PATH_OF[$a]}" || true
    [ "$i" != 1 ] || first=$(( $(now_ms) - t0 ))
  done
  stop "$LAUNCHED_PID"
  echo "$ms $rss $cpu $first"
}

# after_load <app>: RSS MiB after LOAD seconds of wrk traffic, and the requests/s it served.
after_load() {
  local a=$1 pid out
  launch "$a" "$JAVA"; pid=$LAUNCHED_PID
  await_ready "$a" "$pid"
  out=$(wrk -t2 -c16 -d"${LOAD}s" -H "Authorization: Bearer $TOKEN" "http://$HOST:${PORT_OF[$a]}${LOAD_PATH_OF[$a]}")
  echo "$out" > "$RUN_DIR/logs/wrk-$a.txt"
  echo "$(rss_mib "$pid") $(awk '/Requests\/sec/ { printf "%.0f", $2 }' <<< "$out")"
  stop "$pid"
}

mean() {
  awk '{ ms += $1; rss += $2; cpu += $3; first += $4; n++ }
       END { printf "%.0f %.0f %.0f %.0f\n", ms / n, rss / n, cpu / n, first / n }'
}
secs() { awk -v ms="$1" 'BEGIN { printf "%.2f s", ms / 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }

# The table, once, the way production has it before a service starts; unmeasured.
TRIDENT_TABLE_BOOTSTRAP=true start social-service "$JAVA" > /dev/null
export TRIDENT_TABLE_BOOTSTRAP=false

JDK=$("$JAVA" -version 2>&1 | head -1 | cut -d'"' -f2)
declare -A MS_OF=() RSS_OF=() CPU_OF=() FIRST_OF=()
for a in "${APPS[@]}"; do
  start "$a" "$JAVA" > /dev/null   # a first start warms the page cache; not counted
  read -r MS_OF[$a] RSS_OF[$a] CPU_OF[$a] FIRST_OF[$a] < <(for _ in $(seq "$RUNS"); do start "$a" "$JAVA"; done | mean)
done

{
  echo "# Trident start-up and footprint, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "Launch to the first 200 on \`/q/health/ready\`, mean of $RUNS runs per app, apps one at a time; JDK $JDK;"
  echo "JVM options \`${SERVICE_JAVA_OPTS[*]:-none}\`; $(nproc) cores; load average $(cut -d' ' -f1 /proc/loadavg)."
  echo "First answer read from DynamoDB: launch to the answer of the first authenticated read after ready (the"
  echo "reference's readiness checks nothing, so its first DynamoDB call is that read; a service's readiness made one)."
  echo
  echo "| app | ready | vs reference (target <= 1.20x) | CPU used until ready | first answer read from DynamoDB |" \
    "vs reference | RSS at ready | RSS after ${LOAD} s load | req/s of that load |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
} > "$RESULTS"
for a in "${APPS[@]}"; do
  loaded="- -"
  [ "$LOAD" = 0 ] || loaded=$(after_load "$a")
  read -r rss_after rps <<< "$loaded"
  echo "| $a | $(secs "${MS_OF[$a]}") | $(ratio "${MS_OF[$a]}" "${MS_OF[reference-app]}") | $(secs "${CPU_OF[$a]}") |" \
       "$(secs "${FIRST_OF[$a]}") | $(ratio "${FIRST_OF[$a]}" "${FIRST_OF[reference-app]}") | ${RSS_OF[$a]} MiB |" \
       "${rss_after}${rss_after:+ MiB} | $rps |" | sed 's/- MiB/-/' >> "$RESULTS"
done

# together <java> <apps> [jvm options with @AOT@ for each app's cache]: mean ms until all the apps (a space-separated
# list) are ready, launched at once.
together() {
  local java=$1 apps a i p t0 runs=(); read -r -a apps <<< "$2"; shift 2
  for _ in $(seq "$RUNS"); do
    t0=$(now_ms); local pids=()
    for a in "${apps[@]}"; do
      launch "$a" "$java" $(printf '%s\n' "$@" | sed "s|@AOT@|$RUN_DIR/${APP_OF[$a]:-$a}.aot|"); pids+=("$LAUNCHED_PID")
    done
    for i in "${!apps[@]}"; do await_ready "${apps[$i]}" "${pids[$i]}"; done
    runs+=($(( $(now_ms) - t0 )))
    for p in "${pids[@]}"; do stop "$p"; done
  done
  printf '%s\n' "${runs[@]}" | awk '{ s += $1; n++ } END { printf "%.0f\n", s / n }'
}
# cpu_bound <slowest single start ms> <CPU ms of each service's start...>: the least time three starts launched at once
# can take on this machine's cores, whatever the order: the CPU they need divided by the cores.
cpu_bound() {
  local slowest=$1 sum=0 c; shift
  for c in "$@"; do sum=$(( sum + c )); done
  echo "Their single starts used $(secs "$sum") of CPU between them: on $(nproc) cores, launched at once, they cannot"
  echo "all be ready in less than $(secs $(( sum / $(nproc) ))), $(ratio $(( sum / $(nproc) )) "$slowest") the slowest single start."
}
slowest=0
for s in "${SERVICES[@]}"; do [ "${MS_OF[$s]}" -le "$slowest" ] || slowest=${MS_OF[$s]}; done
all=$(together "$JAVA" "${SERVICES[*]}")
refs=$(together "$JAVA" "${REFERENCES[*]}")
{
  echo
  echo "The three started together (as deploy/run.sh does): all ready in $(secs "$all"), $(ratio "$all" "$slowest") the"
  echo "slowest single start (target <= 1.50x)."
  cpu_bound "$slowest" "${CPU_OF[social-service]}" "${CPU_OF[enrollment-service]}" "${CPU_OF[workspace-service]}"
  echo "Three copies of the reference app started together: all ready in $(secs "$refs"), $(ratio "$refs" \
    "${MS_OF[reference-app]}") its single start."
  cpu_bound "${MS_OF[reference-app]}" "${CPU_OF[reference-app]}" "${CPU_OF[reference-app]}" "${CPU_OF[reference-app]}"
} >> "$RESULTS"

if [ -n "$JAVA25" ]; then
  JDK25=$("$JAVA25" -version 2>&1 | head -1 | cut -d'"' -f2)
  {
    echo
    echo "JDK $JDK25 without and with an AOT cache (trained by one run: start, readiness, five reads, stop):"
    echo
    echo "| app | ready, no cache | ready, AOT cache | cache / no cache (target <= 0.60x) | CPU until ready, no cache /" \
      "cache | RSS at ready, no cache / cache |"
    echo "|---|---:|---:|---:|---:|---:|"
  } >> "$RESULTS"
  CACHED_CPU=()
  for a in "${APPS[@]}"; do
    aot="$RUN_DIR/$a.aot"
    read -r plain plain_rss plain_cpu _ < <(for _ in $(seq "$RUNS"); do start "$a" "$JAVA25"; done | mean)
    start "$a" "$JAVA25" -XX:AOTCacheOutput="$aot" > /dev/null   # the training run; the cache is written at exit
    read -r cached cached_rss cached_cpu _ < <(for _ in $(seq "$RUNS"); do start "$a" "$JAVA25" -XX:AOTCache="$aot"; done | mean)
    echo "| $a | $(secs "$plain") | $(secs "$cached") | $(ratio "$cached" "$plain") |" \
      "$(secs "$plain_cpu") / $(secs "$cached_cpu") | $plain_rss / $cached_rss MiB |" >> "$RESULTS"
    if [ "$a" = reference-app ]; then REF_CACHED=$cached REF_CACHED_CPU=$cached_cpu; continue; fi
    SLOWEST_CACHED=$(( cached > ${SLOWEST_CACHED:-0} ? cached : ${SLOWEST_CACHED:-0} ))
    CACHED_CPU+=("$cached_cpu")
  done
  all=$(together "$JAVA25" "${SERVICES[*]}" -XX:AOTCache=@AOT@)
  refs=$(together "$JAVA25" "${REFERENCES[*]}" -XX:AOTCache=@AOT@)
  {
    echo
    echo "The three started together on JDK $JDK25 with their caches: all ready in $(secs "$all"),"
    echo "$(ratio "$all" "$SLOWEST_CACHED") the slowest single start with its cache (target <= 1.50x)."
    cpu_bound "$SLOWEST_CACHED" "${CACHED_CPU[@]}"
    echo "Three copies of the reference app with its cache: all ready in $(secs "$refs"), $(ratio "$refs" "$REF_CACHED")"
    echo "its single start with the cache."
    cpu_bound "$REF_CACHED" "$REF_CACHED_CPU" "$REF_CACHED_CPU" "$REF_CACHED_CPU"
  } >> "$RESULTS"
fi
echo
cat "$RESULTS"
echo "written to ${RESULTS#"$ROOT"/}"
