#!/usr/bin/env bash
# One-off backfill of a student's enrolments by term (GET /students/{id}/courses?term=): gives every enrolment edge
# written before that list existed its GSI2 keys (STU#<studentId>#TERM#<term> / CRS#<courseId>), the term being its
# course's (an edge whose copy of the term went stale gets the course's term too). Idempotent (a second run writes
# nothing) and resumable (the position of each Scan segment is saved after every page; run again with the same
# --state to go on).
#   deploy/backfill-enrollment-terms.sh [--table trident] [--endpoint URL] [--region REGION] [--segments 4]
#                                       [--page-size 100] [--max-items N]
#                                       [--state data/migrations/enrollment-term-backfill.state]
# Against AWS: the default credential chain and region (AWS_REGION); the table from --table or TRIDENT_TABLE_NAME.
# Against the local stack: --endpoint http://127.0.0.1:8000. A parallel Scan of the enrolment edges: run it once,
# after every replica of enrollment-service writes the keys (they do from this version on), not on a schedule.
set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/migrations/run-tool.sh" EnrollmentTermBackfill "$@"
