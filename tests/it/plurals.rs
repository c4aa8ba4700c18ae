//! Counts of one are said in the singular in human output: "1 entry",
//! "1 artifact", "Last entry (1 of 1)".

use crate::support::env::TestEnv;

#[test]
fn one_entry_and_one_artifact_are_singular() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("One of each");
    env.write("plan.md", "# plan\n");
    env.run(&["observe", "-V", &voyage, "file-contents", "plan.md"])
        .ok();
    env.log(&voyage, "ready", "planned").ok();
    let verified = env.run(&["voyage", "verify", &voyage]);
    verified.ok();
    assert!(
        verified.stdout.contains("1 entry, 1 artifact verified"),
        "{}",
        verified.stdout
    );
    let brief = env.run(&["voyage", "brief", &voyage]);
    brief.ok();
    assert!(
        brief.stdout.contains("Last entry (1 of 1):"),
        "{}",
        brief.stdout
    );
}
