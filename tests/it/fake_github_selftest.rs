//! Self-tests of the test support: the OpenAPI request validator and the fake GitHub.
//! The fake is driven over a minimal HTTP/1.1 client so these tests depend on no HTTP crate.

use crate::support::fake_github::{FakeGitHub, Fault, SEED_AUTHOR, VIEWER};
use crate::support::openapi;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

const REPO: &str = "acme/widgets";

// ----- a minimal HTTP/1.1 client -------------------------------------------------------------

struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// One keep-alive connection; every request reuses it.
struct Client {
    reader: BufReader<TcpStream>,
    authorization: Option<String>,
}

impl Client {
    fn new(gh: &FakeGitHub) -> Self {
        Client::with_auth(gh, Some(format!("Bearer {}", gh.token())))
    }

    fn with_auth(gh: &FakeGitHub, authorization: Option<String>) -> Self {
        let addr = gh.url().trim_start_matches("http://").to_owned();
        let stream = TcpStream::connect(addr).expect("connect to the fake");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("set timeout");
        Client {
            reader: BufReader::new(stream),
            authorization,
        }
    }

    fn get(&mut self, path: &str) -> Answer {
        self.send("GET", path, &[], None)
    }

    fn call(&mut self, method: &str, path: &str, body: Value) -> Answer {
        self.send(method, path, &[], Some(body.to_string().as_bytes()))
    }

    fn send(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> Answer {
        let mut head =
            format!("{method} {path} HTTP/1.1\r\nHost: fake\r\nUser-Agent: selftest\r\n");
        let auth = self
            .authorization
            .iter()
            .map(|a| ("Authorization", a.as_str()));
        for (name, value) in headers.iter().copied().chain(auth) {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        let body = body.unwrap_or_default();
        head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        let stream = self.reader.get_mut();
        stream
            .write_all(head.as_bytes())
            .and_then(|()| stream.write_all(body))
            .expect("send request");
        self.read_answer()
    }

    fn read_answer(&mut self) -> Answer {
        let mut line = String::new();
        self.reader.read_line(&mut line).expect("status line");
        let status = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("bad status line {line:?}"));
        let mut headers = Vec::new();
        loop {
            line.clear();
            self.reader.read_line(&mut line).expect("header line");
            let Some((name, value)) = line.trim_end().split_once(':') else {
                break;
            };
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
        let length = headers
            .iter()
            .find(|(n, _)| n == "content-length")
            .and_then(|(_, v)| v.parse().ok());
        let mut body = vec![0; length.expect("the fake always sends Content-Length")];
        self.reader.read_exact(&mut body).expect("body");
        Answer {
            status,
            headers,
            body: String::from_utf8(body).expect("UTF-8 body"),
        }
    }
}

fn url(path: &str) -> String {
    format!("/repos/{REPO}{path}")
}

// ----- the validator -------------------------------------------------------------------------

#[test]
fn fixture_names_its_source_and_every_operation_helm_uses() {
    let spec = openapi::spec();
    assert!(
        spec.version.starts_with("23."),
        "fixture from @octokit/openapi {}",
        spec.version
    );
    assert_eq!(spec.operations.len(), 20);
    assert_eq!(
        openapi::operation("POST", "/repos/{owner}/{repo}/issues").map(|op| op.status),
        Some(201)
    );
    assert_eq!(
        openapi::example("PUT", "/repos/{owner}/{repo}/pulls/{pull_number}/merge")["merged"],
        true
    );
}

/// Proves the response validator against GitHub's own examples. The few places where
/// GitHub's examples contradict its schemas are listed (the fake fills those fields in).
#[test]
fn fixture_examples_fit_their_own_schemas() {
    let mut problems = Vec::new();
    for op in &openapi::spec().operations {
        let example = op
            .example()
            .unwrap_or_else(|| panic!("{} has no example", op.id));
        let found = openapi::validate_response(&op.method, &op.template, example);
        problems.extend(found.into_iter().map(|p| format!("{}: {p}", op.id)));
    }
    problems.retain(|p| !p.ends_with("teams[0]: missing required property `type`"));
    assert_eq!(problems, Vec::<String>::new());
}

#[test]
fn validator_accepts_documented_requests() {
    let ok = |method, path, body: Option<Value>| openapi::validate(method, path, body.as_ref());
    assert_eq!(ok("GET", "/repos/o/r/issues/7", None), Ok("issues/get"));
    assert_eq!(
        ok(
            "GET",
            "/repos/o/r/issues?state=open&per_page=100&page=2",
            None
        ),
        Ok("issues/list-for-repo")
    );
    assert_eq!(
        ok(
            "GET",
            "/repos/o/r/commits/refs%2Fheads%2Fmain/check-runs?per_page=100",
            None
        ),
        Ok("checks/list-for-ref")
    );
    assert_eq!(
        ok(
            "POST",
            "/repos/o/r/issues",
            Some(json!({"title": "t", "labels": ["bug"], "assignees": []}))
        ),
        Ok("issues/create")
    );
    assert_eq!(
        ok(
            "PATCH",
            "/repos/o/r/issues/3",
            Some(json!({"state": "closed", "state_reason": null}))
        ),
        Ok("issues/update")
    );
    assert_eq!(
        ok(
            "PUT",
            "/repos/o/r/pulls/3/merge",
            Some(json!({"merge_method": "squash", "sha": "abc"}))
        ),
        Ok("pulls/merge")
    );
    assert_eq!(
        ok("PUT", "/repos/o/r/pulls/3/merge", None),
        Ok("pulls/merge")
    );
    assert_eq!(
        ok(
            "POST",
            "/repos/o/r/pulls/3/comments/9/replies",
            Some(json!({"body": "b"}))
        ),
        Ok("pulls/create-reply-for-review-comment")
    );
}

fn problems(method: &str, path: &str, body: Option<Value>) -> String {
    openapi::validate(method, path, body.as_ref())
        .expect_err("should be flagged")
        .join("\n")
}

#[test]
fn validator_flags_a_missing_required_field() {
    let found = problems(
        "POST",
        "/repos/o/r/issues",
        Some(json!({"body": "no title"})),
    );
    assert!(
        found.contains("missing required property `title`"),
        "{found}"
    );
    let found = problems("POST", "/repos/o/r/issues/1/comments", None);
    assert!(found.contains("missing required request body"), "{found}");
}

#[test]
fn validator_flags_a_wrong_enum() {
    let found = problems(
        "PUT",
        "/repos/o/r/pulls/1/merge",
        Some(json!({"merge_method": "fast-forward"})),
    );
    assert!(
        found.contains("body.merge_method: \"fast-forward\" is not one of [merge, squash, rebase]"),
        "{found}"
    );
}

#[test]
fn validator_flags_an_undeclared_property() {
    let found = problems(
        "POST",
        "/repos/o/r/pulls",
        Some(json!({"title": "t", "head": "h", "base": "main", "reviewers": []})),
    );
    assert!(found.contains("undeclared property `reviewers`"), "{found}");
}

#[test]
fn validator_flags_an_unknown_operation() {
    assert!(problems("GET", "/repos/o/r/branches", None).contains("unknown operation"));
    assert!(problems("DELETE", "/repos/o/r/issues/1", None).contains("unknown operation"));
    assert!(
        problems("GET", "/repos/o//issues/1", None).contains("unknown operation"),
        "empty segment"
    );
}

#[test]
fn validator_flags_bad_types_query_and_nulls() {
    let found = problems(
        "GET",
        "/repos/o/r/pulls?state=merged&per_page=lots&sort_by=x",
        None,
    );
    assert!(
        found.contains("`state`: \"merged\" is not one of"),
        "{found}"
    );
    assert!(
        found.contains("`per_page`: \"lots\" is not a valid"),
        "{found}"
    );
    assert!(
        found.contains("undeclared query parameter `sort_by`"),
        "{found}"
    );
    assert!(
        problems("GET", "/repos/o/r/issues/seven", None).contains("path parameter `issue_number`")
    );
    let found = problems(
        "PATCH",
        "/repos/o/r/pulls/1",
        Some(json!({"body": null, "title": 5})),
    );
    assert!(found.contains("body.body: null is not allowed"), "{found}");
    assert!(
        found.contains("body.title: expected string, got 5"),
        "{found}"
    );
    let found = problems(
        "POST",
        "/repos/o/r/pulls/1/requested_reviewers",
        Some(json!({"reviewers": "octocat"})),
    );
    assert!(found.contains("body.reviewers: expected array"), "{found}");
    let found = problems("GET", "/repos/o/r/issues/1", Some(json!({})));
    assert!(found.contains("takes none"), "{found}");
}

// ----- the fake: reads -----------------------------------------------------------------------

#[test]
fn seeded_issue_reads_back_in_githubs_shape() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Crash on start", "It crashes.");
    gh.edit_issue(REPO, n, |issue| issue.labels.push("bug".into()));
    let answer = Client::new(&gh).get(&url(&format!("/issues/{n}")));
    assert_eq!(answer.status, 200);
    assert!(
        answer
            .header("content-type")
            .unwrap_or_default()
            .starts_with("application/json")
    );
    let issue = answer.json();
    assert_eq!(
        (issue["number"].as_u64(), issue["title"].as_str()),
        (Some(n), Some("Crash on start"))
    );
    assert_eq!(issue["body"], "It crashes.");
    assert_eq!(issue["state"], "open");
    assert_eq!(issue["user"]["login"], SEED_AUTHOR);
    assert_eq!(issue["labels"][0]["name"], "bug");
    assert_eq!(
        issue["html_url"],
        format!("https://github.com/{REPO}/issues/{n}")
    );
    assert_eq!(
        issue["url"],
        format!("{}/repos/{REPO}/issues/{n}", gh.url())
    );
    assert!(
        issue.get("pull_request").is_none(),
        "plain issues carry no pull_request key"
    );
    assert_eq!(gh.violations(), Vec::<String>::new());
}

#[test]
fn issues_and_prs_share_numbers_and_prs_carry_pull_request() {
    let gh = FakeGitHub::start();
    let issue = gh.add_issue(REPO, "An issue", "");
    let pr = gh.add_pr(REPO, "A change", "feature", "main");
    assert_eq!((issue, pr), (1, 2));
    let mut client = Client::new(&gh);
    let listed = client.get(&url("/issues?state=open")).json();
    let numbers: Vec<u64> = listed
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|i| i["number"].as_u64())
        .collect();
    assert_eq!(numbers, [2, 1], "newest first");
    assert!(listed[0]["pull_request"]["url"].is_string());
    let pulls = client.get(&url("/pulls?state=open")).json();
    assert_eq!(pulls.as_array().map(Vec::len), Some(1));
    assert_eq!(
        (
            pulls[0]["head"]["ref"].as_str(),
            pulls[0]["base"]["ref"].as_str()
        ),
        (Some("feature"), Some("main"))
    );
    assert!(
        pulls[0].get("mergeable").is_none(),
        "list items are pull-request-simple"
    );
    assert_eq!(
        client.get(&url("/pulls/1")).status,
        404,
        "an issue is not a PR"
    );
}

#[test]
fn pagination_sends_github_link_headers() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Busy thread", "");
    for i in 0..5 {
        gh.add_issue_comment(REPO, n, "alice", &format!("comment {i}"));
    }
    gh.set_per_page_cap(2);
    let mut client = Client::new(&gh);
    let base = format!("{}{}", gh.url(), url(&format!("/issues/{n}/comments")));

    let first = client.get(&url(&format!("/issues/{n}/comments?per_page=100")));
    assert_eq!(first.json().as_array().map(Vec::len), Some(2));
    assert_eq!(
        first.header("link"),
        Some(format!("<{base}?per_page=100&page=2>; rel=\"next\", <{base}?per_page=100&page=3>; rel=\"last\"").as_str())
    );

    let middle = client.get(&url(&format!("/issues/{n}/comments?per_page=100&page=2")));
    assert_eq!(middle.json()[0]["body"], "comment 2");
    let link = middle.header("link").unwrap_or_default();
    for rel in ["prev", "next", "last", "first"] {
        assert!(link.contains(&format!("rel=\"{rel}\"")), "{rel} in {link}");
    }

    let last = client.get(&url(&format!("/issues/{n}/comments?per_page=100&page=3")));
    assert_eq!(last.json().as_array().map(Vec::len), Some(1));
    assert!(
        !last
            .header("link")
            .unwrap_or_default()
            .contains("rel=\"next\"")
    );

    gh.set_per_page_cap(100);
    assert!(
        client
            .get(&url(&format!("/issues/{n}/comments")))
            .header("link")
            .is_none(),
        "one page, no Link"
    );
}

#[test]
fn diff_media_type_answers_text_or_406() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    gh.add_pr_file(
        REPO,
        pr,
        "src/lib.rs",
        "@@ -1,2 +1,2 @@\n-old\n+new\n context",
    );
    let mut client = Client::new(&gh);
    let diff = |client: &mut Client| {
        client.send(
            "GET",
            &url(&format!("/pulls/{pr}")),
            &[("Accept", "application/vnd.github.v3.diff")],
            None,
        )
    };

    let answer = diff(&mut client);
    assert_eq!(answer.status, 200);
    assert_eq!(
        answer.header("content-type"),
        Some("application/vnd.github.diff; charset=utf-8")
    );
    assert!(
        answer.body.starts_with(
            "diff --git a/src/lib.rs b/src/lib.rs\n--- a/src/lib.rs\n+++ b/src/lib.rs\n@@"
        ),
        "{}",
        answer.body
    );
    let files = client.get(&url(&format!("/pulls/{pr}/files"))).json();
    assert_eq!(
        (
            files[0]["additions"].as_u64(),
            files[0]["deletions"].as_u64()
        ),
        (Some(1), Some(1))
    );

    gh.set_diff(REPO, pr, "diff --git a/x b/x\n");
    assert_eq!(diff(&mut client).body, "diff --git a/x b/x\n");

    gh.set_diff_too_large(REPO, pr);
    let answer = diff(&mut client);
    assert_eq!(answer.status, 406);
    assert_eq!(
        answer.json()["message"],
        "Sorry, the diff exceeded the maximum number of lines (20000)"
    );
    assert_eq!(
        client.get(&url(&format!("/pulls/{pr}"))).json()["changed_files"],
        1,
        "JSON still served"
    );
}

#[test]
fn checks_and_statuses_resolve_branches_and_keep_the_latest() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "build", "completed", Some("failure"));
    gh.add_check_run(REPO, "feature", "build", "completed", Some("success")); // a re-run
    gh.add_check_run(REPO, &sha, "lint", "in_progress", None);
    gh.add_status(REPO, &sha, "ci/legacy", "pending");
    gh.add_status(REPO, &sha, "ci/legacy", "success");
    let mut client = Client::new(&gh);

    let checks = client
        .get(&url(&format!("/commits/{sha}/check-runs")))
        .json();
    assert_eq!(checks["total_count"], 2);
    let runs: Vec<(&str, &str, Value)> = checks["check_runs"]
        .as_array()
        .expect("check_runs")
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap_or_default(),
                r["status"].as_str().unwrap_or_default(),
                r["conclusion"].clone(),
            )
        })
        .collect();
    assert_eq!(
        runs,
        [
            ("build", "completed", json!("success")),
            ("lint", "in_progress", Value::Null)
        ]
    );
    assert_eq!(checks["check_runs"][0]["pull_requests"][0]["number"], pr);
    assert_eq!(
        client
            .get(&url(&format!("/commits/{sha}/check-runs?filter=all")))
            .json()["total_count"],
        3
    );

    let status = client.get(&url("/commits/feature/status")).json();
    assert_eq!(
        (status["state"].as_str(), status["total_count"].as_u64()),
        (Some("success"), Some(1))
    );
    assert_eq!(status["sha"], sha.as_str());
    assert_eq!(status["repository"]["full_name"], REPO);
}

// ----- the fake: writes ----------------------------------------------------------------------

#[test]
fn posted_comment_shows_up_in_the_next_read() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Question", "How?");
    let mut client = Client::new(&gh);
    let created = client.call(
        "POST",
        &url(&format!("/issues/{n}/comments")),
        json!({"body": "Like this."}),
    );
    assert_eq!(created.status, 201);
    let id = created.json()["id"].as_u64().expect("id");
    assert_eq!(
        created.json()["html_url"],
        format!("https://github.com/{REPO}/issues/{n}#issuecomment-{id}")
    );

    let comments = client.get(&url(&format!("/issues/{n}/comments"))).json();
    assert_eq!(comments[0]["body"], "Like this.");
    assert_eq!(comments[0]["user"]["login"], VIEWER);
    assert_eq!(
        client.get(&url(&format!("/issues/{n}"))).json()["comments"],
        1
    );
    let stored = gh.comments(REPO, n);
    assert_eq!(
        (
            stored[0].id,
            stored[0].user.as_str(),
            stored[0].body.as_str()
        ),
        (id, VIEWER, "Like this.")
    );
    assert_eq!(gh.writes().len(), 1);
    assert_eq!(gh.writes()[0].body, Some(json!({"body": "Like this."})));
}

#[test]
fn creating_and_closing_issues_and_prs() {
    let gh = FakeGitHub::start();
    gh.add_issue(REPO, "Existing", "");
    let mut client = Client::new(&gh);

    let issue = client.call(
        "POST",
        &url("/issues"),
        json!({"title": "New", "labels": ["helm"], "assignees": ["bob"]}),
    );
    assert_eq!(
        (issue.status, issue.json()["number"].as_u64()),
        (201, Some(2))
    );
    assert_eq!(issue.json()["assignee"]["login"], "bob");
    let closed = client
        .call(
            "PATCH",
            &url("/issues/2"),
            json!({"state": "closed", "state_reason": "not_planned"}),
        )
        .json();
    assert_eq!(
        (closed["state"].as_str(), closed["state_reason"].as_str()),
        (Some("closed"), Some("not_planned"))
    );
    assert!(closed["closed_at"].is_string());
    let stored = gh.issue(REPO, 2).expect("stored");
    assert_eq!(
        (stored.state.as_str(), stored.labels.as_slice()),
        ("closed", ["helm".to_owned()].as_slice())
    );

    let pr = client.call(
        "POST",
        &url("/pulls"),
        json!({"title": "Feature", "head": "acme:feature", "base": "main", "draft": true}),
    );
    assert_eq!(pr.status, 201);
    let pr = pr.json();
    assert_eq!(
        (
            pr["number"].as_u64(),
            pr["draft"].as_bool(),
            pr["head"]["ref"].as_str()
        ),
        (Some(3), Some(true), Some("feature"))
    );
    let again = client.call(
        "POST",
        &url("/pulls"),
        json!({"title": "Feature", "head": "feature", "base": "main"}),
    );
    assert_eq!(again.status, 422, "one open PR per head and base");

    let asked = client.call(
        "POST",
        &url("/pulls/3/requested_reviewers"),
        json!({"reviewers": ["carol"], "team_reviewers": ["core"]}),
    );
    assert_eq!(asked.status, 201);
    assert_eq!(asked.json()["requested_reviewers"][0]["login"], "carol");
    assert_eq!(asked.json()["requested_teams"][0]["slug"], "core");
    let author = client.call(
        "POST",
        &url("/pulls/3/requested_reviewers"),
        json!({"reviewers": [VIEWER]}),
    );
    assert_eq!(author.status, 422);

    let edited = client
        .call(
            "PATCH",
            &url("/pulls/3"),
            json!({"title": "Feature v2", "state": "closed"}),
        )
        .json();
    assert_eq!(
        (edited["title"].as_str(), edited["state"].as_str()),
        (Some("Feature v2"), Some("closed"))
    );
}

#[test]
fn review_comment_replies_thread_on_the_first_comment() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let root = gh.add_review_comment(REPO, pr, "src/main.rs", 12, "Why?");
    gh.add_review(REPO, pr, "dana", "CHANGES_REQUESTED", "See comments.");
    let mut client = Client::new(&gh);

    let reply = client.call(
        "POST",
        &url(&format!("/pulls/{pr}/comments/{root}/replies")),
        json!({"body": "Because."}),
    );
    assert_eq!(reply.status, 201);
    let reply_id = reply.json()["id"].as_u64().expect("id");
    let nested = client.call(
        "POST",
        &url(&format!("/pulls/{pr}/comments/{reply_id}/replies")),
        json!({"body": "Ok."}),
    );
    assert_eq!(
        nested.json()["in_reply_to_id"],
        root,
        "replies to replies join the thread root"
    );

    let comments = client.get(&url(&format!("/pulls/{pr}/comments"))).json();
    let threads: Vec<(Value, Value, Value)> = comments
        .as_array()
        .expect("array")
        .iter()
        .map(|c| {
            (
                c["body"].clone(),
                c.get("in_reply_to_id").cloned().unwrap_or(Value::Null),
                c["path"].clone(),
            )
        })
        .collect();
    assert_eq!(
        threads[0],
        (json!("Why?"), Value::Null, json!("src/main.rs"))
    );
    assert_eq!(
        threads[1],
        (json!("Because."), json!(root), json!("src/main.rs"))
    );
    let reviews = client.get(&url(&format!("/pulls/{pr}/reviews"))).json();
    assert_eq!(
        (
            reviews[0]["state"].as_str(),
            reviews[0]["user"]["login"].as_str()
        ),
        (Some("CHANGES_REQUESTED"), Some("dana"))
    );
    let missing = client.call(
        "POST",
        &url(&format!("/pulls/{pr}/comments/999999/replies")),
        json!({"body": "?"}),
    );
    assert_eq!(missing.status, 404);
}

#[test]
fn merge_checks_the_head_sha_then_merges() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let mut client = Client::new(&gh);
    let merge = url(&format!("/pulls/{pr}/merge"));

    let stale = client.call(
        "PUT",
        &merge,
        json!({"sha": "0000000000000000000000000000000000000000"}),
    );
    assert_eq!(stale.status, 409);
    assert_eq!(
        stale.json()["message"],
        "Head branch was modified. Review and try the merge again."
    );

    let merged = client.call(
        "PUT",
        &merge,
        json!({"sha": gh.head_sha(REPO, pr), "merge_method": "squash"}),
    );
    assert_eq!(merged.status, 200);
    let answer = merged.json();
    assert_eq!(
        (answer["merged"].as_bool(), answer["message"].as_str()),
        (Some(true), Some("Pull Request successfully merged"))
    );
    let pull = client.get(&url(&format!("/pulls/{pr}"))).json();
    assert_eq!(
        (pull["merged"].as_bool(), pull["state"].as_str()),
        (Some(true), Some("closed"))
    );
    assert_eq!(pull["merge_commit_sha"], answer["sha"]);
    assert!(pull["merged_at"].is_string());
    assert_eq!(
        client.call("PUT", &merge, json!({})).status,
        405,
        "already merged"
    );
}

#[test]
fn unmergeable_and_draft_prs_answer_405() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Conflicted", "feature", "main");
    gh.set_mergeable(REPO, pr, false);
    let mut client = Client::new(&gh);
    let answer = client.call("PUT", &url(&format!("/pulls/{pr}/merge")), json!({}));
    assert_eq!(
        (answer.status, answer.json()["message"].as_str()),
        (405, Some("Pull Request is not mergeable"))
    );
    assert_eq!(
        client.get(&url(&format!("/pulls/{pr}"))).json()["mergeable_state"],
        "dirty"
    );

    gh.edit_pr(REPO, pr, |p| {
        p.mergeable = Some(true);
        p.draft = true;
    });
    assert_eq!(
        client
            .call("PUT", &url(&format!("/pulls/{pr}/merge")), json!({}))
            .status,
        405
    );
}

#[test]
fn errors_use_githubs_statuses_and_messages() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Exists", "");
    let mut client = Client::new(&gh);

    let missing = client.get(&url("/issues/404"));
    assert_eq!(
        (missing.status, missing.json()["message"].as_str()),
        (404, Some("Not Found"))
    );
    assert_eq!(client.get("/repos/acme/widgets/branches").status, 404);

    let untitled = client.call("POST", &url("/issues"), json!({"title": ""}));
    assert_eq!(untitled.status, 422);
    assert_eq!(untitled.json()["message"], "Validation Failed");
    assert_eq!(
        untitled.json()["errors"][0],
        json!({"resource": "Issue", "code": "missing_field", "field": "title"})
    );
    assert_eq!(
        client
            .call(
                "POST",
                &url(&format!("/issues/{n}/comments")),
                json!({"body": " "})
            )
            .status,
        422
    );
    assert_eq!(
        client
            .call(
                "PATCH",
                &url(&format!("/issues/{n}")),
                json!({"state": "done"})
            )
            .status,
        422
    );

    let garbled = client.send("POST", &url("/issues"), &[], Some(b"{not json"));
    assert_eq!(
        (garbled.status, garbled.json()["message"].as_str()),
        (400, Some("Problems parsing JSON"))
    );
}

#[test]
fn hostile_input_gets_an_answer_not_a_panic() {
    let gh = FakeGitHub::start();
    let n = gh.add_pr(REPO, "Target", "feature", "main");
    let mut client = Client::new(&gh);
    let huge = "99999999999999999999999";
    for (method, path, body) in [
        ("GET", format!("/issues/{huge}"), None),
        (
            "GET",
            format!("/issues/{n}/comments?per_page=0&page={huge}"),
            None,
        ),
        (
            "GET",
            "/issues?per_page=-5&page=18446744073709551615".to_owned(),
            None,
        ),
        ("GET", "/issues/%ZZ%".to_owned(), None),
        ("GET", "/commits/%F0%9F%92%A9/status".to_owned(), None),
        ("DELETE", format!("/issues/{n}"), None),
        ("BREW", "/pulls".to_owned(), None),
        ("POST", "/issues".to_owned(), Some(&b"\xff\xfe"[..])),
        ("POST", "/issues".to_owned(), Some(&b"[1, 2]"[..])),
        (
            "POST",
            "/pulls".to_owned(),
            Some(&br#"{"title": 1, "head": [], "base": {}}"#[..]),
        ),
        (
            "PATCH",
            format!("/issues/{n}"),
            Some(&br#"{"title": null, "labels": [{}, 3], "state": 7}"#[..]),
        ),
        ("PUT", format!("/pulls/{n}/merge"), Some(&b"null"[..])),
        (
            "POST",
            format!("/pulls/{n}/comments/{huge}/replies"),
            Some(&br#"{"body": 1}"#[..]),
        ),
    ] {
        let status = client.send(method, &url(&path), &[], body).status;
        assert!((200..500).contains(&status), "{method} {path}: {status}");
    }
    assert_eq!(
        client.get(&url(&format!("/pulls/{n}"))).status,
        200,
        "still serving"
    );
    drop(gh); // joins the workers: panics if any of them did
}

#[test]
fn requests_without_the_token_get_401() {
    let gh = FakeGitHub::start();
    gh.add_issue(REPO, "Secret", "");
    for auth in [
        None,
        Some("Bearer wrong".to_owned()),
        Some(format!("Basic {}", gh.token())),
    ] {
        let answer = Client::with_auth(&gh, auth).get(&url("/issues/1"));
        assert_eq!(answer.status, 401);
        assert_eq!(
            answer.json(),
            json!({"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest", "status": "401"})
        );
    }
    let classic =
        Client::with_auth(&gh, Some(format!("token {}", gh.token()))).get(&url("/issues/1"));
    assert_eq!(classic.status, 200, "the classic `token` scheme works too");
    assert_eq!(gh.requests()[0].header("Authorization"), None);
}

// ----- the fake: faults, concurrency, recording ----------------------------------------------

#[test]
fn faults_apply_to_matching_requests_only() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Flaky", "");
    let mut client = Client::new(&gh);

    gh.fail_next("GET", "/issues/1", 502, json!({"message": "Server Error"}));
    assert_eq!(
        client.get(&url("/pulls")).status,
        200,
        "other paths unaffected"
    );
    assert_eq!(client.get(&url(&format!("/issues/{n}"))).status, 502);
    assert_eq!(
        client.get(&url(&format!("/issues/{n}"))).status,
        200,
        "fail_next fires once"
    );

    gh.inject(Fault::rate_limited("*", "/issues", Duration::from_secs(60)).times(2));
    let limited = client.get(&url(&format!("/issues/{n}")));
    assert_eq!(
        (limited.status, limited.header("x-ratelimit-remaining")),
        (403, Some("0"))
    );
    assert!(
        limited
            .header("x-ratelimit-reset")
            .and_then(|r| r.parse::<u64>().ok())
            .is_some()
    );
    assert_eq!(client.get(&url(&format!("/issues/{n}"))).status, 403);
    assert_eq!(client.get(&url(&format!("/issues/{n}"))).status, 200);

    gh.inject(Fault::secondary_rate_limited("POST", "/comments", 7));
    let slow_down = client.call(
        "POST",
        &url(&format!("/issues/{n}/comments")),
        json!({"body": "hi"}),
    );
    assert_eq!(
        (slow_down.status, slow_down.header("retry-after")),
        (429, Some("7"))
    );

    gh.fail_always("*", "/pulls", 500, json!({"message": "down"}));
    assert_eq!(client.get(&url("/pulls")).status, 500);
    assert_eq!(client.get(&url("/pulls")).status, 500);
    gh.inject(Fault::new("GET", "/issues", 503, json!({})).header("retry-after", "1"));
    gh.clear_faults();
    assert_eq!(client.get(&url("/pulls")).status, 200);
    assert_eq!(client.get(&url(&format!("/issues/{n}"))).status, 200);
    assert!(
        gh.comments(REPO, n).is_empty(),
        "a faulted write changes nothing"
    );
}

#[test]
fn serves_keep_alive_and_concurrent_requests() {
    let gh = FakeGitHub::start();
    gh.add_issue(REPO, "One", "");
    let mut client = Client::new(&gh);
    for _ in 0..3 {
        assert_eq!(
            client.get(&url("/issues/1")).status,
            200,
            "same connection, several requests"
        );
    }

    let latency = Duration::from_millis(300);
    gh.set_latency(latency);
    let started = Instant::now();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..6)
            .map(|_| scope.spawn(|| Client::new(&gh).get(&url("/issues/1")).status))
            .collect();
        for handle in handles {
            assert_eq!(handle.join().expect("client thread"), 200);
        }
    });
    let elapsed = started.elapsed();
    assert!(elapsed >= latency, "latency applied ({elapsed:?})");
    assert!(
        elapsed < latency * 4,
        "served concurrently, not one by one ({elapsed:?})"
    );
}

#[test]
fn recorded_requests_are_checked_against_the_description() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let mut client = Client::new(&gh);
    client.get(&url("/pulls?state=open&per_page=100"));
    assert_eq!(gh.violations(), Vec::<String>::new());

    client.call(
        "PUT",
        &url(&format!("/pulls/{pr}/merge")),
        json!({"merge_method": "fast-forward"}),
    );
    client.get(&url("/pulls?sort_by=age"));
    let violations = gh.violations();
    assert_eq!(violations.len(), 2, "{violations:#?}");
    assert!(
        violations[0].starts_with(&format!(
            "PUT /repos/{REPO}/pulls/{pr}/merge: body.merge_method"
        )),
        "{violations:#?}"
    );
    assert!(
        violations[1].contains("undeclared query parameter `sort_by`"),
        "{violations:#?}"
    );

    let recorded = &gh.requests()[1];
    assert_eq!(
        (recorded.method.as_str(), recorded.path(), recorded.status),
        ("PUT", url(&format!("/pulls/{pr}/merge")).as_str(), 422)
    );
    assert!(
        recorded
            .header("authorization")
            .is_some_and(|a| a.starts_with("Bearer "))
    );
    assert_eq!(gh.writes().len(), 1);
}

/// Drives every operation once and checks each JSON answer against GitHub's response schema.
#[test]
fn answers_fit_the_documented_response_schemas() {
    let gh = FakeGitHub::start();
    let issue = gh.add_issue(REPO, "Issue", "Body");
    let pr = gh.add_pr(REPO, "PR", "feature", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_issue_comment(REPO, issue, "erin", "Hi");
    gh.add_pr_file(REPO, pr, "README.md", "@@ -0,0 +1 @@\n+hello");
    let root = gh.add_review_comment(REPO, pr, "README.md", 1, "Nice");
    gh.add_review(REPO, pr, "erin", "APPROVED", "");
    gh.add_check_run(REPO, &sha, "build", "completed", Some("success"));
    gh.add_status(REPO, &sha, "ci", "failure");
    gh.edit_issue(REPO, issue, |i| i.assignees.push("erin".into()));
    let mut client = Client::new(&gh);

    for path in [
        format!("/issues/{issue}"),
        format!("/issues/{pr}"),
        format!("/issues/{issue}/comments"),
        format!("/pulls/{pr}"),
        format!("/pulls/{pr}/files"),
        format!("/commits/{sha}/check-runs"),
        format!("/commits/{sha}/status"),
        format!("/pulls/{pr}/reviews"),
        format!("/pulls/{pr}/comments"),
        "/issues?state=all".into(),
        "/pulls?state=all".into(),
    ] {
        assert_eq!(client.get(&url(&path)).status, 200, "{path}");
    }
    for (method, path, body) in [
        (
            "POST",
            format!("/issues/{issue}/comments"),
            json!({"body": "b"}),
        ),
        (
            "POST",
            "/issues".into(),
            json!({"title": "t", "labels": ["x"]}),
        ),
        (
            "PATCH",
            format!("/issues/{issue}"),
            json!({"state": "closed"}),
        ),
        (
            "POST",
            "/pulls".into(),
            json!({"title": "t", "head": "other", "base": "main"}),
        ),
        ("PATCH", format!("/pulls/{pr}"), json!({"body": "new"})),
        (
            "POST",
            format!("/pulls/{pr}/requested_reviewers"),
            json!({"reviewers": ["erin"], "team_reviewers": ["core"]}),
        ),
        (
            "POST",
            format!("/pulls/{pr}/comments/{root}/replies"),
            json!({"body": "b"}),
        ),
        (
            "PUT",
            format!("/pulls/{pr}/merge"),
            json!({"merge_method": "merge"}),
        ),
    ] {
        let status = client.call(method, &url(&path), body).status;
        assert!(status == 200 || status == 201, "{method} {path}: {status}");
    }
    // Merged, with requested reviewers and teams.
    assert_eq!(client.get(&url(&format!("/pulls/{pr}"))).status, 200);
    assert_eq!(client.get(&url("/pulls?state=closed")).status, 200);

    let mut problems = Vec::new();
    for request in gh.requests() {
        let (op, _) =
            openapi::route(&request.method, &request.path_and_query).expect("known operation");
        let answer = request.response.as_ref().expect("JSON answer");
        problems.extend(
            openapi::validate_response(&op.method, &op.template, answer)
                .into_iter()
                .map(|p| format!("{}: {p}", op.id)),
        );
    }
    assert_eq!(problems, Vec::<String>::new());
    assert_eq!(gh.violations(), Vec::<String>::new());
}
