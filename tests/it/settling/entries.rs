//! What every GitHub action's entry records, acted at once and settled
//! after its answer was lost, with every request helm sent for it, pinned as
//! one snapshot. GitHub's requests and the entries made of their answers
//! have moved between crates (issue 41, step 1c: helm-github's `act/`, the
//! core's `performed`), and will move again behind the forge seam; each
//! move must leave the requests and the recorded entries byte for byte as
//! they were, which assertions on a few fields cannot hold.

use super::*;

/// One action on a fresh voyage: what it needs on GitHub, its arguments,
/// and the request (method, path, body) whose answer a second run loses
/// after GitHub acted.
struct Case {
    name: &'static str,
    setup: fn(&FakeGitHub) -> Vec<String>,
    lose: (&'static str, &'static str, Option<&'static str>),
}

fn issue(gh: &FakeGitHub) -> String {
    gh.add_issue(REPO, "Bug", "It breaks").to_string()
}

fn pr(gh: &FakeGitHub) -> u64 {
    gh.add_pr(REPO, "Fix", "fix", "main")
}

/// A PR with one review thread: the PR and the thread's first comment.
fn thread(gh: &FakeGitHub) -> (String, u64) {
    let pr = pr(gh);
    let root = gh.add_review_comment(REPO, pr, "src/lib.rs", 3, "Why?");
    (pr.to_string(), root)
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "comment",
            setup: |gh| words(&["comment", "--issue", &issue(gh), "--body", "plan"]),
            lose: ("POST", "/comments", None),
        },
        Case {
            name: "create-issue",
            setup: |gh| {
                gh.allow_labels(&["bug"]);
                gh.allow_assignees(&["alice"]);
                words(&[
                    "create-issue",
                    "--title",
                    "New",
                    "--body",
                    "b",
                    "--label",
                    "bug",
                    "--assignee",
                    "alice",
                ])
            },
            lose: ("POST", "/issues", None),
        },
        Case {
            name: "edit-issue",
            setup: |gh| {
                let n = issue(gh);
                words(&[
                    "edit-issue",
                    "--issue",
                    &n,
                    "--title",
                    "Bug!",
                    "--body",
                    "b2",
                ])
            },
            lose: ("PATCH", "/issues/", None),
        },
        Case {
            name: "close-issue",
            setup: |gh| {
                let n = issue(gh);
                words(&["close-issue", "--issue", &n, "--reason", "not-planned"])
            },
            lose: ("PATCH", "/issues/", None),
        },
        Case {
            name: "reopen-issue",
            setup: |gh| {
                let n = gh.add_issue(REPO, "Bug", "It breaks");
                gh.edit_issue(REPO, n, |i| {
                    i.state = "closed".into();
                    i.closed_at = Some("2020-01-02T00:00:00Z".into());
                });
                words(&["reopen-issue", "--issue", &n.to_string()])
            },
            lose: ("PATCH", "/issues/", None),
        },
        Case {
            name: "create-pr",
            setup: |gh| {
                gh.set_default_branch(REPO, "trunk");
                words(&[
                    "create-pr",
                    "--title",
                    "Feature",
                    "--head",
                    "feature",
                    "--draft",
                ])
            },
            lose: ("POST", "/pulls", None),
        },
        Case {
            name: "edit-pr",
            setup: |gh| words(&["edit-pr", "--pr", &pr(gh).to_string(), "--title", "Fix!"]),
            lose: ("PATCH", "/pulls/", None),
        },
        Case {
            name: "close-pr",
            setup: |gh| words(&["close-pr", "--pr", &pr(gh).to_string()]),
            lose: ("PATCH", "/pulls/", None),
        },
        Case {
            name: "request-review",
            setup: |gh| {
                gh.allow_reviewers(&["alice"]);
                let n = pr(gh).to_string();
                words(&["request-review", "--pr", &n, "--reviewer", "alice"])
            },
            lose: ("POST", "/requested_reviewers", None),
        },
        Case {
            name: "reply-inline",
            setup: |gh| {
                let (pr, root) = thread(gh);
                let root = root.to_string();
                words(&[
                    "reply-inline",
                    "--pr",
                    &pr,
                    "--comment-id",
                    &root,
                    "--body",
                    "So",
                ])
            },
            lose: ("POST", "/replies", None),
        },
        Case {
            name: "merge-pr",
            setup: |gh| {
                let n = pr(gh);
                let sha = gh.head_sha(REPO, n);
                let n = n.to_string();
                words(&["merge-pr", "--pr", &n, "--sha", &sha, "--override", "o"])
            },
            lose: ("PUT", "/merge", None),
        },
        Case {
            name: "label",
            setup: |gh| {
                gh.allow_labels(&["bug", "gone"]);
                let n = issue(gh);
                words(&["label", "--issue", &n, "--add", "bug", "--remove", "gone"])
            },
            lose: ("POST", "/labels", None),
        },
        Case {
            name: "resolve-thread",
            setup: |gh| {
                let (pr, root) = thread(gh);
                words(&[
                    "resolve-thread",
                    "--pr",
                    &pr,
                    "--thread",
                    &format!("PRRT_{root}"),
                ])
            },
            lose: ("POST", "/graphql", Some("resolveReviewThread")),
        },
    ]
}

/// The entry's action, without the freshness verdict and caller trace,
/// which other tests pin.
fn action(run: &Run) -> Value {
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut action = run.json()["action"].take();
    if let Some(fields) = action.as_object_mut() {
        fields.remove("freshness");
        fields.remove("trace");
    }
    action
}

/// Every request GitHub received, sorted: some are sent together.
fn requests(gh: &FakeGitHub) -> Vec<String> {
    let mut sent: Vec<String> = gh
        .requests()
        .iter()
        .map(|r| format!("{} {} {}", r.method, r.path_and_query, r.raw_body))
        .collect();
    sent.sort();
    sent
}

#[test]
fn every_github_actions_entry_and_requests_acted_and_settled() {
    let mut all = serde_json::Map::new();
    let mut env_of_last = None;
    for case in cases() {
        let (gh, env, _voyage) = sea(0);
        let acting = (case.setup)(&gh);
        let acting: Vec<&str> = acting.iter().map(String::as_str).collect();
        let acted = action(&steer(&env, Some("r-1"), &acting));

        let (lost, env_lost, _voyage) = sea(0);
        let again = (case.setup)(&lost);
        let again: Vec<&str> = again.iter().map(String::as_str).collect();
        let (method, path, body) = case.lose;
        let fault = Fault::drop_after_acting(method, path);
        lost.inject(match body {
            Some(text) => fault.when_body_contains(text),
            None => fault,
        });
        interrupted_steer(&env_lost, Some("r-1"), &again);
        let settled = action(&steer(&env_lost, Some("r-1"), &again));
        assert_eq!(settled["settled"], "found-on-github", "{}", case.name);

        let doc = serde_json::json!({
            "acted": acted,
            "actedRequests": requests(&gh),
            "settled": settled,
            "settledRequests": requests(&lost),
        });
        all.insert(case.name.to_string(), doc);
        env_of_last = Some(env);
    }
    let env = env_of_last.expect("a case");
    let text = serde_json::to_string_pretty(&Value::Object(all)).unwrap();
    crate::snapshots::settings(&env)
        .bind(|| insta::assert_snapshot!("github_entries_acted_and_settled", text));
}
