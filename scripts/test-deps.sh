#!/usr/bin/env bash
# Installs what helm's tests need beyond Rust, idempotently, and quickly when
# it is there already. Run it before `cargo test --locked`; a test whose
# dependency is missing fails and says to run this script.
#
# - tests/js: node packages the MCP tests drive `helm mcp` with (the official
#   MCP TypeScript SDK and Inspector CLI, ajv, a tokenizer), pinned by its
#   package-lock.json and installed with `npm ci`.
set -euo pipefail
cd "$(dirname "$0")/.."

# Node packages: npm ci when node_modules is missing or older than the lock.
js=tests/js
if ! command -v npm >/dev/null; then
    echo "test-deps: npm is missing; install Node.js (20 or later) and npm" >&2
    exit 1
fi
stamp="$js/node_modules/.package-lock.json"
if [ ! -f "$stamp" ] || [ "$js/package-lock.json" -nt "$stamp" ]; then
    (cd "$js" && npm ci --no-audit --no-fund --loglevel=error)
fi
