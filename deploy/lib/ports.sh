# Sourced by deploy/run.sh.

# port_in_use HOST PORT: whether something accepts TCP connections on HOST:PORT (tried for at most 2 s).
port_in_use() {
  timeout 2 bash -c 'exec 3<>"/dev/tcp/$1/$2"' _ "$1" "$2" 2>/dev/null
}
