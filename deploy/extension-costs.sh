#!/usr/bin/env bash
# What each Quarkus extension of the services costs a start, measured on the reference app (benchmarks/reference-app:
# the services' exact extension set, no Trident code): one build of the app per extension, without that extension,
# then launch to the first 200 on /q/health/ready, the CPU used until then and RSS at ready, against the app with all
# of them, in the same run.
#   deploy/extension-costs.sh [--runs N]     N starts per build (default 6), after one unmeasured start each; the
#                                             builds take turns start by start, each round in a rotated order, so
#                                             the machine's drift (0.3 s between rounds here) falls on all alike
# Kept in every build: rest-jackson and amazon-dynamodb (the app's one route) and smallrye-health (what answers
# readiness). The JVM options are the images'
# (deploy/containers/jvm-options) unless TRIDENT_JAVA_OPTS says otherwise, as in deploy/startup.sh.
# Builds and logs go to data/bench/extension-costs-<timestamp>/, the table to data/bench/extension-costs-<timestamp>.md.
# About 8 minutes on 2 cores.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROUNDS=6
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) ROUNDS=$2; shift ;;
    -h|--help) sed -n 2,13p "$0"; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
HOST=127.0.0.1
BASE=${BENCH_PORT_BASE:-18000}
PORT=$((BASE + 84))
REFERENCE="$ROOT/benchmarks/reference-app"
STAMP=$(date -u +%Y%m%d-%H%M%S)
RUN_DIR="$ROOT/data/bench/extension-costs-$STAMP"
RESULTS="$ROOT/data/bench/extension-costs-$STAMP.md"
mkdir -p "$RUN_DIR/logs"

# The reference's extensions as its pom lists them, but for those the app cannot run without.
mapfile -t EXTENSIONS < <(grep -o '<artifactId>quarkus-[a-z-]*</artifactId>' "$REFERENCE/pom.xml" \
  | sed 's|</\?artifactId>||g' | grep -v -x -e quarkus-maven-plugin -e quarkus-rest-jackson -e quarkus-amazon-dynamodb \
    -e quarkus-smallrye-health)
BUILDS=(all "${EXTENSIONS[@]}")

# build <name>: a copy of the reference app without extension <name> ("all": unchanged), packaged.
build() {
  local name=$1 dir="$RUN_DIR/$1"
  mkdir -p "$dir"
  cp -r "$REFERENCE/src" "$dir/"
  sed "s|<relativePath>../../service-parent/pom.xml</relativePath>|<relativePath>$ROOT/service-parent/pom.xml</relativePath>|" \
    "$REFERENCE/pom.xml" > "$dir/pom.xml"
  if [ "$name" != all ]; then
    # Drop the <dependency> block whose artifactId is the extension.
    awk -v ext="$name" '
      /<dependency>/ { block = $0; inside = 1; next }
      inside { block = block "\n" $0; if (/<\/dependency>/) { inside = 0; if (block !~ "<artifactId>" ext "</artifactId>") print block }; next }
      { print }' "$dir/pom.xml" > "$dir/pom.tmp" && mv "$dir/pom.tmp" "$dir/pom.xml"
    ! grep -q "<artifactId>$name</artifactId>" "$dir/pom.xml" || { echo "could not remove $name" >&2; exit 1; }
  fi
  (cd "$dir" && "$ROOT/mvnw" -B -q package -DskipTests -f "$dir/pom.xml") > "$RUN_DIR/logs/build-$name.log" 2>&1 \
    || { echo "building the reference without $name failed: see $RUN_DIR/logs/build-$name.log" >&2; exit 1; }
}

for b in "${BUILDS[@]}"; do
  echo "building the reference app: ${b/#quarkus-/without quarkus-}" >&2
  build "$b"
done

# shellcheck source=lib/scratch-stack.sh
. "$ROOT/deploy/lib/scratch-stack.sh"   # PIDS, stop_all on exit, the scratch DynamoDB Local and environment
start_scratch_dynamodb "$BASE" "$RUN_DIR/logs/dynamodb-local.log"
export_scratch_service_env "http://$HOST:$BASE" "$RUN_DIR/jwt" extension-costs

# start <build>: prints "<ms to ready> <CPU ms until ready> <RSS MiB at ready>" and stops the app again.
start() {
  local t0 pid ms cpu rss
  t0=$(now_ms)
  MALLOC_ARENA_MAX=$SERVICE_MALLOC_ARENA_MAX QUARKUS_HTTP_PORT=$PORT "$JAVA" \
    ${SERVICE_JAVA_OPTS[@]+"${SERVICE_JAVA_OPTS[@]}"} -jar "$RUN_DIR/$1/target/quarkus-app/quarkus-run.jar" \
    >> "$RUN_DIR/logs/$1.log" 2>&1 &
  pid=$!
  PIDS+=($pid)
  until curl -fsS -o /dev/null "http://$HOST:$PORT/q/health/ready" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { echo "the reference app ($1) exited; see $RUN_DIR/logs/$1.log" >&2; exit 1; }
    sleep 0.01
  done
  ms=$(( $(now_ms) - t0 ))
  cpu=$(cpu_ms "$pid")
  rss=$(rss_mib "$pid")
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
  echo "$ms $cpu $rss"
}

: > "$RUN_DIR/starts.tsv"
for b in "${BUILDS[@]}"; do start "$b" > /dev/null; done   # warms the page cache for each build; not counted
for round in $(seq "$ROUNDS"); do
  echo "round $round of $ROUNDS" >&2
  for i in "${!BUILDS[@]}"; do
    b=${BUILDS[$(( (i + round) % ${#BUILDS[@]} ))]}
    printf '%s\t%s\n' "$b" "$(start "$b" | tr ' ' '\t')" >> "$RUN_DIR/starts.tsv"
  done
done

{
  echo "# What each extension costs the reference app's start, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "\`deploy/extension-costs.sh --runs $ROUNDS\`: benchmarks/reference-app built once with all of the services' extensions"
  echo "and once without each; $ROUNDS starts per build (mean), builds in turn; JVM options \`${SERVICE_JAVA_OPTS[*]:-none}\`;"
  echo "$(nproc) cores. A negative difference is what leaving the extension out saves."
  echo
  echo "| build | ready | difference | CPU until ready | difference | RSS at ready | difference |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  awk -F'\t' '
    { ms[$1] += $2; cpu[$1] += $3; rss[$1] += $4; n[$1]++; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
    END {
      am = ms["all"] / n["all"]; ac = cpu["all"] / n["all"]; ar = rss["all"] / n["all"]
      for (i = 1; i <= k; i++) {
        b = order[i]; m = ms[b] / n[b]; c = cpu[b] / n[b]; r = rss[b] / n[b]
        name = b == "all" ? "all extensions" : "without " b
        if (b == "all") printf "| %s | %.2f s | | %.2f s | | %.0f MiB | |\n", name, m / 1000, c / 1000, r
        else printf "| %s | %.2f s | %+.2f s | %.2f s | %+.2f s | %.0f MiB | %+.0f MiB |\n", name, m / 1000, (m - am) / 1000, c / 1000, (c - ac) / 1000, r, r - ar
      }
    }' "$RUN_DIR/starts.tsv"
} > "$RESULTS"
cat "$RESULTS"
echo "written to ${RESULTS#"$ROOT"/}"
