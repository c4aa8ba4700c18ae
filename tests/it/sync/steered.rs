//! Steers travel as the record they are: a steer made on one machine (with
//! the observation behind it) arrives on the other with its action, bearing
//! and request id, is never performed again by a sync, and both machines
//! tell one story through concurrent steers, logs, a refused push and an end.

use super::{Machines, Remote, story, summaries, verified};
use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::FakeGitHub;

const REPO: &str = "acme/widgets";

fn comment(env: &TestEnv, voyage: &str, issue: &str, body: &str, request: &str) {
    let mut args = steer_args(&["comment", "--issue", issue, "--body", body]);
    args.splice(1..1, ["-V", voyage, "--request-id", request]);
    env.run(&args).ok();
}

#[test]
fn steers_logs_and_an_end_on_two_machines_tell_one_story() {
    let gh = FakeGitHub::start();
    let issue = gh
        .add_issue(REPO, "Widget crashes", "It crashes.")
        .to_string();
    let m = Machines {
        a: TestEnv::for_github(&gh, REPO),
        b: TestEnv::for_github(&gh, REPO),
        remote: Remote::new(),
    };
    let id = m.a.new_voyage("Steered on two machines");
    m.a.run(&["observe", "-V", &id, "github-issue", &issue])
        .ok();
    comment(&m.a, &id, &issue, "Plan: guard it.", "plan-1");
    m.push(&m.a, &id).ok();
    let pulled = m.pull(&m.b, &id).json();
    assert_eq!(pulled["pulled"]["entries"], 1);
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
    let steer = &story(&m.b, &id)["entries"][0];
    assert_eq!(steer["action"]["steer"], "comment", "{steer}");
    assert_eq!(steer["action"]["requestId"], "plan-1", "{steer}");
    assert_eq!(steer["bearing"].as_array().unwrap().len(), 1, "{steer}");

    // Both steer and log at once; b's push is refused, then goes after a pull.
    m.b.run(&["observe", "-V", &id, "github-issue", &issue])
        .ok();
    comment(&m.b, &id, &issue, "Reviewed the plan.", "review-1");
    m.a.log(&id, "waiting", "waiting on review").ok();
    m.push(&m.a, &id).ok();
    assert_eq!(m.push(&m.b, &id).error_json()["error"]["kind"], "diverged");
    m.pull(&m.b, &id).ok();
    m.push(&m.b, &id).ok();
    m.pull(&m.a, &id).ok();
    // Each steer's request id still replays on either machine, acting no more.
    for env in [&m.a, &m.b] {
        let mut args = steer_args(&["comment", "--issue", &issue, "--body", "Plan: guard it."]);
        args.splice(1..1, ["-V", &id, "--request-id", "plan-1", "--json"]);
        let replay = env.run(&args);
        assert_eq!(replay.json()["replayed"], true, "{replay:?}");
    }
    assert_eq!(gh.comments(REPO, issue.parse().unwrap()).len(), 2);
    m.a.run(&["voyage", "end", &id, "--status", "done"]).ok();
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();

    assert_eq!(story(&m.a, &id), story(&m.b, &id));
    assert_eq!(
        summaries(&m.b, &id),
        ["s", "waiting on review", "s"],
        "a's entries first, in push order, then b's"
    );
    assert_eq!(story(&m.b, &id)["voyage"]["status"], "ended");
    // Every steer acted once: syncing moved records, not actions.
    assert_eq!(gh.comments(REPO, issue.parse().unwrap()).len(), 2);
    verified(&m.a, &id);
    verified(&m.b, &id);
}
