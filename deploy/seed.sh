#!/usr/bin/env bash
# Loads a small, realistic data set into a running Trident through the services' HTTP API (never into the table
# directly), with tokens from deploy/token.sh:
#   5 users with posts and comments (social-service), 3 courses, 4 students and their enrolments
#   (enrollment-service), the workspace acme on 4 shards with its owner, 3 members and 8 projects (workspace-service).
#   deploy/seed.sh                 the stack deploy/run.sh runs now from this checkout (or dev mode's, after
#                                  deploy/run.sh --only-dynamodb), else localhost:8081-8083 and ./data
#   deploy/seed.sh --data DIR      tokens from DIR's key pair (deploy/run.sh --data DIR)
#   SOCIAL_URL=... ENROLLMENT_URL=... WORKSPACE_URL=... deploy/seed.sh   other addresses
# Loads nothing when the data is there already (the user ada exists): run it on a fresh stack, or again safely.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/deploy/lib/data-dir.sh"

DATA_DIR=""
while [ $# -gt 0 ]; do
  case "$1" in
    --data)
      [ $# -ge 2 ] && [ -n "$2" ] || { echo "seed.sh: --data needs a folder (try --help)" >&2; exit 2; }
      DATA_DIR=$(absolute_path "$2"); shift ;;
    --data=*) DATA_DIR=$(absolute_path "${1#--data=}") ;;
    -h|--help) sed -n 2,10p "$0"; exit 0 ;;
    *) echo "seed.sh: unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
SOCIAL_URL=${SOCIAL_URL:-$(stack_value "$ROOT" social)}
ENROLLMENT_URL=${ENROLLMENT_URL:-$(stack_value "$ROOT" enrollment)}
WORKSPACE_URL=${WORKSPACE_URL:-$(stack_value "$ROOT" workspace)}
SOCIAL_URL=${SOCIAL_URL:-http://localhost:8081}
ENROLLMENT_URL=${ENROLLMENT_URL:-http://localhost:8082}
WORKSPACE_URL=${WORKSPACE_URL:-http://localhost:8083}
token_args=()
[ -z "$DATA_DIR" ] || token_args=(--data "$DATA_DIR")

for url in "$SOCIAL_URL" "$ENROLLMENT_URL" "$WORKSPACE_URL"; do
  curl -sS -o /dev/null --max-time 5 "$url/" 2>/dev/null ||
    { echo "seed.sh: nothing answers at $url (is the stack running? deploy/run.sh)" >&2; exit 1; }
done

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Tokens, minted in parallel (each deploy/token.sh is a JVM start).
declare -A TOKEN_ROLES=([ada]="admin" [grace]="" [alan]="" [barbara]="" [edsger]="" [registrar-1]="registrar")
for user in "${!TOKEN_ROLES[@]}"; do
  # shellcheck disable=SC2086 # the roles are words
  "$ROOT/deploy/token.sh" "${token_args[@]}" "$user" ${TOKEN_ROLES[$user]} > "$WORK/$user.token" 2> "$WORK/$user.err" &
done
failed=false
for job in $(jobs -p); do wait "$job" || failed=true; done
if $failed; then cat "$WORK"/*.err >&2; exit 1; fi
token() { cat "$WORK/$1.token"; }

LAST_LOCATION=""
# call USER METHOD URL [JSON] EXPECTED...: the request as USER; fails unless the status is one of EXPECTED.
# Sets LAST_LOCATION to the path of the answer's Location header.
call() {
  local user=$1 method=$2 url=$3 body=$4
  shift 4
  local args=(-sS -o "$WORK/body" -D "$WORK/headers" -w '%{http_code}' -X "$method" --max-time 30
              -H "Authorization: Bearer $(token "$user")")
  [ -z "$body" ] || args+=(-H 'Content-Type: application/json' --data "$body")
  local status
  status=$(curl "${args[@]}" "$url")
  LAST_LOCATION=$(sed -n 's/^[Ll]ocation: *\([^[:space:]]*\).*/\1/p' "$WORK/headers" | tail -n 1)
  case "$LAST_LOCATION" in
    *://*) LAST_LOCATION=/${LAST_LOCATION#*://*/} ;;
  esac
  for expected in "$@"; do
    [ "$status" = "$expected" ] && return 0
  done
  echo "seed.sh: $method $url as $user answered $status, expected $*:" >&2
  cat "$WORK/body" >&2; echo >&2
  exit 1
}

status=$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $(token ada)" "$SOCIAL_URL/users/ada")
if [ "$status" = 200 ]; then
  echo "seed.sh: the user ada exists at $SOCIAL_URL: the data set is there already, nothing loaded"
  exit 0
fi
echo "seeding $SOCIAL_URL, $ENROLLMENT_URL, $WORKSPACE_URL ..."

# social-service: profiles (each the caller's own), posts, comments.
declare -A NAMES=([ada]="Ada Lovelace" [grace]="Grace Hopper" [alan]="Alan Turing" [barbara]="Barbara Liskov"
                  [edsger]="Edsger Dijkstra")
for user in ada grace alan barbara edsger; do
  call "$user" POST "$SOCIAL_URL/users" "{\"handle\":\"$user\",\"displayName\":\"${NAMES[$user]}\",\"bio\":\"Seed data\"}" 201
done
declare -a POSTS=()
post() { # user body
  call "$1" POST "$SOCIAL_URL/users/$1/posts" "{\"body\":\"$2\"}" 201
  POSTS+=("$LAST_LOCATION")
}
post ada "Notes on the Analytical Engine, part 1"
post ada "The engine weaves algebraic patterns as the loom weaves flowers"
post grace "Found a moth in relay 70"
post alan "Can machines think?"
post barbara "Substitutability is a property of behaviour, not of signatures"
post edsger "Go To considered harmful"
comment() { # user post-location body
  call "$1" POST "$SOCIAL_URL$2/comments" "{\"body\":\"$3\"}" 201
}
comment grace "${POSTS[0]}" "Looking forward to part 2"
comment alan "${POSTS[0]}" "What about the Bernoulli numbers?"
comment ada "${POSTS[2]}" "The first actual bug!"
comment edsger "${POSTS[3]}" "As relevant as asking whether submarines swim"
comment barbara "${POSTS[5]}" "Structured programming for the win"

# enrollment-service: courses (registrar), students (each their own), enrolments (each their own).
call registrar-1 PUT "$ENROLLMENT_URL/courses/cs101" \
  '{"title":"Introduction to Algorithms","credits":6,"term":"2026-fall","capacity":30}' 200 201
call registrar-1 PUT "$ENROLLMENT_URL/courses/cs201" \
  '{"title":"Programming Languages","credits":6,"term":"2026-fall","capacity":20}' 200 201
call registrar-1 PUT "$ENROLLMENT_URL/courses/ma101" '{"title":"Discrete Mathematics","credits":4,"term":"2026-fall"}' \
  200 201
declare -A MAJORS=([grace]="CS" [alan]="Mathematics" [barbara]="CS" [edsger]="CS")
for user in grace alan barbara edsger; do
  call "$user" PUT "$ENROLLMENT_URL/students/$user" "{\"year\":2,\"major\":\"${MAJORS[$user]}\"}" 200 201
done
for enrolment in grace:cs101 grace:cs201 alan:cs101 alan:ma101 barbara:cs201 edsger:cs101 edsger:ma101; do
  call "${enrolment%%:*}" PUT "$ENROLLMENT_URL/students/${enrolment%%:*}/courses/${enrolment#*:}" "" 201
done

# workspace-service: acme on 4 shards (more than one needs the platform role admin), members, projects.
call ada POST "$WORKSPACE_URL/workspaces" \
  '{"workspaceId":"acme","displayName":"Acme Corporation","region":"eu-west-1","seatLimit":50,"shards":4}' 201
call ada PUT "$WORKSPACE_URL/workspaces/acme/members/grace" '{"role":"admin"}' 200 201
call ada PUT "$WORKSPACE_URL/workspaces/acme/members/alan" '{"role":"member"}' 200 201
call ada PUT "$WORKSPACE_URL/workspaces/acme/members/barbara" '{"role":"member"}' 200 201
for project in "Launch:ACTIVE" "Website redesign:ACTIVE" "Billing migration:ACTIVE" "Mobile app:PAUSED" \
               "Data warehouse:ACTIVE" "Legacy shutdown:ARCHIVED" "Security audit:ACTIVE" "Hiring plan:PAUSED"; do
  call grace POST "$WORKSPACE_URL/workspaces/acme/projects" \
    "{\"title\":\"${project%%:*}\",\"status\":\"${project#*:}\"}" 201
done

token_command="deploy/token.sh${DATA_DIR:+ --data $(printf '%q' "$DATA_DIR")} ada"
cat <<TXT
seeded: 5 users (ada, grace, alan, barbara, edsger), 6 posts, 5 comments; courses cs101, cs201, ma101, 4 students,
7 enrolments; workspace acme (4 shards) with 4 members and 8 projects. Try:
  curl -s '$SOCIAL_URL/timeline?limit=5' -H "Authorization: Bearer \$($token_command)"
TXT
