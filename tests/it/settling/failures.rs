//! How GitHub's failures of each action read and what they leave, pinned as
//! one snapshot: the error's kind, message and hint, whether the attempt may
//! have acted (its pending record kept) or did not (nothing kept), and what
//! a retry with the same request id then records or refuses, with every
//! request sent. Where GitHub's requests live moved (issue 41, step 1c) and
//! will move again; GitHubError's reading into outcomes must not.

use super::*;

/// A failing action: what it needs on GitHub and the fault, its arguments,
/// and what happens before the retry (`None`: no retry).
struct Case {
    name: &'static str,
    setup: fn(&FakeGitHub) -> Vec<String>,
    retry: Option<fn(&FakeGitHub)>,
}

fn refusal(status: u16) -> Value {
    serde_json::json!({"message": format!("failed {status}")})
}

fn issue(gh: &FakeGitHub, labels: &[&str]) -> String {
    let n = gh.add_issue(REPO, "t", "old");
    let labels: Vec<String> = labels.iter().map(|l| l.to_string()).collect();
    gh.edit_issue(REPO, n, |i| i.labels = labels);
    n.to_string()
}

fn pr(gh: &FakeGitHub) -> u64 {
    gh.add_pr(REPO, "F", "f", "main")
}

/// Nothing more between the lost answer and the retry.
fn as_it_is(_: &FakeGitHub) {}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "comment on a missing issue (404)",
            setup: |_| words(&["comment", "--issue", "99", "--body", "x"]),
            retry: None,
        },
        Case {
            name: "comment refused (403)",
            setup: |gh| {
                gh.fail_next("POST", "/comments", 403, refusal(403));
                words(&["comment", "--issue", &issue(gh, &[]), "--body", "x"])
            },
            retry: None,
        },
        Case {
            name: "comment answered 500",
            setup: |gh| {
                gh.fail_next("POST", "/comments", 500, refusal(500));
                words(&["comment", "--issue", &issue(gh, &[]), "--body", "x"])
            },
            retry: Some(as_it_is),
        },
        Case {
            name: "create-issue refused (422)",
            setup: |gh| {
                gh.fail_next("POST", "/issues", 422, refusal(422));
                words(&["create-issue", "--title", "T"])
            },
            retry: None,
        },
        Case {
            name: "create-pr whose default branch read answers 500, then 200",
            setup: |gh| {
                gh.fail_next("GET", "/repos/acme/widgets", 500, refusal(500));
                words(&["create-pr", "--title", "T", "--head", "h"])
            },
            retry: None,
        },
        Case {
            name: "merge-pr already merged (405)",
            setup: |gh| {
                let n = pr(gh);
                gh.edit_pr(REPO, n, |p| {
                    p.merged_at = Some("2020-01-01T00:00:00Z".into());
                    p.merge_commit_sha = Some("c".repeat(40));
                });
                words(&["merge-pr", "--pr", &n.to_string(), "--override", "o"])
            },
            retry: None,
        },
        Case {
            name: "merge-pr not mergeable (405)",
            setup: |gh| {
                let n = pr(gh);
                gh.set_mergeable(REPO, n, false);
                words(&["merge-pr", "--pr", &n.to_string(), "--override", "o"])
            },
            retry: None,
        },
        Case {
            name: "merge-pr pinned to another head (409)",
            setup: |gh| {
                let n = pr(gh).to_string();
                let sha = "a".repeat(40);
                words(&["merge-pr", "--pr", &n, "--sha", &sha, "--override", "o"])
            },
            retry: None,
        },
        Case {
            name: "merge-pr lost, merged at another head since",
            setup: |gh| {
                let n = pr(gh);
                let sha = gh.head_sha(REPO, n);
                gh.inject(Fault::drop_after_acting("PUT", "/merge"));
                let n = n.to_string();
                words(&["merge-pr", "--pr", &n, "--sha", &sha, "--override", "o"])
            },
            retry: Some(|gh| gh.edit_pr(REPO, 1, |p| p.head_sha = "b".repeat(40))),
        },
        Case {
            name: "label whose removal fails after the add",
            setup: |gh| {
                gh.allow_labels(&["bug", "gone"]);
                gh.fail_next("DELETE", "/labels/gone", 500, refusal(500));
                let n = issue(gh, &["gone"]);
                words(&["label", "--issue", &n, "--add", "bug", "--remove", "gone"])
            },
            retry: Some(as_it_is),
        },
        Case {
            name: "label whose removal finds it gone (404)",
            setup: |gh| {
                gh.allow_labels(&["gone"]);
                let gone = serde_json::json!({"message": "Label does not exist"});
                gh.fail_next("DELETE", "/labels/gone", 404, gone);
                words(&[
                    "label",
                    "--issue",
                    &issue(gh, &["gone"]),
                    "--remove",
                    "gone",
                ])
            },
            retry: None,
        },
        Case {
            name: "label lost after the removal acted",
            setup: |gh| {
                gh.allow_labels(&["bug", "gone"]);
                gh.inject(Fault::drop_after_acting("DELETE", "/labels/gone"));
                let n = issue(gh, &["gone", "keep"]);
                words(&["label", "--issue", &n, "--add", "bug", "--remove", "gone"])
            },
            retry: Some(as_it_is),
        },
        Case {
            name: "resolve-thread of another pull request",
            setup: |gh| {
                let root = gh.add_review_comment(REPO, pr(gh), "a.rs", 1, "?");
                let other = pr(gh).to_string();
                words(&[
                    "resolve-thread",
                    "--pr",
                    &other,
                    "--thread",
                    &format!("PRRT_{root}"),
                ])
            },
            retry: None,
        },
        Case {
            name: "resolve-thread of no thread",
            setup: |gh| {
                words(&[
                    "resolve-thread",
                    "--pr",
                    &pr(gh).to_string(),
                    "--thread",
                    "PRRT_7",
                ])
            },
            retry: None,
        },
        Case {
            name: "unresolve-thread lost",
            setup: |gh| {
                let n = pr(gh);
                let root = gh.add_review_comment(REPO, n, "a.rs", 1, "?");
                gh.resolve_thread(REPO, root);
                let mutation = Fault::drop_after_acting("POST", "/graphql");
                gh.inject(mutation.when_body_contains("unresolveReviewThread"));
                let n = n.to_string();
                words(&[
                    "unresolve-thread",
                    "--pr",
                    &n,
                    "--thread",
                    &format!("PRRT_{root}"),
                ])
            },
            retry: Some(as_it_is),
        },
        Case {
            name: "close-issue lost, its event undated",
            setup: |gh| {
                gh.inject(Fault::drop_after_acting("PATCH", "/issues/"));
                gh.strip_field("/timeline", "created_at");
                words(&["close-issue", "--issue", &issue(gh, &[])])
            },
            retry: Some(as_it_is),
        },
        Case {
            name: "edit-issue body lost after acting",
            setup: |gh| {
                gh.inject(Fault::drop_after_acting("PATCH", "/issues/"));
                words(&["edit-issue", "--issue", &issue(gh, &[]), "--body", "new"])
            },
            retry: Some(as_it_is),
        },
        Case {
            name: "edit-issue title answered 502 before acting",
            setup: |gh| {
                gh.fail_next("PATCH", "/issues/", 502, refusal(502));
                words(&["edit-issue", "--issue", &issue(gh, &[]), "--title", "T2"])
            },
            retry: Some(as_it_is),
        },
    ]
}

/// What a run said: the entry's action (without the freshness verdict and
/// caller trace), or the error as printed.
fn said(run: &Run) -> Value {
    if run.code != 0 {
        return serde_json::json!({"exit": run.code, "stderr": run.stderr});
    }
    let mut action = run.json()["action"].take();
    if let Some(fields) = action.as_object_mut() {
        fields.remove("freshness");
        fields.remove("trace");
    }
    action
}

#[test]
fn every_github_failures_words_outcome_and_retry() {
    let mut all = serde_json::Map::new();
    let mut env_of_last = None;
    for case in cases() {
        let (gh, env, _voyage) = sea(0);
        let acting = (case.setup)(&gh);
        let acting: Vec<&str> = acting.iter().map(String::as_str).collect();
        let first = steer(&env, Some("r-1"), &acting);
        let mut doc = serde_json::json!({
            "first": said(&first),
            "pending": interrupted(&env).len(),
        });
        if let Some(meanwhile) = case.retry {
            meanwhile(&gh);
            gh.clear_faults();
            doc["retry"] = said(&steer(&env, Some("r-1"), &acting));
            doc["pendingAfter"] = interrupted(&env).len().into();
        }
        let sent = sorted_requests(&gh);
        doc["requests"] = sent.into();
        all.insert(case.name.to_string(), doc);
        env_of_last = Some(env);
    }
    let env = env_of_last.expect("a case");
    let text = serde_json::to_string_pretty(&Value::Object(all)).unwrap();
    crate::snapshots::settings(&env)
        .bind(|| insta::assert_snapshot!("github_failures_and_retries", text));
}
