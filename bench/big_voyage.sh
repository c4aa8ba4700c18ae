#!/usr/bin/env bash
# Makes a voyage of N logbook entries (default 20,000) for bench/run.sh, fast.
#
#   bench/big_voyage.sh HELM HOME N
#
# helm itself starts the voyage, observes five small inputs (three files, two
# files read together, a directory tree) and records three `log` entries whose
# bearings hold 1, 2 and 3 of those observations. sqlite3 then adds the other
# entries, as helm would write them: a `{"kind":"log","status":…}` action,
# varied summaries, identities and roles, and a bearing of 1–3 observations
# that point at the artifacts helm stowed (so every hash is real). Times are
# moved back so the voyage reads as two weeks of work ending before now.
# `helm voyage verify` checks the result; the voyage id goes to stdout.
set -euo pipefail

HELM=$1 HOME_DIR=$2 N=${3:-20000}
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rm -rf "$HOME_DIR"
mkdir -p "$HOME_DIR/inputs"
export HELM_HOME=$HOME_DIR
VOYAGE=$("$HELM" voyage new "bench: a voyage of $N entries" 2>/dev/null)
export HELM_VOYAGE=$VOYAGE
for i in 1 2 3 4 5; do
    python3 "$SRC/gen_text.py" $((1500 + i * 700)) "$HOME_DIR/inputs/part$i.txt"
done
log() { "$HELM" log --as bench --role coder --method script --summary "$1" "$2" >/dev/null 2>&1; }
"$HELM" observe file-contents "$HOME_DIR/inputs/part1.txt" >/dev/null 2>&1
log "read the first part" waiting
"$HELM" observe file-contents "$HOME_DIR/inputs/part2.txt" >/dev/null 2>&1
"$HELM" observe file-contents "$HOME_DIR/inputs/part3.txt" "$HOME_DIR/inputs/part4.txt" >/dev/null 2>&1
log "compared parts two to four" blocked
"$HELM" observe directory-tree "$SRC" >/dev/null 2>&1
"$HELM" observe file-contents "$HOME_DIR/inputs/part5.txt" >/dev/null 2>&1
"$HELM" observe file-contents "$HOME_DIR/inputs/part1.txt" >/dev/null 2>&1
log "checked the tree and the last part" ready

FILE=$HOME_DIR/voyages/$VOYAGE.sqlite
sqlite3 "$FILE" <<SQL
PRAGMA foreign_keys = ON;
BEGIN;
-- helm's timestamp shape: UTC, microseconds, Z.
CREATE TEMP TABLE base AS SELECT julianday('now', '-14 days', '-1 hour') AS t0;
CREATE TEMP TABLE stamp(k INTEGER PRIMARY KEY, at TEXT NOT NULL);
INSERT INTO stamp
    SELECT value, strftime('%Y-%m-%dT%H:%M:%f', (SELECT t0 FROM base) + value * 30.0 / 86400.0)
                  || printf('%03d', (value * 7919) % 1000) || 'Z'
    FROM generate_series(0, $N * 2 + 10);
-- The three real entries keep their rows, only moved to the start of the voyage.
UPDATE voyage SET created_at = (SELECT at FROM stamp WHERE k = 0);
UPDATE bearing_observations SET observed_at = (SELECT at FROM stamp WHERE k = logbook_id * 2 - 1);
UPDATE logbook SET recorded_at = (SELECT at FROM stamp WHERE k = id * 2);
-- The distinct observations helm made, numbered 0..4.
CREATE TEMP TABLE obs AS
    SELECT row_number() OVER (ORDER BY min(rowid)) - 1 AS k, target, artifact_hash
    FROM bearing_observations GROUP BY target, artifact_hash;
CREATE TEMP TABLE words(k, w);
INSERT INTO words VALUES (0, 'read the failing test'), (1, 'waiting on review from carol'),
    (2, 'narrowed the crash to the empty list'), (3, 'asked for feedback on the fix'),
    (4, 'blocked: need a decision on the API'), (5, 'ready for merge after CI'),
    (6, 'checked the tree again'), (7, 'compared the two parts'), (8, 'rebased on main'),
    (9, 'took the reviewer''s naming nit');
INSERT INTO logbook (id, recorded_at, identity, action, summary, role, method)
    SELECT g.value,
           (SELECT at FROM stamp WHERE k = g.value * 2),
           CASE g.value % 4 WHEN 0 THEN 'alice' WHEN 1 THEN 'claude' WHEN 2 THEN 'bench' ELSE 'bob' END,
           '{"kind":"log","status":"' || CASE g.value % 3 WHEN 0 THEN 'waiting' WHEN 1 THEN 'blocked' ELSE 'ready' END || '"}',
           (SELECT w FROM words WHERE k = g.value % 10) || ' (step ' || g.value || ')',
           CASE g.value % 3 WHEN 0 THEN 'coder' WHEN 1 THEN 'reviewer' ELSE 'planner' END,
           CASE g.value % 2 WHEN 0 THEN 'human' ELSE 'sonnet 4-6, thinking high' END
    FROM generate_series(4, $N) AS g;
-- A bearing of 1-3 distinct observations per entry, observed just before it.
INSERT INTO bearing_observations (logbook_id, target, artifact_hash, observed_at)
    SELECT g.value, o.target, o.artifact_hash, (SELECT at FROM stamp WHERE k = g.value * 2 - 1)
    FROM generate_series(4, $N) AS g
    JOIN generate_series(0, 2) AS j ON j.value <= g.value % 3
    JOIN obs o ON o.k = (g.value + j.value) % (SELECT count(*) FROM obs)
    ORDER BY g.value, j.value;
COMMIT;
SQL
"$HELM" voyage verify "$VOYAGE" >&2
echo "$VOYAGE"
