#!/usr/bin/env bash
# The capacity plan of a workload profile, one command:
#   deploy/capacity.sh [--profile deploy/capacity/profile-1m.properties] [--units deploy/capacity/units.tsv]
# Reads the profile (users, posts, courses and workspaces; logical operations per second; item size factors; the
# write shard counts; DynamoDB's per-partition limits; on-demand prices) and the units per logical operation that
# deploy/mix.sh measured (deploy/capacity/units.tsv), and prints, for the table and each index, every partition
# family's write and read units per second and those of its hottest partition against DynamoDB's limits (1,000 WCU/s
# and 3,000 RCU/s per partition), the table's total units and the monthly on-demand cost. Exits 1 when a partition is
# over its limit, 2 on a bad profile. docs/scale.md explains the model and the documented profile.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PROFILE="$ROOT/deploy/capacity/profile-1m.properties"
UNITS="$ROOT/deploy/capacity/units.tsv"
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) PROFILE=$2; shift ;;
    --units) UNITS=$2; shift ;;
    -h|--help) sed -n 2,9p "$0"; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
[ -f "$PROFILE" ] || { echo "no profile at $PROFILE" >&2; exit 2; }
[ -f "$UNITS" ] || { echo "no measurement at $UNITS (deploy/mix.sh --write-measurement writes it)" >&2; exit 2; }

JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
HARNESS="$ROOT/deploy/chaos/target"
if [ ! -f "$HARNESS/classes/dev/trident/chaos/CapacityPlan.class" ] || [ ! -d "$HARNESS/lib" ]; then
  echo "building deploy/chaos ..." >&2
  (cd "$ROOT" && ./mvnw -B -q package -DskipTests -pl deploy/chaos -am) >&2
fi
exec "$JAVA" -cp "$HARNESS/classes:$HARNESS/lib/*" dev.trident.chaos.CapacityPlan --profile "$PROFILE" --units "$UNITS"
