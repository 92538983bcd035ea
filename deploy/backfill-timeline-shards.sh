#!/usr/bin/env bash
# One-off move of the timeline to write shards: every post written before the timeline was sharded carries GSI2
# TIMELINE#<yyyy-mm> / <postId>; it gets TIMELINE#<yyyy-mm>#<shard> / <postId>, the shard one of --shards, which must
# be social-service's trident.social.timeline.shards (TRIDENT_SOCIAL_TIMELINE_SHARDS, default 16). Idempotent (a
# second run writes nothing) and resumable (the position of each Scan segment is saved after every page; run again
# with the same --state to go on).
#   deploy/backfill-timeline-shards.sh [--shards 16] [--table trident] [--endpoint URL] [--region REGION]
#                                      [--segments 4] [--page-size 100] [--max-items N]
#                                      [--state data/migrations/timeline-shard-backfill.state]
# Against AWS: the default credential chain and region (AWS_REGION); the table from --table or TRIDENT_TABLE_NAME.
# Against the local stack: --endpoint http://127.0.0.1:8000. A parallel Scan of the post items: run it once, right
# after every replica of social-service writes sharded keys (until then the posts it has not moved are missing from
# GET /timeline); run it again, with a new --state, after lowering the shard count. Check with deploy/audit.sh.
set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/migrations/run-tool.sh" TimelineShardBackfill "$@"
