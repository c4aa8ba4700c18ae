# shellcheck shell=bash
# The proposals job of bench/run.sh (issue 45, goal 4), sourced by it: it uses
# run.sh's helpers (bench, row, runs, median, log) and its variables (OUT,
# HELM, BENCH).
#
# A proposal is a dry run that records an entry, and an approval is a steer
# that first looks at its target again, so the anchors are sums of helm's own
# commands, each timed on its own against the same fake GitHub (PR 7, 50 ms a
# response, as the github-pr rows):
#   `steer --propose comment` vs `steer --dry-run comment` + `log`
#   `approve`                 vs `steer comment` + `observe github-pr`
# Before every timed run the PR is observed (untimed), so a proposal, a dry
# run and a log each seal or check the same slate. An approval's proposal is
# made untimed before it; the timed command reads its entry number from a
# file through `bash -c 'exec ...'`, and the steer it is set against is started
# the same way, so both carry the same shell.

PROP=$OUT/proposals
rm -rf "$PROP"
mkdir -p "$PROP"
PROP_PORT=$PROP/fake_github.port
python3 "$BENCH/fake_github.py" --port 0 --delay-ms 50 --port-file "$PROP_PORT" >/dev/null 2>&1 &
PROP_SERVER=$!
trap 'kill "$PROP_SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -s "$PROP_PORT" ] && break; sleep 0.05; done
PROP_ENV="env -u GITHUB_TOKEN HELM_GITHUB_API_URL=http://127.0.0.1:$(cat "$PROP_PORT") GH_TOKEN=x GH_REPO=o/r HELM_HOME=$PROP/home"
WHO="--as bench --role coder --method script --summary s"
prop_voyage() { $PROP_ENV "$HELM" voyage new "bench: $1" 2>/dev/null; }
V_PROPOSE=$(prop_voyage propose)
V_DRY=$(prop_voyage dry-run)
V_LOG=$(prop_voyage log)
V_APPROVE=$(prop_voyage approve)
V_STEER=$(prop_voyage steer)
V_LOOK=$(prop_voyage look)
look() { echo "$PROP_ENV HELM_VOYAGE=$1 $HELM observe github-pr 7"; }
# Each command once, untimed, so a failure says why before any timing.
for v in "$V_PROPOSE" "$V_DRY" "$V_LOG"; do $(look "$v") >/dev/null 2>&1; done
$PROP_ENV HELM_VOYAGE="$V_DRY" "$HELM" steer --dry-run $WHO comment --pr 7 --body proposed >/dev/null 2>"$PROP/err" ||
    { echo "bench: steer --dry-run failed:" >&2; cat "$PROP/err" >&2; exit 1; }

bench propose "$(runs 5 2)" 4 2 --prepare "$(look "$V_PROPOSE")" --prepare "true" -- \
    "$PROP_ENV HELM_VOYAGE=$V_PROPOSE $HELM steer --propose $WHO comment --pr 7 --body proposed" \
    "$PROP_ENV HELM_VOYAGE=$V_DRY $HELM steer --dry-run $WHO comment --pr 7 --body proposed"
bench propose-log "$(runs 5 2)" 4 2 --prepare "$(look "$V_LOG")" -- \
    "$PROP_ENV HELM_VOYAGE=$V_LOG $HELM log $WHO waiting" \
    "true"
row "proposals: \`steer --propose comment\` vs \`steer --dry-run\` + \`log\` (the same slate)" \
    "$(median propose 0)" "$(python3 -c 'import sys; print(float(sys.argv[1]) + float(sys.argv[2]))' \
        "$(median propose 1)" "$(median propose-log 0)")" 1.0

# The approval: its proposal made untimed, its number kept for the timed run.
cat >"$PROP/prepare-approve.sh" <<PREP
#!/usr/bin/env bash
set -e
export HELM_VOYAGE=$V_APPROVE
$(look "$V_APPROVE") >/dev/null 2>&1
$PROP_ENV HELM_VOYAGE=$V_APPROVE '$HELM' --json steer --propose --as proposer --role coder --method script --summary s \
    comment --pr 7 --body 'approved comment' |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])' >'$PROP/entry'
PREP
bash "$PROP/prepare-approve.sh" || { echo "bench: steer --propose failed" >&2; exit 1; }
$PROP_ENV HELM_VOYAGE="$V_APPROVE" "$HELM" approve "$(cat "$PROP/entry")" $WHO >/dev/null 2>"$PROP/err" ||
    { echo "bench: approve failed:" >&2; cat "$PROP/err" >&2; exit 1; }
bench approve "$(runs 5 2)" 4 2 --prepare "bash $PROP/prepare-approve.sh" --prepare "true" -- \
    "bash -c 'exec $PROP_ENV HELM_VOYAGE=$V_APPROVE $HELM approve \$(<$PROP/entry) $WHO'" \
    "bash -c 'exec $PROP_ENV HELM_VOYAGE=$V_STEER $HELM steer $WHO comment --pr 7 --body plain'"
bench approve-look "$(runs 5 2)" 4 2 -- "$(look "$V_LOOK")" "true"
row "proposals: \`approve\` vs \`steer comment\` + \`observe github-pr\`" \
    "$(median approve 0)" "$(python3 -c 'import sys; print(float(sys.argv[1]) + float(sys.argv[2]))' \
        "$(median approve 1)" "$(median approve-look 0)")" 1.0
kill "$PROP_SERVER" 2>/dev/null || true
trap - EXIT
