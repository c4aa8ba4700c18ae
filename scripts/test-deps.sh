#!/usr/bin/env bash
# Installs what helm's tests need beyond Rust, idempotently, and quickly when
# it is already there:
#   - Debian's `chromium`, the real browser the `voyage page` tests open
#     pages in (tests/it/page/chromium.rs, crates/fake-github/tests/tour.rs).
# A test whose dependency is missing fails and names this script.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"

if ! command -v chromium >/dev/null 2>&1; then
    command -v apt-get >/dev/null 2>&1 ||
        { echo "test-deps: chromium is missing and apt-get is not here; install Chromium as \`chromium\` on PATH" >&2; exit 1; }
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
