//! `voyage brief` (CLI and the `voyage_brief` tool): the facts to resume
//! from, human text within 4 KiB, interrupted steers included.

use serde_json::json;

use super::{Session, with};
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, Fault};

const REPO: &str = "acme/widgets";

#[test]
fn a_fresh_voyage_has_a_short_brief() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Nothing yet");
    let run = env.run(&["voyage", "brief", &voyage]);
    run.ok();
    assert!(
        run.stdout.starts_with("Voyage: Nothing yet\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("State: none logged"));
    assert!(run.stdout.contains("Slate: empty"));
    let brief = env.run(&["voyage", "brief", &voyage, "--json"]).json();
    assert_eq!(brief["entries"], 0);
    assert_eq!(brief["recent"], json!([]));
    assert_eq!(brief["lastLogged"], json!(null));
    assert_eq!(brief["github"], json!([]));
    assert_eq!(brief["interrupted"], json!([]));
}

#[test]
fn the_human_brief_fits_in_4_kib_and_json_keeps_every_fact() {
    let mut env = TestEnv::new();
    let long = "x".repeat(3000);
    let voyage = env.new_voyage(&format!("Intent {long}"));
    env.set("HELM_VOYAGE", &voyage);
    for i in 0..8 {
        env.log(
            &voyage,
            &format!("state {i} {long}"),
            &format!("why {i} {long}"),
        )
        .ok();
    }
    for i in 0..12 {
        let path = format!("{}/{i}.txt", "d".repeat(200));
        env.write(&path, "x");
        env.run(&["observe", "file-contents", &path]).ok();
    }
    let run = env.run(&["voyage", "brief"]);
    run.ok();
    assert!(run.stdout.len() <= 4096, "{} bytes", run.stdout.len());
    assert!(
        run.stdout.contains("Last entries (5 of 8):"),
        "{}",
        run.stdout
    );
    let brief = env.run(&["voyage", "brief", "--json"]).json();
    assert_eq!(brief["recent"].as_array().unwrap().len(), 5);
    assert_eq!(brief["recent"][4]["summary"], format!("why 7 {long}"));
    assert_eq!(brief["lastLogged"]["state"], format!("state 7 {long}"));
    assert_eq!(brief["slate"].as_array().unwrap().len(), 12);
}

#[test]
fn an_interrupted_steer_is_in_the_brief() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    env.set("HELM_GITHUB_TIMEOUT", "2");
    let voyage = env.new_voyage("Interrupted");
    let issue = gh.add_issue(REPO, "Bug", "");
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    let session = Session::start(&env);
    let error = session.err(
        "steer",
        with(
            "plan",
            json!({"voyage": voyage, "requestId": "r-1",
                   "action": {"kind": "comment", "issue": issue, "body": "Plan"}}),
        ),
    );
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("may have acted")
    );
    let brief = session.ok("voyage_brief", json!({"voyage": voyage}));
    assert_eq!(brief["interrupted"][0]["requestId"], "r-1");
    assert_eq!(brief["entries"], 0);
    let human = env.run(&["voyage", "brief", &voyage]);
    assert!(
        human.stdout.contains("interrupted steer"),
        "{}",
        human.stdout
    );
}
