# Sourced by deploy/run.sh, deploy/chaos.sh and deploy/mix.sh.

# port_in_use HOST PORT: whether something accepts TCP connections on HOST:PORT (tried for at most 2 s).
port_in_use() {
  timeout 2 bash -c 'exec 3<>"/dev/tcp/$1/$2"' _ "$1" "$2" 2>/dev/null
}

# free_port_block HOST COUNT: prints BASE such that BASE..BASE+COUNT-1 are free on HOST. The block lies below the
# kernel's ephemeral range, so no outgoing connection can take one of its ports between this check and the bind.
free_port_block() {
  local host=$1 count=$2 low=32768 base port busy
  if [ -r /proc/sys/net/ipv4/ip_local_port_range ]; then read -r low _ < /proc/sys/net/ipv4/ip_local_port_range; fi
  local first=10000 last=$(( low - count ))
  [ "$last" -gt "$first" ] || { echo "no room below the ephemeral range (from $low)" >&2; return 1; }
  for _ in $(seq 1 50); do
    base=$(( first + RANDOM % (last - first) ))
    busy=false
    for (( port = base; port < base + count; port++ )); do
      ! port_in_use "$host" "$port" || { busy=true; break; }
    done
    $busy || { echo "$base"; return 0; }
  done
  echo "no $count free ports found on $host" >&2
  return 1
}
