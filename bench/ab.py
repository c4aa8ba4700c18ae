#!/usr/bin/env python3
"""Alternate commands N times and print each one's median wall and CPU time.

    bench/ab.py 300 "OLD/helm observe file-contents F" "NEW/helm observe file-contents F"

Each round runs every command once, in order, so a change in the machine's
load falls on all of them alike; CPU time (user + system, from wait4) does
not depend on load at all. PREP="shell command" runs before every command,
untimed; PREP_1, PREP_2, ... run before the first, second, ... command only
(after PREP), for jobs where each side needs its own input (a new entry to
push in its own home). stdout and stderr go to /dev/null. Used for the before/after figures
of single changes in docs/performance.md; bench/run.sh is for the goals.
"""
import os
import shlex
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    commands = [shlex.split(c) for c in sys.argv[2:]]
    prep = os.environ.get("PREP")
    own = [os.environ.get(f"PREP_{k + 1}") for k in range(len(commands))]
    devnull = os.open(os.devnull, os.O_WRONLY)
    redirect = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    wall = [[] for _ in commands]
    cpu = [[] for _ in commands]
    for _ in range(rounds):
        for k, command in enumerate(commands):
            for step in (prep, own[k]):
                if step:
                    subprocess.run(step, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            start = time.perf_counter()
            pid = os.posix_spawnp(command[0], command, os.environ, file_actions=redirect)
            _, status, usage = os.wait4(pid, 0)
            wall[k].append((time.perf_counter() - start) * 1000)
            cpu[k].append((usage.ru_utime + usage.ru_stime) * 1000)
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"ab: {' '.join(command)} failed")
    for k, command in enumerate(commands):
        print(
            f"{statistics.median(wall[k]):9.3f} ms wall {statistics.median(cpu[k]):9.3f} ms CPU  "
            + " ".join(command)
        )


main()
