#!/usr/bin/env python3
"""Prints bench/run.sh's results (a TSV of job, helm, anchor, goal, kind, note)
as the markdown table that docs/performance.md quotes.

Usage: table.py RESULTS.tsv
"""
import sys

def fmt(s):
    s = float(s)
    if s >= 1:
        return f"{s:.2f} s"
    return f"{s * 1000:.1f} ms"

def tools(n):
    return f"{n} tool" if n == "1" else f"{n} tools"

print("| job | helm | anchor | ratio | goal | met? |")
print("|---|---|---|---|---|---|")
for line in open(sys.argv[1]):
    job, helm, anchor, goal, kind, note = line.rstrip("\n").split("\t")
    helm, anchor, goal = float(helm), float(anchor), float(goal)
    if kind == "ratio":
        ratio = helm / anchor
        print(f"| {job} | {fmt(helm)} | {fmt(anchor)} | {ratio:.2f}× | ≤ {goal:g}× | {'yes' if ratio <= goal else '**no**'} |")
    elif kind == "rss":
        ratio = helm / anchor
        print(f"| {job} | {helm / 1024:.0f} MiB | file {anchor / 1024:.0f} MiB | {ratio:.2f}× the file | ≤ {goal:g}× | {'yes' if ratio <= goal else '**no**'} ({note}) |")
    elif kind == "size":
        # helm: bytes written; anchor: the most allowed, in bytes.
        print(f"| {job} | {helm / 2**20:.1f} MiB | limit {anchor / 2**20:.0f} MiB | {helm / anchor:.2f}× the limit | ≤ 1× | {'yes' if helm <= anchor else '**no**'} |")
    elif kind == "per-voyage":
        n = int(note)
        per = (helm - anchor) / n * 1e6
        print(f"| {job} | {fmt(helm)} | {fmt(anchor)} | {per:.1f} µs/voyage | ≤ {goal:g} µs | {'yes' if per <= goal else '**no**'} |")
    elif kind == "share":
        # helm: percent of the samples; anchor: 100; goal: the largest share.
        share = helm / anchor
        print(f"| {job} | {helm:.1f} % | all samples | {share:.2f} | ≤ {goal:g} | {'yes' if share <= goal else '**no**'} ({note}) |")
    elif kind == "chars":
        # helm: bytes of compact JSON; anchor: the limit the tests hold it to (0: none).
        if anchor:
            met = "yes" if helm <= anchor else "**no**"
            print(f"| {job} ({tools(note)}) | {helm:,.0f} chars | limit {anchor:,.0f} | {helm / anchor:.2f}× the limit | ≤ 1× | {met} |")
        else:
            print(f"| {job} ({tools(note)}) | {helm:,.0f} chars | — | — | — | (no limit of its own) |")
