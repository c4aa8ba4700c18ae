#!/usr/bin/env bash
# helm's performance benchmarks (issues 5, 12, 15 and 20): each helm job side by
# side with its anchor, in one run, on this machine, printed as a markdown
# table of ratios.
#
#   bench/run.sh                 all jobs
#   bench/run.sh big-tree ...    only these jobs (small-write big-tree big-file
#                                many-voyages list-cold big-voyage github-pr sync
#                                github-checks page tools-list proposals;
#                                sync-scale only when named)
#                                (github-pr includes the freshness guard's rows)
#
# Environment:
#   BENCH_QUICK=1     fewer runs per command (a smoke test, noisy figures)
#   BENCH_NO_BUILD=1  skip `cargo build --release --locked`
#   BENCH_BIG_MIB=256 size of the big text file in MiB
#   BENCH_VOYAGES=2000 number of voyages for `voyage list --all`
#   BENCH_ENTRIES=20000 entries in the big voyage
#   BENCH_HELM=PATH   time this helm binary instead of target/release/helm
#                     (implies BENCH_NO_BUILD=1), e.g. a copy built from main
#   BENCH_TIMER=python use bench/timeit.py instead of hyperfine
#
# Inputs and results go to bench/out/ (gitignored). Generated inputs (the big
# file, the 2,000 voyages, the 20,000-entry voyage) are kept between runs and
# only remade when missing.
# Benchmarks are not tests: CI does not run this script.
#
# Timings are medians of hyperfine runs (hyperfine -N, no shell in between),
# taken in alternating rounds (helm, anchor, helm, anchor, ...) so that other
# load on the machine hits both sides alike; without hyperfine,
# bench/timeit.py does the same in Python.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH=$ROOT/bench
OUT=$BENCH/out
mkdir -p "$OUT"

QUICK=${BENCH_QUICK:-0}
BIG_MIB=${BENCH_BIG_MIB:-256}
VOYAGES=${BENCH_VOYAGES:-2000}
ENTRIES=${BENCH_ENTRIES:-20000}
JOBS=("$@")
[ ${#JOBS[@]} -eq 0 ] && JOBS=(small-write big-tree big-file many-voyages list-cold big-voyage github-pr sync github-checks page tools-list proposals)

log() { printf '\033[2m# %s\033[0m\n' "$*" >&2; }
want() { local j; for j in "${JOBS[@]}"; do [ "$j" = "$1" ] && return 0; done; return 1; }
runs() { if [ "$QUICK" = 1 ]; then echo "$2"; else echo "$1"; fi; }

# ---------------------------------------------------------------- tools

apt_install() {
    # Installs Debian packages when we are root (or have sudo) and apt exists.
    local sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo="sudo"
    if command -v apt-get >/dev/null && { [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; }; then
        if [ -z "${APT_UPDATED:-}" ]; then
            $sudo apt-get update -qq >/dev/null 2>&1 || true
            APT_UPDATED=1
        fi
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1 || true
    fi
}

need() { # need COMMAND PACKAGE
    command -v "$1" >/dev/null || { log "installing $2"; apt_install "$2"; }
}

need sqlite3 sqlite3
need rg ripgrep
need zstd zstd
need curl curl
need python3 python3
need git git
[ -x /usr/bin/time ] || { log "installing time"; apt_install time; }
command -v perf >/dev/null || { log "installing linux-perf (the secret scan's share)"; apt_install linux-perf; }
[ "${BENCH_TIMER:-}" = python ] || need hyperfine hyperfine
for tool in sqlite3 rg zstd curl python3 sha256sum; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is required and could not be installed" >&2; exit 1; }
done
if [ "${BENCH_TIMER:-}" != python ] && command -v hyperfine >/dev/null; then
    TIMER=(hyperfine -N --style basic)
    TIMER_NAME="hyperfine $(hyperfine --version | awk '{print $2}')"
else
    TIMER=(python3 "$BENCH/timeit.py" -N)
    TIMER_NAME="bench/timeit.py (hyperfine not available)"
fi

# ---------------------------------------------------------------- build

if [ -n "${BENCH_HELM:-}" ]; then
    HELM=$(cd "$(dirname "$BENCH_HELM")" && pwd)/$(basename "$BENCH_HELM")
else
    if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
        log "cargo build --release --locked"
        (cd "$ROOT" && cargo build --release --locked)
    fi
    HELM=${CARGO_TARGET_DIR:-$ROOT/target}/release/helm
fi
[ -x "$HELM" ] || { echo "bench: $HELM not found" >&2; exit 1; }
# Time helm as installed: `cargo install` copies the binary, and so does this.
# The same bytes start 0.6 ms slower while the kernel still holds them as the
# linker wrote them (mapped page by page), which is not how anyone runs helm
# (docs/performance.md, "Small writes").
BUILT=$HELM
HELM=$OUT/bin/helm
mkdir -p "$OUT/bin"
rm -f "$HELM"
cp "$BUILT" "$HELM"

# ---------------------------------------------------------------- machine

machine_info() {
    local cpu mem
    cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
    mem=$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)
    echo "## Machine"
    echo
    echo "- cpu: ${cpu:-unknown}, nproc $(nproc)"
    echo "- memory: $mem"
    echo "- kernel: $(uname -sr); filesystem of bench/out: $(df -PT "$OUT" | awk 'NR==2 {print $2}')"
    echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
    if [ -n "${BENCH_HELM:-}" ]; then
        echo "- helm: $("$HELM" --version) (given by BENCH_HELM; bench scripts at $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo 'no git'))"
    else
        echo "- helm: $("$HELM" --version) ($(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo 'no git')$(cd "$ROOT" && [ -n "$(git status --porcelain -- src Cargo.toml Cargo.lock 2>/dev/null)" ] && echo ', with uncommitted changes in src'))"
    fi
    echo "- binary: $HELM, $(stat -c %s "$HELM") bytes ($(awk -v b="$(stat -c %s "$HELM")" 'BEGIN {printf "%.1f MiB", b/1048576}'))"
    echo "- rustc: $(rustc --version 2>/dev/null || echo unknown)"
    echo "- timer: $TIMER_NAME; anchors: $(sqlite3 --version | cut -d' ' -f1) (sqlite3), $(rg --version | sed -n 1p), $(zstd --version | sed 's/.*v\([0-9.]*\).*/zstd \1/'), $(sha256sum --version | sed -n 1p)"
    echo
}
machine_info | tee "$OUT/machine.md"

# ---------------------------------------------------------------- helpers

RESULTS=$OUT/results.tsv
: >"$RESULTS"

# new_home NAME: a throwaway HELM_HOME with one fresh voyage; sets HOME_DIR and VOYAGE.
new_home() {
    HOME_DIR=$OUT/home-$1
    rm -rf "$HOME_DIR"
    VOYAGE=$(HELM_HOME=$HOME_DIR "$HELM" voyage new "bench: $1" 2>/dev/null)
}

# bench NAME ROUNDS RUNS WARMUP [--prepare CMD ...] -- HELM_CMD ANCHOR_CMD
# Times both commands in ROUNDS alternating rounds of RUNS runs each (helm,
# anchor, helm, anchor, ...), so a change in the machine's load during the job
# hits both sides alike; warm-up runs happen in the first round only. Leaves
# $OUT/NAME.json with every run of every round merged, and the per-round
# exports as $OUT/NAME.rK.json.
bench() {
    local name=$1 rounds=$2 runs=$3 warmup=$4
    shift 4
    local extra=()
    while [ "$1" != "--" ]; do extra+=("$1"); shift; done
    shift
    log "timing $name: $rounds rounds of $runs runs"
    local r
    : >"$OUT/$name.log"
    rm -f "$OUT/$name".r*.json
    for ((r = 1; r <= rounds; r++)); do
        "${TIMER[@]}" --warmup "$([ "$r" = 1 ] && echo "$warmup" || echo 0)" --runs "$runs" "${extra[@]}" \
            --export-json "$OUT/$name.r$r.json" -n helm -n anchor "$1" "$2" >>"$OUT/$name.log" 2>&1 ||
            { cat "$OUT/$name.log" >&2; return 1; }
    done
    python3 "$BENCH/merge_rounds.py" "$OUT/$name" "$rounds"
}

# median NAME INDEX: median seconds of command INDEX in NAME.json
median() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]["median"])' \
        "$OUT/$1.json" "$2"
}

# row JOB HELM_S ANCHOR_S GOAL_RATIO [NOTE]: appends a ratio row.
row() {
    printf '%s\t%s\t%s\t%s\tratio\t%s\n' "$1" "$2" "$3" "$4" "${5:-}" >>"$RESULTS"
}

# ---------------------------------------------------------------- inputs

SMALL=$OUT/small
if want small-write; then
    mkdir -p "$SMALL"
    for i in 1 2 3; do
        [ -f "$SMALL/note$i.txt" ] || python3 "$BENCH/gen_text.py" $((2048 + i * 512)) "$SMALL/note$i.txt"
    done
fi

BIG=$OUT/big.txt
if want big-file; then
    want_size=$((BIG_MIB << 20))
    if [ ! -f "$BIG" ] || [ "$(stat -c %s "$BIG")" != "$want_size" ]; then
        log "generating $BIG ($BIG_MIB MiB of varied text, ~40 s)"
        python3 "$BENCH/gen_text.py" "$want_size" "$BIG"
    fi
fi

MANY=$OUT/home-many
if want many-voyages || want list-cold; then
    have=$( (find "$MANY/voyages" -maxdepth 1 -name '*.sqlite' 2>/dev/null || true) | wc -l)
    if [ "$have" != "$VOYAGES" ]; then
        log "creating $VOYAGES voyages with helm voyage new (once)"
        rm -rf "$MANY"
        ids=$OUT/home-many.ids
        : >"$ids"
        for ((i = 1; i <= VOYAGES; i++)); do
            HELM_HOME=$MANY "$HELM" voyage new "bench voyage $i: fix widget crash $i" 2>/dev/null >>"$ids"
        done
        # some voyages with entries and some ended, as in real use
        for id in $(sed -n '1~40p' "$ids"); do
            HELM_HOME=$MANY "$HELM" log -V "$id" --as bench --role coder --method script \
                --summary checkpoint waiting >/dev/null 2>&1
        done
        for id in $(sed -n '7~100p' "$ids"); do
            HELM_HOME=$MANY "$HELM" voyage end "$id" --status done >/dev/null 2>&1
        done
    fi
fi

# The big voyage: made once by bench/big_voyage.sh (a few seconds) and kept;
# remade when missing or not of ENTRIES entries.
BIGV_HOME=$OUT/home-bigvoyage
if want big-voyage || want sync || want page; then
    BIGV=$(cat "$OUT/home-bigvoyage.id" 2>/dev/null || true)
    have=$(sqlite3 "$BIGV_HOME/voyages/$BIGV.sqlite" "SELECT count(*) FROM logbook" 2>/dev/null || echo 0)
    if [ -z "$BIGV" ] || [ "$have" != "$ENTRIES" ]; then
        log "making a voyage of $ENTRIES entries (once)"
        BIGV=$(bash "$BENCH/big_voyage.sh" "$HELM" "$BIGV_HOME" "$ENTRIES")
        echo "$BIGV" >"$OUT/home-bigvoyage.id"
    fi
fi

# ---------------------------------------------------------------- jobs

if want small-write; then
    # Anchor: the sqlite3 CLI, one durable insert (default rollback journal,
    # synchronous=FULL: the same settings helm uses) into a file.
    ANCHOR_DB=$OUT/anchor.db
    rm -f "$ANCHOR_DB"
    sqlite3 "$ANCHOR_DB" "CREATE TABLE t (id INTEGER PRIMARY KEY, at TEXT, who TEXT, body TEXT)"
    INSERT="INSERT INTO t (at, who, body) VALUES (strftime('%Y-%m-%dT%H:%M:%fZ'), 'alice', 'asked for feedback')"

    # helm log with 3 observations on the slate: --prepare observes 3 small files.
    # The anchor's insert runs after the same preparation: three durable
    # writes just before leave the disk and the caches in a state that slows
    # the next write by 0.6-0.8 ms, whichever program makes it.
    new_home log
    cat >"$OUT/prep-slate.sh" <<EOF
#!/usr/bin/env bash
set -e
export HELM_HOME='$HOME_DIR' HELM_VOYAGE='$VOYAGE'
for f in '$SMALL/note1.txt' '$SMALL/note2.txt' '$SMALL/note3.txt'; do
    '$HELM' observe file-contents "\$f" >/dev/null 2>&1
done
EOF
    (
        export HELM_HOME=$HOME_DIR HELM_VOYAGE=$VOYAGE
        bench small-log "$(runs 8 2)" 20 3 \
            --prepare "bash $OUT/prep-slate.sh" -- \
            "$HELM log --as bench --role coder --method script --summary checkpoint waiting" \
            "sqlite3 $ANCHOR_DB \"$INSERT\""
    )
    # check that each timed log really sealed 3 observations
    sealed=$(HELM_HOME=$HOME_DIR "$HELM" --json voyage show "$VOYAGE" 2>/dev/null |
        python3 -c 'import json,sys; e=json.load(sys.stdin)["entries"]; print(min(len(x.get("bearing", [])) for x in e), len(e))')
    log "helm log entries: min bearing size, count = $sealed"
    row "small write: \`helm log\` (3 observations on the slate) vs one \`sqlite3\` insert" "$(median small-log 0)" "$(median small-log 1)" 1.0

    new_home observe-small
    (
        export HELM_HOME=$HOME_DIR HELM_VOYAGE=$VOYAGE
        bench small-observe "$(runs 8 2)" 20 3 -- \
            "$HELM observe file-contents $SMALL/note1.txt" \
            "sqlite3 $ANCHOR_DB \"$INSERT\""
    )
    row "small write: \`helm observe file-contents\` (3 KiB file) vs one \`sqlite3\` insert" "$(median small-observe 0)" "$(median small-observe 1)" 1.2

    # Issue 45: what starting helm costs at all, against starting sqlite3.
    bench start-up "$(runs 8 2)" 40 5 -- "$HELM --version" "sqlite3 -version"
    row "start-up: \`helm --version\` vs \`sqlite3 -version\`" "$(median start-up 0)" "$(median start-up 1)" 1.0
fi

if want big-tree; then
    SYSROOT=$(rustc --print sysroot)
    new_home tree
    (
        export HELM_HOME=$HOME_DIR HELM_VOYAGE=$VOYAGE
        bench big-tree "$(runs 5 2)" 3 2 -- \
            "$HELM observe directory-tree $SYSROOT" \
            "rg --files $SYSROOT"
    )
    files=$(rg --files "$SYSROOT" | wc -l)
    row "big tree: \`helm observe directory-tree\` sysroot ($files files) vs \`rg --files\`" \
        "$(median big-tree 0)" "$(median big-tree 1)" 0.8
fi

if want big-file; then
    # Every timed run observes the file into a fresh voyage, so the artifact is
    # really compressed and written (a re-observation of an already stowed
    # artifact skips the blob write; it is measured separately below).
    new_home big
    cat >"$OUT/prep-big.sh" <<EOF
#!/usr/bin/env bash
set -e
rm -rf '$OUT/home-big-fresh'
HELM_HOME='$OUT/home-big-fresh' '$HELM' voyage new 'bench: big file' >'$OUT/home-big-fresh.id' 2>/dev/null
EOF
    cat >"$OUT/observe-big.sh" <<EOF
#!/usr/bin/env bash
exec env HELM_HOME='$OUT/home-big-fresh' HELM_VOYAGE="\$(cat '$OUT/home-big-fresh.id')" '$HELM' observe file-contents '$BIG'
EOF
    ANCHOR_BIG="bash -c 'sha256sum $BIG >/dev/null && zstd -q -3 -c $BIG >/dev/null'"
    bench big-file "$(runs 5 2)" 1 1 --prepare "bash $OUT/prep-big.sh" --prepare "true" -- \
        "bash $OUT/observe-big.sh" "$ANCHOR_BIG"
    row "big file: \`helm observe file-contents\` ${BIG_MIB} MiB, new artifact, vs \`sha256sum\` + \`zstd -3\`" \
        "$(median big-file 0)" "$(median big-file 1)" 0.6

    (
        export HELM_HOME=$HOME_DIR HELM_VOYAGE=$VOYAGE
        "$HELM" observe file-contents "$BIG" >/dev/null 2>&1
        bench big-file-again "$(runs 5 2)" 1 1 -- \
            "$HELM observe file-contents $BIG" "$ANCHOR_BIG"
    )
    row "big file: same, artifact already stowed (re-observation)" \
        "$(median big-file-again 0)" "$(median big-file-again 1)" 0.8

    # Peak memory (maximum resident set size) against the file size.
    bash "$OUT/prep-big.sh"
    rss() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident/ {gsub(/ /, "", $2); print $2}'; }
    helm_kib=$(rss bash "$OUT/observe-big.sh")
    sha_kib=$(rss sha256sum "$BIG")
    zstd_kib=$(rss zstd -q -3 -c "$BIG")
    file_kib=$(( $(stat -c %s "$BIG") / 1024 ))
    printf '%s\t%s\t%s\t%s\trss\t%s\n' "big file: peak RSS (MiB) vs file size" \
        "$helm_kib" "$file_kib" 0.3 "anchor RSS: sha256sum $((sha_kib / 1024)) MiB, zstd -3 $((zstd_kib / 1024)) MiB" >>"$RESULTS"

    # The secret scan's share of the look's CPU (issue 34's redaction, issue
    # 35's row): perf samples under the scan over all of the process's. The
    # scan is its keyword search and its rules' matching, called one after the
    # other (not nested); `scan::redact` around them may be inlined (issue 45).
    if command -v perf >/dev/null && bash "$OUT/prep-big.sh" &&
        perf record -q -F 2000 --call-graph dwarf,8192 -o "$OUT/big-file.perf" -- bash "$OUT/observe-big.sh" >/dev/null 2>&1; then
        share=$(perf report -i "$OUT/big-file.perf" --children --sort symbol --stdio -g none 2>/dev/null |
            awk '/\] helm_core::secrets::keywords::Keywords::find[ \t-]*$/ && !k {gsub(/%/, "", $1); sum += $1; k = 1}
                 /\] helm_core::secrets::scan::find_from[ \t-]*$/ && !f {gsub(/%/, "", $1); sum += $1; f = 1}
                 END {if (k || f) print sum}' || true)
        if [ -n "$share" ]; then
            printf '%s\t%s\t%s\t%s\tshare\t%s\n' "big file: the secret scan's share of the look's CPU" \
                "$share" 100 0.25 "perf record, samples under the keyword search and the rules' matching" >>"$RESULTS"
        else
            log "perf found no samples under the secret scan (a stripped binary?): share not measured"
        fi
        rm -f "$OUT/big-file.perf"
    else
        log "no perf here (apt-get install linux-perf): the secret scan's share is not measured"
    fi
fi

if want many-voyages; then
    n=$(find "$MANY/voyages" -maxdepth 1 -name '*.sqlite' | wc -l)
    (
        export HELM_HOME=$MANY
        "$HELM" voyage list --all >/dev/null # fills the cache
        bench many-voyages "$(runs 5 2)" 3 2 -- \
            "$HELM voyage list --all" "$HELM --version"
    )
    printf '%s\t%s\t%s\t%s\tper-voyage\t%s\n' "many voyages, warm: \`helm voyage list --all\` ($n voyages) vs \`helm --version\`" \
        "$(median many-voyages 0)" "$(median many-voyages 1)" 8 "$n" >>"$RESULTS"
fi

if want list-cold; then
    # Cold: no $HELM_HOME/cache before every timed listing, as after an
    # upgrade, a new machine, or a cache deleted by hand.
    n=$(find "$MANY/voyages" -maxdepth 1 -name '*.sqlite' | wc -l)
    (
        export HELM_HOME=$MANY
        bench list-cold "$(runs 5 2)" 3 1 --prepare "rm -rf $MANY/cache" --prepare "true" -- \
            "$HELM voyage list --all" "$HELM --version"
    )
    printf '%s\t%s\t%s\t%s\tper-voyage\t%s\n' "many voyages, cold (no cache): \`helm voyage list --all\` ($n voyages) vs \`helm --version\`" \
        "$(median list-cold 0)" "$(median list-cold 1)" 15 "$n" >>"$RESULTS"
fi

if want big-voyage; then
    # The same query helm's story needs: every entry with its bearing.
    JOIN="SELECT l.*, b.target, b.artifact_hash, b.observed_at FROM logbook l LEFT JOIN bearing_observations b ON b.logbook_id = l.id ORDER BY l.id"
    BIGV_FILE=$BIGV_HOME/voyages/$BIGV.sqlite
    # `log` writes, so it runs on a copy; the kept voyage stays as made.
    rm -rf "$OUT/home-biglog"
    mkdir -p "$OUT/home-biglog/voyages"
    cp "$BIGV_FILE" "$OUT/home-biglog/voyages/"
    # Written to disk before timing: else the kernel writes the 10 MiB copy
    # back while the timed logs run, and their fsyncs wait for it.
    sync "$OUT/home-biglog/voyages/$BIGV.sqlite"
    new_home smalllog
    LOGARGS="log --as bench --role coder --method script --summary checkpoint waiting"
    bench big-voyage-log "$(runs 8 2)" 20 3 -- \
        "env HELM_HOME=$OUT/home-biglog HELM_VOYAGE=$BIGV $HELM $LOGARGS" \
        "env HELM_HOME=$HOME_DIR HELM_VOYAGE=$VOYAGE $HELM $LOGARGS"
    row "big voyage: \`helm log\` on $ENTRIES entries vs on a new voyage" \
        "$(median big-voyage-log 0)" "$(median big-voyage-log 1)" 1.1
    (
        export HELM_HOME=$BIGV_HOME
        bench big-voyage-json "$(runs 5 2)" 3 1 -- \
            "$HELM --json voyage show $BIGV" "sqlite3 -json $BIGV_FILE \"$JOIN\""
        bench big-voyage-human "$(runs 5 2)" 3 1 -- \
            "$HELM voyage show $BIGV" "sqlite3 -json $BIGV_FILE \"$JOIN\""
    )
    row "big voyage: \`helm voyage show --json\` of $ENTRIES entries vs \`sqlite3 -json\` of the join" \
        "$(median big-voyage-json 0)" "$(median big-voyage-json 1)" 1.25
    row "big voyage: human \`helm voyage show\` of $ENTRIES entries vs \`sqlite3 -json\` of the join" \
        "$(median big-voyage-human 0)" "$(median big-voyage-human 1)" 1.5
fi

if want page; then
    # `voyage page` of the big voyage (issue 33): at most twice the time of
    # `voyage show --json` of it (both to stdout), and a page of at most 50 MiB.
    (
        export HELM_HOME=$BIGV_HOME
        bench big-voyage-page "$(runs 5 2)" 3 1 -- \
            "$HELM voyage page $BIGV" "$HELM --json voyage show $BIGV"
        "$HELM" voyage page "$BIGV" --out "$OUT/big-voyage.html" 2>/dev/null
    )
    row "big voyage: \`helm voyage page\` of $ENTRIES entries vs \`helm voyage show --json\` of it" \
        "$(median big-voyage-page 0)" "$(median big-voyage-page 1)" 2.0
    printf '%s\t%s\t%s\t%s\tsize\t\n' \
        "big voyage: size of the page of $ENTRIES entries" \
        "$(stat -c %s "$OUT/big-voyage.html")" $((50 << 20)) 1 >>"$RESULTS"
fi

if want github-pr; then
    PORT_FILE=$OUT/fake_github.port
    TRACE=$OUT/fake_github.trace
    rm -f "$PORT_FILE" "$TRACE"
    python3 "$BENCH/fake_github.py" --port 0 --delay-ms 50 --port-file "$PORT_FILE" --trace "$TRACE" >/dev/null 2>&1 &
    SERVER_PID=$!
    trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
    for _ in $(seq 100); do [ -s "$PORT_FILE" ] && break; sleep 0.05; done
    PORT=$(cat "$PORT_FILE")
    API=http://127.0.0.1:$PORT
    new_home github
    GH_ENV="HELM_GITHUB_API_URL=$API GH_TOKEN=x GH_REPO=o/r"
    (
        export HELM_HOME=$HOME_DIR HELM_VOYAGE=$VOYAGE HELM_GITHUB_API_URL=$API GH_TOKEN=x GH_REPO=o/r
        unset GITHUB_TOKEN
        "$HELM" observe github-pr 7 >"$OUT/github-pr.out" 2>"$OUT/github-pr.err" || {
            echo "bench: helm observe github-pr failed:" >&2; cat "$OUT/github-pr.err" >&2; exit 1; }
        bench github-pr "$(runs 5 2)" 4 2 -- \
            "$HELM observe github-pr 7" \
            "curl -s -o /dev/null -H 'Accept: application/vnd.github+json' $API/repos/o/r/pulls/7"
    )
    row "GitHub PR: \`helm observe github-pr\` (all focuses, 50 ms/response) vs one request" \
        "$(median github-pr 0)" "$(median github-pr 1)" 4.0

    # Issue 12: re-observing an unchanged PR (the voyage already holds its
    # observation, and the server answers 304 to any conditional request)
    # against a first observation (a fresh voyage before every run).
    cat >"$OUT/prep-github-first.sh" <<EOF
#!/usr/bin/env bash
set -e
rm -rf '$OUT/home-github-first'
HELM_HOME='$OUT/home-github-first' '$HELM' voyage new 'bench: first look' >'$OUT/home-github-first.id' 2>/dev/null
EOF
    cat >"$OUT/observe-github-first.sh" <<EOF
#!/usr/bin/env bash
exec env -u GITHUB_TOKEN $GH_ENV HELM_HOME='$OUT/home-github-first' HELM_VOYAGE="\$(cat '$OUT/home-github-first.id')" '$HELM' observe github-pr 7
EOF
    : >"$TRACE"
    bench github-pr-again "$(runs 5 2)" 4 2 --prepare "true" --prepare "bash $OUT/prep-github-first.sh" -- \
        "env -u GITHUB_TOKEN $GH_ENV HELM_HOME=$HOME_DIR HELM_VOYAGE=$VOYAGE $HELM observe github-pr 7" \
        "bash $OUT/observe-github-first.sh"
    answers=$(grep -c ' done ' "$TRACE" || true)
    unchanged=$(grep -c ' done  [0-9]* 304 ' "$TRACE" || true)
    row "GitHub PR: re-observing it unchanged vs its first observation ($unchanged of $answers answers were 304)" \
        "$(median github-pr-again 0)" "$(median github-pr-again 1)" 0.5

    # The same for a big PR (#8: 250 files and 150 comments, several pages
    # each): a first observation follows each listing's pages one after the
    # other; a re-observation asks for every page it knows at once.
    sed -i 's/ github-pr 7$/ github-pr 8/' "$OUT/observe-github-first.sh"
    (
        export HELM_HOME=$HOME_DIR HELM_VOYAGE=$VOYAGE HELM_GITHUB_API_URL=$API GH_TOKEN=x GH_REPO=o/r
        unset GITHUB_TOKEN
        "$HELM" observe github-pr 8 >/dev/null 2>&1
    )
    : >"$TRACE"
    bench github-pr-big-again "$(runs 5 2)" 4 2 --prepare "true" --prepare "bash $OUT/prep-github-first.sh" -- \
        "env -u GITHUB_TOKEN $GH_ENV HELM_HOME=$HOME_DIR HELM_VOYAGE=$VOYAGE $HELM observe github-pr 8" \
        "bash $OUT/observe-github-first.sh"
    answers=$(grep -c ' done ' "$TRACE" || true)
    unchanged=$(grep -c ' done  [0-9]* 304 ' "$TRACE" || true)
    row "GitHub PR, big (250 files, 150 comments): re-observing it unchanged vs its first observation ($unchanged of $answers answers were 304)" \
        "$(median github-pr-big-again 0)" "$(median github-pr-big-again 1)" 0.5

    # Issue 20: what the freshness guard costs on the big PR. Before each
    # timed steer the PR is observed again (304s, untimed), so the guard
    # checks one full observation: every page of every part. The anchor is
    # the same steer on a voyage with nothing on the slate (verdict
    # not-observed, no check). Both post one comment, which the server
    # answers and forgets.
    guard_row() { # guard_row NAME LABEL API
        local name=$1 label=$2 api=$3 guarded bare env steer
        guarded=$(HELM_HOME=$HOME_DIR "$HELM" voyage new "bench: guarded steers" 2>/dev/null)
        bare=$(HELM_HOME=$HOME_DIR "$HELM" voyage new "bench: unguarded steers" 2>/dev/null)
        env="env -u GITHUB_TOKEN HELM_GITHUB_API_URL=$api GH_TOKEN=x GH_REPO=o/r HELM_HOME=$HOME_DIR"
        steer="steer --as bench --role r --method script --summary s comment --pr 8 --body checked"
        $env HELM_VOYAGE="$guarded" "$HELM" observe github-pr 8 >/dev/null 2>&1
        : >"$TRACE"
        $env HELM_VOYAGE="$guarded" "$HELM" $steer >/dev/null 2>"$OUT/$name.err" || {
            echo "bench: the guarded steer failed:" >&2; cat "$OUT/$name.err" >&2; exit 1; }
        local gets not_modified
        gets=$(( $(grep -c ' done ' "$TRACE" || true) - 1 )) # all but the POST
        not_modified=$(grep -c ' done  [0-9]* 304 ' "$TRACE" || true)
        bench "$name" "$(runs 5 2)" 4 2 \
            --prepare "$env HELM_VOYAGE=$guarded $HELM observe github-pr 8" --prepare "true" -- \
            "$env HELM_VOYAGE=$guarded $HELM $steer" \
            "$env HELM_VOYAGE=$bare $HELM $steer"
        row "GitHub PR, big: \`steer comment\` checked by the guard vs unchecked, $label ($gets requests, $not_modified answered 304)" \
            "$(median "$name" 0)" "$(median "$name" 1)" 2.0
    }
    guard_row github-guard "with validators" "$API"
    kill "$SERVER_PID" 2>/dev/null || true

    # The same against a GitHub whose validators a proxy strips: every part
    # is fetched and compared with what was seen.
    rm -f "$PORT_FILE"
    python3 "$BENCH/fake_github.py" --port 0 --delay-ms 50 --port-file "$PORT_FILE" --trace "$TRACE" --no-validators >/dev/null 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do [ -s "$PORT_FILE" ] && break; sleep 0.05; done
    guard_row github-guard-bare "no validators" "http://127.0.0.1:$(cat "$PORT_FILE")"
    kill "$SERVER_PID" 2>/dev/null || true
    trap - EXIT
fi

# ---------------------------------------------------------------- proposals (issue 45)
# bench/proposals.sh: `steer --propose` against a dry run plus a `log`, and
# `approve` against a steer plus a look, on bench/fake_github.py.

if want proposals; then
    # shellcheck source=bench/proposals.sh
    . "$ROOT/bench/proposals.sh"
fi

# ---------------------------------------------------------------- sync (issue 23)
# bench/sync.sh: voyage push and pull through a bare repository on this disk.

if want sync; then
    # shellcheck source=bench/sync.sh
    . "$ROOT/bench/sync.sh"
fi

# ---------------------------------------------------------------- sync-scale (issue 45)
# bench/sync_scale.sh: one-entry push and pull on a remote of 0, 10,000 and
# 50,000 other refs, and `push --all` of 20 voyages, each beside plain git
# (its own table, alternating rounds through bench/ab.py). Not in the
# default run: `bench/run.sh sync-scale`.

if want sync-scale; then
    bash "$BENCH/sync_scale.sh" "$HELM" "$(runs 15 3)" | tee "$OUT/sync-scale.md"
fi

# ---------------------------------------------------------------- mcp (issue 13)
# 200 observations of small files through one `helm mcp` session vs 200
# `helm observe` processes; goal: the session takes at most half the time.
# Part of the default run; `bench/run.sh mcp` runs it alone.

if [ ${#@} -eq 0 ] || want mcp; then
    log "timing mcp: 200 observations, one MCP session vs 200 processes"
    figures=$(python3 "$BENCH/mcp_observe.py" "$HELM" --count 200 --rounds "$(runs 5 2)" --dir "$OUT/mcp")
    row "MCP: 200 \`observe\` calls in one \`helm mcp\` session vs 200 \`helm observe\` processes" \
        "$(cut -f1 <<<"$figures")" "$(cut -f2 <<<"$figures")" 0.4
fi

# ---------------------------------------------------------------- github-checks (issue 24)
# `observe github-checks` of a failed job whose log is BENCH_CHECKS_MIB (40)
# MiB, served through the storage redirect, vs `curl` of the same log piped
# to `tail`: time and peak RSS (bench/checks_log.py prints its own lines).

if want github-checks; then
    log "github-checks: a ${BENCH_CHECKS_MIB:-40} MiB job log"
    python3 "$BENCH/checks_log.py" "$HELM" --mib "${BENCH_CHECKS_MIB:-40}" \
        --rounds "$(runs 7 2)" | tee "$OUT/github-checks.txt"
fi

# ---------------------------------------------------------------- table

echo "- load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/machine.md"
echo
if want tools-list; then
    # The MCP tools list per toolset (issue 31): bytes of compact JSON, held
    # to the limits the tests hold it to.
    python3 "$BENCH/tools_list.py" "$HELM" | while IFS=$'\t' read -r label tools chars limit; do
        printf '%s\t%s\t%s\t%s\tchars\t%s\n' "MCP \`tools/list\`, toolset $label" \
            "$chars" "$limit" 1 "$tools" >>"$RESULTS"
    done
fi

python3 "$BENCH/table.py" "$RESULTS" | tee "$OUT/table.md"
echo
echo "Times are medians; raw hyperfine exports are in bench/out/*.json."
