#!/usr/bin/env bash
# Backfill of the course catalogue (GET /courses?term=): gives every course its GSI2 keys on its catalogue shard
# (TERM#<term>#<shard> / <courseId>, shard = FNV-1a of the course id mod --shards): courses written before the
# catalogue existed, before it was sharded (TERM#<term>), or under another shard count. Needed whenever
# trident.enrollment.catalogue.shards changes. Each move is conditioned on the course's term and the key it was read
# with. Idempotent (a second run writes nothing) and resumable (the position of each Scan segment is saved after
# every page; run again with the same --state to go on; a run for another count needs a new --state).
#   deploy/backfill-course-terms.sh [--shards 8] [--table trident] [--endpoint URL] [--region REGION] [--segments 4]
#                                   [--page-size 100] [--max-items N] [--state data/migrations/course-term-backfill.state]
# Against AWS: the default credential chain and region (AWS_REGION); the table from --table or TRIDENT_TABLE_NAME.
# Against the local stack: --endpoint http://127.0.0.1:8000. A parallel Scan of the course items: run it once,
# after every replica of enrollment-service writes the keys with the same count, not on a schedule. Check the result
# with deploy/audit.sh --catalogue-shards N.
set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/migrations/run-tool.sh" CourseTermBackfill "$@"
