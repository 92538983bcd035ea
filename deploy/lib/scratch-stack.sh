# Sourced by deploy/bench.sh, deploy/startup.sh, deploy/extension-costs.sh and deploy/chaos.sh: a scratch stack of their own, apart from deploy/run.sh's.
# Needs ROOT, JAVA and HOST. Every process a caller starts goes into PIDS; all of them are stopped on exit,
# Ctrl-C or SIGTERM (a closed output pipe must not cut that short, hence SIGPIPE ignored while stopping).

. "$ROOT/deploy/lib/dev-tokens.sh"

PIDS=()

# The services' JVM: the images' options (deploy/containers/jvm-options, as a java @argfile) unless TRIDENT_JAVA_OPTS
# says otherwise (empty: the JVM's defaults), and the images' glibc arena count.
read -r -a SERVICE_JAVA_OPTS <<< "${TRIDENT_JAVA_OPTS-@$ROOT/deploy/containers/jvm-options}"
SERVICE_MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
# app_main_args <quarkus-run.jar> [JVM options...]: sets APP_MAIN_ARGS to what follows the JVM options on the command
# line that starts that app: -jar quarkus-run.jar; or, when the options give it an AOT cache to use or to write
# (-XX:AOTCache=..., -XX:AOTCacheOutput=...), its classes on the application class path and its main class, as the
# images start it with their cache (deploy/containers/launch-args.sh says why). The class path is listed once per app
# (the first time is its training run), so no timed start pays for listing it.
declare -A CLASS_PATH_LAUNCH_OF=()
app_main_args() {
  local jar=$1 option; shift
  APP_MAIN_ARGS=(-jar "$jar")
  for option in "$@"; do
    case "$option" in
      -XX:AOTCache=*|-XX:AOTCacheOutput=*)
        [ -n "${CLASS_PATH_LAUNCH_OF[$jar]:-}" ] \
          || CLASS_PATH_LAUNCH_OF[$jar]=$("$ROOT/deploy/containers/launch-args.sh" "$(dirname "$jar")") || return 1
        mapfile -t APP_MAIN_ARGS <<< "${CLASS_PATH_LAUNCH_OF[$jar]}"
        return 0 ;;
    esac
  done
}
stop_all() {
  trap '' PIPE
  trap - INT TERM EXIT
  if [ ${#PIDS[@]} -gt 0 ]; then
    kill "${PIDS[@]}" 2>/dev/null || true
    wait "${PIDS[@]}" 2>/dev/null || true
  fi
}
# Readings of a process the scripts measure.
CLK_TCK=$(getconf CLK_TCK)
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
cpu_ms() { # PID: utime + stime of all its threads, in ms (0 once it is gone)
  local f; f=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null) || { echo 0; return; }
  set -- $f
  echo $(( (${12} + ${13}) * 1000 / CLK_TCK ))
}
# FIELD PID: a kB field of /proc/PID/status in MiB ("?" once the process is gone).
status_mib() { awk -v field="$1:" '$1 == field { printf "%.0f", $2 / 1024 }' "/proc/$2/status" 2>/dev/null || echo "?"; }
rss_mib() { status_mib VmRSS "$1"; } # PID
# PID: the file-backed part of its RSS (mapped class archives, the JVM's library, jars), shared with any other process
# that maps the same files and given back by the kernel under memory pressure.
rss_file_mib() { status_mib RssFile "$1"; }

trap 'stop_all; exit 130' INT
trap 'stop_all; exit 143' TERM
trap stop_all EXIT

# start_scratch_dynamodb PORT LOG: an in-memory DynamoDB Local on HOST:PORT; returns once it answers.
# Sets DDB_PID (the launcher) and DDB_SERVER_PID (the server JVM the launcher runs, the one to measure).
start_scratch_dynamodb() {
  local port=$1 log=$2
  "$JAVA" -cp "$ROOT/deploy/dynamodb-local/target/classes" dev.trident.local.DynamoDbLocal \
    --host "$HOST" --port "$port" --in-memory > "$log" 2>&1 &
  DDB_PID=$!
  PIDS+=($DDB_PID)
  for _ in $(seq 1 300); do
    grep -q "ready at" "$log" 2>/dev/null && break
    kill -0 $DDB_PID 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  DDB_SERVER_PID=$(pgrep -P $DDB_PID | head -n 1 || true)
  DDB_SERVER_PID=${DDB_SERVER_PID:-$DDB_PID}
}

# export_scratch_service_env DYNAMODB_URL JWT_DIR SECRET_ID: what the services read, for a scratch stack: the
# DynamoDB client, table bootstrap, a random cursor secret, and a key pair of its own under JWT_DIR whose
# development issuer the services trust as they do on the local stack.
export_scratch_service_env() {
  local endpoint=$1 jwt_dir=$2 secret_id=$3
  dev_tokens keys "$jwt_dir" > /dev/null
  export TRIDENT_JWT_PUBLIC_KEY_LOCATION="file:$jwt_dir/dev-public.pem"
  export TRIDENT_JWT_ISSUER="https://trident.local/dev"
  export TRIDENT_JWT_AUDIENCE=trident
  export TRIDENT_AUTH_LOCAL_STACK=true
  export QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE="$endpoint"
  export QUARKUS_DYNAMODB_AWS_REGION=us-east-1
  export QUARKUS_DYNAMODB_AWS_CREDENTIALS_TYPE=static
  export QUARKUS_DYNAMODB_AWS_CREDENTIALS_STATIC_PROVIDER_ACCESS_KEY_ID=local
  export QUARKUS_DYNAMODB_AWS_CREDENTIALS_STATIC_PROVIDER_SECRET_ACCESS_KEY=local
  export TRIDENT_TABLE_BOOTSTRAP=true
  export TRIDENT_CURSOR_SECRETS="$secret_id:$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  export QUARKUS_HTTP_HOST=$HOST
}

# start_scratch_service JAR PORT LOG: launches a service's packaged jar on HOST:PORT in the background with the images'
# JVM options (output appended to LOG, so that a restarted service keeps one log); does not wait. Sets SERVICE_PID.
start_scratch_service() {
  local jar=$1 port=$2 log=$3
  app_main_args "$jar"
  MALLOC_ARENA_MAX=$SERVICE_MALLOC_ARENA_MAX QUARKUS_HTTP_PORT=$port "$JAVA" \
    ${SERVICE_JAVA_OPTS[@]+"${SERVICE_JAVA_OPTS[@]}"} "${APP_MAIN_ARGS[@]}" >> "$log" 2>&1 &
  SERVICE_PID=$!
  PIDS+=($SERVICE_PID)
}

# await_scratch_service PORT PID LOG SECONDS: returns once HOST:PORT answers its readiness UP; 1 when the process exits
# or SECONDS pass first.
await_scratch_service() {
  local port=$1 pid=$2 log=$3 deadline=$(( $(date +%s) + $4 ))
  until curl -fsS -o /dev/null --max-time 2 "http://$HOST:$port/q/health/ready" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { echo "the service on port $port exited; see $log" >&2; return 1; }
    [ "$(date +%s)" -lt "$deadline" ] || { echo "the service on port $port is not ready after $4 s; see $log" >&2; return 1; }
    sleep 0.1
  done
}
