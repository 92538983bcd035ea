# Sourced by deploy/containers.sh: which container engine to talk to, and a private one where there is none.
#
# On a normal Docker host the host's engine is used as it is (DOCKER_HOST, or the default socket). Where none is
# reachable and we are root with dockerd installed (a CI machine, a sandbox without systemd), a private engine is
# started with host networking only: no bridge, no iptables, no forwarding, because only loopback traffic is
# allowed on such machines. Its state lives under TRIDENT_DOCKER_ROOT (default /var/lib/trident-docker: images stay
# there between runs, so a second `up` builds nothing), its socket and pid file under TRIDENT_DOCKER_RUN
# (default /run/trident-docker). `engine_stop` stops it again and only it: the engine is ours when its pid file is.

TRIDENT_DOCKER_ROOT=${TRIDENT_DOCKER_ROOT:-/var/lib/trident-docker}
TRIDENT_DOCKER_RUN=${TRIDENT_DOCKER_RUN:-/run/trident-docker}
PRIVATE_SOCKET="$TRIDENT_DOCKER_RUN/docker.sock"
PRIVATE_PIDFILE="$TRIDENT_DOCKER_RUN/dockerd.pid"
PRIVATE_LOG="$TRIDENT_DOCKER_ROOT/dockerd.log"

engine_answers() { docker info > /dev/null 2>&1; }

# The pid of the private engine when it runs, else nothing.
private_engine_pid() {
  local pid
  [ -s "$PRIVATE_PIDFILE" ] || return 0
  pid=$(cat "$PRIVATE_PIDFILE")
  if kill -0 "$pid" 2>/dev/null && grep -q dockerd "/proc/$pid/comm" 2>/dev/null; then
    echo "$pid"
  fi
}

# engine_connect: exports DOCKER_HOST for an engine that answers; returns 1 when there is none.
engine_connect() {
  if [ -n "$(private_engine_pid)" ]; then
    export DOCKER_HOST="unix://$PRIVATE_SOCKET"
    engine_answers && return 0
  fi
  engine_answers
}

# engine_start: connects to the host's engine, or starts the private one (root only; installs docker.io if missing).
engine_start() {
  if engine_connect; then
    return 0
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "no container engine answers (DOCKER_HOST=${DOCKER_HOST:-unset}); start Docker, or run as root to let" \
         "this script start a private engine" >&2
    return 1
  fi
  command -v dockerd > /dev/null 2>&1 || "$ROOT/deploy/prerequisites.sh"
  mkdir -p "$TRIDENT_DOCKER_ROOT" "$TRIDENT_DOCKER_RUN"
  # Its own data and exec roots, socket and pid file: it never meets another engine on this machine.
  # The daemon outlives this script: it must not keep the caller's open files (e.g. a lock taken with flock around
  # deploy/containers.sh up would stay held for as long as the engine runs), so every descriptor above 2 is closed.
  (cd / && for fd in /proc/$BASHPID/fd/*; do fd=${fd##*/}; [ "$fd" -le 2 ] || eval "exec $fd>&-"; done
   exec setsid dockerd --bridge=none --iptables=false --ip6tables=false --ip-forward=false --ip-masq=false \
      --storage-driver=overlay2 --data-root="$TRIDENT_DOCKER_ROOT/engine" --exec-root="$TRIDENT_DOCKER_RUN/exec" \
      --pidfile="$PRIVATE_PIDFILE" -H "unix://$PRIVATE_SOCKET" > "$PRIVATE_LOG" 2>&1 < /dev/null &)
  export DOCKER_HOST="unix://$PRIVATE_SOCKET"
  for _ in $(seq 1 150); do
    engine_answers && { echo "started a private container engine (host networking only; state in $TRIDENT_DOCKER_ROOT)"; return 0; }
    sleep 0.2
  done
  echo "the private container engine did not answer within 30 s; see $PRIVATE_LOG" >&2
  return 1
}

# engine_stop: stops the private engine if it runs (SIGTERM, then waits for it; it stops within a few seconds).
engine_stop() {
  local pid
  pid=$(private_engine_pid)
  [ -n "$pid" ] || return 0
  kill "$pid"
  for _ in $(seq 1 150); do
    if ! kill -0 "$pid" 2>/dev/null; then
      # The engine leaves its default network namespace mounted under its exec root: nothing may stay behind.
      if mountpoint -q "$TRIDENT_DOCKER_RUN/exec/netns/default" 2>/dev/null; then
        umount "$TRIDENT_DOCKER_RUN/exec/netns/default" || true
      fi
      rm -f "$PRIVATE_PIDFILE"
      echo "stopped the private container engine"
      return 0
    fi
    sleep 0.2
  done
  echo "the private container engine (pid $pid) did not stop within 30 s; killing it" >&2
  kill -9 "$pid" 2>/dev/null || true
}
