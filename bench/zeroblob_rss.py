#!/usr/bin/env python3
"""Why a big artifact costs twice its compressed size in memory (issue 15).

Inserts one 91 MiB zeroblob (the compressed size of bench/out/big.txt) into
seed 002's `artifacts` table, and into the same table with `data` as the last
column, and prints the peak RSS of each. SQLite keeps a zeroblob symbolic only
when it is the record's last field; before `status` it builds the zeros and
then the whole record. Run: python3 bench/zeroblob_rss.py (takes a second).
"""
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile

SIZE = 91 << 20
ORDERS = {
    "seed 002 (data before status)": "hash TEXT PRIMARY KEY, data BLOB NOT NULL, "
    "status TEXT NOT NULL DEFAULT 'stowed'",
    "data as the last column": "hash TEXT PRIMARY KEY, status TEXT NOT NULL DEFAULT 'stowed', "
    "data BLOB NOT NULL",
}


def measure(columns):
    with tempfile.TemporaryDirectory() as tmp:
        conn = sqlite3.connect(os.path.join(tmp, "v.sqlite"))
        conn.execute(f"CREATE TABLE artifacts ({columns})")
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        conn.execute("INSERT INTO artifacts (hash, data) VALUES ('h', zeroblob(?))", (SIZE,))
        conn.commit()
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        print(f"{before} {after}")


if len(sys.argv) == 2:
    measure(ORDERS[sys.argv[1]])
else:
    # Each in a fresh process: peak RSS only ever grows.
    for name in ORDERS:
        out = subprocess.run([sys.executable, __file__, name], capture_output=True, text=True, check=True)
        before, after = map(int, out.stdout.split())
        print(f"{name}: peak RSS {before} MiB before, {after} MiB after inserting a {SIZE >> 20} MiB zeroblob")
