#!/usr/bin/env python3
"""200 observations of small files: through one `helm mcp` session vs one
`helm observe` process each (issue 13's speed goal: the session takes at
most half the time).

    bench/mcp_observe.py HELM [--count 200] [--rounds 3] [--block 10] [--dir DIR]

A minimal MCP client (JSON-RPC lines on the server's stdin/stdout, standard
library only): it initializes once, then calls the `observe` tool once per
file, waiting for each answer as an agent would. The anchor runs
`helm observe file-contents F` once per file. Each side observes into a
fresh voyage of its own under a throwaway HELM_HOME; the files are the same
COUNT files of ~3 KiB. Within a round the two sides take turns every BLOCK
calls, so other load on the machine (on a shared builder, fsync latency
swings by 10x) hits both alike.

Prints one line per round on stderr and, on stdout, the median seconds of
each side separated by a tab: `SESSION_S<TAB>PROCESSES_S`.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def new_voyage(helm, env):
    out = subprocess.run([helm, "voyage", "new", "bench: mcp observe"], env=env,
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


class Session:
    """One `helm mcp` process with an initialized MCP session."""

    def __init__(self, helm, env):
        self.proc = subprocess.Popen([helm, "mcp"], env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.next_id = 0
        self.request("initialize", {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "helm-bench", "version": "1"},
        })
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"mcp_observe: helm mcp closed the session during {method}")
            answer = json.loads(line)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    sys.exit(f"mcp_observe: {method} failed: {answer['error']}")
                return answer["result"]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def observe_in_session(session, voyage, path):
    result = session.request("tools/call", {"name": "observe", "arguments": {
        "voyage": voyage, "target": {"kind": "file-contents", "paths": [path]}}})
    if result.get("isError"):
        sys.exit(f"mcp_observe: observe failed: {result['content']}")


def observe_in_process(helm, env, path):
    subprocess.run([helm, "observe", "file-contents", path], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)


def one_round(helm, env, files, block):
    """Both sides over the same files, interleaved in blocks of BLOCK calls
    (session, processes, session, …) so that a burst of load from other
    work on the machine (fsync latency above all) hits both alike. The
    session's start and end count towards its time."""
    session_voyage = new_voyage(helm, env)
    process_env = dict(env, HELM_VOYAGE=new_voyage(helm, env))
    started = time.perf_counter()
    session = Session(helm, env)
    session_s = time.perf_counter() - started
    process_s = 0.0
    for at in range(0, len(files), block):
        chunk = files[at:at + block]
        started = time.perf_counter()
        for path in chunk:
            observe_in_session(session, session_voyage, path)
        session_s += time.perf_counter() - started
        started = time.perf_counter()
        for path in chunk:
            observe_in_process(helm, process_env, path)
        process_s += time.perf_counter() - started
    started = time.perf_counter()
    session.close()
    session_s += time.perf_counter() - started
    return session_s, process_s


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("helm")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--block", type=int, default=10,
                        help="calls per side before switching to the other")
    parser.add_argument("--dir", default=None, help="where the files and HELM_HOME go")
    args = parser.parse_args()

    root = args.dir or tempfile.mkdtemp(prefix="helm-mcp-bench-")
    files_dir = os.path.join(root, "files")
    os.makedirs(files_dir, exist_ok=True)
    files = []
    for i in range(args.count):
        path = os.path.join(files_dir, f"note{i}.txt")
        if not os.path.exists(path):
            with open(path, "w") as f:
                f.write(f"note {i}: " + "the widget crashes on empty input. " * 90 + "\n")
        files.append(path)
    home = os.path.join(root, "home")
    shutil.rmtree(home, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HELM_", "GH_", "GITHUB_"))}
    env.update(HELM_HOME=home, NO_COLOR="1")

    session_times, process_times = [], []
    for r in range(1, args.rounds + 1):
        session_s, process_s = one_round(args.helm, env, files, args.block)
        session_times.append(session_s)
        process_times.append(process_s)
        print(f"  round {r}: session {session_times[-1]:.3f} s, "
              f"processes {process_times[-1]:.3f} s, "
              f"ratio {session_times[-1] / process_times[-1]:.2f}", file=sys.stderr)
    print(f"{statistics.median(session_times)}\t{statistics.median(process_times)}")


if __name__ == "__main__":
    main()
