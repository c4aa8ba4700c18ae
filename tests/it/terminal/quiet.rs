//! `--quiet`: no line on stderr but errors.

use crate::support::env::TestEnv;

#[test]
fn quiet_hides_the_status_line_and_keeps_errors() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("Quietly");
    env.set("HELM_VOYAGE", &voyage);
    env.write("plan.md", "# plan\n");
    let said = env.run(&["observe", "file-contents", "plan.md"]);
    said.ok();
    assert!(said.stderr.contains("observed"), "{}", said.stderr);
    let quiet = env.run(&["--quiet", "observe", "file-contents", "plan.md"]);
    quiet.ok();
    assert_eq!(quiet.stderr, "", "nothing but errors on stderr");
    assert!(!quiet.stdout.is_empty(), "the result is still printed");
    let failed = env.run(&["-q", "observe", "file-contents", "missing.md"]);
    assert_ne!(failed.code, 0);
    assert!(failed.stderr.starts_with("error:"), "{}", failed.stderr);
}

#[test]
fn quiet_and_verbose_cannot_be_asked_together() {
    let env = TestEnv::new();
    let run = env.run(&["--quiet", "--verbose", "voyage", "list"]);
    assert_eq!(run.code, 2, "{run:?}");
}
