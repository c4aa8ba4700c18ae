//! Once, whatever happens: two approvals at once in two processes make one
//! write, and so do two machines that pulled the same proposal and both
//! approve it (the second finds the first's write on the forge by the
//! proposal's marker, or a merge merged at its pin, and records it).

use std::process::Stdio;

use serde_json::Value;

use super::{APPROVER_TOKEN, REPO, entry_of, propose};
use crate::support::env::TestEnv;
use crate::support::fake_github::FakeGitHub;
use crate::sync::{Machines, Remote};

fn approve_args(entry: &str, who: &'static str) -> Vec<String> {
    [
        "approve",
        entry,
        "--as",
        who,
        "--role",
        "maintainer",
        "--method",
        "human",
        "--summary",
        "fine",
        "--json",
    ]
    .map(str::to_string)
    .to_vec()
}

#[test]
fn two_approvals_at_once_make_one_write() {
    let (env, gh, _voyage) = super::setup();
    let issue = gh
        .add_issue(REPO, "Widget crash", "It crashes.")
        .to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    let number = entry_of(&propose(
        &env,
        &["comment", "--issue", &issue, "--body", "Fixed."],
    ))
    .to_string();
    gh.set_latency(std::time::Duration::from_millis(300));
    let children: Vec<_> = ["alice", "bob"]
        .into_iter()
        .map(|who| {
            let args = approve_args(&number, who);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let mut command = env.command(&args);
            command
                .env("GH_TOKEN", APPROVER_TOKEN)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            command.spawn().unwrap()
        })
        .collect();
    let results: Vec<Value> = children
        .into_iter()
        .map(|child| {
            let output = child.wait_with_output().unwrap();
            assert!(output.status.success(), "{output:?}");
            serde_json::from_slice(&output.stdout).unwrap()
        })
        .collect();
    assert_eq!(gh.writes().len(), 1, "one write: {:?}", gh.writes());
    assert_eq!(results[0]["id"], results[1]["id"], "{results:?}");
    let replayed: Vec<bool> = results
        .iter()
        .map(|r| r["replayed"].as_bool().unwrap())
        .collect();
    assert!(
        replayed.contains(&true) && replayed.contains(&false),
        "{replayed:?}"
    );
}

/// Two machines on one fake GitHub and one bare remote, the approver's
/// token accepted; the voyage made on `a`.
fn two_machines() -> (Machines, FakeGitHub, String) {
    let gh = FakeGitHub::start();
    gh.accept_token(APPROVER_TOKEN);
    let m = Machines {
        a: TestEnv::for_github(&gh, REPO),
        b: TestEnv::for_github(&gh, REPO),
        remote: Remote::new(),
    };
    let id = m.a.new_voyage("Approved on two machines");
    (m, gh, id)
}

fn approve_on(env: &TestEnv, voyage: &str, number: &str, who: &'static str) -> Value {
    let mut args = approve_args(number, who);
    args.splice(1..1, ["-V".to_string(), voyage.to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut command = env.command(&args);
    command.env("GH_TOKEN", APPROVER_TOKEN);
    let output = command.output().unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

fn propose_on(env: &TestEnv, voyage: &str, action: &[&str]) -> String {
    let mut args = vec!["-V", voyage];
    args.extend_from_slice(action);
    entry_of(&propose(env, &args)).to_string()
}

#[test]
fn a_comment_approved_on_two_machines_is_posted_once() {
    let (m, gh, id) = two_machines();
    let issue = gh
        .add_issue(REPO, "Widget crash", "It crashes.")
        .to_string();
    m.a.run(&["observe", "-V", &id, "github-issue", &issue])
        .ok();
    let number = propose_on(
        &m.a,
        &id,
        &["comment", "--issue", &issue, "--body", "Fixed."],
    );
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();

    let first = approve_on(&m.a, &id, &number, "alice");
    assert_eq!(first["replayed"], false, "{first}");
    let second = approve_on(&m.b, &id, &number, "bob");
    assert_eq!(second["action"]["settled"], "found-on-github", "{second}");
    assert_eq!(second["action"]["commentId"], first["action"]["commentId"]);
    assert_eq!(second["action"]["approval"]["proposal"].to_string(), number);
    assert_eq!(gh.writes().len(), 1, "one comment: {:?}", gh.writes());
    assert_eq!(gh.comments(REPO, issue.parse().unwrap()).len(), 1);
}

#[test]
fn a_merge_approved_on_two_machines_is_merged_once() {
    let (m, gh, id) = two_machines();
    let pr = gh
        .add_pr(REPO, "Fix widget crash", "fix-42", "main")
        .to_string();
    gh.add_check_run(REPO, "fix-42", "test", "completed", Some("success"));
    gh.add_review(REPO, pr.parse().unwrap(), "carol", "APPROVED", "Fine.");
    m.a.run(&[
        "observe",
        "-V",
        &id,
        "github-pr",
        &pr,
        "--focus",
        "checks,reviews",
    ])
    .ok();
    let number = propose_on(&m.a, &id, &["merge-pr", "--pr", &pr]);
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();

    let first = approve_on(&m.a, &id, &number, "alice");
    assert!(first["action"]["mergeSha"].is_string(), "{first}");
    let second = approve_on(&m.b, &id, &number, "bob");
    assert_eq!(second["action"]["settled"], "found-on-github", "{second}");
    assert_eq!(second["action"]["mergeSha"], first["action"]["mergeSha"]);
    assert_eq!(gh.writes().len(), 1, "one merge: {:?}", gh.writes());
}

#[test]
fn an_approval_whose_answer_was_lost_is_settled_never_repeated() {
    let (env, gh, _voyage) = super::setup();
    let issue = gh
        .add_issue(REPO, "Widget crash", "It crashes.")
        .to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    let number = entry_of(&propose(
        &env,
        &["comment", "--issue", &issue, "--body", "Fixed."],
    ));
    gh.inject(crate::support::fake_github::Fault::drop_after_acting(
        "POST",
        "/comments",
    ));
    let lost = super::approve(&env, "alice", number, &[]);
    assert_ne!(lost.code, 0, "{lost:?}");
    assert_eq!(gh.writes().len(), 1, "GitHub acted once");
    let listed = env.run(&["proposals", "--json"]).json();
    assert_eq!(
        listed["proposals"][0]["state"], "unknown-outcome",
        "{listed}"
    );

    let settled = super::approve(&env, "alice", number, &[]).json();
    assert_eq!(settled["action"]["settled"], "found-on-github", "{settled}");
    assert_eq!(settled["action"]["approval"]["proposal"], number);
    assert_eq!(gh.writes().len(), 1, "settled, never repeated");
    assert_eq!(gh.comments(REPO, issue.parse().unwrap()).len(), 1);
    let listed = env.run(&["proposals", "--all", "--json"]).json();
    assert_eq!(listed["proposals"][0]["state"], "performed", "{listed}");
}
