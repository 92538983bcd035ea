# Sourced by deploy/containers.sh: builds the images, each only when missing or out of date. Needs ROOT.
#
#   trident/debian:bookworm        debootstrap --variant=minbase from the apt mirror this machine already uses, apt
#                                  caches and documentation removed, `docker import`ed (no registry needed)
#   trident/jre:<java version>     that plus a jlink'ed JRE and the non-root user 185 (deploy/containers/jre)
#   trident/dynamodb-local:2.6.1   DynamoDB Local from its Maven artifacts (deploy/containers/dynamodb-local)
#   trident/<service>:0.1.0        each service's Dockerfile.jvm, FROM the JRE image above, with the JDK 25 AOT cache
#                                  its build trains (TRIDENT_AOT_CACHE=off: without)
#
# JAVA_IMAGE=NAME uses another Java base for the last two (e.g. a public JRE image on a host with a registry) and
# skips the first two. The JRE comes from TRIDENT_JLINK_JDK, else a JDK 25 in /usr/lib/jvm, else the JDK on PATH.

BASE_IMAGE=trident/debian:bookworm
DYNAMODB_IMAGE=trident/dynamodb-local:2.6.1
SERVICE_VERSION=0.1.0
# Enough for Quarkus REST (HTTP, TLS, JMX/metrics, JFR, DNS) and DynamoDB Local (SQL, its sqlite library).
JRE_MODULES=java.se,jdk.unsupported,jdk.crypto.ec,jdk.crypto.cryptoki,jdk.zipfs,jdk.management,jdk.naming.dns,jdk.localedata,jdk.jfr
BUILD_WORK=${BUILD_WORK:-$ROOT/deploy/containers/target}

image_exists() { docker image inspect "$1" > /dev/null 2>&1; }

# Classic builder, no network in build steps: BuildKit needs a bridge network, which a private engine has not.
docker_build() {
  local log status=0
  log=$(mktemp)
  DOCKER_BUILDKIT=0 docker build --network none "$@" > "$log" 2>&1 || status=$?
  [ "$status" = 0 ] || tail -30 "$log" >&2
  rm -f "$log"
  return "$status"
}

jlink_jdk() {
  if [ -n "${TRIDENT_JLINK_JDK:-}" ]; then echo "$TRIDENT_JLINK_JDK"; return; fi
  local jdk
  for jdk in /usr/lib/jvm/*25*; do
    [ -x "$jdk/bin/jlink" ] && { echo "$jdk"; return; }
  done
  jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
  echo "$jdk"
}

# apt's mirror for Debian itself (deb822 .sources or one-line .list), so the base comes from where this machine's
# packages come from.
debian_mirror() {
  local uri
  uri=$(awk '/^URIs:/ { u = $2 } /^Suites:/ && u != "" && / bookworm( |$)/ { print u; exit }' \
    /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
  [ -n "$uri" ] || uri=$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' \
    /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true)
  [ -n "$uri" ] || { echo "no Debian bookworm mirror found in /etc/apt/sources*" >&2; return 1; }
  echo "$uri"
}

build_debian_base() {
  image_exists "$BASE_IMAGE" && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "building $BASE_IMAGE needs root (debootstrap); or use a public Java base: JAVA_IMAGE=eclipse-temurin:25-jre" >&2
    return 1
  fi
  command -v debootstrap > /dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] || "$ROOT/deploy/prerequisites.sh"
  local mirror rootfs="$TRIDENT_DOCKER_ROOT/rootfs" started=$SECONDS
  mirror=$(debian_mirror)
  echo "building $BASE_IMAGE (debootstrap minbase from the apt mirror) ..."
  rm -rf "$rootfs"
  mkdir -p "$rootfs"
  if ! PATH="$PATH:/usr/sbin:/sbin" debootstrap --variant=minbase bookworm "$rootfs" "$mirror" \
      > "$TRIDENT_DOCKER_ROOT/debootstrap.log" 2>&1; then
    tail -20 "$TRIDENT_DOCKER_ROOT/debootstrap.log" >&2
    return 1
  fi
  rm -rf "$rootfs"/var/cache/apt/* "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* \
    "$rootfs"/usr/share/info/* "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/* "$rootfs"/var/cache/debconf/*-old
  tar -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' \
    --message "debootstrap --variant=minbase bookworm" - "$BASE_IMAGE" > /dev/null
  rm -rf "$rootfs"
  echo "  $BASE_IMAGE built in $((SECONDS - started)) s"
}

# The JRE image's name, from the version of the JDK it is made from (trident/jre:25.0.3).
jre_image() {
  local version
  version=$("$(jlink_jdk)/bin/java" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.runtime.version/ { print $2 }')
  echo "trident/jre:${version%%+*}"
}

build_jre_image() {
  local image=$1 jdk context="$BUILD_WORK/jre" started=$SECONDS
  image_exists "$image" && return 0
  jdk=$(jlink_jdk)
  echo "building $image (jlink from $jdk) ..."
  rm -rf "$context"
  mkdir -p "$context"
  cp "$ROOT/deploy/containers/jre/Dockerfile" "$context/"
  "$jdk/bin/jlink" --add-modules "$JRE_MODULES" --strip-debug --no-man-pages --no-header-files \
    --compress=zip-6 --output "$context/jre"
  docker_build --build-arg BASE_IMAGE="$BASE_IMAGE" --build-arg JAVA_VERSION="${image#*:}" -t "$image" "$context"
  rm -rf "$context"
  echo "  $image built in $((SECONDS - started)) s"
}

# DynamoDB Local: the jars the dynamodb-local module resolved from Maven (its server.classpath) and its own classes.
build_dynamodb_image() {
  local java_image=$1 classes="$ROOT/deploy/dynamodb-local/target/classes" context="$BUILD_WORK/dynamodb-local"
  rm -rf "$context"
  mkdir -p "$context/lib" "$context/classes"
  tr ':' '\n' < "$classes/dev/trident/local/server.classpath" | while read -r jar; do
    [ -n "$jar" ] && cp -p "$jar" "$context/lib/"
  done
  cp -rp "$classes/dev" "$context/classes/"
  cp "$ROOT/deploy/containers/dynamodb-local/Dockerfile" "$context/"
  docker_build --build-arg JAVA_IMAGE="$java_image" -t "$DYNAMODB_IMAGE" "$context"
}

# TRIDENT_AOT_CACHE=off builds the service images without the JDK 25 AOT cache (their Dockerfiles' AOT_CACHE).
build_service_image() {
  local service=$1 java_image=$2
  docker_build --build-arg JAVA_IMAGE="$java_image" --build-arg AOT_CACHE="${TRIDENT_AOT_CACHE:-on}" \
    -f "$ROOT/$service/src/main/docker/Dockerfile.jvm" -t "trident/$service:$SERVICE_VERSION" "$ROOT/$service"
}

# build_images SERVICE...: everything `up` runs, each image built again only when its inputs changed (the classic
# builder's layer cache: an unchanged jar is a cached COPY).
build_images() {
  local java_image=${JAVA_IMAGE:-} started=$SECONDS
  if [ -z "$java_image" ]; then
    build_debian_base
    java_image=$(jre_image)
    build_jre_image "$java_image"
  fi
  build_dynamodb_image "$java_image"
  local service
  for service in "$@"; do
    build_service_image "$service" "$java_image"
  done
  echo "images ready in $((SECONDS - started)) s (Java base $java_image)"
}
