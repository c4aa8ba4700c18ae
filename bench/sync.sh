# shellcheck shell=bash
# The sync job of bench/run.sh (issue 23), sourced by it: it uses run.sh's
# helpers (bench, row, runs, median, log) and its variables (OUT, HELM,
# BIGV, BIGV_HOME, ENTRIES).
#
# Voyages through a git remote: a bare repository on this disk (no network,
# so the figures are git's and helm's own work). Anchors: `git clone --mirror
# --no-local` of the same ref (through git's transport, as helm's fetch goes,
# not by hard-linking the remote's files) plus `helm voyage import` of the
# same voyage file for a first pull; one small commit pushed or fetched with
# `git` for a push or pull of one new entry. The flatness rows set one
# entry's push and pull on the 20,000-entry voyage against the same on a
# voyage of one entry.

SYNC=$OUT/sync
rm -rf "$SYNC"
mkdir -p "$SYNC"
REMOTE=$SYNC/remote.git
git init -q --bare "$REMOTE"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
BIGV_FILE=$BIGV_HOME/voyages/$BIGV.sqlite
LOGARGS="log --as bench --role coder --method script --summary checkpoint waiting"
# a: the big voyage, pushed once; b: a home that pulled it.
mkdir -p "$SYNC/a/voyages"
cp "$BIGV_FILE" "$SYNC/a/voyages/"
log "pushing the $ENTRIES-entry voyage once"
HELM_HOME=$SYNC/a "$HELM" voyage push "$BIGV" --remote "$REMOTE" >/dev/null
HELM_HOME=$SYNC/b "$HELM" voyage pull "$BIGV" --remote "$REMOTE" >/dev/null
# The same for a voyage of one entry.
SMALLV=$(HELM_HOME=$SYNC/a "$HELM" voyage new "bench: a small synced voyage" 2>/dev/null)
HELM_HOME=$SYNC/a "$HELM" $LOGARGS -V "$SMALLV" >/dev/null 2>&1
HELM_HOME=$SYNC/a "$HELM" voyage push "$SMALLV" --remote "$REMOTE" >/dev/null
HELM_HOME=$SYNC/b "$HELM" voyage pull "$SMALLV" --remote "$REMOTE" >/dev/null
# The anchors' clones: one pushes a small commit, the other fetches it.
git clone -q "$REMOTE" "$SYNC/anchor-a" 2>/dev/null
git -C "$SYNC/anchor-a" commit -q --allow-empty -m start
git -C "$SYNC/anchor-a" push -q origin HEAD:refs/heads/anchor
git clone -q "$REMOTE" "$SYNC/anchor-b" 2>/dev/null
printf '%s\n' '#!/usr/bin/env bash' 'set -e' \
    "date +%s%N >'$SYNC/anchor-a/note.txt'" \
    "git -C '$SYNC/anchor-a' add note.txt" \
    "git -C '$SYNC/anchor-a' commit -q -m 'one small commit'" >"$SYNC/anchor-commit.sh"
printf '%s\n' '#!/usr/bin/env bash' 'set -e' \
    "bash '$SYNC/anchor-commit.sh'" \
    "git -C '$SYNC/anchor-a' push -q '$REMOTE' HEAD:refs/heads/anchor" >"$SYNC/anchor-commit-push.sh"
printf '%s\n' '#!/usr/bin/env bash' \
    "HELM_HOME='$SYNC/a' exec '$HELM' $LOGARGS -V \"\$1\" >/dev/null 2>&1" >"$SYNC/a-log.sh"
printf '%s\n' '#!/usr/bin/env bash' 'set -e' \
    "HELM_HOME='$SYNC/a' '$HELM' $LOGARGS -V \"\$1\" >/dev/null 2>&1" \
    "HELM_HOME='$SYNC/a' '$HELM' voyage push \"\$1\" --remote '$REMOTE' >/dev/null" >"$SYNC/a-log-push.sh"

bench sync-pull-fresh "$(runs 3 2)" 3 1 \
    --prepare "rm -rf $SYNC/fresh" --prepare "rm -rf $SYNC/mirror.git $SYNC/imported" -- \
    "env HELM_HOME=$SYNC/fresh $HELM voyage pull $BIGV --remote $REMOTE" \
    "bash -c 'git clone -q --mirror --no-local $REMOTE $SYNC/mirror.git && HELM_HOME=$SYNC/imported $HELM voyage import $BIGV_FILE >/dev/null 2>&1'"
row "sync: \`voyage pull\` of $ENTRIES entries into a fresh home vs \`git clone --mirror --no-local\` + \`voyage import\`" \
    "$(median sync-pull-fresh 0)" "$(median sync-pull-fresh 1)" 1.5

bench sync-push "$(runs 5 2)" 10 2 \
    --prepare "bash $SYNC/a-log.sh $BIGV" --prepare "bash $SYNC/anchor-commit.sh" -- \
    "env HELM_HOME=$SYNC/a $HELM voyage push $BIGV --remote $REMOTE" \
    "git -C $SYNC/anchor-a push -q $REMOTE HEAD:refs/heads/anchor"
row "sync: \`voyage push\` of one new entry on $ENTRIES entries vs \`git push\` of one small commit" \
    "$(median sync-push 0)" "$(median sync-push 1)" 1.5

bench sync-pull "$(runs 5 2)" 10 2 \
    --prepare "bash $SYNC/a-log-push.sh $BIGV" --prepare "bash $SYNC/anchor-commit-push.sh" -- \
    "env HELM_HOME=$SYNC/b $HELM voyage pull $BIGV --remote $REMOTE" \
    "git -C $SYNC/anchor-b fetch -q $REMOTE refs/heads/anchor:refs/remotes/origin/anchor"
row "sync: \`voyage pull\` of one new entry on $ENTRIES entries vs \`git fetch\` of one small commit" \
    "$(median sync-pull 0)" "$(median sync-pull 1)" 1.5

bench sync-push-flat "$(runs 5 2)" 10 2 \
    --prepare "bash $SYNC/a-log.sh $BIGV" --prepare "bash $SYNC/a-log.sh $SMALLV" -- \
    "env HELM_HOME=$SYNC/a $HELM voyage push $BIGV --remote $REMOTE" \
    "env HELM_HOME=$SYNC/a $HELM voyage push $SMALLV --remote $REMOTE"
row "sync, flat: \`voyage push\` of one new entry on $ENTRIES entries vs on a voyage of one" \
    "$(median sync-push-flat 0)" "$(median sync-push-flat 1)" 1.2
bench sync-pull-flat "$(runs 5 2)" 10 2 \
    --prepare "bash $SYNC/a-log-push.sh $BIGV" --prepare "bash $SYNC/a-log-push.sh $SMALLV" -- \
    "env HELM_HOME=$SYNC/b $HELM voyage pull $BIGV --remote $REMOTE" \
    "env HELM_HOME=$SYNC/b $HELM voyage pull $SMALLV --remote $REMOTE"
row "sync, flat: \`voyage pull\` of one new entry on $ENTRIES entries vs on a voyage of one" \
    "$(median sync-pull-flat 0)" "$(median sync-pull-flat 1)" 1.2
# Both machines agree after all that.
for h in a b; do HELM_HOME=$SYNC/$h "$HELM" voyage verify "$BIGV" >/dev/null; done
