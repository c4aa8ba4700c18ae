#!/usr/bin/env python3
"""200 observations of small files through the official MCP Python SDK vs
one `helm observe` process each: issue 25's throughput row, measured the
way an outside harness measures it.

    bench/mcp_sdk.py HELM [--count 200] [--rounds 5] [--dir DIR] [--raw]

The SDK side starts `helm mcp` with the SDK's stdio client, initializes a
`ClientSession`, then times `call_tool("observe", …)` once per file, in
sequence, each awaited as an agent would (the SDK validates every result
against the tool's outputSchema, and lists the tools on the first call to
learn them: both are part of the time). The process side times
`subprocess.run([HELM, "observe", …], capture_output=True)` once per file.
Rounds alternate which side goes first; each side observes into a fresh
voyage of its own under a throwaway HELM_HOME, over the same COUNT files of
~3 KiB. `--raw` adds a third side in the same rounds: the same calls as
JSON-RPC lines written and read by hand (what bench/mcp_observe.py does),
which tells the SDK's own cost apart from helm's.

The SDK comes from PyPI (`pip install mcp`): when this interpreter lacks
it, the script makes a virtual environment in bench/.venv (or $HELM_BENCH_VENV),
installs it there, and runs itself again with that environment's Python.

Prints one line per round on stderr and, on stdout, the medians in seconds
separated by tabs: `SDK_S<TAB>PROCESSES_S` (then `<TAB>RAW_S` with --raw).
"""

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def ensure_sdk():
    """Re-runs this script under a Python that has the MCP SDK."""
    try:
        import mcp  # noqa: F401
        return
    except ImportError:
        pass
    venv = os.environ.get("HELM_BENCH_VENV", os.path.join(HERE, ".venv"))
    python = os.path.join(venv, "bin", "python")
    if os.environ.get("HELM_BENCH_IN_VENV"):
        sys.exit("mcp_sdk: the virtual environment has no `mcp` package")
    if not os.path.exists(python):
        print(f"mcp_sdk: making {venv} with the MCP SDK", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "mcp"], check=True)
    env = dict(os.environ, HELM_BENCH_IN_VENV="1")
    os.execve(python, [python, os.path.abspath(__file__)] + sys.argv[1:], env)


def new_voyage(helm, env):
    out = subprocess.run([helm, "voyage", "new", "bench: mcp sdk"], env=env,
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


async def sdk_side(helm, env, voyage, files):
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(command=helm, args=["mcp"], env=env)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            started = time.perf_counter()
            for path in files:
                result = await session.call_tool("observe", {
                    "voyage": voyage,
                    "target": {"kind": "file-contents", "paths": [path]},
                })
                if result.is_error:
                    sys.exit(f"mcp_sdk: observe failed: {result.content}")
            return time.perf_counter() - started


def raw_side(helm, env, voyage, files):
    """The same calls as JSON-RPC lines on the server's stdin/stdout."""
    proc = subprocess.Popen([helm, "mcp"], env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)
    next_id = 0

    def request(method, params):
        nonlocal next_id
        next_id += 1
        proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": next_id,
                                     "method": method, "params": params}) + "\n")
        proc.stdin.flush()
        while True:
            answer = json.loads(proc.stdout.readline())
            if answer.get("id") == next_id:
                return answer["result"]

    request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": "helm-bench", "version": "1"}})
    proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
    started = time.perf_counter()
    for path in files:
        result = request("tools/call", {"name": "observe", "arguments": {
            "voyage": voyage, "target": {"kind": "file-contents", "paths": [path]}}})
        if result.get("isError"):
            sys.exit(f"mcp_sdk: observe failed: {result['content']}")
    elapsed = time.perf_counter() - started
    proc.stdin.close()
    proc.wait(timeout=30)
    return elapsed


def process_side(helm, env, voyage, files):
    started = time.perf_counter()
    for path in files:
        subprocess.run([helm, "observe", "--voyage", voyage, "file-contents", path],
                       env=env, capture_output=True, check=True)
    return time.perf_counter() - started


def main():
    ensure_sdk()
    parser = argparse.ArgumentParser()
    parser.add_argument("helm")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--dir", default=None, help="where the files and HELM_HOME go")
    parser.add_argument("--raw", action="store_true",
                        help="also time a hand-written JSON-RPC client")
    args = parser.parse_args()
    helm = os.path.abspath(args.helm) if os.sep in args.helm else args.helm

    root = args.dir or tempfile.mkdtemp(prefix="helm-mcp-sdk-")
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

    times = {"sdk": [], "processes": [], "raw": []}
    sides = {
        "sdk": lambda v: asyncio.run(sdk_side(helm, env, v, files)),
        "processes": lambda v: process_side(helm, env, v, files),
        "raw": lambda v: raw_side(helm, env, v, files),
    }
    order = ["sdk", "processes"] + (["raw"] if args.raw else [])
    for r in range(args.rounds):
        turn = order[r % len(order):] + order[:r % len(order)]
        for side in turn:
            times[side].append(sides[side](new_voyage(helm, env)))
        line = (f"  round {r + 1} ({turn[0]} first): "
                f"sdk {times['sdk'][-1]:.3f} s, processes {times['processes'][-1]:.3f} s, "
                f"ratio {times['sdk'][-1] / times['processes'][-1]:.2f}")
        if args.raw:
            line += (f"; raw {times['raw'][-1]:.3f} s, "
                     f"ratio {times['raw'][-1] / times['processes'][-1]:.2f}")
        print(line, file=sys.stderr)
    medians = [statistics.median(times["sdk"]), statistics.median(times["processes"])]
    if args.raw:
        medians.append(statistics.median(times["raw"]))
    print("\t".join(str(m) for m in medians))


if __name__ == "__main__":
    main()
