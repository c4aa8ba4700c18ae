#!/usr/bin/env python3
"""A small stand-in for hyperfine, used by run.sh only when hyperfine is
missing and cannot be installed. It understands the subset of hyperfine's
options that run.sh passes and writes the same --export-json shape
(results[].command/mean/stddev/median/min/max/times), so the table code does
not care which one ran.

Commands run without a shell (like hyperfine -N): split with shlex, stdout
and stderr to /dev/null. --prepare commands run through bash.
"""

import argparse
import json
import shlex
import statistics
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-N", action="store_true")
    ap.add_argument("--warmup", "-w", type=int, default=0)
    ap.add_argument("--runs", "-r", type=int, default=10)
    ap.add_argument("--prepare", "-p", action="append", default=[])
    ap.add_argument("--export-json")
    ap.add_argument("--command-name", "-n", action="append", default=[])
    ap.add_argument("--style")
    ap.add_argument("commands", nargs="+")
    args = ap.parse_args()

    devnull = subprocess.DEVNULL
    results = []
    for i, command in enumerate(args.commands):
        if len(args.prepare) == 1:
            prepare = args.prepare[0]
        elif len(args.prepare) > 1:
            prepare = args.prepare[i]
        else:
            prepare = None
        argv = shlex.split(command)
        times = []
        for n in range(args.warmup + args.runs):
            if prepare:
                subprocess.run(["bash", "-c", prepare], stdout=devnull, stderr=devnull, check=True)
            start = time.perf_counter()
            done = subprocess.run(argv, stdout=devnull, stderr=devnull)
            elapsed = time.perf_counter() - start
            if done.returncode != 0:
                sys.exit(f"command failed ({done.returncode}): {command}")
            if n >= args.warmup:
                times.append(elapsed)
        name = args.command_name[i] if i < len(args.command_name) else command
        mean = statistics.fmean(times)
        results.append({
            "command": name, "mean": mean,
            "stddev": statistics.stdev(times) if len(times) > 1 else 0.0,
            "median": statistics.median(times), "min": min(times), "max": max(times),
            "times": times,
        })
        print(f"{name}: median {statistics.median(times) * 1000:.2f} ms "
              f"(mean {mean * 1000:.2f} ms, {len(times)} runs)")
    if args.export_json:
        with open(args.export_json, "w") as f:
            json.dump({"results": results}, f, indent=1)


if __name__ == "__main__":
    main()
