#!/usr/bin/env bash
# Backfill of the projects-by-status index (GET /projects?status=): moves every project's GSI2 key to its status
# shard under the shard count workspace-service runs with (PROJSTATUS#<status>#<n>, n = FNV-1a of <wsId>#<projectId>
# mod --shards). Needed once after upgrading from the fixed 4 shards, and whenever
# trident.workspace.project-status.shards changes. Each move is conditioned on the project's status and the key it
# was read with. Idempotent (a second run writes nothing) and resumable (the position of each Scan segment is saved
# after every page; run again with the same --state to go on; a run for another count needs a new --state).
#   deploy/backfill-project-status.sh [--shards 8] [--table trident] [--endpoint URL] [--region REGION] [--segments 4]
#                                     [--page-size 100] [--max-items N] [--state data/migrations/project-status-backfill.state]
# Against AWS: the default credential chain and region (AWS_REGION); the table from --table or TRIDENT_TABLE_NAME.
# Against the local stack: --endpoint http://127.0.0.1:8000. Check the result with deploy/audit.sh
# --project-status-shards N.
set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/migrations/run-tool.sh" ProjectStatusShardBackfill "$@"
