#!/usr/bin/env python3
"""CPU time and page faults of a few commands, in alternating blocks.

    bench/task_clock.py N BLOCKS "CMD_A" "CMD_B" ...

Each block runs `perf stat -r N -e task-clock,page-faults` on each command
in turn, BLOCKS times, and prints for each command the median over the
blocks of its mean task-clock (CPU time, user and kernel, of the process
and the children it waits for) and page faults. CPU time moves little with
the machine's load, where wall time under a shared disk moves with every
fdatasync; blocks in turn spread what load there is over every command.
Needs `perf` (linux-perf). Used for issue 45's small observe against one
sqlite3 insert (docs/performance.md).
"""
import collections
import shlex
import statistics
import subprocess
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    runs, blocks = int(sys.argv[1]), int(sys.argv[2])
    commands = [shlex.split(c) for c in sys.argv[3:]]
    clock = collections.defaultdict(list)
    faults = collections.defaultdict(list)
    for _ in range(blocks):
        for k, command in enumerate(commands):
            done = subprocess.run(
                ["perf", "stat", "-x,", "-r", str(runs), "-e", "task-clock,page-faults", "--"]
                + command,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            for line in done.stderr.splitlines():
                fields = line.split(",")
                if len(fields) > 3 and fields[2] == "task-clock":
                    clock[k].append(float(fields[0]))
                elif len(fields) > 3 and fields[2] == "page-faults":
                    faults[k].append(float(fields[0]))
    for k, command in enumerate(commands):
        if not clock[k]:
            sys.exit(f"task_clock: perf stat gave nothing for {' '.join(command)}")
        print(
            f"{statistics.median(clock[k]):8.3f} ms CPU (blocks {min(clock[k]):.3f}-{max(clock[k]):.3f})"
            f" {statistics.median(faults[k]):6.0f} page faults  {' '.join(command)}"
        )


main()
