#!/usr/bin/env python3
"""A local stand-in for the GitHub REST API, for benchmarks only.

Every response is delayed by --delay-ms (default 50 ms) before it is sent, so a
client that issues its requests one after another pays the delay once per
request, and one that issues them concurrently pays it about once per round
trip. Answers are GitHub-shaped JSON (snake_case, `user.login`, `html_url`),
enough for `helm observe github-pr` and `github-issue` with every focus.
No pagination: every listing fits on one page.

Conditional requests work as on GitHub: every answer carries an `ETag` (strong
for single resources, weak `W/"…"` for lists, and different for each
representation of a URL, e.g. the PR as JSON and as a diff) and a
`Last-Modified`. A request whose `If-None-Match` names the current ETag (or,
without `If-None-Match`, whose `If-Modified-Since` is not older than
`Last-Modified`) gets `304 Not Modified` with no body, after the same delay.
The answers never change, so a repeated request always may get a 304.

With --no-validators the server sends neither `ETag` nor `Last-Modified`
and never answers 304, as behind a proxy that strips them.

A conversation comment can be posted (`POST .../issues/N/comments`, for
`helm steer comment`): it is answered 201 like GitHub's, but not kept, so the
world stays as it was and a steer can be timed again and again.

Usage: fake_github.py [--port 0] [--delay-ms 50] [--port-file F] [--trace F] [--no-validators]
Prints "listening on PORT" on stdout once it accepts connections.
"""

import argparse
import hashlib
import json
import re
import sys
import time
from email.utils import parsedate_to_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

HEAD_SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e"
BASE_SHA = "a10867b14bb761a232cd80139fbd4c0d33264240"
WHEN = "2026-11-20T10:{:02d}:00Z"
LAST_MODIFIED = "Fri, 20 Nov 2026 10:40:00 GMT"


def user(name):
    # a stable id (not hash(), which changes per process) so ETags are stable too
    return {"login": name, "id": int(hashlib.sha256(name.encode()).hexdigest()[:8], 16) % 100000, "type": "User",
            "html_url": f"https://github.com/{name}"}


def issue_body(n, owner, repo, pr):
    body = {
        "id": 1000 + n, "number": n, "title": f"Fix widget crash when the list is empty (#{n})",
        "state": "open", "state_reason": None, "user": user("alice"),
        "labels": [{"name": "bug", "color": "d73a4a"}, {"name": "p1", "color": "b60205"}],
        "assignees": [user("bob")], "comments": 12, "locked": False,
        "created_at": WHEN.format(1), "updated_at": WHEN.format(30), "closed_at": None,
        "html_url": f"https://github.com/{owner}/{repo}/issues/{n}",
        "body": "The widget crashes when the list is empty.\n\n" + "Steps to reproduce:\n1. open\n2. clear\n" * 5,
    }
    if pr:
        body["pull_request"] = {"url": f"https://api.github.com/repos/{owner}/{repo}/pulls/{n}"}
    return body


def pull_body(n, owner, repo):
    return {
        "id": 2000 + n, "number": n, "title": f"Guard the index in widget.rs (#{n})",
        "state": "open", "draft": False, "merged": False, "mergeable": True,
        "mergeable_state": "clean", "user": user("alice"),
        "labels": [{"name": "bug"}], "assignees": [user("alice")],
        "requested_reviewers": [user("carol")], "requested_teams": [{"slug": "core"}],
        "head": {"ref": "fix-widget", "sha": HEAD_SHA, "label": "alice:fix-widget"},
        "base": {"ref": "main", "sha": BASE_SHA, "label": f"{owner}:main"},
        "additions": 120, "deletions": 30, "changed_files": 8, "commits": 3,
        "created_at": WHEN.format(2), "updated_at": WHEN.format(40), "closed_at": None,
        "merged_at": None, "merge_commit_sha": None,
        "html_url": f"https://github.com/{owner}/{repo}/pull/{n}",
        "body": "Adds a bounds check and a regression test.\n\nFixes #41.",
    }


def comments(owner, repo, n, count=12):
    return [{
        "id": 5000 + i, "user": user(["alice", "bob", "carol"][i % 3]),
        "created_at": WHEN.format(3 + i), "updated_at": WHEN.format(3 + i),
        "html_url": f"https://github.com/{owner}/{repo}/issues/{n}#issuecomment-{5000 + i}",
        "body": f"Comment {i}: " + "looks reasonable, one nit about naming. " * (1 + i % 4),
    } for i in range(count)]


# Pull request 8 is a big one: its files and comments take several pages.
BIG_PR, BIG_FILES, BIG_COMMENTS = 8, 250, 150


def files(count=8):
    out = []
    for i in range(count):
        out.append({
            "sha": f"{i:040x}", "filename": f"src/widget/part{i}.rs",
            "status": "modified" if i else "added", "additions": 15, "deletions": 4,
            "changes": 19, "patch": "@@ -1,4 +1,15 @@\n-old\n+new\n" * 3,
        })
    out[-1]["status"] = "renamed"
    out[-1]["previous_filename"] = "src/widget/old.rs"
    return out


def diff_text(count=8):
    parts = []
    for i in range(count):
        name = f"src/widget/part{i}.rs"
        parts.append(f"diff --git a/{name} b/{name}\nindex 1111111..2222222 100644\n"
                     f"--- a/{name}\n+++ b/{name}\n@@ -1,4 +1,15 @@\n"
                     + "".join(f"-old line {j}\n+new line {j} with a bounds check\n" for j in range(15)))
    return "".join(parts)


def check_runs():
    runs = [{
        "id": 7000 + i, "name": name, "status": "completed", "conclusion": "success",
        "started_at": WHEN.format(10), "completed_at": WHEN.format(12),
        "html_url": f"https://github.com/o/r/runs/{7000 + i}",
        "app": {"slug": "github-actions"}, "head_sha": HEAD_SHA,
    } for i, name in enumerate(["build", "test (linux)", "test (macos)", "clippy", "fmt"])]
    return {"total_count": len(runs), "check_runs": runs}


def combined_status():
    return {"state": "success", "sha": HEAD_SHA, "total_count": 2, "statuses": [
        {"context": "ci/legacy", "state": "success", "description": "ok",
         "target_url": "https://ci.example/1", "updated_at": WHEN.format(11)},
        {"context": "coverage", "state": "success", "description": "91%",
         "target_url": "https://ci.example/2", "updated_at": WHEN.format(11)},
    ]}


def reviews():
    return [{
        "id": 8000 + i, "user": user(name), "state": state, "submitted_at": WHEN.format(20 + i),
        "commit_id": HEAD_SHA, "body": "Nice fix." if state == "APPROVED" else "A few comments inline.",
    } for i, (name, state) in enumerate([("carol", "COMMENTED"), ("bob", "APPROVED")])]


def review_comments(owner, repo, n):
    out = []
    for i in range(6):
        root = 9000 + (i // 2) * 2
        c = {
            "id": 9000 + i, "pull_request_review_id": 8000, "path": f"src/widget/part{i // 2}.rs",
            "line": 10 + i, "original_line": 10 + i, "side": "RIGHT",
            "diff_hunk": "@@ -1,4 +1,15 @@\n-old\n+new", "user": user(["carol", "alice"][i % 2]),
            "created_at": WHEN.format(21 + i),
            "html_url": f"https://github.com/{owner}/{repo}/pull/{n}#discussion_r{9000 + i}",
            "body": "Could this be a `get()` instead?" if i % 2 == 0 else "Done.",
        }
        if i % 2 == 1:
            c["in_reply_to_id"] = root
        out.append(c)
    return out


def review_threads():
    nodes = [
        {
            "id": f"PRRT_{root}", "isResolved": root == 9000, "isOutdated": False,
            "path": f"src/widget/part{(root - 9000) // 2}.rs", "line": 10 + root - 9000,
            "comments": {"nodes": [{"fullDatabaseId": str(root)}]},
        }
        for root in (9000, 9002, 9004)
    ]
    connection = {"pageInfo": {"hasNextPage": False, "endCursor": None}, "nodes": nodes}
    return {"data": {"repository": {"pullRequest": {"reviewThreads": connection}}}}


ROUTES = [
    (re.compile(r"^/repos/([^/]+)/([^/]+)/pulls/(\d+)$"), "pull"),
    (re.compile(r"^/repos/([^/]+)/([^/]+)/pulls/(\d+)/files$"), "files"),
    (re.compile(r"^/repos/([^/]+)/([^/]+)/pulls/(\d+)/reviews$"), "reviews"),
    (re.compile(r"^/repos/([^/]+)/([^/]+)/pulls/(\d+)/comments$"), "review_comments"),
    (re.compile(r"^/repos/([^/]+)/([^/]+)/issues/(\d+)$"), "issue"),
    (re.compile(r"^/repos/([^/]+)/([^/]+)/issues/(\d+)/comments$"), "comments"),
    (re.compile(r"^/repos/([^/]+)/([^/]+)/commits/([^/]+)/check-runs$"), "check_runs"),
    (re.compile(r"^/repos/([^/]+)/([^/]+)/commits/([^/]+)/status$"), "status"),
    (re.compile(r"^/repos/([^/]+)/([^/]+)/issues$"), "issue_list"),
    (re.compile(r"^/repos/([^/]+)/([^/]+)/pulls$"), "pull_list"),
]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake-github/1"
    delay = 0.05
    trace = None
    validators = True
    # Headers and body leave in one write with TCP_NODELAY: otherwise Nagle's
    # algorithm holds the body back until the client's delayed ACK (~40 ms),
    # which real GitHub does not do and which would swamp the 50 ms delay.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def parse_request(self):
        ok = super().parse_request()
        if ok and self.trace:
            self.trace.write(f"{time.monotonic():.4f} start {self.client_address[1]} {self.path}\n")
            self.trace.flush()
        return ok

    def paged(self, items):
        """GitHub's paging: `per_page` (default 30, at most 100) and `page`, with a Link header."""
        query = parse_qs(urlsplit(self.path).query)
        per_page = min(int(query.get("per_page", ["30"])[0]), 100)
        page = int(query.get("page", ["1"])[0])
        last = max(1, -(-len(items) // per_page))
        links = []
        if page < last:
            base = urlsplit(self.path).path
            host = f"http://{self.headers.get('Host', '127.0.0.1')}"
            links.append(f'<{host}{base}?per_page={per_page}&page={page + 1}>; rel="next"')
            links.append(f'<{host}{base}?per_page={per_page}&page={last}>; rel="last"')
        return self.answer(200, items[(page - 1) * per_page:page * per_page], link=", ".join(links) or None)

    def answer(self, status, body, content_type="application/json; charset=utf-8", link=None):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        etag = None
        if status == 200 and self.validators:
            # One tag per representation: the bytes and their media type.
            digest = hashlib.sha256(content_type.encode() + b"\0" + data).hexdigest()[:40]
            etag = f'W/"{digest}"' if data[:1] == b"[" else f'"{digest}"'
            if self.not_modified(etag):
                status, data = 304, b""
        time.sleep(self.delay)
        self.send_response(status)
        if status != 304:
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
        if link:
            self.send_header("Link", link)
        if etag:
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", LAST_MODIFIED)
            self.send_header("Cache-Control", "private, max-age=60, s-maxage=60")
            self.send_header("Vary", "Accept, Authorization, Cookie")
        self.send_header("X-RateLimit-Remaining", "4999")
        self._headers_buffer.append(b"\r\n")
        self._headers_buffer.append(data)
        self.flush_headers()
        if self.trace:
            self.trace.write(f"{time.monotonic():.4f} done  {self.client_address[1]} {status} {self.path}\n")
            self.trace.flush()

    def not_modified(self, etag):
        """RFC 9110 13.1.2 and 13.1.3: If-None-Match by weak comparison; If-Modified-Since only without it."""
        wanted = self.headers.get("If-None-Match")
        if wanted is not None:
            tags = [t.strip() for t in wanted.split(",")]
            bare = etag.removeprefix("W/")
            return "*" in tags or any(t.removeprefix("W/") == bare for t in tags)
        since = self.headers.get("If-Modified-Since")
        if since is None:
            return False
        try:
            return parsedate_to_datetime(since) >= parsedate_to_datetime(LAST_MODIFIED)
        except (TypeError, ValueError):
            return False

    def do_GET(self):
        path = urlsplit(self.path).path
        if path == "/user":
            # Who the token is: the author of the comments it posts, which an
            # approval looks for before it posts its proposal's.
            return self.answer(200, user("helm-bot"))
        for pattern, name in ROUTES:
            m = pattern.match(path)
            if not m:
                continue
            owner, repo = m.group(1), m.group(2)
            arg = m.group(3) if m.lastindex and m.lastindex >= 3 else None
            accept = self.headers.get("Accept", "")
            if name == "pull":
                n = int(arg)
                if "diff" in accept:
                    count = BIG_FILES if n == BIG_PR else 8
                    return self.answer(200, diff_text(count).encode(), "text/x-diff; charset=utf-8")
                return self.answer(200, pull_body(n, owner, repo))
            if name == "files":
                return self.paged(files(BIG_FILES if int(arg) == BIG_PR else 8))
            if name == "reviews":
                return self.answer(200, reviews())
            if name == "review_comments":
                return self.paged(review_comments(owner, repo, int(arg)))
            if name == "issue":
                return self.answer(200, issue_body(int(arg), owner, repo, pr=False))
            if name == "comments":
                n = int(arg)
                return self.paged(comments(owner, repo, n, BIG_COMMENTS if n == BIG_PR else 12))
            if name == "check_runs":
                return self.answer(200, check_runs())
            if name == "status":
                return self.answer(200, combined_status())
            if name == "issue_list":
                return self.answer(200, [issue_body(n, owner, repo, pr=n % 3 == 0) for n in range(1, 21)])
            if name == "pull_list":
                return self.answer(200, [pull_body(n, owner, repo) for n in range(1, 11)])
        self.answer(404, {"message": "Not Found",
                          "documentation_url": "https://docs.github.com/rest"})

    def do_POST(self):
        path = urlsplit(self.path).path
        if path == "/graphql":
            # The review threads helm reads with GraphQL beside the REST
            # review comments: one per thread root of review_comments().
            length = int(self.headers.get("Content-Length", "0"))
            self.rfile.read(length)
            return self.answer(200, review_threads())
        m = re.match(r"^/repos/([^/]+)/([^/]+)/issues/(\d+)/comments$", path)
        length = int(self.headers.get("Content-Length", "0"))
        sent = json.loads(self.rfile.read(length) or b"{}")
        if not m:
            return self.answer(404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"})
        owner, repo, n = m.group(1), m.group(2), int(m.group(3))
        return self.answer(201, posted_comment(owner, repo, n, sent.get("body", "")))


def posted_comment(owner, repo, n, body):
    return {
        "id": 6000, "user": user("helm-bot"), "created_at": WHEN.format(50), "updated_at": WHEN.format(50),
        "html_url": f"https://github.com/{owner}/{repo}/issues/{n}#issuecomment-6000",
        "body": body,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--delay-ms", type=float, default=50.0)
    ap.add_argument("--port-file")
    ap.add_argument("--trace", help="append request start/finish times (and the status answered) to this file")
    ap.add_argument("--no-validators", action="store_true",
                    help="send no ETag or Last-Modified, and never 304 (a proxy stripping them)")
    args = ap.parse_args()
    Handler.delay = args.delay_ms / 1000.0
    Handler.validators = not args.no_validators
    if args.trace:
        Handler.trace = open(args.trace, "a")
    ThreadingHTTPServer.daemon_threads = True
    ThreadingHTTPServer.request_queue_size = 64
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    port = server.server_address[1]
    if args.port_file:
        with open(args.port_file, "w") as f:
            f.write(f"{port}\n")
    print(f"listening on {port}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
