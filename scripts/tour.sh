#!/usr/bin/env bash
# A short local voyage on this repository: start, observe, log, show, end.
# Uses the release build and a throwaway HELM_HOME unless you set one.
set -euo pipefail
cd "$(dirname "$0")/.."

helm=${HELM_BIN:-target/release/helm}
export HELM_HOME=${HELM_HOME:-$(mktemp -d)}
echo "# HELM_HOME=$HELM_HOME" >&2

run() { echo "\$ helm $*" >&2; "$helm" "$@"; }

V=$(run voyage new "Tour: get to know helm's own code")
export HELM_VOYAGE=$V
run observe rust-project . >/dev/null
run observe file-contents README.md Cargo.toml >/dev/null
run slate list
run log --as tour --role reader --method script \
    --summary "read the project layout, manifest and README" ready
run voyage end "$V" --status "tour complete"
run voyage show "$V"
