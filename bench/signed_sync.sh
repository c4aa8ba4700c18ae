#!/usr/bin/env bash
# What signed sync costs (docs/performance.md, "Signed sync"): a voyage of
# N log entries pushed to a bare repository on disk, unsigned and then
# signed with an ed25519 key made here, five one-entry pushes, and
# `voyage show` of the pushed entries, first and again.
# Usage: bench/signed_sync.sh [HELM_BINARY] [N]
set -euo pipefail
helm_bin=$(realpath "${1:-target/debug/helm}")
n=${2:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work" HELM_HOME="$work/helm" GIT_CONFIG_NOSYSTEM=1
cd "$work"
git init -q --bare remote.git
ssh-keygen -q -t ed25519 -N '' -f key -C alice
echo "alice@example.com $(cut -d' ' -f1,2 key.pub)" > allowed
ms() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); echo $(((e - s) / 1000000)); }
for mode in unsigned signed; do
    if [ "$mode" = signed ]; then
        printf '[user]\n\tsigningKey = %s/key\n[gpg]\n\tformat = ssh\n[gpg "ssh"]\n\tallowedSignersFile = %s/allowed\n' "$work" "$work" > .gitconfig
    else
        rm -f .gitconfig
    fi
    v=$("$helm_bin" voyage new "measure $mode" 2>/dev/null)
    for i in $(seq 1 "$n"); do
        "$helm_bin" log -V "$v" --as a --role r --method m --summary "s$i" waiting >/dev/null 2>&1
    done
    echo "$mode: push of $n entries: $(ms "$helm_bin" voyage push "$v" --remote "$work/remote.git") ms"
    total=0
    for i in 1 2 3 4 5; do
        "$helm_bin" log -V "$v" --as a --role r --method m --summary "t$i" waiting >/dev/null 2>&1
        total=$((total + $(ms "$helm_bin" voyage push "$v" --remote "$work/remote.git")))
    done
    echo "$mode: push of one entry, mean of 5: $((total / 5)) ms"
    echo "$mode: first voyage show: $(ms "$helm_bin" voyage show "$v") ms"
    total=0
    for i in 1 2 3 4 5; do total=$((total + $(ms "$helm_bin" voyage show "$v"))); done
    echo "$mode: voyage show again, mean of 5: $((total / 5)) ms"
done
