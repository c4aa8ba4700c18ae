//! A steer whose title, body or body file holds a secret is refused with
//! kind `secret`, naming the rule and the line and never the value; nothing
//! is acted on or recorded, unless `--allow-secret RULE` names it, which the
//! entry records.

use super::{needle, secrets};
use crate::github::steer;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

#[test]
fn a_secret_in_a_body_a_body_file_or_a_title_is_refused_unless_allowed() {
    let (env, gh, voyage) = github_voyage(REPO, "nothing posted carries a secret");
    let issue = gh.add_issue(REPO, "t", "b").to_string();
    let all = secrets();
    for (rule, secret) in &all {
        let body = format!("Here is what I found:\n{}\n", super::line(rule, secret));
        let run = steer(&env, "s", &["comment", "--issue", &issue, "--body", &body]);
        let error = run.error_json();
        assert_eq!(run.code, 1, "{rule}");
        assert_eq!(error["error"]["kind"], "secret", "{error}");
        let message = error["error"]["message"].as_str().unwrap();
        assert!(message.contains(&format!("{rule} on line 2")), "{message}");
        assert!(!run.stdout.contains(needle(secret)) && !run.stderr.contains(needle(secret)));
        let hint = error["error"]["hint"].as_str().unwrap();
        assert!(hint.contains(&format!("--allow-secret {rule}")), "{hint}");
    }
    // A body read from a file, and a title.
    let token = &all[0].1;
    env.write("reply.md", format!("ok\n\n\ntoken: {token}\n"));
    let run = steer(
        &env,
        "s",
        &["comment", "--issue", &issue, "--body-file", "reply.md"],
    );
    let message = run.error_json()["error"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        message.contains("body") && message.contains("github-pat on line 4"),
        "{message}"
    );
    let run = steer(
        &env,
        "s",
        &["create-issue", "--title", &format!("leak {token}")],
    );
    let message = run.error_json()["error"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        message.contains("title") && message.contains("github-pat on line 1"),
        "{message}"
    );
    // Nothing acted, nothing recorded, nothing left to settle.
    assert!(gh.writes().is_empty(), "{:?}", gh.writes());
    let shown = env.run(&["voyage", "show", &voyage, "--json"]).json();
    assert_eq!(shown["entries"].as_array().unwrap().len(), 0);
    let interrupted = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(
        interrupted["interrupted"].as_array().map_or(0, Vec::len),
        0,
        "{interrupted}"
    );

    // Allowed by its rule: posted, and the entry says which rule let it through.
    let body = format!("the revoked test token was {token}");
    let allowed = steer(
        &env,
        "s",
        &[
            "comment",
            "--issue",
            &issue,
            "--body",
            &body,
            "--allow-secret",
            "github-pat",
        ],
    )
    .json();
    assert_eq!(
        allowed["action"]["allowedSecrets"],
        serde_json::json!(["github-pat"])
    );
    assert_eq!(gh.writes().len(), 1);
    // Another rule's allowance does not cover it.
    let run = steer(
        &env,
        "s",
        &[
            "comment",
            "--issue",
            &issue,
            "--body",
            &body,
            "--allow-secret",
            "aws-access-token",
        ],
    );
    assert_eq!(run.error_json()["error"]["kind"], "secret");
    assert_eq!(gh.writes().len(), 1);
}
