#!/usr/bin/env bash
# All of Trident's tests, on a fresh machine: the packages the tests need, then the Maven build with every
# unit, service, packaged-jar and browser test on a real DynamoDB Local.
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/prerequisites.sh
./mvnw -B verify
