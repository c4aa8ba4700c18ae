//! Human output pinned by snapshots (insta): the story, listings, verify,
//! and how errors and hints read. Ids, hashes, times, ages and temp paths
//! are filtered to placeholders; everything else is what a person sees.
//! Run with `INSTA_UPDATE=always` to rewrite a snapshot after a deliberate
//! change, and read the diff before committing it.

mod brief;
mod brief_pr;
mod changes;
mod checks;
mod errors;
mod listings;
mod observed;
mod story;

use crate::support::env::{Run, TestEnv};

/// The filters every snapshot goes through, plus the test's temp root.
pub fn settings(env: &TestEnv) -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/it/snapshots/files"
    ));
    settings.set_prepend_module_to_snapshot(false);
    let root = regex_escape(&env.root().display().to_string());
    let filters: Vec<(String, &str)> = vec![
        (root, "[ROOT]"),
        (r"/tmp/\.tmp[A-Za-z0-9]+".into(), "[ROOT]"),
        (r"\b[0-9a-f]{64}\b".into(), "[HASH]"),
        (
            r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b".into(),
            "[ID]",
        ),
        (r"\battempt-[0-9a-f]{12}\b".into(), "[ATTEMPT]"),
        // voyage list's ids: a line that starts with hex digits and an age.
        (
            r"(?m)^[0-9a-f]{8,32}(  +\d+[smhd]  )".into(),
            "[SHORT-ID]$1",
        ),
        (r"\b[0-9a-f]{12}\b".into(), "[HASH12]"),
        (r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC".into(), "[TIME]"),
        (
            r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z".into(),
            "[TIMESTAMP]",
        ),
        // The id column is as wide as the ids need to tell voyages apart,
        // which depends on how close in time they were started.
        (r"(?m)^ID +".into(), "ID  "),
        (r"  +\d+[smhd]  ".into(), "  [AGE]  "),
        (r"issuecomment-\d+".into(), "issuecomment-[N]"),
        (r"127\.0\.0\.1:\d+".into(), "[GITHUB]"),
        // Compressed sizes move with the random letters of the temp paths.
        (r"\b\d+ B\b".into(), "[N] B"),
    ];
    for (pattern, replacement) in filters {
        settings.add_filter(&pattern, replacement);
    }
    settings
}

fn regex_escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// stdout, stderr and the exit code of one run, as one text.
pub fn shown(run: &Run) -> String {
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        run.code, run.stdout, run.stderr
    )
}

/// A voyage with a small Rust project observed, logged twice.
fn local_voyage(env: &mut TestEnv) -> String {
    let voyage = env.new_voyage("Advance #42: fix widget crash");
    env.set("HELM_VOYAGE", &voyage);
    env.write("widget/Cargo.toml", "[package]\nname = \"widget\"\n");
    env.write("widget/src/lib.rs", "//! Widgets.\npub fn widget() {}\n");
    env.write("widget/README.md", "# widget\n");
    env.run(&["observe", "rust-project", "widget"]).ok();
    env.run(&["observe", "file-contents", "widget/src/lib.rs"])
        .ok();
    env.run(&[
        "log",
        "--as",
        "alice",
        "--role",
        "coder",
        "--method",
        "human",
        "--summary",
        "the crash is a missing bounds check\nin widget()",
        "waiting for review from bob",
    ])
    .ok();
    env.run(&["observe", "file-contents", "widget/README.md"])
        .ok();
    env.run(&[
        "log",
        "--as",
        "bob",
        "--role",
        "reviewer",
        "--method",
        "sonnet 4-6, thinking high",
        "--summary",
        "looks right",
        "ready",
    ])
    .ok();
    voyage
}
