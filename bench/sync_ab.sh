#!/usr/bin/env bash
# Before/after of a one-entry `voyage push` and `voyage pull` on the
# 20,000-entry voyage (issue 35): two helm binaries, each with its own
# remote and its own two homes (so neither pays for the other's leftovers:
# packs, loose objects, housekeeping), against `git push` / `git fetch` of
# one small commit, in alternating rounds (bench/ab.py).
#
#   bench/sync_ab.sh OLD_HELM NEW_HELM [ROUNDS]
#
# Needs the big voyage of bench/run.sh (bench/out/home-bigvoyage, made by
# `bench/run.sh sync` or bench/big_voyage.sh). Works in bench/out/sync-ab.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OLD=$1 NEW=$2 ROUNDS=${3:-30}
OUT=$ROOT/bench/out/sync-ab
BIGV=$(cat "$ROOT/bench/out/home-bigvoyage.id")
rm -rf "$OUT" && mkdir -p "$OUT"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
LOG="log --as bench --role coder --method script --summary checkpoint waiting -V $BIGV"
for side in old new; do
    helm=$OLD; [ "$side" = new ] && helm=$NEW
    d=$OUT/$side
    mkdir -p "$d/a/voyages"
    git init -q --bare "$d/remote.git"
    cp "$ROOT/bench/out/home-bigvoyage/voyages/$BIGV.sqlite" "$d/a/voyages/"
    HELM_HOME=$d/a "$helm" voyage push "$BIGV" --remote "$d/remote.git" >/dev/null
    HELM_HOME=$d/b "$helm" voyage pull "$BIGV" --remote "$d/remote.git" >/dev/null
    printf '%s\n' "HELM_HOME='$d/a' '$helm' $LOG >/dev/null 2>&1" >"$d/log.sh"
    printf '%s\n' "bash '$d/log.sh'" \
        "HELM_HOME='$d/a' '$helm' voyage push $BIGV --remote '$d/remote.git' >/dev/null" >"$d/log-push.sh"
done
git init -q --bare "$OUT/anchor.git"
git clone -q "$OUT/anchor.git" "$OUT/anchor-a" 2>/dev/null
git -C "$OUT/anchor-a" commit -q --allow-empty -m start
git -C "$OUT/anchor-a" push -q origin HEAD:refs/heads/anchor
git clone -q "$OUT/anchor.git" "$OUT/anchor-b" 2>/dev/null
commit="date +%s%N >'$OUT/anchor-a/note.txt' && git -C '$OUT/anchor-a' add note.txt && git -C '$OUT/anchor-a' commit -q -m one"
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# push of one new entry (old, new, git push)"
PREP_1="bash $OUT/old/log.sh" PREP_2="bash $OUT/new/log.sh" PREP_3="$commit" \
    python3 "$ROOT/bench/ab.py" "$ROUNDS" \
    "env HELM_HOME=$OUT/old/a $OLD voyage push $BIGV --remote $OUT/old/remote.git" \
    "env HELM_HOME=$OUT/new/a $NEW voyage push $BIGV --remote $OUT/new/remote.git" \
    "git -C $OUT/anchor-a push -q $OUT/anchor.git HEAD:refs/heads/anchor"
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# pull of one new entry (old, new, git fetch)"
PREP_1="bash $OUT/old/log-push.sh" PREP_2="bash $OUT/new/log-push.sh" \
    PREP_3="$commit && git -C '$OUT/anchor-a' push -q '$OUT/anchor.git' HEAD:refs/heads/anchor" \
    python3 "$ROOT/bench/ab.py" "$ROUNDS" \
    "env HELM_HOME=$OUT/old/b $OLD voyage pull $BIGV --remote $OUT/old/remote.git" \
    "env HELM_HOME=$OUT/new/b $NEW voyage pull $BIGV --remote $OUT/new/remote.git" \
    "git -C $OUT/anchor-b fetch -q $OUT/anchor.git refs/heads/anchor:refs/remotes/origin/anchor"
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
