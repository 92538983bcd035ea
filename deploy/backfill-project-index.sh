#!/usr/bin/env bash
# One-off backfill of the per-workspace status index (GET /workspaces/{id}/projects?status=): gives every project
# stored before that index existed its GSI1 keys (WS#<id>#STATUS#<status>#<shard> / PROJ#<projectId>), under the
# version it was read at. Idempotent (a second run writes nothing) and resumable (the position of each Scan segment
# is saved after every page; run again with the same --state to go on).
#   deploy/backfill-project-index.sh [--table trident] [--endpoint URL] [--region REGION] [--segments 4]
#                                    [--page-size 100] [--max-items N] [--state data/migrations/project-index-backfill.state]
# Against AWS: the default credential chain and region (AWS_REGION); the table from --table or TRIDENT_TABLE_NAME.
# Against the local stack: --endpoint http://127.0.0.1:8000. Run it before starting a workspace-service that no
# longer writes the keys on a project's status change for items that lack them; see docs/operations.md.
set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/migrations/run-tool.sh" ProjectIndexBackfill "$@"
