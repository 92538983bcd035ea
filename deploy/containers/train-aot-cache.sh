#!/usr/bin/env bash
# Records the JDK 25 AOT cache of a service image at build time and writes the arguments its ENTRYPOINT starts java
# with (each service's Dockerfile.jvm runs it once, as the image's user, in /deployments, with the image's
# JDK_JAVA_OPTIONS):
#
#   train-aot-cache.sh PORT [PATH...]
#
# On a JDK 25+ runtime it starts the application with -XX:AOTCacheOutput=/deployments/app.aot and its classes on the
# application class path (launch-args.sh, next to this script: the cache covers only what the JVM's own loaders load),
# waits until it answers on PORT, sends a few requests (readiness, liveness, an unknown path, and each PATH without a
# token and with a token whose signature cannot verify), then stops it with SIGTERM: the JVM writes the cache as it
# exits. It then writes /deployments/launch, the argument file the ENTRYPOINT passes to java: -XX:AOTCache=... and the
# same class path and main class. On an older runtime (a JAVA_IMAGE build argument below 25), or with AOT_CACHE=off, it
# trains nothing and the argument file holds -jar /deployments/quarkus-run.jar, the fast-jar's own launcher (faster
# than the application class path when no cache serves the classes).
#
# The cache is valid only for this JDK build and these jars: it is made in the same image, after the jars are copied.
# The settings the service needs to start in prod are given to the training process alone (none reach the image's
# environment): a throwaway JWT issuer and public key (its private half was discarded: no token verifies against it),
# a random cursor secret, and a DynamoDB endpoint on a closed loopback port (builds have no network: the SDK's request
# path still loads, its calls fail fast and readiness answers 503).
set -euo pipefail

PORT=${1:?usage: train-aot-cache.sh PORT [PATH...]}
shift
DEPLOYMENTS=/deployments
CACHE=$DEPLOYMENTS/app.aot
LAUNCH=$DEPLOYMENTS/launch

java_feature() {
  java -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.specification.version/ { print $2 }'
}

FEATURE=$(java_feature)
if [ "${AOT_CACHE:-on}" = off ] || [ "${FEATURE%%.*}" -lt 25 ] 2>/dev/null || [ -z "$FEATURE" ]; then
  printf '%s\n' "# No AOT cache: Java ${FEATURE:-unknown} (the cache needs JDK 25+) or AOT_CACHE=${AOT_CACHE:-on}." \
    -jar "$DEPLOYMENTS/quarkus-run.jar" > "$LAUNCH"
  echo "AOT cache: not trained (Java ${FEATURE:-unknown}, AOT_CACHE=${AOT_CACHE:-on})"
  exit 0
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
bash "$(dirname "${BASH_SOURCE[0]}")/launch-args.sh" "$DEPLOYMENTS" > "$WORK/class-path-launch"
cat > "$WORK/training-key.pem" <<'PEM'
-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwGUhHcv9TDm367BhtL6s
tO1wLUA2FBKwAZkOYMs1BEHOvVaNhLZRsoRcN3VyqONmUwFH6v5WyrOzsuF/ANZX
uehDZrc7ZLK8PS1PEci+lqEgbPvuitGbLKQAfGWfO+UVg1rfmzpwgTNFplX358UP
82Xiw6Qa3woQ8r7GUP5gqzM+qGMieGxs8pFd7P9f37mR9BUf+5DXflukr1cu84TH
CCsrrX+YqG8FLPA1zdcLPcsRM1rsp0r/kQgBQuOtOjvzQc8ufj01640Sxm9frWaY
I8ZCj7gTKWZJHb2aQ+AcxV5MIvS1/6bHc3/lqRHRyLlh2T2vWBai/+/bJV5TROI7
DQIDAQAB
-----END PUBLIC KEY-----
PEM
# Well formed (RS256, the training issuer and audience, an admin group), signed with nothing: verification runs and
# refuses it (401).
UNVERIFIABLE_TOKEN=eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhb3QtdHJhaW5pbmciLCJpc3MiOiJodHRwczovL2FvdC10cmFpbmluZy5pbnZhbGlkIiwiYXVkIjoidHJpZGVudCIsImlhdCI6MTc2NzIyNTYwMCwiZXhwIjo0MTAyNDQ0ODAwLCJncm91cHMiOlsiYWRtaW4iXX0.$(printf 'A%.0s' $(seq 1 342))

# request PATH [AUTHORIZATION]: one HTTP/1.0 GET on the loopback; prints the status code.
request() {
  local code=none auth=""
  [ -z "${2:-}" ] || auth="Authorization: $2"$'\r\n'
  if exec 3<> "/dev/tcp/127.0.0.1/$PORT"; then
    printf 'GET %s HTTP/1.0\r\nHost: localhost\r\nAccept: application/json\r\n%s\r\n' "$1" "$auth" >&3
    read -r -t 60 _ code _ <&3 || true
    timeout 10 cat <&3 > /dev/null 2>&1 || true
    exec 3<&- 3>&-
  fi
  echo "${code:-none}"
}

echo "AOT cache: training on Java $FEATURE (port $PORT)"
env QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT="$PORT" \
    TRIDENT_JWT_PUBLIC_KEY_LOCATION="file:$WORK/training-key.pem" \
    TRIDENT_JWT_ISSUER=https://aot-training.invalid \
    TRIDENT_JWT_AUDIENCE=trident \
    TRIDENT_CURSOR_SECRETS="training:$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
    TRIDENT_TABLE_BOOTSTRAP=false \
    QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE=http://127.0.0.1:9 \
    QUARKUS_DYNAMODB_AWS_REGION=us-east-1 \
    QUARKUS_DYNAMODB_AWS_CREDENTIALS_TYPE=static \
    QUARKUS_DYNAMODB_AWS_CREDENTIALS_STATIC_PROVIDER_ACCESS_KEY_ID=training \
    QUARKUS_DYNAMODB_AWS_CREDENTIALS_STATIC_PROVIDER_SECRET_ACCESS_KEY=training \
    java "-XX:AOTCacheOutput=$CACHE" "@$WORK/class-path-launch" > "$WORK/training.log" 2>&1 &
APP=$!

deadline=$((SECONDS + 180))
until (exec 3<> "/dev/tcp/127.0.0.1/$PORT") 2> /dev/null; do
  if ! kill -0 "$APP" 2> /dev/null || [ $SECONDS -ge $deadline ]; then
    tail -40 "$WORK/training.log" >&2
    echo "AOT cache: the training run did not start" >&2
    kill -KILL "$APP" 2> /dev/null || true
    exit 1
  fi
  sleep 0.2
done

codes=""
for round in 1 2; do
  codes+=" ready=$(request /q/health/ready) live=$(request /q/health/live) unknown=$(request /aot-training/unknown)"
  for path in "$@"; do
    codes+=" $path=$(request "$path")/$(request "$path" "Bearer $UNVERIFIABLE_TOKEN")"
  done
done
echo "AOT cache: training requests answered:$codes"

# SIGTERM: Quarkus shuts down, the JVM exits and writes the cache (a second JVM assembles it; some seconds).
kill -TERM "$APP"
wait "$APP" || true
if [ ! -s "$CACHE" ]; then
  tail -40 "$WORK/training.log" >&2
  echo "AOT cache: $CACHE was not written" >&2
  exit 1
fi
grep -E '\[aot\]' "$WORK/training.log" | grep -Ev '\[info' | tail -5 || true
{ echo "-XX:AOTCache=$CACHE"; cat "$WORK/class-path-launch"; } > "$LAUNCH"
echo "AOT cache: $CACHE, $(($(stat -c %s "$CACHE") / 1024 / 1024)) MiB"
