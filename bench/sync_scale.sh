#!/usr/bin/env bash
# Sync at a team's scale (issue 45, goals 1 and 2), each helm command beside
# its plain-git anchor in alternating rounds (bench/ab.py: median wall and
# CPU time, CPU including every git process the command starts):
#
#   - a busy remote: `voyage push` and `voyage pull` of one new entry to a
#     bare repository holding N other refs (a third each branches, tags and
#     other voyages' refs, packed as a real remote keeps them, over N/10
#     distinct commits), beside `git push` / `git fetch` of one small commit
#     to and from the same repository, for N in BENCH_REFS (0 10000 50000).
#     Goal: ≤ 1.5×, and helm's own part (helm − anchor) flat in N.
#   - many voyages: `voyage push --all` of 20 voyages with one new entry
#     each, beside one plain one-commit `git push` to a bare repository
#     (goal: ≤ 2×), and beside git's own floor for it: one `git push` of 20
#     refs, one new commit each.
#
#   bench/sync_scale.sh HELM [ROUNDS]
#
# BENCH_REFS and BENCH_ALL_VOYAGES change N and the number of voyages.
# HELM is the binary to time: install it first (a copy, e.g. `cargo install
# --path . --root /tmp/helm --locked`), as docs/performance.md's figures are
# taken. Both sides run without a shell in between; the anchor repositories
# hold only their own ref, as helm's private repository does, and the
# anchor's fetch asks for no tags, as helm's does (a plain `git fetch` of one
# branch also lists every tag of the remote to follow them: at 50,000 refs
# that alone is most of its time). Everything is
# made again under bench/out/sync-scale on each run (the 50,000-ref remote
# in a few seconds, through `git fast-import` and a written `packed-refs`).
# Prints a markdown table; the raw ab.py lines are in bench/out/sync-scale/ab.txt.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HELM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROUNDS=${2:-15}
REFS=${BENCH_REFS:-0 10000 50000}
VOYAGES=${BENCH_ALL_VOYAGES:-20}
OUT=$ROOT/bench/out/sync-scale
rm -rf "$OUT" && mkdir -p "$OUT"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
export GIT_CONFIG_NOSYSTEM=1 HOME=$OUT
LOG="log --as bench --role coder --method script --summary checkpoint waiting"
log() { printf '\033[2m# %s\033[0m\n' "$*" >&2; }

# busy_remote DIR N: a bare repository holding N refs over N/10 commits.
busy_remote() {
    local dir=$1 n=$2
    git init -q --bare "$dir"
    [ "$n" -eq 0 ] && return
    python3 - "$dir" "$n" <<'PY'
import subprocess, sys
dir, n = sys.argv[1], int(sys.argv[2])
commits = max(1, n // 10)
stream = []
for i in range(1, commits + 1):
    data = f"{i}\n"
    stream.append(f"commit refs/heads/main\nmark :{i}\ncommitter bench <bench@example.com> {1700000000 + i} +0000\n"
                  f"data 2\nc\n" + ("" if i == 1 else f"from :{i - 1}\n")
                  + f"M 100644 inline f\ndata {len(data)}\n{data}\n")
marks = f"{dir}/marks"
subprocess.run(["git", "--git-dir", dir, "fast-import", "--quiet", f"--export-marks={marks}"],
               input="".join(stream).encode(), check=True)
oid = {}
for line in open(marks):
    mark, sha = line.split()
    oid[int(mark[1:])] = sha
refs = {"refs/heads/main": oid[commits]}
for i in range(n - 1):
    sha = oid[1 + i % commits]
    kind = i % 3
    if kind == 0:
        refs[f"refs/heads/topic/{i}"] = sha
    elif kind == 1:
        refs[f"refs/tags/v{i}"] = sha
    else:
        refs[f"refs/helm/voyages/{i:08x}-0000-7000-8000-{i:012x}"] = sha
with open(f"{dir}/packed-refs", "w") as out:
    out.write("# pack-refs with: peeled fully-peeled sorted \n")
    for name in sorted(refs, key=lambda r: r.encode()):
        out.write(f"{refs[name]} {name}\n")
PY
    rm -f "$dir/refs/heads/main" "$dir/marks"
    git --git-dir="$dir" repack -q -a -d
}

# ab LABEL PREP_1 PREP_2 HELM_CMD ANCHOR_CMD: one row of the table.
ab() {
    local label=$1
    log "timing $label: $ROUNDS rounds"
    local lines
    lines=$(PREP_1=$2 PREP_2=$3 python3 "$ROOT/bench/ab.py" "$ROUNDS" "$4" "$5")
    printf '# %s\n%s\n' "$label" "$lines" >>"$OUT/ab.txt"
    python3 - "$label" "$lines" <<'PY'
import sys
label, lines = sys.argv[1], sys.argv[2].splitlines()
(hw, hc), (aw, ac) = [(float(l.split()[0]), float(l.split()[3])) for l in lines]
print(f"| {label} | {hw:.1f} ms | {aw:.1f} ms | {hw / aw:.2f}× | {hc:.1f} / {ac:.1f} ms | {hw - aw:+.1f} ms |")
PY
}

echo "# sync at scale: $("$HELM" --version), $ROUNDS rounds, nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "# load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| job | helm | anchor | ratio | CPU helm / anchor | helm − anchor |"
echo "|---|---|---|---|---|---|"
for n in $REFS; do
    d=$OUT/n$n
    mkdir -p "$d"
    log "a remote of $n refs"
    busy_remote "$d/remote.git" "$n"
    R=$d/remote.git
    V=$(HELM_HOME=$d/a "$HELM" voyage new "bench: one voyage among $n refs" 2>/dev/null)
    HELM_HOME=$d/a "$HELM" $LOG -V "$V" >/dev/null 2>&1
    HELM_HOME=$d/a "$HELM" voyage push "$V" --remote "$R" >/dev/null
    HELM_HOME=$d/b "$HELM" voyage pull "$V" --remote "$R" >/dev/null
    git init -q "$d/anchor-a" && git -C "$d/anchor-a" commit -q --allow-empty -m start
    git -C "$d/anchor-a" push -q "$R" HEAD:refs/heads/anchor
    git init -q --bare "$d/anchor-b.git"
    git --git-dir="$d/anchor-b.git" fetch -q "$R" refs/heads/anchor:refs/remotes/origin/anchor
    commit="date +%s%N >'$d/anchor-a/note.txt' && git -C '$d/anchor-a' add note.txt && git -C '$d/anchor-a' commit -q -m one"
    HELM_HOME=$d/a ab "\`voyage push\` of one entry vs \`git push\`, remote of $n refs" \
        "HELM_HOME='$d/a' '$HELM' $LOG -V $V" "$commit" \
        "$HELM voyage push $V --remote $R" \
        "git -C $d/anchor-a push -q $R HEAD:refs/heads/anchor"
    HELM_HOME=$d/b ab "\`voyage pull\` of one entry vs \`git fetch\`, remote of $n refs" \
        "HELM_HOME='$d/a' '$HELM' $LOG -V $V && HELM_HOME='$d/a' '$HELM' voyage push $V --remote '$R'" \
        "$commit && git -C '$d/anchor-a' push -q '$R' HEAD:refs/heads/anchor" \
        "$HELM voyage pull $V --remote $R" \
        "git --git-dir=$d/anchor-b.git fetch -q --no-tags $R refs/heads/anchor:refs/remotes/origin/anchor"
done

# Many voyages: VOYAGES voyages pushed once, then one new entry each
# (BENCH_ALL_VOYAGES=0 skips it, e.g. for a helm without `push --all`).
if [ "$VOYAGES" -eq 0 ]; then
    echo
    echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
    exit 0
fi
d=$OUT/all
mkdir -p "$d"
git init -q --bare "$d/remote.git"
for ((i = 1; i <= VOYAGES; i++)); do
    HELM_HOME=$d/c "$HELM" voyage new "bench: voyage $i of $VOYAGES" >/dev/null 2>&1
done
ids=$(HELM_HOME=$d/c "$HELM" voyage list --json | python3 -c 'import json,sys; print(" ".join(v["id"] for v in json.load(sys.stdin)["voyages"]))')
printf '%s\n' '#!/usr/bin/env bash' "for v in $ids; do HELM_HOME='$d/c' '$HELM' $LOG -V \$v >/dev/null 2>&1; done" >"$d/log-all.sh"
bash "$d/log-all.sh"
HELM_HOME=$d/c "$HELM" voyage push --all --remote "$d/remote.git" >/dev/null
git init -q "$d/anchor-a" && git -C "$d/anchor-a" commit -q --allow-empty -m start
git -C "$d/anchor-a" push -q "$d/remote.git" HEAD:refs/heads/anchor
# The floor: plain git pushing as many refs, one new commit each, in one push.
for ((i = 1; i <= VOYAGES; i++)); do git -C "$d/anchor-a" update-ref "refs/heads/many/$i" HEAD; done
git -C "$d/anchor-a" push -q "$d/remote.git" 'refs/heads/many/*:refs/heads/many/*'
printf '%s\n' '#!/usr/bin/env bash' 'set -e' "for ((i = 1; i <= $VOYAGES; i++)); do" \
    "  c=\$(git -C '$d/anchor-a' commit-tree -p refs/heads/many/\$i -m \"one \$(date +%s%N)\" 4b825dc642cb6eb9a060e54bf8d69288fbee4904)" \
    "  git -C '$d/anchor-a' update-ref refs/heads/many/\$i \$c" "done" >"$d/commit-many.sh"
log "timing push --all: $ROUNDS rounds"
lines=$(PREP_1="bash '$d/log-all.sh'" \
    PREP_2="date +%s%N >'$d/anchor-a/note.txt' && git -C '$d/anchor-a' add note.txt && git -C '$d/anchor-a' commit -q -m one" \
    PREP_3="bash '$d/commit-many.sh'" \
    HELM_HOME=$d/c python3 "$ROOT/bench/ab.py" "$ROUNDS" \
    "$HELM voyage push --all --remote $d/remote.git" \
    "git -C $d/anchor-a push -q $d/remote.git HEAD:refs/heads/anchor" \
    "git -C $d/anchor-a push -q $d/remote.git refs/heads/many/*:refs/heads/many/*")
printf '# push --all\n%s\n' "$lines" >>"$OUT/ab.txt"
python3 - "$VOYAGES" "$lines" <<'PY'
import sys
n, lines = sys.argv[1], sys.argv[2].splitlines()
(hw, hc), (aw, ac), (fw, fc) = [(float(l.split()[0]), float(l.split()[3])) for l in lines]
print(f"| `voyage push --all` of {n} voyages, one entry each, vs one `git push` of one commit | {hw:.1f} ms | {aw:.1f} ms | {hw / aw:.2f}× | {hc:.1f} / {ac:.1f} ms | {hw - aw:+.1f} ms |")
print(f"| the same vs one `git push` of {n} refs, one new commit each (git's own floor) | {hw:.1f} ms | {fw:.1f} ms | {hw / fw:.2f}× | {hc:.1f} / {fc:.1f} ms | {hw - fw:+.1f} ms |")
PY
echo
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
