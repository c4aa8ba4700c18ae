#!/usr/bin/env bash
# Installs what helm's tests need beyond the Rust toolchain, idempotently:
# quick when everything is already there. Run it before `cargo test`
# (README, .ci/run).
#
# - ssh-keygen (Debian's openssh-client): the signed-sync tests make an
#   ed25519 key and sign and verify with it, as git does.
set -euo pipefail
cd "$(dirname "$0")/.."

# apt-get as root, else through sudo.
apt_install() {
    if [ "$(id -u)" -eq 0 ]; then
        apt-get install -y "$@"
    else
        sudo apt-get install -y "$@"
    fi
}

if ! command -v ssh-keygen >/dev/null 2>&1; then
    apt_install openssh-client
fi
