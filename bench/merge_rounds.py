#!/usr/bin/env python3
"""Merges the per-round hyperfine exports NAME.r1.json .. NAME.rK.json of one
bench/run.sh job into NAME.json (every run of every round, medians over all of
them, and each round's median kept as round_medians), and prints a summary and
the per-round helm/anchor ratios on stderr.

Usage: merge_rounds.py OUT/NAME ROUNDS
"""
import json, statistics, sys
base, rounds = sys.argv[1], int(sys.argv[2])
merged = None
for r in range(1, rounds + 1):
    part = json.load(open(f"{base}.r{r}.json"))
    if merged is None:
        merged = part
        for res in merged["results"]:
            res["round_medians"] = [res["median"]]
        continue
    for res, more in zip(merged["results"], part["results"]):
        res["times"] += more["times"]
        res["round_medians"].append(more["median"])
for res in merged["results"]:
    t = res["times"]
    res.update(mean=statistics.fmean(t), median=statistics.median(t), min=min(t), max=max(t),
               stddev=statistics.stdev(t) if len(t) > 1 else 0.0)
    print(f"  {res['command']:>6}: median {res['median'] * 1000:9.2f} ms  min {res['min'] * 1000:9.2f} ms"
          f"  max {res['max'] * 1000:9.2f} ms  ({len(t)} runs)", file=sys.stderr)
h, a = merged["results"]
ratios = [x / y for x, y in zip(h["round_medians"], a["round_medians"])]
print(f"  per-round ratios: {' '.join(f'{x:.2f}' for x in ratios)}", file=sys.stderr)
json.dump(merged, open(f"{base}.json", "w"), indent=1)
