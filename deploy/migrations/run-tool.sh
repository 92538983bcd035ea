#!/usr/bin/env bash
# Runs one of the maintenance tools of deploy/migrations (the audit, the backfills) on the JVM, building the module
# first when it is not built yet: deploy/migrations/run-tool.sh <simple class name> [the tool's options]. The
# scripts in deploy/ (audit.sh, backfill-*.sh) call it; a failed build exits 2, never 1, which the audit keeps for
# "violations found".
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
MODULE="$ROOT/deploy/migrations"
TOOL=${1:?usage: deploy/migrations/run-tool.sh <class> [options]}
shift
if [ ! -f "$MODULE/target/classes/dev/trident/migrations/$TOOL.class" ] || [ ! -d "$MODULE/target/lib" ]; then
  (cd "$ROOT" && ./mvnw -B -q -pl deploy/migrations -am package -DskipTests) >&2 \
    || { echo "$TOOL: building deploy/migrations failed" >&2; exit 2; }
fi
cd "$ROOT"
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -cp "$MODULE/target/classes:$MODULE/target/lib/*" \
  "dev.trident.migrations.$TOOL" "$@"
