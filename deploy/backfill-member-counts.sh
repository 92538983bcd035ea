#!/usr/bin/env bash
# One-off count of the members and owners of workspaces stored before they were counted: sets memberCount and
# ownerCount on every workspace META that lacks either to its number of member edges and owner edges (one Query per
# such workspace), under attribute_not_exists of each count it sets. Idempotent (a second run writes nothing) and
# resumable (the position of each Scan segment is saved after every page; run again with the same --state to go on).
#   deploy/backfill-member-counts.sh [--table trident] [--endpoint URL] [--region REGION] [--segments 4]
#                                    [--page-size 100] [--max-items N] [--state data/migrations/member-count-backfill.state]
# Against AWS: the default credential chain and region (AWS_REGION); the table from --table or TRIDENT_TABLE_NAME.
# Against the local stack: --endpoint http://127.0.0.1:8000. Run it BEFORE starting a workspace-service that no
# longer counts seats lazily (it refuses member changes on a workspace without its counts); see docs/operations.md.
set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/migrations/run-tool.sh" MemberCountBackfill "$@"
