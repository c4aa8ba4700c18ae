#!/usr/bin/env bash
# `helm search` at a team's scale (issue 44): a warm search over VOYAGES
# voyages of ENTRIES entries each (default 20 × 150 = 3,000 entries) beside
# sqlite3 querying an FTS5 table of the same texts (whole processes,
# alternating rounds, bench/ab.py), then the same at 100,000 entries
# (20 × 5,000). The goal: helm at most 1.5× sqlite3.
#
#   bench/search.sh [HELM]      HELM defaults to target/release/helm
#
# Environment: BENCH_ROUNDS (default 100), BENCH_QUICK=1 (20 rounds).
# Voyages are made by bench/big_voyage.sh (helm starts each, sqlite3 adds the
# entries as helm writes them) in bench/out/search-*/ and kept between runs.
# The first search builds the index (timed once, reported as "cold"); the
# timed rounds are warm: nothing changed since the last search.
# `log` does no indexing at all (ADR 0024), so its row is unchanged by search.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HELM=${1:-$ROOT/target/release/helm}
OUT=$ROOT/bench/out
ROUNDS=${BENCH_ROUNDS:-100}
[ "${BENCH_QUICK:-0}" = 1 ] && ROUNDS=20
QUERY=${BENCH_QUERY:-review}
mkdir -p "$OUT"

# home VOYAGES ENTRIES: a home of VOYAGES voyages of ENTRIES entries each.
home() {
    local voyages=$1 entries=$2 dir=$OUT/search-$1x$2
    if [ ! -d "$dir/home/voyages" ]; then
        rm -rf "$dir" && mkdir -p "$dir/home/voyages"
        for i in $(seq 1 "$voyages"); do
            "$ROOT/bench/big_voyage.sh" "$HELM" "$dir/one" "$entries" >/dev/null
            mv "$dir"/one/voyages/*.sqlite "$dir/home/voyages/"
        done
        rm -rf "$dir/one"
        # The anchor: one FTS5 table of the same texts, in sqlite3's own file.
        local fts=$dir/anchor.sqlite
        sqlite3 "$fts" "CREATE VIRTUAL TABLE texts USING fts5(text)"
        for f in "$dir"/home/voyages/*.sqlite; do
            sqlite3 "$fts" "ATTACH '$f' AS v;
                INSERT INTO texts (text) SELECT summary || char(10) ||
                    coalesce(json_extract(action, '\$.status'), '') FROM v.logbook;
                DETACH v;"
        done
    fi
    echo "$dir"
}

run() {
    local voyages=$1 entries=$2 dir
    dir=$(home "$voyages" "$entries")
    export HELM_HOME=$dir/home
    local start end
    rm -f "$HELM_HOME/search.sqlite"
    start=$(date +%s.%N)
    "$HELM" search "$QUERY" >/dev/null
    end=$(date +%s.%N)
    echo "## $((voyages * entries)) entries in $voyages voyages"
    echo "cold (index built): $(echo "$end - $start" | bc) s"
    python3 "$ROOT/bench/ab.py" "$ROUNDS" \
        "$HELM search $QUERY --limit 20" \
        "sqlite3 $dir/anchor.sqlite \"SELECT snippet(texts, 0, '[', ']', '…', 24), bm25(texts) FROM texts WHERE texts MATCH '$QUERY' ORDER BY bm25(texts) LIMIT 20\""
}

run 20 150
run 20 5000
