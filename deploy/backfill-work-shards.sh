#!/usr/bin/env bash
# One-off move of pending work (deletions, erasures) into its shards: every task still in a service's unsharded
# WORK#<service> partition moves to WORK#<service>#<shard> (same sort key, same lease, attempts and age), in one
# transaction per task (put it if its shard has none, delete the old item if unchanged). Idempotent (a second run
# writes nothing) and resumable (the position of each Scan segment is saved after every page; run again with the same
# --state to go on).
#   deploy/backfill-work-shards.sh [--table trident] [--endpoint URL] [--region REGION] [--segments 4]
#                                  [--page-size 100] [--max-items N] [--state data/migrations/work-shard-backfill.state]
# Against AWS: the default credential chain and region (AWS_REGION); the table from --table or TRIDENT_TABLE_NAME.
# Against the local stack: --endpoint http://127.0.0.1:8000. Run it once every replica of every service runs the
# sharded version (older replicas still write and poll WORK#<service>), then deploy/audit.sh: its workShard check
# lists any task left unsharded.
set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/migrations/run-tool.sh" WorkShardBackfill "$@"
