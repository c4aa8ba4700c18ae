//! gh's, git's and jj's spellings: `-R` for `--repo`, `close-issue --reason
//! "not planned"`, `helm log` alone and `helm push`/`pull` answered with
//! helm's own command for them (usage errors, exit 2).

use serde_json::json;

use crate::github::{REPO, no_violations, setup, steer};
use crate::support::env::TestEnv;

const OTHER: &str = "acme/gadgets";

#[test]
fn dash_r_names_the_repository_for_observe_and_steer() {
    let (env, gh, _) = setup();
    gh.add_issue(REPO, "Here", "the default repository's");
    let n = gh
        .add_issue(OTHER, "There", "another repository's")
        .to_string();
    let seen = env
        .run(&["observe", "-R", OTHER, "github-issue", &n, "--json"])
        .json();
    assert_eq!(seen["target"]["repo"], OTHER, "{seen}");
    let seen = env
        .run(&["observe", "github-issue", &n, "-R", OTHER, "--json"])
        .json();
    assert_eq!(seen["target"]["repo"], OTHER, "{seen}");
    let entry = steer(
        &env,
        "s",
        &["-R", OTHER, "comment", "--issue", &n, "--body", "hi"],
    )
    .json();
    assert_eq!(entry["action"]["repo"], OTHER, "{entry}");
    let entry = steer(
        &env,
        "s",
        &["comment", "--issue", &n, "--body", "again", "-R", OTHER],
    )
    .json();
    assert_eq!(entry["action"]["repo"], OTHER, "{entry}");
    no_violations(&gh);
}

#[test]
fn close_issue_takes_ghs_not_planned_with_a_space() {
    let (env, gh, _) = setup();
    let n = gh.add_issue(REPO, "Dup", "a duplicate").to_string();
    let entry = steer(
        &env,
        "duplicate",
        &["close-issue", "--issue", &n, "--reason", "not planned"],
    )
    .json();
    assert_eq!(entry["action"]["closeReason"], "not-planned", "{entry}");
    assert_eq!(entry["action"]["stateReason"], "not_planned", "{entry}");
    let sent: Vec<_> = gh
        .writes()
        .into_iter()
        .filter_map(|w| w.body)
        .filter(|body| body.get("state_reason").is_some())
        .collect();
    assert_eq!(
        sent,
        [json!({"state": "closed", "state_reason": "not_planned"})]
    );
    no_violations(&gh);
}

#[test]
fn helm_log_alone_says_the_logbook_is_voyage_show() {
    let env = TestEnv::new();
    let run = env.run(&["log"]);
    let stderr = run.fails(2);
    assert!(stderr.contains("`helm voyage show`"), "{stderr}");
    let run = env.run(&["log", "--json"]);
    run.fails(2);
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "usage");
    assert!(
        error["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("`helm voyage show`"),
        "{error}"
    );
}

#[test]
fn helm_push_and_pull_point_at_voyage_push_and_pull() {
    let env = TestEnv::new();
    for (typed, meant) in [("push", "helm voyage push"), ("pull", "helm voyage pull")] {
        let stderr = env.run(&[typed]).fails(2).to_string();
        assert!(stderr.contains(&format!("hint: `{meant}`")), "{stderr}");
        let run = env.run(&[typed, "--remote", "origin", "--json"]);
        run.fails(2);
        let error = run.error_json();
        assert!(
            error["error"]["hint"].as_str().unwrap().contains(meant),
            "{error}"
        );
    }
    // Below the top level it is another mistake, said as clap says it.
    let stderr = env.run(&["slate", "push"]).fails(2).to_string();
    assert!(!stderr.contains("voyage push"), "{stderr}");
}

#[test]
fn a_number_by_position_is_the_issue_or_pr_gh_would_take() {
    let (env, gh, _) = setup();
    let n = gh.add_issue(REPO, "Crash", "It crashes.").to_string();
    let p = gh.add_pr(REPO, "Fix", "fix", "main").to_string();
    let entry = steer(&env, "s", &["comment", &n, "--body", "on it"]).json();
    assert_eq!(entry["action"]["issue"], json!(n.parse::<u64>().unwrap()));
    let entry = steer(&env, "s", &["label", &format!("#{n}"), "--add", "bug"]).json();
    assert_eq!(entry["action"]["issue"], json!(n.parse::<u64>().unwrap()));
    let entry = steer(&env, "s", &["request-review", &p, "--reviewer", "bob"]).json();
    assert_eq!(entry["action"]["pr"], json!(p.parse::<u64>().unwrap()));
    let entry = steer(&env, "s", &["close-issue", &n]).json();
    assert_eq!(entry["action"]["issue"], json!(n.parse::<u64>().unwrap()));

    let by_flag = env
        .run(&["observe", "github-checks", "--pr", &p, "--json"])
        .json();
    let by_position = env.run(&["observe", "github-checks", &p, "--json"]).json();
    assert_eq!(by_position["target"], by_flag["target"]);

    // Both at once is a usage error, before anything is sent.
    let before = gh.writes().len();
    let stderr = steer(&env, "s", &["comment", &n, "--pr", &p, "--body", "x"])
        .fails(2)
        .to_string();
    assert!(stderr.contains("cannot be used with"), "{stderr}");
    assert_eq!(gh.writes().len(), before);
    no_violations(&gh);
}
