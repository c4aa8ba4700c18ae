#!/usr/bin/env bash
# Before/after of a one-entry `voyage push` and `voyage pull` on an empty
# remote (issue 45, goal 2: each ≤ 1.5× git's own): two helm binaries, each
# with a voyage of its own, its own bare remote holding nothing else and its
# own two homes, against `git push` / `git fetch --no-tags` of one small
# commit, in alternating rounds (bench/ab.py: median wall and CPU, CPU
# counting every process the command waits for, the remote's side too).
# Unlike bench/sync_ab.sh it needs no big voyage.
#
#   bench/sync_ab_empty.sh OLD_HELM NEW_HELM [ROUNDS]
#
# Works in bench/out/sync-ab-empty.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OLD=$1 NEW=$2 ROUNDS=${3:-30}
OUT=$ROOT/bench/out/sync-ab-empty
rm -rf "$OUT" && mkdir -p "$OUT"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
export GIT_CONFIG_NOSYSTEM=1 HOME=$OUT
LOG="log --as bench --role coder --method script --summary checkpoint waiting"
for side in old new; do
    helm=$OLD; [ "$side" = new ] && helm=$NEW
    d=$OUT/$side
    git init -q --bare "$d/remote.git"
    V=$(HELM_HOME=$d/a "$helm" voyage new "bench: one voyage" 2>/dev/null)
    echo "$V" >"$d/id"
    HELM_HOME=$d/a "$helm" $LOG -V "$V" >/dev/null 2>&1
    HELM_HOME=$d/a "$helm" voyage push "$V" --remote "$d/remote.git" >/dev/null
    HELM_HOME=$d/b "$helm" voyage pull "$V" --remote "$d/remote.git" >/dev/null
    printf '%s\n' "HELM_HOME='$d/a' '$helm' $LOG -V $V >/dev/null 2>&1" >"$d/log.sh"
    printf '%s\n' "bash '$d/log.sh'" \
        "HELM_HOME='$d/a' '$helm' voyage push $V --remote '$d/remote.git' >/dev/null" >"$d/log-push.sh"
done
VO=$(cat $OUT/old/id) VN=$(cat $OUT/new/id)
git init -q --bare "$OUT/anchor.git"
git init -q "$OUT/anchor-a" && git -C "$OUT/anchor-a" commit -q --allow-empty -m start
git -C "$OUT/anchor-a" push -q "$OUT/anchor.git" HEAD:refs/heads/anchor
git init -q --bare "$OUT/anchor-b.git"
git --git-dir="$OUT/anchor-b.git" fetch -q "$OUT/anchor.git" refs/heads/anchor:refs/remotes/origin/anchor
commit="date +%s%N >'$OUT/anchor-a/note.txt' && git -C '$OUT/anchor-a' add note.txt && git -C '$OUT/anchor-a' commit -q -m one"
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# push of one new entry (old, new, git push)"
PREP_1="bash $OUT/old/log.sh" PREP_2="bash $OUT/new/log.sh" PREP_3="$commit" \
    python3 "$ROOT/bench/ab.py" "$ROUNDS" \
    "env HELM_HOME=$OUT/old/a $OLD voyage push $VO --remote $OUT/old/remote.git" \
    "env HELM_HOME=$OUT/new/a $NEW voyage push $VN --remote $OUT/new/remote.git" \
    "git -C $OUT/anchor-a push -q $OUT/anchor.git HEAD:refs/heads/anchor"
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# pull of one new entry (old, new, git fetch)"
PREP_1="bash $OUT/old/log-push.sh" PREP_2="bash $OUT/new/log-push.sh" \
    PREP_3="$commit && git -C '$OUT/anchor-a' push -q '$OUT/anchor.git' HEAD:refs/heads/anchor" \
    python3 "$ROOT/bench/ab.py" "$ROUNDS" \
    "env HELM_HOME=$OUT/old/b $OLD voyage pull $VO --remote $OUT/old/remote.git" \
    "env HELM_HOME=$OUT/new/b $NEW voyage pull $VN --remote $OUT/new/remote.git" \
    "git --git-dir=$OUT/anchor-b.git fetch -q --no-tags $OUT/anchor.git refs/heads/anchor:refs/remotes/origin/anchor"
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
