#!/usr/bin/env bash
# One-off backfill of the course catalogue (GET /courses?term=): gives every course written before the catalogue
# existed its GSI2 keys (TERM#<term> / <courseId>). Idempotent (a second run writes nothing) and resumable (the
# position of each Scan segment is saved after every page; run again with the same --state to go on).
#   deploy/backfill-course-terms.sh [--table trident] [--endpoint URL] [--region REGION] [--segments 4]
#                                   [--page-size 100] [--max-items N] [--state data/migrations/course-term-backfill.state]
# Against AWS: the default credential chain and region (AWS_REGION); the table from --table or TRIDENT_TABLE_NAME.
# Against the local stack: --endpoint http://127.0.0.1:8000. A parallel Scan of the course items: run it once,
# after every replica of enrollment-service writes the keys (they do from this version on), not on a schedule.
set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/migrations/run-tool.sh" CourseTermBackfill "$@"
