#!/usr/bin/env bash
# Installs what helm's tests need beyond Rust, idempotently, and quickly when
# it is there already. Run it before `cargo test --locked`; a test whose
# dependency is missing fails and says to run this script.
#
# - util-linux's `script`, which runs helm under a pseudo-terminal for the
#   pager and colour tests (tests/it/terminal_look.rs); Debian's bsdutils.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"

if ! script --version >/dev/null 2>&1; then
    command -v apt-get >/dev/null 2>&1 ||
        { echo "test-deps: util-linux's \`script\` is missing and apt-get is not here; install util-linux" >&2; exit 1; }
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq bsdutils >/dev/null
fi
