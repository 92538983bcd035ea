#!/usr/bin/env bash
# All of Trident's tests, on a fresh machine: the packages the tests need, then the Maven build with every
# unit, service, packaged-jar and browser test on a real DynamoDB Local, then a bounded chaos run of the packaged
# services (deploy/chaos.sh: faults injected, the history checked, the table audited), then the write shares of an
# everyday mix and the capacity plan (deploy/mix.sh, deploy/capacity.sh), then a smoke of the start-up measurement,
# then the whole suite in containers (deploy/containers.sh up, test, down: images built here, from Debian's packages
# where no registry is reachable), then the native sources of each service (GraalVM cannot be had everywhere; the sources prove the native build
# steps pass). Prints how long each step took.
set -euo pipefail
cd "$(dirname "$0")/.."

declare -a TIMES=()
step() { # name command...
  local name=$1 started=$SECONDS
  shift
  echo "=== $name"
  "$@"
  TIMES+=("$(printf '%-28s %5d s' "$name" $((SECONDS - started)))")
}
report() { [ ${#TIMES[@]} -eq 0 ] || { echo "=== steps"; printf '  %s\n' "${TIMES[@]}"; }; }

step prerequisites deploy/prerequisites.sh
step "maven verify" ./mvnw -B verify
# The services' jars under faults (DynamoDB Local frozen, services killed) with the history checked and the table
# audited afterwards: deploy/chaos.sh.
step chaos deploy/chaos.sh --duration 120
# Where the write units go under an everyday mix of 60 then 120 users (deploy/mix.sh): no partition of the table or an
# index over 2% of all write units, the hottest share falling as the users double, the committed units per operation
# (deploy/capacity/units.tsv) still what the services spend. About 4 minutes.
step "write shares" deploy/mix.sh --users 60,120 --compare deploy/capacity/units.tsv
# The capacity plan passes at the documented profile and fails on one that overloads a partition.
step "capacity plan" deploy/capacity.sh
step "capacity plan overloaded" bash -c 'deploy/capacity.sh \
  --profile deploy/chaos/src/test/resources/capacity/unsharded-timeline.properties > /dev/null; test $? -eq 1'
# A smoke of the start-up measurement (one start per app, no load, no JDK 25): the full run is deploy/startup.sh.
step "start-up smoke" deploy/startup.sh --smoke

# The containers are stopped and removed (and a private engine with them) whether the tests pass or not.
trap 'deploy/containers.sh down || true; report' EXIT
step "containers up" deploy/containers.sh up
step "containers test" deploy/containers.sh test
step "containers down" deploy/containers.sh down
trap report EXIT

# Last: packaging for native replaces each service's target/quarkus-app, which the images above are built from.
step "native sources" ./mvnw -B -q package -DskipTests -Dnative -Dquarkus.native.sources-only=true \
  -pl social-service,enrollment-service,workspace-service -am
for s in social-service enrollment-service workspace-service; do
  test -s "$s/target/native-sources/native-image.args" || { echo "$s: no native sources" >&2; exit 1; }
done
