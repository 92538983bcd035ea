#!/usr/bin/env bash
# Prints, one per line (java @argfile syntax), the java arguments that start the Quarkus application in DIR, a fast-jar
# layout (target/quarkus-app, or /deployments in an image), with every one of its classes on the JVM's own application
# class path instead of under Quarkus' RunnerClassLoader:
#
#   launch-args.sh DIR > launch && java [options] @launch
#
# Why: a JDK 25 AOT cache loads and links in advance only what the JVM's built-in class loaders load. Started as a
# fast-jar (java -jar quarkus-run.jar), a service's own classes and its libraries' are loaded by Quarkus' loader, so their
# lambdas and other invokedynamic call sites are linked anew at every start: social-service spun 1,569 lambda classes
# before it was ready, and 1,606 of its 11,317 classes came from outside the cache. On the application class path,
# 12,259 of 12,373 classes and all but 55 lambdas come from the cache, and a start with it takes 1.1-1.3 s instead of
# 1.8-2.0 s (benchmarks/README.md "The JDK 25 AOT cache, on the application class path").
# Without a cache this launch is slower than the fast-jar's (the JDK's loader searches 270 jars in turn where Quarkus'
# indexes them by package), so it goes with a cache only: deploy/containers/train-aot-cache.sh, deploy/startup.sh and
# deploy/bench.sh --aot-cache use it that way.
#
# The order is the fast-jar's: its parent-first jars (lib/boot), then the transformed and the generated classes, the
# application, and its libraries (lib/main, where the build has already left out what the transformed jar replaces).
# What the fast-jar's manifest grants its class path comes first (java.lang opened, native access enabled), and the
# main class last, the one its launcher (QuarkusEntryPoint) calls once its class loader is made.
set -euo pipefail

DIR=${1:?usage: launch-args.sh QUARKUS_APP_DIR}
[ -f "$DIR/quarkus/quarkus-application.dat" ] || { echo "$DIR is not a Quarkus fast-jar layout" >&2; exit 2; }
# The main class the fast-jar's launcher would call, named in its application file (an application with its own
# @QuarkusMain would name another).
MAIN=io.quarkus.runner.GeneratedMain
grep -qa "$MAIN" "$DIR/quarkus/quarkus-application.dat" \
  || { echo "$DIR/quarkus/quarkus-application.dat does not start $MAIN" >&2; exit 2; }

jars=()
for jar in "$DIR"/lib/boot/*.jar "$DIR"/quarkus/transformed-bytecode.jar "$DIR"/quarkus/generated-bytecode.jar \
    "$DIR"/app/*.jar "$DIR"/lib/main/*.jar; do
  [ -f "$jar" ] && jars+=("$jar")
done
class_path=$(IFS=:; echo "${jars[*]}")
case "$class_path" in
  *[[:space:]\"\'\\]*) echo "a jar path holds a space, a quote or a backslash: $DIR" >&2; exit 2 ;;
esac

echo "--add-opens=java.base/java.lang=ALL-UNNAMED"
echo "--enable-native-access=ALL-UNNAMED"
echo "-cp"
echo "$class_path"
echo "$MAIN"
