#!/usr/bin/env python3
"""`observe github-checks` of a failed job with a big log, against `curl` of the
same log piped to `tail` (issue 24): wall time and peak RSS of each side.

Starts two local servers: a minimal GitHub for one pull request whose head has
one failed GitHub Actions job (check runs, combined status, annotations, the
job, and its log as a 302 to the second server), and the "storage" server that
serves the log in 64 KiB chunks, generated as it goes. helm follows the
redirect without its token; the anchor is `curl -s URL | tail -n 200` of the
storage URL itself (no API round trips, no redirect), so the ratio is what
helm's looking around the log costs on top of reading it.

Peak RSS comes from wait4 of each process (for the anchor, the larger of curl
and tail). Usage: checks_log.py HELM [--mib 40] [--rounds 5]
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e"
JOB = 4242
LINE = b"2026-01-01T00:00:00.0000000Z filler line of a big CI log ...........\n"


def log_size(mib):
    lines = mib * 1024 * 1024 // len(LINE)
    return lines, lines * len(LINE) + len(b"error: test failed\n")


class Storage(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    lines = 0

    def do_GET(self):
        lines, size = log_size(self.server.mib)
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        chunk = LINE * (65536 // len(LINE))
        per = 65536 // len(LINE)
        left = lines
        while left >= per:
            self.wfile.write(chunk)
            left -= per
        self.wfile.write(LINE * left + b"error: test failed\n")

    def log_message(self, *args):
        pass


class GitHub(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self, status, body, headers=()):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("ETag", '"%d"' % hash(self.path))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        path = self.path.split("?")[0]
        repo = "/repos/acme/widgets"
        if path == f"{repo}/pulls/1":
            return self.answer(200, {"number": 1, "head": {"sha": SHA}})
        if path == f"{repo}/commits/{SHA}/check-runs":
            run = {
                "id": JOB, "name": "ci / test", "status": "completed", "conclusion": "failure",
                "started_at": "2026-01-01T00:00:00Z", "completed_at": "2026-01-01T00:01:00Z",
                "html_url": "https://github.com/acme/widgets/runs/4242",
                "app": {"slug": "github-actions"},
            }
            return self.answer(200, {"total_count": 1, "check_runs": [run]})
        if path == f"{repo}/commits/{SHA}/status":
            return self.answer(200, {"state": "pending", "sha": SHA, "statuses": [], "total_count": 0})
        if path == f"{repo}/check-runs/{JOB}/annotations":
            return self.answer(200, [{"path": "src/lib.rs", "start_line": 1, "end_line": 1,
                                      "annotation_level": "failure", "title": None,
                                      "message": "failed"}])
        if path == f"{repo}/actions/jobs/{JOB}":
            steps = [{"number": 1, "name": "cargo test", "status": "completed", "conclusion": "failure"}]
            return self.answer(200, {"id": JOB, "steps": steps})
        if path == f"{repo}/actions/jobs/{JOB}/logs":
            return self.answer(302, None, [("Location", f"{self.server.storage}/log?sig=x")])
        self.answer(404, {"message": "Not Found"})

    def log_message(self, *args):
        pass


def serve(handler, **attrs):
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    for name, value in attrs.items():
        setattr(server, name, value)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def measure(commands):
    """Runs a pipeline; wall ms and the largest peak RSS (MiB) of its processes."""
    start = time.perf_counter()
    pids, fds = [], []
    read = None
    for k, command in enumerate(commands):
        last = k == len(commands) - 1
        r, w = os.pipe() if not last else (None, None)
        pid = os.fork()
        if pid == 0:
            if read is not None:
                os.dup2(read, 0)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(w if not last else devnull, 1)
            os.dup2(devnull, 2)
            os.execvp(command[0], command)
        if read is not None:
            os.close(read)
        if w is not None:
            os.close(w)
        read = r
        pids.append(pid)
    peak = 0
    for pid in pids:
        _, status, usage = os.wait4(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"checks_log: {commands} failed")
        peak = max(peak, usage.ru_maxrss)
    return (time.perf_counter() - start) * 1000, peak / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("helm")
    parser.add_argument("--mib", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    _, storage = serve(Storage, mib=args.mib)
    _, api = serve(GitHub, storage=storage)
    home = tempfile.mkdtemp(prefix="helm-bench-checks-")
    os.environ.update({
        "HELM_HOME": home, "HELM_GITHUB_API_URL": api, "GH_TOKEN": "bench-token",
        "GH_REPO": "acme/widgets",
    })
    import subprocess
    voyage = subprocess.run([args.helm, "voyage", "new", "bench checks"], check=True,
                            capture_output=True, text=True).stdout.strip()
    os.environ["HELM_VOYAGE"] = voyage
    helm = [args.helm, "observe", "github-checks", "--pr", "1", "--json"]
    anchor = [["curl", "-s", f"{storage}/log?sig=x"], ["tail", "-n", "200"]]
    rows = {"helm": [], "anchor": []}
    for _ in range(args.rounds):
        # Erase the slate row so every round is a first look, not a 304.
        subprocess.run([args.helm, "slate", "clear"], check=True, capture_output=True)
        rows["helm"].append(measure([helm]))
        rows["anchor"].append(measure(anchor))
    _, size = log_size(args.mib)
    print(f"log: {size / 1048576:.1f} MiB, {args.rounds} rounds, medians")
    for name, runs in rows.items():
        wall = statistics.median(r[0] for r in runs)
        rss = statistics.median(r[1] for r in runs)
        print(f"{name:7} {wall:9.1f} ms wall  {rss:7.1f} MiB peak RSS")
    ratio = statistics.median(r[0] for r in rows["helm"]) / statistics.median(
        r[0] for r in rows["anchor"])
    print(f"ratio   {ratio:.2f}x")


main()
