//! Small truths a newcomer met (issue 46 item 10): one time format in
//! human lines, and `voyage verify --signatures` saying it looked.

use crate::support::env::TestEnv;

#[test]
fn an_ended_voyage_says_its_end_time_as_every_human_line_does() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("short");
    env.set("HELM_VOYAGE", &voyage);
    env.run(&["voyage", "end", "--status", "done"]).ok();
    let refused = env.log(&voyage, "working", "more");
    assert_ne!(refused.code, 0, "{refused:?}");
    let line = refused.stderr.lines().next().unwrap_or_default();
    assert!(line.contains("ended at 20"), "{line}");
    assert!(line.ends_with(" UTC"), "one human time format: {line}");
    // --json keeps RFC 3339 where a program reads the time.
    let shown = env.run(&["voyage", "show", "--json"]).json();
    let ended = shown["voyage"]["endedAt"].as_str().unwrap_or_default();
    assert!(ended.ends_with('Z'), "{shown}");
}

#[test]
fn verify_signatures_says_what_it_checked() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("never synced");
    env.set("HELM_VOYAGE", &voyage);
    let plain = env.run(&["voyage", "verify", &voyage]);
    plain.ok();
    assert!(!plain.stdout.contains("signatures"), "{}", plain.stdout);
    let checked = env.run(&["voyage", "verify", &voyage, "--signatures"]);
    checked.ok();
    assert!(
        checked
            .stdout
            .contains("signatures: no commit of this voyage came through a git remote"),
        "{}",
        checked.stdout
    );
    let json = env
        .run(&["voyage", "verify", &voyage, "--signatures", "--json"])
        .json();
    assert_eq!(json["voyages"][0]["signatures"], 0, "{json}");
    let json = env.run(&["voyage", "verify", &voyage, "--json"]).json();
    assert!(json["voyages"][0].get("signatures").is_none(), "{json}");
}
