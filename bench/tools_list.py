#!/usr/bin/env python3
"""The size of `tools/list` per toolset (issue 31's goal, issue 35's row): a
host sends the list to the model at the start of every session, so every
character is paid for in every session before any work.

    bench/tools_list.py HELM

Starts `helm mcp` once per toolset, initializes an MCP session (JSON-RPC
lines on stdin/stdout, standard library only), asks `tools/list`, and
measures the answer as the test that holds the limits does
(tests/it/mcp/toolsets.rs): UTF-8 bytes of `{"tools": [...]}` as compact
JSON. Prints one line per toolset on stdout:
`LABEL<TAB>TOOLS<TAB>CHARACTERS<TAB>LIMIT` (LIMIT is 0 where none is set).
"""

import json
import os
import subprocess
import sys
import tempfile

# (label, extra arguments, the limit the tests hold it to or 0)
SETS = [
    ("core (the default)", [], 20_000),
    ("sync", ["--toolsets", "sync"], 0),
    ("lifecycle", ["--toolsets", "lifecycle"], 0),
    ("recovery", ["--toolsets", "recovery"], 0),
    ("all", ["--toolsets", "all"], 45_000),
    ("all, read-only", ["--toolsets", "all", "--read-only"], 0),
]


def tools(helm, args, env):
    proc = subprocess.Popen([helm, "mcp", *args], env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def send(message):
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()

    def answer(wanted):
        while True:
            line = proc.stdout.readline()
            if not line:
                sys.exit(f"tools_list: helm mcp {' '.join(args)} closed the session")
            message = json.loads(line)
            if message.get("id") == wanted:
                if "error" in message:
                    sys.exit(f"tools_list: {message['error']}")
                return message["result"]

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "helm-bench", "version": "1"}}})
    answer(1)
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
    listed = answer(2)["tools"]
    proc.stdin.close()
    proc.wait(timeout=30)
    return listed


def main():
    helm = sys.argv[1]
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HELM_HOME=home)
        for label, args, limit in SETS:
            listed = tools(helm, args, env)
            text = json.dumps({"tools": listed}, separators=(",", ":"), ensure_ascii=False)
            print(f"{label}\t{len(listed)}\t{len(text.encode())}\t{limit}")


if __name__ == "__main__":
    main()
