#!/usr/bin/env bash
# The Trident performance benchmark, one command:
#   deploy/bench.sh [--scale small|full|10x] [--duration SECONDS] [--warmup SECONDS] [--concurrency N[,N...]]
#                   [--routes r1,r2,...|none] [--rounds N] [--aot-cache]
# Starts its own in-memory DynamoDB Local and the three services on their own ports (BENCH_PORT_BASE, default
# 18000: DynamoDB Local on +0, social +81, enrollment +82, workspace +83; never the suite's 8000/8081-8083),
# seeds the data set, then for each hot route measures the service (wrk, fixed connections) and the baseline
# (the same DynamoDB requests sent directly with the async SDK, same concurrency). The route reference-get measures
# the framework's own floor the same way: benchmarks/reference-app (the services' extensions, no Trident code; on
# +84) answering one GetItem, against that GetItem sent directly. Before that, the read
# amplification of workspace-service's paged lists (Queries, items read per item returned; --routes none measures
# only that). --rounds N (default 1) measures each read route N times, service and baseline in turn, and judges the
# targets on the median of the N ratios (runs an hour apart differ by more than the targets' margins; the rounds
# show how much within one run). --aot-cache (JDK 25+, with JAVA_HOME) runs the apps as the images do: each with an
# AOT cache trained by one run of its own (start, readiness, stop), as deploy/containers/train-aot-cache.sh trains
# them, and its classes on the application class path. --concurrency 16,64,128,256 sweeps: each route is warmed up
# and measured (service and baseline, every round) at each concurrency in turn, and the sweep is drawn as a chart,
# requests per second and p99 against connections per route (data/bench/results-<timestamp>-sweep.png, by
# benchmarks/load's SweepChart), with its table of medians in the results and a verdict per concurrency against the
# overload targets (docs/performance.md "Overload"); enrol, which writes, is measured at the first concurrency only.
# A 503 with Retry-After is a request the service shed: wrk's client waits Retry-After seconds before its next request
# and counts it apart (shed/s, a line of its own on the chart); requests per second, percentiles and CPU per request
# are of the served answers. BASELINE_HTTP_CLIENT=crt runs the baseline on the AWS CRT HTTP client instead of Netty.
# Prints a table and writes it to data/bench/results-<timestamp>.md. Stops every process it started. Traffic goes to
# 127.0.0.1 only.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SCALE=small
DURATION=
WARMUP=
CONCURRENCY=16
ROUNDS=1
AOT_CACHE=false
ROUTES="student-courses,course-roster,course-catalogue,user-posts,workspace-projects,workspace-projects-by-status,workspace-projects-sharded,user-get,reference-get,enrol"
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) SCALE=$2; shift ;;
    --duration) DURATION=$2; shift ;;
    --warmup) WARMUP=$2; shift ;;
    --concurrency) CONCURRENCY=$2; shift ;;
    --routes) ROUTES=$2; shift ;;
    --rounds) ROUNDS=$2; shift ;;
    --aot-cache) AOT_CACHE=true ;;
    -h|--help) sed -n 2,26p "$0"; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
case "$SCALE" in
  small) DURATION=${DURATION:-4}; WARMUP=${WARMUP:-2} ;;
  full|10x) DURATION=${DURATION:-20}; WARMUP=${WARMUP:-10} ;;
  *) echo "--scale must be small, full or 10x" >&2; exit 2 ;;
esac
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "--rounds must be a positive whole number" >&2; exit 2; }
[[ "$CONCURRENCY" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] \
  || { echo "--concurrency must be a positive whole number or a comma-separated list of them" >&2; exit 2; }
IFS=, read -r -a CONCURRENCIES <<< "$CONCURRENCY"
# A sweep labels each measurement "route @connections", which the ratio table and SweepChart group by.
SWEEP=false
[ "${#CONCURRENCIES[@]}" = 1 ] || SWEEP=true

BASE=${BENCH_PORT_BASE:-18000}
DDB_PORT=$BASE
SOCIAL_PORT=$((BASE + 81))
ENROLLMENT_PORT=$((BASE + 82))
WORKSPACE_PORT=$((BASE + 83))
REFERENCE_PORT=$((BASE + 84))
HOST=127.0.0.1
SERVICES=(social-service enrollment-service workspace-service)
declare -A PORT_OF=([social-service]=$SOCIAL_PORT [enrollment-service]=$ENROLLMENT_PORT [workspace-service]=$WORKSPACE_PORT
  [reference-app]=$REFERENCE_PORT)
declare -A JAR_OF=([reference-app]="$ROOT/benchmarks/reference-app/target/quarkus-app/quarkus-run.jar")
for s in "${SERVICES[@]}"; do JAR_OF[$s]="$ROOT/$s/target/quarkus-app/quarkus-run.jar"; done
declare -A SERVICE_OF_ROUTE=([student-courses]=enrollment-service [course-roster]=enrollment-service
  [course-catalogue]=enrollment-service
  [enrol]=enrollment-service [user-posts]=social-service [user-get]=social-service
  [workspace-projects]=workspace-service [workspace-projects-by-status]=workspace-service
  [workspace-projects-sharded]=workspace-service [reference-get]=reference-app)
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
if $AOT_CACHE; then
  feature=$("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  [ "${feature%%.*}" -ge 25 ] 2>/dev/null \
    || { echo "--aot-cache needs JDK 25 or later (JAVA_HOME=...); $JAVA is ${feature:-unknown}" >&2; exit 2; }
fi
STAMP=$(date -u +%Y%m%d-%H%M%S)
OUT_DIR="$ROOT/data/bench"
RUN_DIR="$OUT_DIR/run-$STAMP"
RESULTS="$OUT_DIR/results-$STAMP.md"
SWEEP_CHART="$OUT_DIR/results-$STAMP-sweep.png"
TSV="$RUN_DIR/results.tsv"
BENCH_START=$(date +%s)
mkdir -p "$RUN_DIR/logs"
ROUTE_LIST=()
[ "$ROUTES" = none ] || IFS=, read -r -a ROUTE_LIST <<< "$ROUTES"
for route in ${ROUTE_LIST[@]+"${ROUTE_LIST[@]}"}; do
  [ -n "${SERVICE_OF_ROUTE[$route]:-}" ] || { echo "unknown route $route" >&2; exit 2; }
done
# The processes measured: the three services, and the reference app when reference-get is measured.
APPS=("${SERVICES[@]}")
[[ ",$ROUTES," != *,reference-get,* ]] || APPS+=(reference-app)

for port in $DDB_PORT $SOCIAL_PORT $ENROLLMENT_PORT $WORKSPACE_PORT $REFERENCE_PORT; do
  if (exec 3<>/dev/tcp/$HOST/$port) 2>/dev/null; then
    echo "port $port is in use; set BENCH_PORT_BASE to another base" >&2; exit 1
  fi
done

# 1. Tools: wrk from the OS packages.
"$ROOT/deploy/prerequisites.sh" wrk

# 2. Build what is missing (the suite as run.sh does; the benchmark module).
missing=false
[ -f "$ROOT/deploy/dynamodb-local/target/classes/dev/trident/local/server.classpath" ] || missing=true
[ -f "$ROOT/deploy/dynamodb-local/target/classes/dev/trident/local/tokens.classpath" ] || missing=true
for s in "${SERVICES[@]}"; do [ -f "${JAR_OF[$s]}" ] || missing=true; done
if $missing; then
  echo "building the suite (first run only) ..."
  (cd "$ROOT" && ./mvnw -B -q install -DskipTests)
fi
LOAD="$ROOT/benchmarks/load/target"
if [ ! -d "$LOAD/lib" ] || [ ! -f "$LOAD/classes/dev/trident/bench/load/Baseline.class" ] \
    || [ ! -f "$LOAD/classes/dev/trident/bench/load/ReadAmplification.class" ] || [ ! -f "${JAR_OF[reference-app]}" ] \
    || [ ! -f "$LOAD/classes/dev/trident/bench/load/SweepChart.class" ]; then
  echo "building benchmarks ..."
  (cd "$ROOT" && ./mvnw -B -q -f benchmarks/pom.xml package)
fi
LOAD_CP="$LOAD/classes:$LOAD/lib/*"
WRK_SCRIPT="$ROOT/benchmarks/load/src/main/wrk/routes.lua"

# wrk holds a descriptor per connection, and a sweep goes to 1,024 connections and more.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

# 3. Processes, all stopped on exit.
# shellcheck source=lib/scratch-stack.sh
. "$ROOT/deploy/lib/scratch-stack.sh"   # PIDS, stop_all on exit, and the scratch DynamoDB Local and environment
# The baseline's JVM is sized as the services' are (their options and glibc arena count), so that a ratio measures what
# Trident and its framework add to a request, not a small Serial heap against the JVM's default (G1 and a quarter of
# the host's memory). The options' JUL log manager is Quarkus' and not on the baseline's class path, hence the JDK's.
# BASELINE_JAVA_OPTS overrides them (empty: the JVM's defaults, how the baseline ran before 2026-11-27).
read -r -a BASELINE_JAVA_OPTS <<< "${BASELINE_JAVA_OPTS-${SERVICE_JAVA_OPTS[*]} -Djava.util.logging.manager=java.util.logging.LogManager}"

# CPU ms of a JVM's JIT compiler threads (C1/C2 CompilerThread): what it still spends compiling, apart from serving.
jit_ms() {
  local task f sum=0
  for task in /proc/"$1"/task/*; do
    case "$(cat "$task/comm" 2>/dev/null)" in
      "C1 CompilerThre"*|"C2 CompilerThre"*)
        f=$(sed 's/.*) //' "$task/stat" 2>/dev/null) || continue
        set -- $f
        sum=$(( sum + ${12} + ${13} )) ;;
    esac
  done
  echo $(( sum * 1000 / CLK_TCK ))
}

echo "starting DynamoDB Local on $HOST:$DDB_PORT (in memory) ..."
start_scratch_dynamodb "$DDB_PORT" "$RUN_DIR/logs/dynamodb-local.log"
# Bearer tokens: a key pair of this run only; the services trust its development issuer as the local stack does.
export_scratch_service_env "http://$HOST:$DDB_PORT" "$RUN_DIR/jwt" bench
export SOCIAL_SERVICE_URL="http://$HOST:$SOCIAL_PORT"
export WORKSPACE_SERVICE_URL="http://$HOST:$WORKSPACE_PORT"

# Started one after another, so each start-up is measured without the others competing for the 2 cores; with the
# images' JVM options unless TRIDENT_JAVA_OPTS says otherwise (SERVICE_JAVA_OPTS, deploy/lib/scratch-stack.sh).
declare -A PID_OF=() STARTUP_OF=()
# start_app <app> <log> [extra JVM options]: launches it, waits for its first ready answer, sets PID_OF and STARTUP_OF.
start_app() {
  local s=$1 log=$2 t0; shift 2
  app_main_args "${JAR_OF[$s]}" "$@"
  t0=$(now_ms)
  MALLOC_ARENA_MAX=$SERVICE_MALLOC_ARENA_MAX QUARKUS_HTTP_PORT=${PORT_OF[$s]} "$JAVA" \
    ${SERVICE_JAVA_OPTS[@]+"${SERVICE_JAVA_OPTS[@]}"} "$@" "${APP_MAIN_ARGS[@]}" > "$log" 2>&1 &
  PID_OF[$s]=$!
  PIDS+=($!)
  until curl -fsS -o /dev/null "http://$HOST:${PORT_OF[$s]}/q/health/ready" 2>/dev/null; do
    kill -0 "${PID_OF[$s]}" 2>/dev/null || { echo "$s exited; see $log" >&2; exit 1; }
    [ $(( $(now_ms) - t0 )) -lt 120000 ] || { echo "$s not ready after 120 s" >&2; exit 1; }
    sleep 0.02
  done
  STARTUP_OF[$s]=$(( $(now_ms) - t0 ))
}
for s in "${APPS[@]}"; do
  aot=()
  if $AOT_CACHE; then
    # The training run: the JVM writes the cache when it exits.
    start_app "$s" "$RUN_DIR/logs/$s-aot-training.log" -XX:AOTCacheOutput="$RUN_DIR/$s.aot"
    kill -TERM "${PID_OF[$s]}"; wait "${PID_OF[$s]}" 2>/dev/null || true
    [ -s "$RUN_DIR/$s.aot" ] || { echo "$s: no AOT cache written; see $RUN_DIR/logs/$s-aot-training.log" >&2; exit 1; }
    aot=(-XX:AOTCache="$RUN_DIR/$s.aot")
  fi
  start_app "$s" "$RUN_DIR/logs/$s.log" ${aot[@]+"${aot[@]}"}
  echo "  $s ready in ${STARTUP_OF[$s]} ms (pid ${PID_OF[$s]})"
done

# 4. Seed.
echo "seeding (scale $SCALE) ..."
"$JAVA" -cp "$LOAD_CP" dev.trident.bench.load.Seed --endpoint "http://$HOST:$DDB_PORT" --scale "$SCALE" \
  --social "http://$HOST:$SOCIAL_PORT" --enrollment "http://$HOST:$ENROLLMENT_PORT" \
  --workspace "http://$HOST:$WORKSPACE_PORT" --token "$(dev_tokens mint "$RUN_DIR/jwt" bench-http registrar)" \
  --out "$RUN_DIR"
# shellcheck disable=SC1091
. "$RUN_DIR/dataset.env"
# Every measured request is the reader's: it may read any student, enrol anyone, and is a member of every workspace.
READER_TOKEN=$(dev_tokens mint "$RUN_DIR/jwt" "$READER" registrar instructor admin --ttl 24h)

# 5. Read amplification of workspace-service's paged lists, one request at a time while nothing else calls it:
# Queries, items read (ScannedCount) and capacity units per page, from the service's own /q/metrics.
AMPLIFICATION="$RUN_DIR/read-amplification.md"
echo "read amplification of the paged project lists ..."
"$JAVA" -cp "$LOAD_CP" dev.trident.bench.load.ReadAmplification --workspace "http://$HOST:$WORKSPACE_PORT" \
  --token "$READER_TOKEN" --pages "${AMPLIFICATION_PAGES:-10}" --out "$AMPLIFICATION"

# 6. Measure each route: the service through wrk, then the baseline. The baseline is a fresh JVM per route: it warms
# up in passes of WARMUP seconds, at least two, until its own compiler threads are as quiet as the services' must be
# (JIT_SETTLED_PERCENT), and reports their CPU per request in the same column.
wrk_args() { # route phase
  echo "route=$1" "users=$USERS" "students=$STUDENTS" "courses=$COURSES" "workspaces=$WORKSPACES" \
    "enrolcourses=$ENROL_COURSES" "phase=$2" "threads=2" "token=$READER_TOKEN"
}
: > "$TSV"
# Every read route before any measurement, in passes, until the JIT has settled: a service's JIT compiles the shared
# request path (HTTP, JWT, JSON, the SDK) on whichever route comes first, and a route measured while its compiler
# threads still ran was measured at twice its steady CPU per request (the "first route of each service" effect: the
# same route measured first and again later, see benchmarks/README.md). A pass ends the warm-up when no service's
# compiler threads took more than JIT_SETTLED_PERCENT (default 3) of that service's CPU during it; at most
# WARMUP_PASSES (default 6) passes, at the first concurrency. enrol warms up in its own phase below.
declare -A PASS_CPU0=() PASS_JIT0=()
for pass in $(seq 1 "${WARMUP_PASSES:-6}"); do
  for s in "${APPS[@]}"; do PASS_CPU0[$s]=$(cpu_ms "${PID_OF[$s]}"); PASS_JIT0[$s]=$(jit_ms "${PID_OF[$s]}"); done
  for route in ${ROUTE_LIST[@]+"${ROUTE_LIST[@]}"}; do
    svc=${SERVICE_OF_ROUTE[$route]}
    [ "$route" != enrol ] || continue
    # shellcheck disable=SC2046
    wrk -t2 -c"${CONCURRENCIES[0]}" -d"${WARMUP}s" -s "$WRK_SCRIPT" "http://$HOST:${PORT_OF[$svc]}" -- $(wrk_args "$route" sw) \
      > "$RUN_DIR/logs/wrk-$route-jit-warmup-$pass.txt" 2>&1
  done
  settled=true; shares=""
  for s in "${APPS[@]}"; do
    cpu=$(( $(cpu_ms "${PID_OF[$s]}") - PASS_CPU0[$s] )); jit=$(( $(jit_ms "${PID_OF[$s]}") - PASS_JIT0[$s] ))
    share=$(( cpu > 0 ? jit * 100 / cpu : 0 ))
    shares="$shares $s ${share}%"
    [ "$cpu" -lt 1000 ] || [ "$share" -le "${JIT_SETTLED_PERCENT:-3}" ] || settled=false
  done
  echo "warm-up pass $pass over the read routes (${WARMUP}s each); JIT share of each service's CPU:$shares"
  echo "$pass$shares" >> "$RUN_DIR/warmup-passes.txt"
  [ "$settled" = false ] || break
done
for route in ${ROUTE_LIST[@]+"${ROUTE_LIST[@]}"}; do
 for conc in "${CONCURRENCIES[@]}"; do
  # enrol writes a new enrolment per request from pairs numbered per phase, so a sweep measures it once.
  [ "$route" != enrol ] || [ "$conc" = "${CONCURRENCIES[0]}" ] || continue
  label=$route
  ! $SWEEP || label="$route @$conc"
  svc=${SERVICE_OF_ROUTE[$route]}
  url="http://$HOST:${PORT_OF[$svc]}"
  pid=${PID_OF[$svc]}
  echo "route $route ($svc): warm-up ${WARMUP}s, measure ${DURATION}s at $conc connections"
  # The route's own warm-up, again in passes until the service's compiler threads are quiet: enrol is warmed up only
  # here, and its first pass still compiled (0.57-0.65 ms of JIT per request measured). enrol's next pass goes on
  # from the first pair the last one did not send (start=), so every warm-up request is a real 201 too.
  sent=0
  for pass in $(seq 1 "${WARMUP_PASSES:-6}"); do
    c0=$(cpu_ms "$pid"); j0=$(jit_ms "$pid")
    # shellcheck disable=SC2046
    wrk -t2 -c"$conc" -d"${WARMUP}s" -s "$WRK_SCRIPT" "$url" -- $(wrk_args "$route" sw) "start=$sent" \
      > "$RUN_DIR/logs/wrk-$route-c$conc-warmup-$pass.txt" 2>&1
    read -r _ sent < <(grep "^NEXT" "$RUN_DIR/logs/wrk-$route-c$conc-warmup-$pass.txt") || sent=0
    cpu=$(( $(cpu_ms "$pid") - c0 )); jit=$(( $(jit_ms "$pid") - j0 ))
    share=$(( cpu > 0 ? jit * 100 / cpu : 0 ))
    [ "$cpu" -lt 1000 ] || [ "$share" -le "${JIT_SETTLED_PERCENT:-3}" ] && break
    echo "  warm-up pass $pass: JIT ${share}% of $svc's CPU, warming up again"
  done
  # enrol writes a new enrolment per request, so it is measured once: a round of its own would start again from pairs
  # the baseline had already enrolled.
  rounds=$ROUNDS
  [ "$route" != enrol ] || rounds=1
  for round in $(seq 1 "$rounds"); do
    [ "$rounds" = 1 ] || echo "  round $round of $rounds"
    c0=$(cpu_ms "$pid"); d0=$(cpu_ms $DDB_SERVER_PID); j0=$(jit_ms "$pid")
    # wrk runs in a shell of its own that then prints its children's CPU (cutime + cstime): the load generator's cost,
    # which shares the cores with the service and DynamoDB Local (the baseline generates its load inside the SDK client).
    # shellcheck disable=SC2016,SC2046
    w=$(sh -c 'wrk "$@" > "$0" 2>&1; sed "s/.*) //" /proc/$$/stat | cut -d" " -f14,15' "$RUN_DIR/logs/wrk-$route.txt" \
      -t2 -c"$conc" -d"${DURATION}s" --timeout 10s -s "$WRK_SCRIPT" "$url" -- $(wrk_args "$route" sm))
    cp "$RUN_DIR/logs/wrk-$route.txt" "$RUN_DIR/logs/wrk-$route-c$conc-round-$round.txt"
    c1=$(cpu_ms "$pid"); d1=$(cpu_ms $DDB_SERVER_PID); j1=$(jit_ms "$pid")
    w=$(( (${w% *} + ${w#* }) * 1000 / CLK_TCK ))
    # Served answers (2xx and errors), their percentiles, and the answers shed with 503 + Retry-After apart; the CPU
    # columns are per served answer, so what shedding costs is in them.
    read -r _ req err secs p50 p99 shed < <(grep '^RESULT' "$RUN_DIR/logs/wrk-$route.txt")
    awk -v r="$label" -v s="$svc" -v n="$req" -v e="$err" -v t="$secs" -v p50="$p50" -v p99="$p99" -v shed="${shed:-0}" \
        -v c=$((c1 - c0)) -v d=$((d1 - d0)) -v j=$((j1 - j0)) -v w="$w" 'BEGIN { n = (n > 0) ? n : 1
      printf "%s\t%s\t%d\t%d\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\n", r, s, n, e, t, n / t, p50, p99, c / n,
        d / n, j / n, w / n, shed / t }' >> "$TSV"
    tail -n 1 "$TSV"
    MALLOC_ARENA_MAX=$SERVICE_MALLOC_ARENA_MAX "$JAVA" "${BASELINE_JAVA_OPTS[@]}" -cp "$LOAD_CP" \
      dev.trident.bench.load.Baseline --endpoint "http://$HOST:$DDB_PORT" --scale "$SCALE" \
      --route "$route" --concurrency "$conc" --warmup "$WARMUP" --duration "$DURATION" \
      --warmup-passes $(( ${WARMUP_PASSES:-6} + 2 )) --jit-settled-percent "${JIT_SETTLED_PERCENT:-3}" \
      --ddb-pid $DDB_SERVER_PID --clk-tck "$CLK_TCK" --http-client "${BASELINE_HTTP_CLIENT:-netty}" --out "$TSV" \
      2>> "$RUN_DIR/logs/baseline-$route.log"
    # The baseline writes the plain route name; in a sweep its line gets the service line's label.
    ! $SWEEP || sed -i "\$s/^$route\t/$label\t/" "$TSV"
  done
 done
done
if $SWEEP; then
  "$JAVA" -Djava.awt.headless=true -cp "$LOAD_CP" dev.trident.bench.load.SweepChart --tsv "$TSV" \
    --png "$SWEEP_CHART" --table "$RUN_DIR/sweep.md" --title "scale $SCALE"
fi

# 7. Report.
{
  echo "# Trident benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "Scale \`$SCALE\` ($SEEDED_ITEMS items seeded in $SEED_SECONDS s: $USERS users, $STUDENTS students x" \
       "20 of $COURSES courses, $((WORKSPACES + 2)) workspaces, $SHARDED_WORKSPACE (4 shards) and" \
       "$WIDE_WORKSPACE (16 shards, $WIDE_PROJECTS projects) sharded)." \
       "$CONCURRENCY in flight, warm-up ${WARMUP} s, measured ${DURATION} s per route and side." \
       "$(nproc) cores, $("$JAVA" -version 2>&1 | head -1), service JVM options \`${SERVICE_JAVA_OPTS[*]:-none}\`$(
         $AOT_CACHE && echo ", each app with an AOT cache trained by one run of its own"), baseline JVM options" \
       "\`${BASELINE_JAVA_OPTS[*]:-none}\`, baseline HTTP client ${BASELINE_HTTP_CLIENT:-netty}."
  echo
  if $SWEEP; then
    echo "The sweep, medians of the rounds at each concurrency (CPU vs lowest: the CPU per request against the same" \
         "side's at the lowest concurrency); chart: \`${SWEEP_CHART#"$ROOT"/}\`:"
    echo
    cat "$RUN_DIR/sweep.md"
    echo
  fi
  echo "| route | side | req/s served | p50 ms | p99 ms | CPU ms/req (service or SDK client) | of which JIT compiler" \
       "threads | DynamoDB Local CPU ms/req | wrk CPU ms/req | errors | shed/s (503 + Retry-After) |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  # With rounds, each line's route carries its round: "user-get (2)".
  awk -F'\t' -v rounds="$ROUNDS" '{ jit = (NF >= 11) ? sprintf("%.3f", $11) : "-"; wrk = (NF >= 12) ? sprintf("%.3f", $12) : "-"
    shed = (NF >= 13) ? sprintf("%.0f", $13) : "-"
    k = $1 SUBSEP $2; round[k]++; r = (rounds > 1) ? sprintf("%s (%d)", $1, round[k]) : $1
    printf "| %s | %s | %.0f | %.2f | %.2f | %.3f | %s | %.3f | %s | %d | %s |\n", r, $2, $6, $7, $8, $9, jit, $10, wrk, $4,
      shed }' "$TSV"
  echo
  if [ "$ROUNDS" = 1 ]; then
    echo "Service vs baseline (targets: p50 <= 1.15x, throughput >= 0.85x):"
  else
    echo "Service vs baseline, the median of each route's rounds (each round: the service measured, then the baseline);"
    echo "the targets (p50 <= 1.15x, throughput >= 0.85x) judged on the medians; every round's ratios in the last columns:"
  fi
  echo
  echo "| route | throughput ratio | p50 ratio | p99 ratio | service CPU / DynamoDB Local CPU | ceiling | targets |$(
    [ "$ROUNDS" = 1 ] || echo " rounds: throughput ratio | rounds: p50 ratio |")"
  echo "|---|---:|---:|---:|---:|---:|---|$([ "$ROUNDS" = 1 ] || echo "---|---|")"
  # Round i of a route pairs the service's i-th line with the baseline's i-th line.
  awk -F'\t' -v rounds="$ROUNDS" '
    function median(list,   v, m, i, j, t) {
      m = split(list, v, " ")
      for (i = 2; i <= m; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] + 0 > t + 0; j--) v[j + 1] = v[j]; v[j + 1] = t }
      return (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
    }
    $2 != "baseline" { if (!(($1) in ns)) order[++n] = $1; s[$1, ++ns[$1]] = $0 }
    $2 == "baseline" { b[$1, ++nb[$1]] = $0 }
    END { for (i = 1; i <= n; i++) { r = order[i]; m = (ns[r] < nb[r]) ? ns[r] : nb[r]; if (m == 0) continue
      tl = pl = ql = cl = el = tc = pc = ""
      for (k = 1; k <= m; k++) {
        split(s[r, k], x, "\t"); split(b[r, k], y, "\t")
        t = sprintf("%.2f", x[6] / y[6]); p = sprintf("%.2f", x[7] / y[7])
        tl = tl " " t; pl = pl " " p; tc = tc (k > 1 ? ", " : "") t; pc = pc (k > 1 ? ", " : "") p
        ql = ql " " (x[8] / y[8]); cl = cl " " ((x[10] > 0) ? x[9] / x[10] : 0)
        el = el " " ((y[9] + y[10]) / (y[9] + x[10] + x[12]))
      }
      tr = median(tl); pr = median(pl)
      ok = (tr >= 0.85 && pr <= 1.15) ? "met" : "missed"
      extra = (rounds > 1) ? sprintf(" %s | %s |", tc, pc) : ""
      printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %s |%s\n", r, tr, pr, median(ql), median(cl), median(el), ok,
        extra } }' "$TSV"
  echo
  echo "Ceiling: the throughput ratio the service side would reach, with every core busy on both sides, if the service" \
       "cost no more CPU per request than the SDK client does: (client + DynamoDB Local) / (client + DynamoDB Local" \
       "+ wrk), each per request. On a machine where wrk and DynamoDB Local share the cores with the service, a ceiling" \
       "under 0.85 means no service could meet the throughput target here."
  echo
  echo "Read amplification of workspace-service's paged lists (one request at a time; Queries, items read and" \
       "capacity units from its /q/metrics; capacity as DynamoDB Local reports it):"
  echo
  cat "$AMPLIFICATION"
  echo
  echo "| service | start-up to first ready response ms | RSS after the run MB | of which file-backed MB |"
  echo "|---|---:|---:|---:|"
  for s in "${APPS[@]}"; do
    echo "| $s | ${STARTUP_OF[$s]} | $(rss_mib "${PID_OF[$s]}") | $(rss_file_mib "${PID_OF[$s]}") |"
  done
  echo "| DynamoDB Local | - | $(rss_mib $DDB_SERVER_PID) | $(rss_file_mib $DDB_SERVER_PID) |"
  echo
  echo "Load while measuring (other work on this machine skews every number): $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
  echo "HTTP path check (through the services before the bulk seed):"
  echo
  sed 's/^/    /' "$RUN_DIR/http-check.txt"
  echo
  echo "Total wall time $(( $(date +%s) - BENCH_START )) s. Raw data and logs: \`${RUN_DIR#"$ROOT"/}\`."
} > "$RESULTS"
echo
cat "$RESULTS"
echo
echo "written to ${RESULTS#"$ROOT"/}"
