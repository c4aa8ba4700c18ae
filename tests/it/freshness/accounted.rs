//! Freshness that says what it checked (issue 31 §5): the entry lists each
//! observation the guard asked GitHub about with its verdict, and each one
//! on the slate it did not with why; a steer on an issue or PR with no
//! observation on the slate warns and acts, or refuses under
//! `--require-observed`.

use super::{REPO, freshness, observe, setup, steer};
use crate::support::env::count;

#[test]
fn the_entry_lists_what_was_checked_and_what_was_not() {
    let (env, gh, _voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix-1", "main");
    let other = gh.add_issue(REPO, "Other", "body");
    let (pr, other) = (pr.to_string(), other.to_string());
    observe(&env, &["github-pr", &pr, "--focus", "comments"]).ok();
    observe(&env, &["github-pr", &pr]).ok();
    observe(&env, &["github-issue", &other]).ok();
    let run = steer(&env, &["comment", "--pr", &pr, "--body", "hi"]);
    let fresh = freshness(run.ok());
    assert_eq!(fresh["verdict"], "fresh", "{fresh}");
    // Both looks at the PR count as checked: the older one through the
    // newer, which saw every part it saw.
    assert_eq!(fresh["checked"], 2, "{fresh}");
    let checked = fresh["observations"].as_array().unwrap();
    assert_eq!(checked.len(), 2, "{fresh}");
    assert_eq!(
        checked[0]["target"],
        format!("github-pr {REPO}#{pr} --focus comments")
    );
    assert_eq!(checked[0]["verdict"], "fresh");
    assert_eq!(checked[0].get("parts"), None, "{fresh}");
    assert_eq!(checked[1]["target"], format!("github-pr {REPO}#{pr}"));
    assert_eq!(checked[1]["verdict"], "fresh");
    assert_eq!(checked[1]["parts"].as_array().map(Vec::len), Some(6));
    let skipped = fresh["notChecked"].as_array().unwrap();
    assert_eq!(skipped.len(), 1, "{fresh}");
    assert_eq!(skipped[0]["target"], format!("github-issue {REPO}#{other}"));
    assert!(
        skipped[0]["why"]
            .as_str()
            .unwrap()
            .contains(&format!("not an observation of PR #{pr}")),
        "{fresh}"
    );
    assert_eq!(run.json()["warnings"], serde_json::Value::Null, "{run:?}");
}

#[test]
fn a_steer_with_nothing_observed_warns_or_refuses_when_asked() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Widget crashes", "body").to_string();
    let refused = steer(
        &env,
        &[
            "comment",
            "--issue",
            &issue,
            "--body",
            "hi",
            "--require-observed",
        ],
    );
    assert_eq!(refused.code, 1, "{refused:?}");
    let error = refused.error_json();
    assert_eq!(error["error"]["kind"], "not-observed", "{error}");
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains(&format!("no observation of issue #{issue}")),
        "{error}"
    );
    assert!(
        error["error"]["hint"]
            .as_str()
            .unwrap()
            .contains(&format!("github-issue {issue}")),
        "{error}"
    );
    assert!(gh.writes().is_empty(), "nothing acted: {:?}", gh.writes());
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);

    let acted = steer(&env, &["comment", "--issue", &issue, "--body", "hi"]);
    let json = acted.ok().json();
    assert_eq!(json["action"]["freshness"]["verdict"], "not-observed");
    let warning = json["warnings"][0].as_str().unwrap_or_default();
    assert!(
        warning.contains(&format!(
            "acted on issue #{issue} with no observation of it"
        )) && warning.contains("--require-observed"),
        "{json}"
    );
    assert!(
        acted.stderr.contains("warning: acted on issue #"),
        "{acted:?}"
    );
    assert_eq!(gh.writes().len(), 1);
}
