#!/usr/bin/env bash
# Installs what helm's tests need beyond the Rust toolchain, idempotently:
# quick when everything is already there. Run it before `cargo test
# --locked` (README, .ci/run); a test whose dependency is missing fails and
# says to run this script.
#
# - tests/js: node packages the MCP tests drive `helm mcp` with (the official
#   MCP TypeScript SDK and Inspector CLI, ajv, a tokenizer), pinned by its
#   package-lock.json and installed with `npm ci`.
# - ssh-keygen (Debian's openssh-client): the signed-sync tests make an
#   ed25519 key and sign and verify with it, as git does.
# - Debian's `gnupg`: the OpenPGP signed-sync test makes a key in a
#   throwaway keyring, signs with it and deletes it.
# - Debian's `chromium`: the real browser the `voyage page` tests open pages
#   in (tests/it/page/, crates/fake-github/tests/tour.rs).
# - util-linux's `script` (Debian's bsdutils): the terminal tests run helm
#   under a pseudo-terminal with it.
set -euo pipefail
cd "$(dirname "$0")/.."

# apt-get as root, else through sudo; the package lists are read once, the
# first time something is missing (a fresh machine may have none).
apt_updated=
apt_install() {
    command -v apt-get >/dev/null 2>&1 || {
        echo "test-deps: $* is missing and apt-get is not here; install it by hand" >&2
        exit 1
    }
    local run=()
    [ "$(id -u)" -eq 0 ] || run=(sudo)
    if [ -z "$apt_updated" ]; then
        "${run[@]}" apt-get update -qq
        apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq "$@"
}

if ! command -v ssh-keygen >/dev/null 2>&1; then
    apt_install openssh-client
fi
if ! command -v gpg >/dev/null 2>&1; then
    apt_install gnupg
fi
if ! command -v chromium >/dev/null 2>&1; then
    apt_install chromium
fi
if ! script --version >/dev/null 2>&1; then
    apt_install bsdutils
fi

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
