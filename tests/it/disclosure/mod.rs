//! `steer --disclose` and `HELM_DISCLOSE=1` (issue 34): every body helm
//! posts ends with one footer naming the identity, role and method, helm,
//! the voyage and the request; the entry records the body GitHub received;
//! a lost answer is still settled by that body; an edit keeps one footer.

use serde_json::Value;

use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, Fault};
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

/// `steer --json` as claude-7, with `extra` flags before the action.
fn steer(env: &TestEnv, extra: &[&str], action: &[&str]) -> crate::support::env::Run {
    let mut args = vec![
        "steer",
        "--as",
        "claude-7",
        "--role",
        "coder",
        "--method",
        "sonnet 4-6",
        "--summary",
        "s",
        "--json",
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(action);
    env.run(&args)
}

/// The footer helm writes for claude-7 on `voyage` with `request`.
fn footer(voyage: &str, request: &str) -> String {
    format!(
        "---\n<sub>Posted through helm by claude-7 (role: coder; method: sonnet 4-6) · voyage {voyage} · request {request}</sub>"
    )
}

/// The `body` of the last write GitHub received.
fn last_body(gh: &FakeGitHub) -> String {
    let write = gh.writes().pop().expect("a write");
    write
        .body
        .as_ref()
        .and_then(|b| b["body"].as_str())
        .unwrap_or_default()
        .to_string()
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn every_action_that_posts_a_body_ends_it_with_one_footer_the_entry_records() {
    let (mut env, gh, voyage) = github_voyage(REPO, "disclosed");
    let issue = gh.add_issue(REPO, "t", "b").to_string();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main").to_string();
    let thread = gh.add_review_comment(REPO, pr.parse().unwrap(), "src/lib.rs", 1, "Why?");
    let thread = thread.to_string();
    let actions: Vec<Vec<&str>> = vec![
        vec!["comment", "--issue", &issue, "--body", "Looks right."],
        vec![
            "create-issue",
            "--title",
            "Follow-up",
            "--body",
            "Track it.",
        ],
        vec!["create-issue", "--title", "No body given"],
        vec![
            "edit-issue",
            "--issue",
            &issue,
            "--body",
            "Now with a plan.",
        ],
        vec![
            "create-pr",
            "--title",
            "More",
            "--head",
            "more",
            "--base",
            "main",
            "--body",
            "x",
        ],
        vec!["edit-pr", "--pr", &pr, "--body", "Described."],
        vec![
            "reply-inline",
            "--pr",
            &pr,
            "--comment-id",
            &thread,
            "--body",
            "Because.",
        ],
    ];
    for (i, action) in actions.iter().enumerate() {
        let id = format!("d-{i}");
        // Half through the flag, half through the environment.
        let entry = if i % 2 == 0 {
            steer(&env, &["--disclose", "--request-id", &id], action).json()
        } else {
            env.set("HELM_DISCLOSE", "1");
            let run = steer(&env, &["--request-id", &id], action).json();
            env.set("HELM_DISCLOSE", "0");
            run
        };
        let received = last_body(&gh);
        assert!(
            received.ends_with(&footer(&voyage, &id)),
            "{action:?}: {received:?}"
        );
        assert_eq!(count(&received, "Posted through helm"), 1, "{received}");
        assert_eq!(
            entry["action"]["body"],
            Value::from(received.clone()),
            "{action:?}"
        );
    }
    // Without either, nothing is added.
    steer(
        &env,
        &[],
        &["comment", "--issue", &issue, "--body", "Plain."],
    )
    .json();
    assert_eq!(last_body(&gh), "Plain.");
    // An edit that only renames posts no body, so no footer either.
    steer(
        &env,
        &["--disclose"],
        &["edit-issue", "--issue", &issue, "--title", "T"],
    )
    .json();
    assert!(
        gh.writes()
            .pop()
            .unwrap()
            .body
            .unwrap()
            .get("body")
            .is_none()
    );
}

#[test]
fn an_edited_body_keeps_one_footer_and_a_lost_answer_is_settled_by_its_body() {
    let (env, gh, voyage) = github_voyage(REPO, "disclosed edits");
    let issue = gh.add_issue(REPO, "t", "b").to_string();
    steer(
        &env,
        &["--disclose", "--request-id", "e-1"],
        &["edit-issue", "--issue", &issue, "--body", "Plan."],
    )
    .json();
    let first = last_body(&gh);
    // The agent edits the body as it reads it on GitHub, footer and all.
    let edited = first.replace("Plan.", "Plan, revised.");
    steer(
        &env,
        &["--disclose", "--request-id", "e-2"],
        &["edit-issue", "--issue", &issue, "--body", &edited],
    )
    .json();
    let second = last_body(&gh);
    assert_eq!(count(&second, "Posted through helm"), 1, "{second}");
    assert_eq!(
        second,
        format!("Plan, revised.\n\n{}", footer(&voyage, "e-2"))
    );

    // GitHub posts the comment and the answer is lost: the retry finds it
    // by its body, footer included, and records it without posting again.
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    let action = ["comment", "--issue", issue.as_str(), "--body", "Done."];
    let lost = steer(&env, &["--disclose", "--request-id", "c-1"], &action);
    assert_eq!(lost.code, 1, "{lost:?}");
    let writes = gh.writes().len();
    let retried = steer(&env, &["--disclose", "--request-id", "c-1"], &action).json();
    assert_eq!(retried["action"]["settled"], "found-on-github", "{retried}");
    assert_eq!(gh.writes().len(), writes, "posted again");
    let comments = gh.comments(REPO, issue.parse().unwrap());
    assert_eq!(comments.len(), 1);
    assert_eq!(
        comments[0].body,
        format!("Done.\n\n{}", footer(&voyage, "c-1"))
    );
    assert_eq!(
        retried["action"]["body"],
        Value::from(comments[0].body.clone())
    );
    // Settled explicitly, without a request id: the attempt's id is the footer's.
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    steer(
        &env,
        &["--disclose"],
        &["comment", "--issue", &issue, "--body", "Again."],
    );
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    let attempt = listed["interrupted"][0]["requestId"]
        .as_str()
        .unwrap()
        .to_string();
    let settled = env
        .run(&["interrupted", "settle", &attempt, "--json"])
        .json();
    assert_eq!(settled["outcome"], "recorded", "{settled}");
    let comments = gh.comments(REPO, issue.parse().unwrap());
    assert!(
        comments[1].body.ends_with(&footer(&voyage, &attempt)),
        "{}",
        comments[1].body
    );
}
