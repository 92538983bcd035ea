#!/usr/bin/env bash
# Consistency check of a Trident table: counters against the items they count, edges whose other side is gone, index
# keys against their item, handle claims against profiles, pending work and erasures older than the work age,
# Idempotency-Key records without their item (notes, not violations), keys outside the grammar. Reads only; writes nothing.
#   deploy/audit.sh [--table trident] [--endpoint URL] [--region REGION] [--segments 4] [--work-age PT10M] [--quiet]
# Against AWS: the default credential chain and region (AWS_REGION); the table from --table or TRIDENT_TABLE_NAME.
# Against the local stack: --endpoint http://127.0.0.1:8000. A strongly consistent parallel Scan of the whole table
# (it costs read capacity for every item): run it after an incident or a migration, not on a schedule.
# Prints one line per violation, one per note ("note: "), then a summary. Exit 0: no violation; 1: violations;
# 2: usage or connection error.
set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/migrations/run-tool.sh" TableAudit "$@"
