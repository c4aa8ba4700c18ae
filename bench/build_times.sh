#!/usr/bin/env bash
# Build times of two commits of helm on this machine (issue 30): cold
# `cargo build --release`, cold `cargo test --no-run`, and the rebuild of the
# test binaries after a one-line change in (a) a steer action's file and
# (b) a CLI help string. Each commit is checked out into its own worktree
# with its own target folder, so nothing is shared but the crates'
# downloaded sources; the two are measured one after the other, and
# `ROUNDS` times over, alternating.
#
#   bench/build_times.sh BEFORE AFTER      e.g. 9a75d67 main
#
# Figures are wall seconds and CPU (user+sys) seconds, from GNU time.
# Run it on a quiet machine: it takes about 15 minutes on 2 cores
# (SKIP_RELEASE=1 leaves out the release builds, about 7 of them).
set -euo pipefail

before=${1:?usage: bench/build_times.sh BEFORE AFTER}
after=${2:?usage: bench/build_times.sh BEFORE AFTER}
rounds=${ROUNDS:-1}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=$(mktemp -d)
trap 'for d in "$scratch"/*/; do git -C "$root" worktree remove --force "$d" 2>/dev/null || true; done; rm -rf "$scratch"' EXIT

# The first file that exists of these: where each layout keeps what we touch.
action_file() {
    for f in crates/helm-core/src/actions/comment.rs src/actions/comment.rs; do
        [ -f "$1/$f" ] && { echo "$f"; return; }
    done
    echo "no comment action file in $1" >&2; exit 1
}
help_file() {
    for f in src/cli/mod.rs; do
        [ -f "$1/$f" ] && { echo "$f"; return; }
    done
    echo "no CLI file in $1" >&2; exit 1
}

# Runs a command, printing "wall cpu" seconds (GNU time: elapsed, user+sys).
timed() {
    /usr/bin/time -f '%e %U %S' -o "$scratch/time" "$@" >/dev/null 2>&1
    awk '{printf "%.1f %.1f\n", $1, $2 + $3}' "$scratch/time"
}

measure() {
    local name=$1 commit=$2 dir=$scratch/$1
    git -C "$root" worktree add --quiet --detach "$dir" "$commit"
    cd "$dir"
    export CARGO_TARGET_DIR=$dir/target
    local act help
    act=$(action_file "$dir")
    help=$(help_file "$dir")
    if [ -z "${SKIP_RELEASE:-}" ]; then
        printf '%s %s cold-release %s\n' "$name" "$commit" "$(timed cargo build --release --locked --offline)"
    fi
    printf '%s %s cold-test-no-run %s\n' "$name" "$commit" "$(timed cargo test --locked --offline --no-run)"
    # A real change to code, not a comment rustc's incremental cache can skip.
    sed -i '0,/"comment on /s//"comment upon /' "$act"
    printf '%s %s action-edit %s\n' "$name" "$commit" "$(timed cargo test --locked --offline --no-run)"
    sed -i 's|/// Print one JSON document on stdout|/// Print one JSON document (edited) on stdout|' "$help"
    printf '%s %s help-edit %s\n' "$name" "$commit" "$(timed cargo test --locked --offline --no-run)"
    cd "$root"
    git -C "$root" worktree remove --force "$dir"
}

command -v /usr/bin/time >/dev/null || { echo "needs GNU time: apt-get install time" >&2; exit 1; }
echo "# side commit what wall-s cpu-s"
for _ in $(seq "$rounds"); do
    measure before "$before"
    measure after "$after"
done
